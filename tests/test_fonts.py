"""Text measuring: printkit's cached width is reportlab's stringWidth of what is drawn, to the last bit."""

from __future__ import annotations

import random

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from printkit import fonts


@pytest.mark.parametrize("bold", [False, True])
def test_a_measured_width_is_what_reportlab_measures(bold):
    fonts.register()
    rng = random.Random(8)
    texts = ["Żółta łódź", "Příliš žluťoučký kůň úpěl ďábelské ódy", "Karta nr 17 z 1000", "☺", ""]
    texts += ["".join(chr(rng.randint(32, 0x17F)) for _ in range(rng.randint(1, 40))) for _ in range(300)]
    for text in texts:
        drawn = text.replace("\xad", "")  # a soft hyphen takes no room: render.py draws nothing for it
        for size in (6.5, 9.0, 16.0, 24.25):
            assert fonts.width_pt(text, size, bold) == stringWidth(drawn, fonts.font_name(bold), size)
            assert (
                fonts.text_width(text, size, bold)
                == stringWidth(drawn, fonts.font_name(bold), size) * fonts.MM_PER_POINT
            )
