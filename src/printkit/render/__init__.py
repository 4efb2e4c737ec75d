"""Rendering: layout primitives drawn with reportlab, PDF pages rasterised with pypdfium2."""
