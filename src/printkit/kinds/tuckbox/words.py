"""The words only the tuckbox kind prints, in every language printkit speaks: its layout says them
with ``ctx.tr.own(MESSAGES[key], ...)``; tests/test_messages_of_kinds.py holds them to the rules of
the shared words (words/messages.py)."""

MESSAGES = {
    "tuckbox_title": {"pl": "Pudełko: {label}", "cs": "Krabička: {label}", "en": "Tuck box: {label}"},
    "tuckbox_instruction": {
        "pl": "Wytnij wzdłuż linii obrysu, zegnij wzdłuż przerywanych linii, wklej zakładkę od środka tyłu.",
        "cs": "Vystřihněte podél obrysu, ohněte podél přerušovaných čar, chlopeň vlepte zevnitř zadní strany.",
        "en": "Cut along the outline, fold along the dashed lines, glue the tab inside the back.",
    },
    "box_players": {"pl": "{players} graczy", "cs": "{players} hráči", "en": "{players} players"},
    "box_age": {"pl": "wiek {age}", "cs": "věk {age}", "en": "ages {age}"},
    "box_minutes": {"pl": "{minutes} min", "cs": "{minutes} min", "en": "{minutes} min"},
}
