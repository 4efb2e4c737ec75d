"""No import cycle in printkit, counting the imports inside functions too (issue 27).

import-linter (its contracts in pyproject.toml, run by .ci/run) sees the same imports; this test
states the one rule every contract rests on, and prints the cycle it finds as a chain of modules.
Imports under ``if TYPE_CHECKING:`` run nowhere and are left out.
"""

from __future__ import annotations

import ast
from pathlib import Path

import printkit

PACKAGE = Path(printkit.__file__).parent


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def run_time_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement of a module, at any depth, but those under ``if TYPE_CHECKING:``."""
    found: list[ast.Import | ast.ImportFrom] = []
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        stack.extend(ast.iter_child_nodes(node))
    return found


def imported_modules(node: ast.Import | ast.ImportFrom, here: str, modules: set[str]) -> set[str]:
    """The printkit modules one statement imports: ``from printkit.a import b`` is printkit.a.b
    when that is a module, else printkit.a."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names if alias.name in modules}
    base = node.module or ""
    if node.level:
        package = here.rsplit(".", node.level)[0] if node.level else ""
        base = f"{package}.{base}" if base else package
    found = {f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in modules}
    if len(found) < len(node.names) and base in modules:
        found.add(base)
    return found


def import_graph() -> dict[str, set[str]]:
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {module_name(path) for path in paths}
    graph: dict[str, set[str]] = {}
    for path in paths:
        here = module_name(path)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        targets = set().union(*(imported_modules(node, here, modules) for node in run_time_imports(tree)))
        graph[here] = targets - {here}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_graph_sees_imports_inside_functions():
    graph = import_graph()
    assert "printkit.cli" in graph and graph["printkit.cli"], "cli imports its commands"
    tree = ast.parse("def f():\n    from printkit.base import errors\nif TYPE_CHECKING:\n    import printkit.kit\n")
    assert [imported_modules(n, "printkit.x", set(graph)) for n in run_time_imports(tree)] == [{"printkit.base.errors"}]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_printkit_has_no_import_cycle():
    found = cycles(import_graph())
    assert found == [], "import cycles: " + "; ".join(" <-> ".join(c) for c in found)
