"""The print recipe on the rules page, followed literally by a simulated user.

The user reads the printed recipe from the PDF (not the layout data): the one print-dialog line
with its page ranges and copies, and the "only if" notes of optional pages. Printing what it says
for every player count must give exactly the components the game needs, counted piece by piece
with the manifest (--manifest), and nothing twice: no page printed once appears in two ranges, the
rules read on screen are not printed, and in a two-sided build every range covers whole sheets.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
import pypdfium2
import pytest

from conftest import REPO
from piece_pdf import build, page_text, recipe_text
from printkit import pipeline
from printkit.layout.primitives import Text
from printkit.layout.recipe import ROW_H
from printkit.words.messages import message

KITS = ["latarnie", "ogrod", "plateau", "targ", "kpn"]

# the stock: card, plain paper, or 120–160 g/m² paper for parts folded over (recipe.stock_of)
STOCK = {"en": r"(?:, on [^:;]+)?", "pl": r"(?:, na [^:;]+)?", "cs": r"(?:, na [^:;]+)?"}
DIALOG = {
    "en": rf"In the print dialog{STOCK['en']}: (?P<runs>.*?); "
    r"(?P<sides>single-sided|two-sided, flip on the (?:long|short) edge); actual size \(100%\)\.",
    "pl": rf"W oknie drukowania{STOCK['pl']}: (?P<runs>.*?); (?P<sides>jednostronnie|dwustronnie, obracanie wzdłuż "
    r"(?:dłuższej|krótszej) krawędzi); rozmiar rzeczywisty \(100 %\)\.",
    "cs": rf"V dialogu tisku{STOCK['cs']}: (?P<runs>.*?); "
    r"(?P<sides>jednostranně|oboustranně, otáčení podle (?:delší|kratší) hrany); skutečná velikost \(100 %\)\.",
}
RUN = re.compile(
    r"(?:pages?|strona|strony|strana|strany) (?P<ranges>\d[\d–, ]*?), (?P<copies>1 copy|1 kopia|1 kopie|"
    r"as many copies as players|tyle kopii, ilu jest graczy|tolik kopií, kolik je hráčů)"
)
OPTIONAL = {
    "en": r"Only if [^:]*: pages? (?P<ranges>\d[\d–, ]*?) \(",
    "pl": r"Tylko jeśli [^:]*: (?:strona|strony) (?P<ranges>\d[\d–, ]*?) \(",
    "cs": r"Jen pokud [^:]*: (?:strana|strany) (?P<ranges>\d[\d–, ]*?) \(",
}
TWO_SIDED = {"en": "two-sided", "pl": "dwustronnie", "cs": "oboustranně"}
EDGE = {"long": ("long", "dłuższej", "delší"), "short": ("short", "krótszej", "kratší")}


@dataclass(frozen=True)
class Recipe:
    """What the printed recipe tells the user to do."""

    once: list[int]  # the pages printed once, in the order the line names them (a page twice if named twice)
    per_player: list[int]  # the pages printed once for each player
    optional: list[int]  # the pages an "only if" note asks for
    two_sided: bool
    edge: str | None


def pages_of(ranges: str) -> list[int]:
    pages: list[int] = []
    for part in ranges.split(","):
        first, _, last = part.strip().partition("–")
        pages.extend(range(int(first), int(last or first) + 1))
    return pages


def read_recipe(pdf: Path, lang: str) -> Recipe:
    """The recipe as the printed rules page says it (the text as pypdf reads it, hyphens joined)."""
    text = recipe_text(pdf).replace("\xa0", " ")
    found = re.findall(DIALOG[lang], text)
    # one print-dialog line, or one a stock (card, plain paper): a job of pages without backs is
    # single-sided in a two-sided build (plateau's prisoners' sheet), which prints the same
    assert found, f"a print-dialog line expected on the recipe's page: {text[:600]}"
    sides = next((sides for _, sides in found if TWO_SIDED[lang] in sides), found[0][1])
    once: list[int] = []
    per_player: list[int] = []
    for runs, _ in found:
        parsed = list(RUN.finditer(runs))
        assert "; ".join(m.group(0) for m in parsed) == runs, runs  # nothing in the line the user cannot follow
        for run in parsed:
            (once if run.group("copies").startswith("1 ") else per_player).extend(pages_of(run.group("ranges")))
    optional = [page for ranges in re.findall(OPTIONAL[lang], text) for page in pages_of(ranges)]
    edge = next((name for name, words in EDGE.items() if any(word in sides for word in words)), None)
    return Recipe(once, per_player, optional, TWO_SIDED[lang] in sides, edge)


def printed_pieces(manifest: dict, pages: Counter[int]) -> Counter[str]:
    """The pieces printed, by the component whose page carries them (the rules' figures as 'rules')."""
    owner = {page["number"]: page.get("component") or page["role"] for page in manifest["pages"]}
    counted: Counter[str] = Counter()
    for piece in manifest["pieces"]:
        counted[owner[piece["page"]]] += pages[piece["page"]]
    return +counted


def needed_pieces(kit_name: str, manifest: dict, players: int, has_pawns: bool) -> Counter[str]:
    """The pieces the game needs: each component's pieces in the whole PDF, times its copies (the
    rules' figures once when the rules are printed)."""
    kit = pipeline.load(kit_name).kit
    # a deck's optional backs (back_pages: after) print behind its faces: no pieces of their own
    wanted = Counter(page["number"] for page in manifest["pages"] if not page.get("optional"))
    everything = printed_pieces(manifest, wanted)
    needed: Counter[str] = Counter()
    if not kit.rules_on_screen:
        needed["rules"] = everything["rules"]
    for component in kit.components:
        copies = {"once": 1, "per_player": players, "optional": 0 if has_pawns else 1}[component.print.copies]
        if everything[component.id]:
            needed[component.id] = everything[component.id] * copies
    return +needed


BACKS_NOTE = {
    "pl": "Opcjonalnie rewersy (Karty towarów): strony {backs}; każdą wydrukuj na odwrocie jej strony (strony {faces})",
    "cs": "Volitelně ruby (Karty zboží): strany {backs}; každou vytiskněte na rub její strany (strany {faces})",
    "en": "Optional backs (Goods cards): pages {backs}; print each behind its page of faces (pages {faces})",
}


def check_backs_note(pdf: Path, manifest: dict, recipe: Recipe, lang: str) -> None:
    """A deck's optional backs after its faces (targ's cards): the recipe's note names their pages
    and the faces they go behind, and no print-dialog line prints them."""
    backs = [page["number"] for page in manifest["pages"] if page.get("optional")]
    if not backs:
        return
    faces = [p["number"] for p in manifest["pages"] if p.get("component") == "cards" and not p.get("optional")]
    text = " ".join(recipe_text(pdf).replace("\xa0", " ").split())
    note = BACKS_NOTE[lang].format(backs=f"{backs[0]}–{backs[-1]}", faces=f"{faces[0]}–{faces[-1]}")
    assert note in text, text
    assert not set(backs) & set(recipe.once + recipe.per_player + recipe.optional)


def check_recipe(kit_name: str, pdf: Path, manifest: dict, lang: str) -> Recipe:
    recipe = read_recipe(pdf, lang)
    total = len(manifest["pages"])
    kinds = {page["number"]: page for page in manifest["pages"]}
    assert len(recipe.once) == len(set(recipe.once)), f"a page printed twice: {recipe.once}"
    assert not set(recipe.once) & set(recipe.per_player), "a page both once and per player"
    assert not set(recipe.optional) & set(recipe.once + recipe.per_player), "an optional page printed anyway"
    assert all(1 <= page <= total for page in recipe.once + recipe.per_player + recipe.optional)
    assert recipe.two_sided == (manifest["duplex"] is not None)
    assert recipe.edge == manifest["duplex"]
    if recipe.two_sided:
        for run in (recipe.once, recipe.per_player):
            sheets = Counter((page + 1) // 2 for page in run)
            for sheet, count in sheets.items():  # both sides of a sheet, or the last page alone
                assert count == 2 or sheet * 2 - 1 == total, f"half a sheet printed: sheet {sheet} of {run}"
    for page in recipe.once + recipe.per_player:
        assert kinds[page]["role"] != "blank" or kinds[page].get("side") == "back", page
    kit = pipeline.load(kit_name).kit
    players = range(kit.kit.players.min, kit.kit.players.max + 1)
    for count in players:
        for has_pawns in (True, False):
            printed = Counter(recipe.once) + Counter({page: count for page in recipe.per_player})
            if not has_pawns:
                printed += Counter(recipe.optional)
            got = printed_pieces(manifest, printed)
            assert got == needed_pieces(kit_name, manifest, count, has_pawns), (count, has_pawns, recipe)
    return recipe


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("kit_name", KITS)
def test_a_user_who_follows_the_recipe_prints_what_the_game_needs(tmp_path, kit_name, paper):
    lang = pipeline.load(kit_name).kit.kit.default_lang
    pdf, manifest = build(kit_name, tmp_path, "--paper", paper)
    recipe = check_recipe(kit_name, pdf, manifest, lang)
    check_backs_note(pdf, manifest, recipe, lang)
    rules = [page["number"] for page in manifest["pages"] if page["role"] == "rules"]
    assert not set(rules) & set(recipe.once + recipe.per_player), "the rules stay on screen"


@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
@pytest.mark.parametrize(
    "kit_name, options",
    [
        ("plateau", ("--flip", "short")),
        ("plateau", ("--two-sided", "fold")),
        ("kpn", ("--two-sided", "fold", "--paper", "letter")),
        ("kpn", ()),
        ("ogrod", ()),
        ("latarnie", ()),
        ("targ", ()),
    ],
)
def test_the_recipe_follows_the_build_options_in_every_language(tmp_path, kit_name, options, lang):
    pdf, manifest = build(kit_name, tmp_path, "--lang", lang, *options)
    recipe = check_recipe(kit_name, pdf, manifest, lang)
    check_backs_note(pdf, manifest, recipe, lang)
    assert recipe.two_sided == ("fold" not in options and manifest["duplex"] is not None)


@pytest.mark.parametrize(
    "kit_name, ranges",
    [
        ("kpn", "In the print dialog, on plain paper: pages 1–2, 1 copy;"),  # the tiles and aids on card
        ("ogrod", "In the print dialog: page 1, 1 copy; page 2, as many copies as players;"),
    ],
)
def test_rules_to_print_are_in_the_line_as_whole_sheets(tmp_path, kit_name, ranges):
    """A kit whose rules are not read on screen prints them once: in kpn's two-sided build the rules
    page and its blank back are one sheet."""
    text = (REPO / "kits" / f"{kit_name}.yaml").read_text(encoding="utf-8")
    kit = tmp_path / f"{kit_name}.yaml"
    kit.write_text(text + "\nrules_on_screen: false\n", encoding="utf-8")
    pdf, manifest = build(str(kit), tmp_path, "--lang", "en")
    recipe = check_recipe(str(kit), pdf, manifest, "en")
    assert 1 in recipe.once
    assert ranges in recipe_text(pdf)


@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
def test_kpn_recipe_gives_the_card_stock_for_its_tiles_and_aids(tmp_path, lang):
    """A round-6 review: "no paper stock is recommended anywhere". kpn's tiles and player aids
    print on card (print.stock), the tiles' note gives its weight."""
    pdf, _ = build("kpn", tmp_path, "--lang", lang)
    text = recipe_text(pdf).replace("\xa0", " ")
    card = {"pl": "na kartonie", "cs": "na karton", "en": "on card stock"}[lang]
    dialog = {"pl": "W oknie drukowania", "cs": "V dialogu tisku", "en": "In the print dialog"}[lang]
    pages = {"pl": "strony", "cs": "strany", "en": "pages"}[lang]
    assert f"{dialog}, {card}: {pages} 3–8" in text
    assert "160–250 g/m²" in text


def test_per_player_pages_say_one_copy_each_and_optional_pages_when(tmp_path):
    ogrod, _ = build("ogrod", tmp_path, "--lang", "en")
    assert "In the print dialog: page 2, as many copies as players; single-sided;" in recipe_text(ogrod)
    latarnie, _ = build("latarnie", tmp_path, "--lang", "en")
    text = recipe_text(latarnie)
    assert "In the print dialog: page 2, 1 copy; single-sided; actual size (100%)." in text
    optional = "Only if you have no pawns of your own (8 in each of two colours): page 3 (Guard tokens), 1 copy"
    assert optional + ", on card stock." in text
    assert "all pages" not in text


def test_the_table_says_what_how_often_on_how_many_sides_and_whether_to_cut(tmp_path):
    pdf, _ = build("plateau", tmp_path, "--lang", "en")
    text = recipe_text(pdf)
    assert (
        "What Pages Copies Sides Cut Rules (on screen) 1–2 – – no The board 3 1 one-sided no "
        "Stones 5–6 1 two-sided yes Plateau – prisoners 7 1 one-sided no" in text
    )
    boxed, _ = build("kpn", tmp_path, "--lang", "en")
    text = recipe_text(boxed)
    # a part printed apart names the file that holds it, written beside the PDF (as by default: the
    # PDF has its default name); never the command, which a family holding the PDF cannot run
    assert "Separately, in the file kpn-en-boxes.pdf that comes with the kit: A tuck box for the tiles." in text
    sheets = "Separately, in the file kpn-en-sheets.pdf that comes with the kit: Rock, Paper, Scissors – scores,"
    shared = sheets + " one copy shared by all players (2 games a page)."
    assert shared in text.replace("\n", " "), "kpn's score sheet is one for the table"
    assert "printkit build" not in text and "printkit sheets" not in text


def recipe_columns(kit_name: str, lang: str, paper: str = "a4") -> dict[str, list[str]]:
    """The recipe table's cells as laid out on the rules page, by the header of their column."""
    loaded = pipeline.load(kit_name)
    ctx = pipeline.context(loaded, lang, paper)
    document = pipeline.laid_out(loaded, ctx)
    texts = [item for page in document.pages if page.role == "rules" for item in page.items if isinstance(item, Text)]
    headers = {name: ctx.tr.msg(f"recipe_{name}") for name in ("what", "copies")}
    columns = {}
    for name, header in headers.items():
        top = next(item for item in texts if item.bold and item.text == header)
        cells = [item for item in texts if abs(item.x - top.x) < 1e-6 and top.y < item.y < top.y + 6 * ROW_H]
        columns[name] = [item.text for item in sorted(cells, key=lambda item: item.y)]
    return columns


@pytest.mark.parametrize("lang", ["pl", "cs", "en"])
@pytest.mark.parametrize("kit_name", KITS)
def test_the_copies_column_holds_numbers_and_the_screen_is_named_in_what(kit_name, lang):
    """A review read "Copies: on screen" ("Kopie: na ekranie") as a place in a column of numbers: the
    rules read on screen have a dash for copies and say the screen in "what"; an optional part has
    1 copy and says it is optional in "what" (its copies once read "if needed")."""
    columns = recipe_columns(kit_name, lang)
    assert len(columns["copies"]) == len(columns["what"]) >= 2, columns
    assert all(re.fullmatch(r"(\d+|–)( .*)?", cell) for cell in columns["copies"]), columns["copies"]
    screen = {"pl": "Zasady (na ekranie)", "cs": "Pravidla (na obrazovce)", "en": "Rules (on screen)"}[lang]
    assert columns["what"][0] == screen and columns["copies"][0] == "–"
    if kit_name == "latarnie":
        optional = {"pl": "(opcjonalnie)", "cs": "(volitelně)", "en": "(optional)"}[lang]
        row = next(n for n, what in enumerate(columns["what"]) if what.endswith(optional))
        assert columns["copies"][row] == "1"


def test_build_writes_the_files_its_recipe_names_beside_the_pdf(tmp_path):
    """The recipe's "in the file X that comes with the kit" is true: build writes X beside the PDF,
    under that name; a shared sheet is one page, the boxes as `build --boxes` prints them."""
    folder = tmp_path / "kit"
    folder.mkdir()
    build("kpn", folder, "--lang", "en")
    build("kpn", folder, "--lang", "en", "--paper", "letter")  # beside it: its own files, none replaced
    written = sorted(p.name for p in folder.rglob("*.pdf"))
    assert written == [
        "kpn-en-boxes.pdf",
        "kpn-en-sheets.pdf",
        "kpn-en.pdf",
        "kpn-letter-en-boxes.pdf",
        "kpn-letter-en-sheets.pdf",
        "kpn-letter-en.pdf",
    ]
    assert len(pypdfium2.PdfDocument(folder / "out-kpn-lang-en" / "kpn-en-sheets.pdf")) == 1
    boxes, _ = build("kpn", tmp_path, "--lang", "en", "--boxes")
    beside = folder / "out-kpn-lang-en" / "kpn-en-boxes.pdf"
    assert len(pypdfium2.PdfDocument(beside)) == len(pypdfium2.PdfDocument(boxes))
    alone = tmp_path / "alone"
    alone.mkdir()
    build("plateau", alone)  # everything plateau prints is in its PDF
    assert [p.name for p in alone.rglob("*.pdf")] == ["plateau.pdf"]


def test_rules_read_on_screen_say_how_to_print_them_if_wanted(tmp_path):
    """ "on screen" alone read as "the rules are not printed": a note gives their pages to print."""
    pdf, _ = build("ogrod", tmp_path, "--lang", "en")
    assert "The rules can be read on screen. To have them on paper: page 1, 1 copy." in recipe_text(pdf)
    polish, _ = build("plateau", tmp_path, "--lang", "pl")
    assert "Kto woli je na papierze: strony 1–2, 1 kopia." in recipe_text(polish)


@pytest.mark.parametrize(
    ("lang", "card", "paper"),
    [
        (
            "en",
            "In the print dialog, on card stock: pages 3–6, 1 copy;",
            "In the print dialog, on plain paper: page 7,",
        ),
        (
            "pl",
            "W oknie drukowania, na kartonie: strony 3–6, 1 kopia;",
            "W oknie drukowania, na zwykłym papierze: strona 7,",
        ),
        ("cs", "V dialogu tisku, na karton: strany 3–6, 1 kopie;", "V dialogu tisku, na obyčejný papír: strana 7,"),
    ],
)
def test_pages_on_card_and_on_paper_are_two_print_jobs(tmp_path, lang, card, paper):
    """plateau's board and stones go on card (print.stock), its prisoners' sheet on plain paper:
    one print-dialog line each, the card's first; a kit on one stock keeps one line."""
    pdf, _ = build("plateau", tmp_path, "--lang", lang)
    text = recipe_text(pdf).replace("\xa0", " ")
    assert card in text and paper in text and text.index(card) < text.index(paper)
    one, _ = build("latarnie", tmp_path, "--lang", "en")
    assert recipe_text(one).count("In the print dialog") == 1


@pytest.mark.parametrize(
    ("kit_name", "lang", "says"),
    [
        # latarnie's sheet is optional (print: {copies: optional}): the game needs none
        ("latarnie", "pl", "Latarnie – wyniki, 1 kopia wspólna dla obojga graczy (opcjonalnie)."),
        ("latarnie", "cs", "Majáky – výsledky, 1 kopie společná pro oba hráče (volitelně)."),
        ("latarnie", "en", "Lighthouses – scores, one copy shared by both players (optional)."),
        ("targ", "en", "one copy shared by all players"),
    ],
)
def test_a_shared_sheet_is_for_both_players_in_a_game_for_exactly_two(tmp_path, kit_name, lang, says):
    """latarnie is always for two: its shared score sheet is "for both players", never "for all
    players" (a reviewer); targ, for 2-4, keeps "all"."""
    pdf, _ = build(kit_name, tmp_path, "--lang", lang)
    text = " ".join(recipe_text(pdf).split())
    assert says in text
    alls = ("wspólna dla wszystkich", "společná pro všechny", "shared by all")
    assert not any(words in text for words in alls) or kit_name == "targ"


@pytest.mark.parametrize(
    ("lang", "backed"),
    [("pl", "podklej karty kartonem"), ("cs", "karty podlepte kartonem"), ("en", "back the cards with card")],
)
def test_targs_recipe_keeps_the_seeds_card_backing(tmp_path, lang, backed):
    """The seed lets targ's cards be backed with card; a review found it dropped when the kit gained
    optional back pages. The optional backs' note says it, in every language."""
    pdf, _ = build("targ", tmp_path, "--lang", lang)
    assert backed in " ".join(recipe_text(pdf).replace("\xa0", " ").split())


MANUAL = {
    "en": "with no duplex, print the previous page, turn it over as your printer's manual shows, put it back and "
    "print this one.",
    "pl": "bez dupleksu wydrukuj poprzednią stronę, odwróć kartkę tak, jak pokazuje instrukcja drukarki, włóż ją "
    "z powrotem i wydrukuj tę.",
    "cs": "bez duplexu vytiskněte předchozí stranu, list otočte tak, jak ukazuje návod k tiskárně, vložte ho zpět "
    "a vytiskněte tuto.",
}
FOLDED = {
    "en": ("In the print dialog, on 120–160 g/m² paper (folded over): pages 4–5", "glue the halves together"),
    "pl": ("W oknie drukowania, na papierze 120–160 g/m² (do złożenia): strony 4–5", "sklej całe połowy"),
    "cs": ("V dialogu tisku, na papír 120–160 g/m² (k přeložení): strany 4–5", "celé poloviny slepte"),
}


def joined(text: str) -> str:
    """The page's text as one line of words: no-break spaces and line ends read as spaces."""
    return " ".join(text.replace("\xa0", " ").split())


@pytest.mark.parametrize("lang", ["en", "pl", "cs"])
@pytest.mark.parametrize(("kit_name", "paper_name"), [("plateau", "a4"), ("kpn", "letter")])
def test_every_sheet_of_backs_says_how_to_print_it_without_a_duplexer(tmp_path, kit_name, paper_name, lang):
    """A review: plateau's stones go through one duplex run on card, which many home duplexers
    will not take, and no manual fallback was given. Every sheet of duplex backs says, in its
    heading at 7 pt at least: print the page before, turn it over as the printer's manual shows,
    put it back, print this one (kpn's rules fill their page: the recipe has no line to spare)."""
    pdf, manifest = build(kit_name, tmp_path, "--lang", lang, "--paper", paper_name)
    backs = [page["number"] for page in manifest["pages"] if page.get("side") == "back" and page["role"] != "blank"]
    assert backs
    for number in backs:
        assert MANUAL[lang] in joined(page_text(pdf, number)), (number, page_text(pdf, number)[:300])
        with pdfplumber.open(pdf) as document:
            heading = [c["size"] for c in document.pages[number - 1].chars if c["top"] < 30 * 72 / 25.4]
        assert min(heading) >= 7.0, (number, min(heading))
    folded, manifest = build(kit_name, tmp_path, "--lang", lang, "--two-sided", "fold")
    pages = range(1, len(manifest["pages"]) + 1)
    assert not any(MANUAL[lang][:20] in joined(page_text(folded, n)) for n in pages), "folded: no backs to print"


@pytest.mark.parametrize("lang", ["en", "pl", "cs"])
def test_a_folded_build_prints_its_card_parts_on_120_160_paper_and_glues_them(tmp_path, lang):
    """A review: plateau folded told the reader to fold and glue 160–250 g/m² card (500 g/m² once
    doubled, hard to fold cleanly). Folded, a card part prints on 120–160 g/m² paper, glued all
    over; the part's own card note gives way, and "what you need" joins its pages ("3–5", not
    "3, 4–5")."""
    pdf, _ = build("plateau", tmp_path, "--lang", lang, "--two-sided", "fold")
    text = joined(recipe_text(pdf))
    dialog, glue = FOLDED[lang]
    assert dialog in text and glue in text, text[-900:]
    stones_note = {"en": "Print the stones on card", "pl": "Kamienie drukuj na kartonie", "cs": "Kameny tiskněte"}
    assert stones_note[lang] not in text
    first = joined(page_text(pdf, 1))
    need = {
        "en": "120–160 g/m² paper for pages 4–5",
        "pl": "papier 120–160 g/m² na strony 4–5",
        "cs": "papír 120–160 g/m² na strany 4–5",
    }[lang]
    assert need in first and "3, 4–5" not in first
    sheet = joined(page_text(pdf, 4))  # the first sheet of stones, folded: its heading says the same paper
    folded_stock = {
        "en": "Print on 120–160 g/m² paper",
        "pl": "Drukuj na papierze 120–160 g/m²",
        "cs": "Tiskněte na papír 120–160 g/m²",
    }[lang]
    assert folded_stock in sheet and message(lang, "piece_stock_card") not in sheet
