"""Two-sided stones measured in the PDF: every back lands behind its face (long edge, short edge,
with a back offset, folded over), shows the stone's other face, and the print instructions say how.
"""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from piece_pdf import TOLERANCE, build, build_text, page_shapes, page_text, page_words, pieces, recipe_text, rgb
from printkit import pipeline

A4_W, A4_H = 210.0, 297.0
VARIANTS = {
    "long": ("duplex", "long", (0.0, 0.0)),
    "short": ("duplex", "short", (0.0, 0.0)),
    "long_offset": ("duplex", "long", (1.5, -0.8)),
    "short_offset": ("duplex", "short", (-1.0, 2.0)),
    "fold": ("fold", "long", (0.0, 0.0)),
    "fold_offset": ("fold", "long", (0.7, 0.4)),
}


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    folder = tmp_path_factory.mktemp("two_sided")
    out = {}
    for name, (how, flip, (dx, dy)) in VARIANTS.items():
        out[name] = build(
            "plateau", folder, "--lang", "en", "--two-sided", how, "--flip", flip, "--back-offset", f"{dx},{dy}"
        )
    return out


@pytest.fixture(scope="module")
def stones():
    return pipeline.load("plateau").kit.component("stones")


def expected_back(face: dict, how: str, flip: str, offset: tuple[float, float]) -> tuple[float, float]:
    """The mirror image written out here, independently of the imposition module."""
    x, y, w, h = face["x"], face["y"], face["width"], face["height"]
    if how == "fold":
        x, y = 2 * (A4_W / 2) - x - w, y
    elif flip == "long":
        x, y = A4_W - x - w, y
    else:
        x, y = x, A4_H - y - h
    return x + offset[0], y + offset[1]


def pairs(manifest: dict) -> list[tuple[dict, dict]]:
    faces = {(p["component"], p["copy"]): p for p in pieces(manifest, kind="stone", side="face")}
    backs = {(p["component"], p["copy"]): p for p in pieces(manifest, kind="stone", side="back")}
    assert faces.keys() == backs.keys()
    return [(faces[key], backs[key]) for key in sorted(faces)]


BLEED = 2.0  # mm: the stones' default bleed


def body(shapes: dict, box: tuple[float, float, float, float]):
    """The stone's body: the filled square drawn exactly at its cut outline grown by the bleed."""
    x, y, w, h = box
    found = [r for r in shapes["rects"] if r.fill and r.at(x - BLEED, y - BLEED, w + 2 * BLEED, h + 2 * BLEED)]
    return found[0] if found else None


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_twenty_four_stones_each_with_one_back_of_the_same_component_and_copy(builds, variant):
    _, manifest = builds[variant]
    found = pairs(manifest)
    assert len(found) == 24
    assert sorted(face["copy"] for face, _ in found) == list(range(1, 25))
    assert [face["owner"] for face, _ in found].count("black") == 12


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_each_back_is_drawn_at_the_exact_mirror_of_its_drawn_face(builds, variant):
    how, flip, offset = VARIANTS[variant]
    pdf, manifest = builds[variant]
    shapes: dict[int, dict] = {}
    for face, back in pairs(manifest):
        for row in (face, back):
            if row["page"] not in shapes:
                shapes[row["page"]] = page_shapes(pdf, row["page"])
        drawn_face = body(shapes[face["page"]], (face["x"], face["y"], face["width"], face["height"]))
        assert drawn_face is not None, f"stone {face['copy']}'s face is drawn where the manifest says"
        cut = (drawn_face.x + BLEED, drawn_face.y + BLEED, drawn_face.w - 2 * BLEED, drawn_face.h - 2 * BLEED)
        measured = dict(zip(("x", "y", "width", "height"), cut, strict=True))
        x, y = expected_back(measured, how, flip, offset)
        drawn_back = body(shapes[back["page"]], (x, y, cut[2], cut[3]))
        assert drawn_back is not None, (
            f"stone {face['copy']}'s back is drawn at the mirror of its face ({x:.2f}, {y:.2f})"
        )
        assert (back["x"], back["y"]) == pytest.approx((x, y), abs=TOLERANCE)


@pytest.mark.parametrize("variant", ["long", "short", "long_offset"])
def test_duplex_backs_follow_their_face_page_and_face_pages_are_odd(builds, variant):
    pdf, manifest = builds[variant]
    for face, back in pairs(manifest):
        assert face["page"] % 2 == 1 and back["page"] == face["page"] + 1
    sides = {p["number"]: p.get("side") for p in manifest["pages"] if p["role"] != "blank"}
    assert [n for n, s in sides.items() if s == "face"] == [n - 1 for n, s in sides.items() if s == "back"]


@pytest.mark.parametrize("variant", ["fold", "fold_offset"])
def test_fold_backs_share_the_page_across_a_dashed_fold_line(builds, variant):
    pdf, manifest = builds[variant]
    for face, back in pairs(manifest):
        assert back["page"] == face["page"]
        assert face["x"] + face["width"] < A4_W / 2 < back["x"]
    for page in {face["page"] for face, _ in pairs(manifest)}:
        fold = [
            line
            for line in page_shapes(pdf, page)["lines"]
            if line.w <= TOLERANCE and abs(line.x - A4_W / 2) <= TOLERANCE
        ]
        assert len(fold) == 1 and fold[0].dashed and fold[0].h > 200, (
            "a dashed fold line runs down the middle of the page"
        )


def disc_fill(shapes: dict, box: dict):
    """The fill of the face disc, the largest curve inside the stone; None for a plain face."""
    inside = [c for c in shapes["curves"] if c.inside(box["x"], box["y"], box["width"], box["height"])]
    disc = max(inside, key=lambda c: c.w)
    assert disc.w == pytest.approx(box["width"] * 0.82, abs=TOLERANCE)
    return disc.fill


@pytest.mark.parametrize("variant", ["long", "short_offset", "fold"])
def test_a_stones_back_shows_the_other_face_of_the_same_stone(builds, stones, variant):
    pdf, manifest = builds[variant]
    colours = {face.id: (rgb(face.color) if face.color else None) for face in stones.faces}
    types = {t.id: t for t in stones.types}
    shapes: dict[int, dict] = {}
    for face, back in pairs(manifest):
        top, bottom = types[face["type"]].faces
        assert (face["shows"], back["shows"]) == (top, bottom)
        for row, expected in ((face, top), (back, bottom)):
            if row["page"] not in shapes:
                shapes[row["page"]] = page_shapes(pdf, row["page"])
            # a plain face is the light field's white, on a black stone and a white one alike (the
            # white stone's rim and tabs are a pale grey round it since round 10)
            plain = (1.0, 1.0, 1.0)
            assert disc_fill(shapes[row["page"]], row) == (colours[expected] or plain), (
                f"stone {row['copy']} ({face['type']}) {row['side']}"
            )


def test_the_ace_is_red_on_its_face_and_blue_on_its_back(builds):
    pdf, manifest = builds["long"]
    face, back = next((f, b) for f, b in pairs(manifest) if f["type"] == "ace" and f["owner"] == "black")
    assert disc_fill(page_shapes(pdf, face["page"]), face) == rgb("#ef7266")
    assert disc_fill(page_shapes(pdf, back["page"]), back) == rgb("#3f78c8")
    words = page_words(pdf, back["page"])
    assert any(
        w["text"] == "21"
        and back["x"] <= w["x"] <= back["x"] + back["width"]
        and back["y"] <= w["y"] <= back["y"] + back["height"]
        for w in words
    )


@pytest.mark.parametrize(
    "variant, preference", [("long", "/DuplexFlipLongEdge"), ("short", "/DuplexFlipShortEdge"), ("fold", "/Simplex")]
)
def test_the_pdf_asks_the_printer_for_duplex_on_the_right_edge(builds, variant, preference):
    pdf, manifest = builds[variant]
    prefs = PdfReader(pdf).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == preference
    assert manifest["duplex"] == (None if variant == "fold" else variant)


@pytest.mark.parametrize(
    "variant, sentences",
    [
        (
            "long",
            [
                "Stones 5–6 1 two-sided yes",
                "In the print dialog, on card stock: pages 3–6, 1 copy; two-sided, flip on the long edge; actual "
                "size (100%). In the print dialog, on plain paper: page 7, 1 copy;",
            ],
        ),
        ("short", ["In the print dialog, on card stock: pages 3–6, 1 copy; two-sided, flip on the short edge;"]),
        (
            "fold",
            [
                "Stones 4–5 1 fold over yes",
                "Pages 4–5: fold each sheet along the dashed line, glue the halves together all over, then cut.",
                "In the print dialog, on card stock: page 3, 1 copy; single-sided; actual size (100%).",
                "In the print dialog, on 120–160 g/m² paper (folded over): pages 4–5, 1 copy; single-sided;",
            ],
        ),
    ],
)
def test_how_to_print_says_what_to_choose_in_the_print_dialog(builds, variant, sentences):
    pdf, _ = builds[variant]
    text = recipe_text(pdf)
    for sentence in sentences:
        assert sentence in text
    assert ("two-sided, flip on the" in text) == (variant != "fold")


@pytest.mark.parametrize(
    "lang, words",
    [
        ("cs", "V dialogu tisku, na karton: strany 3–6, 1 kopie; oboustranně, otáčení podle delší hrany;"),
        (
            "pl",
            "W oknie drukowania, na kartonie: strony 3–6, 1 kopia; dwustronnie, obracanie wzdłuż dłuższej krawędzi;",
        ),
    ],
)
def test_the_two_sided_instruction_in_czech_and_polish(tmp_path, lang, words):
    pdf, _ = build("plateau", tmp_path, "--lang", lang)
    assert words in recipe_text(pdf)


STONES_ONLY = """
kit:
  title: {en: Stones only}
  players: {min: 2, max: 2}
  languages: [en]
  default_lang: en
  author: test
components:
  - id: stones
    kind: stones
    title: {en: Stones}
    size: 30mm
    owners:
      - {id: dark, name: {en: dark}, color: "#333333", ink: "#ffffff"}
    faces:
      - {id: straight, name: {en: straight}, color: "#ef7266", moves: [N, E, S, W]}
      - {id: any, name: {en: any}, moves: [N, NE, E, SE, S, SW, W, NW]}
    types:
      - {id: pawn, name: {en: pawn}, faces: [straight, any], value: 2, count: 5}
rules:
  - heading: {en: Play}
    body: {en: "Each player has {stones.per_player} stones."}
invariants:
  - {id: count, check: "stones.pawn.count == 5"}
"""


def test_a_blank_back_keeps_the_face_page_odd(tmp_path):
    pdf, manifest = build_text(STONES_ONLY, tmp_path, "stones_only")
    assert [(p["role"], p.get("side")) for p in manifest["pages"]] == [
        ("rules", None),
        ("blank", "back"),
        ("pieces", "face"),
        ("pieces", "back"),
    ]
    assert "The back of the previous page, intentionally blank" in page_text(pdf, 2)
    folded = build_text(STONES_ONLY, tmp_path, "stones_only", "--two-sided", "fold")[1]
    assert [p["role"] for p in folded["pages"]] == ["rules", "pieces"]
