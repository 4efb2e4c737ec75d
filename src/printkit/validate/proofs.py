"""The invariants: the rulebook's facts proved over the components' numbers (before layout) and over
the pages (after it), and the blame that names the line to fix when one does not hold.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from msgspec import Struct
from pydantic import BaseModel, ValidationError

from printkit.base.errors import Loc, PrintkitError
from printkit.base.records import replace
from printkit.facts import evaluation, invariants
from printkit.facts.provenance import ITEM_NAMES, Provenance, TraceOverBudget, item_loc
from printkit.kit.model import Kit
from printkit.kit.shared import Invariant
from printkit.layout.context import PAPERS, Paper
from printkit.layout.document import kit_numbers
from printkit.layout.primitives import Document
from printkit.validate.findings import Findings, page_roles


def check_page_invariants(kit: Kit, document: Document, found: Findings) -> None:
    """Invariants over the laid-out pages: those that name pages (pages, page.ID, lastpage.ID),
    and, on a paper other than A4, those that hold on A4 (where check_invariants proved them) but
    read a number this paper changes (a deck's per_page and pages when it declares no per_page)."""
    from printkit.layout.document import page_numbers

    on_a4, on_paper = kit_numbers(kit), kit_numbers(kit, document.paper)
    moved = {name for name, value in on_paper.items() if on_a4.get(name) != value}
    numbers = on_paper | page_numbers(list(document.pages))
    for index, rule in enumerate(kit.invariants):
        try:
            check = invariants.parse(rule.check)
        except invariants.InvariantError:
            continue  # reported with the kit's findings
        about_pages = is_about_pages(check)
        about_paper = (
            not about_pages
            and bool(moved.intersection(invariants.names_in(check)))
            and not evaluate(rule, check, on_a4)
        )
        if not (about_pages or about_paper):
            continue
        where = f"on {document.paper.name} " if about_paper else ""
        for failure in evaluate(rule, check, numbers):
            with_players = players_phrase(failure.players)
            gives = (
                failure.message
                if failure.unreadable
                else f"{rule_statement(rule)}, but {with_players}{where}the layout gives {failure.message}"
            )
            found.add(
                ("invariants", index, "check"), f"{rule.id}: {gives} ({page_roles(document.pages)})", group="invariants"
            )


PAGE_NAMES = ("pages", "page.", "lastpage.")


def check_invariants(kit: Kit, found: Findings) -> None:
    """Each invariant that needs no layout, for every player count when asked; every count covered."""
    rules = parse_invariants(kit, found)
    numbers = kit_numbers(kit)
    read: set[str] = set()
    failures: list[tuple[int, Failure]] = []
    for index, check in rules.items():
        if is_about_pages(check):
            read.update(invariants.names_in(check))
            continue
        failures.extend((index, failure) for failure in evaluate(kit.invariants[index], check, numbers, read))
    texts = compared_texts(list(rules.values()))
    vanished = {failure.unknown for _, failure in failures if failure.unknown}
    missing = tuple(dict.fromkeys(part for name in sorted(vanished) for part in name.split(".")[1:]))
    tracer = Provenance(
        found.source.data,
        KitNumbers(kit, numbers),
        numbers,
        texts,
        tuple(kit.kit.languages),
        missing,
        checks_started=found.started,
    )
    broken = [set(failure.read) for _, failure in failures if not failure.unreadable]
    named = {name for check in rules.values() if not is_about_pages(check) for name in invariants.names_in(check)}
    why = Blame(tracer, broken, ((read | named) & set(numbers)) | vanished)
    for index, failure in failures:
        try:
            report_failure(kit, rules, index, failure, why, found)
        except TraceOverBudget:  # too large a kit to try each value: the finding names the rule
            found.add(("invariants", index, "check"), failure_message(kit, index, failure), group="invariants")
    if not any(p.field.startswith("invariants") for p in found.problems):
        with contextlib.suppress(TraceOverBudget):  # what a count covers is then left unsaid
            check_counts_covered(tracer, read, found)  # with a rule unread, what it covers is unknown


def compared_texts(checks: list[invariants.Check]) -> tuple[str, ...]:
    """The texts blame tries a text value as: those the checks quote, then the parts of the names
    they read (``lighthouse`` of ``board.specials.lighthouse``: a special cell's icon changed to
    another icon is repaired by the icon the count is named after)."""
    quoted = [text for check in checks for text in invariants.texts_in(check)]
    parts = [
        part
        for check in checks
        for name in invariants.names_in(check)
        for part in name.split(".")[1:]
        if part.isidentifier()
    ]
    return tuple(dict.fromkeys(quoted + parts))


def parse_invariants(kit: Kit, found: Findings) -> dict[int, invariants.Check]:
    parsed: dict[int, invariants.Check] = {}
    seen: dict[str, int] = {}
    for index, rule in enumerate(kit.invariants):
        if rule.id in seen:
            first = found.source.line_of(("invariants", seen[rule.id], "id"))
            found.add(("invariants", index, "id"), f"duplicate invariant id '{rule.id}' (first used on line {first})")
        seen.setdefault(rule.id, index)
        try:
            parsed[index] = invariants.parse(rule.check)
        except invariants.InvariantError as exc:
            found.add(("invariants", index, "check"), f"{rule.id}: cannot read the check: {exc}")
    return parsed


def is_about_pages(check: invariants.Check) -> bool:
    return any(name == "pages" or name.startswith(PAGE_NAMES[1:]) for name in invariants.names_in(check))


class Failure(Struct, frozen=True):
    """An invariant that does not hold (or cannot be evaluated) for one player count."""

    players: int | None
    message: str
    read: tuple[str, ...] = ()
    unreadable: bool = False
    unknown: str | None = None  # the name the kit does not define, when that made it unreadable
    broke: tuple[str, ...] = ()  # the single values of a pattern or list that broke it, by name


def player_counts(rule: Invariant, numbers: dict[str, Any]) -> list[int | None]:
    if not rule.for_players:
        return [None]
    return list(range(int(numbers["players.min"]), int(numbers["players.max"]) + 1))


def evaluate(
    rule: Invariant, check: invariants.Check, numbers: dict[str, Any], read: set[str] | None = None
) -> list[Failure]:
    failures = []
    for players in player_counts(rule, numbers):
        values = numbers if players is None else {**numbers, "players": players}
        evaluator = evaluation.Evaluator(values)
        try:
            links = evaluator.links(check)
        except invariants.InvariantError as exc:
            failures.append(Failure(players, str(exc), unreadable=True, unknown=evaluator.unknown))
            continue
        if read is not None:
            read.update(evaluator.read)
        if not all(link.holds for link in links):
            message = evaluation.describe_failure(check, links)
            broke = tuple(evaluation.broken_items(links))
            failures.append(Failure(players, message, tuple(evaluator.read), broke=broke))
    return failures


def players_phrase(players: int | None) -> str:
    if players is None:
        return ""
    return f"with {players} player{'s' if players != 1 else ''} "


def rule_statement(rule: Invariant) -> str:
    """'the rules state 16 free cells = 8 + 8 tokens (board.free == tokens.total)'."""
    text = (
        rule.rule
        if isinstance(rule.rule, str) or rule.rule is None
        else rule.rule.get("en") or next(iter(rule.rule.values()), "")
    )
    return f"the rules state {text} ({rule.check})" if text else f"the rules state {rule.check}"


class Blame(Struct, frozen=True):
    """What a finding's line is found from: where the numbers come from, and what every broken
    rule read (a value that feeds them all is the one change that explains them all)."""

    tracer: Provenance
    broken: list[set[str]]
    needed: set[str]  # every name the rules read, those the kit lacks included


def report_failure(
    kit: Kit, rules: dict[int, invariants.Check], index: int, failure: Failure, why: Blame, found: Findings
) -> None:
    rule = kit.invariants[index]
    check_loc = ("invariants", index, "check")
    with_players = players_phrase(failure.players)
    if failure.unreadable:
        restorers = restoring_values(kit, rules, why) if why.tracer.missing else []
        where = restorers[0] if len({found.source.line_of(loc) for loc in restorers}) == 1 else check_loc
        found.add(where, f"{rule.id}: {with_players}{failure.message}", group="invariants")
        return
    message = failure_message(kit, index, failure)
    rows = broken_rows(failure, why.tracer, found) or stray_texts(failure, why.tracer, found)
    if rows:
        found.add(rows[0], message, group="invariants")
        return
    fixers, suspects = blame(kit, rules, set(failure.read), why.tracer, found)
    if len({place(found, loc) for loc in fixers}) == 1:
        found.add(fixers[0], message, group="invariants")
        return
    named = broken_values(failure, why.tracer)
    if named:
        found.add(named[0], message, group="invariants")
        return
    causes = common_causes(suspects, why)
    if len({place(found, loc) for loc in causes}) == 1:
        found.add(causes[0], message, group="invariants")
        return
    listed = [loc for loc in innermost(suspects) if why.tracer.values.get(loc) != "list"] + [
        loc for loc in suspects if scalar_list(why.tracer, loc)
    ]
    found.add(check_loc, message + numbers_from(found, listed))


def broken_values(failure: Failure, tracer: Provenance) -> list[Loc]:
    """Where the single values that broke a rule over several lie (``deck.*.cost <= 3`` broken by
    one type's cost), found from their names; [] unless each of them is found."""
    places = [item_loc(tracer.data, name, tracer.base.get(name)) for name in failure.broke]
    cells = [loc for loc in places if loc is not None]
    return cells if cells and len(cells) == len(places) else []


def broken_rows(failure: Failure, tracer: Provenance, found: Findings) -> list[Loc]:
    """broken_values when each of them is a table's cell: the row to fix, found at once, not by
    nudging each of a table's many cells (blame would run out of its budget)."""
    cells = broken_values(failure, tracer)
    return cells if from_table_rows(found, cells) == len(cells) else []


def stray_texts(failure: Failure, tracer: Provenance, found: Findings) -> list[Loc]:
    """The one table cell, among the texts of one field a broken rule read (each row's ``type``),
    that holds a text no rule names while the others do (``huntr`` where the rules count 'hunter',
    'grazer' and 'start'): a rule that counts texts is broken by a value that is none of them."""
    named = set(tracer.texts)
    fields: dict[str, list[str]] = {}
    for name in failure.read:
        if isinstance(tracer.base.get(name), str):
            fields.setdefault(name.rsplit(".", 1)[-1], []).append(name)
    cells = []
    for names in fields.values():
        stray = [name for name in dict.fromkeys(names) if tracer.base[name] not in named]
        if len(stray) == 1 and len(names) > 2:
            cells.append(item_loc(tracer.data, stray[0], tracer.base[stray[0]]))
    found_cells = [loc for loc in cells if loc is not None]
    if len(found_cells) == 1 and from_table_rows(found, found_cells) == 1:
        return found_cells
    return []


def failure_message(kit: Kit, index: int, failure: Failure) -> str:
    rule = kit.invariants[index]
    with_players = players_phrase(failure.players)
    return f"{rule.id}: {rule_statement(rule)}, but {with_players}the components give {failure.message}"


def place(found: Findings, loc: Loc) -> tuple[object, ...]:
    """Where a number is to fix: its line in the kit file, or its row of a table."""
    file, line, _ = found.source.where(loc)
    return (file, line) if file == found.source.display else (file, loc[:4])


def from_table_rows(found: Findings, suspects: list[Loc]) -> int:
    return sum(1 for loc in suspects if found.source.where(loc)[0] != found.source.display)


def numbers_from(found: Findings, suspects: list[Loc]) -> str:
    """' (its numbers come from lines 12, 14)', naming the tables rows of which feed them too."""
    places = [found.source.where(loc) for loc in suspects]
    lines = sorted({line for file, line, _ in places if line and file == found.source.display})
    tables = sorted({file for file, _, _ in places if file != found.source.display})
    sources = ([f"lines {', '.join(map(str, lines))}"] if lines else []) + [f"the rows of {t}" for t in tables]
    return f" (its numbers come from {' and '.join(sources)})" if sources else ""


def blame(
    kit: Kit, rules: dict[int, invariants.Check], read: set[str], tracer: Provenance, found: Findings
) -> tuple[list[Loc], list[Loc]]:
    """The whole numbers in the file a changed value at which would make every rule hold, and all the
    numbers the failed rule reads; a finding names the line of the first when they share one line.
    Numbers from more than MAX_TABLE_SUSPECTS rows of a table are not searched one by one (120 rows
    took 8 s): a deck's total fed by every row is fixed in any row, so the finding names the rule."""
    if "players" in read:
        read = read | {"players.min", "players.max"}
    suspects = tracer.sources(read, ("whole", "length", "list", "text"))
    if len(suspects) == 1 or from_table_rows(found, suspects) > MAX_TABLE_SUSPECTS:
        return suspects, suspects
    all_hold = _all_hold(kit, rules)
    return [loc for loc in suspects if tracer.repairs(loc, all_hold)], suspects


def restoring_values(kit: Kit, rules: dict[int, invariants.Check], why: Blame) -> list[Loc]:
    """The lists that one item more, named as a name the rules read but the kit lacks, and the
    texts that another name would make every rule hold: a rule that reads a vanished name blames
    the list the item left, or the owner, id or row name (a table's first cell) renamed."""
    tracer = why.tracer
    named = [
        loc
        for loc, kind in tracer.values.items()
        if kind == "list" or (kind in ("text", "whole") and (loc[-1] in ITEM_NAMES or table_cell(loc, kind)))
    ]

    def defines_them(numbers: dict[str, Any]) -> bool:
        return why.needed <= set(numbers)  # the vanished names back, and none other lost

    return innermost([loc for loc in named if tracer.repairs(loc, _all_hold(kit, rules))]) or innermost(
        [loc for loc in named if tracer.restores(loc, defines_them)]
    )


def table_cell(loc: Loc, kind: str) -> bool:
    """A text in a list (a table's cell): a row's first cell names the row's numbers (aid.hands.2)."""
    return kind == "text" and isinstance(loc[-1], int)


def _all_hold(kit: Kit, rules: dict[int, invariants.Check]) -> Callable[[dict[str, Any]], bool]:
    """Whether a trial kit's numbers keep every rule: a yes or no, asked hundreds of times by the
    blame's search, so the numbers are converted once per trial and no failure is put into words."""
    checked = [(kit.invariants[i], check) for i, check in rules.items() if not is_about_pages(check)]

    def all_hold(numbers: dict[str, Any]) -> bool:
        if numbers["players.min"] > numbers["players.max"]:
            return False  # no player count at all: every per-player rule would hold vacuously
        values = evaluation.scalars(numbers)
        return all(holds(rule, check, values) for rule, check in checked)

    return all_hold


def holds(rule: Invariant, check: invariants.Check, values: dict[str, evaluation.Scalar]) -> bool:
    """Whether the rule holds for every player count it is stated for; a rule that cannot be read
    does not."""
    for players in player_counts(rule, values):
        table = values if players is None else {**values, "players": Fraction(players)}
        try:
            if not all(link.holds for link in evaluation.Evaluator.over(table, explain=False).links(check)):
                return False
        except invariants.InvariantError:
            return False
    return True


def common_causes(suspects: list[Loc], why: Blame) -> list[Loc]:
    """The values, among a rule's suspects, that feed a name of every broken rule: when several
    rules broke and one value does, one change (a list shortened, a length changed) explains them
    all. Of several, those that feed the most of the broken rules' names, innermost first (a list
    gives way to an item of it that explains as much). A text is never one: renamed, a row's or an
    icon's name moves every number it could be renamed into, not what it explains."""
    if len(why.broken) < 2:
        return []  # one broken rule: every value it reads explains it equally
    causes = [
        loc
        for loc in suspects
        if not layout_list(why.tracer, loc)
        and why.tracer.values.get(loc) != "text"
        and all(why.tracer.fed(loc, both_ways=True) & read for read in why.broken)
    ]
    names = set().union(*why.broken)
    reach = {loc: len(why.tracer.fed(loc, both_ways=True) & names) for loc in causes}
    return innermost([loc for loc in causes if reach[loc] == max(reach.values())])


def scalar_list(tracer: Provenance, loc: Loc) -> bool:
    """A list of plain values (die faces, marked cells): a value of its own, listed among a rule's lines."""
    value = _value_at(tracer, loc)
    return isinstance(value, list) and all(not isinstance(item, (list, dict)) for item in value)


def layout_list(tracer: Provenance, loc: Loc) -> bool:
    """A list of lists (a sheet's bands, a band's columns, a table's rows): where things go, not
    a value a rulebook counts, so never the one change that explains several broken rules."""
    value = _value_at(tracer, loc)
    return isinstance(value, list) and any(isinstance(item, list) for item in value)


def _value_at(tracer: Provenance, loc: Loc) -> object:
    value = tracer.data
    for part in loc:
        value = value[part]  # type: ignore[index]
    return value


def innermost(locs: list[Loc]) -> list[Loc]:
    """The values of ``locs`` that hold none of the others (a list gives way to its items)."""
    return [loc for loc in locs if not any(other[: len(loc)] == loc and loc != other for other in locs)]


def proved(kit: Kit, paper: Paper, faces_only: bool = False) -> str:
    """What a clean validation proved: '9 invariants proved (3 for each of 2–4 players), on A4,
    in pl, cs, en' (every language laid out and checked; 'on A4 faces only' for the layout of
    ``--backs none``), so that 'ok' says what it covers."""
    rules = kit.invariants
    players = kit.kit.players
    counts = f"{players.min}" if players.min == players.max else f"{players.min}–{players.max}"
    per_player = sum(1 for rule in rules if rule.for_players)
    each = f" ({per_player} for each of {counts} players)" if per_player else ""
    what = f"{len(rules)} invariant{'s' if len(rules) != 1 else ''} proved{each}" if rules else "no invariants"
    sides = " faces only" if faces_only else ""
    return f"{what}, on {paper.name}{sides}, in {', '.join(kit.kit.languages)}"


MAX_TABLE_SUSPECTS = 24


def check_counts_covered(tracer: Provenance, read: set[str], found: Findings) -> None:
    """A `count:` no invariant reads is a number nothing proves against the rulebook. The counts of
    a table's rows are one finding for the table, at its first such row (not one for each of 120 rows)."""
    tables: dict[str, int] = {}  # a table's file -> the index of its finding
    for loc in tracer.leaves:
        if loc[-1] != "count" or read & surely_fed(tracer.data, loc):
            continue
        fed = tracer.fed(loc)
        if fed and not fed & read:
            table = found.source.where(loc)[0]
            if table != found.source.display:
                if table in tables:
                    more = found.problems[tables[table]]
                    found.problems[tables[table]] = replace(more, message=_one_more_row(more.message))
                    continue
                tables[table] = len(found.problems)
            example = sorted(fed)[0]
            number = evaluation.number(tracer.base[example])
            assert number is not None, "a count feeds numbers only"
            value = evaluation.show(number)
            found.add(
                loc,
                f"no invariant checks this count ({', '.join(sorted(fed))}), so nothing proves it agrees with the "
                f"rules; state the rulebook's number under 'invariants:', e.g. '{example} == {value}'",
                "warning",
            )


def surely_fed(data: object, loc: tuple[object, ...]) -> set[str]:
    """The numbers a deck type's count always moves, {deck}.total and {deck}.{type} with their
    aliases, found without tracing: a rule that reads one covers the count. Tracing a count
    validates its deck again, so for a table of 1,000 rows read as a whole (cards.total == 1000)
    this spares a million type validations."""
    if not (len(loc) == 5 and loc[0] == "components" and loc[2] == "types" and isinstance(data, dict)):
        return set()
    try:
        deck = data["components"][loc[1]]
        kind = deck["types"][loc[3]]
        deck_id, type_id = str(deck["id"]), str(kind["id"])
    except (KeyError, IndexError, TypeError):
        return set()
    return {f"{deck_id}.total", f"{deck_id}.count", f"{deck_id}.{type_id}", f"{deck_id}.{type_id}.count"}


def _one_more_row(message: str) -> str:
    """'...' -> '...; the same for 1 more row' -> '...; the same for 2 more rows'."""
    head, _, tail = message.partition("; the same for ")
    more = int(tail.split(" ", 1)[0]) + 1 if tail else 1
    return f"{head}; the same for {more} more row{'s' if more > 1 else ''}"


# What a nudged number may meet: the schema refusing it, or a kind's layout arithmetic (a deck's
# grid) refusing it. Anything else is a bug, and must not quietly change which line a finding names.
REFUSED = (ValidationError, PrintkitError)


class KitNumbers:
    """The derived numbers of plain kit data with one whole number changed (``Provenance``'s
    ``numbers_of``). A number inside a component can move only that component's numbers, so only
    that component is validated and counted again, not the whole kit: tracing the counts of a kit
    with many decks, boards and sheets no longer validates all of them for every count."""

    def __init__(self, kit: Kit, numbers: dict[str, Any]):
        self.kit = kit
        self.numbers = numbers
        self.own = [kit.kinds.component_numbers(component, PAPERS["a4"]) for component in kit.components]
        names = [name for part in self.own for name in part]
        self.separate = len(set(names)) == len(names) and not set(names) & set(numbers).difference(names)
        self.derived = {name for component in kit.components for name in kit.kinds.derived_numbers(component, numbers)}

    def __call__(self, data: object, loc: Loc) -> dict[str, Any] | None:
        if not (self.separate and len(loc) > 2 and loc[0] == "components" and isinstance(data, dict)):
            return _numbers_of(data, type(self.kit))
        index = loc[1]
        assert isinstance(index, int), "a component's place in components is its index"
        try:
            component = type(self.kit.components[index]).model_validate(data["components"][index])
            fresh = self.kit.kinds.component_numbers(component, PAPERS["a4"])
        except REFUSED:  # as in _numbers_of: a value the component refuses proves nothing
            return None
        if repeats_an_id(component) or any(
            other.id == component.id for n, other in enumerate(self.kit.components) if n != index
        ):
            return None  # as _numbers_of: a kit whose components repeat an id is no kit
        others = {
            name: value
            for name, value in self.numbers.items()
            if name not in self.own[index] and name not in self.derived
        }
        if set(fresh) & set(others):
            return _numbers_of(data, type(self.kit))  # a changed id now names another component's number
        merged = others | fresh
        components = [component if n == index else c for n, c in enumerate(self.kit.components)]
        for each in components:  # as kit_numbers does: a box's depth follows its deck's count
            merged.update(self.kit.kinds.derived_numbers(each, merged))
        return merged


def _numbers_of(data: object, model: type[Kit]) -> dict[str, Any] | None:
    """The derived numbers of plain kit data read with ``model`` (a ``kit_model``), or None when
    the data is not a valid kit."""
    try:
        kit = model.model_validate(data)
        parts = [kit, *kit.components]
        return None if any(repeats_an_id(part) for part in parts) else kit_numbers(kit)
    except REFUSED:  # a nudged number the schema or a kind's arithmetic refuses proves nothing
        return None


def repeats_an_id(model: BaseModel) -> bool:
    """Whether two items of one of the model's lists of parts (a deck's types, a kit's components)
    share an id: a kit check_ids refuses, so a nudge that makes one (a list with a copy of its last
    item) proves nothing, as a value the schema refuses proves nothing."""
    for name in type(model).model_fields:
        items = getattr(model, name)
        if isinstance(items, list):
            ids = [item.id for item in items if isinstance(getattr(item, "id", None), str)]
            if len(set(ids)) != len(ids):
                return True
    return False
