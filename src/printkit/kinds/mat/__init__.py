"""Play mats: places for pieces in rows, marked by player count, and info panels below.

The kind (``KIND``) and its own checks are in ``kind.py``, its model in ``model.py``."""
