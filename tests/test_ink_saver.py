"""`build --ink-saver` and `--ink-report`: less ink on every page, the same words and outlines, and
each page's coverage measured from a render of the PDF."""

from __future__ import annotations

import re

import pytest

from piece_pdf import page_shapes, page_text

KITS = ["kpn", "plateau", "targ", "latarnie", "ogrod"]


def coverage(out: str) -> list[int]:
    return [int(share) for share in re.findall(r"^page \d+: (\d+) % ink$", out, flags=re.MULTILINE)]


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    folder = tmp_path_factory.mktemp("ink")
    built: dict[tuple[str, bool], tuple] = {}

    def get(run, kit: str, saver: bool):
        if (kit, saver) not in built:
            pdf = folder / f"{kit}-{saver}.pdf"
            result = run("build", kit, "-o", str(pdf), "--ink-report", *(["--ink-saver"] if saver else []))
            assert result.code == 0, result.err
            built[kit, saver] = (pdf, result.out)
        return built[kit, saver]

    return get


@pytest.mark.parametrize("kit", KITS)
def test_the_ink_saver_spends_less_ink_on_every_page_and_keeps_every_word(run, reports, kit):
    plain_pdf, plain_out = reports(run, kit, False)
    saver_pdf, saver_out = reports(run, kit, True)
    plain, saver = coverage(plain_out), coverage(saver_out)
    assert len(plain) == len(saver) and plain, "one coverage line per page"
    assert all(s <= p for s, p in zip(saver, plain, strict=True)), (plain, saver)
    for number in range(1, len(plain) + 1):
        assert page_text(saver_pdf, number) == page_text(plain_pdf, number)  # letters and labels stay


def test_kpn_tile_pages_take_far_less_ink(run, reports):
    """Measured: the tile pages 16-20 % ink plain, 9-16 % with the ink saver."""
    plain = coverage(reports(run, "kpn", False)[1])
    saver = coverage(reports(run, "kpn", True)[1])
    tiles = range(5, 11)  # pages 5-10: tile faces and their backs
    assert all(saver[page - 1] <= 0.85 * plain[page - 1] for page in tiles), (plain, saver)
    assert sum(saver[page - 1] for page in tiles) <= 0.75 * sum(plain[page - 1] for page in tiles)


def test_no_solid_fill_is_left_and_no_light_line_vanishes(run, reports):
    pdf, _ = reports(run, "plateau", True)
    shapes = page_shapes(pdf, 5)  # the stones' faces: black and white stones
    fills = [s.fill for s in shapes["rects"] + shapes["curves"] if s.fill]
    assert fills and all(min(channel for channel in fill) >= 0.7 for fill in fills), "only light tints"
    strokes = [s.stroke for s in shapes["lines"] + shapes["curves"] if s.stroke]
    assert strokes and all(max(stroke) < 0.5 for stroke in strokes), "dark lines on the light tints"
