"""One path policy (kitpaths.py) for every file a kit names: pictures, icons, tables and fonts.

The path typed for the kit file may hold '..' and links, be absolute or './NAME.yaml'; the kit's
folder may not be a link (it is a real folder beside the kit file); a file the kit names is resolved
against the folder's real path and refused when it is absolute, leads out, or passes a link that
leads out; only regular files are opened."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image

from audit import opened_while
from printkit import fonts
from printkit.kit import paths as kitpaths
from test_kit_fonts import fonts_of_words

GAME = """kit:
  title: {{en: "Small game"}}
  players: {{min: 1, max: 2}}
  languages: [en]
  default_lang: en
  author: "printkit tests"
fonts:
  body: {{regular: "{font}"}}
icons:
  - {{id: coin, image: "{icon}"}}
components:
  - id: deck
    kind: cards
    title: {{en: "Cards"}}
    width: 63mm
    height: 88mm
    table:
      file: "{table}"
      columns: {{id: id, count: count, name: {{en: name}}, image: picture}}
    face:
      - {{type: symbol, box: [5, 5, 50, 50]}}
      - {{type: name, box: [5, 60, 50, 10]}}
rules:
  - heading: {{en: "Rules"}}
    body: {{en: "Play :coin: twice."}}
invariants:
  - {{id: cards, check: "deck.total == 2", rule: {{en: "2 cards"}}}}
"""
NAMES = {"font": "Documents/font.ttf", "icon": "Documents/coin.png", "table": "Documents/budget.csv"}


def documents(folder: Path, picture: str = "Documents/photo.png") -> None:
    """A photo, a coin picture, a font and a table naming the photo on both its rows, in folder/Documents/."""
    (folder / "Documents").mkdir(parents=True)
    Image.new("RGB", (40, 60), "#00aa00").save(folder / "Documents" / "photo.png")
    Image.new("RGB", (20, 20), "#aa0000").save(folder / "Documents" / "coin.png")
    shutil.copyfile(fonts.fonts_dir() / "AtkinsonHyperlegible-Regular.ttf", folder / "Documents" / "font.ttf")
    (folder / "Documents" / "budget.csv").write_text(
        f"id,count,name,picture\nsalary,1,Salary 99999,{picture}\nrent,1,Rent,{picture}\n", encoding="utf-8"
    )


def game(kit: Path, **names: str) -> Path:
    kit.parent.mkdir(parents=True, exist_ok=True)
    kit.write_text(GAME.format(**(NAMES | names)), encoding="utf-8")
    return kit


def pictures_and_font(pdf: Path) -> tuple[int, set[str]]:
    """How many pictures the PDF draws, and the fonts of the rules' last word (the kit's font
    prints it, Atkinson Hyperlegible under its content's name; printkit's own body font is Noto Serif)."""
    with pdfplumber.open(pdf) as document:
        pictures = sum(len(page.images) for page in document.pages)
    return pictures, fonts_of_words(pdf, "twice")


# A kit's font is embedded under a name made from its content (kitfonts.registered), never its own.
KIT_FONT = {
    "Kit-" + hashlib.sha256((fonts.fonts_dir() / "AtkinsonHyperlegible-Regular.ttf").read_bytes()).hexdigest()[:12]
}


# Item 1: a kit folder that is itself a link leading out


@pytest.mark.parametrize("target", ["..", ".", "ABSOLUTE", "Documents"])
def test_a_kit_folder_that_is_a_link_leading_out_is_refused_and_nothing_there_is_read(
    tmp_path, run, monkeypatch, target
):
    """game.yaml in Downloads/ with game -> .. (or ., or the home folder by its absolute path, or
    Documents/ beside the kit file, as a kit unpacked into the home folder would have it)
    names Documents/photo.png, Documents/budget.csv and a font: one line naming the folder, exit
    1, no PDF, and no file under Documents/ is opened."""
    home = tmp_path / "home"
    documents(home)
    documents(home / "Downloads")  # for game -> .
    kit = game(home / "Downloads" / "game.yaml")
    (kit.parent / "game").symlink_to(home if target == "ABSOLUTE" else target)
    monkeypatch.chdir(kit.parent)
    pdf = tmp_path / "out.pdf"
    results = []
    opened = opened_while(
        lambda: results.extend([run("validate", "game.yaml"), run("build", "game.yaml", "-o", str(pdf))])
    )
    message = (
        "game.yaml: the kit's folder game/ is a link; printkit reads a kit's pictures, tables and fonts only "
        "from a real folder beside the kit file (replace the link with the folder itself)"
    )
    for result in results:
        assert (result.code, result.err.splitlines()) == (1, [message])
    assert not pdf.exists()
    assert [path for path in opened if "Documents" in path] == []


def test_a_kit_folder_linked_to_a_folder_beside_the_kit_file_is_refused_too(tmp_path, run):
    """game -> versions/game_v2 stays beside the kit file, but a link there could as well name
    Documents/: the kit's folder is a real folder or nothing is read from it."""
    folder = tmp_path / "kits"
    documents(folder / "versions" / "game_v2")
    kit = game(folder / "game.yaml")
    (folder / "game").symlink_to(Path("versions") / "game_v2")
    pdf = tmp_path / "out.pdf"
    result = run("build", str(kit), "-o", str(pdf))
    assert result.code == 1 and result.err.count("\n") == 1 and "is a link;" in result.err, result.err
    assert not pdf.exists()


# Item 2: the path typed for the kit


@pytest.mark.parametrize(
    ("where", "typed"),
    [
        ("home/other", "../Downloads/game.yaml"),
        ("home/Downloads", "./game.yaml"),
        ("home/Downloads", "game.yaml"),
        ("home", "Downloads/../Downloads/game.yaml"),
        ("home/other", "ABSOLUTE"),
        ("home/other", "../linked/game.yaml"),  # the kit file's folder reached by a link
    ],
)
def test_a_kit_builds_with_its_pictures_tables_and_fonts_however_its_path_is_typed(
    tmp_path, run, monkeypatch, where, typed
):
    home = tmp_path / "home"
    kit = game(home / "Downloads" / "game.yaml")
    documents(home / "Downloads" / "game")
    (home / "other").mkdir()
    (home / "linked").symlink_to("Downloads")
    monkeypatch.chdir(tmp_path / where)
    pdf = tmp_path / "out.pdf"
    typed = str(kit) if typed == "ABSOLUTE" else typed
    for command in (["validate", typed], ["build", typed, "-o", str(pdf)]):
        result = run(*command)
        assert result.code == 0, result.err
    pictures, font = pictures_and_font(pdf)
    assert pictures >= 3 and font == KIT_FONT  # two cards' photos and the coin icon; the kit's font


# Links and '..' inside the folder


def test_links_and_dots_that_stay_inside_the_folder_work(tmp_path, run):
    """A folder link inside (pics -> Documents), a file link inside (photo.png ->
    Documents/photo.png) and '..' that comes back in all name the kit's own files."""
    folder = tmp_path / "game"
    documents(folder, picture="pics/photo.png")
    (folder / "pics").symlink_to("Documents")
    (folder / "photo.png").symlink_to(Path("Documents") / "photo.png")
    kit = game(tmp_path / "game.yaml", icon="Documents/../photo.png", font="pics/../Documents/font.ttf")
    pdf = tmp_path / "out.pdf"
    result = run("build", str(kit), "-o", str(pdf))
    assert result.code == 0, result.err
    pictures, font = pictures_and_font(pdf)
    assert pictures >= 3 and font == KIT_FONT


def outside_home(tmp_path: Path) -> Path:
    """A kit in tmp/kits/game/ and a private folder tmp/private/ beside it holding the same files."""
    documents(tmp_path / "private")
    documents(tmp_path / "kits" / "game")
    return game(tmp_path / "kits" / "game.yaml")


@pytest.mark.parametrize(
    ("field", "names", "line", "message"),
    [
        (
            "fonts.body.regular",
            {"font": "out/font.ttf"},
            8,
            "'out/font.ttf' is a link to a file outside the kit's folder {folder}/; copy the font into the folder "
            "instead",
        ),
        (
            "icons[0].image",
            {"icon": "out/coin.png"},
            10,
            "'out/coin.png' is a link to a file outside the kit's folder {folder}/; copy the picture into the folder "
            "instead",
        ),
        (
            "components[0].table.file",
            {"table": "out/budget.csv"},
            18,
            "'out/budget.csv' is a link to a file outside the kit's folder {folder}/; copy the table into the folder "
            "instead",
        ),
        (  # '..' after a link goes where the system goes: up from the link's target
            "components[0].table.file",
            {"table": "deep/../Documents/budget.csv"},
            18,
            "'deep/../Documents/budget.csv' is a link to a file outside the kit's folder {folder}/; copy the table "
            "into the folder instead",
        ),
    ],
)
def test_a_link_inside_the_folder_leading_out_is_refused_for_every_kind_of_file(
    tmp_path, run, field, names, line, message
):
    kit = outside_home(tmp_path)
    folder = kit.parent / "game"
    (folder / "out").symlink_to(tmp_path / "private" / "Documents")
    (folder / "deep").symlink_to(tmp_path / "private" / "Documents")
    game(kit, **names)
    result = run("validate", str(kit))
    assert result.code == 1
    assert f"{kit}:{line}: {field}: {message.format(folder=folder)}" in result.err.splitlines()


@pytest.mark.parametrize("key", ["font", "icon", "table"])
def test_an_absolute_path_is_refused_even_when_it_points_inside(tmp_path, run, key):
    kit = outside_home(tmp_path)
    inside = str(kit.parent / "game" / NAMES[key])
    game(kit, **{key: inside})
    result = run("validate", str(kit))
    assert result.code == 1
    what = {"font": "font", "icon": "picture", "table": "table"}[key]
    # the quoted path is cut to 80 characters as every quoted value is (errors.one_line)
    assert f"'{inside[:40]}" in result.err, result.err
    assert f"' is an absolute path; name the {what} by its path inside the kit's folder" in result.err


@pytest.mark.parametrize("key", ["font", "icon", "table"])
def test_a_pipe_or_a_folder_is_never_opened(tmp_path, key):
    """A named pipe in place of a font, a picture or a table would hang the read forever; a
    folder is no file either. Each is refused by what it is, and promptly."""
    kit = outside_home(tmp_path)
    named = kit.parent / "game" / NAMES[key]
    named.unlink()
    os.mkfifo(named)
    what = {"font": "font", "icon": "picture", "table": "table"}[key]
    result = subprocess.run(
        [sys.executable, "-m", "printkit", "validate", str(kit)], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 1, result.stderr
    assert f"'{NAMES[key]}' in the kit's folder {kit.parent / 'game'}/ is a named pipe, not a {what} file" in (
        result.stderr
    )
    named.unlink()
    named.mkdir()
    result = subprocess.run(
        [sys.executable, "-m", "printkit", "validate", str(kit)], capture_output=True, text=True, timeout=120
    )
    assert f"'{NAMES[key]}' in the kit's folder {kit.parent / 'game'}/ is a folder, not a {what} file" in (
        result.stderr
    )


def test_the_policy_resolves_against_the_folders_real_path(tmp_path):
    """The value itself: the folder's real path whatever the spelling, a real path for a name
    inside, None for a file not there yet, PathRefused for the rest."""
    (tmp_path / "a" / "game").mkdir(parents=True)
    (tmp_path / "a" / "game" / "x.png").write_bytes(b"x")
    (tmp_path / "b").mkdir()
    folder = kitpaths.KitFolder.of(tmp_path / "b" / ".." / "a" / "game.yaml")
    assert folder.refused is None
    assert folder.real == (tmp_path / "a" / "game").resolve()
    assert folder.file("sub/../x.png") == folder.real / "x.png"
    assert folder.file("later.png") is None
    assert folder.path("../game/x.png") == folder.real / "x.png"  # out and back in by its name: inside
    for refused in ("../b/x.png", "sub/../../x.png", "/etc/passwd", str(folder.real / "x.png"), "a\x00b"):
        with pytest.raises(kitpaths.PathRefused):
            folder.path(refused)


def test_new_from_a_kit_copies_its_links_as_links_never_what_they_lead_to(tmp_path, run, monkeypatch):
    """`new mine --from game.yaml` copies game/: a link in it stays a link (the new kit's build
    refuses it as the old one's did), a named pipe is left out (it would hang the copy)."""
    kit = outside_home(tmp_path)
    folder = kit.parent / "game"
    (folder / "Documents" / "photo.png").unlink()
    (folder / "Documents" / "photo.png").symlink_to(tmp_path / "private" / "Documents" / "photo.png")
    os.mkfifo(folder / "pipe")
    (tmp_path / "mine").mkdir()
    monkeypatch.chdir(tmp_path / "mine")
    made = run("new", "mine", "--from", str(kit))
    assert made.code == 0, made.err
    copied = tmp_path / "mine" / "mine" / "Documents" / "photo.png"
    assert copied.is_symlink() and not (tmp_path / "mine" / "mine" / "pipe").exists()
    refused = run("validate", "mine.yaml")
    assert refused.code == 1
    assert "'Documents/photo.png' is a link to a file outside the kit's folder mine/" in refused.err


def test_new_from_a_kit_whose_folder_is_a_link_leading_out_is_refused(tmp_path, run, monkeypatch):
    home = tmp_path / "home"
    documents(home)
    kit = game(home / "Downloads" / "game.yaml")
    (kit.parent / "game").symlink_to("..")
    monkeypatch.chdir(kit.parent)
    refused = run("new", "mine", "--from", "game.yaml")
    assert refused.code == 1
    assert refused.err.startswith("game.yaml: the kit's folder game/ is a link;")
    assert not (kit.parent / "mine").exists() and not (kit.parent / "mine.yaml").exists()


def test_a_loop_of_links_is_refused_in_one_line(tmp_path, run):
    """game -> game, and a table that is a loop of two links: one line each, never exit 2."""
    kit = game(tmp_path / "game.yaml")
    (tmp_path / "game").symlink_to("game")
    result = run("validate", str(kit))
    assert (result.code, result.err.splitlines()) == (
        1,
        [f"{kit}: the kit's folder {tmp_path / 'game'}/ is a loop of links; replace the link with the folder itself"],
    )
    (tmp_path / "game").unlink()
    documents(tmp_path / "game")
    (tmp_path / "game" / "Documents" / "budget.csv").unlink()
    (tmp_path / "game" / "Documents" / "budget.csv").symlink_to("other.csv")
    (tmp_path / "game" / "Documents" / "other.csv").symlink_to("budget.csv")
    result = run("validate", str(kit))
    assert (result.code, result.err.splitlines()) == (
        1,
        [
            f"{kit}:18: components[0].table.file: 'Documents/budget.csv' in the kit's folder {tmp_path / 'game'}/ "
            "cannot be read (Too many levels of symbolic links)"
        ],
    )
