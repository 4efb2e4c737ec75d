"""Hex boards: hexes true to scale in a rectangle or a hexagon, flat- or pointy-topped; tokens and
stones may promise to fit a hex. Its layout (one page, or glue-together sheets as a square board's)
is in ``layout.py``.

The kind (``KIND``) and its own checks are in ``kind.py``, its model in ``model.py``."""
