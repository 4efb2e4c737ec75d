"""The words only the box kind prints, in every language printkit speaks: its layout says them
with ``ctx.tr.own(MESSAGES[key], ...)``; tests/test_messages_of_kinds.py holds them to the rules of
the shared words (words/messages.py)."""

MESSAGES = {
    "traybox_title": {
        "pl": "Pudełko z wieczkiem: {label}",
        "cs": "Krabice s víkem: {label}",
        "en": "Lid-and-tray box: {label}",
    },
    "traybox_instruction": {
        "pl": "Wytnij obie siatki wzdłuż obrysu, zegnij ścianki wzdłuż przerywanych linii, wklej zakładki od środka.",
        "cs": "Vystřihněte obě sítě podél obrysu, ohněte stěny podél přerušovaných čar, chlopně vlepte zevnitř.",
        "en": "Cut both nets along their outlines, fold the walls along the dashed lines, glue the tabs inside.",
    },
}
