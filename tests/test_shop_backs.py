"""Every card deck has a back in every export: the kit's own, or printkit's one default back
(layout.default_back) that the shop export and the Tabletop Simulator export both draw; index.csv
says which back each face takes; a side that breaks the shop's 3 mm safe zone is a warning on its line."""

from __future__ import annotations

import csv

import pdfplumber
import pypdf

from conftest import REPO
from printkit.cli import main
from printkit.commands import export_tts
from printkit.layout.default_back import default_back


def export(folder, kit: str, *options: str) -> list[dict]:
    main(["export", kit, "-o", str(folder), *options])
    with open(folder / "index.csv", encoding="utf-8", newline="") as stream:
        return list(csv.DictReader(stream))


def without_back(folder) -> str:
    """targ as it was before its cards had a back: a deck that takes the default back."""
    source = (REPO / "kits" / "targ.yaml").read_text(encoding="utf-8")
    start, end = source.index("    back:  # the kit's plum"), source.index("  - id: box")
    source = source[:start] + source[end:]
    dropped = ("    imposition:", "    back_pages:")
    source = "".join(line for line in source.splitlines(keepends=True) if not line.startswith(dropped))
    folder.mkdir(parents=True, exist_ok=True)
    kit = folder / "targ.yaml"
    kit.write_text(source, encoding="utf-8")
    return str(kit)


def test_targ_cards_take_their_kits_back_once_in_the_png_export(tmp_path):
    rows = export(tmp_path / "png", "targ", "--for", "png")
    faces = [r for r in rows if r["side"] == "face"]
    backs = [r for r in rows if r["side"] == "back"]
    assert sum(int(r["count"]) for r in faces) == 36
    assert [(r["file"], r["count"], r["copies"]) for r in backs] == [("cards-01-back.png", "36", "1-36")]
    assert {(r["back"], r["back_design"]) for r in faces} == {("cards-01-back.png", "kit")}
    assert (tmp_path / "png" / "cards-01-back.png").stat().st_size > 0


def test_a_deck_without_a_back_takes_one_default_back_in_the_png_export(tmp_path):
    rows = export(tmp_path / "png", without_back(tmp_path / "kit"), "--for", "png")
    faces = [r for r in rows if r["side"] == "face"]
    backs = [r for r in rows if r["side"] == "back"]
    assert sum(int(r["count"]) for r in faces) == 36 and len(backs) == 1
    assert {(r["back"], r["back_design"]) for r in faces} == {("cards-01-back.png", "default")}


def test_the_pdf_export_prints_the_default_back_behind_every_face_and_names_its_page(tmp_path):
    rows = export(tmp_path / "pdf", without_back(tmp_path / "kit"), "--for", "pdf")
    assert [r["side"] for r in rows] == ["face", "back"] * 36
    for face, back in zip(rows[::2], rows[1::2], strict=True):
        assert face["back"] == f"targ.pdf page {back['page']}" and face["back_design"] == "default"
    assert len(pypdf.PdfReader(tmp_path / "pdf" / "targ.pdf").pages) == 72
    with pdfplumber.open(tmp_path / "pdf" / "targ.pdf") as document:
        assert document.pages[1].extract_text().strip() == "Karty towarów"  # the deck's title, in Polish
        frames = [r for r in document.pages[1].rects if r["stroke"]] + [
            c for c in document.pages[1].curves if c["stroke"]
        ]
        assert frames
        bleed_pt = 2.0 / 25.4 * 72  # the export's default bleed
        for shape in frames:  # the frame's ink keeps the 3 mm safe zone from the cut
            assert shape["x0"] - bleed_pt >= 3.0 / 25.4 * 72 - 0.3


def test_the_tabletop_simulator_back_is_the_same_design():
    page = export_tts.plain_back(50.0, 40.0, "Karty towarów").pages[0]
    assert page.items == default_back(50.0, 40.0, "Karty towarów")


def test_a_design_that_breaks_the_shops_safe_zone_is_a_warning_on_its_line(tmp_path, run):
    source = (REPO / "kits" / "targ.yaml").read_text(encoding="utf-8")
    frame = "      - {type: frame, inset: 3.45mm, width: 0.9mm, radius: 1.5mm}"
    assert source.count(frame) == 1
    kit = tmp_path / "targ.yaml"
    kit.write_text(source.replace(frame, frame.replace("3.45mm", "1.8mm")), encoding="utf-8")  # ink 1.35 mm in
    line = next(n for n, text in enumerate(source.splitlines(), 1) if text == "  - id: cards")
    result = run("export", str(kit), "--for", "png", "-o", str(tmp_path / "out"))
    assert result.code == 0  # a warning, one line for the component: the export is still written
    [message] = result.err.strip().splitlines()
    assert message.startswith(
        f"{kit}:{line}: components[1]: warning: a frame on the face of berries 1 comes 1.3 mm from the cut"
    )
    assert message.endswith("keep text and frames at least 3 mm inside it (the safe zone)")
    clean = run("export", "targ", "--for", "png", "-o", str(tmp_path / "clean"))
    assert clean.code == 0 and clean.err == ""  # the shipped design keeps the safe zone
