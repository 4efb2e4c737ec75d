"""printkit's own words, in every language it speaks: generated headings and print instructions.

Kits bring their rules; these texts describe what printkit itself knows (pages, copies, cutting),
so they are generated from the components and cannot contradict the PDF.
"""

from __future__ import annotations

LANGUAGES = ("pl", "cs", "en")

CATALOG: dict[str, dict[str, str]] = {
    "needs_heading": {"pl": "Co przygotować", "cs": "Co připravit", "en": "What you need"},
    "print_heading": {"pl": "Jak wydrukować zestaw", "cs": "Jak vytisknout sadu", "en": "How to print the kit"},
    "printed": {"pl": "Z tego PDF", "cs": "Z tohoto PDF", "en": "From this PDF"},
    "not_printed": {"pl": "Spoza PDF", "cs": "Mimo PDF", "en": "Not in the PDF"},
    "pdf_pages": {
        "pl": "PDF ma {count} {pages_word} {paper}.",
        "cs": "PDF má {count} {pages_word} {paper}.",
        "en": "The PDF has {count} {paper} {pages_word}.",
    },
    "rules_on_screen": {
        "pl": "Zasady ({pages}) wystarczy czytać na ekranie.",
        "cs": "Pravidla ({pages}) stačí číst na obrazovce.",
        "en": "The rules ({pages}) can stay on screen.",
    },
    "rules_print": {
        "pl": "Wydrukuj zasady ({pages}) raz.",
        "cs": "Pravidla ({pages}) vytiskněte jednou.",
        "en": "Print the rules ({pages}) once.",
    },
    "print_once": {
        "pl": "Wydrukuj {pages} ({what}) raz.",
        "cs": "Vytiskněte {pages} ({what}) jednou.",
        "en": "Print {pages} ({what}) once.",
    },
    "print_per_player": {
        "pl": "Wydrukuj {pages} ({what}) osobno dla każdego gracza.",
        "cs": "Vytiskněte {pages} ({what}) pro každého hráče zvlášť.",
        "en": "Print {pages} ({what}) once for each player.",
    },
    "print_optional": {
        "pl": "{Pages} ({what}) drukujesz tylko wtedy, gdy: {note}.",
        "cs": "{Pages} ({what}) tiskněte, jen když: {note}.",
        "en": "Print {pages} ({what}) only when {note}.",
    },
    "one_sided": {
        "pl": "Drukuj jednostronnie, w skali 100 % (bez dopasowania do strony).",
        "cs": "Tiskněte jednostranně, v měřítku 100 % (bez přizpůsobení stránce).",
        "en": "Print single-sided at 100 % scale (no fit to page).",
    },
    "scale_only": {
        "pl": "Drukuj w skali 100 % (bez dopasowania do strony).",
        "cs": "Tiskněte v měřítku 100 % (bez přizpůsobení stránce).",
        "en": "Print at 100 % scale (no fit to page).",
    },
    "nothing_to_cut": {
        "pl": "Niczego nie trzeba wycinać.",
        "cs": "Nic se nevystřihuje.",
        "en": "Nothing needs cutting.",
    },
    "cut": {
        "pl": "Wytnij {what} wzdłuż linii cięcia.",
        "cs": "Vystřihněte {what} podél řezných čar.",
        "en": "Cut out {what} along the cut lines.",
    },
    "need_item": {"pl": "{count} × {text}", "cs": "{count} × {text}", "en": "{count} × {text}"},
    "need_per_player": {
        "pl": "{count} × {text} na gracza",
        "cs": "{count} × {text} na hráče",
        "en": "{count} × {text} per player",
    },
    "players": {"pl": "Gracze", "cs": "Hráči", "en": "Players"},
    "age": {"pl": "Wiek", "cs": "Věk", "en": "Age"},
    "minutes": {"pl": "Czas", "cs": "Doba hry", "en": "Time"},
    "minutes_unit": {"pl": "min", "cs": "min", "en": "min"},
    "name": {"pl": "Imię", "cs": "Jméno", "en": "Name"},
    "player_n": {"pl": "Gracz {n}", "cs": "Hráč {n}", "en": "Player {n}"},
    "page_of": {"pl": "strona {n} z {total}", "cs": "strana {n} z {total}", "en": "page {n} of {total}"},
    "total": {"pl": "Suma", "cs": "Celkem", "en": "Total"},
    "game_n": {"pl": "Partia {n}", "cs": "Hra {n}", "en": "Game {n}"},
    "ruler": {
        "pl": "50 mm: zmierz linijką; inna długość oznacza, że wydruk nie jest w skali 100 %",
        "cs": "50 mm: změřte pravítkem; jiná délka znamená, že tisk není v měřítku 100 %",
        "en": "50 mm: measure it; any other length means the print is not at 100 % scale",
    },
    "cut_here": {
        "pl": "Wytnij wzdłuż szarych linii; sąsiednie elementy mają wspólną linię cięcia.",
        "cs": "Vystřihněte podél šedých čar; sousední dílky mají společnou řeznou čáru.",
        "en": "Cut along the grey lines; neighbouring pieces share one cut line.",
    },
    "fold_here": {
        "pl": "Złóż wzdłuż przerywanej linii, sklej obie połowy, potem wytnij wzdłuż szarych linii.",
        "cs": "Přeložte podél přerušované čáry, slepte obě poloviny a pak vystřihněte podél šedých čar.",
        "en": "Fold along the dashed line, glue the halves together, then cut along the grey lines.",
    },
    "board_instruction": {
        "pl": "Nie wycinaj. Pola mają {cell} mm; skalę sprawdzisz linijką na dole strony.",
        "cs": "Nevystřihujte. Pole mají {cell} mm; měřítko ověříte pravítkem dole na straně.",
        "en": "Do not cut. The cells are {cell} mm; check the scale with the ruler at the bottom of the page.",
    },
    "fold_line": {"pl": "linia zgięcia", "cs": "čára přehybu", "en": "fold line"},
    "backs_title": {"pl": "{title} – tyły", "cs": "{title} – rub", "en": "{title} – backs"},
    "backs_note": {
        "pl": "Tyły do poprzedniej strony: druk dwustronny, obracanie wzdłuż {edge}.",
        "cs": "Ruby k předchozí straně: oboustranný tisk, otáčení podle {edge}.",
        "en": "The backs of the previous page: print two-sided, flipping on the {edge}.",
    },
    "blank_page": {
        "pl": "Ta strona celowo pozostała pusta: dzięki niej przody elementów wypadają na stronach nieparzystych przy druku dwustronnym.",
        "cs": "Tato strana je záměrně prázdná: díky ní vycházejí líce dílků na liché strany při oboustranném tisku.",
        "en": "This page is intentionally blank: it keeps the pieces' front pages odd for two-sided printing.",
    },
    "print_duplex": {
        "pl": "{Pages} ({what}) drukuj dwustronnie, z obracaniem wzdłuż {edge}: każdy tył wypadnie dokładnie za swoim przodem.",
        "cs": "{Pages} ({what}) tiskněte oboustranně s otáčením podle {edge}: každý rub vyjde přesně za svým lícem.",
        "en": "Print {pages} ({what}) two-sided, flipping on the {edge}, so that each back lands behind its front.",
    },
    "edge_long": {"pl": "dłuższej krawędzi", "cs": "delší hrany", "en": "long edge"},
    "edge_short": {"pl": "krótszej krawędzi", "cs": "kratší hrany", "en": "short edge"},
    "print_fold": {
        "pl": "{Pages} ({what}) drukuj jednostronnie; każdą kartkę złóż wzdłuż przerywanej linii, sklej i dopiero potem wytnij.",
        "cs": "{Pages} ({what}) tiskněte jednostranně; každý list přeložte podél přerušované čáry, slepte a teprve potom vystřihněte.",
        "en": "Print {pages} ({what}) single-sided; fold each sheet along the dashed line, glue it, and only then cut.",
    },
    "others_one_sided": {
        "pl": "Pozostałe strony drukuj jednostronnie. Wszystko w skali 100 % (bez dopasowania do strony).",
        "cs": "Ostatní strany tiskněte jednostranně. Vše v měřítku 100 % (bez přizpůsobení stránce).",
        "en": "Print the other pages single-sided. Everything at 100 % scale (no fit to page).",
    },
}

_PAGE_WORDS = {
    "pl": ("strona", "strony", "stron"),
    "cs": ("strana", "strany", "stran"),
    "en": ("page", "pages", "pages"),
}
_PAGE_ACCUSATIVE = {"pl": ("stronę", "strony"), "cs": ("stranu", "strany"), "en": ("page", "pages")}


def plural(lang: str, count: int, forms: tuple[str, str, str]) -> str:
    """Slavic plural: one / few (2-4, not 12-14) / many; English uses one / other."""
    one, few, many = forms
    if count == 1:
        return one
    if lang == "en":
        return few
    if lang == "pl":
        return few if count % 10 in (2, 3, 4) and count % 100 not in (12, 13, 14) else many
    return few if count in (2, 3, 4) else many


def pages_word(lang: str, count: int) -> str:
    return plural(lang, count, _PAGE_WORDS[lang])


def page_span(lang: str, first: int, last: int) -> str:
    """'stronę 2', 'strany 3–4', 'pages 3–4' (the object form used in instructions)."""
    single, several = _PAGE_ACCUSATIVE[lang]
    if first == last:
        return f"{single} {first}"
    joiner = "–" if last > first + 1 or lang != "en" else "–"
    return f"{several} {first}{joiner}{last}"


def message(lang: str, key: str, **values: object) -> str:
    template = CATALOG[key][lang]
    return template.format(**values)
