"""The files a build writes beside its PDF (the boxes, the shared score sheet, the DXF sheets) are
named after the PDF -o names, and the rules' print recipe names those very files. A review found
`-o kpn-fold.pdf` writing kpn-boxes.pdf and kpn-sheets.pdf over the duplex build's, and a Letter
build's companions named for a PDF it did not write."""

from __future__ import annotations

from conftest import cli_runner
from piece_pdf import recipe_text


def pdf_names(folder) -> list[str]:
    return sorted(path.name for path in folder.glob("*.pdf"))


def test_a_fold_build_beside_a_duplex_one_keeps_its_own_companions(tmp_path, capsys):
    run = cli_runner(capsys)
    out = tmp_path / "out"
    out.mkdir()
    assert run("build", "kpn", "--lang", "en", "-o", str(out / "kpn.pdf")).code == 0
    duplex_sheets = (out / "kpn-sheets.pdf").read_bytes()
    fold = run("build", "kpn", "--lang", "en", "--two-sided", "fold", "-o", str(out / "kpn-fold.pdf"))
    assert fold.code == 0
    assert f"{out / 'kpn-fold-sheets.pdf'} (1 page)" in fold.out
    assert pdf_names(out) == [
        "kpn-boxes.pdf",
        "kpn-fold-boxes.pdf",
        "kpn-fold-sheets.pdf",
        "kpn-fold.pdf",
        "kpn-sheets.pdf",
        "kpn.pdf",
    ]
    assert (out / "kpn-sheets.pdf").read_bytes() == duplex_sheets  # not replaced by the fold build
    folded, duplex = recipe_text(out / "kpn-fold.pdf"), recipe_text(out / "kpn.pdf")
    assert "in the file kpn-fold-boxes.pdf that comes with the kit" in folded
    assert "in the file kpn-fold-sheets.pdf that comes with the kit" in folded
    assert "kpn-boxes.pdf" not in folded and "kpn-sheets.pdf" not in folded
    assert "in the file kpn-boxes.pdf that comes with the kit" in duplex


def test_a_letter_build_names_its_companions_after_its_pdf(tmp_path, capsys):
    run = cli_runner(capsys)
    target = tmp_path / "us" / "targ-us.pdf"
    target.parent.mkdir()
    assert run("build", "targ", "--paper", "letter", "--lang", "pl", "-o", str(target)).code == 0
    assert pdf_names(target.parent) == ["targ-us-boxes.pdf", "targ-us-sheets.pdf", "targ-us.pdf"]
    text = recipe_text(target)
    assert "targ-us-boxes.pdf" in text and "targ-us-sheets.pdf" in text
    assert "letter" not in text  # the default names, targ-letter-pl-..., are not used


def test_without_o_the_pdf_and_its_companions_keep_the_default_names(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    run = cli_runner(capsys)
    assert run("build", "targ", "--paper", "letter").code == 0
    output = tmp_path / "output"
    assert pdf_names(output) == ["targ-letter-boxes.pdf", "targ-letter-sheets.pdf", "targ-letter.pdf"]
    text = recipe_text(output / "targ-letter.pdf")
    assert "targ-letter-boxes.pdf" in text and "targ-letter-sheets.pdf" in text


def test_the_dxf_sheets_are_named_after_the_pdf(tmp_path, capsys):
    run = cli_runner(capsys)
    cut = tmp_path / "cut"
    target = tmp_path / "latarnie-print.pdf"
    assert run("build", "latarnie", "-o", str(target), "--cut-dxf", str(cut)).code == 0
    boxes = tmp_path / "kpn-box.pdf"
    assert run("build", "kpn", "--boxes", "-o", str(boxes), "--cut-dxf", str(cut)).code == 0
    names = sorted(path.name for path in cut.glob("*.dxf"))
    assert names and all(name.startswith(("latarnie-print-page-", "kpn-box-page-")) for name in names)
    assert "kpn-box-page-1.dxf" in names  # the box's sheet beside the kit's, neither replacing the other
    assert any(name.startswith("latarnie-print-page-") for name in names)


def test_o_naming_the_default_file_keeps_the_default_names(tmp_path, capsys):
    """`-o out/targ-letter.pdf --paper letter` is the build without -o, written elsewhere."""
    run = cli_runner(capsys)
    assert run("build", "targ", "--paper", "letter", "-o", str(tmp_path / "targ-letter.pdf")).code == 0
    assert pdf_names(tmp_path) == ["targ-letter-boxes.pdf", "targ-letter-sheets.pdf", "targ-letter.pdf"]
    assert "targ-letter-boxes.pdf" in recipe_text(tmp_path / "targ-letter.pdf")
