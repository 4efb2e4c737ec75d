"""A designer's table as typed: `printkit new --deck-from` on a sheet whose first column holds
names ("Wilk leśny") makes a kit that validates at once, each row's id folded from its words, and
a table naming 40 pictures not made yet prints 3 warnings and one counting the rest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.base.idents import identifier_from


@pytest.mark.parametrize(
    ("words", "ident"),
    [
        ("Wolf", "wolf"),
        ("Wilk leśny", "wilk_lesny"),
        ("Łoś – duży!", "los_duzy"),
        ("Příšera 2", "prisera_2"),
        ("3 owce", "t_3_owce"),
        ("!!!", ""),
    ],
)
def test_words_fold_to_an_identifier(words, ident):
    assert identifier_from(words) == ident


def new_kit(run, folder: Path, rows: list[str]) -> Path:
    (folder / "beasts.csv").write_text("name,count,picture\n" + "\n".join(rows) + "\n", encoding="utf-8")
    made = run("new", "beasts", "--deck-from", "beasts.csv")  # in the folder, as a designer types it
    assert made.code == 0, made.err
    return folder / "beasts.yaml"


def test_a_table_of_names_validates_at_once_its_ids_made_from_the_names(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    kit = new_kit(run, tmp_path, ["Wilk leśny,2,wolf.png", "Niedźwiedź,1,bear.png"])
    checked = run("validate", str(kit))
    assert checked.code == 0, checked.err
    built = run("build", str(kit), "-o", str(tmp_path / "beasts.pdf"))
    assert built.code == 0, built.err


def test_two_names_that_fold_alike_or_a_name_of_no_letters_are_findings_at_their_rows(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    kit = new_kit(run, tmp_path, ["Wilk leśny,2,", "Wilk Leśny,1,"])
    checked = run("validate", str(kit))
    assert checked.code == 1
    assert "row 3, column name: the id 'wilk_lesny' is also the id of row 2" in checked.err
    (tmp_path / "beasts" / "beasts.csv").write_text("name,count,picture\nWilk,2,\n!!!,1,\n", encoding="utf-8")
    checked = run("validate", str(kit))
    assert checked.code == 1 and "row 3, column name: '!!!' does not match the pattern" in checked.err


def test_forty_pictures_not_made_yet_print_three_warnings_and_a_count(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    kit = new_kit(run, tmp_path, [f"Beast {n},1,b{n}.png" for n in range(1, 41)])
    checked = run("validate", str(kit))
    assert checked.code == 0, checked.err
    warnings = [line for line in checked.err.splitlines() if "warning:" in line]
    assert len(warnings) == 4
    assert all("no picture 'b" in line for line in warnings[:3])
    assert warnings[3].endswith("warning: 37 more pictures not made yet; placeholders are printed in their places")
    refused = run("export", str(kit), "--for", "png", "-o", str(tmp_path / "shop"))
    assert refused.code == 1 and len(refused.err.splitlines()) >= 40, "an export still names every row"
