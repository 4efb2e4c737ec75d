"""Tracks: numbered square spaces true to scale, a strip across the page or a loop around its edge;
markers may promise to fit a space. Its layout is in ``layout.py``.

The kind (``KIND``) and its own checks are in ``kind.py``, its model in ``model.py``."""
