"""The words only the hexboard kind prints, in every language printkit speaks: its layout says them
with ``ctx.tr.own(MESSAGES[key], ...)``; tests/test_messages_of_kinds.py holds them to the rules of
the shared words (words/messages.py)."""

MESSAGES = {
    "hexboard_instruction": {
        "pl": "Nie wycinaj. Heksy mają {size} mm między bokami; skalę sprawdzisz linijką pod planszą.",
        "cs": "Nevystřihujte. Hexy mají {size} mm mezi stranami; měřítko ověříte pravítkem pod plánem.",
        "en": "Do not cut. The hexes are {size} mm across the flats; check the scale with the ruler under the board.",
    },
    "hex_sheet_instruction": {
        "pl": "Wytnij wzdłuż szarego zygzaka; {joins} (jasne heksy to paski do klejenia). Heksy: {size} mm.",
        "cs": "Vystřihněte podél šedé klikaté čáry; {joins} (světlé hexy jsou proužky na lepení). Hexy: {size} mm.",
        "en": "Cut along the grey zigzag; {joins} (the pale hexes are glue strips). Hexes: {size} mm.",
    },
}
