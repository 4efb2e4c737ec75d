"""The words only the board kind prints, in every language printkit speaks: its layout says them
with ``ctx.tr.own(MESSAGES[key], ...)``; tests/test_messages_of_kinds.py holds them to the rules of
the shared words (words/messages.py)."""

MESSAGES = {
    "board_sheet_instruction": {
        "pl": "Wytnij wzdłuż szarego obrysu; {joins}. Pola mają {cell} mm.",
        "cs": "Vystřihněte podél šedého obrysu; {joins}. Pole mají {cell} mm.",
        "en": "Cut along the grey outline; {joins}. The cells are {cell} mm.",
    },
}
