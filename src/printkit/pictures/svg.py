"""SVG pictures checked without drawing them: parsed with defusedxml (no entities, whatever its
encoding), referring only to its own elements (``#id``) and to PNG or JPEG pictures embedded in
it (``data:image/png;base64,...``): any other href, ``url()`` or CSS ``@import`` is refused. Its
elements, numbers and nesting are counted with each <use> repeated, and its size read.

What it draws is proved by the render stage (printkit.render.svg converts the checked bytes
with svglib, without a path, so nothing outside the SVG is ever opened, and draws them once on
a scratch page); the pipeline hands that answer to validation.
"""

from __future__ import annotations

import base64
import binascii
import io
import math
import re
from dataclasses import dataclass, field
from typing import Any

from printkit.pictures.limits import (
    MAX_KIT_MEGAPIXELS,
    MAX_SVG_DEPTH,
    MAX_SVG_ELEMENTS,
    MAX_SVG_NUMBER,
    MAX_SVG_NUMBERS,
    PictureProblem,
    Work,
    decoding_cost,
)
from printkit.pictures.raster import prepared_image

_LENGTH = re.compile(r"^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)")
_NUMBER = re.compile(r"(?<![\w#.])[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_NOT_A_NUMBER = re.compile(r"(?<![\w#.])[-+]?(?:nan|inf(?:inity)?)(?!\w)", re.IGNORECASE)  # float() reads them
_URL = re.compile(r"url\(\s*(['\"]?)(.*?)\1\s*\)", re.IGNORECASE | re.DOTALL)
_DATA_IMAGE = re.compile(r"^data:image/(png|jpe?g);base64,(.*)$", re.IGNORECASE | re.DOTALL)
XLINK = "{http://www.w3.org/1999/xlink}href"


@dataclass(frozen=True)
class Vector:
    """A checked SVG: its bytes as the file holds them, each embedded picture's data URI mapped
    to the URI of its copy reduced to the print size (what the renderer draws instead), and
    its size (any unit, only the ratio matters). ``drawing`` is what the render stage's check
    converted it to (printkit.render.svg; opaque here), handed to the renderer so that an SVG is
    converted once a build."""

    data: bytes
    embedded: tuple[tuple[str, str], ...]
    width: float
    height: float
    work: Work  # its elements and numbers, and the pixels of the pictures embedded in it
    digest: str = ""
    drawing: Any = field(default=None, compare=False, repr=False)


def vector(name: str, data: bytes, pixels: int, digest: str = "") -> Vector:
    """The SVG file ``data`` checked (its references, numbers, nesting and size) and its
    embedded pictures reduced to ``pixels``; PictureProblem says why it cannot be printed."""
    root = _parsed(name, data)
    embedded, work = _checked_tree(name, root, pixels)
    width, height = _svg_size(name, root)
    return Vector(data, tuple((uri, copy) for uri, (copy, _) in embedded.items()), width, height, work, digest)


def _parsed(name: str, data: bytes) -> Any:
    """The SVG's root element from defusedxml: entities and external references refused in any
    encoding. Imported here, where an SVG is first read: a kit without one does not pay for it."""
    import xml.etree.ElementTree as ET

    from defusedxml import DefusedXmlException, EntitiesForbidden
    from defusedxml.ElementTree import fromstring

    try:
        root = fromstring(data, forbid_dtd=False, forbid_entities=True, forbid_external=True)
    except EntitiesForbidden as exc:
        raise PictureProblem(f"'{name}' declares XML entities; printkit does not read those") from exc
    except DefusedXmlException as exc:
        raise PictureProblem(f"'{name}' refers to an external DTD or entity; printkit does not read those") from exc
    except ET.ParseError as exc:
        raise PictureProblem(f"'{name}' is not valid SVG ({exc})") from exc
    if not isinstance(root.tag, str) or _local(root.tag) != "svg":
        raise PictureProblem(f"'{name}' is XML but not SVG")
    return root


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _checked_tree(name: str, root: Any, pixels: int) -> tuple[dict[str, tuple[str, float]], Work]:
    """Every element's references, numbers and nesting checked; the cost bounded. Returns each
    embedded picture's data URI mapped to the URI of its copy reduced to ``pixels`` and the
    pixels it decodes, and the SVG's work."""
    ids: dict[str, Any] = {}
    embedded: dict[str, tuple[str, float]] = {}
    numbers: dict[int, int] = {}  # id(element): how many numbers its attributes hold
    stack = [(root, 1)]
    count = 0
    while stack:
        element, depth = stack.pop()
        count += 1
        if depth > MAX_SVG_DEPTH:
            raise PictureProblem(f"'{name}' nests elements over {MAX_SVG_DEPTH} deep; flatten its groups")
        if count > MAX_SVG_ELEMENTS:
            raise PictureProblem(f"'{name}' has over {MAX_SVG_ELEMENTS:,} elements; simplify it")
        tag = _local(element.tag) if isinstance(element.tag, str) else ""
        if tag == "text":
            raise PictureProblem(
                f"'{name}' holds text (<text>); convert the text to paths (outlines) in your drawing program"
            )
        if tag == "style":
            _check_css(name, "<style>", element.text or "")
        pictures = len(embedded)
        numbers[id(element)] = sum(
            _check_attribute(name, tag, _local(attribute), value, embedded, pixels)
            for attribute, value in element.attrib.items()
        )
        if len(embedded) > pictures and sum(cost for _, cost in embedded.values()) > MAX_KIT_MEGAPIXELS * 1e6:
            raise PictureProblem(
                f"'{name}' embeds pictures that decode to over {MAX_KIT_MEGAPIXELS} megapixels, the limit a kit; "
                "embed smaller pictures"
            )
        if element.get("id"):
            ids[element.get("id")] = element
        stack.extend((child, depth + 1) for child in element)
    elements, drawn = _check_expansion(name, root, ids, numbers)
    return embedded, Work(sum(cost for _, cost in embedded.values()), elements, drawn)


def _check_attribute(
    name: str, tag: str, attribute: str, value: str, embedded: dict[str, tuple[str, float]], pixels: int
) -> int:
    """Refuse what the attribute must not hold; how many numbers it holds."""
    if attribute == "href":
        if value.startswith("#"):
            return 0
        if tag == "image" and value.lstrip().lower().startswith("data:"):
            if value not in embedded:
                embedded[value] = _embedded_image(name, value, pixels)
            return 0
        raise PictureProblem(
            f"'{name}' links to another file ({value[:40]}); embed it or draw it in the SVG"
            if not value.lower().startswith("data:")
            else f"'{name}' embeds something other than a PNG or JPEG picture in <{tag}>; draw it in the SVG"
        )
    if attribute == "style":
        _check_css(name, f"the style of <{tag}>", value)
    elif "url(" in value.lower():
        _check_urls(name, f"{attribute} of <{tag}>", value)
    return _check_numbers(name, attribute, value) if attribute not in ("id", "class") else 0


def _check_css(name: str, where: str, css: str) -> None:
    if "@import" in css.lower():
        raise PictureProblem(f"'{name}' imports a style sheet (@import in {where}); put the styles in the SVG")
    _check_urls(name, where, css)


def _check_urls(name: str, where: str, text: str) -> None:
    for match in _URL.finditer(text):
        if not match.group(2).strip().startswith("#"):
            raise PictureProblem(
                f"'{name}' links to another file (url({match.group(2)[:40]}) in {where}); embed it or draw it in the "
                "SVG"
            )


def _check_numbers(name: str, attribute: str, value: str) -> int:
    """How many numbers ``value`` holds, each refused when it is not finite or over MAX_SVG_NUMBER."""
    odd = _NOT_A_NUMBER.search(value)
    if odd:
        raise PictureProblem(f"'{name}' has '{odd.group()}' for a number in {attribute}; give a number")
    count = 0
    for match in _NUMBER.finditer(value):
        count += 1
        if not abs(float(match.group())) <= MAX_SVG_NUMBER:
            raise PictureProblem(
                f"'{name}' has the number {match.group()[:24]} in {attribute}; printkit draws numbers up to "
                f"{MAX_SVG_NUMBER:.0e}"
            )
    return count


def _check_expansion(name: str, root: Any, ids: dict[str, Any], numbers: dict[int, int]) -> tuple[int, int]:
    """The elements and numbers drawn once every <use> repeats what it names, counted without
    drawing: a few uses of uses would otherwise draw millions of shapes (svglib converts each
    repetition anew), a use inside what it names forever, a chain of uses past Python's stack."""
    drawn: dict[int, tuple[int, int]] = {}
    open_now: set[int] = set()

    def cost(element: Any, depth: int) -> tuple[int, int]:
        key = id(element)
        if key in drawn:
            return drawn[key]
        if key in open_now:
            raise PictureProblem(f"'{name}' has a <use> that repeats itself; remove the loop")
        if depth > MAX_SVG_DEPTH:
            raise PictureProblem(
                f"'{name}' nests elements over {MAX_SVG_DEPTH} deep (counting what each <use> repeats); flatten its "
                "groups"
            )
        open_now.add(key)
        parts = [cost(child, depth + 1) for child in element]
        target = element.get(XLINK) or element.get("href") or ""
        if isinstance(element.tag, str) and _local(element.tag) == "use" and target.startswith("#"):
            named = ids.get(target[1:])
            parts += [cost(named, depth + 1)] if named is not None else []
        open_now.discard(key)
        elements = 1 + sum(part[0] for part in parts)
        count = numbers.get(key, 0) + sum(part[1] for part in parts)
        drawn[key] = (min(elements, MAX_SVG_ELEMENTS + 1), min(count, MAX_SVG_NUMBERS + 1))
        return drawn[key]

    elements, count = cost(root, 1)
    if elements > MAX_SVG_ELEMENTS:
        raise PictureProblem(
            f"'{name}' draws over {MAX_SVG_ELEMENTS:,} elements once its <use> elements are repeated; simplify it"
        )
    if count > MAX_SVG_NUMBERS:
        raise PictureProblem(
            f"'{name}' draws over {MAX_SVG_NUMBERS:,} numbers (coordinates) once its <use> elements are repeated; "
            "simplify its paths"
        )
    return elements, count


def _embedded_image(name: str, uri: str, pixels: int) -> tuple[str, float]:
    """A data: URI's picture checked like a file: the URI of its copy at print resolution, and
    the pixels decoding it costs."""
    match = _DATA_IMAGE.match(uri.strip())
    if match is None:
        raise PictureProblem(
            f"'{name}' embeds a picture that is not base64 PNG or JPEG (data:image/png;base64,...); embed it as one"
        )
    try:
        data = base64.b64decode("".join(match.group(2).split()), validate=True)
    except (binascii.Error, ValueError) as exc:
        raise PictureProblem(f"'{name}' embeds a picture whose base64 data is broken; embed it again") from exc
    expected = "PNG" if match.group(1).lower() == "png" else "JPEG"
    image, width, height = prepared_image(f"{name}: an embedded picture", io.BytesIO(data), expected, pixels)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=1)
    uri = "data:image/png;base64," + base64.b64encode(out.getvalue()).decode("ascii")
    return uri, decoding_cost(width, height, expected == "JPEG")


def _svg_size(name: str, root: Any) -> tuple[float, float]:
    """The SVG's width and height (any unit, only the ratio matters), from viewBox or width/height."""
    box = root.get("viewBox")
    if box:
        parts = box.replace(",", " ").split()
        try:
            numbers = [float(part) for part in parts]
        except ValueError:
            numbers = []
        if len(numbers) == 4 and all(math.isfinite(n) for n in numbers) and numbers[2] > 0 and numbers[3] > 0:
            return numbers[2], numbers[3]
    width, height = _LENGTH.match(root.get("width", "")), _LENGTH.match(root.get("height", ""))
    if width and height:
        w, h = float(width.group(1)), float(height.group(1))
        if math.isfinite(w) and math.isfinite(h) and w > 0 and h > 0:
            return w, h
    raise PictureProblem(f"'{name}' has no size; give the <svg> element width and height or a viewBox")
