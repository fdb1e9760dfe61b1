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


def stranded(rules: Ruleset, board: Board, assigned: bool) -> list[Figure]:
    """Builders and pigs standing without the meeple they depend on."""
    return [f for f in board.figures
            if f.kind in SPECIAL and companion(rules, board, f, assigned) is None]
