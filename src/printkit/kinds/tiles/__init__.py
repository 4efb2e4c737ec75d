"""Tiles: a deck of playing tiles, usually two-sided; the same machinery as cards.

The kind (``KIND``) and its own checks are in ``kind.py``, its model in ``model.py``."""
