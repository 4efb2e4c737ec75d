"""A designer's 120-card deck as a spreadsheet, written at test time (no binary files in git):
XLSX by openpyxl, ODS by odfpy, CSV in the encodings and delimiters spreadsheets save."""

from __future__ import annotations

import csv
import io
from pathlib import Path

HEADER = ["id", "count", "nazwa", "název", "opis_pl", "opis_cs", "koszt"]
ANIMALS = [("Żółw", "Želva"), ("Jeż", "Ježek"), ("Łoś", "Los"), ("Źrebię", "Hříbě"), ("Ćma", "Můra")]


def deck_rows(cards: int = 120) -> list[list[object]]:
    """The header and one row a card: Polish and Czech names and texts, a cost of 0 to 4."""
    rows: list[list[object]] = [list(HEADER)]
    for number in range(1, cards + 1):
        pl, cs = ANIMALS[number % len(ANIMALS)]
        rows.append(
            [
                f"karta_{number:03}",
                1,
                f"{pl} {number}",
                f"{cs} {number}",
                "Zażółć gęślą jaźń.",
                "Příliš žluťoučký kůň úpěl ďábelské ódy.",
                number % 5,
            ]
        )
    return rows


def with_pictures(rows: list[list[object]], column: str = "obrazek") -> list[list[object]]:
    """The rows with a column of picture file names: art/karta_001.jpg, every tenth a PNG."""
    named = [[*rows[0], column]]
    for number, row in enumerate(rows[1:], start=1):
        named.append([*row, f"art/{row[0]}.{'png' if number % 10 == 0 else 'jpg'}"])
    return named


def write_pictures(folder: Path, rows: list[list[object]], leave_out: set[int] = frozenset()) -> None:  # type: ignore[assignment]
    """A small picture for each row's file name (the last column) but the rows numbered in
    ``leave_out`` (as the spreadsheet numbers them: the first card is row 2), not made yet."""
    from PIL import Image, ImageDraw

    for number, row in enumerate(rows[1:], start=2):
        if number in leave_out:
            continue
        path = folder / str(row[-1])
        path.parent.mkdir(parents=True, exist_ok=True)
        image = Image.new("RGBA" if path.suffix == ".png" else "RGB", (120, 90), (40, 120, 200, 255))
        x, y = number % 60, 5 * (number // 60)  # a place of its own: each picture differs from the others
        ImageDraw.Draw(image).ellipse((x, y, x + 60, y + 60), fill=(255, 204, 0, 255))
        image.save(path)


def total_cost(rows: list[list[object]]) -> int:
    return sum(int(row[6]) for row in rows[1:])  # type: ignore[call-overload]


def write_xlsx(path: Path, rows: list[list[object]], sheet: str = "Karty") -> None:
    from openpyxl import Workbook

    book = Workbook()
    first = book.active
    first.title = "Notes"
    first.append(["This sheet is not the deck"])
    cards = book.create_sheet(sheet)
    for row in rows:
        cards.append(row)
    book.save(path)


def write_ods(path: Path, rows: list[list[object]], sheet: str = "Karty") -> None:
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    document = OpenDocumentSpreadsheet()
    table = Table(name=sheet)
    for row in rows:
        table_row = TableRow()
        for value in row:
            if isinstance(value, (int, float)):
                cell = TableCell(valuetype="float", value=value)
            else:
                cell = TableCell(valuetype="string")
            cell.addElement(P(text=str(value)))
            table_row.addElement(cell)
        table.addElement(table_row)
    document.spreadsheet.addElement(table)
    document.save(str(path))


def write_csv(path: Path, rows: list[list[object]], delimiter: str = ",", encoding: str = "utf-8") -> None:
    """``encoding`` as Python names it: 'utf-8-sig' writes the BOM Excel writes, 'utf-16' one too."""
    text = io.StringIO(newline="")
    csv.writer(text, delimiter=delimiter, lineterminator="\r\n").writerows(rows)
    path.write_bytes(text.getvalue().encode(encoding))


def deck_kit(table: str, sheet: str | None = None, extra: str = "", face_text_box: str = "[5, 22, 53, 50]") -> str:
    """A kit whose only deck reads its types from ``table`` in the kit's folder."""
    sheet_line = f"      sheet: {sheet}\n" if sheet else ""
    return f"""kit:
  title: {{pl: "Zwierzęta", cs: "Zvířata"}}
  players: {{min: 1, max: 4}}
  languages: [pl, cs]
  default_lang: pl
  author: "printkit tests"
components:
  - id: cards
    kind: cards
    title: {{pl: "Karty", cs: "Karty"}}
    width: 63mm
    height: 88mm
    table:
      file: {table}
{sheet_line}{extra}      columns:
        id: id
        count: count
        name: {{pl: nazwa, cs: název}}
        text: {{pl: opis_pl, cs: opis_cs}}
        values: {{cost: koszt}}
    face:
      - {{type: frame}}
      - {{type: name, box: [5, 6, 53, 12]}}
      - {{type: text, box: {face_text_box}}}
rules:
  - heading: {{pl: "Zasady", cs: "Pravidla"}}
    body: {{pl: "Talia ma {{cards.total}} kart.", cs: "Balíček má {{cards.total}} karet."}}
invariants:
  - {{id: deck, check: "cards.total == 120", rule: {{pl: "120 kart", cs: "120 karet"}}}}
  - {{id: cost, check: "sum(cards.*.cost) == 240", rule: {{pl: "koszt 240", cs: "cena 240"}}}}
"""


def yaml_twin(rows: list[list[object]]) -> str:
    """deck_kit with the rows written out as the deck's types, as a designer would without a table."""
    types = "\n".join(
        f'      - {{id: {r[0]}, count: {r[1]}, name: {{pl: "{r[2]}", cs: "{r[3]}"}}, '
        f'text: {{pl: "{r[4]}", cs: "{r[5]}"}}, values: {{cost: {r[6]}}}}}'
        for r in rows[1:]
    )
    kit = deck_kit("unused.csv")
    return kit[: kit.index("    table:")] + "    types:\n" + types + "\n" + kit[kit.index("    face:") :]
