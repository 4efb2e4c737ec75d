"""The golden outputs: every shipped kit built in-process, hashed, compared to tests/goldens/pdf_hashes.json.

A case is ``kit/lang/paper/variant``: every shipped kit in each of its languages on A4 and Letter;
a kit with two-sided pieces also as duplex flipped on the short edge and as fold-over backs; a kit
with a sheet component also as personalised sheets (``sheets``: its fewest players, named "Ala"
and default names). Each case records the sha256 of the PDF, of the placement manifest and of
the cut SVG, so a refactor that moves a piece by a hair or changes one byte of a page fails.

Regenerate on purpose (only when a change is meant to change what is printed, and say so in the
commit): ``python tests/golden.py`` from the repository root, then review ``git diff tests/goldens``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from printkit import pipeline as build
from printkit.kit import file as kitfile
from printkit.layout.context import Options
from printkit.layout.primitives import Document
from printkit.output.cutfile import svg
from printkit.output.manifest import manifest
from printkit.render.pdf import render

HASHES = Path(__file__).resolve().parent / "goldens" / "pdf_hashes.json"
PAPERS = ("a4", "letter")
TWO_SIDED_VARIANTS = {"short": Options(flip="short"), "fold": Options(two_sided="fold")}


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def output_hashes(document: Document, loaded: build.LoadedKit, paper: str) -> dict[str, str]:
    """The PDF's, the manifest's and the cut file's hashes for one laid-out document."""
    rows = manifest(document, loaded.name, build.paper(paper), loaded.kit.kinds)
    hashes = {"pdf": sha256(render(document)), "manifest": sha256(json.dumps(rows, ensure_ascii=False).encode())}
    try:
        hashes["cut_svg"] = sha256(svg(rows, loaded.kit.kinds).encode())
    except build.PrintkitError as refused:  # a landscape page with pieces to cut: the refusal is the output
        hashes["cut_svg"] = f"refused: {refused}"
    return hashes


def kit_cases(name: str) -> Iterator[tuple[str, dict[str, str]]]:
    """Every case of one shipped kit, by its key, with its hashes."""
    loaded = build.load(name)
    for lang in loaded.kit.kit.languages:
        for paper in PAPERS:
            ctx = build.context(loaded, lang, paper)
            document = build.lay_out(loaded, ctx)
            yield f"{name}/{lang}/{paper}/duplex", output_hashes(document, loaded, paper)
            if any(page.side for page in document.pages):
                for variant, options in TWO_SIDED_VARIANTS.items():
                    two_sided = build.lay_out(loaded, build.context(loaded, lang, paper, options))
                    yield f"{name}/{lang}/{paper}/{variant}", output_hashes(two_sided, loaded, paper)
            if any(component.kind == "sheet" for component in loaded.kit.components):
                yield f"{name}/{lang}/{paper}/sheets", output_hashes(sheets(loaded, lang, paper), loaded, paper)


def sheets(loaded: build.LoadedKit, lang: str, paper: str) -> Document:
    ctx = build.context(loaded, lang, paper)
    players = build.sheet_names(loaded, ctx, loaded.kit.kit.players.min, ["Ala"])
    return build.sheets_document(loaded, replace(ctx, players=players))


def golden_hashes() -> dict[str, dict[str, str]]:
    """Every case of every shipped kit, by its key."""
    return {key: hashes for name in kitfile.shipped_kit_names() for key, hashes in kit_cases(name)}


def committed_hashes() -> dict[str, dict[str, str]]:
    return json.loads(HASHES.read_text(encoding="utf-8"))


if __name__ == "__main__":
    HASHES.write_text(json.dumps(golden_hashes(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{HASHES}: {len(committed_hashes())} cases", file=sys.stderr)
