"""`printkit validate`: a kit proves it agrees with its rulebook, and build/sheets refuse one that does not.

Each broken kit is a small kit written for the test; the expected lines come from the kit file's own
line map, the expected sizes from the laid-out pages.
"""

from __future__ import annotations

import copy

import pytest
import yaml
from pypdf import PdfReader

from printkit import fonts
from printkit import pipeline as build
from printkit.base.errors import KitError, Problem
from printkit.kit.file import load_kit_source, shipped_kit_names
from printkit.layout import bounds
from printkit.layout.primitives import Document, Page, Piece, Rect, Text
from printkit.validate.pages import check_printed

BASE = {
    "kit": {
        "title": {"pl": "Mała gra", "cs": "Malá hra", "en": "Small game"},
        "players": {"min": 1, "max": 2},
        "languages": ["pl", "cs", "en"],
        "default_lang": "en",
        "author": "printkit tests",
    },
    "components": [
        {
            "id": "sheet",
            "kind": "sheet",
            "title": {"pl": "Karta", "cs": "List", "en": "Sheet"},
            "rows": [
                [
                    {
                        "type": "checkboxes",
                        "id": "lives",
                        "label": {"pl": "Życia", "cs": "Životy", "en": "Lives"},
                        "count": 3,
                    }
                ]
            ],
        }
    ],
    "rules": [
        {
            "heading": {"pl": "Zasady", "cs": "Pravidla", "en": "Rules"},
            "body": {
                "pl": "Masz {lives.count} życia.",
                "cs": "Máš {lives.count} životy.",
                "en": "You have {lives.count} lives.",
            },
        }
    ],
    "invariants": [{"id": "lives", "rule": "each player has 3 lives", "check": "lives.count == 3"}],
    "page_count": 2,
    "page_plan": [{"page": 1, "role": "rules"}, {"page": 2, "role": "sheet", "component": "sheet"}],
}


def write_kit(tmp_path, data, name="game.yaml"):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def variant(change):
    data = copy.deepcopy(BASE)
    change(data)
    return data


def at(path, *loc):
    """'FILE:LINE: field' of a field of the kit file, as findings start."""
    source = load_kit_source(path)
    field = ""
    for part in loc:
        field += f"[{part}]" if isinstance(part, int) else (f".{part}" if field else part)
    return f"{path}:{source.line_of(loc)}: {field}"


def lives(data):
    return data["components"][0]["rows"][0][0]


# --- the command --------------------------------------------------------------------------------


def test_every_shipped_kit_validates_clean(run):
    result = run("validate", "--all")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert [line.split(": ok: ")[0] for line in lines] == [f"kits/{name}.yaml" for name in shipped_kit_names()]
    for name, line in zip(shipped_kit_names(), lines, strict=True):
        kit = build.load(name).kit
        assert line.split(": ok: ")[1].startswith(f"{len(kit.invariants)} invariants proved"), line
        assert line.endswith(f", on A4, in {', '.join(kit.kit.languages)}"), line
    assert "warning" not in result.err


def test_the_base_kit_is_clean(run, tmp_path):
    path = write_kit(tmp_path, BASE)
    result = run("validate", str(path), "--strict")
    assert (result.code, result.err) == (0, "")
    assert result.out.strip() == f"{path}: ok: 1 invariant proved, on A4, in pl, cs, en"


def test_kit_or_all_is_required(run):
    assert run("validate").code == 1
    assert "give a KIT or --all" in run("validate", "ogrod", "--all").err


# --- invariants ---------------------------------------------------------------------------------


def test_a_count_that_breaks_an_invariant_is_named_at_its_line(run, tmp_path):
    path = write_kit(tmp_path, variant(lambda d: lives(d).update(count=4)))
    result = run("validate", str(path))
    assert result.code == 1
    assert result.err.splitlines() == [
        f"{at(path, 'components', 0, 'rows', 0, 0, 'count')}: lives: the rules state each player has 3 lives "
        "(lives.count == 3), but the components give lives.count = 4"
    ]


def test_a_wrong_invariant_states_both_sides(run, tmp_path):
    def wrong(data):
        data["invariants"] = [{"id": "lives", "rule": "each player has 5 lives", "check": "lives.count == 5"}]

    path = write_kit(tmp_path, variant(wrong))
    result = run("validate", str(path))
    assert result.code == 1
    assert result.err.splitlines() == [
        f"{at(path, 'components', 0, 'rows', 0, 0, 'count')}: lives: the rules state each player has 5 lives "
        "(lives.count == 5), but the components give lives.count = 3"
    ]


def test_an_invariant_over_two_counts_blames_the_one_that_would_fix_every_rule(run, tmp_path):
    def two_parts(data):
        data["components"][0]["rows"].append([{"type": "checkboxes", "id": "hearts", "count": 2}])
        data["invariants"] = [
            {"id": "lives", "check": "lives.count == 3"},
            {"id": "all", "rule": "5 boxes in all", "check": "lives.count + hearts.count == 5"},
        ]

    good = variant(two_parts)
    bad = copy.deepcopy(good)
    bad["components"][0]["rows"][1][0]["count"] = 3
    path = write_kit(tmp_path, bad)
    result = run("validate", str(path))
    assert result.err.splitlines() == [
        f"{at(path, 'components', 0, 'rows', 1, 0, 'count')}: all: the rules state 5 boxes in all (lives.count + "
        "hearts.count == 5), but the components give lives.count + hearts.count = 6"
    ]


def test_when_no_single_number_is_to_blame_the_invariant_is_named_with_its_sources(run, tmp_path):
    def two_parts(data):
        data["components"][0]["rows"].append([{"type": "checkboxes", "id": "hearts", "count": 3}])
        data["invariants"] = [{"id": "all", "check": "lives.count + hearts.count == 5"}]

    path = write_kit(tmp_path, variant(two_parts))
    source = load_kit_source(path)
    lines = [source.line_of(("components", 0, "rows", r, 0, "count")) for r in (0, 1)]
    result = run("validate", str(path))
    assert result.err.splitlines() == [
        f"{at(path, 'invariants', 0, 'check')}: all: the rules state lives.count + hearts.count == 5, but the "
        f"components give lives.count + hearts.count = 6 (its numbers come from lines {lines[0]}, {lines[1]})"
    ]


def test_a_rule_for_every_player_count_names_the_count_that_breaks_it(run, tmp_path):
    def per_players(data):
        data["kit"]["players"] = {"min": 2, "max": 4}
        data["invariants"].append(
            {
                "id": "boxes",
                "rule": "at least one box per player",
                "check": "players <= lives.count",
                "for_players": True,
            }
        )

    path = write_kit(tmp_path, variant(per_players))
    result = run("validate", str(path))
    assert result.err.splitlines() == [
        f"{at(path, 'kit', 'players', 'max')}: boxes: the rules state at least one box per player (players <= "
        "lives.count), but with 4 players the components give players = 4, lives.count = 3"
    ]


@pytest.mark.parametrize(
    "check, message",
    [
        ("lives.count = 3", "lives: cannot read the check: a single '=' is not a comparison; use '==' (column 13)"),
        ("lives.cout == 3", "lives: unknown name 'lives.cout'; did you mean 'lives.count'? (column 1)"),
        (
            "players <= 3",
            "lives: unknown name 'players'; set 'for_players: true' to check the rule for every player count (column "
            "1)",
        ),
    ],
)
def test_an_unreadable_invariant_is_a_kit_error(run, tmp_path, check, message):
    path = write_kit(tmp_path, variant(lambda d: d["invariants"][0].update(check=check)))
    result = run("validate", str(path))
    assert result.code == 1
    assert result.err.splitlines() == [f"{at(path, 'invariants', 0, 'check')}: {message}"]


def test_a_count_no_invariant_checks_is_a_warning_and_strict_makes_it_an_error(run, tmp_path):
    path = write_kit(tmp_path, variant(lambda d: d.update(invariants=[])))
    expected = (
        f"{at(path, 'components', 0, 'rows', 0, 0, 'count')}: warning: no invariant checks this count "
        "(lives.count), so nothing proves it agrees with the rules; state the rulebook's number under "
        "'invariants:', e.g. 'lives.count == 3'"
    )
    relaxed = run("validate", str(path))
    assert (relaxed.code, relaxed.err.splitlines()) == (0, [expected])
    strict = run("validate", str(path), "--strict")
    assert (strict.code, strict.err.splitlines()) == (1, [expected])


def test_an_invariant_about_pages_is_checked_against_the_layout(run, tmp_path):
    def pages(data):
        data["invariants"].append({"id": "sheet_page", "rule": "the sheet is on page 3", "check": "page.sheet == 3"})

    path = write_kit(tmp_path, variant(pages))
    result = run("validate", str(path))
    assert result.err.splitlines() == [
        f"{at(path, 'invariants', 1, 'check')}: sheet_page: the rules state the sheet is on page 3 (page.sheet == "
        "3), but the layout gives page.sheet = 2 (rules on page 1, sheet on page 2) (in en, pl, cs)"
    ]


# --- page plan ------------------------------------------------------------------------------------


def long_czech_rules(data):
    paragraph = "Máš {lives.count} životy a každé kolo škrtneš jeden čtvereček, dokud nějaký zbývá. "
    data["rules"][0]["body"]["cs"] = "\n\n".join([paragraph * 4] * 30)


def test_a_translation_that_pushes_the_sheet_to_page_3_breaks_the_page_plan(run, tmp_path):
    path = write_kit(tmp_path, variant(long_czech_rules))
    result = run("validate", str(path))
    layout = "rules on pages 1–2, sheet on page 3"
    assert result.code == 1
    assert result.err.splitlines() == [
        f"{at(path, 'page_count')}: the rules state a 2-page PDF, but the layout gives 3 pages ({layout}) (in cs)",
        f"{at(path, 'page_plan', 1)}: the rules state the sheet is on page 2, but the layout puts it on page 3 "
        f"({layout}) (in cs)",
        "Aborted with 2 errors (pages and layout: 2).",
    ]


def test_build_checks_the_language_it_prints_and_validate_checks_them_all(run, tmp_path):
    """A build lays out only the language it prints (a Czech draft must not stop the Polish
    proofs); the broken language refuses with validate's messages."""
    path = write_kit(tmp_path, variant(long_czech_rules))
    polish, czech = tmp_path / "game.pdf", tmp_path / "game-cs.pdf"
    built = run("build", str(path), "--lang", "pl", "-o", str(polish))
    assert (built.code, built.err) == (0, "")
    assert len(PdfReader(polish).pages) == 2
    refused = run("build", str(path), "--lang", "cs", "-o", str(czech))
    assert refused.code == 1
    assert refused.err == run("validate", str(path)).err
    assert not czech.exists()


# --- fit ----------------------------------------------------------------------------------------


def test_a_label_too_long_for_its_box_names_the_text_and_the_box(run, tmp_path):
    label = "Lives you may lose before the game ends " * 6
    path = write_kit(tmp_path, variant(lambda d: lives(d)["label"].update(en=label)))
    loaded = build.load(path)
    document = build.layout_findings(loaded, build.context(loaded, "en"))[0]["en"]
    drawn = next(
        item
        for item in bounds.flatten(document.pages[1].items)
        if isinstance(item.item, Text) and item.item.text == label
    )
    box = bounds.ink_box(drawn)
    width = fonts.text_width(label, drawn.item.size_pt, bold=True)
    shown = " ".join(label.split())[:59] + "…"
    result = run("validate", str(path))
    assert result.code == 1
    assert result.err.splitlines() == [
        f"{at(path, 'components', 0, 'rows', 0, 0, 'label', 'en')}: the text '{shown}' does not fit its box on page "
        f"2 (sheet): at 8 pt, its smallest size, it is {width:.1f} mm wide, but the box at x {box[0]:.1f}, y "
        f"{box[1]:.1f} mm is {drawn.item.max_w:.1f} mm wide (in en)"
    ]
    assert drawn.item.size_pt == 8


def page_with(*items, pieces=()):
    return Document((Page(210.0, 297.0, "sheet", "sheet", tuple(items), tuple(pieces)),), "t", "a", "en")


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return build.load(write_kit(tmp_path_factory.mktemp("mini"), BASE))


def printed(loaded, document):
    return [str(p) for p in check_printed(loaded.source, loaded.kit, document)]


def test_ink_closer_than_5_mm_to_the_edge_is_an_error(mini):
    where = f"{mini.source.display}:{mini.source.line_of(('components', 0))}: components[0]"
    assert printed(mini, page_with(Rect(3.0, 20.0, 50.0, 10.0), Rect(100.0, 20.0, 106.0, 10.0))) == [
        f"{where}: a rect on page 1 (sheet) reaches 2.0 mm into the 5 mm unprintable edge of the paper, at x "
        "3.0–53.0, y 20.0–30.0 mm (2 items in all)"
    ]


def test_texts_printed_over_each_other_are_an_error(mini):
    where = f"{mini.source.display}:{mini.source.line_of(('components', 0))}: components[0]"
    first, second = Text(20.0, 50.0, "Round", 12), Text(24.0, 51.0, "Score", 12)
    left = 24.0
    across = 20.0 + fonts.text_width("Round", 12) - left
    down = 50.0 - (51.0 - fonts.cap_height(12))
    assert printed(mini, page_with(first, second)) == [
        f"{where}: the text 'Round' and the text 'Score' overlap on page 1 (sheet) ({across:.1f} × {down:.1f} mm, at "
        f"x 24.0, y {51.0 - fonts.cap_height(12):.1f} mm)"
    ]


def test_pieces_cut_from_one_page_may_not_share_paper(mini):
    where = f"{mini.source.display}:{mini.source.line_of(('components', 0))}: components[0]"
    pieces = (
        Piece("board", "board", 1, 20.0, 20.0, 100.0, 100.0),
        Piece("cell", "board", 1, 20.0, 20.0, 20.0, 20.0),
        Piece("token", "tokens", 1, 130.0, 20.0, 20.0, 20.0),
        Piece("token", "tokens", 2, 150.0, 20.0, 20.0, 20.0),
        Piece("token", "tokens", 3, 165.0, 30.0, 20.0, 20.0),
    )
    assert printed(mini, page_with(pieces=pieces)) == [
        f"{where}: token tokens #2 and token tokens #3 overlap on page 1 (sheet) by 5.0 × 10.0 mm"
    ]


def test_a_generated_text_without_glyphs_is_caught_on_the_page(mini):
    where = f"{mini.source.display}:{mini.source.line_of(('components', 0))}: components[0]"
    assert printed(mini, page_with(Text(20.0, 50.0, "Gracz ☺", 10))) == [
        f"{where}: the font has no glyph for '☺' (U+263A) in the text 'Gracz ☺' on page 1 (sheet); it would print as "
        "a black box"
    ]


# --- languages ----------------------------------------------------------------------------------


def test_every_language_must_use_the_same_placeholders(run, tmp_path):
    path = write_kit(tmp_path, variant(lambda d: d["rules"][0]["body"].update(cs="Máš tři životy.")))
    result = run("validate", str(path))
    assert result.code == 1
    assert result.err.splitlines() == [
        f"{at(path, 'rules', 0, 'body', 'cs')}: the 'cs' text uses placeholders [] but the 'pl' text uses "
        "['lives.count']"
    ]


def test_a_placeholder_that_names_nothing(run, tmp_path):
    def typo(data):
        data["rules"][0]["body"] = {
            lang: text.replace("lives.count", "live.count") for lang, text in data["rules"][0]["body"].items()
        }

    path = write_kit(tmp_path, variant(typo))
    result = run("validate", str(path))
    assert result.code == 1
    assert result.err.splitlines() == [
        f"{at(path, 'rules', 0, 'body', 'pl')}: unknown placeholder {{live.count}} (in pl, cs, en); did you mean "
        f"{{lives.count}}?; known: {{pages}}, {{page.ID}}, {{lives.count}}, {{players.max}}, {{players.min}}, "
        "{sheet.rows.length}"
    ]


def test_a_missing_translation(run, tmp_path):
    path = write_kit(tmp_path, variant(lambda d: lives(d)["label"].pop("cs")))
    result = run("validate", str(path))
    assert result.code == 1
    assert result.err.splitlines() == [
        f"{at(path, 'components', 0, 'rows', 0, 0, 'label')}: missing translation: no 'cs' text (this text has: pl, "
        "en; the kit's languages are pl, cs, en)"
    ]


def test_a_stray_brace_would_print_as_it_stands(run, tmp_path):
    path = write_kit(tmp_path, variant(lambda d: d["rules"][0]["body"].update(en="You have {lives.count lives.")))
    result = run("validate", str(path))
    assert result.code == 1
    assert (
        f"{at(path, 'rules', 0, 'body', 'en')}: a '{{' that is not part of a placeholder such as {{rounds.count}}; "
        f"write '{{{{' to print a brace" in result.err.splitlines()
    )


def test_sheets_refuse_a_name_the_font_cannot_print(run, tmp_path):
    result = run("sheets", "ogrod", "--players", "2", "--names", "Ala,★", "-o", str(tmp_path / "s.pdf"))
    assert result.code == 1
    assert result.err.strip() == "--names: the font has no glyph for '★' (U+2605) in '★'; it would print as a black box"


def test_a_language_printkit_does_not_speak(run, tmp_path):
    def german(data):
        data["kit"]["languages"] = ["pl", "cs", "en", "de"]
        data["kit"]["title"]["de"] = "Kleines Spiel"

    path = write_kit(tmp_path, variant(german))
    result = run("validate", str(path))
    assert result.code == 1
    assert (
        f"{at(path, 'kit', 'languages', 3)}: printkit has no built-in texts for 'de' (the 'what you need' and 'how "
        "to print' sections); it speaks pl, cs, en" in result.err.splitlines()
    )


def test_a_report_groups_findings_by_kind_of_check_and_counts_them():
    found = [
        Problem("k.yaml", 9, "invariants[0].check", "lives: the rules state ...", group="invariants"),
        Problem("k.yaml", 4, "components[0].size", "too big", group="components"),
        Problem("k.yaml", 2, "kit.author", "a warning", severity="warning", group="kit"),
        Problem("k.yaml", 7, "rules[0].body.pl", "unknown placeholder", group="texts"),
        Problem("k.yaml", 5, "components[1].fits", "no such board", group="components"),
    ]
    assert KitError(found).render().splitlines() == [
        "k.yaml:2: kit.author: warning: a warning",
        "k.yaml:4: components[0].size: too big",
        "k.yaml:5: components[1].fits: no such board",
        "k.yaml:7: rules[0].body.pl: unknown placeholder",
        "k.yaml:9: invariants[0].check: lives: the rules state ...",
        "Aborted with 4 errors (components: 2, texts: 1, invariants: 1).",
    ]


def test_ok_says_what_was_proved_on_the_paper_asked_for(run):
    result = run("validate", "kits/targ.yaml", "--paper", "letter")
    rules = build.load("targ").kit.invariants
    per_player = sum(rule.for_players for rule in rules)
    assert result.out == (
        f"kits/targ.yaml: ok: {len(rules)} invariants proved ({per_player} for each of 2–4 players), on Letter, "
        "in pl, cs, en\n"
    )
