"""`printkit new`: a kit to start from that validates and builds at once, and never overwrites."""

from __future__ import annotations

import pdfplumber
import pytest

from conftest import REPO, cli_runner, mm

PNG_1PX = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c49444154789c63f8cfc0000003010100c9fe92ef0000000049454e44ae426082"
)  # a 1 × 1 px PNG

SCHEMA = REPO / "schema" / "kit.schema.json"


@pytest.fixture
def here(tmp_path, monkeypatch, capsys):
    """Run printkit in an empty temporary folder, as a designer starting a game would."""
    monkeypatch.chdir(tmp_path)
    return cli_runner(capsys)


def test_new_validate_build_from_the_template(here, tmp_path):
    made = here("new", "treasure")
    assert made.code == 0, made.err
    assert made.out.startswith("treasure.yaml (the template)")
    assert here("validate", "treasure.yaml", "--strict").out.startswith("treasure.yaml: ok: ")
    built = here("build", "treasure.yaml")
    assert built.code == 0, built.err
    assert built.out.strip() == "output/treasure.pdf (5 pages)"
    with pdfplumber.open(tmp_path / "output" / "treasure.pdf") as pdf:
        assert [(round(mm(p.width)), round(mm(p.height))) for p in pdf.pages] == [(210, 297)] * 5
        assert "Treasure Hunt" in pdf.pages[0].extract_text()


def test_the_template_names_the_kit_and_the_schema(here, tmp_path):
    here("new", "treasure.yaml")
    lines = (tmp_path / "treasure.yaml").read_text(encoding="utf-8").splitlines()
    prefix = "# yaml-language-server: $schema="
    assert lines[0].startswith(prefix)
    assert (tmp_path / lines[0][len(prefix) :]).resolve() == SCHEMA
    assert "printkit build treasure.yaml" in "\n".join(lines) and "THIS_FILE" not in "\n".join(lines)


@pytest.mark.parametrize("kit", ["targ", "kpn"])
def test_new_from_a_shipped_kit_validates_and_builds(here, tmp_path, kit):
    made = here("new", "mine", "--from", kit)
    assert made.code == 0, made.err
    copied = (tmp_path / "mine.yaml").read_text(encoding="utf-8").splitlines()
    shipped = (REPO / "kits" / f"{kit}.yaml").read_text(encoding="utf-8").splitlines()
    assert copied[1:] == shipped[1:]  # line numbers in messages stay those of the shipped kit
    assert here("validate", "mine.yaml").code == 0
    built = here("build", "mine.yaml")
    assert built.code == 0, built.err
    assert (tmp_path / "output" / "mine.pdf").stat().st_size > 0


def test_an_existing_file_is_never_overwritten(here, tmp_path):
    (tmp_path / "treasure.yaml").write_text("mine\n", encoding="utf-8")
    refused = here("new", "treasure")
    assert refused.code == 1
    assert (
        refused.err
        == "treasure.yaml already exists; printkit new never overwrites a file (choose another name or move it away)\n"
    )
    assert (tmp_path / "treasure.yaml").read_text(encoding="utf-8") == "mine\n"


@pytest.mark.parametrize(
    "args, message",
    [
        (["new", "../escape"], "'../escape': a kit's name is letters, digits, '-' and '_'"),
        (["new", "x", "--from", "szachy"], "szachy: unknown kit; the shipped kits are:"),
    ],
)
def test_bad_names_are_one_clear_line(here, tmp_path, args, message):
    refused = here(*args)
    assert refused.code == 1 and refused.err.startswith(message) and refused.err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_new_deck_from_a_spreadsheet_maps_the_header_row_and_builds(here, tmp_path):
    from deck_tables import deck_rows, write_xlsx

    rows = deck_rows(120)
    rows[0] = ["ID", "Ilość", "name_pl", "name_cs", "Opis (pl)", "text_cs", "Koszt (zł)"]
    for row in rows[1:]:
        row.append("uwagi")
    rows[0].append("Uwagi")
    write_xlsx(tmp_path / "talia.xlsx", rows, sheet="Karty")
    made = here("new", "zoo", "--deck-from", "talia.xlsx", "--sheet", "Karty")
    assert made.code == 0, made.err
    assert made.out.startswith("zoo.yaml (a deck from talia.xlsx)")
    text = (tmp_path / "zoo.yaml").read_text(encoding="utf-8")
    assert "    # Columns not mapped (map them under columns: or leave them): Uwagi\n" in text
    assert (
        '      columns:\n        id: "ID"\n        count: "Ilość"\n        name: {pl: "name_pl", cs: "name_cs"}\n'
        '        text: {pl: "Opis (pl)", cs: "text_cs"}\n        values: {koszt_zl: "Koszt (zł)"}\n'
    ) in text
    assert "languages: [pl, cs]" in text and 'check: "cards.total == 120"' in text
    assert (tmp_path / "zoo" / "talia.xlsx").read_bytes() == (tmp_path / "talia.xlsx").read_bytes()
    assert here("validate", "zoo.yaml").out.strip() == "zoo.yaml: ok: 1 invariant proved, on A4, in pl, cs"
    built = here("build", "zoo.yaml")
    assert built.code == 0, built.err
    assert built.out.strip() == "output/zoo.pdf (15 pages)"


def test_new_deck_from_a_csv_of_plain_headers_counts_its_copies(here, tmp_path):
    (tmp_path / "cards.csv").write_text(
        "id;count;name;text;cost\nfox;3;Fox;Steal a hen.;2\nowl;2;Owl;Look twice.;1\n", encoding="utf-8-sig"
    )
    assert here("new", "farm", "--deck-from", "cards.csv").code == 0
    text = (tmp_path / "farm.yaml").read_text(encoding="utf-8")
    assert 'name: {en: "name"}' in text and 'values: {cost: "cost"}' in text and "cards.total == 5" in text
    assert here("validate", "farm.yaml").out.strip() == "farm.yaml: ok: 1 invariant proved, on A4, in en"


def test_new_deck_from_an_empty_sheet_or_a_missing_file_is_refused(here, tmp_path):
    from deck_tables import deck_rows, write_xlsx

    write_xlsx(tmp_path / "talia.xlsx", deck_rows(3))
    refused = here("new", "zoo", "--deck-from", "talia.xlsx")
    assert (refused.code, refused.err.strip()) == (
        1,
        "talia.xlsx: its sheet 'Notes' has no rows below the header row (name another one with --sheet)",
    )
    assert here("new", "zoo", "--deck-from", "nic.ods").err.strip() == "nic.ods: no such file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["talia.xlsx"]


def test_new_deck_from_a_cp1250_csv_names_its_encoding_in_the_kit(here, tmp_path):
    from deck_tables import deck_rows, write_csv

    write_csv(tmp_path / "karty.csv", deck_rows(12), ";", "cp1250")
    refused = here("new", "zoo", "--deck-from", "karty.csv")
    assert refused.code == 1 and "is not UTF-8 text" in refused.err
    assert here("new", "zoo", "--deck-from", "karty.csv", "--encoding", "cp1250").code == 0
    assert "      encoding: cp1250\n" in (tmp_path / "zoo.yaml").read_text(encoding="utf-8")
    assert here("validate", "zoo.yaml").out.strip() == "zoo.yaml: ok: 1 invariant proved, on A4, in pl, cs"


def test_new_deck_from_a_table_with_pictures_fills_a_box_with_each(here, tmp_path):
    """A picture column becomes a symbol box the card's width, 'fit: cover' (said in a comment with
    its other choices), taller when no text column shares the card; the pictures not made yet
    print placeholders and the kit builds."""
    table = "id,count,name,picture\nfox,3,Fox,fox.jpg\nowl,2,Owl,owl.jpg\n"
    (tmp_path / "cards.csv").write_text(table, encoding="utf-8")
    assert here("new", "farm", "--deck-from", "cards.csv").code == 0
    text = (tmp_path / "farm.yaml").read_text(encoding="utf-8")
    assert '        image: "picture"\n' in text
    assert "      - {type: symbol, box: [5, 17, 53, 64], fit: cover}\n" in text
    assert "      # the picture: 'fit: cover' fills the box" in text
    built = here("build", "farm.yaml")
    assert built.code == 0, built.err
    assert built.err.count("a placeholder is printed in its place") == 2
    (tmp_path / "cards.csv").write_text("id,name,text,picture\nfox,Fox,Steals.,fox.jpg\n", encoding="utf-8")
    assert here("new", "farm2", "--deck-from", "cards.csv").code == 0
    assert "box: [5, 17, 53, 33], fit: cover}" in (tmp_path / "farm2.yaml").read_text(encoding="utf-8")


# --- headers are data: quoted or escaped, never raw YAML (issue 26 item 12) -------------------------------

HOSTILE = [
    "alt\nenter",
    "carriage\rreturn",
    "# not a comment",
    "key: value",
    "{brace",
    'say "hi", it\'s',
    "x" * 200,
    "\u202eevil",
    "nel\x85ls\u2028ps\u2029del\x7f",
]
INJECTIONS = ["note\ninvariants: []", "memo\n  - id: evil\n    kind: cards", "\u202e#x\r\nkit: {}"]


def test_hostile_headers_round_trip_and_inject_nothing(here, tmp_path):
    """Headers whose cells are numbers become values (quoted scalars), the others are listed in a
    comment: every one reads back as it was, the comment stays one line, and the kit validates."""
    import csv

    from printkit.kit import file as kitfile

    header = ["id", "name", *HOSTILE, *INJECTIONS]
    rows = [
        [f"card{n}", name, *[str(n + k) for k in range(len(HOSTILE))], *["words"] * len(INJECTIONS)]
        for n, name in ((1, "Fox"), (2, "Owl"))
    ]
    with open(tmp_path / "cards.csv", "w", encoding="utf-8", newline="") as stream:
        csv.writer(stream).writerows([header, *rows])
    made = here("new", "farm", "--deck-from", "cards.csv")
    assert made.code == 0, made.err
    data = kitfile.load_kit_source(tmp_path / "farm.yaml").data
    assert sorted(data) == ["components", "invariants", "kit", "rules"]
    assert [c["id"] for c in data["components"]] == ["cards"] and len(data["invariants"]) == 1
    assert sorted(data["components"][0]["table"]["columns"]["values"].values()) == sorted(HOSTILE)
    text = (tmp_path / "farm.yaml").read_text(encoding="utf-8")
    comment = next(line for line in text.splitlines() if "Columns not mapped" in line)
    assert comment.endswith(
        r"note\u000ainvariants: [], memo\u000a  - id: evil\u000a    kind: cards, \u202e#x\u000d\u000akit: {}"
    )
    assert all(ch.isprintable() for line in text.splitlines() for ch in line)
    checked = here("validate", "farm.yaml")
    assert checked.code == 0, checked.err


def test_a_10_kb_header_is_left_unmapped_and_the_kit_validates(here, tmp_path):
    (tmp_path / "cards.csv").write_text("id,name," + "x" * 10240 + "\nfox,Fox,1\n", encoding="utf-8")
    made = here("new", "farm", "--deck-from", "cards.csv")
    assert made.code == 0, made.err
    text = (tmp_path / "farm.yaml").read_text(encoding="utf-8")
    assert "# Columns not mapped (map them under columns: or leave them): " + "x" * 59 + "…\n" in text
    assert "x" * 61 not in text
    checked = here("validate", "farm.yaml")
    assert checked.code == 0, checked.err


def test_a_10_kb_header_the_kit_would_name_is_refused_before_anything_is_written(here, tmp_path):
    """The first column is the deck's id when no header says id: a kit cannot name this one."""
    (tmp_path / "cards.csv").write_text("x" * 10240 + ",name\nfox,Fox\n", encoding="utf-8")
    refused = here("new", "farm", "--deck-from", "cards.csv")
    assert (refused.code, refused.err) == (
        1,
        "cards.csv: the header of column 1 is 10,240 characters; a kit names a column in at most 200 (shorten it)\n",
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.csv"]


# --- a full disk leaves nothing: every file of `new` lands together ---------------------------------------


def test_a_full_disk_while_new_writes_leaves_nothing_and_a_retry_works(here, tmp_path, monkeypatch):
    import errno
    import os

    from printkit.output import files as output

    (tmp_path / "cards.csv").write_text("id,count,name\nfox,3,Fox\n", encoding="utf-8")
    real_fsync = os.fsync

    def full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(output.os, "fsync", full)
    failed = here("new", "farm", "--deck-from", "cards.csv")
    assert (failed.code, failed.err) == (
        1,
        f"{tmp_path}/farm.yaml: cannot write it (No space left on device); not written, each left as it was: "
        f"{tmp_path}/farm.yaml, {tmp_path}/farm\n",
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.csv"]
    monkeypatch.setattr(output.os, "fsync", real_fsync)
    assert here("new", "farm", "--deck-from", "cards.csv").code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.csv", "farm", "farm.yaml"]


def test_on_a_really_full_disk_new_leaves_no_empty_kit_nor_half_a_table(here, tmp_path):
    """A 64 KB tmpfs holding a 40 KB table: its copy into the kit's folder finds no room."""
    import subprocess

    disk = tmp_path / "disk"
    disk.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(disk)]).returncode != 0:
        pytest.skip("cannot mount a tmpfs here (needs root)")
    try:
        rows = "".join(f"card{n},1,{'Fox ' * 8}\n" for n in range(1000))
        (disk / "cards.csv").write_text("id,count,name\n" + rows, encoding="utf-8")
        assert (disk / "cards.csv").stat().st_size > 40_000
        os_chdir = pytest.MonkeyPatch()
        os_chdir.chdir(disk)
        try:
            failed = here("new", "farm", "--deck-from", "cards.csv")
        finally:
            os_chdir.undo()
        assert failed.code == 1 and "cannot write it (No space left on device); not written" in failed.err
        assert sorted(p.name for p in disk.iterdir()) == ["cards.csv"]
    finally:
        subprocess.run(["umount", str(disk)], check=True)


def test_new_deck_from_copies_the_pictures_its_table_names_and_says_where_the_others_go(here, tmp_path):
    """The pictures beside the table go into the kit's folder under the names the table gives; a
    name leading out of the table's folder, or a link, is not followed; the line says where the
    missing ones go."""
    art = tmp_path / "art"
    art.mkdir()
    (art / "fox.png").write_bytes(PNG_1PX)
    (tmp_path / "secret.png").write_bytes(PNG_1PX)
    (art / "link.png").symlink_to(tmp_path / "secret.png")
    (tmp_path / "cards.csv").write_text(
        "id;count;name;image\nfox;3;Fox;art/fox.png\nowl;2;Owl;art/owl.png\nhen;1;Hen;../secret.png\n"
        "cat;1;Cat;art/link.png\n",
        encoding="utf-8",
    )
    made = here("new", "farm", "--deck-from", "cards.csv")
    assert made.code == 0, made.err
    assert made.out.splitlines()[1] == (
        "1 of the 4 pictures the table names copied into farm/; put the other 3 there under the names the table "
        "gives (such as farm/art/owl.png): until then printkit prints a placeholder in their place"
    )
    assert (tmp_path / "farm" / "art" / "fox.png").read_bytes() == PNG_1PX
    assert sorted(p.name for p in (tmp_path / "farm").rglob("*")) == ["art", "cards.csv", "fox.png"]
