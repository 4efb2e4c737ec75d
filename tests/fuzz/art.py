"""Mutations of a kit's pictures for fuzzing: corrupt bytes, truncation, hostile hrefs, huge
sizes, deep nesting, formats swapped. The kit text stays valid; its art folder is what changes.

Shared by the bounded Hypothesis test (tests/test_fuzz.py) and the long run (benchmarks/fuzz.py).
"""

from __future__ import annotations

import base64
import io
import random
import struct
import zlib

from PIL import Image

ART_KIT = """kit:
  title: {en: "Fuzzed pictures"}
  players: {min: 1, max: 2}
  languages: [en]
  default_lang: en
  author: "printkit fuzzer"
components:
  - id: deck
    kind: cards
    title: {en: "Cards"}
    width: 63mm
    height: 88mm
    types:
      - {id: a, count: 2, name: {en: "A"}, image: "a.svg"}
      - {id: b, count: 2, name: {en: "B"}, image: "b.png"}
      - {id: c, count: 2, name: {en: "C"}, image: "c.jpg"}
    face:
      - {type: name, box: [5, 5, 53, 10]}
      - {type: symbol, box: [5, 18, 53, 53]}
invariants:
  - {id: cards, check: "deck.a == deck.b == deck.c == 2", rule: {en: "2 of each"}}
rules:
  - heading: {en: "Rules"}
    body: {en: "Play."}
"""
XLINK = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'


def _png(size=(24, 16), mode="RGB", color: object = "#3070c0") -> bytes:
    out = io.BytesIO()
    Image.new(mode, size, color).save(out, format="PNG")
    return out.getvalue()


def _jpeg(size=(24, 16)) -> bytes:
    out = io.BytesIO()
    Image.effect_noise(size, 50).convert("RGB").save(out, format="JPEG")
    return out.getvalue()


def _uri(data: bytes, kind: str = "png") -> str:
    return f"data:image/{kind};base64," + base64.b64encode(data).decode("ascii")


BASE_SVG = (
    f'<svg {XLINK} width="40" height="20" viewBox="0 0 40 20"><defs><linearGradient id="g"><stop offset="0" '
    'stop-color="#fff"/><stop offset="1" stop-color="#000"/></linearGradient><rect id="r" width="5" height="5"/>'
    '</defs><rect width="40" height="20" fill="url(#g)"/><use xlink:href="#r" x="3" y="3"/>'
    f'<image xlink:href="{_uri(_png())}" x="20" y="2" width="16" height="10"/>'
    '<path d="M 1 1 L 30 15 Q 35 2 39 19 z" style="fill:#2a7ab0;stroke:#000"/></svg>'
)


def art_files() -> dict[str, bytes]:
    """The untouched art: an SVG with a gradient, a use and an embedded PNG; a PNG; a JPEG."""
    return {"a.svg": BASE_SVG.encode("utf-8"), "b.png": _png(), "c.jpg": _jpeg()}


HOSTILE_ELEMENTS = [
    '<use xlink:href="../../outside.svg#x"/>',
    '<use href="/etc/passwd#x"/>',
    '<image xlink:href="../b.png" width="1" height="1"/>',
    '<image href="file:///etc/hostname" width="1" height="1"/>',
    '<image href="http://example.com/x.png" width="1" height="1"/>',
    f'<image href="{_uri(_png())}" xlink:href="../outside.png" width="1" height="1"/>',
    '<image href="data:image/png;base64,AAAA" width="1" height="1"/>',
    '<image href="data:image/svg+xml;base64,PHN2Zy8+" width="1" height="1"/>',
    f'<image href="{_uri(_png((8000, 6000), "1", 1))}" width="1" height="1"/>',
    f'<image href="{_uri(_jpeg()[:-40], "jpeg")}" width="1" height="1"/>',
    '<rect width="1" height="1" fill="url(../o.svg#g)"/>',
    '<rect width="1" height="1" style="fill:url(\'http://x/y#z\')"/>',
    "<style>@import url(../a.css);</style>",
    "<style>rect { fill: url(/etc/x.svg#p) }</style>",
    '<text x="1" y="5" font-family="Nope">Hi</text>',
    '<rect width="1e400" height="1"/>',
    '<rect width="nan" height="-1e30"/>',
    '<circle r="1e308" transform="scale(1e308)"/>',
    '<g id="loop"><use href="#loop"/></g>',
    '<use href="#missing"/>',
    '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="../../outside.svg"/>',
    '<foreignObject><p xmlns="http://www.w3.org/1999/xhtml">x</p></foreignObject>',
    '<rect width="1" height="1" clip-path="url(#nowhere)" fill="notacolour"/>',
]
HUGE_NUMBERS = ["1e400", "1e30", "-1", "0", "nan", "inf", "1e-320", "99999999999", "", "abc"]
PROLOGUES = [
    '<!DOCTYPE svg [<!ENTITY a "xxxxxxxxxx"><!ENTITY b "&a;&a;&a;&a;">]>',
    '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
    '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">',
    '<?xml-stylesheet href="../a.css"?>',
]


def corrupt_bytes(files: dict[str, bytes], rng: random.Random) -> None:
    name = rng.choice(sorted(files))
    data = bytearray(files[name])
    for _ in range(rng.randint(1, 8)):
        data[rng.randrange(len(data))] = rng.randrange(256)
    files[name] = bytes(data)


def truncate_bytes(files: dict[str, bytes], rng: random.Random) -> None:
    name = rng.choice(sorted(files))
    files[name] = files[name][: rng.randrange(len(files[name]))]


def hostile_href(files: dict[str, bytes], rng: random.Random) -> None:
    svg = files["a.svg"].decode("utf-8", errors="replace")
    at = svg.rfind("</svg>")
    files["a.svg"] = (svg[:at] + rng.choice(HOSTILE_ELEMENTS) + svg[at:]).encode("utf-8") if at >= 0 else files["a.svg"]


def hostile_prologue(files: dict[str, bytes], rng: random.Random) -> None:
    svg = files["a.svg"].decode("utf-8", errors="replace")
    text = rng.choice(PROLOGUES) + svg
    files["a.svg"] = text.encode(rng.choice(["utf-8", "utf-16", "utf-16-le"]) if rng.random() < 0.3 else "utf-8")


def huge_svg_size(files: dict[str, bytes], rng: random.Random) -> None:
    svg = files["a.svg"].decode("utf-8", errors="replace")
    number = rng.choice(HUGE_NUMBERS)
    attribute = rng.choice(['viewBox="0 0 40 20"', 'width="40"', 'height="20"'])
    value = f'viewBox="0 0 {number} {rng.choice(HUGE_NUMBERS)}"' if attribute.startswith("viewBox") else None
    replacement = value or attribute.split("=")[0] + f'="{number}"'
    files["a.svg"] = svg.replace(attribute, replacement, 1).encode("utf-8")


def huge_raster_size(files: dict[str, bytes], rng: random.Random) -> None:
    """A PNG's IHDR (with its CRC made right) or a JPEG's frame header claiming another size."""
    width, height = rng.choice([(7000, 7000), (65535, 65535), (0, 10), (1, 100_000), (50_000, 1000), (7071, 7071)])
    if rng.random() < 0.5:
        data = bytearray(files["b.png"])
        if data[12:16] == b"IHDR":
            data[16:24] = struct.pack(">II", width, height)
            data[29:33] = struct.pack(">I", zlib.crc32(bytes(data[12:29])))
        files["b.png"] = bytes(data)
    else:
        data = bytearray(files["c.jpg"])
        at = data.find(b"\xff\xc0")
        if at >= 0:
            data[at + 5 : at + 9] = struct.pack(">HH", min(height, 65535), min(width, 65535))
        files["c.jpg"] = bytes(data)


def deep_nesting(files: dict[str, bytes], rng: random.Random) -> None:
    depth = rng.choice([10, 59, 61, 300, 5000])
    svg = files["a.svg"].decode("utf-8", errors="replace")
    at, end = svg.find(">") + 1, svg.rfind("</svg>")
    if rng.random() < 0.5:
        inner = "<g>" * depth + svg[at:end] + "</g>" * depth
    else:  # a chain of uses, each repeating the one before twice
        inner = '<g id="u0"><rect width="1" height="1"/></g>' + "".join(
            f'<g id="u{n}"><use href="#u{n - 1}"/><use href="#u{n - 1}"/></g>' for n in range(1, min(depth, 40))
        )
    files["a.svg"] = (svg[:at] + inner + svg[end:]).encode("utf-8") if at > 0 and end > 0 else files["a.svg"]


def swap_formats(files: dict[str, bytes], rng: random.Random) -> None:
    first, second = rng.sample(sorted(files), 2)
    files[first], files[second] = files[second], files[first]


def odd_modes(files: dict[str, bytes], rng: random.Random) -> None:
    modes = [("I;16", 40000), ("I;16", 65535), ("LA", (9, 99)), ("P", 3), ("1", 1), ("RGBA", (1, 2, 3, 0))]
    mode, color = rng.choice(modes)
    files["b.png"] = _png((30, 20), mode, color)
    if rng.random() < 0.5:
        out = io.BytesIO()
        Image.new("CMYK", (20, 30), (0, 200, 0, 10)).save(out, format="JPEG")
        files["c.jpg"] = out.getvalue()


ART_MUTATIONS = [
    corrupt_bytes,
    truncate_bytes,
    hostile_href,
    hostile_prologue,
    huge_svg_size,
    huge_raster_size,
    deep_nesting,
    swap_formats,
    odd_modes,
]


def mutate_art(rng: random.Random, rounds: int = 1) -> dict[str, bytes]:
    return mutate_art_named(rng, rounds)[0]


def mutate_art_named(rng: random.Random, rounds: int = 1) -> tuple[dict[str, bytes], list[str]]:
    """The art files mutated ``rounds`` times, and the names of the mutations applied."""
    files = art_files()
    names = []
    for _ in range(rounds):
        mutation = rng.choice(ART_MUTATIONS)
        mutation(files, rng)
        names.append(f"art.{mutation.__name__}")
    return files, names
