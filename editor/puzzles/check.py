"""Checking a puzzle's reference solution: is it legal, optimal and unique?

The solution lists the moves that matter, from the first: one move, or the first moves of
a line (a builder's extra tile, the next turn's tile). Its value is that of the best line
beginning with those moves. It is *optimal* when no line does better, and *unique* when
every other optimal line begins with moves that leave the same position (the same tile
shapes on the same cells, every figure on the same feature, the same scores, goods and
supplies): a symmetric tile written turned another way, or a farmer on another segment of
the same field, is the same answer. For ``reach-points`` and ``block-completion`` optimal
means the objective is met, and unique that no other move meets it.

A puzzle whose board and hand hold more copies of a tile than its box (the board's tile
sets) cannot be set up with a real box: the report warns about it without failing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from editor.i18n import _, ngettext
from editor.model.position import Position
from editor.model.tilesets import Catalogue
from editor.rules.moves import IllegalMove, Move
from editor.rules.notation import format_move
from editor.rules.ruleset import Ruleset

from .objectives import Outcome
from .progress import Progress
from .puzzle import Puzzle, PuzzleError
from .scenario import bag, bag_sets
from .solver import Ranked, Solver


@dataclass(slots=True)
class CheckReport:
    """The verdict on a puzzle's reference solution; ``problems`` say why it fails."""

    puzzle: Puzzle
    ruleset: str
    objective: str
    problems: list[str] = field(default_factory=list)
    #: what does not fail the check but should be fixed (more copies than the box holds)
    warnings: list[str] = field(default_factory=list)
    legal: bool = False
    optimal: bool = False
    solution: list[Move] = field(default_factory=list)
    outcome: Outcome | None = None
    #: the best moves (every move tying for first)
    best: list[Ranked] = field(default_factory=list)
    #: other optimal moves leaving a different position
    ties: list[Ranked] = field(default_factory=list)
    #: optimal moves that are the solution written differently
    same: list[Ranked] = field(default_factory=list)
    considered: int = 0

    @property
    def unique(self) -> bool:
        """Optimal, and no other move ties it."""
        return self.optimal and not self.ties

    @property
    def ok(self) -> bool:
        """Legal, optimal and unique."""
        return self.legal and self.unique

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--format json``."""
        def entry(r: Ranked) -> dict[str, object]:
            return {"moves": [format_move(m) for m in r.moves],
                    "line": [format_move(m) for m in r.line], "outcome": r.outcome.to_json()}

        return {
            "title": self.puzzle.title, "ruleset": self.ruleset, "objective": self.objective,
            "ok": self.ok, "legal": self.legal, "optimal": self.optimal, "unique": self.unique,
            "solution": [format_move(m) for m in self.solution],
            "outcome": self.outcome.to_json() if self.outcome else None,
            "best": [entry(r) for r in self.best], "ties": [entry(r) for r in self.ties],
            "same": [entry(r) for r in self.same], "considered": self.considered,
            "problems": list(self.problems), "warnings": list(self.warnings),
        }


def check(position: Position, rules: Ruleset, catalogue: Catalogue,
          progress: Progress | None = None) -> CheckReport:
    """Check the position's puzzle (``PuzzleError`` when the board has no puzzle block;
    :class:`~.progress.Stopped` when ``progress`` is cancelled or out of time)."""
    if position.puzzle is None:
        raise PuzzleError(_("the board has no puzzle block"))
    puzzle = Puzzle.from_dict(position.puzzle)
    names = [p.name for p in position.board.players]
    report = CheckReport(puzzle, rules.name, puzzle.objective.describe(
        names, puzzle.to_move, position.board))
    try:
        solver = Solver.for_position(position, rules, catalogue, puzzle, progress)
    except PuzzleError as exc:
        report.problems.append(str(exc))
        return report
    report.warnings = box_warnings(position, rules, catalogue, puzzle)
    if not puzzle.solution:
        report.problems.append(_("the puzzle has no reference solution"))
    else:
        try:
            report.solution = solver.solution()
            report.outcome, _after = solver.evaluate(report.solution)
            report.legal = True
        except (PuzzleError, IllegalMove) as exc:
            report.problems.append(_("the solution is not legal: {error}").format(error=exc))
    ranking = solver.rank(max(1, len(report.solution)))
    report.considered = len(ranking)
    if not ranking:
        report.problems.append(_("{tile} fits nowhere on the board").format(
            tile=solver.hand[0].ref))
        return report
    top = ranking[0].outcome
    report.best = [r for r in ranking if r.outcome.key == top.key]
    if solver.goal.binary and not top.success:
        report.problems.append(_("no move meets the objective"))
    if report.outcome is None:
        return report
    if solver.goal.binary and not report.outcome.success:
        report.problems.append(_("the solution does not meet the objective ({outcome})").format(
            outcome=report.outcome.describe()))
    elif report.outcome.key != top.key:
        best = report.best[0]
        report.problems.append(_(
            "the solution is not optimal: it gives {outcome}, but {line} gives {best}").format(
                outcome=report.outcome.describe(),
                line=_(" then ").join(format_move(m) for m in best.moves), best=top.describe()))
    else:
        report.optimal = True
        mine = solver.position_key(report.solution)
        for r in report.best:
            (report.same if solver.position_key(r.moves) == mine else report.ties).append(r)
        if report.ties:
            listed = "; ".join(_(" then ").join(format_move(m) for m in r.moves)
                               for r in report.ties)
            report.problems.append(ngettext(
                "the solution is not unique: {n} other move tie: {moves}",
                "the solution is not unique: {n} other moves tie: {moves}",
                len(report.ties)).format(n=len(report.ties), moves=listed))
    return report


def box_warnings(position: Position, rules: Ruleset, catalogue: Catalogue,
                 puzzle: Puzzle) -> list[str]:
    """One line per tile the board and hand hold more often than the box."""
    try:
        hand = puzzle.hand_tiles(catalogue)
    except PuzzleError:
        hand = []
    sets = bag_sets(position, rules, catalogue)
    left = bag(position.board, sets, hand)
    box = ", ".join(s.id for s in sets)
    return [_("{tile}: the board and hand hold {n}, the box ({box}) has {count}; nobody can "
              "set this puzzle up with a real box").format(tile=tile.ref, n=tile.count + n,
                                                           box=box, count=tile.count)
            for tile, n in left.excess.items()]
