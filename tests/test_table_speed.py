"""A table deck's checks cost time in proportion to its rows (issue 26, item 14): a 10,000-row deck
spent minutes in two checks that compared every row with every other (the known placeholders
copied once a text, a type's looks found by list.index), against the README's 10 s."""

from __future__ import annotations

import gc
import time

import pytest

from deck_tables import deck_kit, deck_rows, total_cost, write_csv
from printkit import pipeline as build
from printkit.base.errors import KitError
from printkit.facts import provenance
from printkit.layout import document


def load_seconds(folder, monkeypatch, cards: int) -> float:
    """CPU seconds to load and check a kit whose deck reads ``cards`` rows of a CSV table."""
    kit = folder / f"n{cards}"
    (kit / "kits" / "zoo").mkdir(parents=True)
    rows = deck_rows(cards)
    write_csv(kit / "kits" / "zoo" / "cards.csv", rows, ",", "utf-8")
    text = deck_kit("cards.csv").replace("== 120", f"== {cards}").replace("== 240", f"== {total_cost(rows)}")
    (kit / "kits" / "zoo.yaml").write_text(text, encoding="utf-8")
    monkeypatch.chdir(kit)
    gc.collect()
    start = time.process_time()
    loaded = build.load("kits/zoo.yaml")
    seconds = time.process_time() - start
    assert len(loaded.kit.components[0].types) == cards
    return seconds


def fastest_load(folder, monkeypatch, cards: int, tries: int = 3) -> float:
    """The least of a few timings: a busy machine (CI runs the suite beside other work) only adds time."""
    return min(load_seconds(folder / f"try{n}", monkeypatch, cards) for n in range(tries))


def test_checking_a_table_deck_grows_with_its_rows_not_their_square(tmp_path, monkeypatch):
    load_seconds(tmp_path, monkeypatch, 50)  # the imports, once
    small = fastest_load(tmp_path, monkeypatch, 1_000)
    large = fastest_load(tmp_path, monkeypatch, 5_000)
    # five times the rows: about five times the time; comparing every row with every other took 12 times
    assert large < 7.5 * small, (small, large)


def test_a_build_counts_the_kit_numbers_once_a_paper(tmp_path, monkeypatch):
    """Validation, layout and the page checks ask for the kit's numbers seven times a build; a
    deck's rows are listed once a paper, and each caller gets a copy of its own."""
    counted: list[str] = []
    count = document.counted_numbers
    monkeypatch.setattr(document, "counted_numbers", lambda kit, paper: counted.append(paper.name) or count(kit, paper))
    load_seconds(tmp_path, monkeypatch, 200)
    loaded = build.load("kits/zoo.yaml")  # a new kit: its numbers counted anew
    assert counted == ["A4", "A4"]
    mine = document.kit_numbers(loaded.kit)
    mine["cards.total"] = -1
    assert document.kit_numbers(loaded.kit)["cards.total"] == 200
    assert counted == ["A4", "A4"]


def test_a_refused_deck_is_laid_out_once_and_blamed_within_the_checks_budget(tmp_path, monkeypatch):
    """A 10,000-row deck refused for a broken rule spent 11.5 s of CPU: the blame's 6 s on top of
    the checks before it, then a layout of each language for more findings. The checks and the
    blame now share 6 s, and a refused kit's other languages are laid out only while its first
    took under REFUSED_LAYOUT_SECONDS."""
    laid_out: list[str] = []
    layout_kit = document.layout_kit
    monkeypatch.setattr(document, "layout_kit", lambda kit, ctx: laid_out.append(ctx.lang) or layout_kit(kit, ctx))
    budgets: list[tuple[float | None, float]] = []  # (when the checks began, the trace's deadline)
    tracer_init = provenance.Provenance.__init__

    def kept(self, *args, checks_started=None, **kwargs):
        tracer_init(self, *args, checks_started=checks_started, **kwargs)
        budgets.append((checks_started, self.deadline))

    monkeypatch.setattr(provenance.Provenance, "__init__", kept)
    kit = tmp_path / "kits"
    (kit / "zoo").mkdir(parents=True)
    write_csv(kit / "zoo" / "cards.csv", deck_rows(30), ",", "utf-8")
    (kit / "zoo.yaml").write_text(deck_kit("cards.csv").replace("== 120", "== 7"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(build, "REFUSED_LAYOUT_SECONDS", 0.0)  # as when the first language took long
    with pytest.raises(KitError, match="cards.total == 7"):
        build.load("kits/zoo.yaml")
    assert laid_out == ["pl"]
    [(started, deadline)] = budgets
    assert started is not None and deadline == started + provenance.MAX_TRACE_SECONDS
