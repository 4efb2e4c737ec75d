"""Papers: the sizes printkit lays pages out on, named (A4, Letter, ...) or given as WIDTHxHEIGHT.

The named papers are data (``PAPERS``); a size from the command line (``--paper 8.5x11in``) is read
once here, checked and turned into the same ``Paper`` value, so that every layout, check and message
downstream treats a named and a measured paper alike. Every size is hostile until checked: a side
outside MIN_SIDE..MAX_SIDE (zero, a negative number, NaN, 1e999, a poster) is refused in one line
before any work starts.
"""

from __future__ import annotations

import re

from msgspec import Struct

from printkit.base.errors import PrintkitError
from printkit.base.units import MM_PER_INCH


class Paper(Struct, frozen=True):
    """A paper size in mm."""

    name: str
    width: float
    height: float

    def landscape(self) -> Paper:
        return Paper(self.name, self.height, self.width)

    @property
    def size_text(self) -> str:
        """'210 × 297 mm', for a message."""
        return f"{self.width:g} × {self.height:g} mm"


# The papers known by name, smallest first (the order a message suggests a larger one in): ISO 216's
# A5, A4 and A3, and the North American Letter, Legal and Tabloid (ANSI B, 11 × 17 in), portrait.
PAPERS = {
    "a5": Paper("A5", 148.0, 210.0),
    "a4": Paper("A4", 210.0, 297.0),
    "letter": Paper("Letter", 215.9, 279.4),
    "legal": Paper("Legal", 215.9, 355.6),
    "a3": Paper("A3", 297.0, 420.0),
    "tabloid": Paper("Tabloid", 279.4, 431.8),
}
DEFAULT = PAPERS["a4"]

MIN_SIDE = 100.0  # mm: under this a page holds no margin, heading, piece and footer together
MAX_SIDE = 1200.0  # mm: A0's long side (1189 mm) and a little; a larger page is a mistake, not a paper

# Two numbers with an optional unit: '210x297', '210 × 297 mm', '8.5x11in'. Digits only (no sign, no
# exponent, no 'nan'), a bounded number of them: what cannot be a paper is refused before arithmetic.
_SIZE = re.compile(r"^(\d{1,5}(?:\.\d{1,4})?)\s*[x×]\s*(\d{1,5}(?:\.\d{1,4})?)\s*(mm|in)?$")
_UNITS = {"mm": 1.0, "in": MM_PER_INCH}


def paper(text: str) -> Paper:
    """The paper ``text`` names (``a4``, ``Letter``) or measures (``210x297``, ``8.5x11in``), always
    portrait (``297x210`` is A4: each component turns its own pages); PrintkitError in one line saying
    what is accepted."""
    given = text.strip().lower()
    if given in PAPERS:
        return PAPERS[given]
    found = _SIZE.match(given)
    if found is None:
        raise PrintkitError(
            f"{text!r} is not a paper: give its name ({', '.join(PAPERS)}) or its size as WIDTHxHEIGHT in mm or "
            "inches, e.g. 210x297 or 8.5x11in"
        )
    unit = _UNITS[found[3] or "mm"]
    width, height = sorted((round(float(found[1]) * unit, 2), round(float(found[2]) * unit, 2)))
    for side in (width, height):
        if not MIN_SIDE <= side <= MAX_SIDE:
            raise PrintkitError(
                f"{text!r} has a side of {side:g} mm; each side must be {MIN_SIDE:g}–{MAX_SIDE:g} mm "
                f"({MIN_SIDE / MM_PER_INCH:.2f}–{MAX_SIDE / MM_PER_INCH:.1f} in)"
            )
    return named_size(width, height)


def as_paper(given: Paper | str) -> Paper:
    """``given`` itself, or the paper it names or measures (``paper``)."""
    return given if isinstance(given, Paper) else paper(given)


def named_size(width: float, height: float) -> Paper:
    """The named paper of this size (``210x297`` is A4, by its name in messages), else a paper named
    by its size."""
    for known in PAPERS.values():
        if abs(known.width - width) < 0.05 and abs(known.height - height) < 0.05:
            return known
    return Paper(f"{width:g} × {height:g} mm", width, height)
