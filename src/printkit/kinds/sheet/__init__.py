"""Sheets: score sheets and player aids to write on, once per player or shared.

The kind (``KIND``) and its own checks are in ``kind.py``, its model in ``model.py``."""
