"""The kinds are found, not listed: every folder of ``printkit/kinds/`` is a kind, a folder dropped in
a folder of kinds is one more, and the kit model, its schema, its page roles and its messages are
made from the registry the pipeline loads."""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
import textwrap
import typing
from pathlib import Path

import pytest

import printkit.kinds
from printkit import pipeline
from printkit.base import records
from printkit.kinds import load_kinds
from printkit.kit import shared as model
from printkit.kit.kinds import Registry
from printkit.kit.model import kit_model
from printkit.layout.document import layout_boxes, layout_kit

EXTRA_KINDS = Path(__file__).parent / "kinds_extra"  # a kind of the tests' own: stamp/
KIND_FOLDERS = Path(printkit.kinds.__file__).parent


def union_members(kit: type) -> dict[str, type]:
    """kind name -> the model class of the kit model's component union that accepts it."""
    union = typing.get_args(typing.get_args(kit.model_fields["components"].annotation)[0])[0]
    members: dict[str, type] = {}
    for member in typing.get_args(union):
        for name in typing.get_args(member.model_fields["kind"].annotation):
            members[name] = member
    return members


def test_every_kind_the_schema_accepts_is_registered_with_its_model():
    kinds = load_kinds()
    assert {kind.name: kind.model for kind in kinds.kinds} == union_members(kit_model(kinds))


def test_every_folder_of_kinds_is_a_kind_in_the_schemas_order():
    """Discovery finds each folder; ``Kind.order`` keeps the schema's ``kind:`` choices as they were."""
    folders = {path.name for path in KIND_FOLDERS.iterdir() if (path / "__init__.py").is_file()}
    kinds = load_kinds()
    assert set(kinds.names) == folders
    assert kinds.names == (
        "sheet", "board", "hexboard", "track", "tokens", "stones", "cards", "mat", "tiles", "tuckbox", "box"
    )  # fmt: skip


def test_the_registry_is_a_frozen_value_loaded_once_and_its_kit_model_made_once():
    kinds = load_kinds()
    assert load_kinds() is kinds and kit_model(kinds) is kit_model(kinds)
    with pytest.raises(AttributeError):  # a frozen struct's field
        kinds.kinds = ()  # type: ignore[misc]
    with pytest.raises(TypeError):
        kinds.by_name["stamp"] = kinds.by_name["board"]  # type: ignore[index]
    assert kit_model(kinds).kinds is kinds


def test_page_roles_come_from_the_registry():
    kinds = load_kinds()
    planned = kit_model(kinds).model_json_schema()["$defs"]["PlannedPage"]["properties"]["role"]
    assert (
        tuple(planned["enum"]) == kinds.page_roles == ("rules", "board", "tokens", "pieces", "cards", "tiles", "sheet")
    )


def test_a_kind_and_a_piece_name_is_registered_once():
    kinds = load_kinds()
    names = [kind.name for kind in kinds.kinds]
    # a piece kinds share is declared alike by each (a split board's sheets and joins, by board and
    # hexboard): one name, one piece; two different pieces never share a name
    declared = {piece for kind in kinds.kinds for piece in kind.pieces}
    assert len(set(names)) == len(names) and len({piece.name for piece in declared}) == len(declared)
    shared = {piece.name for piece in declared if sum(piece in kind.pieces for kind in kinds.kinds) > 1}
    assert shared == {"board_sheet", "join"}
    board = kinds.by_name["board"]
    with pytest.raises(ValueError, match="more than one kind names the kind board"):
        Registry.of([*kinds.kinds, records.replace(board, pieces=())])
    with pytest.raises(ValueError, match="more than one kind names the piece board, cell"):
        # the same names, declared otherwise (cut out): two pieces, one name
        other = tuple(records.replace(piece, cut=not piece.cut) for piece in board.pieces[:2])
        Registry.of([*kinds.kinds, records.replace(board, name="board2", pieces=other, messages={})])


KITS = sorted([*(Path(__file__).parents[1] / "kits").glob("*.yaml"), *(Path(__file__).parent / "kits").glob("*.yaml")])


def test_each_kinds_pages_carry_its_page_role():
    """The role a page plan names a kind's pages by (``Kind.page_role``) is the role its layout
    gives them, for every kind the shipped and the tests' kits use (boxes in their own PDF)."""
    found: dict[str, set[str]] = {}
    for path in KITS:
        loaded = pipeline.load(path)
        ctx = pipeline.context(loaded, None)
        kinds, components = loaded.kit.kinds, {c.id: c for c in loaded.kit.components}
        pages = list(layout_kit(loaded.kit, ctx).pages)
        if any(kinds.kind_of(c).box for c in loaded.kit.components):
            pages += layout_boxes(loaded.kit, ctx).pages
        for page in pages:
            if page.component in components:
                kind = kinds.kind_of(components[page.component])
                found.setdefault(kind.name, set()).add(page.role)
    assert found == {name: {load_kinds().by_name[name].page_role} for name in found}
    assert len(found) >= 10, sorted(found)


KIND_HOOKS = ("room", "derived", "figure_piece", "first_piece", "cell")


@pytest.mark.parametrize("name", load_kinds().names)
def test_a_kinds_code_lives_in_its_own_folder(name):
    """Its layout and numbers are its folder's; another hook is its own or that of a kind with its
    model (tiles place pieces as cards do); a check is its own or one a kind it builds on shares
    (tokens and stones the fit in a cell, tiles the cards'). Hexboard and track, which once kept
    their layout beside the registry, are their folders' whole."""
    kinds = load_kinds()
    kind = kinds.by_name[name]
    own = f"printkit.kinds.{name}."
    same_model = tuple(f"printkit.kinds.{other.name}." for other in kinds.kinds if other.model is kind.model)
    assert kind.layout.__module__.startswith(own) and kind.numbers.__module__.startswith(own)
    hooks = [getattr(kind, field) for field in KIND_HOOKS if getattr(kind, field) is not None]
    assert [hook.__module__ for hook in hooks if not hook.__module__.startswith(same_model)] == []
    assert all(check.__module__.startswith("printkit.kinds.") for check in kind.checks)
    if name in ("hexboard", "track"):
        code = [kind.layout, kind.numbers, *hooks, *kind.checks]
        assert [part.__module__ for part in code if not part.__module__.startswith(own)] == []


def imports_of(path: Path) -> set[str]:
    """The modules a file imports, at its top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


@pytest.mark.parametrize("name", ["hexboard", "track"])
def test_hexboard_and_track_build_on_no_other_kinds_folder(name):
    """What they share with the square board (its grid's geometry, its plan of glued sheets) is in
    ``layout/``; from ``kinds/`` they import their own folder only."""
    imported = {module for path in (KIND_FOLDERS / name).glob("*.py") for module in imports_of(path)}
    others = [m for m in imported if m.startswith("printkit.kinds") and not m.startswith(f"printkit.kinds.{name}.")]
    assert others == []


# In a fresh interpreter, nothing imported but what the line names: a kind's model, and the kit
# model, load no layout (nor any kind's layout or KIND).
MODELS_ALONE = textwrap.dedent(
    """
    import importlib, json, sys
    for name in sys.argv[1:]:
        importlib.import_module(name)
    loaded = [m for m in sys.modules if m.startswith("printkit.layout") or m.endswith((".layout", ".kind"))]
    print(json.dumps(sorted(loaded)))
    """
)


def test_the_kit_model_and_the_kinds_models_load_no_layout():
    models = [f"printkit.kinds.{path.parent.name}.model" for path in sorted(KIND_FOLDERS.glob("*/model.py"))]
    assert len(models) == 10  # tiles are cards
    run = subprocess.run(
        [sys.executable, "-c", MODELS_ALONE, "printkit.kit.model", *models], capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == []


def test_no_kind_module_is_left_beside_the_kind_folders():
    """``kinds/`` holds the loader, the kinds' folders and what two kinds share (the fit in a cell)."""
    assert sorted(path.name for path in KIND_FOLDERS.glob("*.py")) == ["__init__.py", "fits.py"]


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
page_plan:
  - {page: 2, role: stamp, component: stamp}
invariants:
  - {id: side, check: "stamp.side == 20", rule: {en: "a 20 mm stamp"}}
"""

# In a fresh interpreter (the stamp is imported as the package ``stamp``): the kinds are loaded
# with a folder of kinds of one's own, and the kit is read, checked, laid out and its schema made.
STAMP_RUN = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    from printkit import pipeline
    from printkit.commands import schema
    from printkit.kinds import load_kinds
    from printkit.layout.document import layout_kit

    kinds = load_kinds(Path(sys.argv[2]))
    loaded = pipeline.load(sys.argv[1], kinds=kinds)
    ctx = pipeline.context(loaded, None)
    pipeline.verify(loaded, ctx)  # the kit checks, the page plan and the invariant on {stamp.side}
    pages = layout_kit(loaded.kit, ctx).pages
    pieces = [p for page in pages for p in page.pieces if p.kind == "stamp"]
    figures = [p for page in pages for p in page.pieces if p.kind == "figure"]
    defs = schema.kit_schema(kinds)["$defs"]
    print(json.dumps({
        "model": type(loaded.kit.components[0]).__name__,
        "pieces": [[p.width, p.height] for p in pieces],
        "figures": [dict(p.extra)["components"] for p in figures],
        "kind": defs["StampComponent"]["properties"]["kind"].get("const"),
        "roles": defs["PlannedPage"]["properties"]["role"]["enum"],
        "names": list(kinds.names),
    }))
    """
)


def stamp_kit(tmp_path: Path) -> Path:
    kit_file = tmp_path / "stamps" / "stamps.yaml"
    kit_file.parent.mkdir()
    kit_file.write_text(STAMP_KIT, encoding="utf-8")
    return kit_file


def test_a_kind_dropped_in_a_folder_of_kinds_is_read_checked_laid_out_and_in_the_schema(tmp_path):
    """The stamp's folder, copied as it is into a folder of kinds: no line is edited anywhere."""
    kit_file = stamp_kit(tmp_path)
    folder = tmp_path / "my_kinds"
    shutil.copytree(EXTRA_KINDS / "stamp", folder / "stamp")
    run = subprocess.run(
        [sys.executable, "-c", STAMP_RUN, str(kit_file), str(folder)], capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr
    found = json.loads(run.stdout)
    assert found["model"] == "StampComponent"
    assert found["pieces"] == [[20.0, 20.0]]
    assert found["figures"] == [["stamp"], ["stamp"]], found  # the kit strip shows one, a rules figure places one
    assert found["kind"] == "stamp"
    assert found["roles"] == ["rules", "board", "tokens", "pieces", "cards", "tiles", "stamp", "sheet"]
    assert found["names"][-1] == "stamp" and len(found["names"]) == 12


def test_a_kind_folder_named_as_a_module_already_imported_is_refused(tmp_path):
    folder = tmp_path / "my_kinds"
    shutil.copytree(EXTRA_KINDS / "stamp", folder / "json")
    with pytest.raises(ImportError, match="already imported"):
        load_kinds(folder)


def test_a_kit_with_a_kind_not_found_is_refused_naming_the_registered_ones(tmp_path):
    """Without its folder among the kinds the stamp is no kind, nor its page a role: the kit model knows
    only the registry's."""
    kit_file = stamp_kit(tmp_path)
    run = subprocess.run(
        [sys.executable, "-m", "printkit", "validate", str(kit_file)], capture_output=True, text=True, check=False
    )
    kinds_named = "'sheet', 'board', 'hexboard', 'track', 'tokens', 'stones', 'cards', 'tiles', 'mat', 'tuckbox', 'box'"
    roles = "'rules', 'board', 'tokens', 'pieces', 'cards', 'tiles' or 'sheet'"
    assert (run.returncode, run.stdout) == (1, "")
    assert run.stderr.splitlines() == [
        f"{kit_file}:8: components[0]: unknown kind 'stamp'; it must be one of {kinds_named}",
        f"{kit_file}:16: page_plan[0].role: 'stamp' is not allowed; use {roles}",
        "Aborted with 2 errors (schema: 2).",
    ]


def test_shared_py_defines_no_class_of_a_kind():
    """shared.py holds what every kind shares; a class with a ``kind: Literal[...]`` field is a kind's
    model and lives in the kind's own folder."""
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
