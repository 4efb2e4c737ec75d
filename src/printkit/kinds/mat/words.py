"""The words only the mat kind prints, in every language printkit speaks: its layout says them
with ``ctx.tr.own(MESSAGES[key], ...)``; tests/test_messages_of_kinds.py holds them to the rules of
the shared words (words/messages.py)."""

MESSAGES = {
    "mat_instruction": {
        "pl": "Nie wycinaj. Karty kładźcie tylko na miejscach oznaczonych waszą liczbą graczy lub mniejszą.",
        "cs": "Nevystřihujte. Karty pokládejte jen na místa označená vaším počtem hráčů nebo menším.",
        "en": "Do not cut. Lay cards only on the places marked with your number of players or fewer.",
    },
}
