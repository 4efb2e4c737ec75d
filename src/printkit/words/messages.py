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
    # the print recipe (layout/recipe.py): a table and one line for the print dialog
    "recipe_what": {"pl": "Co", "cs": "Co", "en": "What"},
    "recipe_pages": {"pl": "Strony", "cs": "Strany", "en": "Pages"},
    "recipe_copies": {"pl": "Kopie", "cs": "Kopie", "en": "Copies"},
    "recipe_sides": {"pl": "Druk", "cs": "Tisk", "en": "Sides"},
    "recipe_cut": {"pl": "Ciąć", "cs": "Stříhat", "en": "Cut"},
    "recipe_rules": {"pl": "Zasady", "cs": "Pravidla", "en": "Rules"},
    "recipe_rules_screen": {"pl": "Zasady (na ekranie)", "cs": "Pravidla (na obrazovce)", "en": "Rules (on screen)"},
    "recipe_per_player": {"pl": "1 na gracza", "cs": "1 na hráče", "en": "1 per player"},
    "recipe_optional_what": {"pl": "{what} (opcjonalnie)", "cs": "{what} (volitelně)", "en": "{what} (optional)"},
    "recipe_one_sided": {"pl": "jednostronnie", "cs": "jednostranně", "en": "one-sided"},
    "recipe_two_sided": {"pl": "dwustronnie", "cs": "oboustranně", "en": "two-sided"},
    "recipe_fold": {"pl": "do złożenia", "cs": "k přeložení", "en": "fold over"},
    "recipe_faces_only": {"pl": "tylko awersy", "cs": "jen líce", "en": "faces only"},
    "recipe_faces_note": {
        "pl": "{Pages}: tylko awersy, bez rewersów; każdy element po wycięciu włóż do koszulki z nieprzezroczystym "
        "tyłem.",
        "cs": "{Pages}: jen líce, bez rubů; každý dílek po vystřižení vložte do obalu s neprůhlednou zadní stranou.",
        "en": "{Pages}: faces only, no backs; once cut, slide each piece into a sleeve with an opaque back.",
    },
    "recipe_backs_note": {
        "pl": "Opcjonalnie rewersy ({what}): {pages}; każdą wydrukuj na odwrocie jej strony ({faces}), "
        "obracając kartkę wzdłuż {edge}; bez nich podklej karty kartonem albo włóż je do koszulek.",
        "cs": "Volitelně ruby ({what}): {pages}; každou vytiskněte na rub její strany ({faces}), list otočte "
        "podél {edge}; bez nich karty podlepte kartonem nebo vložte do obalů.",
        "en": "Optional backs ({what}): {pages}; print each behind its page of faces ({faces}), turning the sheet over "
        "the {edge}; without them, back the cards with card or sleeve them.",
    },
    "recipe_yes": {"pl": "tak", "cs": "ano", "en": "yes"},
    "recipe_no": {"pl": "nie", "cs": "ne", "en": "no"},
    "recipe_optional_note": {
        "pl": "Tylko jeśli {note}: {pages} ({what}), 1 kopia.",
        "cs": "Jen pokud {note}: {pages} ({what}), 1 kopie.",
        "en": "Only if {note}: {pages} ({what}), 1 copy.",
    },
    "recipe_optional_plain": {
        "pl": "Tylko w razie potrzeby: {pages} ({what}), 1 kopia.",
        "cs": "Jen podle potřeby: {pages} ({what}), 1 kopie.",
        "en": "Only if needed: {pages} ({what}), 1 copy.",
    },
    "recipe_cut_glue": {"pl": "tak, i skleić", "cs": "ano, a slepit", "en": "yes, and glue"},
    "recipe_glue_note": {
        "pl": "{Pages} ({what}): wytnij arkusze wzdłuż szarych obrysów i sklej je na paskach z literami, jak pokazuje "
        "mapka na każdym arkuszu.",
        "cs": "{Pages} ({what}): vystřihněte listy podél šedých obrysů a slepte je na proužcích s písmeny, jak ukazuje "
        "mapka na každém listu.",
        "en": "{Pages} ({what}): cut the sheets out along their grey outlines and glue them together on the lettered "
        "strips, as the small map on each sheet shows.",
    },
    "recipe_fold_note": {
        "pl": "{Pages}: każdą kartkę złóż wzdłuż przerywanej linii, sklej całe połowy klejem w sztyfcie, potem tnij.",
        "cs": "{Pages}: každý list přeložte podél přerušované čáry, celé poloviny slepte lepidlem a pak stříhejte.",
        "en": "{Pages}: fold each sheet along the dashed line, glue the halves together all over, then cut.",
    },
    "recipe_elsewhere": {
        "pl": "Osobno, w pliku {file} dołączonym do zestawu: {what}.",
        "cs": "Zvlášť, v souboru {file} přiloženém k sadě: {what}.",
        "en": "Separately, in the file {file} that comes with the kit: {what}.",
    },
    "recipe_elsewhere_players": {
        "pl": "Osobno, w pliku {file} dołączonym do zestawu: {what}, po 1 na gracza, z miejscem na imię.",
        "cs": "Zvlášť, v souboru {file} přiloženém k sadě: {what}, 1 na hráče, s místem pro jméno.",
        "en": "Separately, in the file {file} that comes with the kit: {what}, one per player, each with a line "
        "for the name.",
    },
    "recipe_games_per_page": {
        "pl": " ({count} {games} na stronie)",
        "cs": " ({count} {games} na stránce)",
        "en": " ({count} {games} a page)",
    },
    "recipe_games_fill": {
        "pl": " (tyle gier na stronie, ile się zmieści)",
        "cs": " (tolik her na stránce, kolik se vejde)",
        "en": " (as many games a page as fit)",
    },
    "recipe_elsewhere_optional": {"pl": " (opcjonalnie)", "cs": " (volitelně)", "en": " (optional)"},
    "recipe_elsewhere_shared": {
        "pl": "Osobno, w pliku {file} dołączonym do zestawu: {what}, 1 kopia wspólna dla wszystkich graczy.",
        "cs": "Zvlášť, v souboru {file} přiloženém k sadě: {what}, 1 kopie společná pro všechny hráče.",
        "en": "Separately, in the file {file} that comes with the kit: {what}, one copy shared by all players.",
    },
    "recipe_elsewhere_shared_two": {
        "pl": "Osobno, w pliku {file} dołączonym do zestawu: {what}, 1 kopia wspólna dla obojga graczy.",
        "cs": "Zvlášť, v souboru {file} přiloženém k sadě: {what}, 1 kopie společná pro oba hráče.",
        "en": "Separately, in the file {file} that comes with the kit: {what}, one copy shared by both players.",
    },
    "recipe_rules_note": {
        "pl": "Zasady można czytać z ekranu. Kto woli je na papierze: {pages}, 1 kopia.",
        "cs": "Pravidla lze číst na obrazovce. Kdo je chce na papíře: {pages}, 1 kopie.",
        "en": "The rules can be read on screen. To have them on paper: {pages}, 1 copy.",
    },
    "dialog_page": {"pl": "strona {pages}", "cs": "strana {pages}", "en": "page {pages}"},
    "dialog_pages": {"pl": "strony {pages}", "cs": "strany {pages}", "en": "pages {pages}"},
    "dialog_once": {"pl": "{pages}, 1 kopia", "cs": "{pages}, 1 kopie", "en": "{pages}, 1 copy"},
    "dialog_per_player": {
        "pl": "{pages}, tyle kopii, ilu jest graczy",
        "cs": "{pages}, tolik kopií, kolik je hráčů",
        "en": "{pages}, as many copies as players",
    },
    "dialog_nothing": {"pl": "nic", "cs": "nic", "en": "nothing"},
    "dialog_one_sided": {"pl": "jednostronnie", "cs": "jednostranně", "en": "single-sided"},
    "dialog_two_sided": {
        "pl": "dwustronnie, obracanie wzdłuż {edge}",
        "cs": "oboustranně, otáčení podle {edge}",
        "en": "two-sided, flip on the {edge}",
    },
    "dialog_stock_card": {"pl": "na kartonie", "cs": "na karton", "en": "on card stock"},
    "dialog_stock_paper": {"pl": "na zwykłym papierze", "cs": "na obyčejný papír", "en": "on plain paper"},
    "dialog_stock_folded": {
        "pl": "na papierze 120–160 g/m² (do złożenia)",
        "cs": "na papír 120–160 g/m² (k přeložení)",
        "en": "on 120–160 g/m² paper (folded over)",
    },
    "dialog_line_stock": {
        "pl": "W oknie drukowania, {stock}: {runs}; {sides}; rozmiar rzeczywisty (100 %).",
        "cs": "V dialogu tisku, {stock}: {runs}; {sides}; skutečná velikost (100 %).",
        "en": "In the print dialog, {stock}: {runs}; {sides}; actual size (100%).",
    },
    "dialog_line": {
        "pl": "W oknie drukowania: {runs}; {sides}; rozmiar rzeczywisty (100 %).",
        "cs": "V dialogu tisku: {runs}; {sides}; skutečná velikost (100 %).",
        "en": "In the print dialog: {runs}; {sides}; actual size (100%).",
    },
    "scale_only": {
        "pl": "Drukuj w skali 100 % (bez dopasowania do strony).",
        "cs": "Tiskněte v měřítku 100 % (bez přizpůsobení stránce).",
        "en": "Print at 100% scale (no fit to page).",
    },
    "scale_only_short": {"pl": "Skala 100 %", "cs": "Měřítko 100 %", "en": "Print at 100%"},
    "need_item": {"pl": "{count} × {text}", "cs": "{count} × {text}", "en": "{count} × {text}"},
    "need_item_one": {"pl": "{text}", "cs": "{text}", "en": "{text}"},
    "need_per_player_one": {
        "pl": "{text} dla każdego gracza",
        "cs": "{text} pro každého hráče",
        "en": "{text} per player",
    },
    "need_instead": {"pl": "{text} albo {instead}", "cs": "{text} nebo {instead}", "en": "{text} or {instead}"},
    "need_optional": {"pl": "{text} (opcjonalnie)", "cs": "{text} (volitelně)", "en": "{text} (optional)"},
    "need_pages_optional": {"pl": "{pages}, opcjonalnie", "cs": "{pages}, volitelně", "en": "{pages}, optional"},
    "need_tool_if": {
        "pl": "{tool}, jeśli drukujecie {pages}",
        "cs": "{tool}, pokud tisknete {pages}",
        "en": "{tool}, if you print {pages}",
    },
    "need_apart": {"pl": "osobny plik", "cs": "samostatný soubor", "en": "a file of its own"},
    "need_cutting": {
        "pl": "nożyczki (albo nożyk i linijka)",
        "cs": "nůžky (nebo nožík a pravítko)",
        "en": "scissors (or a craft knife and a ruler)",
    },
    "need_tool_box": {
        "pl": "{tool} (tylko do pudełka)",
        "cs": "{tool} (jen na krabičku)",
        "en": "{tool} (only for the box)",
    },
    "need_glue": {"pl": "klej do papieru", "cs": "lepidlo na papír", "en": "paper glue"},
    "need_card": {
        "pl": "karton 160–250 g/m² na {pages}",
        "cs": "karton 160–250 g/m² na {pages}",
        "en": "card stock (160–250 g/m²) for {pages}",
    },
    "need_fold_paper": {
        "pl": "papier 120–160 g/m² na {pages} (do złożenia i sklejenia)",
        "cs": "papír 120–160 g/m² na {pages} (k přeložení a slepení)",
        "en": "120–160 g/m² paper for {pages} (to fold and glue)",
    },
    "need_card_if": {
        "pl": "karton 160–250 g/m², jeśli drukujecie {pages}",
        "cs": "karton 160–250 g/m², pokud tisknete {pages}",
        "en": "card stock (160–250 g/m²), if you print {pages}",
    },
    "need_per_player": {
        "pl": "{count} × {text} na gracza",
        "cs": "{count} × {text} na hráče",
        "en": "{count} × {text} per player",
    },
    "players": {"pl": "Gracze", "cs": "Hráči", "en": "Players"},
    "age": {"pl": "Wiek", "cs": "Věk", "en": "Age"},
    "minutes": {"pl": "Czas", "cs": "Doba hry", "en": "Time"},
    "minutes_unit": {"pl": "min", "cs": "min", "en": "min"},
    "strip_count": {"pl": "× {count}", "cs": "× {count}", "en": "× {count}"},
    "strip_spares": {
        "pl": "× {count} (+ {spares} w zapasie)",
        "cs": "× {count} (+ {spares} navíc)",
        "en": "× {count} (+ {spares} spare)",
    },
    "strip_board": {
        "pl": "{cols} × {rows} pól, {size} mm",
        "cs": "{cols} × {rows} polí, {size} mm",
        "en": "{cols} × {rows} cells, {size} mm",
    },
    "strip_per_player": {"pl": "× 1 na gracza", "cs": "× 1 na hráče", "en": "× 1 per player"},
    "name": {"pl": "Imię", "cs": "Jméno", "en": "Name"},
    "player_n": {"pl": "Gracz {n}", "cs": "Hráč {n}", "en": "Player {n}"},
    "page_of": {"pl": "strona {n} z {total}", "cs": "strana {n} z {total}", "en": "page {n} of {total}"},
    "total": {"pl": "Suma", "cs": "Celkem", "en": "Total"},
    "game_n": {"pl": "Partia {n}", "cs": "Hra {n}", "en": "Game {n}"},
    "example_n": {"pl": "Przykład {n}", "cs": "Příklad {n}", "en": "Example {n}"},
    "ruler": {
        "pl": "50 mm: zmierz linijką; inna długość oznacza, że wydruk nie jest w skali 100 %.",
        "cs": "50 mm: změřte pravítkem; jiná délka znamená, že tisk není v měřítku 100 %.",
        "en": "50 mm: measure it; any other length means the print is not at 100% scale.",
    },
    "cut_plan": {
        "pl": "Gilotyna: tnij po kolei od 1 do {n}, każde cięcie od krawędzi do krawędzi.",
        "cs": "Řezačka: řežte postupně od 1 do {n}, každý řez od okraje k okraji.",
        "en": "Guillotine: cut in order from 1 to {n}, each cut edge to edge.",
    },
    "piece_stock_card": {
        "pl": "Drukuj na kartonie; w drukarce ustaw papier gruby / karton",
        "cs": "Tiskněte na karton; v tiskárně nastavte silný papír / karton",
        "en": "Print on card stock; set the printer to heavy paper / card",
    },
    "piece_spares_key": {
        "pl": "Żetony z\u00a0plusem w\u00a0rogu są zapasowe.",
        "cs": "Žetony s\u00a0plusem v\u00a0rohu jsou náhradní.",
        "en": "Tokens with a plus in the corner are spares.",
    },
    "piece_stock_folded": {
        "pl": "Drukuj na papierze 120–160 g/m²",
        "cs": "Tiskněte na papír 120–160 g/m²",
        "en": "Print on 120–160 g/m² paper",
    },
    "cut_here": {
        "pl": "Wytnij wzdłuż szarych linii; sąsiednie elementy mają wspólną linię cięcia.",
        "cs": "Vystřihněte podél šedých čar; sousední dílky mají společnou řeznou čáru.",
        "en": "Cut along the grey lines; neighbouring pieces share one cut line.",
    },
    "cut_hexagons": {
        "pl": "Wytnij każdy sześciokąt wzdłuż szarej linii wokół niego (ploter tnący podąża za plikiem cięcia).",
        "cs": "Každý šestiúhelník vystřihněte podél šedé čáry kolem něj (řezací plotr se řídí souborem řezu).",
        "en": "Cut out each hexagon along the grey line around it (a cutting machine follows the cut file).",
    },
    "cut_outline": {
        "pl": "Wytnij każdy żeton wzdłuż szarej linii wokół niego (ploter tnący podąża za plikiem cięcia).",
        "cs": "Každý žeton vystřihněte podél šedé čáry kolem něj (řezací plotr se řídí souborem řezu).",
        "en": "Cut each token along the grey line around it (a cutting machine follows the cut file).",
    },
    "cut_apart": {
        "pl": "Tnij wzdłuż linii wyznaczonych przez znaczniki cięcia na marginesie; kolor poza elementem to spad, "
        "który odcinasz.",
        "cs": "Stříhejte podél čar, které určují ořezové značky na okraji; barva za dílkem je spadávka, kterou "
        "odříznete.",
        "en": "Cut along the lines the crop marks in the margin set out; the colour past each piece is bleed, to be "
        "cut away.",
    },
    "cut_strip": {
        "pl": "Pasek między kolorami to spad dwóch bloków: odetnij go wzdłuż obu jego linii.",
        "cs": "Proužek mezi barvami je spadávka dvou bloků: odstřihněte ho podél obou jeho čar.",
        "en": "The strip between the colours is the bleed of two blocks: cut it off along both its lines.",
    },
    "cut_shared": {
        "pl": "Tnij linijką od znacznika do znacznika na marginesie albo nożyczkami od krzyżyka do krzyżyka; "
        "kolor za skrajnymi liniami cięcia to spad, który odcinasz.",
        "cs": "Řežte podle pravítka od značky ke značce na okraji, nebo stříhejte od křížku ke křížku; barva "
        "za krajními řeznými čarami je spadávka, kterou odříznete.",
        "en": "Cut with a ruler from mark to mark across the margins, or with scissors from cross to cross; the "
        "colour past the outer cut lines is bleed, to be cut away.",
    },
    "fold_here": {
        "pl": "Złóż wzdłuż przerywanej linii, sklej obie połowy, potem wytnij wzdłuż szarych linii.",
        "cs": "Přeložte podél přerušované čáry, slepte obě poloviny a pak vystřihněte podél šedých čar.",
        "en": "Fold along the dashed line, glue the halves together, then cut along the grey lines.",
    },
    "fold_apart": {
        "pl": "Złóż wzdłuż przerywanej linii, sklej obie połowy, potem tnij wzdłuż linii wyznaczonych przez "
        "znaczniki cięcia na marginesie.",
        "cs": "Přeložte podél přerušované čáry, slepte obě poloviny a pak stříhejte podél čar, které určují ořezové "
        "značky na okraji.",
        "en": "Fold along the dashed line, glue the halves together, then cut along the lines the crop marks in the "
        "margin set out.",
    },
    "fold_shared": {
        "pl": "Złóż wzdłuż przerywanej linii, sklej obie połowy, potem tnij linijką od znacznika do znacznika "
        "albo nożyczkami od krzyżyka do krzyżyka.",
        "cs": "Přeložte podél přerušované čáry, slepte obě poloviny a pak řežte podle pravítka od značky ke "
        "značce, nebo stříhejte od křížku ke křížku.",
        "en": "Fold along the dashed line, glue the halves together, then cut with a ruler from mark to mark, "
        "or with scissors from cross to cross.",
    },
    "board_instruction": {
        "pl": "Nie wycinaj. Pola mają {cell} mm; skalę sprawdzisz linijką pod planszą.",
        "cs": "Nevystřihujte. Pole mají {cell} mm; měřítko ověříte pravítkem pod plánem.",
        "en": "Do not cut. The cells are {cell} mm; check the scale with the ruler under the board.",
    },
    "tuckbox_holds": {"pl": "{count} szt.", "cs": "{count} ks", "en": "{count} pieces"},
    "reprint_title": {
        "pl": "Dodruk: elementy zmienione od poprzedniego wydruku ({count})",
        "cs": "Dotisk: dílky změněné od minulého tisku ({count})",
        "en": "Reprint: the pieces changed since the last print ({count})",
    },
    "board_legend_instruction": {
        "pl": "Objaśnienia do planszy złożonej z arkuszy; tej strony nie wycinaj.",
        "cs": "Vysvětlivky k desce složené z listů; tuto stranu nevystřihujte.",
        "en": "The key to the board glued together from sheets; this page is not cut.",
    },
    "board_sheet_title": {
        "pl": "{title}: arkusz {n} z {total}",
        "cs": "{title}: list {n} z {total}",
        "en": "{title}: sheet {n} of {total}",
    },
    "join_left": {
        "pl": "lewą krawędź przyklej na pasek {letter} arkusza {sheet}",
        "cs": "levý okraj přilepte na proužek {letter} listu {sheet}",
        "en": "glue the left edge onto strip {letter} of sheet {sheet}",
    },
    "join_top": {
        "pl": "górną krawędź przyklej na pasek {letter} arkusza {sheet}",
        "cs": "horní okraj přilepte na proužek {letter} listu {sheet}",
        "en": "glue the top edge onto strip {letter} of sheet {sheet}",
    },
    "join_under": {
        "pl": "pasek {letter} idzie pod arkusz {sheet}",
        "cs": "proužek {letter} přijde pod list {sheet}",
        "en": "strip {letter} goes under sheet {sheet}",
    },
    "fold_line": {"pl": "linia zgięcia", "cs": "čára přehybu", "en": "fold line"},
    "backs_title": {"pl": "{title} – tyły", "cs": "{title} – rub", "en": "{title} – backs"},
    "backs_note": {
        "pl": "Tyły do poprzedniej strony: druk dwustronny, obracanie wzdłuż {edge}; bez dupleksu wydrukuj "
        "poprzednią stronę, odwróć kartkę tak, jak pokazuje instrukcja drukarki, włóż ją z powrotem i wydrukuj tę.",
        "cs": "Ruby k předchozí straně: oboustranný tisk, otáčení podle {edge}; bez duplexu vytiskněte předchozí "
        "stranu, list otočte tak, jak ukazuje návod k tiskárně, vložte ho zpět a vytiskněte tuto.",
        "en": "The backs of the previous page: print two-sided, flipping on the {edge}; with no duplex, print the "
        "previous page, turn it over as your printer's manual shows, put it back and print this one.",
    },
    "blank_page": {
        "pl": "Tył poprzedniej strony, celowo pusty: przy druku dwustronnym nic nie trafia za stronę, którą się "
        "wycina lub czyta.",
        "cs": "Rub předchozí strany, záměrně prázdný: při oboustranném tisku nic nevyjde za stranu, která se "
        "vystřihuje nebo čte.",
        "en": "The back of the previous page, intentionally blank: printed two-sided, nothing lands behind a page "
        "that is cut or read.",
    },
    "edge_long": {"pl": "dłuższej krawędzi", "cs": "delší hrany", "en": "long edge"},
    "edge_short": {"pl": "krótszej krawędzi", "cs": "kratší hrany", "en": "short edge"},
    # the calibration sheet (printkit calibrate)
    "cal_title": {
        "pl": "Kalibracja drukarki: skala i druk dwustronny",
        "cs": "Kalibrace tiskárny: měřítko a oboustranný tisk",
        "en": "Printer calibration: scale and two-sided printing",
    },
    "cal_intro": {
        "pl": "Wydrukuj ten arkusz na drukarce i papierze, których użyjesz do zestawu: obie strony na jednej kartce, "
        "dwustronnie, z obracaniem wzdłuż {edge}, w skali 100 % (bez dopasowania do strony).",
        "cs": "Vytiskněte tento list na tiskárně a papíru, které použijete pro sadu: obě strany na jeden list, "
        "oboustranně s otáčením podle {edge}, v měřítku 100 % (bez přizpůsobení stránce).",
        "en": "Print this sheet on the printer and paper you will use for the kit: both pages on one sheet, "
        "two-sided, flipping on the {edge}, at 100 % scale (no fit to page).",
    },
    "cal_scale_heading": {"pl": "1. Skala", "cs": "1. Měřítko", "en": "1. Scale"},
    "cal_scale_body": {
        "pl": "Przyłóż linijkę do podziałki poniżej: od pierwszej do ostatniej długiej kreski musi być dokładnie 50 "
        "mm. Jeśli nie jest, okno drukowania przeskalowało stronę: wybierz „100 %” lub „Rzeczywisty rozmiar” i "
        "wydrukuj arkusz ponownie.",
        "cs": "Přiložte pravítko ke stupnici níže: od první do poslední dlouhé čárky musí měřit přesně 50 mm. Pokud "
        "neměří, tiskový dialog stránku zvětšil nebo zmenšil: zvolte „100 %“ nebo „Skutečná velikost“ a list "
        "vytiskněte znovu.",
        "en": "Lay a ruler along the scale below: from the first to the last long tick it must measure exactly 50 "
        "mm. If it does not, the print dialog resized the page: choose “100 %” or “Actual size” and print the "
        "sheet again.",
    },
    "cal_back_heading": {"pl": "2. Przesunięcie tyłu", "cs": "2. Posun rubu", "en": "2. Back offset"},
    "cal_back_body": {
        "pl": "Obróć kartkę odwrotem do siebie i przyłóż ją do okna albo lampy: krzyżyk z tej strony prześwituje "
        "przez papier na siatkę wydrukowaną z tyłu. Odczytaj, gdzie wypada środek krzyżyka: X w poziomie (plus "
        "w prawo) i Y w pionie (plus w dół), w milimetrach, według liczb przy siatce. Nie masz światła pod "
        "ręką? Przebij szpilką środek krzyżyka i odczytaj, gdzie ostrze wyszło po drugiej stronie.",
        "cs": "Otočte list rubem k sobě a přiložte ho k oknu nebo lampě: křížek z této strany prosvítá papírem na "
        "mřížku vytištěnou na rubu. Odečtěte, kam padne střed křížku: X vodorovně (plus doprava) a Y svisle "
        "(plus dolů), v milimetrech podle čísel u mřížky. Nemáte po ruce světlo? Propíchněte střed křížku "
        "špendlíkem a odečtěte, kde hrot vyšel na druhé straně.",
        "en": "Turn the sheet so its back faces you and hold it against a window or a lamp: the cross on this side "
        "shows through the paper onto the grid printed on the back. Read where the centre of the cross falls: "
        "X across (plus is to the right) and Y down (plus is downwards), in millimetres, by the numbers beside "
        "the grid. No light to hand? Push a pin through the centre of the cross and read where it comes out on "
        "the other side.",
    },
    "cal_use_heading": {"pl": "3. Użyj odczytu", "cs": "3. Použijte odečtené hodnoty", "en": "3. Use the reading"},
    "cal_use_body": {
        "pl": "Podaj obie liczby przy budowaniu zestawu: <b>printkit build ZESTAW --back-offset X,Y</b>, na przykład "
        "<b>--back-offset 1.5,-0.5</b> (z kropką dziesiętną). Każdy tył przesunie się wtedy o X mm w prawo i Y "
        "mm w dół i wypadnie dokładnie za swoim przodem. Środek krzyżyka w punkcie X = 0, Y = 0 oznacza, że "
        "drukarka nie potrzebuje poprawki. Żeby nie podawać ich za każdym razem, zapisz je raz jako profil "
        "drukarki: <b>printkit printer add NAZWA --back-offset X,Y</b> (jeśli linijka 50 mm ma na wydruku 49,8 mm, "
        "dodaj <b>--scale-x 0.996</b>), a potem buduj z <b>--printer NAZWA</b>.",
        "cs": "Zadejte obě čísla při sestavení sady: <b>printkit build SADA --back-offset X,Y</b>, například "
        "<b>--back-offset 1.5,-0.5</b> (s desetinnou tečkou). Každý rub se pak posune o X mm doprava a Y mm "
        "dolů a vyjde přesně za svým lícem. Střed křížku v bodě X = 0, Y = 0 znamená, že tiskárna žádnou "
        "opravu nepotřebuje. Abyste je nemuseli zadávat pokaždé, uložte je jednou jako profil tiskárny: "
        "<b>printkit printer add NÁZEV --back-offset X,Y</b> (měří-li pravítko 50 mm na výtisku 49,8 mm, přidejte "
        "<b>--scale-x 0.996</b>), a pak sestavujte s <b>--printer NÁZEV</b>.",
        "en": "Give both numbers when you build a kit: <b>printkit build KIT --back-offset X,Y</b>, for example "
        "<b>--back-offset 1.5,-0.5</b> (with a decimal point). Every back then moves X mm to the right and Y "
        "mm down and lands exactly behind its front. A cross centred on X = 0, Y = 0 means the printer needs "
        "no correction. To give them only once, save them as a printer profile: <b>printkit printer add NAME "
        "--back-offset X,Y</b> (if the 50 mm ruler measures 49.8 mm on paper, add <b>--scale-x 0.996</b>), then "
        "build with <b>--printer NAME</b>.",
    },
    "cal_cross": {"pl": "środek krzyżyka", "cs": "střed křížku", "en": "centre of the cross"},
    "cal_grid_title": {"pl": "Odwrót: siatka przesunięcia", "cs": "Rub: mřížka posunu", "en": "Back: offset grid"},
    "cal_grid_body": {
        "pl": "Pod światło odczytaj X i Y tam, gdzie prześwituje środek krzyżyka z przodu (w mm; plus to w prawo i w "
        "dół), i podaj je jako <b>--back-offset X,Y</b>. Jeśli ta strona stoi do góry nogami, gdy obracasz "
        "kartkę wzdłuż {edge}, drukarka obraca ją wzdłuż {other_edge}: wydrukuj arkusz ponownie z <b>--flip "
        "{other}</b> i buduj zestawy z tą samą opcją.",
        "cs": "Proti světlu odečtěte X a Y tam, kde prosvítá střed křížku z líce (v mm; plus je doprava a dolů), a "
        "zadejte je jako <b>--back-offset X,Y</b>. Pokud je tato strana vzhůru nohama, když list otáčíte podle "
        "{edge}, tiskárna ho otáčí podle {other_edge}: vytiskněte list znovu s <b>--flip {other}</b> a "
        "sestavujte sady se stejnou volbou.",
        "en": "Against the light, read X and Y where the centre of the front's cross shows through (in mm; plus is "
        "right and down) and give them as <b>--back-offset X,Y</b>. If this side is upside down when you turn "
        "the sheet over its {edge}, your printer turns it over its {other_edge}: print the sheet again with "
        "<b>--flip {other}</b> and build kits with the same option.",
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


_GAME_WORDS = {
    "pl": ("partia", "partie", "partii"),
    "cs": ("hra", "hry", "her"),
    "en": ("game", "games", "games"),
}


def games_word(lang: str, count: int) -> str:
    return plural(lang, count, _GAME_WORDS[lang])


def pages_word(lang: str, count: int) -> str:
    return plural(lang, count, _PAGE_WORDS[lang])


def page_span(lang: str, first: int, last: int, naming: bool = False) -> str:
    """'stronę 2' / 'strany 3–4' / 'pages 3–4': the object of "print ...", the form instructions use;
    with ``naming``, the form that names the pages on its own, as in "(strona 2)"."""
    single, several = (_PAGE_WORDS[lang][0], _PAGE_WORDS[lang][1]) if naming else _PAGE_ACCUSATIVE[lang]
    if first == last:
        return f"{single} {first}"
    return f"{several} {first}–{last}"


def page_spans(lang: str, spans: list[tuple[int, int]]) -> str:
    """'stronę 3' / 'strony 3, 5–6': the object of "print ..." for one span of pages or several,
    adjoining spans joined ('3–5', never '3, 4–5': plateau folded, a review)."""
    joined: list[tuple[int, int]] = []
    for first, last in sorted(set(spans)):
        if joined and first <= joined[-1][1] + 1:
            joined[-1] = (joined[-1][0], max(joined[-1][1], last))
        else:
            joined.append((first, last))
    if len(joined) == 1:
        return page_span(lang, *joined[0])
    numbers = ", ".join(str(first) if first == last else f"{first}–{last}" for first, last in joined)
    return f"{_PAGE_ACCUSATIVE[lang][1]} {numbers}"


def message(lang: str, key: str, **values: object) -> str:
    template = CATALOG[key][lang]
    return template.format(**values)
