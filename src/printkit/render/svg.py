"""SVG pictures drawn: converted by svglib and proved drawable, the render stage's check.

The pictures stage (printkit.pictures.svg) checks an SVG's bytes without drawing them; here
svglib converts those bytes, never a path (with no path svglib opens no other file), each
embedded picture swapped for its copy reduced to the print size, and the drawing is drawn once
on a scratch page at the size it prints at. Whatever svglib makes of an SVG that reportlab
cannot draw (transforms multiplying past a float's range, say) is found here, with the file's
name: the pipeline runs ``drawable`` after the pictures are prepared and hands its answer to
validation, so that validate refuses what the renderer would fail on; the drawings it made go
down with the pictures, and the renderer draws them without converting an SVG again.
"""

from __future__ import annotations

import functools
import io
from typing import Any

from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from printkit.pictures.limits import MAX_SVG_NUMBER, MIN_SVG_SIZE, PRINT_DPI, PictureProblem
from printkit.pictures.prepared import Key, Pictures
from printkit.pictures.svg import XLINK, Vector


def drawable(pictures: Pictures) -> tuple[Pictures, dict[Key, str]]:
    """The pictures with each prepared SVG converted to the drawing the renderer draws, and each
    that cannot be drawn, by its (name, pixels), with the message saying why."""
    drawings: dict[Key, Any] = {}
    problems: dict[Key, str] = {}
    for found in pictures.prepared:
        if isinstance(found.picture, Vector):
            try:
                drawings[found.relative, found.pixels] = _checked_drawing(found.path.name, found.picture, found.pixels)
            except PictureProblem as problem:
                problems[found.relative, found.pixels] = str(problem)
    return pictures.drawn(drawings), problems


def _checked_drawing(name: str, vector: Vector, pixels: int) -> Any:
    """The SVG converted and drawn once, on a scratch page, at the size it prints at."""
    drawing = converted(name, vector)
    longest = pixels / PRINT_DPI * 72  # points
    ratio = vector.width / vector.height
    problem = _drawing_problem(drawing, longest * min(1.0, ratio), longest * min(1.0, 1 / ratio))
    if problem:
        raise PictureProblem(f"'{name}' cannot be drawn: {problem}; simplify it or export it again")
    return drawing


def _drawing_problem(drawing: Any, w: float, h: float) -> str | None:
    """Why the drawing cannot be drawn at w × h points (on a scratch canvas), or None."""
    canvas = Canvas(io.BytesIO(), pagesize=(max(w, 1.0), max(h, 1.0)), invariant=1)
    try:
        draw(canvas, drawing, w, h)
        canvas.showPage()
    except (ArithmeticError, ValueError, TypeError, AttributeError, RecursionError) as exc:
        return " ".join(str(exc).split())[:80] or type(exc).__name__
    return None


def draw(canvas: Canvas, drawing: Any, w: float, h: float) -> None:
    """The SVG's drawing stretched to w × h points from the canvas's origin."""
    canvas.scale(w / drawing.width, h / drawing.height)
    _drawing_renderer()().draw(drawing, canvas, 0, 0, showBoundary=False)


@functools.cache
def _silence_svglib() -> None:
    """svglib's log lines are not printkit's one-line messages. Set where svglib is first used, so
    that a build without SVG art does not import logging."""
    import logging

    logging.getLogger("svglib").addHandler(logging.NullHandler())
    logging.getLogger("svglib").propagate = False


def converted(name: str, vector: Vector) -> Any:
    """The SVG converted by svglib from the checked bytes, never from a path: with no path svglib
    opens no other file, and the embedded pictures are the reduced copies. svglib and lxml are
    imported here, where an SVG is first drawn: a kit without one does not pay for them."""
    from lxml import etree
    from svglib.svglib import SvgRenderer

    _silence_svglib()
    embedded = dict(vector.embedded)
    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False, remove_comments=True
    )
    try:
        root = etree.fromstring(vector.data, parser=parser)
        for element in root.iter():
            for attribute in (XLINK, "href"):
                value = element.get(attribute)
                if value is not None and value in embedded:
                    element.set(attribute, embedded[value])
        drawing = SvgRenderer(io.BytesIO()).render(root)  # a source with no path: no file is opened
    except Exception as exc:  # svglib raises whatever its converters meet
        raise PictureProblem(
            f"'{name}' cannot be drawn: {' '.join(str(exc).split())[:80] or type(exc).__name__}; simplify it or "
            "export it again"
        ) from exc
    if drawing is None or not (drawing.width > 0 and drawing.height > 0):
        raise PictureProblem(f"'{name}' has no size; give the <svg> element width and height or a viewBox")
    if not all(MIN_SVG_SIZE <= value <= MAX_SVG_NUMBER for value in (drawing.width, drawing.height)):
        raise PictureProblem(f"'{name}' has a size printkit cannot draw ({drawing.width:g} × {drawing.height:g})")
    return drawing


@functools.cache
def _drawing_renderer() -> type:
    """reportlab's drawing renderer with two changes. It sets no font (it would set Helvetica,
    never embedded, at the start of every drawing; printkit refuses SVG text, so no drawing
    writes a letter). It draws an SVG's embedded picture (svglib hands it over as a Pillow
    image, already reduced) as an image object, shared and with its alpha, where reportlab's
    inline image fails on Python 3 bytes; and it draws nothing named by a path.
    Made on first use: kits without SVG never import reportlab.graphics."""
    from reportlab.graphics import renderPDF

    class DrawingRenderer(renderPDF._PDFRenderer):
        def applyStateChanges(self, delta, newState):
            fontless = {key: value for key, value in delta.items() if key not in ("fontName", "fontSize")}
            super().applyStateChanges(fontless, newState)

        def drawImage(self, image):
            if hasattr(image.path, "mode"):
                reader = ImageReader(image.path)
                self._canvas.drawImage(reader, image.x, image.y, image.width, image.height, mask="auto")

    return DrawingRenderer
