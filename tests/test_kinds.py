"""The kind registry and the kit's model agree: every `kind:` the schema accepts is registered once,
with the model class that parses it."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import textwrap
import typing
from pathlib import Path

from printkit import kinds
from printkit.kit import model as kit_model
from printkit.kit import shared as model

EXTRA_KINDS = Path(__file__).parent / "kinds_extra"  # a kind of the tests' own: stamp.py


def union_members() -> dict[str, type]:
    """kind name -> the model class of kit.Component that accepts it."""
    union = typing.get_args(kit_model.Component)[0]
    members: dict[str, type] = {}
    for member in typing.get_args(union):
        for name in typing.get_args(member.model_fields["kind"].annotation):
            members[name] = member
    return members


def test_every_kind_the_schema_accepts_is_registered_with_its_model():
    registered = {kind.name: kind.model for kind in kinds.KINDS}
    assert registered == union_members()


def test_a_kind_and_a_piece_name_is_registered_once():
    names = [kind.name for kind in kinds.KINDS]
    pieces = [piece.name for kind in kinds.KINDS for piece in kind.pieces]
    assert len(set(names)) == len(names) and len(set(pieces)) == len(pieces)


STAMP_KIT = """\
kit:
  title: {en: Stamps}
  players: {min: 1, max: 2}
  languages: [en]
  default_lang: en
  author: printkit tests
components:
  - {id: stamp, kind: stamp, side: 20mm}
rules:
  - heading: {en: Rules}
    body: {en: "Lay the {stamp.side} mm stamp."}
    figure:
      pieces: [stamp.face]
      caption: {en: "The stamp."}
invariants:
  - {id: side, check: "stamp.side == 20", rule: {en: "a 20 mm stamp"}}
"""

# In a fresh interpreter: the test's kind is registered with one line, before the kit model is
# built from the registry, then the kit is read, validated, laid out and its schema made.
STAMP_RUN = textwrap.dedent(
    """
    import json, sys
    import printkit.kinds, stamp
    printkit.kinds.KINDS = (*printkit.kinds.registered(), stamp.KIND)  # the one registration line
    from printkit import pipeline as build
    from printkit.kit import model as kit
    from printkit.commands import schema
    from printkit.layout.document import layout_kit

    loaded = build.load(sys.argv[1])
    ctx = build.context(loaded, None)
    build.verify(loaded, ctx)  # the kit checks, the page checks and the invariant on {stamp.side}
    pages = layout_kit(loaded.kit, ctx).pages
    pieces = [p for page in pages for p in page.pieces if p.kind == "stamp"]
    figures = [p for page in pages for p in page.pieces if p.kind == "figure"]
    tags = schema.kit_schema()["$defs"]["StampComponent"]["properties"]["kind"]
    print(json.dumps({
        "model": type(loaded.kit.components[0]).__name__,
        "pieces": [[p.width, p.height] for p in pieces],
        "figures": [dict(p.extra)["components"] for p in figures],
        "kind": tags.get("const"),
    }))
    """
)


def test_a_kind_of_one_module_and_one_registration_line_is_read_validated_laid_out_and_in_the_schema(tmp_path):
    kit_file = tmp_path / "stamps" / "stamps.yaml"
    kit_file.parent.mkdir()
    kit_file.write_text(STAMP_KIT, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(EXTRA_KINDS), os.environ.get("PYTHONPATH", "")])}
    run = subprocess.run(
        [sys.executable, "-c", STAMP_RUN, str(kit_file)], env=env, capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr
    found = json.loads(run.stdout)
    assert found["model"] == "StampComponent"
    assert found["pieces"] == [[20.0, 20.0]]
    assert found["figures"] == [["stamp"], ["stamp"]], found  # the kit strip shows one, a rules figure places one
    assert found["kind"] == "stamp"


def test_a_kit_with_an_unregistered_kind_is_refused_naming_the_registered_ones(tmp_path):
    """Without its registration line the stamp is no kind: the kit model knows only the registry's."""
    kit_file = tmp_path / "stamps" / "stamps.yaml"
    kit_file.parent.mkdir()
    kit_file.write_text(STAMP_KIT, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "printkit", "validate", str(kit_file)], capture_output=True, text=True, check=False
    )
    kinds_named = "'sheet', 'board', 'hexboard', 'track', 'tokens', 'stones', 'cards', 'tiles', 'mat', 'tuckbox', 'box'"
    assert (run.returncode, run.stdout) == (1, "")
    assert run.stderr == f"{kit_file}:8: components[0]: unknown kind 'stamp'; it must be one of {kinds_named}\n"


def test_model_py_defines_no_class_of_a_kind():
    """model.py holds what every kind shares; a class with a ``kind: Literal[...]`` field is a kind's
    model and lives in the kind's own module."""
    tree = ast.parse(Path(model.__file__).read_text(encoding="utf-8"))
    kind_classes = [
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        for field in node.body
        if isinstance(field, ast.AnnAssign)
        and isinstance(field.target, ast.Name)
        and field.target.id == "kind"
        and "Literal" in ast.unparse(field.annotation)
    ]
    assert kind_classes == []
    assert not [
        name
        for name, value in vars(model).items()
        if isinstance(value, type) and "kind" in getattr(value, "model_fields", {})
    ]
