"""The golden outputs: every shipped kit built in-process and compared to what tests/goldens/ holds.

A case is ``kit/lang/paper/variant``: every shipped kit in each of its languages on A4 and Letter;
a kit with two-sided pieces also as duplex flipped on the short edge and as fold-over backs; a kit
with a sheet component also as personalised sheets (``sheets``: its fewest players, named "Ala"
and default names). For each case tests/goldens/ holds

- ``pdf_hashes.json``: the sha256 of the PDF, of the placement manifest and of the cut SVG, so a
  refactor that moves a piece by a hair or changes one byte of a page fails;
- ``KIT/LANG/PAPER/VARIANT.manifest.json``: the manifest as text, one line per page and per piece,
  so a moved piece is one changed line naming its page, kind, component and copy;
- ``KIT/LANG/PAPER/VARIANT.cut.svg``: the cut SVG as printkit writes it (one element per line),
  unless the case refuses to make one (its refusal is then its hash entry);
- for the few cases of ``PICTURED`` (a rules page, a board, a card sheet, tokens, fold-over
  backs), ``VARIANT.page-N.png``: each page drawn at ``PICTURE_DPI`` by pdfium.

Pictures rather than a normalised PDF (``qpdf --qdf``): in a QDF file the fonts are binary
streams and the words are glyph codes of font subsets, so git shows it as binary or as lines of
hex and transformation matrices, and the numbers it would show are the manifest's, which diffs
better already. A page picture shows what the manifest cannot, how the page looks, and a
reviewer sees its change in any image diff (GitHub's side by side, swipe or onion skin).

The manifest and the cut SVG are data of the layout, the same with the lowest versions of the
libraries .ci/minimum.txt allows; the PDF's bytes and its pictures hold only for the newest
versions (a PDF names its producer, pdfium draws by its own rules).

Regenerate on purpose (only when a change is meant to change what is printed, and say so in the
commit): ``python tests/golden.py`` from the repository root writes every kind of golden and
removes those of cases that are gone; then review ``git diff tests/goldens``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import pypdfium2
from PIL import Image, ImageChops

from printkit import pipeline as build
from printkit.base.records import replace
from printkit.kinds import load_kinds
from printkit.kit import file as kitfile
from printkit.layout.context import Options
from printkit.layout.paper import paper as paper_named
from printkit.layout.primitives import Document
from printkit.output.cutfile import svg
from printkit.output.manifest import manifest
from printkit.render.pdf import render

GOLDENS = Path(__file__).resolve().parent / "goldens"
HASHES = GOLDENS / "pdf_hashes.json"
PAPERS = ("a4", "letter")
TWO_SIDED_VARIANTS = {"short": Options(flip="short"), "fold": Options(two_sided="fold")}
MANIFEST, CUT_SVG = ".manifest.json", ".cut.svg"
# A rules page, a market board and card sheets on A4; a hex board and tokens on Letter; a board,
# a sheet and stones with fold-over backs.
PICTURED = ("targ/pl/a4/duplex", "latarnie/pl/letter/duplex", "plateau/cs/a4/fold")
PICTURE_DPI = 50
REFUSED = "refused: "
KINDS = load_kinds()  # the shipped kits' kinds: printkit's own


@dataclass(frozen=True)
class Case:
    """One laid-out case of a shipped kit: every golden of it is made from its document."""

    key: str
    document: Document
    kit_name: str
    paper: str

    @cached_property
    def rows(self) -> dict[str, Any]:
        """The placement manifest's rows, as ``--manifest`` writes them."""
        return manifest(self.document, self.kit_name, paper_named(self.paper), KINDS)

    @cached_property
    def cut_svg(self) -> str:
        """The cut SVG's text, or ``refused: why`` for a landscape page with pieces to cut."""
        try:
            return svg(self.rows, KINDS)
        except build.PrintkitError as refused:
            return f"{REFUSED}{refused}"

    def pdf(self) -> bytes:
        return render(self.document)

    def texts(self) -> dict[Path, str]:
        """The case's text goldens by their file: the manifest, and the cut SVG where it makes one."""
        texts = {golden_file(self.key, MANIFEST): manifest_text(self.rows)}
        if not self.cut_svg.startswith(REFUSED):
            texts[golden_file(self.key, CUT_SVG)] = self.cut_svg
        return texts

    def hashes(self) -> dict[str, str]:
        """The PDF's, the manifest's and the cut file's hashes (a refusal is kept as its words)."""
        cut = self.cut_svg if self.cut_svg.startswith(REFUSED) else sha256(self.cut_svg.encode())
        return {"pdf": sha256(self.pdf()), "manifest": manifest_hash(self.rows), "cut_svg": cut}


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def manifest_hash(rows: dict[str, Any]) -> str:
    """The hash pdf_hashes.json has always kept: of the rows as compact JSON."""
    return sha256(json.dumps(rows, ensure_ascii=False).encode())


def manifest_text(rows: dict[str, Any]) -> str:
    """The manifest as a reviewer reads it: each page and each piece on a line of its own.

    ``json.loads`` gives the very rows back, so the file and the hash pin the same manifest."""
    entries = []
    for name, value in rows.items():
        if isinstance(value, list) and value:
            lines = ",\n".join(f"  {json.dumps(item, ensure_ascii=False)}" for item in value)
            entries.append(f"{json.dumps(name)}: [\n{lines}\n ]")
        else:
            entries.append(f"{json.dumps(name)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n " + ",\n ".join(entries) + "\n}\n"


def golden_file(key: str, suffix: str) -> Path:
    """``kpn/cs/a4/duplex`` and ``.cut.svg`` -> tests/goldens/kpn/cs/a4/duplex.cut.svg."""
    return GOLDENS / f"{key}{suffix}"


def picture_file(key: str, page: int) -> Path:
    return golden_file(key, f".page-{page}.png")


def kit_cases(name: str) -> Iterator[Case]:
    """Every case of one shipped kit, laid out."""
    loaded = build.load(name)
    for lang in loaded.kit.kit.languages:
        for paper in PAPERS:
            ctx = build.context(loaded, lang, paper)
            document = build.lay_out(loaded, ctx)
            yield Case(f"{name}/{lang}/{paper}/duplex", document, loaded.name, paper)
            if any(page.side for page in document.pages):
                for variant, options in TWO_SIDED_VARIANTS.items():
                    two_sided = build.lay_out(loaded, build.context(loaded, lang, paper, options))
                    yield Case(f"{name}/{lang}/{paper}/{variant}", two_sided, loaded.name, paper)
            if any(component.kind == "sheet" for component in loaded.kit.components):
                yield Case(f"{name}/{lang}/{paper}/sheets", sheets(loaded, lang, paper), loaded.name, paper)


def sheets(loaded: build.LoadedKit, lang: str, paper: str) -> Document:
    ctx = build.context(loaded, lang, paper)
    players = build.sheet_names(loaded, ctx, loaded.kit.kit.players.min, ["Ala"])
    return build.sheets_document(loaded, replace(ctx, players=players))


def golden_cases() -> dict[str, Case]:
    """Every case of every shipped kit, by its key."""
    return {case.key: case for name in kitfile.shipped_kit_names() for case in kit_cases(name)}


def committed_hashes() -> dict[str, dict[str, str]]:
    return json.loads(HASHES.read_text(encoding="utf-8"))


def committed_text_files() -> list[Path]:
    """Every manifest and cut SVG tests/goldens/ holds."""
    return sorted(path for suffix in (MANIFEST, CUT_SVG) for path in GOLDENS.rglob(f"*{suffix}"))


def committed_picture_files() -> list[Path]:
    return sorted(GOLDENS.rglob("*.png"))


def page_pictures(pdf: bytes) -> list[Image.Image]:
    """Each page of a PDF drawn at PICTURE_DPI, as RGB pixels."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [page.render(scale=PICTURE_DPI / 72).to_pil().convert("RGB") for page in document]
    finally:
        document.close()


def picture_difference(committed: Image.Image, current: Image.Image) -> str:
    """'' when two pictures have the same pixels, else where they differ, in mm from the top left."""
    if committed.size != current.size:
        return f"the page is {current.size} pixels, not {committed.size}"
    box = ImageChops.difference(committed.convert("RGB"), current).getbbox()
    if box is None:
        return ""
    left, top, right, bottom = (round(pixels * 25.4 / PICTURE_DPI) for pixels in box)
    return f"pixels differ from ({left}, {top}) mm to ({right}, {bottom}) mm"


def write_text(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="\n")


def write_picture(path: Path, picture: Image.Image) -> None:
    """Write a page picture, keeping the file when its pixels are the same: another zlib or Pillow
    may encode the same pixels to other bytes, which would churn git for nothing."""
    if path.exists():
        with Image.open(path) as committed:
            if not picture_difference(committed, picture):
                return
    path.parent.mkdir(parents=True, exist_ok=True)
    picture.save(path, "PNG", optimize=True)


def regenerate() -> None:
    """Write every golden of every case and remove the files of cases that are gone."""
    cases = golden_cases()
    HASHES.write_text(
        json.dumps({key: case.hashes() for key, case in cases.items()}, indent=1, sort_keys=True) + "\n",
        encoding="utf-8",
    )
    written: set[Path] = set()
    for case in cases.values():
        for path, text in case.texts().items():
            write_text(path, text)
            written.add(path)
    for key in PICTURED:
        for page, picture in enumerate(page_pictures(cases[key].pdf()), start=1):
            write_picture(picture_file(key, page), picture)
            written.add(picture_file(key, page))
    for stale in set(committed_text_files() + committed_picture_files()) - written:
        stale.unlink()
    print(f"{GOLDENS}: {len(cases)} cases, {len(written)} files beside {HASHES.name}", file=sys.stderr)


if __name__ == "__main__":
    regenerate()
