"""Only render/ imports svglib and pypdfium2, and only render/ and fonts/ (text metrics) import
reportlab: every import statement of printkit's source read, those inside functions included."""

from __future__ import annotations

import ast
from pathlib import Path

import printkit

SOURCE = Path(printkit.__file__).parent
ALLOWED = {"svglib": ("render",), "pypdfium2": ("render",), "reportlab": ("render", "fonts")}


def imported(path: Path) -> set[str]:
    """The top-level packages every import statement of ``path`` names."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


def test_only_render_and_fonts_import_the_drawing_libraries():
    found = {
        (library, str(path.relative_to(SOURCE)))
        for path in SOURCE.rglob("*.py")
        for library in imported(path) & ALLOWED.keys()
        if path.relative_to(SOURCE).parts[0] not in ALLOWED[library]
    }
    assert found == set()


def test_the_scan_sees_an_import_inside_a_function(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("def f():\n    import pypdfium2.raw\n    from svglib.svglib import x\n", encoding="utf-8")
    assert imported(probe) == {"pypdfium2", "svglib"}
