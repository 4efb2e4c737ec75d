"""The cut file: the outline of every piece to cut, as an SVG in millimetres for cutting machines.

One SVG holds the whole kit, one Inkscape layer per PDF page (layer N is page N, empty when the
page has nothing to cut). The canvas is the paper, ``width="210mm"`` with a viewBox in mm, so one
user unit is one millimetre; a landscape page's layer is turned onto the portrait sheet the PDF
prints it on. Only the first layer with pieces is shown; show one layer at a time
and cut the sheet printed from that page.

Every outline is a row of the placement manifest (same numbers, same rounding): a rectangle, an
ellipse or a polygon, as the row's ``cut`` says, so the cut file, the manifest and the PDF agree.
Pieces laid edge to edge share their cuts (layout.dieline): such a block is a group of paths,
each shared edge once (collinear ones joined into one line), then its outside as a closed
contour; a piece that touches no other keeps its own outline, with its id. The DXF writes the
same strokes, the shared ones as open polylines.
Cut: the pieces whose kind says so (``PieceKind.cut`` in the kinds' registry: tokens, stones,
cards, tiles and the sheets of a split board), on their face side. Not cut: boards that fit one
page, play mats and sheets, and backs (a duplex
back is cut from its face's side; a fold-over back is cut together with its face after folding).

With registration marks (--registration), every layer with pieces holds the marks the page
prints, as the same black rectangles at the same millimetres, in a sub-layer of their own: the
software's own marks are set to match them, and they show that the file and the print agree;
they are filled, never stroked in the cut colour, so nothing cuts them.

``dxf`` writes one sheet as a DXF (R12, millimetres, y up from the paper's bottom-left corner,
the paper's outline on layer SHEET, the outlines on CUT, the marks on REGISTRATION), for
Silhouette Studio's basic edition, which opens DXF and not SVG (--cut-dxf).
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from xml.sax.saxutils import escape, quoteattr

from printkit.base.errors import PrintkitError
from printkit.layout.cutpath import CutPath
from printkit.layout.dieline import DieLine, Run, die_line
from printkit.layout.primitives import Box

if TYPE_CHECKING:
    from printkit.kit.kinds import Registry
    from printkit.layout.registration import MarkSet

CUT_COLOUR = "#ff0000"  # the colour cutting-machine software reads as "cut" by convention
CUT_WIDTH = 0.1
INKSCAPE = "http://www.inkscape.org/namespaces/inkscape"
PAINT = f'fill="none" stroke="{CUT_COLOUR}" stroke-width="{CUT_WIDTH}"'


def cut_pieces(manifest: dict, kinds: Registry) -> list[dict]:
    """The manifest's rows that are cut out: pieces of a cut kind, face side."""
    return [row for row in manifest["pieces"] if kinds.cut(row["kind"]) and row["side"] == "face"]


def svg(manifest: dict, kinds: Registry, marks: MarkSet | None = None) -> str:
    """The cut file for a kit's manifest (see ``printkit.output.manifest.manifest``): the pieces
    ``kinds`` cut out, and on every page with pieces the registration ``marks`` it prints."""
    paper = manifest["paper"]
    width, height = paper["width"], paper["height"]
    rows = cut_pieces(manifest, kinds)
    shown = min((row["page"] for row in rows), default=None)
    title = f"{manifest['kit']} ({manifest['lang']}, {paper['name']}): cut outlines in mm, one layer per PDF page"
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="{INKSCAPE}" version="1.1" '
            f'width="{number(width)}mm" height="{number(height)}mm" viewBox="0 0 {number(width)} {number(height)}">'
        ),
        f"  <title>{escape(title)}</title>",
    ]
    for page in manifest["pages"]:
        on_page = [row for row in rows if row["page"] == page["number"]]
        lines += layer(page, on_page, page["number"] == shown, turn(page, paper) if on_page else "", marks)
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def turn(page: dict, paper: dict) -> str:
    """The transform that puts a page's outlines on the portrait sheet it is printed on: none for
    a portrait page; a landscape page is printed as the portrait sheet with its drawing turned a
    quarter left (``render.pdf``: the PDF's pages for a home printer), so its point (x, y) lies at
    (y, W - x) on the sheet, W its width. Any other page size is refused."""
    size = (page["width"], page["height"])
    if size == (paper["width"], paper["height"]):
        return ""
    if size == (paper["height"], paper["width"]):
        return f' transform="matrix(0 -1 1 0 0 {number(page["width"])})"'
    raise PrintkitError(
        f"--cut-svg: page {page['number']} is {page['width']:g} × {page['height']:g} mm, neither "
        f"{paper['name']} portrait nor landscape; the cut file's layers are sheets of {paper['name']}"
    )


def layer(page: dict, rows: list[dict], visible: bool, transform: str, marks: MarkSet | None = None) -> list[str]:
    what = page.get("component") or page["role"]
    side = f", {page['side']}" if page.get("side") else ""
    count = f"{len(rows)} {'piece' if len(rows) == 1 else 'pieces'}" if rows else "nothing to cut"
    turned = ", landscape turned onto the portrait sheet" if transform else ""
    label = f"page {page['number']} ({what}{side}{turned}): {count}"
    style = "inline" if visible else "none"
    opening = (
        f'  <g inkscape:groupmode="layer" inkscape:label={quoteattr(label)} id="page-{page["number"]}" '
        f'style="display:{style}"{transform}'
    )
    if not rows:
        return [opening + "/>"]
    return [opening + ">"] + cut_elements(page["number"], rows) + mark_group(page, marks) + ["  </g>"]


def sheet_die_line(rows: list[dict]) -> DieLine:
    """The die line of one sheet's rows (layout.dieline): an ellipse never shares an edge."""
    return die_line([None if row.get("cut") == "circle" else outline_points(row) for row in rows])


def cut_elements(page: int, rows: list[dict]) -> list[str]:
    """A sheet's cuts in the order of their first piece: a piece alone as its own outline; pieces
    that share edges as a group of paths, each shared edge once, then the block's outside."""
    die = sheet_die_line(rows)
    found: list[tuple[int, list[str]]] = [(index, [outline(rows[index])]) for index in die.alone]
    for number, block in enumerate(die.blocks, start=1):
        names = copies_named([rows[i] for i in block.pieces])
        label = quoteattr(f"{len(block.pieces)} pieces sharing their cuts: {names}")
        group = [f'    <g id="p{page}-block-{number}" inkscape:label={label}>']
        group += [
            f'      <path id="p{page}-block-{number}-cut-{n}" d="{path_data(run)}" {PAINT}/>'
            for n, run in enumerate(block.runs, start=1)
        ]
        found.append((block.pieces[0], group + ["    </g>"]))
    return [line for _, lines in sorted(found, key=lambda item: item[0]) for line in lines]


def copies_named(rows: list[dict]) -> str:
    """The pieces of a block by component and runs of copies: "tokens 1–16", "deck 1–9, 12"."""
    copies: dict[str, list[int]] = {}
    for row in rows:
        copies.setdefault(row["component"], []).append(int(row["copy"]))
    named = []
    for component, numbers in copies.items():
        runs: list[list[int]] = []
        for copy in sorted(numbers):
            if runs and copy == runs[-1][-1] + 1:
                runs[-1].append(copy)
            else:
                runs.append([copy])
        spans = [str(run[0]) if len(run) == 1 else f"{run[0]}–{run[-1]}" for run in runs]
        named.append(f"{component} {', '.join(spans)}")
    return "; ".join(named)


def path_data(run: Run) -> str:
    """A run as SVG path data: M x,y L x,y ..., closed with Z."""
    (x0, y0), *rest = run.points
    moves = [f"M{number(x0)},{number(y0)}", *(f"L{number(x)},{number(y)}" for x, y in rest)]
    return " ".join(moves + (["Z"] if run.closed else []))


def mark_group(page: dict, marks: MarkSet | None) -> list[str]:
    """The page's registration marks as printed: black rectangles, in a sub-layer named for them."""
    if marks is None:
        return []
    label = quoteattr(f"registration marks: {marks.title} (printed, not cut)")
    lines = [f'    <g inkscape:groupmode="layer" inkscape:label={label} id="page-{page["number"]}-marks">']
    for box in marks.rects(page["width"], page["height"]):
        size = f'x="{number(box.x)}" y="{number(box.y)}" width="{number(box.w)}" height="{number(box.h)}"'
        lines.append(f'      <rect {size} fill="#000000" stroke="none"/>')
    return lines + ["    </g>"]


def check_orientation(manifest: dict, rows: list[dict]) -> None:
    """A DXF is one sheet drawn as it lies in the cutter: a page printed landscape (turned onto its
    portrait sheet) is refused rather than drawn turned; its outlines are in the cut SVG's layer."""
    paper = manifest["paper"]
    for page_number in sorted({row["page"] for row in rows}):
        page = manifest["pages"][page_number - 1]
        if (page["width"], page["height"]) != (paper["width"], paper["height"]):
            raise PrintkitError(
                f"--cut-dxf: page {page_number} is {page['width']:g} × {page['height']:g} mm (landscape), but a "
                f"DXF sheet is {paper['name']} portrait; cut that page from the --cut-svg file's layer"
            )


def dxf_sheets(manifest: dict, kinds: Registry) -> list[int]:
    """The pages that have pieces to cut: each gets a DXF of its own."""
    return sorted({row["page"] for row in cut_pieces(manifest, kinds)})


def dxf(manifest: dict, kinds: Registry, page_number: int, marks: MarkSet | None = None) -> str:
    """One sheet's DXF (see the module): its cut outlines, its paper and its registration marks."""
    rows = [row for row in cut_pieces(manifest, kinds) if row["page"] == page_number]
    check_orientation(manifest, rows)
    page = manifest["pages"][page_number - 1]
    height = page["height"]
    polygons: list[tuple[str, tuple[tuple[float, float], ...]]] = [("SHEET", corners(Box(0, 0, page["width"], height)))]
    die = sheet_die_line(rows)
    polygons += [("CUT", outline_points(rows[index])) for index in die.alone]
    lines = [run.points for block in die.blocks for run in block.runs if not run.closed]
    polygons += [("CUT", run.points) for block in die.blocks for run in block.runs if run.closed]
    if marks is not None:
        polygons += [("REGISTRATION", corners(box)) for box in marks.rects(page["width"], height)]
    out = ["0", "SECTION", "2", "HEADER", "9", "$ACADVER", "1", "AC1009", "9", "$INSUNITS", "70", "4"]
    out += ["9", "$EXTMIN", "10", "0", "20", "0", "9", "$EXTMAX", "10", number(page["width"]), "20", number(height)]
    out += ["0", "ENDSEC", "0", "SECTION", "2", "TABLES", "0", "TABLE", "2", "LAYER", "70", "3"]
    for name, colour in (("SHEET", 8), ("CUT", 1), ("REGISTRATION", 7)):
        out += ["0", "LAYER", "2", name, "70", "0", "62", str(colour), "6", "CONTINUOUS"]
    out += ["0", "ENDTAB", "0", "ENDSEC", "0", "SECTION", "2", "ENTITIES"]
    shapes = [(name, points, "1") for name, points in polygons] + [("CUT", points, "0") for points in lines]
    for layer_name, points, closed in shapes:  # a shared cut is an open polyline (70: 0), cut once
        out += ["0", "POLYLINE", "8", layer_name, "66", "1", "70", closed]
        for x, y in points:
            out += ["0", "VERTEX", "8", layer_name, "10", number(x), "20", number(height - y)]
        out += ["0", "SEQEND", "8", layer_name]
    out += ["0", "ENDSEC", "0", "EOF"]
    return "\n".join(out) + "\n"


def corners(box: Box) -> tuple[tuple[float, float], ...]:
    return ((box.x, box.y), (box.right, box.y), (box.right, box.bottom), (box.x, box.bottom))


def outline_points(row: dict) -> tuple[tuple[float, float], ...]:
    """A manifest row's cut outline as corners in page mm (a circle as layout.cutpath measures it)."""
    x, y, w, h = (row[key] for key in ("x", "y", "width", "height"))
    shape = row.get("cut", "rectangle")
    if shape == "rectangle":
        return corners(Box(x, y, w, h))
    if shape == "circle":
        return CutPath("circle").outline(x, y, w, h)
    return tuple((px, py) for px, py in row["outline"])


def outline(row: dict) -> str:
    """One piece's cut outline (its ``cut`` path: the box, the ellipse inside it, or the
    manifest's corners); its id names the page, the component and the copy."""
    ident = quoteattr(f"p{row['page']}-{row['component']}-{row['copy']}")
    paint = PAINT
    x, y, w, h = (row[key] for key in ("x", "y", "width", "height"))
    shape = row.get("cut", "rectangle")
    if shape == "rectangle":
        return (
            f'    <rect id={ident} x="{number(x)}" y="{number(y)}" width="{number(w)}" height="{number(h)}" {paint}/>'
        )
    if shape == "circle":
        centre = f'cx="{number(x + w / 2)}" cy="{number(y + h / 2)}" rx="{number(w / 2)}" ry="{number(h / 2)}"'
        return f"    <ellipse id={ident} {centre} {paint}/>"
    points = " ".join(f"{number(px)},{number(py)}" for px, py in row["outline"])
    return f'    <polygon id={ident} points="{points}" {paint}/>'


def number(value: float) -> str:
    """Millimetres as written in the manifest (3 decimals at most), without trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text
