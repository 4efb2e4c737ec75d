"""The rules' figures as printed: a piece in a figure a reader can make out (figure_marks.MIN_PIECE
mm across at least), read from the laid-out rules pages, where each figure's scale is known."""

from __future__ import annotations

from printkit.layout import figure_marks, figures
from printkit.layout.primitives import Document, Group
from printkit.validate.findings import Findings


def check_figure_sizes(document: Document, found: Findings) -> None:
    """A section's figure whose smallest piece prints under MIN_PIECE mm (its column, its
    ``height`` or its window too small for what it shows) is a warning on the figure's
    ``height``; ``--strict`` refuses it. Each figure group of a rules page is a row of its
    manifest, in the same order (layout/rules.py), and its key carries its section's number."""
    for page in document.pages:
        if page.role != "rules":
            continue
        drawn = [item for item in page.items if isinstance(item, Group) and figures.is_figure(item)]
        rows = [row for row in page.pieces if row.kind == "figure"]
        for group, row in zip(drawn, rows, strict=True):
            extra = dict(row.extra)
            size = extra.get("piece_mm")
            number = group.key[2]
            if extra.get("contents") or not isinstance(size, float) or not isinstance(number, int):
                continue
            if not 0.0 < size < figure_marks.MIN_PIECE - 1e-6:
                continue
            loc = ("rules", number, "figure", "height")
            found.add(
                loc,
                f"the figure prints its smallest piece {size:.1f} mm across, under the "
                f"{figure_marks.MIN_PIECE:.0f} mm a reader makes out: give it a larger height, a smaller window "
                "or fewer places a row",
                severity="warning",
            )
