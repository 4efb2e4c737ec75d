"""Shared test helpers: run the CLI in-process, build kits into temporary folders, read PDFs."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from expected_skips import pytest_make_collect_report, pytest_runtest_makereport  # noqa: F401 (hooks)
from printkit.base.units import MM_PER_POINT
from printkit.cli import main
from printkit.layout.context import made_file_name, paper, paper_suffix

REPO = Path(__file__).resolve().parents[1]


@dataclass
class Run:
    code: int
    out: str
    err: str


def cli_runner(capsys):
    """A function that calls printkit's entry point as a user would, from the current folder."""

    def call(*args: str) -> Run:
        try:
            main(list(args))
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return call


@pytest.fixture
def run(capsys, monkeypatch):
    """Call printkit's entry point as a user would, from the repository root."""
    monkeypatch.chdir(REPO)
    return cli_runner(capsys)


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """Build a kit once per session and hand back the PDF path: built('ogrod', 'cs')."""
    cache: dict[tuple, Path] = {}
    folder = tmp_path_factory.mktemp("built")

    def get(kit: str, lang: str = "", *extra: str) -> Path:
        key = (kit, lang, extra)
        if key not in cache:
            target = folder / str(len(cache)) / default_pdf_name(kit, lang, option(extra, "--paper", "a4"))
            target.parent.mkdir()
            args = ["build", kit, "-o", str(target), *extra]
            if lang:
                args += ["--lang", lang]
            try:
                main(args)
            except SystemExit as exc:
                assert not exc.code, f"build {args} failed"
            cache[key] = target
        return cache[key]

    return get


def default_pdf_name(kit: str, lang: str = "", paper_name: str = "a4") -> str:
    """The name printkit gives a kit's PDF by default (``targ-letter-en.pdf``): a build written
    under it, in a folder of its own, names the files beside it as a build without -o does."""
    source = REPO / kit if kit.endswith(".yaml") else REPO / "kits" / f"{kit}.yaml"  # REPO / an absolute path: it
    default_lang = yaml.safe_load(source.read_text(encoding="utf-8"))["kit"]["default_lang"]
    return made_file_name(Path(kit).stem, paper_suffix(paper(paper_name)), lang or default_lang, default_lang)


def option(options: tuple[str, ...] | list[str], name: str, default: str) -> str:
    """The value given to ``name`` among command-line ``options``, else ``default``."""
    given = list(options)
    return given[given.index(name) + 1] if name in given else default


def mm(points: float) -> float:
    return points * MM_PER_POINT


def pdf_bytes_io(path: Path) -> io.BytesIO:
    return io.BytesIO(path.read_bytes())


PAPERS = ("a4", "letter")


def kit_cases(papers: tuple[str, ...] = PAPERS) -> list[tuple[str, str, str]]:
    """(kit, language, paper) for every shipped kit, each of its languages and each paper."""
    from printkit import pipeline as build
    from printkit.kit import file as kitfile

    cases = []
    for name in kitfile.shipped_kit_names():
        for lang in build.load(name).kit.kit.languages:
            cases += [(name, lang, paper) for paper in papers]
    return cases


def first_language_cases(papers: tuple[str, ...] = PAPERS) -> list[tuple[str, str, str]]:
    """(kit, language, paper) for every shipped kit in its first language on each paper: for what
    does not depend on the language (pieces, outlines, bleed, where backs land)."""
    first: dict[str, str] = {}
    for kit, lang, _ in kit_cases(papers):
        first.setdefault(kit, lang)
    return [(kit, lang, paper) for kit, lang, paper in kit_cases(papers) if lang == first[kit]]


@dataclass
class KitOutputs:
    pdf: Path
    manifest: dict
    cut_svg: Path


@pytest.fixture(scope="session")
def kit_outputs(tmp_path_factory):
    """A kit built once per session with its manifest and cut file: kit_outputs('targ', 'en', 'letter')."""
    import json

    cache: dict[tuple, KitOutputs] = {}
    folder = tmp_path_factory.mktemp("outputs")

    def get(kit: str, lang: str, paper: str, *extra: str) -> KitOutputs:
        key = (kit, lang, paper, extra)
        if key not in cache:
            (folder / str(len(cache))).mkdir()
            pdf = folder / str(len(cache)) / default_pdf_name(kit, lang, paper)
            manifest, svg = pdf.with_suffix(".json"), pdf.with_suffix(".svg")
            args = [
                "build",
                kit,
                "--lang",
                lang,
                "--paper",
                paper,
                "-o",
                str(pdf),
                "--manifest",
                str(manifest),
                "--cut-svg",
                str(svg),
                *extra,
            ]
            try:
                main(args)
            except SystemExit as exc:
                assert not exc.code, f"{args} failed"
            cache[key] = KitOutputs(pdf, json.loads(manifest.read_text(encoding="utf-8")), svg)
        return cache[key]

    return get
