"""The front door and the docs site stay true: the README is short, names every command and
links only to pages that exist; every page of docs/ is in the site's nav; the tutorial shows what
its commands print; the gallery shows every shipped kit with pictures that are there."""

from __future__ import annotations

import re
import shlex

import yaml
from PIL import Image

from conftest import REPO, cli_runner

DOCS = REPO / "docs"
README = (REPO / "README.md").read_text(encoding="utf-8")
GALLERY = (DOCS / "gallery.md").read_text(encoding="utf-8")
GALLERY_DPI = 40
GENERATED = {"reference.md"}  # made by docs/hooks/reference.py when the site is built
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def commands(help_text: str) -> list[str]:
    """The command names a click group's --help lists under "Commands:"."""
    listed = help_text.split("Commands:\n", 1)[1]
    return [line.split()[0] for line in listed.splitlines() if line.startswith("  ") and line.split()]


def table_commands(markdown: str) -> set[str]:
    """The printkit commands the first column of a Markdown table's rows names."""
    rows = [line.split("|")[1] for line in markdown.splitlines() if line.startswith("| `printkit ")]
    return {re.match(r" `printkit ([a-z-]+)", row).group(1) for row in rows if re.match(r" `printkit [a-z]", row)}


def nav_pages(nav: list) -> list[str]:
    pages: list[str] = []
    for entry in nav:
        for target in entry.values():
            pages += nav_pages(target) if isinstance(target, list) else [target]
    return pages


def test_the_readme_reads_in_two_minutes():
    """About 250 words a minute, code and table included."""
    assert len(README.split()) <= 600
    assert README.count("\n## ") <= 4


def test_the_readme_gives_the_two_commands_as_ci_runs_them():
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install -e . && printkit build ogrod          # writes output/ogrod.pdf (2 A4 pages)" in README
    assert "pip install -e '.[test]' && pytest                # runs the test suite" in README
    assert "pip install -e '.[test]' && pytest\n" in ci


def test_the_readme_and_the_commands_page_name_every_command_printkit_has(run):
    top = commands(run("--help").out)
    assert {"build", "printer", "validate", "new"} <= set(top)
    assert table_commands(README) == set(top)
    assert table_commands((DOCS / "commands.md").read_text(encoding="utf-8")) == set(top)
    printer_row = next(line for line in README.splitlines() if line.startswith("| `printkit printer "))
    usage = re.split(r"(?<!\\)\|", printer_row)[1]  # the first cell; `\|` is a bar inside it
    assert [sub for sub in commands(run("printer", "--help").out) if not re.search(rf"\b{sub}\b", usage)] == []


def test_every_link_and_picture_of_the_readme_is_there():
    targets = [target for target in LINK.findall(README) if "://" not in target]
    assert "docs/tutorial.md" in targets and "docs/gallery.md" in targets
    assert [target for target in targets if not (REPO / target).exists()] == []  # a generated page is not there


def test_every_page_of_the_docs_is_in_the_nav_and_every_nav_page_exists():
    site = yaml.safe_load((REPO / "mkdocs.yml").read_text(encoding="utf-8"))
    pages = nav_pages(site["nav"])
    assert len(pages) == len(set(pages))
    assert sorted(set(pages) - GENERATED) == sorted(page.name for page in DOCS.glob("*.md"))


def test_the_architecture_page_names_every_part_in_the_order_of_the_contract():
    """docs/architecture.md's table lists each folder and top module of src/printkit once, top
    down in the order of the layers contract that import-linter enforces (pyproject.toml)."""
    import tomllib

    contract = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    layers = next(c for c in contract["contracts"] if c["type"] == "layers")["layers"]
    in_contract = [part.strip().removeprefix("printkit.") for layer in layers for part in layer.split("|")]
    table = (DOCS / "architecture.md").read_text(encoding="utf-8").split("## Where new code goes")[0]
    named = re.findall(r"^\| (.+?) \|", table, re.MULTILINE)[1:]  # past the header
    names = [name.strip().strip("`").replace("/NAME/", "/") for row in named for name in row.split(",")]
    parts = [name.strip("`/").removesuffix(".py") for name in names]
    assert [part for part in parts if part in in_contract] == in_contract
    package = REPO / "src" / "printkit"
    on_disk = {p.stem for p in package.glob("*.py")} | {
        p.name for p in package.iterdir() if (p / "__init__.py").exists()
    }
    assert on_disk - {"__init__"} == set(in_contract), "every part has its layer"


def test_the_gallery_shows_every_shipped_kit():
    shown = re.findall(r"^## .* \(`([a-z0-9_-]+)`\)$", GALLERY, re.MULTILINE)
    assert shown == sorted(kit.stem for kit in (REPO / "kits").glob("*.yaml"))


def test_every_gallery_picture_is_a_page_of_its_kit_drawn_at_40_dpi():
    pictures = re.findall(r"!\[([a-z0-9_-]+), page (\d+)\]\(gallery/([^)]+)\)", GALLERY)
    assert {kit for kit, _, _ in pictures} == {kit.stem for kit in (REPO / "kits").glob("*.yaml")}
    for kit, page, file_name in pictures:
        assert file_name == f"{kit}-{page}.png"
        with Image.open(DOCS / "gallery" / file_name) as image:
            assert image.format == "PNG"
            short, long = sorted(image.size)
            assert (short, long) in {(331, 468), (340, 440)}, (file_name, image.size)  # A4 or Letter at 40 dpi
    assert {kit for kit, page, _ in pictures if page == "1"} == {kit for kit, _, _ in pictures}  # each from its start
    on_disk = {path.name for path in (DOCS / "gallery").glob("*") if not path.name.startswith("serve-")}
    assert on_disk == {file_name for _, _, file_name in pictures}  # none left over from an older run


def test_the_gallery_shows_each_shipped_kit_in_printkit_serve():
    """docs/serve_gallery.py's screenshots: one a kit and a broken kit's, each listed and there."""
    pictures = re.findall(r"!\[([a-z0-9_-]+) in printkit serve\]\(gallery/(serve-[a-z0-9_-]+\.png)\)", GALLERY)
    kits = sorted(kit.stem for kit in (REPO / "kits").glob("*.yaml"))
    assert pictures == [(name, f"serve-{name}.png") for name in [*kits, "findings"]]
    on_disk = {path.name for path in (DOCS / "gallery").glob("serve-*")}
    assert on_disk == {file_name for _, file_name in pictures}
    for _, file_name in pictures:
        with Image.open(DOCS / "gallery" / file_name) as image:
            assert image.format == "PNG" and image.size[0] == 1280


def tutorial_steps() -> list[tuple[str, list[str]]]:
    """Each `$ printkit ...` line of the tutorial's code blocks with the lines printed after it."""
    steps: list[tuple[str, list[str]]] = []
    for block in re.findall(r"```\n(.*?)```", (DOCS / "tutorial.md").read_text(encoding="utf-8"), re.DOTALL):
        for line in block.splitlines():
            if line.startswith("$ printkit "):
                steps.append((line.removeprefix("$ printkit "), []))
            elif steps and block.startswith("$ "):
                steps[-1][1].append(line)
    return steps


def test_the_tutorial_shows_what_its_commands_print(tmp_path, monkeypatch, capsys):
    """Typed in order in an empty folder, each command prints what the tutorial says; the second
    validate runs after the edit the tutorial asks for (a fifth "3 cells" card), undone after it."""
    monkeypatch.chdir(tmp_path)
    config = tmp_path / "config"
    monkeypatch.setenv("PRINTKIT_CONFIG_DIR", str(config))
    run = cli_runner(capsys)
    steps = tutorial_steps()
    assert [command.split()[0] for command, _ in steps][:3] == ["new", "validate", "validate"]
    edit = ("{id: three, count: 4,", "{id: three, count: 5,")
    for index, (command, expected) in enumerate(steps):
        kit = tmp_path / "mygame.yaml"
        if index == 2:
            kit.write_text(kit.read_text(encoding="utf-8").replace(*edit), encoding="utf-8")
        result = run(*shlex.split(command))
        if index == 2:
            kit.write_text(kit.read_text(encoding="utf-8").replace(*reversed(edit)), encoding="utf-8")
        printed = (result.err + result.out).replace(str(config), "~/.config/printkit")
        assert printed.splitlines() == expected, command
