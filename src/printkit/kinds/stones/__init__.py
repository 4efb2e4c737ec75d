"""Stones: two-sided playing pieces with their moves drawn on each face; they may promise to fit a board.

The kind (``KIND``) and its own checks are in ``kind.py``, its model in ``model.py``."""
