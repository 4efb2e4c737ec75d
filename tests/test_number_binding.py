"""A number never parts from its word at a line's end (a review found "i 12 | słoików",
"(od 120 | g/m²)", "Round | 4 has no good", "doporučujeme 1 | až 4 hráče", "získá navíc 2 |
body"): a number goes with the word after it, a label's number ("runda 4", "page 2") with the
label before it, a range ("1 až 4", "1–4") stays whole. Checked on the typeset text and on every
laid-out line of every shipped kit, language and paper."""

from __future__ import annotations

import re

import pytest

from conftest import kit_cases
from printkit import fonts
from printkit import pipeline as build
from printkit.base.units import MM_PER_POINT
from printkit.layout import paragraph
from printkit.layout.primitives import RichText
from printkit.layout.rule_blocks import BODY_PT
from printkit.words.typography import LABEL_WORDS, NBSP, ONE_LETTER_WORDS, typeset

CASES = kit_cases()
_NUMBER_END = re.compile(r"(?:^|[\s(])(\d+(?:[.,]\d+)?(?:\u2013\d+)?)$")  # a line ending in a number
_LABELLED = {lang: re.compile(rf"(?i)(?<!\w)(?:{words})\xa0\d+$") for lang, words in LABEL_WORDS.items()}
_LABEL_END = {lang: re.compile(rf"(?i)(?<![\w\xa0])(?:{words})$") for lang, words in LABEL_WORDS.items()}


@pytest.mark.parametrize(
    ("lang", "text", "kept"),
    [
        ("pl", "12 kryształów (K) i 12 słoików miodu", f"i{NBSP}12{NBSP}słoików"),
        ("pl", "papier, przez który nie prześwituje druk (od 120 g/m²)", f"(od 120{NBSP}g/m²)"),
        ("pl", "w rundzie 3 miód (M). Runda 4 nie ma towaru dnia.", f"Runda{NBSP}4 nie"),
        ("pl", "Kto pierwszy ma 2 punkty, wygrywa", f"ma 2{NBSP}punkty"),
        ("pl", "i zajrzyj na stronę 2 po planszę", f"stronę{NBSP}2 po"),
        ("cs", "doporučujeme 1 až 4 hráče.", f"1{NBSP}až{NBSP}4{NBSP}hráče"),
        ("cs", "toto O získá navíc 2 body za sousední K.", f"navíc 2{NBSP}body"),
        ("cs", "Po 4 kolech body sečtěte. V kole 4 se nevybírá.", f"kole{NBSP}4 se"),
        ("cs", "Ve 2. kole vybírá druhý hráč.", f"Ve{NBSP}2.{NBSP}kole"),
        ("en", "honey in round 3. Round 4 has no good of the day.", f"Round{NBSP}4 has"),
        ("en", "for 1 to 4 players, on page 2 the board", f"1{NBSP}to{NBSP}4{NBSP}players, on page{NBSP}2 the"),
        ("en", "stand 5 A tokens", f"5{NBSP}A{NBSP}tokens"),
    ],
)
def test_a_number_stays_with_its_word(lang, text, kept):
    assert kept in typeset(text, lang)


def test_a_number_binds_one_way_so_no_phrase_becomes_one_long_word():
    """A number bound both ways chained a phrase into one word ("stoi 5 żetonów A i 3 żetony B",
    60 mm): the label A after its noun does not take the conjunction after it, and a product
    ("6 × 6") carries no one-letter conjunction."""
    assert typeset("stoi 5 żetonów A i 3 żetony B", "pl") == f"stoi 5{NBSP}żetonów{NBSP}A i{NBSP}3{NBSP}żetony{NBSP}B"
    assert typeset("pusty ogród 6 × 6 i 3 baterie", "pl") == f"pusty ogród 6{NBSP}×{NBSP}6 i{NBSP}3{NBSP}baterie"
    assert typeset("A potem gracz B", "pl") == f"A{NBSP}potem gracz{NBSP}B"  # the conjunction A still binds
    longest = max(
        fonts.text_width(word, BODY_PT, face="body")
        for lang, text in [("pl", "Wokół latarni stoi 5 żetonów A i 3 żetony B: gracz A bierze 3 pkt.")]
        for word in typeset(text, lang).split(" ")
    )
    assert longest < 25.0, longest  # mm: "i 3 żetony B:" is the longest run; a column is 85 mm


def laid_lines(kit: str, lang: str, paper: str) -> list[tuple[str, list[str]]]:
    """Every laid-out paragraph of the kit's PDF, as the lines it is set in: (page role, lines)."""
    loaded = build.load(kit)
    document = build.laid_out(loaded, build.context(loaded, lang, paper))
    found = []
    for page in document.pages:
        for item in page.items:
            if isinstance(item, RichText):
                lines = ["".join(run.text for run in line.runs).strip() for line in paragraph.of(item).lines]
                found.append((page.role, lines))
    return found


def parted(lang: str, line: str, following: str) -> str | None:
    """What is wrong where ``line`` breaks before ``following``: a number left at the end apart from
    the word starting the next line, or a label left apart from its number; None when nothing."""
    first = re.split(r"[\s\xa0]+", following, maxsplit=1)[0]
    ending = _NUMBER_END.search(line)
    if ending and first[:1].isalpha():
        last_run = line.split(" ")[-1]  # what the line's last no-break spaces hold together
        if not _LABELLED[lang].search(last_run) and first not in ONE_LETTER_WORDS[lang]:
            return f"{line[-30:]!r} | {following[:20]!r}"
    if first[:1].isdigit() and _LABEL_END[lang].search(line):
        return f"{line[-30:]!r} | {following[:20]!r}"
    return None


@pytest.mark.parametrize(("kit", "lang", "paper"), CASES)
def test_no_line_ends_on_a_number_parted_from_its_word(kit, lang, paper):
    bad = []
    numbers = 0
    for role, lines in laid_lines(kit, lang, paper):
        numbers += sum(len(re.findall(r"\d+", line)) for line in lines)
        for line, following in zip(lines, lines[1:], strict=False):
            found = parted(lang, line, following)
            if found:
                bad.append((role, found))
    assert numbers > 20, "the kit's numbers were found"
    assert not bad, bad


def test_the_check_finds_what_the_review_found():
    """The check of the laid-out lines flags each break the review found, and lets a label's number
    end a line ("w rzędzie 5 | nie ma") and a product end before a conjunction ("6 × 6 | i 3")."""
    assert parted("pl", "drewno (J), 12 kryształów (K) i 12", "słoików miodu (M).")
    assert parted("pl", "prześwituje druk (od 120", "g/m²), albo")
    assert parted("en", "honey (H) in round 3. Round", "4 has no good of the day.")
    assert parted("cs", "součástmi hry; doporučujeme 1", "až 4 hráče.")
    assert parted("cs", f"a toto O získá navíc{NBSP}2", "body za sousední K.")
    assert parted("pl", f"3{NBSP}pkt (ten w{NBSP}rzędzie{NBSP}5", "nie ma liścia obok)") is None
    assert parted("pl", f"pusty ogród 6{NBSP}×{NBSP}6", f"i{NBSP}3{NBSP}baterie.") is None


def test_no_number_holds_a_run_over_a_third_of_a_column():
    """Longer unbreakable runs could leave a column's lines short: in every kit's rules, in every
    language, the longest run that no-break spaces hold around a number is under 36 % of the
    column (30.0 mm, "8 trojúhelníkových", whose last word may still be hyphenated; 33.2 mm,
    "wpisać O w rzędzie 2", when numbers bound backwards). test_rules_type measures that the lines
    but a paragraph's last still fill 75 % of it."""
    runs = []
    for kit, lang, _ in kit_cases(("a4",)):
        loaded = build.load(kit)
        document = build.laid_out(loaded, build.context(loaded, lang, "a4"))
        for page in (page for page in document.pages if page.role == "rules"):
            for item in page.items:
                if isinstance(item, RichText) and item.size_pt == BODY_PT and item.lang:
                    for word in re.sub("<[^>]+>", "", item.markup).split(" "):
                        if NBSP in word and re.search(r"\d", word):
                            width = fonts.width_pt(word, BODY_PT, False, "body") * MM_PER_POINT
                            runs.append((width / item.w, kit, lang, word))
    assert len(runs) > 300
    assert max(runs)[0] < 0.36, max(runs)


def test_a_run_wider_than_its_box_gives_way_at_its_no_break_spaces():
    """Numbers bound to their words make longer unbreakable runs; in a box narrower than such a run
    (a score sheet's note, a narrow caption) its no-break spaces give way before a word is parted
    between letters."""
    run = typeset("hrají 1 až 4 hráči", "cs")
    assert run == f"hrají 1{NBSP}až{NBSP}4{NBSP}hráči"
    bound = fonts.text_width(run.split(" ")[1], 9.4, face="body")
    assert bound > 14.0 > fonts.text_width("hráči", 9.4, face="body")  # the run is wider than the box, no word is
    wrapped = paragraph.wrap(run, 14.0, 9.4, 12.0, face="body", lang="cs")
    lines = ["".join(r.text for r in line.runs).replace(NBSP, " ").strip() for line in wrapped.lines]
    words = run.replace(NBSP, " ").split(" ")
    assert " ".join(lines).split(" ") == words, lines  # every word whole, none cut between letters
    assert all(line.width <= 14.0 for line in wrapped.lines)
