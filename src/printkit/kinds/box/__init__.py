"""Lid-and-tray boxes: two nets, a tray and a lid that slides over it, sized from the deck they hold.

The kind (``KIND``) and its own checks are in ``kind.py``, its model in ``model.py``."""
