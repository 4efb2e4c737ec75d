"""What a build imports: pydantic without asyncio (typing_extensions 4.16 no longer loads it), no
paragraph engine of reportlab's, no module of a feature the kit does not use; and what it leaves to
the collector. Counted rather than timed (the machine is shared). Each case runs in a fresh
interpreter, where the test runner has imported nothing."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

from printkit import pipeline
from printkit.base.startup import usercache
from printkit.layout import document, rules


def fresh_python(code: str) -> str:
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_a_build_loads_neither_asyncio_nor_reportlabs_paragraph_engine(tmp_path):
    out = fresh_python(
        f"""
        import sys
        from printkit.cli import main
        try:
            main(["build", "kpn", "-o", {str(tmp_path / "kpn.pdf")!r}])
        except SystemExit as exit:
            assert not exit.code, exit.code
        print(sorted(name for name in sys.modules if name == "asyncio" or name.startswith("reportlab.platypus")))
        """
    )
    assert out.splitlines()[-1] == "[]"


def test_the_console_entry_leaves_its_objects_to_the_end_of_the_process_and_tests_do_not():
    out = fresh_python(
        """
        import gc, sys
        from printkit.cli import main
        main(["list"])
        print(gc.get_freeze_count() == 0)
        sys.argv = ["printkit", "list"]
        main()
        print(gc.get_freeze_count() > 0, gc.isenabled())
        """
    )
    lines = out.splitlines()
    assert lines[0] == lines[7] and lines[0].split() == ["kit", "title", "players", "languages", "pages"]
    assert (lines[6], lines[-1]) == ("True", "True True")


# A shipped kit without SVG art or a table: none of these may be imported to build it.
# printkit's own modules of options the build is not given (--printer, --manifest, --changed-since,
# --ink-report, preview) and of a table.
FEATURE_OWN_MODULES = (
    "printkit.commands.printer",
    "printkit.output.manifest",
    "printkit.output.reprint",
    "printkit.render.ink",
    "printkit.render.raster",
    "printkit.kit.tables",
)
FEATURE_MODULES = ("lxml", "svglib", "defusedxml", "python_calamine", "pypdfium2", "pdfplumber", "babel", "openpyxl")

PROBE = """
import gc, json, sys
walked = [0]
def count(phase, info):  # how many objects each pass of the collector walks
    if phase == "start":
        walked.append(sum(len(gc.get_objects(g)) for g in range(info["generation"] + 1)))
gc.callbacks.append(count)
sys.argv = ["printkit", *sys.argv[1:]]
from printkit.cli import main
try:
    main()
finally:
    walked[:] = [0]  # the passes after the command: Python's last, full one at shutdown stands for them
    gc.collect()
    json.dump({"modules": sorted(sys.modules), "frozen": gc.get_freeze_count(), "walked": max(walked)}, sys.stderr)
"""


def build_process(tmp_path: Path, *args: str) -> dict:
    """Builds in a fresh Python as the console script does; what it imported and left to the collector."""
    env = {k: v for k, v in os.environ.items() if k != "PRINTKIT_DEBUG"}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, "build", *args], capture_output=True, text=True, env=env, check=True
    )
    return json.loads(done.stderr.strip().splitlines()[-1])


def top_level(modules: list[str]) -> set[str]:
    return {name.split(".")[0] for name in modules}


def imported_by(statement: str) -> set[str]:
    """The top-level modules a fresh Python holds after ``statement``."""
    code = f"import json, sys\n{statement}\njson.dump(sorted(sys.modules), sys.stdout)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return top_level(json.loads(done.stdout))


def test_a_shipped_kit_builds_without_the_modules_of_features_it_does_not_use(tmp_path):
    seen = build_process(tmp_path, "kpn", "-o", str(tmp_path / "kpn.pdf"))
    assert (tmp_path / "kpn.pdf").read_bytes().startswith(b"%PDF-")
    # What the libraries a build needs import themselves is not printkit's to leave out: Pillow
    # 10.0 (the lowest version allowed) imports defusedxml with PIL.Image, later versions do not.
    theirs = imported_by("import PIL.Image, reportlab.pdfgen.canvas")
    assert top_level(seen["modules"]) & set(FEATURE_MODULES) - theirs == set()
    assert set(seen["modules"]) & set(FEATURE_OWN_MODULES) == set()
    # what a build cannot do without: the schema, the renderer, the fonts' reader, hyphenation
    assert {"pydantic", "reportlab", "yaml", "pyphen", "printkit"} <= top_level(seen["modules"])


def pyphen_loaded_after(markup: str, width_mm: float) -> bool:
    """Whether setting ``markup`` ragged in a column ``width_mm`` wide, in a fresh Python, loads pyphen."""
    code = (
        "import sys\n"
        "from printkit.layout import paragraph\n"
        f"paragraph.wrap({markup!r}, {width_mm}, 9.4, 12.2, lang='pl')\n"
        "print('pyphen' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return done.stdout.strip() == "True"


def test_hyphenation_patterns_are_read_only_when_a_word_needs_cutting():
    """A paragraph whose words all fit their lines never reads a language's patterns (pyphen and
    its dictionary load on the first word that must be cut); one that needs a cut does."""
    assert not pyphen_loaded_after("Krótkie słowa mieszczą się w wierszu.", 80)
    # (a word of 7 letters or fewer is never cut: the one that asks is of 8 or more)
    assert pyphen_loaded_after("Uczestnicy naprzemiennie wpisują wyhodowane rośliny do przydomowego ogrodu.", 30)


def test_a_build_leaves_its_objects_frozen_for_the_process_end(tmp_path):
    """The collector's first pass after the command (and Python's last one at shutdown) would walk
    every object the build made; they are frozen instead, so that no pass walks more than a few."""
    seen = build_process(tmp_path, "ogrod", "-o", str(tmp_path / "ogrod.pdf"))
    assert seen["frozen"] > 50_000
    assert seen["walked"] < 5_000


# --- what a start may keep between runs: base/startup/, behind one switch --------------------------

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "printkit"
STARTUP = PACKAGE / "base" / "startup"
# Modules that would let a cache hold code: none of printkit imports them.
CODE_KEEPERS = {"pickle", "marshal", "shelve", "dill", "cloudpickle"}


def printkit_modules() -> dict[Path, ast.Module]:
    return {path: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(PACKAGE.rglob("*.py"))}


def imported_names(tree: ast.Module) -> set[str]:
    """Every module an import statement anywhere in ``tree`` names (inside functions too)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def calls_of(tree: ast.Module, name: str) -> int:
    return sum(isinstance(node, ast.Call) and getattr(node.func, "id", None) == name for node in ast.walk(tree))


def test_only_the_startup_folder_keeps_files_between_starts():
    """The user cache is read and written only in base/startup/; the rest of printkit asks it
    through hyphenation_patterns, and nothing else opens the user's cache folder."""
    modules = printkit_modules()
    assert (STARTUP / "usercache.py") in modules
    outside = {path: tree for path, tree in modules.items() if STARTUP not in path.parents}
    users = sorted(
        str(path.relative_to(PACKAGE))
        for path, tree in outside.items()
        if "printkit.base.startup.usercache" in imported_names(tree) or "user_cache_dir" in ast.unparse(tree)
    )
    assert users == []
    askers = sorted(
        str(p.relative_to(PACKAGE))
        for p, t in outside.items()
        if any(name.startswith("printkit.base.startup") for name in imported_names(t))
    )
    assert askers == ["layout/hyphenation.py"]


def test_no_module_can_keep_or_run_code_from_a_cache():
    found = {
        str(path.relative_to(PACKAGE)): sorted(imported_names(tree) & CODE_KEEPERS)
        + ["exec()"] * calls_of(tree, "exec")
        + ["eval()"] * calls_of(tree, "eval")
        for path, tree in printkit_modules().items()
    }
    assert {name: kept for name, kept in found.items() if kept} == {}


def test_one_switch_with_an_honest_name_turns_every_cache_off():
    """PRINTKIT_NO_CACHE is the only variable about caches that printkit, its tests and its docs
    name (issue 27 found a stale one naming a schema cache that was gone); what it switches off is
    proved by test_usercache.py (a build with it set leaves no cache folder) and
    test_hyphenation_cache.py (nothing read or written)."""
    assert usercache.SWITCH == "PRINTKIT_NO_CACHE"
    repo = PACKAGE.parents[1]
    texts = [
        path.read_text(encoding="utf-8")
        for folder in ("src", "tests", "benchmarks", "docs")
        for path in (repo / folder).rglob("*")
        if path.suffix in (".py", ".md") and path.is_file()
    ]
    texts.append((repo / "README.md").read_text(encoding="utf-8"))
    variables = {name for text in texts for name in re.findall(r"PRINTKIT_[A-Z_]+", text)}
    assert {name for name in variables if "CACHE" in name} == {"PRINTKIT_NO_CACHE"}


def test_the_rules_are_set_once_when_the_page_plan_is_right(monkeypatch):
    """The page numbers the rules print are first guessed from the kit's page plan, so a shipped
    kit with a plan sets its rules once (every build set them twice: the first time with two-digit stand-ins);
    a kit whose plan is wrong or missing still settles, with the same pages."""
    settings = []
    original = rules.layout
    monkeypatch.setattr(rules, "layout", lambda kit, ctx, **how: settings.append(1) or original(kit, ctx, **how))
    for kit in ("latarnie", "ogrod", "plateau", "targ", "kpn"):
        loaded = pipeline.load(kit)
        for paper in ("a4", "letter"):
            settings.clear()
            planned = document.layout_kit(loaded.kit, pipeline.context(loaded, loaded.kit.kit.default_lang, paper))
            # plateau has no plan: its rules take 2 pages on A4 and Letter, 1 on A3
            assert len(settings) == (1 if loaded.kit.page_plan else 2), (kit, paper)
            settings.clear()
            unplanned = loaded.kit.model_copy(update={"page_plan": None})
            guessed = document.layout_kit(unplanned, pipeline.context(loaded, loaded.kit.kit.default_lang, paper))
            assert len(settings) == 2 and guessed.pages == planned.pages, (kit, paper)
