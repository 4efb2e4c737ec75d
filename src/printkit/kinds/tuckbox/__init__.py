"""Tuck boxes: a net cut along its outline and folded round a deck, sized from the deck it holds.

The kind (``KIND``) and its own checks are in ``kind.py``, its model in ``model.py``."""
