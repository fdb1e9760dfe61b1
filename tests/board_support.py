"""Board helpers shared by the editing-core and the Qt document tests."""

from __future__ import annotations

from editor.model.board import Board


def partition(board: Board) -> set[frozenset[tuple[tuple[int, int], str]]]:
    """Features as sets of (cell, segment id): independent of node numbers."""
    groups: dict[int, set] = {}
    for node in range(len(board.parent)):
        cell = board.node_cell[node]
        if cell in board.cells and board.cells[cell].first_node <= node:
            groups.setdefault(board.find(node), set()).add((cell, board.segment_of(node).id))
    return {frozenset(g) for g in groups.values()}
