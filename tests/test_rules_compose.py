"""The rules pages composed as a publisher's: a short paragraph never split over two columns, a
long one split with at least two lines on either side, a section's last line never alone at the
top of a column, a figure in its heading's column, and a clear band above the footer. Measured on
the laid-out rules pages of every shipped kit, language and paper (review 10: latarnie's 4-line
"Points and winning" split 2 + 2, kpn's last line of "Tura" alone over a figure, plateau's start
figure at the top of the right column, ogrod's Letter text 2.2 mm above the footer)."""

from __future__ import annotations

import pytest
from msgspec import Struct

from conftest import kit_cases
from printkit import fonts
from printkit.base import records
from printkit.layout import bounds, figures, paragraph, rules
from printkit.layout.document import kit_numbers
from printkit.layout.primitives import Group, RichText, Text
from printkit.layout.rule_blocks import CREDITS_PT, Block, block_wrap
from printkit.layout.rule_columns import KEEP_FIGURES, KEEP_WHOLE, MIN_LINES, Flow, keep_together
from test_rules_keep import flow_of, is_heading, laid, plain

CASES = kit_cases()


class FigureStub(Struct, frozen=True):
    """A stand-in for a laid figure: the flow asks a figure only its height."""

    height: float


FOOTER_GREY = "#666666"


@pytest.mark.parametrize(("kit", "lang", "paper"), CASES)
def test_no_short_paragraph_is_split_and_no_line_stands_alone(kit, lang, paper):
    """No column starts with the rest of a paragraph of KEEP_WHOLE lines or fewer; a split
    paragraph leaves at least MIN_LINES in each column; no column opens with a single line that
    ends its section (a heading, a figure or nothing after it)."""
    _, _, pages = laid(kit, lang, paper)
    for page in pages:
        for item in page.items:
            if isinstance(item, RichText) and item.lines is not None:
                whole = len(paragraph.of(records.replace(item, lines=None)).lines)
                first, last = item.lines
                assert whole > KEEP_WHOLE, f"a {whole}-line paragraph split: {plain(item.markup)[:50]}"
                assert last - first >= MIN_LINES, f"{last - first} line(s) of {plain(item.markup)[:50]}"
    flow = flow_of(pages)
    opening = [at for at in range(1, len(flow)) if flow[at][:2] != flow[at - 1][:2]]
    for at in opening:
        item = flow[at][4]
        if not isinstance(item, RichText) or is_heading(item):
            continue
        lines = len(paragraph.of(item).lines)
        following = flow[at + 1][4] if at + 1 < len(flow) else None
        ends_section = following is None or isinstance(following, Group) or is_heading(following)
        assert not (lines == 1 and ends_section), f"a section's last line opens a column: {plain(item.markup)}"


@pytest.mark.parametrize(("kit", "lang", "paper"), CASES)
def test_a_figure_stands_in_its_headings_column_after_it(kit, lang, paper, monkeypatch):
    """Every figure is in the column of its section's heading, after it; only where keeping a
    section with its figure costs the rules a page (kpn's turn and ogrod's scoring fill a column
    with their figures) does the figure open the next column beside its section's end."""
    poured: list[tuple[int, int]] = []
    kept = rules.set_rules

    def spy(pour, *args, **kwargs):
        found = kept(pour, *args, **kwargs)
        poured.append((pour.keep, len(found.pages)))
        return found

    monkeypatch.setattr(rules, "set_rules", spy)
    loaded, ctx, pages = laid(kit, lang, paper)
    tr = records.replace(ctx.tr, numbers=kit_numbers(loaded, ctx.paper))
    headings = {plain(tr(section.heading)): number for number, section in enumerate(loaded.rules)}
    flow = flow_of(pages)
    where = {
        headings[plain(p[4].markup)]: (p[:2], at)
        for at, p in enumerate(flow)
        if is_heading(p[4]) and plain(p[4].markup) in headings
    }
    kept_pages = [n for keep, n in poured if keep == KEEP_FIGURES]
    beside_pages = [n for keep, n in poured if keep < KEEP_FIGURES]
    costs_a_page = bool(beside_pages) and min(kept_pages) > min(beside_pages)
    shown = 0
    for at, (page, col, _, _, item) in enumerate(flow):
        if not (isinstance(item, Group) and figures.is_figure(item)):
            continue
        shown += 1
        column, heading_at = where[item.key[2]]
        assert heading_at < at, "a figure follows its heading"
        if column != (page, col):
            assert costs_a_page, f"figure {item.key[2]} in column {(page, col)}, its heading in {column}"
            assert (page, col) == (column[0], column[1] + 1), "it opens the next column, beside its section"
    assert shown == sum(section.figure is not None for section in loaded.rules)


@pytest.mark.parametrize(("kit", "lang", "paper"), CASES)
def test_the_rules_keep_a_clear_band_above_the_footer(kit, lang, paper):
    """At least FOOT_BAND (6 mm) between the lowest ink of the text, figures and credits (a text's
    whole line box, which holds its descenders) and the top of the footer's capitals."""
    _, _, pages = laid(kit, lang, paper)
    for page in pages:
        footer = [i for i in page.items if isinstance(i, Text) and i.color == FOOTER_GREY]
        assert footer, "the rules page has its footer"
        top = min(i.y - fonts.cap_height(i.size_pt) for i in footer)
        body = [i for i in page.items if i not in footer]
        lowest = max(box[3] for placed in bounds.flatten(body) if (box := bounds.ink_box(placed)))
        assert top - lowest >= rules.FOOT_BAND - 0.05, f"{top - lowest:.1f} mm above the footer"


def words(count: int) -> str:
    return " ".join(f"word{n}" for n in range(count))


def lines_of(text: str) -> int:
    return len(block_wrap(Block("paragraph", text), 60.0, "en").lines)


def poured(blocks: list[Block], rooms: list[float]) -> list[list]:
    flow = Flow(keep_together(blocks), 60.0, "en")
    return [flow.column(room) for room in rooms]


def test_a_short_paragraph_goes_on_whole_and_a_long_one_keeps_two_lines_a_side():
    """Measured on the flow itself: with room for two lines at a column's foot, a paragraph of
    KEEP_WHOLE lines goes on whole to the next column; a longer one leaves two there."""
    opening = Block("paragraph", words(30))
    flow = Flow([[opening]], 60.0, "en")
    room = flow.wrapped(opening).height + opening.gap + 2.2 * opening.size[1] * 25.4 / 72
    for count, split in ((KEEP_WHOLE, False), (KEEP_WHOLE + 4, True)):
        text = next(words(n) for n in range(5, 200) if lines_of(words(n)) == count)
        columns = poured([opening, Block("paragraph", text)], [room, 500.0])
        if split:
            assert [part.last - part.first for part in columns[0][1:]] == [MIN_LINES]
            assert columns[1][0].first == MIN_LINES
        else:
            assert len(columns[0]) == 1 and columns[1][0].whole


def test_a_section_goes_on_with_its_figure_and_a_last_line_with_the_text_before_it():
    """A rules section whose figure does not fit under it goes on to the next column with it; a
    section's last line that does not fit takes the unit before it along."""
    section = ("rules", 1)
    figure = FigureStub(40.0)
    blocks = [
        Block("paragraph", words(40), ("rules", 0, "body")),
        Block("heading", "Turn", (*section, "heading")),
        Block("paragraph", words(20), (*section, "body")),
        Block("figure", "", (*section, "figure"), figure),  # type: ignore[arg-type],
    ]
    flow = Flow(keep_together(blocks), 60.0, "en")
    text_h = flow.column_height(flow.column(500.0))
    flow.reset((0, 0, flow.order))
    first = flow.column(text_h - 20.0)
    assert [part.block.kind for part in first] == ["paragraph"], "the heading and its text went on"
    assert [part.block.kind for part in flow.column(500.0)] == ["heading", "paragraph", "figure"]
    lone = [
        Block("paragraph", words(40), (*section, "body")),
        Block("item", words(12), (*section, "body")),
        Block("item", "the last line.", (*section, "body")),
        Block("heading", "Next", ("rules", 2, "heading")),
        Block("paragraph", words(10), ("rules", 2, "body")),
    ]
    flow = Flow([[block] for block in lone[:3]] + [lone[3:]], 60.0, "en")
    room = sum(flow.wrapped(b).height + b.gap for b in lone[:2]) + 0.5
    column = flow.column(room)
    assert len(column) == 1, "the item before the lone last line went on with it"
    assert len(flow.column(500.0)) == 4


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_targs_english_columns_leave_no_hole_above_their_ends(paper):
    """A full page's credits close the column that leaves the smaller hole above its end: targ's
    English left column ended 20 mm above the credits under it, the right one packed (review 10);
    now no column ends more than three lines (LEVEL_WITHIN) above its limit."""
    _, ctx, pages = laid("targ", "en", paper)
    page = pages[-1]
    flow = [p for p in flow_of(pages) if p[0] == len(pages) - 1]
    credits = [i for i in page.items if isinstance(i, RichText) and i.size_pt == CREDITS_PT and i.color == "#333333"]
    assert len(credits) == 1
    limits = [rules.text_bottom(ctx)] * 2
    limits[int(credits[0].x // (page.width / 2))] = credits[0].y - rules.CREDITS_GAP
    for column in (0, 1):
        end = max(bottom for _, col, _, bottom, _ in flow if col == column)
        assert limits[column] - end <= rules.LEVEL_WITHIN + 0.5, f"column {column}: {limits[column] - end:.1f} mm"
