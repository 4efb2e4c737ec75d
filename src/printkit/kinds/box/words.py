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
    "traybox_step_glue": {
        "pl": "Posmaruj klejem białe zakładki z\u00a0napisem „klej” "
        "i\u00a0przyklej każdą od środka sąsiedniej ścianki.",
        "cs": "Natřete lepidlem bílé chlopně s\u00a0nápisem „lepit“ "
        "a\u00a0každou přilepte zevnitř k\u00a0sousední stěně.",
        "en": "Spread glue on the white tabs marked “glue” and stick each one inside the wall beside it.",
    },
    "traybox_step_close": {
        "pl": "Gdy klej wyschnie, włóż karty do tacki i\u00a0nasuń na nią wieczko.",
        "cs": "Až lepidlo zaschne, vložte karty do spodní části krabice a\u00a0nasuňte na ni víko.",
        "en": "When the glue is dry, put the cards in the tray and slide the lid over it.",
    },
}
