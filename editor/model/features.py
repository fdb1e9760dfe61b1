"""Features read off the board: what a connected city, road, field or cloister holds."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from dataclasses import field

from .board import Board, Cell
from .players import Figure
from .ports import SIDE_DELTA, rotate_port, side_of
from .records import record
from .tiles import CITY, EDGE_KINDS, FIELD


@record(slots=True)
class FeatureInfo:
    """Everything a rule needs to know about one feature, computed on demand."""

    root: int
    kind: str
    nodes: list[int]
    tiles: set[Cell]
    complete: bool
    pennants: int
    goods: dict[str, int]
    figures: list[Figure]
    #: For a field: roots of the city features it touches.
    cities: set[int] = field(default_factory=set)

    @property
    def size(self) -> int:
        """Tiles in the feature; a tile holding two of its segments counts once."""
        return len(self.tiles)

    def owners(self, strengths: Mapping[str, int]) -> dict[int, int]:
        """Strength per player, counting figure kinds by ``strengths`` (0 if absent)."""
        result: dict[int, int] = {}
        for fig in self.figures:
            s = strengths.get(fig.kind, 0)
            if s:
                result[fig.owner] = result.get(fig.owner, 0) + s
        return result

    def majority(self, strengths: Mapping[str, int]) -> list[int]:
        """Players with the most strength (all tied players); empty when nobody has any."""
        owners = self.owners(strengths)
        if not owners:
            return []
        best = max(owners.values())
        return sorted(p for p, s in owners.items() if s == best)


def figures_by_root(board: Board) -> dict[int, list[Figure]]:
    """Every figure under the root of its feature (for describing many features at once),
    in the order of :meth:`Board.figures_on`: the board keeps them by root."""
    return {root: board.figures_on(root) for root in board.figures_in}


def describe(board: Board, node: int,
             figures: Mapping[int, list[Figure]] | None = None) -> FeatureInfo:
    """The feature holding ``node``; ``figures`` from :func:`figures_by_root` saves looking
    figures up node by node when many features are described. Where a city or road is
    open is not part of it (see :func:`open_ports`)."""
    root = board.find(node)
    nodes = board.ring_from(root)
    tiles = set(map(board.node_cell.__getitem__, nodes))
    pennants = 0
    goods: dict[str, int] = {}
    for seg in map(board.segments.__getitem__, nodes):
        pennants += seg.pennants
        if seg.goods:
            for kind, k in seg.goods.items():
                goods[kind] = goods.get(kind, 0) + k
    kind = board.kinds[root]
    return FeatureInfo(
        root=root,
        kind=kind,
        nodes=nodes,
        tiles=tiles,
        complete=board.is_complete(root),
        pennants=pennants,
        goods=goods,
        figures=(list(figures.get(root, ())) if figures is not None else board.figures_on(root))
        if board.nfigs[root] else [],
        cities=city_roots_of_field(board, root) if kind == FIELD else set(),
    )


def measure(board: Board, node: int) -> tuple[int, int]:
    """Tiles and pennants of the feature holding ``node`` (as :func:`describe` counts them),
    read off the board's per-root aggregates instead of walking the feature."""
    root = board.find(node)
    return board.tiles_in(root), board.pennants_in(root)


def open_ports(board: Board, nodes: list[int]) -> list[tuple[Cell, int]]:
    """The board-oriented centre ports of ``nodes`` with no tile across them."""
    result = []
    for n in nodes:
        x, y = board.node_cell[n]
        placed = board.cells[(x, y)]
        for p in board.segment_of(n).ports:
            if p % 3:
                continue
            q = rotate_port(p, placed.rotation)
            dx, dy = SIDE_DELTA[side_of(q)]
            if (x + dx, y + dy) not in board.cells:
                result.append(((x, y), q))
    return result


def changed_since(board: Board, mark: int) -> set[int]:
    """Nodes of every feature whose final value the changes since ``mark`` (in the
    journal) may have changed: the segments of the tiles placed, the monasteries and
    gardens around them, the fields touching a city they completed, and the nodes of the
    figures placed or taken off. A feature none of these belong to is as it was, up to its
    root (a solver rescores only these, :meth:`Engine.final_parts
    <editor.rules.engine.Engine.final_parts>`)."""
    nodes: set[int] = set()
    cells, kinds, opens, find = board.cells, board.kinds, board.opens, board.find
    journal = board.journal
    for i in range(mark, len(journal)):
        entry = journal[i]
        op = entry[0]
        if op == "figure+" or op == "figure-":
            nodes.add(entry[2].node)
        elif op == "place":
            x, y = entry[1]
            placed = cells[(x, y)]
            nodes.update(placed.nodes())
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    other = cells.get((x + dx, y + dy))
                    if other is not None and other.orientation.tile.cloisters:
                        first = other.first_node
                        nodes.update(first + c for c in other.orientation.tile.cloisters)
            for n in placed.nodes():
                root = find(n)
                if kinds[root] == CITY and not opens[root]:
                    nodes.update(fields_beside(board, root))
    return nodes


def fields_beside(board: Board, city_root: int) -> Iterator[int]:
    """Nodes of the field segments beside the city ``city_root`` (on its tiles, linked to
    its segments): the fields whose farms its completion or opening changes."""
    cells, node_cell, node_segment = board.cells, board.node_cell, board.node_segment
    for m in board.ring_from(city_root):
        other = cells[node_cell[m]]
        first = other.first_node
        yield from (first + f for f in other.orientation.tile.field_links[node_segment[m]])


def city_roots_of_field(board: Board, field_root: int) -> set[int]:
    """Roots of the cities a field touches (via its segments' ``cities``)."""
    find, cells, node_cell, node_segment = board.find, board.cells, board.node_cell, \
        board.node_segment
    result = set()
    for n in board.ring_from(field_root):
        placed = cells[node_cell[n]]
        first = placed.first_node
        for i in placed.orientation.tile.city_links[node_segment[n]]:
            result.add(find(first + i))
    return result


def field_reach(board: Board, roots: Collection[int], completed: bool = False
                ) -> dict[int, tuple[int, set[int]]]:
    """For each field root in ``roots``: its tiles (what :func:`describe` counts as its
    size) and the roots of the cities it touches (:func:`city_roots_of_field`); with
    ``completed``, only those of the completed cities (what farms pay for: a city root's
    open ports, read once per field and city, instead of a completion check per city
    that finds its root again; a segment a tile's ``cities`` names that is no city, which
    the linter reports, is checked as :meth:`Board.is_complete` checks it).

    Nothing walks the field: its tiles and the city nodes its segments touch are the
    board's per-root aggregates (:meth:`Board.tiles_in`, :meth:`Board.cities_beside`),
    kept by every union, so only the roots of those city nodes are looked up."""
    parent, opens, kinds, find = board.parent, board.opens, board.kinds, board.find
    found = {}
    for root in roots:
        here = find(root)
        cities: set[int] = set()
        for c in board.cities_beside(here):
            while parent[c] != c:
                c = parent[c]
            cities.add(c)
        found[root] = (board.tiles_in(here), {c for c in cities if not opens[c] and (
            kinds[c] in EDGE_KINDS or board.is_complete(c))} if completed else cities)
    return found
