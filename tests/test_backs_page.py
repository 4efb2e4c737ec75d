"""A sheet of duplex backs looks like its sheet of faces (a review of plateau: its backs page had
no footer nor page number, and its heading stood about 20 mm lower than the faces'): the heading
at the same place, the footer with the page number. Measured on the laid-out pages."""

from __future__ import annotations

import pytest

from printkit import pipeline as build
from printkit.layout import document
from printkit.layout.context import Context, Options, paper
from printkit.layout.document import layout_kit
from printkit.layout.primitives import Group, Text
from printkit.words.locale import Localizer

PAGE_OF = {"en": "page {n} of", "pl": "strona {n} z", "cs": "strana {n} z"}


def laid_pages(kit: str, lang: str, paper_name: str, flip: str):
    loaded = build.load(kit)
    ctx = Context(paper=paper(paper_name), tr=Localizer(lang), options=Options(flip=flip))
    return layout_kit(loaded.kit, ctx).pages


def heading(page) -> Text:
    """The page's title: its first bold text from the top."""
    return min((i for i in page.items if isinstance(i, Text) and i.bold), key=lambda t: (t.y, t.x))


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize(("kit", "lang"), [("plateau", "en"), ("plateau", "pl"), ("plateau", "cs"), ("kpn", "en")])
def test_a_backs_page_has_its_faces_heading_place_and_a_footer(kit, lang, paper_name, flip):
    pages = laid_pages(kit, lang, paper_name, flip)
    backs = [n for n, page in enumerate(pages) if page.side == "back" and page.component]
    assert backs, "the duplex build has sheets of backs"
    for index in backs:
        back, face = pages[index], pages[index - 1]
        assert face.side == "face" and face.component == back.component
        title, face_title = heading(back), heading(face)
        assert (title.x, title.y, title.size_pt) == pytest.approx((face_title.x, face_title.y, face_title.size_pt))
        pieces_top = min(piece.y for piece in back.pieces)
        assert title.y < pieces_top, "the heading above the backs"
        footer = [i for i in back.items if isinstance(i, Text) and i.size_pt == document.FOOTER_PT]
        numbers = [i for i in footer if i.text.startswith(PAGE_OF[lang].format(n=index + 1))]
        assert len(numbers) == 1, [i.text for i in footer]
        face_number = next(i for i in face.items if isinstance(i, Text) and i.text.startswith(PAGE_OF[lang][:5]))
        assert numbers[0].y == pytest.approx(face_number.y), "the footer on the same line as the faces'"
        assert numbers[0].y > max(piece.y + piece.height for piece in back.pieces), "under the backs"


def test_a_blank_back_stays_without_a_footer():
    pages = laid_pages("plateau", "en", "a4", "long")
    blanks = [page for page in pages if page.role == "blank"]
    assert blanks
    for page in blanks:
        assert not [i for i in page.items if isinstance(i, Text) and i.text.startswith("page ")], "no page number"


def test_a_blank_back_says_so_at_its_foot_when_its_top_is_taken():
    """A review: kpn's Letter page 4 (the back of the aids, whose crop marks reach 7 mm from the
    top) was blank without the note every other blank back carries. It says it in the bottom
    margin, under the aids' lowest ink, inside the printable area."""
    loaded = build.load("kpn")
    for paper_name in ("a4", "letter"):
        pages = build.lay_out(loaded, build.context(loaded, "pl", paper_name)).pages
        for number, page in enumerate(pages):
            if page.role != "blank":
                continue
            (note,) = page.items
            front = pages[number - 1]
            feet = [item.y + item.h for item in front.items if isinstance(item, Group)]
            assert 5.0 < note.y < page.height - 5.0
            assert note.y < min(i.y for i in front.items if isinstance(i, Group)) or note.y > max(feet)
