"""Rock, paper and scissors drawn as objects (a review: 'paper' read as a document, the rock's facet
lines ran out through its outline, the scissors showed white seams at 600 dpi), measured in the
symbols' drawings and on a 600 dpi render of kpn's tiles."""

from __future__ import annotations

import math
import re

import pytest
from pypdf import PdfReader

from piece_pdf import build
from printkit.layout.primitives import Circle, Path
from printkit.layout.symbols import draw_symbol

SIZE = 18.0  # mm: kpn's tile symbol
WHITE = "#ffffff"


def inside(point: tuple[float, float], polygon: tuple[tuple[float, float], ...]) -> bool:
    x, y = point
    crossings = 0
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            crossings += 1
    return crossings % 2 == 1


def distance_to_edge(point: tuple[float, float], polygon: tuple[tuple[float, float], ...]) -> float:
    px, py = point
    best = math.inf
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        dx, dy = x2 - x1, y2 - y1
        t = max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy or 1.0)))
        best = min(best, math.hypot(px - x1 - t * dx, py - y1 - t * dy))
    return best


def test_the_rock_is_a_lit_stone_its_facet_and_glint_well_inside_its_outline():
    """A stone lit from the upper left (round 11: the stone with two white strokes read as a peace
    sign): a lighter facet and one short white glint, every point of both 1.5 mm or more inside the
    18 mm stone's outline, so nothing runs out through it."""
    items = draw_symbol("rock", 0, 0, SIZE).items
    paths = [i for i in items if isinstance(i, Path)]
    outline, facet = paths[0], paths[1]
    assert outline.fill and len(outline.points) >= 40, "a rounded outline"
    assert facet.fill and facet.fill != outline.fill and facet.fill != WHITE, "a lighter facet"
    glints = [i for i in paths if i.stroke and i.stroke.color == WHITE]
    assert len(glints) == 1 and glints[0].fill is None and not glints[0].closed
    for shape, room in ((facet, 1.5), (glints[0], 1.5 + glints[0].stroke.width / 2)):
        for point in shape.points:
            assert inside(point, outline.points)
            assert distance_to_edge(point, outline.points) >= room


def test_paper_is_blank_sheets_with_a_curl_not_a_document():
    """No lines of writing, no folded-down triangle: two white sheets and a curled flap whose one
    open line is its curve (a closed outline's mitres spiked at the flap's tips)."""
    items = draw_symbol("paper", 0, 0, SIZE).items
    sheets = [i for i in items if isinstance(i, Path) and i.closed and i.stroke and i.fill == WHITE]
    assert len(sheets) == 2
    open_lines = [i for i in items if isinstance(i, Path) and not i.closed]
    assert len(open_lines) == 1 and len(open_lines[0].points) >= 10, "the flap's curve, nothing written"
    triangles = [i for i in items if isinstance(i, Path) and len(i.points) == 3]
    assert not triangles, "no dog-ear"


def test_each_half_of_the_scissors_is_one_shape_and_its_ring_one_circle():
    items = draw_symbol("scissors", 0, 0, SIZE).items
    halves = [i for i in items if isinstance(i, Path)]
    rings = [i for i in items if isinstance(i, Circle) and i.stroke is not None and i.fill is None]
    assert len(halves) == 2 and all(h.closed and h.fill and h.fill != WHITE for h in halves)
    assert len(rings) == 2
    assert not [i for i in items if isinstance(i, Path) and not i.closed], "no stroked shanks butting the blades"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return build("kpn", tmp_path_factory.mktemp("icons"), "--lang", "en")


def streams(pdf) -> list[str]:
    """Every content stream of the PDF: the pages' and their forms', forms within forms too (a
    tile's design is a form)."""
    found: list[str] = []
    seen: set[int] = set()

    def forms(resources) -> None:
        for ref in (resources or {}).get("/XObject", {}).values():
            form = ref.get_object()
            if form.get("/Subtype") == "/Form" and id(form) not in seen:
                seen.add(id(form))
                found.append(form.get_data().decode("latin-1"))
                forms(form.get("/Resources"))

    for page in PdfReader(str(pdf)).pages:
        found.append(page.get_contents().get_data().decode("latin-1"))
        forms(page.get("/Resources"))
    return found


CIRCLE = re.compile(r"\bm\n(?:[^\n]* c\n){4}(h\n)?(S|B\*?|f\*?)\b")


def test_every_stroked_circle_is_closed(built):
    """A stroked circle was drawn without closing its path: where it started (3 o'clock) its two
    butt caps met, a hairline slit in every scissors ring at 600 dpi (poppler). Every stroked
    circle in kpn's PDF (each ring of 4 owners' scissors, the figures' badges) now closes ('h')."""
    pdf, _ = built
    circles = [match for text in streams(pdf) for match in CIRCLE.finditer(text)]
    stroked = [m for m in circles if m[2].startswith(("S", "B"))]
    assert len(stroked) >= 8, len(stroked)
    assert all(m[1] for m in stroked), [m[0] for m in stroked if not m[1]][:3]
