"""The words only the track kind prints, in every language printkit speaks: its layout says them
with ``ctx.tr.own(MESSAGES[key], ...)``; tests/test_messages_of_kinds.py holds them to the rules of
the shared words (words/messages.py)."""

MESSAGES = {
    "track_instruction": {
        "pl": "Nie wycinaj. Pola mają {space} mm; skalę sprawdzisz linijką pod torem.",
        "cs": "Nevystřihujte. Pole mají {space} mm; měřítko ověříte pravítkem pod drahou.",
        "en": "Do not cut. The spaces are {space} mm; check the scale with the ruler under the track.",
    },
}
