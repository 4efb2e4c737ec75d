"""printkit: YAML game descriptions in, true-to-scale print-and-play PDF kits out."""

# Imports nothing: ``python -m printkit`` runs this before __main__.py takes the current folder
# off sys.path, so any module imported here could be one a kit's folder planted.

__version__ = "0.1.0"
