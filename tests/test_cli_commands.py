"""How the command line is built (issue 27): cli.py parses each command into its frozen options
value and calls the module in commands/ named after the command; a command's modules load only
when it runs; and no import cycle runs through cli, start, the commands or the pipeline, counting
the imports inside functions too."""

from __future__ import annotations

import ast
import importlib
import json
import subprocess
import sys
from pathlib import Path

import click
import msgspec
import pytest

from printkit import cli

SRC = Path(__file__).resolve().parents[1] / "src"

# Each command (as `printkit --help` lists it), its module in commands/, the function cli calls
# and the options value it hands over, defined in that module (None: the command takes no options).
COMMANDS = {
    ("list",): ("list", "run", None),
    ("build",): ("build", "run", "BuildOptions"),
    ("serve",): ("serve", "run", "ServeOptions"),
    ("sheets",): ("sheets", "run", "SheetsOptions"),
    ("calibrate",): ("calibrate", "run", "CalibrateOptions"),
    ("preview",): ("preview", "run", "PreviewOptions"),
    ("validate",): ("validate", "run", "ValidateOptions"),
    ("schema",): ("schema", "run", "SchemaOptions"),
    ("new",): ("new", "run", "NewOptions"),
    ("export-tts",): ("export_tts", "run", "ExportTtsOptions"),
    ("export",): ("export", "run", "ExportOptions"),
    ("printer", "add"): ("printer", "run_add", "PrinterAddOptions"),
    ("printer", "list"): ("printer", "run_list", None),
    ("printer", "remove"): ("printer", "run_remove", "PrinterRemoveOptions"),
}


def leaf_commands(group: click.Group, path: tuple[str, ...] = ()) -> dict[tuple[str, ...], click.Command]:
    found: dict[tuple[str, ...], click.Command] = {}
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            found |= leaf_commands(command, path + (name,))
        else:
            found[path + (name,)] = command
    return found


def test_every_command_has_a_module_named_after_it_and_a_function_to_run():
    commands = leaf_commands(cli.cli)
    assert set(commands) == set(COMMANDS)
    for path, (module, function, _) in COMMANDS.items():
        assert module == path[0].replace("-", "_")
        assert callable(getattr(importlib.import_module(f"printkit.commands.{module}"), function)), path


@pytest.mark.parametrize("path", sorted(COMMANDS), ids=" ".join)
def test_a_commands_options_value_has_a_field_for_each_parameter_and_is_frozen(path):
    """cli.py builds the value from click's parameters by name: a parameter without its field (or
    a field without its parameter) would fail only when that command runs."""
    module, _, options = COMMANDS[path]
    value = getattr(importlib.import_module(f"printkit.commands.{module}"), options) if options else None
    parameters = {parameter.name for parameter in leaf_commands(cli.cli)[path].params}
    if value is None:
        assert parameters == set()
        return
    fields = msgspec.structs.fields(value)
    defaulted = {
        f.name for f in fields if f.default is not msgspec.NODEFAULT or f.default_factory is not msgspec.NODEFAULT
    }
    assert {f.name for f in fields} - defaulted == parameters
    assert value.__struct_config__.frozen


def test_export_is_told_which_options_the_command_line_set(run, tmp_path):
    """--dpi left at its default is no conflict with a preset; given, it is refused."""
    result = run("export", "ogrod", "--for", "png", "--preset", "tgc-poker", "--dpi", "300", "-o", str(tmp_path))
    assert (result.code, result.err) == (1, "--preset tgc-poker sets the dpi; leave out --dpi\n")


def fresh_modules(code: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", f"import json, sys\n{code}\njson.dump(sorted(sys.modules), sys.stdout)"],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.splitlines()[-1])


def test_the_command_line_and_its_help_load_no_command_module_and_no_pipeline():
    loaded = fresh_modules(
        "from printkit.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass\nprint()"
    )
    commands = {name for name in loaded if name.startswith("printkit.commands.")}
    assert commands == set()
    assert "printkit.pipeline" not in loaded and "reportlab" not in {name.split(".")[0] for name in loaded}


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def printkit_imports(path: Path, known: set[str]) -> set[str]:
    """Every printkit module ``path`` imports, at the top, inside a function or for type checking."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([node.module] if node.module else []))
            names = [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            while name and name not in known:  # `from printkit.x import name`: the module x
                name = name.rpartition(".")[0]
            if name.startswith("printkit"):
                found.add(name)
    return found


def cycle_through(graph: dict[str, set[str]], start: str) -> list[str] | None:
    """A path from ``start`` back to itself, if any."""
    paths = [[start]]
    seen = set()
    while paths:
        path = paths.pop()
        for after in sorted(graph.get(path[-1], ())):
            if after == start:
                return path + [start]
            if after not in seen:
                seen.add(after)
                paths.append(path + [after])
    return None


def test_no_import_cycle_runs_through_the_command_line_the_commands_or_the_pipeline():
    files = {module_name(path): path for path in (SRC / "printkit").rglob("*.py")}
    graph = {name: printkit_imports(path, set(files)) - {name} for name, path in files.items()}
    ours = [name for name in files if name in ("printkit.cli", "printkit.start", "printkit.pipeline")]
    ours += [name for name in files if name.startswith("printkit.commands.")]
    assert len(ours) >= 15
    assert {name: cycle_through(graph, name) for name in ours} == dict.fromkeys(ours)
