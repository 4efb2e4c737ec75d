"""Tokens: sets of flat counters, each a shape in a square cut frame; they may promise to fit a board.

The kind (``KIND``) and its own checks are in ``kind.py``, its model in ``model.py``."""
