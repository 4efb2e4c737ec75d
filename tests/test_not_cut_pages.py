"""Nothing that looks like a cut line on a page that is not cut (issue 17, item 3).

A dashed line is what a home printer's user cuts along ("cut along the dashed line"), and the
cut-line strokes are what printkit cuts along; a board, a mat, a sheet or a rules page shows
neither. targ's market mat marked its places with dashed outlines; now a tint, a texture and a
label tell the groups apart.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from conftest import kit_cases
from printkit import pipeline as build
from printkit.kinds import load_kinds
from printkit.layout.document import layout_kit
from printkit.layout.inksaver import ink_saver
from printkit.layout.marks import CUT_ON_DARK
from printkit.layout.primitives import CUT, Circle, Document, Group, Item, Line, Page, Path, Rect, Stroke

LONGEST_DOT = 1.0  # mm: a dash no longer than this reads as a dotted rule, not as a cut or fold line
CUT_STROKES = (CUT, CUT_ON_DARK)  # the grey and the white cut line (printkit's own cut lines)


def strokes(items: tuple[Item, ...]) -> Iterator[Stroke]:
    for item in items:
        if isinstance(item, Group):
            yield from strokes(item.items)
        elif isinstance(item, (Rect, Line, Circle, Path)) and item.stroke is not None:
            yield item.stroke


def cut_looking(stroke: Stroke) -> bool:
    dashed = bool(stroke.dash) and max(stroke.dash[0::2]) > LONGEST_DOT
    return dashed or stroke in CUT_STROKES


def uncut_pages(kit: str, lang: str, paper: str) -> list[Page]:
    loaded = build.load(kit)
    document = layout_kit(loaded.kit, build.context(loaded, lang, paper))
    return [page for page in document.pages if not any(load_kinds().cut(piece.kind) for piece in page.pieces)]


@pytest.mark.parametrize(("kit", "lang", "paper"), kit_cases())
def test_no_page_that_is_not_cut_draws_a_dash_or_a_cut_line(kit, lang, paper):
    pages = uncut_pages(kit, lang, paper)
    assert pages, "every kit has a rules page at least"
    for page in pages + ink_saver_pages(pages):
        found = [stroke for stroke in strokes(page.items) if cut_looking(stroke)]
        assert not found, f"{kit} {lang} {paper}: the {page.role} page of {page.component} draws {found[:3]}"


def ink_saver_pages(pages: list[Page]) -> list[Page]:
    """The same pages as --ink-saver prints them."""
    return list(ink_saver(Document(tuple(pages), title="", author="", lang="en")).pages)


def test_the_market_mats_groups_differ_in_black_and_white_without_an_outline_style():
    """Each of targ's three place groups has its own texture (none, dots, stripes) and its mark."""
    loaded = build.load("targ")
    document = layout_kit(loaded.kit, build.context(loaded, "en", "a4"))
    mat = next(page for page in document.pages if page.component == "market")
    textures = [item.key[1] for item in mat.items if isinstance(item, Group) and item.key[0] == "pattern"]
    assert textures.count("dots") == 4 and textures.count("stripes") == 4
    places = {(p.x, p.y, p.width, p.height) for p in mat.pieces if p.kind == "place"}
    rules = [i for i in mat.items if isinstance(i, Rect) and i.stroke and (i.x, i.y, i.w, i.h) in places]
    assert len(rules) == len(places) == 16
    outlines = {rule.stroke for rule in rules}
    assert len(outlines) == 1 and not next(iter(outlines)).dash  # one thin solid rule for every place
