"""The pipeline: load, validate, localise, lay out, render, write. One direction, one job a stage."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from printkit import kitfile, model, validate
from printkit.errors import KitError, PrintkitError, Problem
from printkit.layout import document as doc_layout
from printkit.layout.context import Context, Options, paper
from printkit.layout.primitives import Document
from printkit.locale import Localizer, choose_language


@dataclass
class LoadedKit:
    source: kitfile.KitSource
    kit: model.Kit
    warnings: list[Problem] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.source.name


def load(kit_ref: str | Path, strict: bool = False) -> LoadedKit:
    """Read and check a kit; any error finding stops here with every finding listed."""
    source = kitfile.load_kit_source(kitfile.find_kit(str(kit_ref)))
    kit = model.parse_kit(source)
    problems = validate.check_kit(source, kit)
    errors = [p for p in problems if p.severity == "error" or strict]
    if errors:
        raise KitError(problems)
    return LoadedKit(source, kit, problems)


def context(loaded: LoadedKit, lang: str | None, paper_name: str = "a4", options: Options | None = None, players: list[str] | None = None) -> Context:
    chosen = choose_language(loaded.kit, lang)
    return Context(paper=paper(paper_name), tr=Localizer(chosen), options=options or Options(), players=players)


def lay_out(loaded: LoadedKit, ctx: Context) -> Document:
    """The kit's pages, refused when they break the rulebook's page plan."""
    document = doc_layout.layout_kit(loaded.kit, ctx)
    problems = validate.check_layout(loaded.source, loaded.kit, document)
    if problems:
        raise KitError(problems)
    return document


def default_output(loaded: LoadedKit, lang: str, suffix: str = "") -> Path:
    base = loaded.name + suffix
    name = base if lang == loaded.kit.kit.default_lang else f"{base}-{lang}"
    return Path("output") / f"{name}.pdf"


def sheet_names(loaded: LoadedKit, ctx: Context, count: int, names: list[str]) -> list[str]:
    players = loaded.kit.kit.players
    if not players.min <= count <= players.max:
        raise PrintkitError(f"--players {count} is outside this game's range ({players.min}–{players.max})")
    if len(names) > count:
        raise PrintkitError(f"{len(names)} names given for {count} players; give at most {count}")
    return names + [ctx.tr.msg("player_n", n=i + 1) for i in range(len(names), count)]


def resolve_output(output: Path | None, fallback: Path) -> Path:
    if output is not None:
        return output
    fallback.parent.mkdir(parents=True, exist_ok=True)
    return fallback


def check_output(path: Path) -> None:
    from printkit.output import check_target

    check_target(path)


def write(document: Document, path: Path) -> int:
    from printkit.output import write_atomic
    from printkit.render import render

    write_atomic(path, render(document))
    return len(document.pages)


def sheets_document(loaded: LoadedKit, ctx: Context) -> Document:
    return doc_layout.layout_sheets(loaded.kit, ctx)
