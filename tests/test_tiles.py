"""The kpn tiles measured in the PDF: 60 two-sided tiles, 4 colours x 5 of each symbol, each back
exactly behind its face (long edge, short edge with an offset, folded), backs that show the owner
only; the player aids and the score sheet."""

from __future__ import annotations

from collections import Counter

import pytest
from pypdf import PdfReader

from piece_pdf import TOLERANCE, build, horizontal_at, page_shapes, page_text, page_words, pieces, vertical_at
from printkit import pipeline
from printkit.layout.patterns import draw_pattern, pattern_names
from printkit.layout.primitives import Circle, Group, Line, Rect
from printkit.layout.version import is_version_mark
from test_cards import ink_boxes, text_rows, words_in

VARIANTS = {
    "long": ("duplex", "long", (0.0, 0.0)),
    "short_offset": ("duplex", "short", (1.0, -0.5)),
    "fold": ("fold", "long", (0.0, 0.0)),
}
OWNERS = {"yellow": "żółta", "pink": "różowa", "blue": "niebieska", "green": "zielona"}  # a płytka: feminine
SYMBOL_NAMES = ("kamień", "papier", "nożyczki")
BLEED = 2.0  # mm: a tile's fill runs this far past its cut line (the default bleed)


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    folder = tmp_path_factory.mktemp("kpn")
    out = {}
    for name, (how, flip, (dx, dy)) in VARIANTS.items():
        out[name] = build("kpn", folder, "--two-sided", how, "--flip", flip, "--back-offset", f"{dx},{dy}")
    return out


def pairs(manifest: dict) -> list[tuple[dict, dict]]:
    faces = {(p["component"], p["copy"]): p for p in pieces(manifest, kind="tile", side="face")}
    backs = {(p["component"], p["copy"]): p for p in pieces(manifest, kind="tile", side="back")}
    assert faces.keys() == backs.keys()
    return [(faces[key], backs[key]) for key in sorted(faces)]


def expected_back(face: dict, page: dict, how: str, flip: str, offset: tuple[float, float]) -> tuple[float, float]:
    """The mirror image worked out here, independently of the imposition module."""
    x, y, w, h = face["x"], face["y"], face["width"], face["height"]
    if how == "fold":
        x = page["width"] - x - w
    elif flip == "long":
        x = page["width"] - x - w
    else:
        y = page["height"] - y - h
    return x + offset[0], y + offset[1]


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_sixty_tiles_four_colours_five_of_each_symbol(builds, variant):
    _, manifest = builds[variant]
    faces = pieces(manifest, kind="tile", side="face")
    assert len(faces) == 60
    assert Counter((t["owner"], t["symbol"]) for t in faces) == {
        (o, s): 5 for o in OWNERS for s in ("rock", "paper", "scissors")
    }
    assert {t["width"] for t in faces} == {34.0} and {t["height"] for t in faces} == {34.0}


def test_duplex_tiles_print_two_colours_to_a_sheet_sharing_their_cuts(builds):
    """kpn's tiles say ``group: owner`` and ``gutter: 0``: each colour on rows of its own, the
    tiles of a colour touching (the bleed round the block only), the colours a gutter apart (a
    shared cut between two colours left a sliver of the other on a tile cut off the line), 5 to a
    row, 2 colours to a sheet of A4: 2 sheets (a colour to a sheet took 4)."""
    _, manifest = builds["long"]
    faces = pieces(manifest, kind="tile", side="face")
    by_page = {page: [t["owner"] for t in faces if t["page"] == page] for page in {t["page"] for t in faces}}
    owners = list(OWNERS)
    assert [sorted(set(by_page[page]), key=owners.index) for page in sorted(by_page)] == [owners[:2], owners[2:]]
    assert Counter(t["page"] for t in faces).most_common() == [(page, 30) for page in sorted(by_page)]
    for page in by_page:
        boxes = sorted((t["x"], t["y"]) for t in faces if t["page"] == page)
        xs, ys = sorted({x for x, _ in boxes}), sorted({y for _, y in boxes})
        assert len(xs) == 5 and len(ys) == 6
        assert all(b - a == pytest.approx(34.0, abs=1e-3) for a, b in zip(xs, xs[1:], strict=False)), "touching across"
        # touching down within a colour; the two colours a gutter of twice the 2 mm bleed apart
        steps = [round(b - a, 3) for a, b in zip(ys, ys[1:], strict=False)]
        assert steps == [34.0, 34.0, 38.0, 34.0, 34.0], steps


@pytest.mark.parametrize("variant", ["long", "fold"])
def test_every_row_of_tiles_is_one_colour_owner_after_owner(builds, variant):
    _, manifest = builds[variant]
    faces = pieces(manifest, kind="tile", side="face")
    rows: dict[tuple[int, float], set[str]] = {}
    for tile in faces:
        rows.setdefault((tile["page"], round(tile["y"], 2)), set()).add(tile["owner"])
    # folded too, though 12 a sheet that takes 6 sheets (packed in 5, a colour's last tile shared a row
    # with the next colour's first and their boundary lay on a cut: a review)
    assert all(len(owners) == 1 for owners in rows.values()), rows
    if variant == "fold":
        assert len({tile["page"] for tile in faces}) == 6 and len(rows) == 4 * 8
    assert [t["owner"] for t in sorted(faces, key=lambda t: (t["page"], t["y"], t["x"]))] == [
        o for o in OWNERS for _ in range(15)
    ]


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_each_back_is_exactly_behind_its_face(builds, variant):
    how, flip, offset = VARIANTS[variant]
    pdf, manifest = builds[variant]
    pages = {p["number"]: p for p in manifest["pages"]}
    shapes: dict[int, dict] = {}
    for face, back in pairs(manifest):
        assert (back["owner"], back["symbol"]) == (face["owner"], face["symbol"])
        x, y = expected_back(face, pages[face["page"]], how, flip, offset)
        assert (back["x"], back["y"]) == pytest.approx((x, y), abs=TOLERANCE)
        if how == "duplex":
            assert face["page"] % 2 == 1 and back["page"] == face["page"] + 1
        else:
            assert back["page"] == face["page"]
        for row in (face, back):
            if row["page"] not in shapes:
                shapes[row["page"]] = page_shapes(pdf, row["page"])
        lines = shapes[face["page"]]["lines"]
        fx, fy, w, h = face["x"], face["y"], face["width"], face["height"]
        # the tiles bleed: nothing on their trim, crop marks outside (tests/test_bleed.py measures them)
        assert not (vertical_at(lines, fx, fy, fy + h) or vertical_at(lines, fx + w, fy, fy + h))
        assert not (horizontal_at(lines, fy, fx, fx + w) or horizontal_at(lines, fy + h, fx, fx + w))
        bled = (back["x"] - BLEED, back["y"] - BLEED, w + 2 * BLEED, h + 2 * BLEED)
        filled = [r for r in shapes[back["page"]]["rects"] if r.fill and r.at(*bled)]
        assert filled, f"no back drawn at {back['x']:.2f}, {back['y']:.2f} on page {back['page']}"


def test_backs_show_the_owner_and_nothing_else(builds):
    pdf, manifest = builds["long"]
    back_pages = sorted({p["page"] for p in pieces(manifest, kind="tile", side="back")})
    for page in back_pages:
        words = page_words(pdf, page)
        for back in pieces(manifest, kind="tile", side="back", page=page):  # no version: the kit asks for none
            assert [w["text"] for w in words_in(words, back)] == [OWNERS[back["owner"]]]
        text = page_text(pdf, page)
        assert "Kamień, papier, nożyczki" in text, "the footer names the game, as on every page"
        text = text.replace("Kamień, papier, nożyczki", "")
        assert not any(name in text for name in SYMBOL_NAMES)
    face_pages = sorted({p["page"] for p in pieces(manifest, kind="tile", side="face")})
    for page in face_pages:
        words = page_words(pdf, page)
        for face in pieces(manifest, kind="tile", side="face", page=page):
            assert [w["text"] for w in words_in(words, face)] == [OWNERS[face["owner"]]]


def test_all_backs_of_an_owner_are_one_drawing_and_owners_differ_by_pattern():
    loaded = pipeline.load("kpn")
    document = pipeline.lay_out(loaded, pipeline.context(loaded, "en"))
    keys: dict[str, set[str]] = {}
    for page in document.pages:
        if page.side == "back":
            groups = [item for item in page.items if isinstance(item, Group) and not is_version_mark(item)]
            for row, group in zip([p for p in page.pieces], groups, strict=True):
                # tiles that share their cuts show each its part of one drawing (the key, then its clip)
                drawing = group.key[: group.key.index("shared")] if "shared" in group.key else group.key
                keys.setdefault(dict(row.extra)["owner"], set()).add(drawing)
    assert {owner: len(found) for owner, found in keys.items()} == {owner: 1 for owner in OWNERS}
    tiles = loaded.kit.component("tiles")
    assert len({owner.pattern for owner in tiles.owners}) == 4


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_nothing_is_printed_within_5_mm_of_the_paper_edge(builds, variant):
    pdf, _ = builds[variant]
    for number, (x0, top, x1, bottom, width, height) in enumerate(ink_boxes(pdf), start=1):
        assert x0 >= 5.0 - TOLERANCE and top >= 5.0 - TOLERANCE, f"page {number}"
        assert x1 <= width - 5.0 + TOLERANCE and bottom <= height - 5.0 + TOLERANCE, f"page {number}"


def test_four_player_aids_with_hand_sizes_on_page_3(builds):
    pdf, manifest = builds["long"]
    aids = pieces(manifest, kind="card", component="seat_aid")
    assert len(aids) == 4 and {a["page"] for a in aids} == {3}  # page 2 is the rules' blank back
    words = page_words(pdf, 3)
    for aid in aids:
        inside = words_in(words, aid)
        lines: dict[int, list[tuple[float, str]]] = {}
        for w in inside:
            lines.setdefault(round(w["y"] * 2), []).append((w["x"], w["text"]))
        table = [[t for _, t in sorted(ws)] for _, ws in sorted(lines.items())]
        assert ["2", "3", "4"] in table and ["3", "2", "2", "3"] in table and ["4", "2", "2", "3", "3"] in table
        text = " ".join(" ".join(line) for line in table)
        assert (
            "5 × 5" in text
            and "4 × 4" in text
            and "Kamień bije nożyczki, nożyczki tną papier, papier zakrywa kamień." in text
        )


@pytest.mark.parametrize(
    "lang, phrases",
    [
        (
            "pl",
            [
                "15 płytek, po 5 kamieni",
                "Płytki 5–8 1 dwustronnie tak",
                "obracanie wzdłuż dłuższej krawędzi",
                "2 osoby: 3 i 4 płytki",
                "4 osoby: 2, 2, 3 i 3 płytki",
                "5 × 5",
            ],
        ),
        ("cs", ["15 destiček, po 5 kamenech", "dvou 4 × 4", "3 hráči: 2, 2 a 3 destičky", "Tři hráči"]),
        (
            "en",
            [
                "15 tiles, 5 each of rock, paper and scissors",
                "Tiles 5–8 1 two-sided yes",
                "two-sided, flip on the long edge",
                "4 players: 2, 2, 3 and 3 tiles",
                "4 × 4 with two players",
            ],
        ),
    ],
)
def test_the_rules_in_every_language(tmp_path_factory, lang, phrases):
    pdf, manifest = build("kpn", tmp_path_factory.mktemp(f"kpn_{lang}"), "--lang", lang)
    assert [p["role"] for p in manifest["pages"]][:5] == ["rules", "blank", "cards", "blank", "tiles"]
    text = page_text(pdf, 1)
    for phrase in phrases:
        assert phrase in text
    assert len(PdfReader(pdf).pages) == 8  # rules, blank, aids, blank, 2 sheets (two colours each) with their backs


def test_the_score_sheet_counts_rounds_won_and_moves_the_start_one_seat_left(tmp_path, run):
    target = tmp_path / "scores.pdf"
    result = run("sheets", "kpn", "--players", "4", "--names", "Ala,Olek,Ewa,Jan", "--lang", "en", "-o", str(target))
    assert result.code == 0, result.err
    rows = text_rows(target)
    assert rows[1] == ["Round", "Starts", "Ala", "Olek", "Ewa", "Jan"]
    assert [row for row in rows[2:7]] == [["1", "Ala"], ["2", "Olek"], ["3", "Ewa"], ["4", "Jan"], ["5", "Ala"]]
    assert rows[7] == ["Rounds", "won"]
    assert "The first to win 2 rounds wins the game." in page_text(target, 1)


@pytest.mark.parametrize("name", pattern_names())
def test_every_pattern_stays_inside_its_rectangle(name):
    for w, h, spacing in ((36.0, 36.0, 3.2), (27.0, 9.0, 4.0), (50.0, 12.5, 2.5)):
        group = draw_pattern(name, 10.0, 20.0, w, h, "#000000", spacing)
        assert (group.x, group.y, group.w, group.h) == (10.0, 20.0, w, h)
        assert group.items, name
        for item in group.items:
            if isinstance(item, Line):
                xs, ys = (item.x1, item.x2), (item.y1, item.y2)
            elif isinstance(item, Circle):
                xs, ys = (item.cx - item.r, item.cx + item.r), (item.cy - item.r, item.cy + item.r)
            else:
                assert isinstance(item, Rect)
                xs, ys = (item.x, item.x + item.w), (item.y, item.y + item.h)
            assert -1e-6 <= min(xs) and max(xs) <= w + 1e-6 and -1e-6 <= min(ys) and max(ys) <= h + 1e-6, (name, item)
