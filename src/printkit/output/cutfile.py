"""The cut file: the outline of every piece to cut, as an SVG in millimetres for cutting machines.

One SVG holds the whole kit, one Inkscape layer per PDF page (layer N is page N, empty when the
page has nothing to cut). The canvas is the paper, ``width="210mm"`` with a viewBox in mm, so one
user unit is one millimetre; a landscape page's layer is turned onto the portrait sheet the PDF
prints it on. Only the first layer with pieces is shown; show one layer at a time
and cut the sheet printed from that page.

Every outline is a row of the placement manifest (same numbers, same rounding): a rectangle, an
ellipse or a polygon, as the row's ``cut`` says, so the cut file, the manifest and the PDF agree.
Cut: the pieces whose kind says so (``PieceKind.cut`` in the kinds' registry: tokens, stones,
cards, tiles and the sheets of a split board), on their face side. Not cut: boards that fit one
page, play mats and sheets, and backs (a duplex
back is cut from its face's side; a fold-over back is cut together with its face after folding).
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from xml.sax.saxutils import escape, quoteattr

from printkit.base.errors import PrintkitError

if TYPE_CHECKING:
    from printkit.kit.kinds import Registry

CUT_COLOUR = "#ff0000"  # the colour cutting-machine software reads as "cut" by convention
CUT_WIDTH = 0.1
INKSCAPE = "http://www.inkscape.org/namespaces/inkscape"


def cut_pieces(manifest: dict, kinds: Registry) -> list[dict]:
    """The manifest's rows that are cut out: pieces of a cut kind, face side."""
    return [row for row in manifest["pieces"] if kinds.cut(row["kind"]) and row["side"] == "face"]


def svg(manifest: dict, kinds: Registry) -> str:
    """The cut file for a kit's manifest (see ``printkit.output.manifest.manifest``): the pieces
    ``kinds`` cut out."""
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
        lines += layer(page, on_page, page["number"] == shown, turn(page, paper) if on_page else "")
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


def layer(page: dict, rows: list[dict], visible: bool, transform: str) -> list[str]:
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
    return [opening + ">"] + [outline(row) for row in rows] + ["  </g>"]


def outline(row: dict) -> str:
    """One piece's cut outline (its ``cut`` path: the box, the ellipse inside it, or the
    manifest's corners); its id names the page, the component and the copy."""
    ident = quoteattr(f"p{row['page']}-{row['component']}-{row['copy']}")
    paint = f'fill="none" stroke="{CUT_COLOUR}" stroke-width="{CUT_WIDTH}"'
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
