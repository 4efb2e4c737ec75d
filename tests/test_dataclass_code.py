"""dataclass_code.py: the methods @dataclass writes, compiled once and kept in the user cache.

The trick rests on a detail of the standard library (dataclasses compiles through the name
``exec`` of its module), so these tests fail when the running Python's dataclasses stops doing
that, and prove that every class made through the store is the class dataclasses makes without
it: the same code, function by function, for samples of every option and for every dataclass a
build of a shipped kit defines.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import textwrap
import types
from pathlib import Path
from typing import Any, ClassVar

import pytest

from printkit import dataclass_code, usercache


def fingerprint(code: types.CodeType) -> tuple:
    """What a code object does, without marshal's reference flags (which follow refcounts)."""
    consts = tuple(fingerprint(c) if isinstance(c, types.CodeType) else repr(c) for c in code.co_consts)
    return (
        code.co_code,
        consts,
        code.co_names,
        code.co_varnames,
        code.co_freevars,
        code.co_cellvars,
        code.co_flags,
        code.co_argcount,
        code.co_kwonlyargcount,
        code.co_posonlyargcount,
        code.co_firstlineno,
        code.co_filename,
        code.co_name,
    )


def methods(cls: type) -> dict[str, Any]:
    """The functions dataclasses wrote into ``cls``: their code, defaults and annotations."""
    found = {}
    for name, value in vars(cls).items():
        function = getattr(value, "__wrapped__", value)  # __repr__ is wrapped by reprlib
        if isinstance(function, types.FunctionType) and function.__code__.co_filename == "<string>":
            found[name] = (
                fingerprint(function.__code__),
                repr(function.__defaults__),
                repr(function.__kwdefaults__),
                repr(function.__annotations__),
                function.__qualname__,
            )
    return found


def samples() -> list[type]:
    """One dataclass of each option printkit's code or a library's may use."""

    @dataclasses.dataclass(frozen=True)
    class Frozen:
        x: float
        y: float = 0.0
        tags: tuple[str, ...] = ()

    @dataclasses.dataclass
    class Plain:
        name: str
        items: list[int] = dataclasses.field(default_factory=list)
        shared: ClassVar[int] = 3

    @dataclasses.dataclass(order=True, unsafe_hash=True)
    class Ordered:
        rank: int
        label: str = dataclasses.field(default="", compare=False)

    @dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
    class Slotted:
        a: int
        b: str = "b"

    @dataclasses.dataclass
    class Later:
        seed: dataclasses.InitVar[int]
        value: int = 0

        def __post_init__(self, seed: int) -> None:
            self.value = seed * 2

    @dataclasses.dataclass(frozen=True)
    class Child(Frozen):
        z: float = 1.0

    return [Frozen, Plain, Ordered, Slotted, Later, Child]


@pytest.fixture
def cache_folder(tmp_path, monkeypatch):
    monkeypatch.setattr(usercache, "folder", lambda: tmp_path / "cache")
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.delenv("PRINTKIT_NO_SCHEMA_CACHE", raising=False)
    return tmp_path / "cache"


def test_this_python_is_one_whose_dataclasses_the_store_was_made_for():
    assert dataclass_code.supported(), f"read dataclasses.py of Python {sys.version_info[:2]}, then raise PYTHONS"
    assert not dataclass_code.supported((3, 9)) and not dataclass_code.supported((3, 15))


def test_dataclasses_compiles_through_the_store_and_makes_the_same_classes(cache_folder):
    plain = [methods(cls) for cls in samples()]
    with dataclass_code.installed() as compiled:
        assert compiled is not None
        first = [methods(cls) for cls in samples()]
    assert compiled.new >= len(plain), "dataclasses no longer calls exec with source: the store is dead weight"
    assert first == plain
    with dataclass_code.installed() as again:  # a later start: everything from the file
        second = [methods(cls) for cls in samples()]
    assert again is not None and again.new == 0 and len(again.used) == compiled.new
    assert second == plain
    assert not hasattr(dataclasses, "exec")  # the standard library as it was


def test_classes_made_through_the_store_behave_as_dataclasses(cache_folder):
    with dataclass_code.installed():
        Frozen, Plain, Ordered, Slotted, Later, Child = samples()
    with dataclass_code.installed():  # and made from the file
        Frozen2, *_ = samples()
    for frozen in (Frozen, Frozen2):
        point = frozen(1.0, tags=("a",))
        assert point == frozen(1.0, 0.0, ("a",)) and hash(point) == hash(frozen(1.0, 0.0, ("a",)))
        assert repr(point).endswith("Frozen(x=1.0, y=0.0, tags=('a',))")
        with pytest.raises(dataclasses.FrozenInstanceError):
            point.x = 2.0  # type: ignore[misc]
        assert dataclasses.replace(point, y=5.0).y == 5.0
    assert Plain("a").items == [] and Plain("a").items is not Plain("a").items
    assert Ordered(1, "x") < Ordered(2) and Ordered(1, "x") == Ordered(1, "y")
    assert Slotted(a=1).b == "b" and not hasattr(Slotted(a=1), "__dict__")
    with pytest.raises(TypeError):
        Slotted(1)  # type: ignore[misc]
    assert Later(4).value == 8
    assert [f.name for f in dataclasses.fields(Child)] == ["x", "y", "tags", "z"]


def test_the_file_is_written_only_when_python_writes_bytecode(cache_folder, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    with dataclass_code.installed():
        samples()
    assert not cache_folder.exists()
    monkeypatch.setenv("PRINTKIT_NO_SCHEMA_CACHE", "1")
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    with dataclass_code.installed() as compiled:
        samples()
    assert compiled is None and not cache_folder.exists() and not hasattr(dataclasses, "exec")


def test_a_damaged_file_costs_the_compiles_and_is_written_again(cache_folder):
    path = dataclass_code.cache_file()
    path.parent.mkdir(parents=True)
    for damage in (b"", b"\x00garbage", b"not marshal at all" * 10):
        path.write_bytes(damage)
        with dataclass_code.installed() as compiled:
            made = [methods(cls) for cls in samples()]
        assert compiled is not None and compiled.new > 0
        assert made == [methods(cls) for cls in samples()]
        assert dataclass_code._read(path)  # written whole again


def test_on_a_python_it_was_not_made_for_nothing_changes(cache_folder, monkeypatch):
    monkeypatch.setattr(dataclass_code, "PYTHONS", ((3, 0), (3, 1)))
    with dataclass_code.installed() as compiled:
        samples()
    assert compiled is None and not hasattr(dataclasses, "exec") and not cache_folder.exists()


def test_a_full_store_keeps_only_what_one_start_used(cache_folder, monkeypatch):
    monkeypatch.setattr(dataclass_code, "MOST", 3)
    with dataclass_code.installed() as compiled:
        samples()
    assert len(compiled.codes) > 3 and compiled.kept().keys() == compiled.used
    with dataclass_code.installed() as later:
        pass
    assert len(later.codes) == len(compiled.used)


# Every dataclass of a build of kpn, made in three fresh interpreters: without the store, through
# it with nothing kept, and from the kept file. Their methods must be the same code.
EVERY_CLASS = """
    import dataclasses, json, sys
    sys.path.insert(0, {tests!r})
    from test_dataclass_code import methods
    from printkit import dataclass_code
    use = {use!r}
    with (dataclass_code.installed() if use else __import__("contextlib").nullcontext()) as compiled:
        from printkit.cli import main
        try:
            main(["build", "kpn", "-o", {pdf!r}])
        except SystemExit as exit:
            assert not exit.code
    found = {{}}
    for module in list(sys.modules.values()):
        for value in list(vars(module).values()) if module else ():
            if isinstance(value, type) and dataclasses.is_dataclass(value):
                found[f"{{value.__module__}}.{{value.__qualname__}}"] = repr(methods(value))
    print(json.dumps({{"classes": found, "new": compiled.new if compiled else None}}))
"""


def every_class(tmp_path: Path, use: bool) -> dict:
    code = EVERY_CLASS.format(tests=str(Path(__file__).parent), use=use, pdf=str(tmp_path / "kpn.pdf"))
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PRINTKIT_NO_SCHEMA_CACHE")}
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, env=env, check=False
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_every_dataclass_of_a_build_is_the_same_made_through_the_store(tmp_path):
    plain = every_class(tmp_path, use=False)
    compiled = every_class(tmp_path, use=True)
    kept = every_class(tmp_path, use=True)
    printkits = [name for name in plain["classes"] if name.startswith("printkit.")]
    assert len(printkits) > 60  # the layout's values, the invariants' syntax, the page checks' findings...
    assert compiled["new"] > 60 and kept["new"] == 0
    assert compiled["classes"] == plain["classes"] == kept["classes"]


def test_the_console_entry_loads_through_the_store_with_the_collector_off(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PRINTKIT_NO_SCHEMA_CACHE")}
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    code = """
        import gc, sys, traceback
        sys.argv = ["printkit", "build", "kpn", "-o", sys.argv[1]]
        passes = []  # where each collector pass started
        gc.callbacks.append(lambda phase, info: phase == "start" and passes.append(traceback.format_stack()[-6:-1]))
        from printkit.start import main
        try:
            main()
        except SystemExit as exit:
            assert not exit.code
        print(passes)
        print(len(passes), gc.isenabled(), gc.get_freeze_count() > 0)
    """
    for _start in ("first", "later"):  # the first also writes the user cache, after its command
        result = subprocess.run(
            [sys.executable, "-c", textwrap.dedent(code), str(tmp_path / "kpn.pdf")],
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
        assert result.returncode == 0, result.stderr
        passes, enabled, frozen = result.stdout.split()[-3:]
        assert (enabled, frozen) == ("True", "True")
    assert passes == "0", result.stdout  # not one collector pass in a later start
    kept = list((tmp_path / "cache" / "printkit").glob("dataclass-code-*.marshal"))
    assert len(kept) == 1 and len(dataclass_code._read(kept[0])) > 60
    module = subprocess.run(
        [sys.executable, "-m", "printkit", "list"], capture_output=True, text=True, env=env, check=False
    )
    assert module.returncode == 0 and "ogrod" in module.stdout
