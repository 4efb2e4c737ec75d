"""A kit's own fonts: named for body, headings or pieces, read only from the kit's folder, proved
embeddable before anything is drawn, and the font each text is measured, checked and drawn in."""

from __future__ import annotations

import io
import random
import shutil
import struct
import subprocess
import sys
import time
from pathlib import Path

import pdfplumber
import pytest
import reportlab
import yaml

from printkit import fonts
from printkit.fonts import kit as kitfonts
from printkit.kit.paths import KitFolder

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
VERA = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"  # Latin-1 only: no Polish letters


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
        assert fonts_of_words(pdf, word) == {kitfonts.registered(ATKINSON.read_bytes())}  # its content's name
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
        ("Huge.ttf", "'Huge.ttf' is over 20,971,520 bytes; a font file may be at most 20 MB"),
    ],
)
def test_a_font_that_cannot_print_is_one_line_with_its_field(run, tmp_path, relative, message):
    kit = kit_with_fonts(tmp_path, {"body": {"regular": relative}})
    (tmp_path / "Outside.ttf").write_bytes(ATKINSON.read_bytes())
    (tmp_path / "game" / "Fake.ttf").write_text("this is not a font\n" * 20)
    (tmp_path / "game" / "Body.woff2").write_bytes(b"wOF2")
    with (tmp_path / "game" / "Huge.ttf").open("wb") as huge:
        huge.truncate(kitfonts.MAX_FONT_BYTES + 1)
    result = run("build", str(kit), "-o", str(tmp_path / "x.pdf"))
    assert result.code == 1
    lines = result.err.splitlines()
    assert len(lines) == 1 and ": fonts.body.regular: " in lines[0] and message in lines[0], result.err
    assert lines[0].startswith(f"{kit}:") and not (tmp_path / "x.pdf").exists()


def test_a_font_is_registered_by_its_content():
    assert kitfonts.registered(ATKINSON.read_bytes()) == kitfonts.registered(ATKINSON.read_bytes())
    assert kitfonts.registered(ATKINSON.read_bytes()) != kitfonts.registered(SERIF.read_bytes())


# --- hostile font files -----------------------------------------------------------------------------------


def tables(content: bytes) -> dict[bytes, tuple[int, int]]:
    """The sfnt table directory: tag -> (offset, length)."""
    count = struct.unpack_from(">H", content, 4)[0]
    found = {}
    for number in range(count):
        tag, _, offset, length = struct.unpack_from(">4sIII", content, 12 + 16 * number)
        found[tag] = (offset, length)
    return found


def cmap_bomb(content: bytes, code_points: int) -> bytes:
    """The font with every cmap encoding record pointing at one format-12 subtable whose single
    group maps ``code_points`` code points (28 bytes of it: the file keeps its size)."""
    font = bytearray(content)
    start, _ = tables(content)[b"cmap"]
    records = struct.unpack_from(">H", font, start + 2)[0]
    first = struct.unpack_from(">I", font, start + 8)[0]
    for number in range(records):
        struct.pack_into(">I", font, start + 4 + 8 * number + 4, first)
    struct.pack_into(">HHIIIIII", font, start + first, 12, 0, 28, 0, 1, 0, code_points - 1, 1)
    return bytes(font)


def broken_composite(content: bytes, char: str) -> bytes:
    """The font with the composite glyph of ``char`` naming a glyph the font does not have."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    parsed = TTFontFile(io.BytesIO(content))
    glyph = parsed.charToGlyph[ord(char)]
    at = tables(content)[b"glyf"][0] + parsed.glyphPos[glyph]
    assert struct.unpack_from(">h", content, at)[0] == -1  # a composite glyph
    font = bytearray(content)
    struct.pack_into(">H", font, at + 10 + 2, 0xFFF0)  # its first component's glyph index
    return bytes(font)


def wider(content: bytes, char: str, width: int) -> bytes:
    """The font with ``char``'s advance width changed: another font of the same internal name."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    glyph = TTFontFile(io.BytesIO(content)).charToGlyph[ord(char)]
    font = bytearray(content)
    struct.pack_into(">H", font, tables(content)[b"hmtx"][0] + 4 * glyph, width)
    return bytes(font)


def measured(tmp_path, *args: str) -> tuple[subprocess.CompletedProcess, int, float]:
    """printkit in a process of its own: its result, its peak RSS in MB and its seconds."""
    code = (
        "import sys\nfrom printkit.cli import main\ntry:\n    main(sys.argv[1:])\nfinally:\n"
        # VmHWM, not getrusage: a child's ru_maxrss keeps the forking pytest's size across exec
        "    print('RSS', next(l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM:')), "
        "file=sys.stderr)\n"
    )
    started = time.monotonic()
    result = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=tmp_path)
    lines = result.stderr.splitlines()
    rss = int(lines[-1].split()[1]) // 1024
    result.stderr = "\n".join(lines[:-1]) + "\n"
    return result, rss, time.monotonic() - started


def one_line_at_the_font_field(result: subprocess.CompletedProcess, kit, field: str) -> str:
    assert result.returncode == 1, result.stderr
    lines = result.stderr.splitlines()
    text = kit.read_text(encoding="utf-8").splitlines()
    role = text.index(f"  {field.split('.')[1]}:", text.index("fonts:")) + 1  # from 1
    assert len(lines) == 1 and lines[0].startswith(f"{kit.name}:{role + 1}: {field}: "), result.stderr
    return lines[0]


def test_a_cmap_claiming_millions_of_code_points_is_refused_before_reportlab_reads_it(tmp_path):
    """54 KB of font mapping 3 million code points took 900 MB and passed validate."""
    kit = kit_with_fonts(tmp_path, {"body": {"regular": "Bomb.ttf"}})
    (tmp_path / "game" / "Bomb.ttf").write_bytes(cmap_bomb(ATKINSON.read_bytes(), 3_000_000))
    for command in ("validate", "build"):
        result, rss, seconds = measured(tmp_path, command, kit.name)
        message = one_line_at_the_font_field(result, kit, "fonts.body.regular")
        assert message.endswith(
            "'Bomb.ttf' cannot be embedded: its 'cmap' table maps 3,000,000 code points; a font may map at most 100,000"
        ), message
        assert rss < 200 and seconds < 30, (rss, seconds)


@pytest.mark.parametrize(
    "damage, message",
    [
        (lambda font: font[:4] + struct.pack(">H", 5000) + font[6:], "its directory lists 5,000 tables"),
        (lambda font: font[: len(font) // 2], "table reaches past the end of the file"),
        (lambda font: b"ttcf" + font[4:], "it is a font collection (.ttc); use one of its fonts as a .ttf file"),
    ],
)
def test_a_font_whose_structure_breaks_the_budget_is_one_line(run, tmp_path, damage, message):
    kit = kit_with_fonts(tmp_path, {"body": {"regular": "Damaged.ttf"}})
    (tmp_path / "game" / "Damaged.ttf").write_bytes(damage(ATKINSON.read_bytes()))
    result = run("validate", str(kit))
    assert result.code == 1 and result.err.count("\n") == 1, result.err
    assert ": fonts.body.regular: 'Damaged.ttf' cannot be embedded: " in result.err and message in result.err


def test_a_broken_composite_glyph_the_kit_prints_is_a_finding_at_validate(run, tmp_path):
    """The Czech 'á' (in the title 'Malá hra') is a composite glyph naming a glyph the font lacks:
    subsetting failed with an IndexError (exit 2) in the build, after validate said ok."""
    kit = kit_with_fonts(tmp_path, {"headings": {"regular": "Broken.ttf"}})
    (tmp_path / "game" / "Broken.ttf").write_bytes(broken_composite(ATKINSON.read_bytes(), "á"))
    for command in (["validate", str(kit)], ["build", str(kit), "--lang", "cs", "-o", str(tmp_path / "x.pdf")]):
        result = run(*command)
        assert result.code == 1, result.err
        lines = result.err.splitlines()
        assert len(lines) == 1 and f"{kit}:" in lines[0] and ": fonts.headings.regular: " in lines[0], result.err
        assert lines[0].endswith("'Broken.ttf' cannot be embedded: its glyphs cannot be subset (IndexError)")
    assert not (tmp_path / "x.pdf").exists()


def test_a_pieces_font_without_polish_letters_is_refused_at_validate_with_its_line(run, tmp_path):
    kit = kit_with_fonts(tmp_path, {"pieces": {"regular": "Vera.ttf"}}, files=[("Vera.ttf", VERA)])
    for command in (["validate", str(kit)], ["build", str(kit), "--lang", "en", "-o", str(tmp_path / "x.pdf")]):
        result = run(*command)
        assert result.code == 1, result.err
        lines = result.err.splitlines()
        assert (
            len(lines) == 1 and ": fonts.pieces.regular: 'Vera.ttf': the font has no glyph for 'ą' (U+0105)" in lines[0]
        )
        assert lines[0].startswith(f"{kit}:") and "which the kit prints in pl" in lines[0], result.err


def test_a_font_named_like_one_already_loaded_prints_in_its_own_metrics():
    """A changed Atkinson keeps the shipped font's internal name; reportlab mapped it to the
    shipped font (and in --watch a fixed font to its first version)."""
    from reportlab.pdfbase import pdfmetrics

    fonts.register()
    changed = wider(ATKINSON.read_bytes(), "W", 2000)
    name = kitfonts.registered(changed)
    assert pdfmetrics.stringWidth("W", name, 10) != pdfmetrics.stringWidth("W", fonts.REGULAR, 10)
    assert pdfmetrics.getFont(name).face.name == name.encode()
    again = kitfonts.registered(wider(ATKINSON.read_bytes(), "W", 1500))
    assert again != name and pdfmetrics.stringWidth("W", again, 10) not in (
        pdfmetrics.stringWidth("W", name, 10),
        pdfmetrics.stringWidth("W", fonts.REGULAR, 10),
    )


def test_the_build_takes_the_font_the_check_proved_never_another(tmp_path):
    """proved() names what font_problem registered; a file changed since is refused, not loaded."""
    from types import SimpleNamespace

    (tmp_path / "A.ttf").write_bytes(ATKINSON.read_bytes())
    family = SimpleNamespace(regular="A.ttf", bold=None)
    kit = SimpleNamespace(fonts=SimpleNamespace(body=family, headings=None, pieces=None))
    folder = KitFolder(tmp_path, tmp_path.resolve())
    assert kitfonts.font_problem(folder, "A.ttf", {"en": "Play 5 rounds"}) is None
    name = kitfonts.registered(ATKINSON.read_bytes())
    assert kitfonts.proved(kit, folder) == {"body": (name, name)}
    (tmp_path / "A.ttf").write_bytes(wider(ATKINSON.read_bytes(), "P", 1234))
    assert kitfonts.proved(kit, folder) is None


def test_a_kits_fonts_may_draw_letters_printkits_own_fonts_lack(run, tmp_path):
    """'Ŋ' is in Noto Serif, not in Atkinson: the kit's texts were checked in printkit's own font
    (and refused) though every role of the kit prints in its own."""
    assert fonts.missing_characters("Ŋ") and not fonts.missing_characters("Ŋ", face="body")
    family = {"regular": "Serif.ttf", "bold": "Serif-Bold.ttf"}
    files = [("Serif.ttf", SERIF), ("Serif-Bold.ttf", fonts.fonts_dir() / "NotoSerif-Bold.ttf")]
    kit = kit_with_fonts(tmp_path, {"pieces": family, "headings": family, "body": family}, files=files)
    data = yaml.safe_load(kit.read_text(encoding="utf-8"))
    data["components"][0]["title"]["en"] = "Sheet Ŋ"
    kit.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    assert run("validate", str(kit)).code == 0
    pdf = tmp_path / "game.pdf"
    result = run("build", str(kit), "-o", str(pdf))
    assert result.code == 0, result.err
    with pdfplumber.open(pdf) as document:
        assert "Sheet Ŋ" in document.pages[-1].extract_text()


def test_mutated_fonts_give_a_pdf_or_a_one_line_error():
    """Fonts whose directory, counts, loca, cmap or glyphs were changed at random (tests/fuzz/font_directory.py)
    through the whole pipeline: never a traceback, never a slow case."""
    from fuzz.font_directory import FONT_KIT, mutate_font
    from fuzz.mutations import exercise

    rng = random.Random(3)
    outcomes = [exercise(FONT_KIT, art=mutate_font(rng, rng.randint(1, 3))) for _ in range(40)]
    crashes = [outcome.detail for outcome in outcomes if outcome.kind == "crash"]
    assert not crashes, crashes[0]
    assert {outcome.kind for outcome in outcomes} == {"pdf", "error"}
    assert max(outcome.seconds for outcome in outcomes) < 10


def test_a_letter_wider_than_any_line_is_refused_at_validate(run, tmp_path):
    """A 37.7 em 'S' (found by tests/fuzz/font_directory.py) sent the paragraph wrapper round forever."""
    kit = kit_with_fonts(tmp_path, {"body": {"regular": "Wide.ttf"}})
    (tmp_path / "game" / "Wide.ttf").write_bytes(wider(ATKINSON.read_bytes(), "S", 37716))
    result = run("validate", str(kit))
    assert result.code == 1 and result.err.count("\n") == 1, result.err
    assert ": fonts.body.regular: 'Wide.ttf' cannot be embedded: its 'S' (U+0053) is 37.7 em wide; at most 4 em" in (
        result.err
    )


def fewer_glyphs(content: bytes, count: int) -> bytes:
    """The font with maxp's glyph count lowered: its character map then names glyphs past the end."""
    font = bytearray(content)
    struct.pack_into(">H", font, tables(content)[b"maxp"][0] + 4, count)
    struct.pack_into(">H", font, tables(content)[b"hhea"][0] + 34, count)  # as many metrics: hmtx stays long enough
    return bytes(font)


def no_ascent(content: bytes) -> bytes:
    """The font with hhea's and OS/2's ascenders and capital height at 0."""
    font = bytearray(content)
    struct.pack_into(">h", font, tables(content)[b"hhea"][0] + 4, 0)
    os2 = tables(content)[b"OS/2"][0]
    for at in (68, 74, 88):  # sTypoAscender, usWinAscent, sCapHeight
        struct.pack_into(">h", font, os2 + at, 0)
    return bytes(font)


@pytest.mark.parametrize(
    "damage, message",
    [
        # the fuzzer's case 1707 of seed 6: subsetting such a glyph was an IndexError in the build
        (lambda font: fewer_glyphs(font, 50), "its character map sends "),
        # the fuzzer's case 1941 of seed 6: a line's size divided by the capital height, 0
        (no_ascent, "; a text font's letters stand above the line"),
    ],
)
def test_a_font_whose_numbers_contradict_it_is_refused_at_validate(run, tmp_path, damage, message):
    kit = kit_with_fonts(tmp_path, {"pieces": {"regular": "Lying.ttf"}})
    (tmp_path / "game" / "Lying.ttf").write_bytes(damage(ATKINSON.read_bytes()))
    for command in (["validate", str(kit)], ["build", str(kit), "-o", str(tmp_path / "x.pdf")]):
        result = run(*command)
        assert result.code == 1, result.err
        lines = result.err.splitlines()
        assert len(lines) == 1 and ": fonts.pieces.regular: 'Lying.ttf' cannot be embedded: " in lines[0], lines
        assert message in lines[0], lines[0]
    assert not (tmp_path / "x.pdf").exists()
