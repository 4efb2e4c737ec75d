import time
import unicodedata
from pathlib import Path

import pytest

from piece_pdf import page_text
from printkit.base.errors import KitError
from printkit.kit.file import find_kit, load_kit_source, shipped_kit_names


def write(tmp_path: Path, text: str, name: str = "kit.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_every_value_keeps_its_line(tmp_path):
    source = load_kit_source(
        write(tmp_path, "kit:\n  title:\n    pl: Ogród\n    cs: Zahrada\ncomponents:\n  - id: a\n    kind: sheet\n")
    )
    assert source.data["kit"]["title"]["cs"] == "Zahrada"
    assert source.line_of(("kit", "title", "cs")) == 4
    assert source.line_of(("components", 0, "kind")) == 7
    assert source.line_of(("components", 0, "missing")) == 6


def test_shipped_kits_are_found_by_name():
    assert "ogrod" in shipped_kit_names()
    assert find_kit("ogrod").name == "ogrod.yaml"


def test_unknown_kit_lists_the_shipped_ones():
    with pytest.raises(KitError, match=r"unknown kit; the shipped kits are: .*ogrod"):
        find_kit("szachy")


@pytest.mark.parametrize(
    "text, message",
    [
        ("kit: [1, 2\n", "YAML syntax error, column"),
        ("a: 1\na: 2\n", "duplicate key 'a'"),
        ("a: !!python/object:os.system {}\n", "YAML tag 'tag:yaml.org,2002:python/object:os.system' is not allowed"),
        ("", "the kit file is empty"),
    ],
)
def test_broken_yaml_is_one_clear_error(tmp_path, text, message):
    with pytest.raises(KitError) as caught:
        load_kit_source(write(tmp_path, text))
    assert message in str(caught.value)


def test_alias_bomb_fails_fast(tmp_path):
    """Nine levels of nine aliases would be 387 million values; reading stops at the limit."""
    lines = ['a0: &a0 ["x","x","x","x","x","x","x","x","x"]']
    for i in range(1, 9):
        refs = ",".join([f"*a{i - 1}"] * 9)
        lines.append(f"a{i}: &a{i} [{refs}]")
    started = time.perf_counter()
    with pytest.raises(KitError) as caught:
        load_kit_source(write(tmp_path, "\n".join(lines) + "\n"))
    assert time.perf_counter() - started < 5.0
    assert str(caught.value).endswith(
        ": the kit expands to more than 200,000 values, the limit; its YAML aliases (*name) repeat parts too often"
    )


@pytest.mark.parametrize(
    "value, tag",
    [
        ('!!python/object/apply:os.system ["touch {marker}"]', "tag:yaml.org,2002:python/object/apply:os.system"),
        ("!!python/name:os.system ''", "tag:yaml.org,2002:python/name:os.system"),
        (
            '!!python/object/new:subprocess.Popen [["touch", "{marker}"]]',
            "tag:yaml.org,2002:python/object/new:subprocess.Popen",
        ),
        ("!!binary aGVsbG8=", "tag:yaml.org,2002:binary"),
        ("!thing {{a: 1}}", "!thing"),
    ],
)
def test_a_yaml_tag_is_refused_and_never_constructs_anything(tmp_path, value, tag):
    marker = tmp_path / "ran"
    with pytest.raises(KitError) as caught:
        load_kit_source(write(tmp_path, f"kit:\n  title: {value.format(marker=marker)}\n"))
    assert (
        str(caught.value)
        == f"{tmp_path / 'kit.yaml'}:2: kit.title: YAML tag '{tag}' is not allowed; a kit holds only plain text, "
        "numbers, lists and mappings"
    )
    assert not marker.exists()


def test_a_date_is_kept_as_the_text_written(tmp_path):
    """YAML reads 2024-05-01 as a timestamp; a kit's writer means the text."""
    assert load_kit_source(write(tmp_path, "kit:\n  version: 2024-05-01\n")).data == {"kit": {"version": "2024-05-01"}}


def test_binary_file_is_refused(tmp_path):
    path = tmp_path / "kit.yaml"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    with pytest.raises(KitError, match="binary file"):
        load_kit_source(path)


@pytest.mark.parametrize("name", shipped_kit_names())
def test_libyaml_and_the_pure_python_parser_read_a_kit_alike(name, monkeypatch):
    fast = load_kit_source(find_kit(name))
    monkeypatch.delattr("yaml.CSafeLoader")
    pure = load_kit_source(find_kit(name))
    assert (fast.data, fast.lines) == (pure.data, pure.lines)


def test_a_syntax_error_is_worded_by_the_pure_python_parser(tmp_path):
    with pytest.raises(KitError) as caught:
        load_kit_source(write(tmp_path, "kit:\n  title: {pl: Ogród\ncomponents: []\n"))
    assert "kit.yaml:3: YAML syntax error, column 11: expected ',' or '}', but got ':'" in str(
        caught.value
    )  # libyaml: "did not find expected ..."


@pytest.mark.parametrize("with_libyaml", [True, False])
@pytest.mark.parametrize(("opening", "closing"), [("[", "]"), ("{a: ", "}")])
def test_nesting_10000_deep_is_one_kit_error_with_or_without_libyaml(
    tmp_path, monkeypatch, with_libyaml, opening, closing
):
    """libyaml stops at 1,000 levels; the pure-Python parser would recurse until Python stops it."""
    if not with_libyaml:
        monkeypatch.delattr("yaml.CSafeLoader")
    path = write(tmp_path, "kit:\n  notes: " + opening * 10_000 + "1" + closing * 10_000 + "\n")
    with pytest.raises(KitError) as caught:
        load_kit_source(path)
    where = f"{path}:2:" if with_libyaml else f"{path}:"
    assert (
        str(caught.value)
        == f"{where} lists and mappings nest more than 50 levels deep here; a kit needs fewer than ten"
    )


def test_nesting_within_what_libyaml_reads_is_refused_at_its_field(tmp_path):
    path = write(tmp_path, "kit:\n  notes: " + "[" * 60 + "]" * 60 + "\n")
    with pytest.raises(KitError) as caught:
        load_kit_source(path)
    assert str(caught.value) == (
        f"{path}:2: kit.notes[0][0]: lists and mappings nest more than 50 levels deep here; a kit needs fewer than ten"
    )


def test_decomposed_accents_are_read_as_the_letters_the_font_draws(tmp_path, run):
    """Czech typed in NFD ('z' + U+030C) is read in NFC, so the PDF holds 'ž', not a 'z' and a
    detached caron; a decomposed key is the same key."""
    kit = (Path(__file__).parent / "kits" / "mini.yaml").read_text(encoding="utf-8")
    kit = kit.replace("Hraj {rounds.count|kolo|kola|kol}.", "Strážce hraje {rounds.count|kolo|kola|kol}.")
    path = write(tmp_path, unicodedata.normalize("NFD", kit))
    assert "z\u030c" in path.read_text(encoding="utf-8")
    source = load_kit_source(path)
    assert source.data["rules"][0]["body"]["cs"] == "Strážce hraje {rounds.count|kolo|kola|kol}."
    target = tmp_path / "kit.pdf"
    assert run("build", str(path), "--lang", "cs", "-o", str(target)).code == 0
    printed = page_text(target, 1)
    assert "Strážce hraje 5 kol." in printed
    assert not any(unicodedata.combining(char) for char in printed)


@pytest.mark.parametrize(
    "written, read",
    [("010", "8"), ("0b1000", "8"), ("0x8", "8"), ("8_0", "80"), ("1:30", "90"), ("00", "0"), ("1_0.5", "10.5")],
)
def test_a_yaml_1_1_numeral_is_refused_saying_what_to_write(tmp_path, written, read):
    """YAML 1.1 reads count: 010 as 8 (octal), 0b1000 and 0x8 as 8, 8_0 as 80, 1:30 as 90 (base 60)."""
    kit = write(tmp_path, f"kit:\n  title: {{en: A}}\ncomponents:\n  - id: a\n    count: {written}\n")
    with pytest.raises(KitError) as error:
        load_kit_source(kit)
    assert str(error.value) == (
        f"{kit}:5: components[0].count: YAML reads {written} as {read}; write {read}, not {written} (or quote it, "
        f"'{written}', for text)"
    )


@pytest.mark.parametrize("written", ["8", "-3", "+8", "0", "1.5", "010.5", "1.0e+3", "'010'", '"0x8"'])
def test_numbers_written_as_people_read_them_are_kept(tmp_path, written):
    kit = write(tmp_path, f"kit:\n  count: {written}\n")
    assert load_kit_source(kit).data["kit"]["count"] not in (None, "")
