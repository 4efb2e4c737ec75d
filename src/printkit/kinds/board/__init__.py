"""Boards: a square grid true to scale; tokens and stones may promise to fit its cells.

The kind (``KIND``) and its own checks are in ``kind.py``, its model in ``model.py``."""
