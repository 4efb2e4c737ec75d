"""printkit: YAML game descriptions in, true-to-scale print-and-play PDF kits out."""

__version__ = "0.1.0"
