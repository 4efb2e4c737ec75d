"""Every paper printkit names, and a paper given by its size (--paper 230x330, --paper 8.5x11in):
each shipped kit builds on it with pages of that size in mm, its ink inside the 5 mm the printer
cannot print and every piece on the page, or is refused on it naming the kit's line and the reason,
leaving no file; `validate --paper` says the same; hostile sizes are one line and exit 1."""

from __future__ import annotations

import json
import re

import pytest
from pypdf import PdfReader

from conftest import REPO, cli_runner, mm
from print_measure import ink_margins
from printkit.kit import file as kitfile
from printkit.layout.context import SAFE_EDGE
from printkit.layout.paper import MAX_SIDE, MIN_SIDE, PAPERS, Paper, paper
from printkit.words.messages import message

SIZES = {
    "a5": (148.0, 210.0),
    "a4": (210.0, 297.0),
    "a3": (297.0, 420.0),
    "letter": (215.9, 279.4),
    "legal": (215.9, 355.6),
    "tabloid": (279.4, 431.8),
    "230x330": (230.0, 330.0),
}
KITS = kitfile.shipped_kit_names()
PIXEL = 25.4 / 50  # ink is measured at 50 dpi: a distance read is at most a pixel short


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    """(kit, paper) -> (exit code, stderr, the PDF's path) of `build KIT --lang en --paper PAPER`,
    each built once."""
    folder = tmp_path_factory.mktemp("papers")
    cache: dict[tuple[str, str], tuple[int, str, object]] = {}

    def get(capsys, monkeypatch, kit: str, paper_name: str):
        if (kit, paper_name) not in cache:
            monkeypatch.chdir(REPO)
            target = folder / f"{kit}-{paper_name}.pdf"
            result = cli_runner(capsys)("build", kit, "--lang", "en", "--paper", paper_name, "-o", str(target))
            cache[kit, paper_name] = (result.code, result.err, target)
        return cache[kit, paper_name]

    return get


def test_the_named_papers_are_these_sizes_in_mm():
    assert {key: (p.width, p.height) for key, p in PAPERS.items()} == {
        key: size for key, size in SIZES.items() if key in PAPERS
    }


@pytest.mark.parametrize(
    ("given", "name", "size"),
    [
        ("A3", "A3", (297.0, 420.0)),
        ("Tabloid", "Tabloid", (279.4, 431.8)),
        ("210x297", "A4", (210.0, 297.0)),  # a named paper's size is that paper, by its name
        ("297 × 210 mm", "A4", (210.0, 297.0)),  # always portrait: each component turns its own pages
        ("8.5x11in", "Letter", (215.9, 279.4)),
        ("8.5x14in", "Legal", (215.9, 355.6)),
        ("230x330", "230 × 330 mm", (230.0, 330.0)),
        ("9x12in", "228.6 × 304.8 mm", (228.6, 304.8)),
    ],
)
def test_a_paper_is_read_from_its_name_or_its_size(given, name, size):
    assert paper(given) == Paper(name, *size)


@pytest.mark.parametrize(
    ("given", "why"),
    [
        ("0x297", "has a side of 0 mm"),
        ("210x0.5", "has a side of 0.5 mm"),
        ("-210x297", "is not a paper"),
        ("210x-297", "is not a paper"),
        ("nan", "is not a paper"),
        ("nanxnan", "is not a paper"),
        ("infx297", "is not a paper"),
        ("1e999x3", "is not a paper"),
        ("99999x99999", "has a side of 99999 mm"),
        ("50x50in", "has a side of 1270 mm"),
        ("210x297cm", "is not a paper"),
        ("9" * 400, "is not a paper"),
        ("b5", "is not a paper"),
    ],
)
@pytest.mark.parametrize("command", ["build", "validate", "calibrate"])
def test_a_hostile_paper_is_one_line_and_exit_1_before_any_work(run, tmp_path, command, given, why):
    target = ["-o", str(tmp_path / "x.pdf")]
    args = {"build": ["ogrod", *target], "validate": ["ogrod"], "calibrate": target}[command]
    result = run(command, *args, f"--paper={given}")
    assert result.code == 1 and result.out == ""
    assert result.err.count("\n") == 1 and "Traceback" not in result.err
    assert result.err.startswith(f"printkit {command}: invalid value for '--paper': ") and why in result.err
    assert f"{MIN_SIDE:g}–{MAX_SIDE:g} mm" in result.err or "WIDTHxHEIGHT" in result.err
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize("paper_name", list(SIZES))
@pytest.mark.parametrize("kit", KITS)
def test_every_shipped_kit_builds_on_each_paper_or_is_refused_with_its_reason(
    outcomes, capsys, monkeypatch, kit, paper_name
):
    code, err, pdf = outcomes(capsys, monkeypatch, kit, paper_name)
    if code:
        assert code == 1 and not pdf.exists(), err
        lines = err.splitlines()
        assert re.fullmatch(r"Aborted with \d+ errors? \(.*\)\.", lines[-1]) or len(lines) == 1, err
        for line in lines[:-1]:  # each finding names the kit's file, its line and its field
            assert re.match(rf"kits/{kit}\.yaml:\d+: [\w\[\].]+: \S", line), line
        return
    width, height = SIZES[paper_name]
    for page in PdfReader(pdf).pages:
        box = page.mediabox
        shown = sorted((mm(float(box.width)), mm(float(box.height))))
        assert shown == pytest.approx(sorted((width, height)), abs=0.01)


@pytest.mark.parametrize("paper_name", ["a3", "tabloid", "legal", "230x330"])
@pytest.mark.parametrize("kit", KITS)
def test_the_ink_stays_inside_the_printable_area_of_each_paper(outcomes, capsys, monkeypatch, kit, paper_name):
    code, err, pdf = outcomes(capsys, monkeypatch, kit, paper_name)
    assert code == 0, err  # every shipped kit keeps its page plan on these papers
    for number, margins in enumerate(ink_margins(pdf, dpi=50), start=1):
        assert min(margins) >= SAFE_EDGE - PIXEL, (number, margins)


def test_validate_names_each_paper_it_proved_the_kit_on(run):
    for key, named in PAPERS.items():
        result = run("validate", "ogrod", "--paper", key)
        if result.code == 0:
            assert result.out.startswith(f"kits/ogrod.yaml: ok: 8 invariants proved, on {named.name}, in ")
        else:
            assert result.err.startswith("kits/ogrod.yaml:"), result.err
    measured = run("validate", "ogrod", "--paper", "230x330")
    assert measured.code == 0 and "on 230 × 330 mm, in" in measured.out


def test_a_kit_refused_on_a5_says_why_in_validate_and_in_build_alike(run, tmp_path):
    validated = run("validate", "targ", "--paper", "a5")
    built = run("build", "targ", "--paper", "a5", "-o", str(tmp_path / "targ.pdf"))
    reason = (
        "kits/targ.yaml:59: components[0].columns: 4 places of 54 mm with 0.5 mm gaps need 217.5 mm; the page has "
        "149.0 mm for them"
    )
    assert validated.code == built.code == 1
    assert validated.err == f"{reason} (in pl, cs, en)\n" and built.err == f"{reason} (in pl)\n"  # build: its language
    assert not (tmp_path / "targ.pdf").exists()


BIG_BOX = """\
kit:
  title: {en: "Big deck"}
  players: {min: 1, max: 2}
  languages: [en]
  default_lang: en
  author: "printkit tests"
components:
  - id: deck
    kind: cards
    title: {en: "Cards"}
    width: 63mm
    height: 88mm
    types:
      - {id: card, count: 100, name: {en: "Card"}}
    face:
      - {type: name, box: [5, 5, 50, 10]}
  - id: box
    kind: tuckbox
    holds: deck
    label: {en: "Big deck"}
    thickness: 0.5mm
rules:
  - heading: {en: "Rules"}
    body: {en: "Play."}
"""


def test_a_tuck_box_too_big_for_a4_names_the_paper_it_fits_and_prints_on_it(run, tmp_path):
    kit = tmp_path / "big.yaml"
    kit.write_text(BIG_BOX, encoding="utf-8")
    refused = run("build", str(kit), "--boxes", "-o", str(tmp_path / "a4.pdf"))
    assert refused.code == 1 and not (tmp_path / "a4.pdf").exists()
    assert refused.err.startswith(
        f"{kit}:19: components[1].holds: the tuck box's net is 238.0 × 221.0 mm and does not fit inside the "
        "margins of A4 (186 × 256 mm), either way round; it fits Tabloid (279.4 × 431.8 mm): build it with "
        "--paper tabloid, or hold fewer or thinner cards, or split the deck into two boxes"
    )
    for paper_name in ("tabloid", "a3"):
        target = tmp_path / f"{paper_name}.pdf"
        assert run("build", str(kit), "--boxes", "--paper", paper_name, "-o", str(target)).code == 0
        page = PdfReader(target).pages[0]
        assert sorted((mm(float(page.mediabox.width)), mm(float(page.mediabox.height)))) == pytest.approx(
            sorted(SIZES[paper_name]), abs=0.01
        )


def test_on_a5_the_footer_ruler_takes_its_short_note_and_stays_inside_the_paper(run, tmp_path):
    """A5 is 148 mm wide: the page number, the compact 50 mm ruler and the long "print at 100 %"
    Polish note do not fit one line there (141.7 mm, and 124 mm between the margins), so the note takes
    its short form where it must, and the game's name gives way where it has no room."""
    for lang in ("pl", "cs", "en"):
        target = tmp_path / f"kpn-{lang}.pdf"
        result = run("build", "kpn", "--backs", "none", "--paper", "a5", "--lang", lang, "-o", str(target))
        assert result.code == 0, result.err
        reader = PdfReader(target)
        aid = " ".join(reader.pages[3].extract_text().split())  # a page of player aids, filled by the grid
        if lang == "en":  # 43.0 mm of English note fits beside the ruler and the page number
            assert message(lang, "scale_only") in aid
        else:  # 59.8 mm of Polish, 63.0 mm of Czech do not
            assert message(lang, "scale_only_short") in aid and message(lang, "scale_only") not in aid
        for number, margins in enumerate(ink_margins(target, dpi=50), start=1):
            assert min(margins) >= SAFE_EDGE - PIXEL, (lang, number, margins)


@pytest.mark.parametrize("paper_name", ["tabloid", "230x330"])
def test_the_manifest_and_the_cut_file_are_on_the_paper_built_on(run, tmp_path, paper_name):
    width, height = SIZES[paper_name]
    pdf, manifest, svg = (tmp_path / f"latarnie.{suffix}" for suffix in ("pdf", "json", "svg"))
    args = [
        "build",
        "latarnie",
        "--paper",
        paper_name,
        "-o",
        str(pdf),
        "--manifest",
        str(manifest),
        "--cut-svg",
        str(svg),
    ]
    assert run(*args).code == 0
    named = paper(paper_name)
    assert json.loads(manifest.read_text(encoding="utf-8"))["paper"] == {
        "name": named.name,
        "width": width,
        "height": height,
    }
    assert f'width="{width:g}mm" height="{height:g}mm" viewBox="0 0 {width:g} {height:g}"' in svg.read_text(
        encoding="utf-8"
    )


@pytest.mark.parametrize("paper_name", ["a3", "legal", "tabloid"])
def test_validate_all_proves_every_shipped_kit_on_the_larger_papers(run, paper_name):
    result = run("validate", "--all", "--paper", paper_name)
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert len(lines) == len(KITS)
    assert all(f", on {PAPERS[paper_name].name}, in " in line for line in lines)


def test_validate_all_refuses_the_shipped_kits_that_break_a_promise_on_a5_each_with_its_reasons(run):
    """On A5, four kits break what their rules promise (pages, a band's width, the market's places);
    plateau promises no page and proves its rules, its board split over 3 sheets, said as a note."""
    result = run("validate", "--all", "--paper", "a5")
    assert result.code == 1
    refused = {line.split(":")[0] for line in result.err.splitlines() if line.startswith("kits/")}
    assert refused == {f"kits/{kit}.yaml" for kit in KITS if kit != "plateau"}
    assert "kits/plateau.yaml: ok: 8 invariants proved, on A5" in result.out
    assert "board 'board' takes 3 sheets of A5" in result.out
