"""Building positions for rule tests: tiles by letter, figures by segment id."""

from __future__ import annotations

from collections.abc import Iterable

from editor.model import Board, Catalogue, Player
from editor.model.players import Figure
from editor.rules.engine import Engine
from editor.rules.moves import FigureAction, Move, MoveResult, Turn

NAMES = ("Red", "Blue", "Green", "Yellow")


def board(catalogue: Catalogue, set_id: str, tiles: Iterable[tuple[str, int, int, int]],
          figures: Iterable[tuple[int, int, int, str, str]] = (), players: int = 2,
          names: tuple[str, ...] = NAMES) -> Board:
    """A board with ``tiles`` as (letter, x, y, quarter turns) and ``figures`` as
    (owner, x, y, segment id, kind); every player starts with a full supply."""
    b = Board([Player(names[i], supply={"follower": 7, "abbot": 1, "builder": 1, "pig": 1})
               for i in range(players)])
    for letter, x, y, r in tiles:
        b.place(catalogue.tile(f"{set_id}/{letter}"), x, y, r)
    for owner, x, y, seg, kind in figures:
        b.add_figure(Figure(kind, owner, b.cells[(x, y)].node(seg)))
        b.add_supply(owner, kind, -1)
    b.commit()
    return b


def play(engine: Engine, b: Board, catalogue: Catalogue, ref: str, x: int, y: int, r: int,
         player: int = 0, figure: tuple[str, str] | None = None,
         turn: Turn | None = None) -> MoveResult:
    """Apply one move in play mode."""
    action = FigureAction(figure[0], figure[1]) if figure else None
    return engine.apply(b, Move(player, catalogue.tile(ref), x, y, r, action), turn or Turn(player))


def scores(b: Board) -> list[int]:
    """Every player's score."""
    return [p.score for p in b.players]


def final_scores(engine: Engine, b: Board) -> list[int]:
    """Scores after end-of-game scoring (the board is left as it was)."""
    mark = b.mark()
    engine.final_scoring(b)
    result = scores(b)
    b.undo_to(mark)
    return result


def snapshot(b: Board) -> tuple:
    """Everything observable about a board, for exact comparisons."""
    return (
        sorted((c, p.tile.ref, p.rotation, p.first_node) for c, p in b.cells.items()),
        list(b.figures),
        [(p.name, p.score, dict(p.goods), dict(p.supply)) for p in b.players],
        dict(b.frontier),
        {c: b.contacts_at(c) for c in sorted(beside(b))},
        list(b.parent),
        [(f.kind, list(f.members), f.open, f.nfig) for f in b.feature_of],
    )


def beside(b: Board) -> set[tuple[int, int]]:
    """The empty cells beside a tile."""
    return {(x + dx, y + dy) for x, y in b.cells for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))
            if (x + dx, y + dy) not in b.cells}
