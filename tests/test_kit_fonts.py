"""A kit's own fonts: named for body, headings or pieces, read only from the kit's folder, proved
embeddable before anything is drawn, and the font each text is measured, checked and drawn in."""

from __future__ import annotations

import shutil
import subprocess

import pdfplumber
import pytest
import yaml

from printkit import fonts, kitfonts

MINI = yaml.safe_load((fonts.data_dir() / ".." / ".." / ".." / "tests" / "kits" / "mini.yaml").read_text())


def kit_with_fonts(tmp_path, fonts_field, files=()):
    """tests/kits/mini.yaml as game.yaml with ``fonts:`` and its font files in game/."""
    folder = tmp_path / "game"
    folder.mkdir()
    for name, source in files:
        shutil.copyfile(source, folder / name)
    data = dict(MINI, fonts=fonts_field)
    data["rules"] = [
        {
            "heading": {"pl": "Zasady", "cs": "Pravidla", "en": "Rules"},
            "body": {
                "pl": "Graj {rounds.count} rund, zażółć gęślą jaźń.",
                "cs": "Hraj {rounds.count} kol, příliš žluťoučký kůň.",
                "en": "Play {rounds.count} rounds quickly.",
            },
        }
    ]
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


ATKINSON = fonts.fonts_dir() / "AtkinsonHyperlegible-Regular.ttf"
ATKINSON_BOLD = fonts.fonts_dir() / "AtkinsonHyperlegible-Bold.ttf"
SERIF = fonts.fonts_dir() / "NotoSerif-Regular.ttf"


def fonts_of_words(pdf, word):
    with pdfplumber.open(pdf) as document:
        text_chars = [c for page in document.pages for c in page.chars]
    line = "".join(c["text"] for c in text_chars)
    start = line.rindex(word)  # the last: the rules text, after the title block's facts
    return {c["fontname"].split("+")[-1] for c in text_chars[start : start + len(word)]}


def test_a_kits_body_font_prints_the_rules_text(run, tmp_path):
    kit = kit_with_fonts(
        tmp_path,
        {"body": {"regular": "type/Body.ttf", "bold": "type/Body-Bold.ttf"}},
        files=[],
    )
    (tmp_path / "game" / "type").mkdir()
    shutil.copyfile(ATKINSON, tmp_path / "game" / "type" / "Body.ttf")
    shutil.copyfile(ATKINSON_BOLD, tmp_path / "game" / "type" / "Body-Bold.ttf")
    for lang, word in (("pl", "gęślą"), ("cs", "žluťoučký"), ("en", "quickly")):
        pdf = tmp_path / f"game-{lang}.pdf"
        result = run("build", str(kit), "--lang", lang, "-o", str(pdf))
        assert result.code == 0, result.err
        assert fonts_of_words(pdf, word) == {"AtkinsonHyperlegible-Regular"}
    plain = tmp_path / "plain.pdf"
    assert run("build", "tests/kits/mini.yaml", "-o", str(plain)).code == 0  # printkit's own body face
    assert fonts_of_words(plain, "rounds") == {"NotoSerif-Regular"}


def test_every_font_of_a_kit_with_its_own_fonts_is_embedded(run, tmp_path):
    kit = kit_with_fonts(tmp_path, {"pieces": {"regular": "Pieces.ttf"}}, files=[("Pieces.ttf", SERIF)])
    pdf = tmp_path / "game.pdf"
    assert run("build", str(kit), "-o", str(pdf)).code == 0
    if shutil.which("pdffonts") is None:
        pytest.skip("pdffonts is not installed (apt-get install poppler-utils); .ci/run installs it")
    listing = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout
    rows = listing.splitlines()[2:]
    assert rows and all(row.split()[-5] == "yes" for row in rows), listing  # the 'emb' column


def test_a_glyph_the_kits_font_lacks_is_a_finding_for_the_text_that_needs_it(run, tmp_path):
    """Noto Serif as shipped holds the kits' letters only; Atkinson draws '≤'. With the serif as the
    pieces font, a sheet title with '≤' cannot print."""
    assert not fonts.missing_characters("≤") and fonts.missing_characters("≤", face="body")
    kit = kit_with_fonts(tmp_path, {"pieces": {"regular": "Pieces.ttf"}}, files=[("Pieces.ttf", SERIF)])
    data = yaml.safe_load(kit.read_text(encoding="utf-8"))
    data["components"][0]["title"]["en"] = "Sheet: score ≤ 10"
    kit.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    result = run("validate", str(kit))
    assert result.code == 1
    assert "the font has no glyph for '≤' (U+2264)" in result.err, result.err


@pytest.mark.parametrize(
    "relative, message",
    [
        ("../Outside.ttf", "'../Outside.ttf' lies outside the kit's folder"),
        ("Body.woff2", "'Body.woff2' is not a font file printkit can embed; use a TrueType .ttf (or .otf) file"),
        ("Missing.ttf", "no font 'Missing.ttf' in the kit's folder"),
        ("Fake.ttf", "'Fake.ttf' cannot be embedded: Not a recognized TrueType font"),
    ],
)
def test_a_font_that_cannot_print_is_one_line_with_its_field(run, tmp_path, relative, message):
    kit = kit_with_fonts(tmp_path, {"body": {"regular": relative}})
    (tmp_path / "Outside.ttf").write_bytes(ATKINSON.read_bytes())
    (tmp_path / "game" / "Fake.ttf").write_text("this is not a font\n" * 20)
    (tmp_path / "game" / "Body.woff2").write_bytes(b"wOF2")
    result = run("build", str(kit), "-o", str(tmp_path / "x.pdf"))
    assert result.code == 1
    lines = result.err.splitlines()
    assert len(lines) == 1 and ": fonts.body.regular: " in lines[0] and message in lines[0], result.err
    assert lines[0].startswith(f"{kit}:") and not (tmp_path / "x.pdf").exists()


def test_a_font_is_registered_by_its_content():
    assert kitfonts.registered(ATKINSON.read_bytes()) == kitfonts.registered(ATKINSON.read_bytes())
    assert kitfonts.registered(ATKINSON.read_bytes()) != kitfonts.registered(SERIF.read_bytes())
