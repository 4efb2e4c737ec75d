"""Where the rules set "How to print the kit" (``kit.print_at``): by default right after "What you
need", as the KiG rulebooks of latarnie, ogrod and targ do (a review of latarnie: "a family has to
print before it reads the rules", and the recipe stood last on page 1); ``end`` sets it after the
last section. Measured on the laid-out rules pages: the headings in reading order."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import REPO
from printkit import pipeline as build
from printkit.layout.primitives import RichText
from printkit.words.messages import message


def headings(kit: str | Path, lang: str, paper: str = "a4") -> list[str]:
    """The rules pages' headings in reading order: page by page, column by column, top to bottom."""
    loaded = build.load(kit)
    ctx = build.context(loaded, lang, paper)
    found = []
    for number, page in enumerate(build.laid_out(loaded, ctx).pages):
        if page.role == "rules":
            texts = (item for item in page.items if isinstance(item, RichText) and item.face == "headings")
            found += [(number, round(item.x), item.y, item.markup.replace("\xa0", " ")) for item in texts]
    return [markup for *_, markup in sorted(found)]


@pytest.mark.parametrize("kit", ["latarnie", "kpn"])
@pytest.mark.parametrize(("lang", "paper"), [("pl", "a4"), ("cs", "a4"), ("en", "letter")])
def test_how_to_print_follows_what_you_need(kit, lang, paper):
    found = headings(kit, lang, paper)
    assert found[:2] == [message(lang, "needs_heading"), message(lang, "print_heading")], found
    assert len(found) == 2 + len(build.load(kit).kit.rules), found  # every section, each once


@pytest.mark.parametrize("kit", ["ogrod", "plateau", "targ"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_full_pages_close_their_rules_with_the_recipe(kit, paper):
    """ogrod and targ fill their one rules page: with the recipe second, Letter ran to a second page
    (ogrod) or a set-up figure stood a column away from its section (targ). plateau's seed has none."""
    found = headings(kit, "pl", paper)
    assert found[0] == message("pl", "needs_heading") and found[-1] == message("pl", "print_heading"), found


def test_print_at_end_sets_the_recipe_after_the_last_section(tmp_path):
    text = (REPO / "kits" / "latarnie.yaml").read_text(encoding="utf-8")
    kit = tmp_path / "latarnie.yaml"
    kit.write_text(text.replace('  version: "1.0"\n', '  version: "1.0"\n  print_at: end\n', 1), encoding="utf-8")
    found = headings(kit, "en")
    assert found[0] == message("en", "needs_heading") and found[-1] == message("en", "print_heading"), found
    assert found[1] == "Goal and setting up", found
