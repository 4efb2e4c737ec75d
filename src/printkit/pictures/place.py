"""Where a picture goes in a box: fitted in proportion, or filling it as a fit and a crop say.

Pure arithmetic in millimetres on a picture's proportions (Prepared.aspect), for layout.
"""

from __future__ import annotations


def fitted(x: float, y: float, w: float, h: float, ratio: float) -> tuple[float, float, float, float]:
    """The largest box of width/height ``ratio`` centred in (x, y, w, h)."""
    if w / h > ratio:
        fit_w = h * ratio
        return x + (w - fit_w) / 2, y, fit_w, h
    fit_h = w / ratio
    return x, y + (h - fit_h) / 2, w, fit_h


Rect = tuple[float, float, float, float]


def placement(box: Rect, ratio: float, fit: str = "contain", crop: Rect | None = None) -> tuple[Rect, Rect | None]:
    """Where a picture of width/height ``ratio`` is drawn to fill ``box`` as ``fit`` says
    (contain, cover, stretch), showing only its part ``crop`` ([x, y, w, h] in fractions of its
    sides): the rectangle the whole picture is drawn over, and the box that clips it (None when
    all of it shows). Cover keeps the middle of the crop and cuts off its overflow."""
    x, y, w, h = box
    cx, cy, cw, ch = crop or (0.0, 0.0, 1.0, 1.0)
    shown = ratio * cw / ch  # width/height of the part shown
    if fit == "cover":
        if shown > w / h:  # too wide: a narrower middle of the crop
            cx, cw = cx + (cw - cw * (w / h) / shown) / 2, cw * (w / h) / shown
        else:
            cy, ch = cy + (ch - ch * shown / (w / h)) / 2, ch * shown / (w / h)
        target = box
    elif fit == "stretch":
        target = box
    else:
        target = fitted(x, y, w, h, shown)
    tx, ty, tw, th = target
    whole = (tx - cx * tw / cw, ty - cy * th / ch, tw / cw, th / ch)
    cut = (cx, cy, cw, ch) != (0.0, 0.0, 1.0, 1.0)
    return whole, (target if cut else None)
