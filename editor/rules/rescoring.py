"""The score report and layout findings of a position being edited, kept up to date edit
by edit.

After an edit only the features it may have changed are scored again: the journal of the
board says what changed since the last report (the entries after the part both share),
:func:`touched` turns that into the features around the cells it touched, and each
edition's ``carcassonne_final_scoring`` is asked for those features' explained events
(``roots``, see its spec) and for the events that belong to no one feature. The other
features' events and lines are those of the last report. The report is the one
:func:`~editor.rules.score_report.score_report` computes from scratch, line for line (a
property test compares them after random edits under every ruleset); a ruleset with an
edition whose final scoring does not take ``roots`` is scored from scratch every time.
:class:`Layout` likewise checks again only the tiles on and beside the cells an edit
touched (:func:`~editor.rules.geometry.layout_findings`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from editor import i18n
from editor.model.board import Board, Cell
from editor.model.events import Event
from editor.model.features import fields_beside
from editor.model.findings import Finding
from editor.model.ports import SIDE_DELTA
from editor.model.tiles import CITY, FIELD

from .engine import Engine
from .geometry import tile_layout_findings
from .ruleset import Ruleset
from .score_report import Line, ScoreReport, lines_of, score_report

#: Above this share of the board's tiles touched, scoring from scratch is the cheaper way.
FULL_SHARE = 0.25


@dataclass(slots=True)
class Chunk:
    """The explained events of one feature under one edition, their lines, and where they
    come in the edition's events (fields after the other features, each in root order)."""

    events: list[Event]
    lines: list[Line]
    order: tuple[bool, int]


@dataclass(slots=True)
class Scored:
    """What the last report was computed from, and its parts to keep."""

    board: Board
    rules: Ruleset
    key: tuple[object, ...]
    journal: list[tuple[Any, ...]]
    #: per edition (in ruleset order): its features' chunks by root
    chunks: dict[str, dict[int, Chunk]] = field(default_factory=dict)


def shared_prefix(old: list[tuple[Any, ...]], new: list[tuple[Any, ...]]) -> int:
    """How many first journal entries the two journals share (the same entry objects: an
    entry written after an undo is a new one, so a shared entry is followed by shared ones
    up to the first that is not, and a binary search finds it)."""
    low, high = 0, min(len(old), len(new))
    while low < high:
        mid = (low + high) // 2
        if old[mid] is new[mid]:
            low = mid + 1
        else:
            high = mid
    return low


def dirty_cells(board: Board, old: list[tuple[Any, ...]], start: int, limit: int
                ) -> tuple[set[Cell], int] | None:
    """The cells tiles were put on or taken off, or figures stood on or were taken off, by
    the entries after ``start`` of the board's journal and of ``old`` (an earlier journal of
    the same board sharing its first ``start`` entries), and the number of nodes the board
    had at ``start`` (nodes from there on may be other segments now); None as soon as there
    are more than ``limit`` cells."""
    new = board.journal
    cells, node_cell = board.cells, board.node_cell
    dirty: set[Cell] = set()
    nodes = len(node_cell)
    for i in range(start, len(new)):
        entry = new[i]
        op = entry[0]
        if op == "place":
            dirty.add(entry[1])
            nodes = min(nodes, cells[entry[1]].first_node)
        elif op == "figure+" or op == "figure-":
            dirty.add(node_cell[entry[2].node])
        else:
            continue
        if len(dirty) > limit:
            return None
    for i in range(start, len(old)):
        entry = old[i]
        op = entry[0]
        if op == "place":
            dirty.add(entry[1])
        elif (op == "figure+" or op == "figure-") and entry[2].node < nodes:
            dirty.add(node_cell[entry[2].node])  # else on a tile placed since: told above
        else:
            continue
        if len(dirty) > limit:
            return None
    return dirty, nodes


def touched(board: Board, dirty: Iterable[Cell]) -> set[int]:
    """Roots of every feature whose final scoring a change on the ``dirty`` cells may have
    changed: the features of the tiles on them and around them (joined or split there,
    figures, monasteries and gardens counting their neighbours), and the fields touching
    those of them that are cities (a city completed or opened there)."""
    cells, find = board.cells, board.find
    around: set[Cell] = set()
    for x, y in dirty:
        around.update((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
    roots: set[int] = set()
    for cell in around:
        placed = cells.get(cell)
        if placed is not None:
            roots.update(map(find, placed.nodes()))
    kinds = board.kinds
    for root in [r for r in roots if kinds[r] == CITY]:
        roots.update(map(find, fields_beside(board, root)))
    return roots


class Rescorer:
    """Score reports of one board position as it is edited (:meth:`report`)."""

    def __init__(self) -> None:
        self._last: Scored | None = None

    def report(self, board: Board, rules: Ruleset) -> ScoreReport:
        """The score report of ``board`` under ``rules`` now: the same as
        :func:`~editor.rules.score_report.score_report`, computed from the last one."""
        calls = rules.implementations("carcassonne_final_scoring")
        if not calls or any("roots" not in c.argnames for c in calls):
            self._last = None
            return score_report(board, rules)
        key = (rules.revision, frozenset(rules.host.disabled), i18n.language())
        last, self._last = self._last, None
        roots: frozenset[int] | None = None
        if last is not None and last.board is board and last.rules is rules \
                and last.key == key:
            start = shared_prefix(last.journal, board.journal)
            changed = dirty_cells(board, last.journal, start,
                                  int(FULL_SHARE * len(board.cells)))
            if changed is not None:
                dirty, nodes = changed
                roots = frozenset(touched(board, dirty))
                parent = board.parent
                for chunks in last.chunks.values():
                    for r in [r for r in chunks if r >= nodes or r in roots
                              or parent[r] != r]:
                        del chunks[r]
        kept = last.chunks if roots is not None and last is not None else {}
        scored = Scored(board, rules, key, [], {})
        report = self._score(board, rules, roots, kept, scored)
        if report is None:  # an edition's events did not split as its spec says
            return score_report(board, rules)
        scored.journal = list(board.journal)
        self._last = scored
        return report

    def _score(self, board: Board, rules: Ruleset, roots: frozenset[int] | None,
               kept: dict[str, dict[int, Chunk]], scored: Scored) -> ScoreReport | None:
        """The report, scoring ``roots`` (every feature when None) and keeping the chunks
        ``kept``; the chunks go into ``scored``. None when an edition's events do not
        split by feature."""
        engine = Engine(rules)
        current = [p.score for p in board.players]
        lines: list[Line] = []
        mark = board.mark()
        try:
            asked = rules.hooks.final_scoring(board, True, roots)
            whole = rules.hooks.final_scoring(board, True, frozenset())
            for (edition, result), (again, rest) in zip(asked, whole, strict=True):
                name = edition.name
                if again is not edition or result[len(result) - len(rest):] != rest:
                    return None
                fresh = _by_root(result[:len(result) - len(rest)], roots)
                if fresh is None:
                    return None
                chunks = kept.get(name, {})
                engine.apply_events(board, [e for chunk in chunks.values() for e in chunk.events])
                kind = board.node_kind
                for root, events in fresh.items():
                    stamped = engine.apply_events(board, events, name)
                    chunks[root] = Chunk(stamped, lines_of(board, stamped),
                                         (kind(root) == FIELD, root))
                for chunk in sorted(chunks.values(), key=lambda c: c.order):
                    lines += chunk.lines
                lines += lines_of(board, engine.apply_events(board, rest, name))
                scored.chunks[name] = chunks
            goods = [dict(p.goods) for p in board.players]
        except ValueError:  # the editions answered the two questions differently
            return None
        finally:
            board.undo_to(mark)
        return ScoreReport(rules.name, [p.name for p in board.players], current, lines,
                           goods, engine.position_findings(board))


def _by_root(events: list[Event], roots: frozenset[int] | None
             ) -> dict[int, list[Event]] | None:
    """Events of features grouped by root, each group in a run of its own; None when one
    names no root, a root not asked for, or a root it left before."""
    found: dict[int, list[Event]] = {}
    previous: int | None = None
    for e in events:
        root = e.root
        if root is None or (roots is not None and root not in roots):
            return None
        if root != previous:
            if root in found:
                return None
            found[root] = []
            previous = root
        found[root].append(e)
    return found



class Layout:
    """The layout findings of one board position as it is edited (:meth:`findings`)."""

    def __init__(self) -> None:
        self._board: Board | None = None
        self._key = ("", 0)
        self._journal: list[tuple[Any, ...]] = []
        #: the findings of each tile that has any
        self._found: dict[Cell, list[Finding]] = {}

    def findings(self, board: Board) -> list[Finding]:
        """:func:`~editor.rules.geometry.layout_findings` of ``board`` now, from the last."""
        cells = board.cells
        key = (i18n.language(), len(cells) > 1)
        redo: set[Cell] | None = None
        if self._board is board and self._key == key:
            start = shared_prefix(self._journal, board.journal)
            changed = dirty_cells(board, self._journal, start, int(FULL_SHARE * len(cells)))
            if changed is not None:
                redo = {(x + dx, y + dy) for x, y in changed[0]
                        for dx, dy in ((0, 0), *SIDE_DELTA)}
        if redo is None:
            found: dict[Cell, list[Finding]] = {}
            earlier: set[Cell] = set()
            for cell, tile in cells.items():
                told = tile_layout_findings(board, cell, tile, earlier)
                if told:
                    found[cell] = told
                earlier.add(cell)
        else:  # tiles in the order they went down: their first nodes' order
            found = self._found
            for cell in redo:
                found.pop(cell, None)
                placed = cells.get(cell)
                if placed is None:
                    continue
                x, y = cell
                first = placed.first_node
                before = {n for dx, dy in SIDE_DELTA if (other := cells.get(
                    n := (x + dx, y + dy))) is not None and other.first_node < first}
                told = tile_layout_findings(board, cell, placed, before)
                if told:
                    found[cell] = told
        self._board, self._key, self._journal, self._found = (board, key, list(board.journal),
                                                              found)
        return [f for cell in sorted(found, key=lambda c: cells[c].first_node)
                for f in found[cell]]
