"""Who a builder or a pig depends on: its owner's meeple on the same feature (C1–C3) or
the meeple it was assigned to, on the same segment (C3.1) (docs/rules.md#traders-builders.stays)."""

from __future__ import annotations

from editor.api import BUILDER, PIG, Board, Figure, Ruleset

SPECIAL = (BUILDER, PIG)


def is_meeple(rules: Ruleset, kind: str) -> bool:
    """Whether a figure kind counts as a meeple (it has strength in majorities).

    Any such figure qualifies, not only the normal follower (S002 footnote)."""
    return rules.strengths().get(kind, 0) > 0


def has_meeple(rules: Ruleset, board: Board, root: int, player: int) -> bool:
    """Whether ``player`` has a meeple on the feature with this root."""
    strengths = rules.strengths()
    return any(f.owner == player and strengths.get(f.kind, 0) > 0
               for f in board.figures_on(root))


def companion(rules: Ruleset, board: Board, figure: Figure, assigned: bool) -> Figure | None:
    """The owner's meeple that keeps ``figure`` on the board: on the same node when the
    figure is assigned to it (C3.1), anywhere on the feature otherwise (the first such in
    ``board.figures``)."""
    strengths, owner, node = rules.strengths(), figure.owner, figure.node
    if assigned:
        for f in board.figures:
            if f.node == node and f.owner == owner and strengths.get(f.kind, 0) > 0:
                return f
        return None
    find = board.find
    root = find(node)
    for f in board.figures:
        if f.owner == owner and strengths.get(f.kind, 0) > 0 and find(f.node) == root:
            return f
    return None


class Companions:
    """What one edition remembers between calls, so that random play, asking every move,
    seldom walks every figure: the builders and pigs among the figures last seen, and the
    meeple that last kept each builder or pig. Every answer holds for the board asked
    about: the figures are compared with those last seen, a meeple is checked again."""

    __slots__ = ("_kept", "_last")

    def __init__(self) -> None:
        self._last: tuple[tuple[Figure, ...], tuple[Figure, ...]] = ((), ())
        self._kept: dict[Figure, Figure] = {}

    def special(self, board: Board) -> tuple[Figure, ...]:
        """The builders and pigs on ``board``, in the order of ``board.figures``."""
        figures = tuple(board.figures)
        last = self._last
        if figures != last[0]:
            last = self._last = (figures, tuple([f for f in figures if f.kind in SPECIAL]))
        return last[1]

    def kept(self, rules: Ruleset, board: Board, figure: Figure, assigned: bool) -> bool:
        """Whether ``figure`` has a :func:`companion`: the meeple that kept an equal figure
        last time if it still qualifies (on the board, a meeple, on the same feature; the
        same node and owner hold by equality), else the first in ``board.figures``."""
        seen = self._kept
        meeple = seen.get(figure)
        if (meeple is not None and rules.strengths().get(meeple.kind, 0) > 0
                and meeple in board.figures
                and (assigned or board.find(meeple.node) == board.find(figure.node))):
            return True
        meeple = companion(rules, board, figure, assigned)
        if meeple is None:
            seen.pop(figure, None)
            return False
        seen[figure] = meeple
        return True


def stranded(rules: Ruleset, board: Board, assigned: bool, memo: Companions) -> list[Figure]:
    """Builders and pigs standing without the meeple they depend on."""
    return [f for f in memo.special(board) if not memo.kept(rules, board, f, assigned)]
