"""What `printkit serve` shows, kept between builds: the last good build's PDF and pages, the last
build's findings and where they pin, and the variant (language, paper, two-sided mode) the page
asked for. serve.py runs it, serve_http.py answers the browser from it.
"""

from __future__ import annotations

import re
import threading
import time
from collections import OrderedDict
from pathlib import Path
from typing import Any

from msgspec import Struct

from printkit import pipeline
from printkit.base.errors import KitError, PrintkitError, Problem
from printkit.base.progress import SILENT
from printkit.base.records import replace
from printkit.commands import build, watch
from printkit.commands.build import BuildOptions
from printkit.kit import file as kitfile
from printkit.kit.model import Kit
from printkit.layout.context import CROP_MARKS, TwoSided
from printkit.layout.paper import PAPERS, Paper
from printkit.layout.paper import paper as paper_named
from printkit.layout.primitives import Document, Page
from printkit.words.messages import LANGUAGES

TWO_SIDED = ("duplex", "fold")
DPIS = (48, 72, 96, 144, 192)  # the resolutions the page asks pictures at, for its zoom
MAX_PICTURES = 64  # pictures kept drawn: a kit's pages at two zooms, and the pages a save did not change
MAX_FINDINGS = 300  # findings sent to the page (a broken 10,000-card deck may have thousands)
MAX_DRAWINGS = 400  # pages kept drawn as PDF beside the last build's own (a deck of many pages)
MAX_PINS = 300  # marks on the pages, at most one a finding and page
COMPONENT = re.compile(r"components\[(\d+)\](?:\.types\[(\d+)\])?")


class Variant(Struct, frozen=True):
    """What the page asks to see: the language (None: the kit's own), the paper, the two-sided mode."""

    lang: str | None
    paper: str
    two_sided: TwoSided

    def build_options(self, kit: Path) -> BuildOptions:
        """`printkit build`'s options for this variant, as the command line would give them."""
        return BuildOptions(
            kit=str(kit),
            lang=self.lang,
            paper=paper_named(self.paper),
            output=None,
            two_sided=self.two_sided,
            flip=None,  # the kit's own
            backs="print",
            back_offset=None,
            printer=None,
            stock=None,
            manifest=None,
            watch=False,
            cut=None,
            ink_saver=False,
            ink_report=False,
            cut_svg=None,
            cut_dxf=None,
            registration=None,
            cut_plan=False,
            crop_length=CROP_MARKS.length,
            crop_offset=CROP_MARKS.offset,
            crop_colour=CROP_MARKS.colour,
            boxes=False,
            changed_since=None,
        )


class Good(Struct, frozen=True):
    """The last build that made pages: its number, its pages (and what it takes to draw its whole
    PDF when it is asked for) and what the page shows of it."""

    build: int
    document: Document
    options: BuildOptions
    correction: tuple[float, float]
    pages: list[dict[str, Any]]
    components: list[str]  # the components' ids, in the kit's order (a finding names one by index)
    parts: list[list[str]]  # each component's types' ids (a deck's), in the kit's order
    languages: list[str]
    lang: str
    paper: str
    two_sided: str
    page_pieces: list[list[dict[str, Any]]]  # each page's pieces: component, x, y, width, height (mm)


def page_entry(number: int, page: Page, digest: str) -> dict[str, Any]:
    return {
        "number": number,
        "digest": digest,
        "width": round(page.width, 3),
        "height": round(page.height, 3),
        "side": page.side,
        "role": page.role,
    }


def page_digests(document: Document, stamp: str, build_number: int) -> list[str]:
    """What each page draws, as a hash of this process: its items as laid out (frozen values,
    hashed in 2 ms for kpn's ten pages, where their repr takes 270), its size and side, the kit's
    fonts and ``stamp`` (its folder's files: a picture or a font changed under the same name). A
    page whose hash stays is drawn neither by the server nor by the browser again, so a save
    redraws only the pages it changed; a page that cannot be hashed gets a hash of its build."""
    found = []
    for number, page in enumerate(document.pages):
        drawn = (page.items, page.width, page.height, page.side, page.trim, page.bleed)
        try:
            digest = hash((drawn, document.faces, document.on_sheets, stamp))
        except TypeError:  # a value in a list: never the same as another build's
            digest = hash((build_number, number))
        found.append(f"{digest & 0xFFFFFFFFFFFFFFFF:016x}")
    return found


def folder_stamp(kit: Path) -> str:
    """The size and time of every file in the kit's folder (watch.snapshot's look, as bounded);
    with too many files, a stamp that changes every time."""
    try:
        seen = watch.snapshot(kit)
    except watch.TooMany:
        return str(time.time_ns())
    seen.pop(str(kit), None)
    return repr(sorted(seen.items()))


def pieces_of(page: Page) -> list[dict[str, Any]]:
    """The pieces of the page's component as the pins need them (``part``: a card's type), or the
    page itself when it has none; nothing for a page of no component (the rules: its figures draw
    a component but are not it)."""
    if not page.component:
        return []
    found = [
        {"component": page.component, "part": piece.component}
        | {"x": piece.x, "y": piece.y, "width": piece.width, "height": piece.height}
        for piece in page.pieces
    ]
    if not found:
        found.append({"component": page.component, "x": 0.0, "y": 0.0, "width": page.width, "height": page.height})
    return found


class Preview:
    """What the page shows: the last good build, the last build's findings, and the variant asked
    for. Each change bumps ``version`` and wakes every event stream waiting on ``changed``."""

    def __init__(self, kit: Path, variant: Variant):
        self.kit, self.variant = kit, variant
        self.changed = threading.Condition()
        self.version = 0
        self.builds = 0
        self.good: Good | None = None
        self.findings: list[Problem] = []
        self.failed = False
        self.closed = False
        self.pictures: OrderedDict[tuple[str, int], bytes] = OrderedDict()  # by page digest and dpi
        self.drawings: OrderedDict[str, tuple[bytes, int]] = OrderedDict()  # digest -> a PDF and its page
        self.whole: tuple[int, bytes] | None = None  # the last good build's whole PDF, by its number
        self.drawing = threading.Lock()  # PDFium draws one page at a time
        self.rendering = threading.Lock()  # one build, or one whole PDF, at a time

    def build(self) -> None:
        """One build of the current variant, its pages drawn as `build` draws them but only those
        a save changed; its pages and findings published, its errors raised for the watch to
        print as `build --watch` does."""
        options = self.variant.build_options(self.kit)
        try:
            with self.rendering:  # never beside the whole PDF drawn for /kit.pdf
                loaded, ctx, correction = build.prepared(options)
                document, _ = build.to_print(loaded, ctx, options, SILENT)
                digests = page_digests(document, folder_stamp(self.kit), self.builds + 1)
                self.draw_fresh(document, digests, options, correction)
        except KitError as exc:
            self.publish(None, exc.problems)
            raise
        except PrintkitError as exc:
            self.publish(None, [Problem(kitfile.display_path(self.kit), None, "", str(exc))])
            raise
        except Exception as exc:
            self.publish(None, [Problem(kitfile.display_path(self.kit), None, "", f"internal error: {exc!r}")])
            raise
        self.publish(self.good_of(document, digests, loaded.kit, options, correction), loaded.warnings)

    def draw_fresh(
        self, document: Document, digests: list[str], options: BuildOptions, correction: tuple[float, float]
    ) -> None:
        """The PDF of the pages no earlier build drew (build.drawn, on a document of those pages
        alone: kpn's page 1 in 50 ms where its ten pages take 260), kept by their digests."""
        fresh = [index for index, digest in enumerate(digests) if digest not in self.drawings]
        if not fresh:
            return
        part = replace(document, pages=tuple(document.pages[index] for index in fresh))
        _, pdf = build.drawn(part, options, SILENT, correction)
        with self.drawing:
            for at, index in enumerate(fresh):
                self.drawings[digests[index]] = (pdf, at)
            kept = set(digests)
            for digest in [digest for digest in self.drawings if digest not in kept]:
                if len(self.drawings) <= MAX_DRAWINGS:
                    break
                del self.drawings[digest]

    def good_of(
        self,
        document: Document,
        digests: list[str],
        kit: Kit,
        options: BuildOptions,
        correction: tuple[float, float],
    ) -> Good:
        pages = [
            page_entry(number, page, digest)
            for number, (page, digest) in enumerate(zip(document.pages, digests, strict=True), start=1)
        ]
        return Good(
            build=self.builds + 1,
            document=document,
            options=options,
            correction=correction,
            pages=pages,
            components=[component.id for component in kit.components],
            parts=[[part.id for part in getattr(component, "types", None) or ()] for component in kit.components],
            languages=list(kit.kit.languages),
            lang=document.lang,
            paper=self.variant.paper,
            two_sided=self.variant.two_sided,
            page_pieces=[pieces_of(page) for page in document.pages],
        )

    def publish(self, good: Good | None, findings: list[Problem]) -> None:
        with self.changed:
            self.builds += 1
            if good is not None:
                self.good = good
            self.failed = good is None
            self.findings = list(findings)
            self.version += 1
            self.changed.notify_all()

    def switch(self, variant: Variant) -> None:
        with self.changed:
            self.variant = variant
            self.version += 1
            self.changed.notify_all()

    def close(self) -> None:
        with self.changed:
            self.closed = True
            self.changed.notify_all()

    def wait(self, seen: int, timeout: float) -> int:
        """The version after ``seen``, or ``seen`` again after ``timeout`` seconds or on close."""
        with self.changed:
            self.changed.wait_for(lambda: self.version != seen or self.closed, timeout)
            return self.version

    def state(self) -> dict[str, Any]:
        """Everything the page draws, as JSON: the variant, the good pages, the findings and their pins."""
        with self.changed:
            good, findings, failed, variant = self.good, self.findings, self.failed, self.variant
            version = self.version
        shown = findings[:MAX_FINDINGS]
        return {
            "version": version,
            "kit": self.kit.name,
            "asked": {"lang": variant.lang, "paper": variant.paper, "two_sided": variant.two_sided},
            "failed": failed,
            "build": good.build if good else None,
            "pages": good.pages if good else [],
            "built": {"lang": good.lang, "paper": good.paper, "two_sided": good.two_sided} if good else None,
            "languages": good.languages if good else [],
            "findings": [finding_entry(problem) for problem in shown],
            "more_findings": len(findings) - len(shown),
            "pins": pins(shown, good) if good else [],
            "dpis": list(DPIS),
        }

    def picture(self, build_number: int, page: int, dpi: int) -> bytes | None:
        """Page ``page`` (from 1) of build ``build_number`` as a PNG at ``dpi``; None unless that is
        the last good build, the page is one of its pages and ``dpi`` one of DPIS."""
        good = self.good
        if good is None or good.build != build_number or not 1 <= page <= len(good.pages) or dpi not in DPIS:
            return None
        digest = good.pages[page - 1]["digest"]
        with self.drawing:
            found = self.pictures.get((digest, dpi))
            drawn = self.drawings.get(digest)
            if found is None and drawn is not None:
                found = self.pictures[(digest, dpi)] = pipeline.page_picture(drawn[0], drawn[1], dpi)
                while len(self.pictures) > MAX_PICTURES:
                    self.pictures.popitem(last=False)
            return found

    def pdf(self) -> bytes | None:
        """The last good build's whole PDF, as `printkit build` writes it; drawn when first asked for."""
        good = self.good
        if good is None:
            return None
        with self.rendering:
            if self.whole is None or self.whole[0] != good.build:
                self.whole = (good.build, build.drawn(good.document, good.options, SILENT, good.correction)[1])
            return self.whole[1]


def finding_entry(problem: Problem) -> dict[str, Any]:
    return {"text": str(problem), "severity": problem.severity, "line": problem.line, "field": problem.field}


def pins(findings: list[Problem], good: Good) -> list[dict[str, Any]]:
    """Where each finding about a component shows on the pages: on each page of that component,
    its first piece of the type the finding names (a deck's ``types[1]``), else its first piece;
    in mm from the page's top-left corner."""
    found: list[dict[str, Any]] = []
    for index, problem in enumerate(findings):
        component, part = concerned(problem, good)
        if component is None:
            continue
        for number, pieces in enumerate(good.page_pieces, start=1):
            own = [piece for piece in pieces if piece["component"] == component]
            piece = next((piece for piece in own if piece.get("part") == part), own[0] if own else None)
            if piece is not None and len(found) < MAX_PINS:
                box = {key: round(piece[key], 2) for key in ("x", "y", "width", "height")}
                found.append({"finding": index, "page": number} | box)
    return found


def concerned(problem: Problem, good: Good) -> tuple[str | None, str | None]:
    """The id of the component a finding's field names (``components[2].size``), if any, and of
    its type (``components[2].types[0].count``)."""
    found = COMPONENT.match(problem.field)
    if found is None or int(found[1]) >= len(good.components):
        return None, None
    index = int(found[1])
    parts = good.parts[index]
    part = parts[int(found[2])] if found[2] is not None and int(found[2]) < len(parts) else None
    return good.components[index], part


def checked_variant(lang: object, paper: object, two_sided: object) -> Variant:
    """A variant from values the page sent; PrintkitError for any value outside the known ones."""
    if lang is not None and lang not in LANGUAGES:
        raise PrintkitError(f"language {lang!r}: printkit speaks {', '.join(LANGUAGES)}")
    if not isinstance(paper, str) or len(paper) > MAX_PAPER_TEXT or two_sided not in TWO_SIDED:
        raise PrintkitError(f"paper must be one of {', '.join(PAPERS)} or a size, two-sided duplex or fold")
    paper_named(paper)  # PrintkitError in one line for a paper that is none
    return Variant(lang, paper, "duplex" if two_sided == "duplex" else "fold")


MAX_PAPER_TEXT = 40  # '1200.0000x1200.0000mm' and room: a longer paper the page sends is no paper


def paper_key(paper: Paper) -> str:
    """How the page names a paper: a named one by its name (``a4``), another by its size in mm."""
    key = paper.name.lower()
    return key if PAPERS.get(key) == paper else f"{paper.width:g}x{paper.height:g}"
