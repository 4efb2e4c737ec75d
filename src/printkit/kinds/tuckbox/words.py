"""The words only the tuckbox kind prints, in every language printkit speaks: its layout says them
with ``ctx.tr.own(MESSAGES[key], ...)``; tests/test_messages_of_kinds.py holds them to the rules of
the shared words (words/messages.py)."""

MESSAGES = {
    "tuckbox_title": {"pl": "Pudełko: {label}", "cs": "Krabička: {label}", "en": "Tuck box: {label}"},
    "tuckbox_instruction": {
        "pl": "Wydrukuj 1\u00a0kopię na kartonie 160–250\u00a0g/m² w\u00a0skali 100\u00a0%; "
        "wytnij wzdłuż ciągłej linii, zagnij przerywane, sklej zakładką „klej”.",
        "cs": "Vytiskněte 1\u00a0kopii na karton 160–250\u00a0g/m² v\u00a0měřítku 100\u00a0%; "
        "vystřihněte podél plné čáry, ohněte přerušované, slepte chlopní „lepit“.",
        "en": "Print 1 copy on 160–250 g/m² card at 100 % scale; cut along the solid line, fold the dashed ones, "
        "glue the tab marked “glue”.",
    },
    "tuckbox_steps": {"pl": "Jak złożyć pudełko", "cs": "Jak krabičku složit", "en": "Making the box"},
    "tuckbox_step_print": {
        "pl": "Wydrukuj tę stronę w\u00a0skali 100\u00a0% na kartonie 160–250\u00a0g/m², jedną kopię na każde pudełko.",
        "cs": "Vytiskněte tuto stranu v\u00a0měřítku 100\u00a0% na "
        "karton 160–250\u00a0g/m², jednu kopii na každou krabičku.",
        "en": "Print this page at 100 % scale on 160–250 g/m² card, one copy for each box.",
    },
    "tuckbox_step_cut": {
        "pl": "Wytnij wzdłuż ciągłej linii; kolor wychodzi {bleed}\u00a0mm poza nią, "
        "więc lekko chybione cięcie nie zostawi białej krawędzi.",
        "cs": "Vystřihněte podél plné čáry; barva přesahuje {bleed}\u00a0mm "
        "za ni, takže mírně nepřesný střih nenechá bílý okraj.",
        "en": "Cut along the solid line; the colour runs {bleed} mm "
        "past it, so a cut a little off leaves no white edge.",
    },
    "tuckbox_step_score": {
        "pl": "Zbiguj każdą przerywaną linię przy linijce pustym długopisem, potem zegnij ją nadrukiem na zewnątrz.",
        "cs": "Každou přerušovanou čáru vyrýhujte podle pravítka prázdnou propiskou, pak ji ohněte potiskem ven.",
        "en": "Score each dashed line along a ruler with an empty ballpoint pen, then fold it, printed side out.",
    },
    "tuckbox_step_glue": {
        "pl": "Posmaruj klejem białą zakładkę z\u00a0napisem „klej” "
        "i\u00a0przyklej ją od środka ścianki na drugim końcu.",
        "cs": "Natřete lepidlem bílou chlopeň s\u00a0nápisem „lepit“ "
        "a\u00a0přilepte ji zevnitř ke stěně na druhém konci.",
        "en": "Spread glue on the white tab marked “glue” and stick it inside the panel at the other end.",
    },
    "tuckbox_step_close": {
        "pl": "Gdy klej wyschnie, zegnij boczne klapki do środka i\u00a0zamknij wieczka, wsuwając ich języki.",
        "cs": "Až lepidlo zaschne, zahněte boční chlopně dovnitř a\u00a0zavřete víčka zasunutím jejich jazýčků.",
        "en": "When the glue is dry, fold the side flaps in and close the lids by tucking in their tongues.",
    },
    "box_cut": {"pl": "cięcie", "cs": "řez", "en": "cut"},
    "box_fold": {"pl": "zgięcie", "cs": "ohyb", "en": "fold"},
    "box_glue": {"pl": "klej", "cs": "lepit", "en": "glue"},
    "box_players": {"pl": "{players} graczy", "cs": "{players} hráči", "en": "{players} players"},
    "box_age": {"pl": "wiek {age}", "cs": "věk {age}", "en": "ages {age}"},
    "box_minutes": {"pl": "{minutes} min", "cs": "{minutes} min", "en": "{minutes} min"},
}
