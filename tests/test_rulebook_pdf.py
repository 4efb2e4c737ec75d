"""The rules pages measured in the built PDFs, as a reader sees them: Polish and Czech lines never
end with a one-letter word, no text is smaller than 7 pt but a ruler's digits, the last page's
two columns end as level as whole units allow, no heading ends a column, the credits sit at the page's foot, narrow
columns hyphenate, and running text is set in the text face (digits without a slashed zero)."""

from __future__ import annotations

import re

import pdfplumber
import pytest

from conftest import mm
from print_measure import credits_chars, rules_pages
from printkit.kit.file import shipped_kit_names
from printkit.layout import rules
from printkit.layout.context import Context
from printkit.layout.context import paper as named_paper
from printkit.words.locale import Localizer
from printkit.words.typography import ONE_LETTER_WORDS

KITS = shipped_kit_names()
HEADING_PT = 11.5  # rules.HEAD_PT: the only text of that size on a rules page below the title
BODY_PT = 9.4
CAPTION_PT = 8.0  # a figure's caption (layout/figures.py)
LEADING_MM = mm(12.2)
MARGIN_MM = 12.0


def columns(page) -> list:
    """The left and right halves of a page below the title block, where the two columns are."""
    return [page.crop((0, 0, page.width / 2, page.height)), page.crop((page.width / 2, 0, page.width, page.height))]


def body_lines(column) -> list[dict]:
    """The column's lines of rules text (body, list, heading or figure caption size; not the title,
    credits or footer): a figure ends where its caption does."""
    lines = []
    for line in column.extract_text_lines(strip=True):
        sizes = {round(c["size"], 1) for c in line["chars"]}
        if sizes & {BODY_PT, HEADING_PT, CAPTION_PT}:
            lines.append(line)
    return lines


@pytest.mark.parametrize("kit", KITS)
@pytest.mark.parametrize("lang", ["pl", "cs"])
def test_no_line_ends_with_a_one_letter_word(built, kit, lang):
    """A capital letter naming a thing after its noun ("5 żetonów A | i 3 żetony B") is no word: it
    may end a line (joined to the conjunction after it, the phrase read as one 50 mm word)."""
    letters = set(ONE_LETTER_WORDS[lang]) | set(ONE_LETTER_WORDS[lang].upper())
    ends = []
    for page in rules_pages(built(kit, lang)):
        for column in columns(page):
            for line in body_lines(column):
                *before, last = re.split(r"[\s\xa0]+", line["text"])
                named = last.isupper() and before and before[-1][-1:].islower()  # "żetonów A", not ". A"
                if last in letters and not named:
                    ends.append(line["text"])
    assert not ends, ends


@pytest.mark.parametrize("kit", KITS)
@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
@pytest.mark.parametrize("two_sided", ["duplex", "fold"])  # fold: its fold line's label (was 6.5 pt)
def test_no_text_below_7_pt_but_ruler_digits(built, kit, lang, two_sided):
    small = {
        (number, c["text"], round(c["size"], 2))
        for number, page in enumerate(pdfplumber.open(built(kit, lang, "--two-sided", two_sided)).pages, start=1)
        for c in page.chars
        if c["size"] < 6.99 and not c["text"].isdigit()
    }
    assert not small, sorted(small)[:10]


# A figure kept whole with its section ended the last page's second column of ogrod 21 mm short of
# the first and plateau's 30 mm long: a figure in the shorter column now grows (or one in the longer
# shrinks) until they end level (layout/rules.py, levelled).
@pytest.mark.parametrize("kit", KITS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_last_rules_page_has_level_columns_and_credits_at_its_foot(built, kit, paper):
    page = rules_pages(built(kit, "pl", "--paper", paper))[-1]
    # a page that continues the rules with a paragraph's last lines (too few to split: 2 a column at
    # least) fills its first column only
    bottoms = [max((mm(line["bottom"]) for line in body_lines(column)), default=0.0) for column in columns(page)]
    credits = credits_chars(page)
    assert credits, "the credits are on the last rules page"
    foot = rules.text_bottom(Context(paper=named_paper(paper), tr=Localizer("pl")))  # above the foot band
    assert foot - 3.0 < max(mm(c["bottom"]) for c in credits) <= foot + 0.5
    # one behaviour in every language (targ's Czech credits ran across the page, its Polish and
    # English under a column): in a column's width, under the first column unless the text fills it
    assert max(mm(c["x1"]) for c in credits) - min(mm(c["x0"]) for c in credits) < mm(page.width) / 2
    column = 0 if mm(credits[0]["x0"]) < mm(page.width) / 2 else 1
    assert column == 0 or bottoms[0] > min(mm(c["top"]) for c in credits), "the first column is full"
    assert min(mm(c["top"]) for c in credits) > bottoms[column]
    if max(bottoms) < min(mm(c["top"]) for c in credits):  # the text left room: both columns end level
        if bottoms[1]:
            # as level as whole units allow: the gaps of the shorter column are never widened to
            # level it (both columns keep one spacing, tests/test_rules_type.py)
            assert abs(bottoms[0] - bottoms[1]) <= 4 * LEADING_MM + 0.5, bottoms
        else:
            assert bottoms[0] <= mm(page.height) / 3, "only a few lines carried over"


@pytest.mark.parametrize("kit", KITS)
@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_no_heading_ends_a_column(built, kit, lang):
    for page in rules_pages(built(kit, lang)):
        for column in columns(page):
            lines = body_lines(column)
            if lines:
                sizes = {round(c["size"], 1) for c in lines[-1]["chars"]}
                assert HEADING_PT not in sizes, lines[-1]["text"]


@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_narrow_columns_hyphenate(built, lang):
    hyphenated = []
    for kit in KITS:
        for page in rules_pages(built(kit, lang)):
            for column in columns(page):
                lines = body_lines(column)
                for line, after in zip(lines, lines[1:], strict=False):
                    if re.search(r"\w-$", line["text"]) and after["text"][:1].islower():
                        hyphenated.append(line["text"])
    assert hyphenated


def test_running_text_is_set_in_the_text_face_and_pieces_in_atkinson(built):
    pdf = pdfplumber.open(built("ogrod", "pl"))
    body_digits = {
        c["fontname"].split("+")[-1]
        for c in pdf.pages[0].chars
        if c["text"].isdigit() and abs(c["size"] - BODY_PT) < 0.01
    }
    assert body_digits and all(name.startswith("NotoSerif") for name in body_digits)
    sheet = {c["fontname"].split("+")[-1] for c in pdf.pages[1].chars if c["text"].isdigit() and c["size"] > 9}
    assert sheet and all(name.startswith("AtkinsonHyperlegible") for name in sheet)
