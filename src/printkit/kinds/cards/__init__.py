"""Cards: a deck printed face up, as many to a page as fit (or as the kit promises); tiles share its checks.

The kind (``KIND``) and its own checks are in ``kind.py``, its model in ``model.py``."""
