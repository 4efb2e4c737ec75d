"""A kind that exists only for tests/test_kinds.py, a folder dropped in a folder of kinds as
CONTRIBUTING.md asks of every kind: a stamp is a square of a given side, one to a page; the
rules' figures may place it (``stamp.face``)."""
