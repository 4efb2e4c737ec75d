"""printkit's paragraph engine (layout/paragraph.py) against reportlab's Paragraph, which it
replaced: the same lines, widths, word spacing and heights on every paragraph of the shipped kits
and on generated text, and the same pixels when drawn; two quirks of reportlab's are deliberately
not copied. Reportlab's engine is the oracle here only."""

from __future__ import annotations

import io
import random

import pypdfium2 as pdfium
import pytest
from PIL import ImageChops
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.fonts import addMapping
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus.paragraph import Paragraph

from printkit import fonts
from printkit import pipeline as build
from printkit.base.units import MM_PER_POINT, mm_to_pt
from printkit.kit.file import shipped_kit_names
from printkit.layout import bounds, paragraph
from printkit.layout.primitives import Document, Page, RichText
from printkit.render.pdf import render
from printkit.words.typography import typeset

ALIGN = {"left": TA_LEFT, "center": TA_CENTER}


def oracle(markup: str, size: float, leading: float, bold: bool = False, align: str = "left") -> Paragraph:
    """Reportlab's Paragraph with the settings printkit used with it."""
    fonts.register()
    for italic in (0, 1):
        addMapping(fonts.REGULAR, 0, italic, fonts.REGULAR)
        addMapping(fonts.REGULAR, 1, italic, fonts.BOLD)
    style = ParagraphStyle(
        "oracle",
        fontName=fonts.font_name(bold),
        fontSize=size,
        leading=leading,
        alignment=ALIGN[align],
        allowWidows=0,
        allowOrphans=0,
        splitLongWords=1,
        hyphenationLang=None,
    )
    return Paragraph(markup, style)


def oracle_lines(markup: str, width: float, size: float, leading: float, bold: bool) -> tuple[list, float]:
    """Each line as (text, width in pt, font size, word space in pt), and the height in mm."""
    para = oracle(markup, size, leading, bold)
    width_pt = width / MM_PER_POINT
    _, height = para.wrap(width_pt, 1e6)
    lines = []
    for line in para.blPara.lines:
        if para.blPara.kind == 0:
            extra, words = line
            text, count, font_size = " ".join(words), len(words), para.blPara.fontSize
        else:
            extra, count, font_size = line.extraSpace, line.wordCount, line.fontSize
            text = "".join(getattr(frag, "text", "") for frag in line.words).rstrip(" ")
        gaps = count + text.count("\xa0") - 1
        word_space = extra / gaps if extra <= -1e-8 and gaps > 0 else 0.0
        lines.append((text, round(width_pt - extra, 6), font_size, round(word_space, 6)))
    return lines, height * MM_PER_POINT


def engine_lines(markup: str, width: float, size: float, leading: float, bold: bool) -> tuple[list, float]:
    wrapped = paragraph.wrap(markup, width, size, leading, bold)
    lines = [
        (
            "".join(run.text for run in line.runs).rstrip(" "),
            round(line.width / MM_PER_POINT, 6),
            line.size_pt,
            round(line.word_space / MM_PER_POINT, 6),
        )
        for line in wrapped.lines
    ]
    return lines, wrapped.height


def assert_same_lines(markup: str, width: float, size: float, leading: float, bold: bool = False) -> None:
    expected, expected_height = oracle_lines(markup, width, size, leading, bold)
    got, height = engine_lines(markup, width, size, leading, bold)
    assert got == expected, f"{markup!r} at {width} mm, {size} pt"
    assert height == pytest.approx(expected_height, abs=1e-9)


def kit_paragraphs() -> list[RichText]:
    """Every paragraph the shipped kits print, in every language, on A4 and Letter."""
    found: dict[tuple, RichText] = {}
    for name in shipped_kit_names():
        loaded = build.load(name)
        for paper in ("a4", "letter"):
            documents, _ = build.layout_findings(loaded, build.context(loaded, None, paper))
            for document in documents.values():
                for page in document.pages:
                    for placed in bounds.flatten(page.items):
                        if isinstance(placed.item, RichText):
                            rich = placed.item
                            found[(rich.markup, rich.w, rich.size_pt, rich.leading_pt, rich.bold)] = rich
    return list(found.values())


def nbsp_quirk(markup: str, width: float, size: float, leading: float, bold: bool) -> bool:
    """Whether reportlab's lines differ from the engine's only by the quirk the engine does not copy
    (the module's docstring): the first line they part at is one reportlab fits by shrinking spaces,
    counting a no-break space's run as more spaces than it has, and the engine's is shorter."""
    expected, _ = oracle_lines(markup, width, size, leading, bold)
    got, _ = engine_lines(markup, width, size, leading, bold)
    parted = next((n for n, pair in enumerate(zip(expected, got, strict=False)) if pair[0] != pair[1]), None)
    if parted is None:
        return False
    theirs, ours = expected[parted], got[parted]
    return theirs[3] < 0 and "\xa0" in theirs[0] and theirs[0].startswith(ours[0]) and len(ours[0]) < len(theirs[0])


def test_every_paragraph_of_the_shipped_kits_breaks_as_reportlab_broke_it():
    paragraphs = kit_paragraphs()
    assert len(paragraphs) > 300
    assert any("<b>" in rich.markup for rich in paragraphs)
    shrunk = 0
    quirks = 0
    for rich in paragraphs:
        if nbsp_quirk(rich.markup, rich.w, rich.size_pt, rich.leading_pt, rich.bold):
            quirks += 1  # numbers bound to their words by no-break spaces meet it (words/typography.py)
            continue
        assert_same_lines(rich.markup, rich.w, rich.size_pt, rich.leading_pt, rich.bold)
        shrunk += any(
            line.word_space for line in paragraph.wrap(rich.markup, rich.w, rich.size_pt, rich.leading_pt).lines
        )
    assert shrunk > 0  # lines that fit only by shrinking their spaces are among them
    assert quirks <= len(paragraphs) // 100, f"{quirks} paragraphs part from reportlab's by its no-break quirk"


VOCABULARY = (
    "gra kość żeton plansza Źdźbło gęś zażółć jaźń Řeka šťastný čtverec příliš žluťoučký kůň úpěl ďábelské ódy "
    "the lighthouse keeper moves two squares north; 18 rounds, 3 batteries (6 × 6) – 2–4 players. "
    "punkty: 9, 7, 6, 5. „cudzysłów” «guillemets» 100 % x"
).split()


def generated(rng: random.Random) -> str:
    parts = []
    for _ in range(rng.randint(1, 60)):
        word = rng.choice(VOCABULARY)
        roll = rng.random()
        if roll < 0.12:
            word = f"<b>{word}</b>"
        elif roll < 0.15:
            word = f"<b>{word}</b>{rng.choice(['.', ',', ':'])}"
        elif roll < 0.18:
            word = word + "<br/>" + rng.choice(VOCABULARY)
        elif roll < 0.2:
            word = "".join(rng.choice("abcdefghijklmnopąęółżźćńś") for _ in range(rng.randint(25, 70)))
        elif roll < 0.22:
            word = f"{word}&amp;{rng.choice(VOCABULARY)}"
        parts.append(word)
    text = " ".join(parts)
    return f"<font size={rng.choice([6, 7.5, 12])}>{text}</font>" if rng.random() < 0.05 else text


def test_generated_paragraphs_break_as_reportlab_breaks_them():
    rng = random.Random(2026)
    for _ in range(400):
        markup = generated(rng)
        size = rng.choice([6.0, 7.5, 9.0, 9.5, 10.0, 11.0, 14.0])
        assert_same_lines(markup, rng.uniform(12, 190), size, size * 1.25, rng.random() < 0.15)


def test_two_quirks_of_reportlab_are_not_copied():
    """Both squeeze a line's spaces for nothing (see layout/paragraph.py); here the line that
    reportlab squeezes keeps its spaces, and a no-break space at the end moves no earlier break."""
    width = 10.077828875713411
    text = "kůň čtverec gęś rounds"
    reportlab_lines, _ = oracle_lines(text, width, 12.0, 14.4, False)
    ours = paragraph.wrap(text, width, 12.0, 14.4).lines
    assert [line[0] for line in reportlab_lines] == ["kůň č", "tvere", "c gęś", "roun", "ds"]
    assert ["".join(run.text for run in line.runs) for line in ours] == ["kůň č", "tvere", "c gęś", "roun", "ds"]
    assert reportlab_lines[2][3] < 0 and ours[2].word_space == 0 and ours[2].width < width
    plain = "players 18 two x šťastný šťastný two rounds % ×<b>ódy</b> % 100 keeper kość gęś squares 18 "
    before = paragraph.wrap(plain + "<b>plansza</b>", 22.8, 8.0, 9.6).lines
    after = paragraph.wrap(plain + "\xa0<b>plansza</b>", 22.8, 8.0, 9.6).lines
    assert before[:-1] == after[:-1]


def test_lines_are_data_placed_top_down():
    wrapped = paragraph.wrap("one two three four five six seven eight nine ten", 30, 10.0, 12.0)
    assert len(wrapped.lines) > 1
    assert wrapped.height == pytest.approx(len(wrapped.lines) * 12.0 * MM_PER_POINT)
    baselines = wrapped.baselines(100.0)
    assert baselines[0] == pytest.approx(100.0 + 10.0 * MM_PER_POINT)
    assert [b - a for a, b in zip(baselines, baselines[1:], strict=False)] == pytest.approx(
        [12.0 * MM_PER_POINT] * (len(baselines) - 1)
    )
    assert all(line.width <= 30.0 + 1e-9 or line.word_space < 0 for line in wrapped.lines)


def test_runs_follow_each_other_in_their_own_fonts():
    line = paragraph.wrap("Score <b>5 points</b> a row", 200, 10.0, 12.5).lines[0]
    assert [(run.text, run.bold) for run in line.runs] == [("Score ", False), ("5 points", True), (" a row", False)]
    for before, run in zip(line.runs, line.runs[1:], strict=False):
        assert run.dx == pytest.approx(before.dx + fonts.text_width(before.text, 10.0, before.bold))
    assert line.width == pytest.approx(sum(fonts.text_width(run.text, 10.0, run.bold) for run in line.runs), abs=1e-9)


def test_alignment_offsets_and_a_shrunk_line_fills_from_the_left():
    line = paragraph.wrap("short", 50, 10.0, 12.0).lines[0]
    assert line.offset(50, "left") == 0
    assert line.offset(50, "center") == pytest.approx((50 - line.width) / 2)
    assert line.offset(50, "right") == pytest.approx(50 - line.width)
    text = "aaa bbb ccc ddd eee fff"
    natural = fonts.text_width(text, 10.0)
    squeezed = paragraph.wrap(text, natural - 0.2, 10.0, 12.0).lines
    assert len(squeezed) == 1 and squeezed[0].word_space == pytest.approx(-0.2 / 5)
    assert squeezed[0].offset(natural, "center") == 0


def test_breaks_entities_and_empty_text():
    lines = paragraph.wrap("a<br/><br/>b &amp; c", 100, 10.0, 12.0).lines
    assert ["".join(run.text for run in line.runs) for line in lines] == ["a", "", "b & c"]
    assert paragraph.wrap("   ", 100, 10.0, 12.0).lines == ()
    assert paragraph.height("", 100, 10.0, 12.0) == 0


def test_markup_it_does_not_know_is_a_bug_not_text():
    with pytest.raises(ValueError, match="<u>"):
        paragraph.wrap("<u>underlined</u>", 100, 10.0, 12.0)
    with pytest.raises(ValueError, match="</b>"):
        paragraph.wrap("not bold</b> here", 100, 10.0, 12.0)


def pixels(pdf: bytes):
    return pdfium.PdfDocument(pdf)[0].render(scale=150 / 72).to_pil().convert("L")


@pytest.mark.parametrize(
    ("markup", "width", "align"),
    [
        ("Zażółć <b>gęślą jaźń</b>, příliš žluťoučký kůň úpěl ďábelské ódy. " * 4, 80.0, "left"),
        ("Wydrukuj <b>stronę 2</b> dla każdego gracza<br/>i wytnij żetony.", 60.0, "center"),
        ("aaa bbb ccc ddd eee fff<br/>ggg hhh", -0.2, "left"),
        ("aaa bbb ccc ddd eee fff<br/>ggg hhh", -0.2, "center"),
    ],
)
def test_drawn_as_reportlab_drew_it(markup, width, align):
    """A negative width is that much less than the first line's natural width: its spaces shrink."""
    if width < 0:
        width += fonts.text_width("aaa bbb ccc ddd eee fff", 10.0)
        assert paragraph.wrap(markup, width, 10.0, 12.5).lines[0].word_space < 0
    rich = RichText(10, 10, width, 60, markup, 10.0, 12.5, align=align)
    page = Page(width=120, height=80, role="test", component=None, items=(rich,))
    ours = render(Document(pages=(page,), lang="pl", title="t", author="a", subject="s"))
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(mm_to_pt(120), mm_to_pt(80)), invariant=1)
    para = oracle(markup, 10.0, 12.5, align=align)
    _, height = para.wrap(mm_to_pt(width), 1e6)
    para.drawOn(canvas, mm_to_pt(10), mm_to_pt(80 - 10) - height)
    canvas.showPage()
    canvas.save()
    drawn = pixels(ours)
    assert drawn.getextrema()[0] < 100  # ink on the page
    assert ImageChops.difference(drawn, pixels(buffer.getvalue())).getbbox() is None


@pytest.mark.parametrize("text", ["W", "x W", "WW y", "ab W cd"])
def test_a_letter_wider_than_the_line_stands_alone_and_the_wrap_ends(text):
    """A box narrower than one letter once looped for ever (the split gave back the letter it was
    given); each such letter now stands alone on its line, wider than the box, for the checks."""
    wrapped = paragraph.wrap(text, 0.5, 12.0, 14.0)
    printed = ["".join(run.text for run in line.runs) for line in wrapped.lines]
    assert "".join(printed).replace(" ", "") == text.replace(" ", "")
    assert all(line.width > 0.5 for line in wrapped.lines if "W" in "".join(run.text for run in line.runs))
    assert len(wrapped.lines) <= len(text)


@pytest.mark.parametrize(
    ("lang", "text", "kept"),
    [
        ("cs", "Tři hráči. Příklad 1: odkrytá destička", "Příklad\xa01:"),
        ("pl", "Przykład 2: zakryta płytka", "Przykład\xa02:"),
        ("en", "Example 12: a face-down tile", "Example\xa012:"),
    ],
)
def test_a_labels_number_never_starts_a_line_alone(lang, text, kept):
    """'Příklad 1:' in kpn's caption broke after 'Příklad', leaving '1:' to start the next line."""
    assert kept in typeset(text, lang)
