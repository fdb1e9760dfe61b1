"""The board: placed tiles, the feature graph over their segments, figures and players.

Segments of placed tiles are *nodes* (consecutive integers per tile). Nodes joined across
seams form *features* through a union-find without path compression, so that every change
can be undone exactly. What the board knows of a node or a feature is kept in lists of
plain values indexed by node (a feature's members as a ring of next-member links), not in
an object per segment: the garbage collector's work does not grow with the board.
Per root, the board also keeps what final scoring asks of a feature without walking its
ring or finding the root of every figure: its figures (:attr:`Board.figures_in`, moved
over by the union itself when the absorbed root holds any), and :meth:`Board.tiles_in`,
:meth:`Board.pennants_in`, :meth:`Board.cities_beside`, for which a union only logs the
root it absorbs: they are added up from that log when first asked for, each union read as
it was made (a node's root then follows only the links of earlier unions: without path
compression a link never moves).
Every mutation appends to a journal; :meth:`Board.undo_to` rolls the journal back to a
mark. A solver applies and undoes thousands of moves without a copy.
"""

from __future__ import annotations

import random
from array import array
from bisect import bisect_left
from collections.abc import Collection, Iterator, Sequence
from typing import Any, overload

from .players import Figure, Player
from .ports import SIDE_DELTA, SIDE_PORTS
from .tiles import (
    CLOISTER_KINDS,
    CODES,
    EDGE_KINDS,
    PATTERNS,
    RAW_CODES,
    Orientation,
    Segment,
    Tile,
    intern_code,
)

Cell = tuple[int, int]
#: Required kind per side (N, E, S, W) of an empty cell; "" where no tile constrains it.
Signature = tuple[str, str, str, str]

NEIGHBOURS8: tuple[Cell, ...] = (
    (-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1),
)


#: Whether each port of a side, in :data:`SIDE_PORTS` order, is the side's centre port (the
#: same for every side).
_CENTRES = tuple(p % 3 == 0 for p in SIDE_PORTS[0])
assert SIDE_DELTA == ((0, -1), (1, 0), (0, 1), (-1, 0))  # as Board.place writes them
assert all(tuple(p % 3 == 0 for p in ports) == _CENTRES for ports in SIDE_PORTS)

#: Below this many figures on a board, a figure's index is found by a scan, not bisection.
_SCAN_BELOW = 64

#: Where the numbers of :attr:`Board.key` come from (fixed: runs repeat exactly).
_RANDOM = random.Random(0x5EED)


def figure_order(figure: Figure) -> tuple[int, int, str]:
    """Figures of a feature in the order of their node, owner and kind."""
    return figure.node, figure.owner, figure.kind


class Placed:
    """A tile on a cell: its orientation and the node of its first segment."""

    __slots__ = ("first_node", "orientation", "x", "y")

    def __init__(self, orientation: Orientation, x: int, y: int, first_node: int) -> None:
        self.orientation = orientation
        self.x = x
        self.y = y
        self.first_node = first_node

    @property
    def tile(self) -> Tile:
        """The tile kind."""
        return self.orientation.tile

    @property
    def rotation(self) -> int:
        """Quarter turns clockwise."""
        return self.orientation.rotation

    def node(self, segment_id: str) -> int:
        """The node of a segment of this tile (``KeyError`` if the tile has none)."""
        return self.first_node + self.tile.segment_index[segment_id]

    def nodes(self) -> range:
        """The nodes of every segment, in segment order."""
        return range(self.first_node, self.first_node + len(self.tile.segments))


class Feature:
    """A read-only view of the union-find bookkeeping of one node, which for a root is its
    feature's: kind, members, open centre ports, figures."""

    __slots__ = ("_board", "_node")

    def __init__(self, board: Board, node: int) -> None:
        self._board = board
        self._node = node

    @property
    def kind(self) -> str:
        """The kind of the node's segment."""
        return self._board.kinds[self._node]

    @property
    def members(self) -> list[int]:
        """The nodes of the feature, from this node round its ring."""
        return self._board.ring_from(self._node)

    @property
    def open(self) -> int:
        """Centre ports of the feature (counted at its root) no tile meets yet."""
        return self._board.opens[self._node]

    @property
    def nfig(self) -> int:
        """Figures on the feature (counted at its root)."""
        return self._board.nfigs[self._node]


class Features(Sequence[Feature]):
    """:class:`Feature` views by node (``board.feature_of[node]``)."""

    __slots__ = ("_board",)

    def __init__(self, board: Board) -> None:
        self._board = board

    def __len__(self) -> int:
        return len(self._board.parent)

    @overload
    def __getitem__(self, index: int) -> Feature: ...

    @overload
    def __getitem__(self, index: slice) -> list[Feature]: ...

    def __getitem__(self, index: int | slice) -> Feature | list[Feature]:
        count = len(self._board.parent)
        if isinstance(index, slice):
            return [Feature(self._board, i) for i in range(*index.indices(count))]
        if index < 0:
            index += count
        if not 0 <= index < count:
            raise IndexError("node out of range")
        return Feature(self._board, index)


#: Entries a memo below keeps before it starts again (tiles edited in the designer are new
#: objects: the memos must not keep every version alive).
_MEMO_LIMIT = 20_000
#: (a side's pattern, the facing pattern of the tile across: ``Orientation.side_patterns``
#: and ``facing_patterns``) → the seams joined across that side: (segment index, the
#: neighbour's segment index, whether at the side's centre port), one for consecutive
#: ports joining the same two segments (a city's three ports: the union after the first
#: would find them joined already). Patterns are few (a few hundred pairs in a game with
#: every tile of Traders & Builders), so it is kept whole.
_SEAMS: dict[tuple[int, int], tuple[tuple[int, int, bool], ...]] = {}


def _seams(key: tuple[int, int]) -> tuple[tuple[int, int, bool], ...]:
    """The segments that meet across a side, by :data:`_SEAMS`' key."""
    found = _SEAMS.get(key)
    if found is None:
        seams: list[tuple[int, int, bool]] = []
        for a, b, centre in zip(PATTERNS[key[0]], PATTERNS[key[1]], _CENTRES, strict=True):
            if a < 0 or b < 0:
                continue
            if seams and seams[-1][:2] == (a, b):
                centre = centre or seams.pop()[2]
            seams.append((a, b, centre))
        found = _SEAMS[key] = tuple(seams)
    return found


#: Per tile: its segments' kinds, open ends, ones, zeros and indices (what placing it
#: appends), and whether it holds a monastery or a garden.
_ROWS: dict[Tile, tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...],
                        tuple[int, ...], bool]] = {}


def _block(x: int, y: int) -> tuple[Cell, ...]:
    """The cell (x, y) and the eight around it, row by row from the north-west."""
    return ((x - 1, y - 1), (x, y - 1), (x + 1, y - 1), (x - 1, y), (x, y), (x + 1, y),
            (x - 1, y + 1), (x, y + 1), (x + 1, y + 1))


class Board:
    """A position: tiles, the feature graph, figures and players, with an undo journal."""

    def __init__(self, players: list[Player] | None = None) -> None:
        self.cells: dict[Cell, Placed] = {}
        self.players: list[Player] = players if players is not None else []
        self.figures: list[Figure] = []
        #: The figures on each node that holds any (``figures`` is the same, as a list).
        self.figures_at: dict[int, list[Figure]] = {}
        #: The figures on each feature that holds any, by root, in no particular order (a
        #: union moves the absorbed root's figures over; its undo parts them again).
        self.figures_in: dict[int, list[Figure]] = {}
        #: Per figure in ``figures`` (by identity): a number growing along the list, so
        #: that a figure's index is found by bisection instead of a scan of every figure.
        self._stamps: dict[int, float] = {}
        #: Each empty cell beside a tile → the kinds it requires per side, as a code of
        #: ``tiles.encode_sides`` (a tile's ``fits`` reads it).
        self.frontier: dict[Cell, int] = {}
        #: :meth:`contacts_at` of the empty cells asked about since their sides last
        #: changed (a cache: placing a tile and its undo drop the entries around it).
        self.contacts: dict[Cell, tuple[tuple[int, int], ...]] = {}
        #: The placed tiles holding a monastery or a garden, by cell.
        self.cloistered: dict[Cell, Placed] = {}
        # Per node: parent in the union-find, the kind of its segment, the next member of
        # its feature (a ring through every member), where it is and its segment; per root
        # (stale elsewhere): members, open centre ports and figures of the feature.
        self.parent: list[int] = []
        self.kinds: list[str] = []
        self.ring: list[int] = []
        self.node_cell: list[Cell] = []
        self.node_segment: list[int] = []
        self.segments: list[Segment] = []
        self.sizes: list[int] = []
        self.opens: list[int] = []
        self.nfigs: list[int] = []
        #: Each node's record as a view (for reading; the lists above are the data).
        self.feature_of = Features(self)
        self.journal: list[tuple[Any, ...]] = []
        #: A hash of the tiles and figures (each tile by cell and orientation, each figure by
        #: cell, segment, kind and owner), kept up to date by every change and its undo: the
        #: same position reached in another order has the same key (a solver's
        #: transposition table reads it).
        self.key = 0
        self._keys: dict[tuple[object, ...], int] = {}
        # Per root of a feature of two or more nodes (absent when 0 or empty; a lone node's
        # are read off its tile): how many more nodes than tiles it has, its pennants and
        # the city nodes its segments touch (a field's; one node per city root as the
        # unions found them), added up when first asked for
        # (:meth:`_catch_up`) from the unions made since, and taken off by their undo.
        self.repeats: dict[int, int] = {}
        self.pennant_sums: dict[int, int] = {}
        self.borders: dict[int, array[int]] = {}
        #: The roots absorbed by the unions not added up yet, in order.
        self._pending: list[int] = []
        #: For each root absorbed by a union still in the journal whose two features shared
        #: tiles: how many (what the union's undo takes off ``repeats``).
        self._shared: dict[int, int] = {}
        #: For each root absorbed by a union added up and still in the journal: how many
        #: city nodes it added to the borders of a root of more than one node (what the
        #: union's undo takes off them again, the last ones).
        self._added: dict[int, int] = {}

    # -- queries ---------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.cells)

    def __iter__(self) -> Iterator[Placed]:
        return iter(self.cells.values())

    def at(self, x: int, y: int) -> Placed | None:
        """The tile on a cell, if any."""
        return self.cells.get((x, y))

    def find(self, node: int) -> int:
        """The root node of the feature holding ``node``."""
        parent = self.parent
        while parent[node] != node:
            node = parent[node]
        return node

    def root_feature(self, node: int) -> Feature:
        """The bookkeeping record of the feature holding ``node``."""
        return Feature(self, self.find(node))

    def ring_from(self, node: int) -> list[int]:
        """Every node of the feature holding ``node``, starting there."""
        ring = self.ring
        found = [node]
        n = ring[node]
        while n != node:
            found.append(n)
            n = ring[n]
        return found

    def members(self, node: int) -> list[int]:
        """Every node of the feature holding ``node``, its root first."""
        return self.ring_from(self.find(node))

    def node_kind(self, node: int) -> str:
        """The kind of a node's segment."""
        return self.kinds[node]

    def cell_of(self, node: int) -> Cell:
        """The cell of the tile a node belongs to."""
        return self.node_cell[node]

    def placed_of(self, node: int) -> Placed:
        """The placed tile a node belongs to."""
        return self.cells[self.node_cell[node]]

    def segment_of(self, node: int) -> Segment:
        """The tile segment a node stands for."""
        return self.segments[node]

    def neighbour_count(self, x: int, y: int) -> int:
        """How many of the eight surrounding cells hold a tile."""
        cells = self.cells
        return sum((x + dx, y + dy) in cells for dx, dy in NEIGHBOURS8)

    def is_complete(self, node: int) -> bool:
        """Whether the feature holding ``node`` is completed.

        Cities, roads and rivers close when no port is left open; monasteries and gardens
        when the eight surrounding cells hold tiles; fields never do.
        """
        root = self.find(node)
        kind = self.kinds[root]
        if kind in EDGE_KINDS:
            return self.opens[root] == 0
        if kind in CLOISTER_KINDS:
            return self.neighbour_count(*self.node_cell[node]) == 8
        return False

    def completed_at(self, x: int, y: int) -> list[int]:
        """Roots of the features the tile at (x, y) completes, in this order: its closed
        cities, roads and rivers by segment, then the monasteries and gardens of the cell
        and the eight around it (row by row from the north-west) that are now surrounded."""
        parent, opens = self.parent, self.opens
        placed = self.cells[(x, y)]
        first = placed.first_node
        found: list[int] = []
        for i in placed.orientation.tile.edges:
            root = first + i
            while parent[root] != root:
                root = parent[root]
            if opens[root] == 0 and root not in found:
                found.append(root)
        if self.cloistered:
            has = self.cells.__contains__
            for other in filter(None, map(self.cloistered.get, _block(x, y))):
                if all(map(has, _block(other.x, other.y))):
                    first = other.first_node
                    found += [first + i for i in other.orientation.tile.cloisters]
        return found

    def figures_on(self, root: int) -> list[Figure]:
        """Figures standing on the feature with this root, by node, owner and kind (the
        same whatever the order of ``figures``)."""
        here = self.figures_in.get(root)
        if here is None:
            return []
        return sorted(here, key=figure_order) if len(here) > 1 else [here[0]]

    def contacts_at(self, cell: Cell) -> tuple[tuple[int, int], ...]:
        """For an empty cell: each node of the tiles across its sides, with the mask of the
        cell's ports that node meets (what a tile placed there would join), read off the
        tiles around it on first use and kept in :attr:`contacts` until a tile is placed
        beside it (or that is undone). Random play asks about one cell a move, so placing
        a tile does not work out its empty neighbours' contacts."""
        found = self.contacts.get(cell)
        if found is None:
            x, y = cell
            cells = self.cells
            met: list[tuple[int, int]] = []
            for side, (dx, dy) in enumerate(SIDE_DELTA):
                other = cells.get((x + dx, y + dy))
                if other is not None:
                    first = other.first_node
                    met += [(first + i, m) for i, m in other.orientation.across[(side + 2) % 4]]
            found = self.contacts[cell] = tuple(met)
        return found

    def signature(self, x: int, y: int) -> Signature:
        """The kinds an empty cell's neighbours require on each side."""
        cells = self.cells
        req = []
        for side, (dx, dy) in enumerate(SIDE_DELTA):
            other = cells.get((x + dx, y + dy))
            req.append(other.orientation.side_kinds[(side + 2) % 4] if other else "")
        return (req[0], req[1], req[2], req[3])

    # -- mutations (each journaled) ----------------------------------------------------

    def mark(self) -> int:
        """A point in the journal to undo back to."""
        return len(self.journal)

    def place(self, tile: Tile, x: int, y: int, rotation: int = 0) -> Placed:
        """Put a tile on an empty cell and join its segments to the neighbours.

        Geometry only: no rule is checked here (see ``editor.rules``). Sides whose kinds
        disagree are left unjoined.
        """
        cell = (x, y)
        if cell in self.cells:
            raise ValueError(f"cell {cell} already holds {self.cells[cell].tile.ref}")
        orientation = tile.orientations[rotation % 4]
        first = len(self.parent)
        placed = Placed(orientation, x, y, first)
        row = _ROWS.get(tile)
        if row is None:
            if len(_ROWS) > _MEMO_LIMIT:
                _ROWS.clear()
            count = len(tile.segments)
            row = _ROWS[tile] = (tuple(seg.kind for seg in tile.segments), tile.open_ends,
                                 (1,) * count, (0,) * count, tuple(range(count)),
                                 bool(tile.cloisters))
        kinds, opens, ones, zeros, indices, cloistered = row
        count = len(kinds)
        nodes = range(first, first + count)
        self.parent.extend(nodes)
        self.ring.extend(nodes)
        self.kinds.extend(kinds)
        self.sizes.extend(ones)
        self.opens.extend(opens)
        self.nfigs.extend(zeros)
        self.node_cell.extend([cell] * count)
        self.node_segment.extend(indices)
        self.segments.extend(tile.segments)
        cells, frontier, contacts, journal = self.cells, self.frontier, self.contacts, \
            self.journal
        cells[cell] = placed
        if cloistered:
            self.cloistered[cell] = placed
        what = (x, y, id(orientation))
        self.key ^= self._keys.get(what) or self._zobrist(what)
        journal.append(("place", cell, frontier.pop(cell, None)))
        contacts.pop(cell, None)
        side_kinds, requires = orientation.side_kinds, orientation.requires
        for side, near in enumerate(((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))):
            other = cells.get(near)  # the cells across the sides, in SIDE_DELTA's order
            if other is None:  # the empty cell across: what it requires now (that side of
                old = frontier.get(near)  # it required nothing: this cell was empty)
                journal.append(("frontier", near, old))
                raw = RAW_CODES[old] | requires[side] if old else requires[side]
                required = CODES.get(raw) or intern_code(raw)
                if required:
                    frontier[near] = required
                contacts.pop(near, None)  # it meets this tile too: read again when asked
                continue
            across = other.orientation
            if side_kinds[side] != across.side_kinds[(side + 2) % 4]:
                continue
            theirs = other.first_node
            key = (orientation.side_patterns[side], across.facing_patterns[side])
            for a, b, middle in _SEAMS.get(key) or _seams(key):
                root = self._union(first + a, theirs + b)
                if middle and self.kinds[root] in EDGE_KINDS:
                    self.opens[root] -= 2
                    journal.append(("open", root, 2))
        return placed

    def _union(self, a: int, b: int) -> int:
        parent, sizes = self.parent, self.sizes
        while parent[a] != a:
            a = parent[a]
        while parent[b] != b:
            b = parent[b]
        if a == b:
            return a
        if sizes[a] < sizes[b]:
            a, b = b, a
        if sizes[b] > 1:  # the tiles the two share, while they are apart (lone: later)
            shared = self._shared_tiles(a, b)
            if shared:
                self._shared[b] = shared
        self._pending.append(b)
        parent[b] = a
        sizes[a] += sizes[b]
        self.opens[a] += self.opens[b]
        figures = self.nfigs[b]
        if figures:
            self.nfigs[a] += figures
            self._carry(a, b)
        ring = self.ring  # splicing two rings; the same swap splits them again
        ring[a], ring[b] = ring[b], ring[a]
        self.journal.append(("union", a, b))
        return a

    def _carry(self, a: int, b: int) -> None:
        """Move the figures of the root ``b`` over to the root ``a`` absorbing it."""
        figures_in = self.figures_in
        moved = figures_in.pop(b)
        here = figures_in.get(a)
        if here is None:
            figures_in[a] = moved
        else:
            here += moved

    def _part(self, a: int, b: int) -> None:
        """Undo :meth:`_carry` once ``b`` is a root again: its figures are those whose
        node it is the root of."""
        figures_in = self.figures_in
        if not self.nfigs[a]:
            figures_in[b] = figures_in.pop(a)
            return
        find = self.find
        mine: list[Figure] = []
        theirs: list[Figure] = []
        for f in figures_in[a]:
            (theirs if find(f.node) == b else mine).append(f)
        figures_in[a], figures_in[b] = mine, theirs

    def add_figure(self, figure: Figure, index: int | None = None) -> None:
        """Stand a figure on its node, at ``index`` in ``figures`` as ``list.insert`` reads
        it (at the end by default)."""
        count = len(self.figures)
        index = count if index is None else max(0, min(count, index + count if index < 0
                                                        else index))
        self._stand(figure, index)
        self.journal.append(("figure+", index, figure))

    def remove_figure(self, figure: Figure) -> int:
        """Take a figure off the board (the first in ``figures`` equal to ``figure``);
        returns where it was in ``figures``."""
        index = self._index(figure)
        self.journal.append(("figure-", index, self._lift(index)))
        return index

    def _zobrist(self, what: tuple[object, ...]) -> int:
        """The random 64-bit number standing for a tile on a cell or a figure on a segment
        in :attr:`key` (drawn the first time, the same ever after)."""
        found = self._keys.get(what)
        if found is None:
            found = self._keys[what] = _RANDOM.getrandbits(64)
        return found

    def _figure_key(self, figure: Figure) -> int:
        node = figure.node
        return self._zobrist((self.node_cell[node], self.node_segment[node], figure.kind,
                              figure.owner))

    def _index(self, figure: Figure) -> int:
        """Where the first figure equal to ``figure`` is in ``figures`` (``ValueError`` if
        none is): the earliest of the equal figures on its node, found by its stamp."""
        figures = self.figures
        if figure not in self.figures_at.get(figure.node, ()):
            raise ValueError(f"{figure} is not on the board")
        if len(figures) < _SCAN_BELOW:  # a scan at C speed is quicker than bisection here
            return figures.index(figure)
        stamps = self._stamps
        equal = [stamps[id(f)] for f in self.figures_at[figure.node] if f == figure]
        stamp = min(equal)
        return bisect_left(figures, stamp, key=lambda f: stamps[id(f)])

    def _stamp(self, index: int) -> float:
        """A stamp between those of the figures around ``index`` (renumbering every figure
        when floating point has no number left between them)."""
        figures, stamps = self.figures, self._stamps
        if index == len(figures):
            return stamps[id(figures[-1])] + 1.0 if figures else 0.0
        after = stamps[id(figures[index])]
        before = stamps[id(figures[index - 1])] if index else after - 1.0
        stamp = (before + after) / 2
        if before < stamp < after:
            return stamp
        for i, f in enumerate(figures):
            stamps[id(f)] = float(i)
        return index - 0.5

    def _stand(self, figure: Figure, index: int) -> None:
        if id(figure) in self._stamps:  # the same object twice: keep identities apart
            figure = Figure(*figure)
        self.key ^= self._figure_key(figure)
        self._stamps[id(figure)] = self._stamp(index)
        self.figures.insert(index, figure)
        self.figures_at.setdefault(figure.node, []).append(figure)
        root = self.find(figure.node)
        self.nfigs[root] += 1
        on = self.figures_in.get(root)
        if on is None:
            self.figures_in[root] = [figure]
        else:
            on.append(figure)

    def _lift(self, index: int) -> Figure:
        figure = self.figures.pop(index)
        del self._stamps[id(figure)]
        self.key ^= self._figure_key(figure)
        here = self.figures_at[figure.node]
        del here[next(i for i, f in enumerate(here) if f is figure)]
        if not here:
            del self.figures_at[figure.node]
        root = self.find(figure.node)
        self.nfigs[root] -= 1
        on = self.figures_in[root]
        if len(on) == 1:
            del self.figures_in[root]
        else:
            del on[next(i for i, f in enumerate(on) if f is figure)]
        return figure

    def add_score(self, player: int, points: int) -> None:
        """Add points to a player's score."""
        self.players[player].score += points
        self.journal.append(("score", player, points))

    def add_goods(self, player: int, kind: str, n: int) -> None:
        """Give goods tokens to a player (negative takes them)."""
        self._add_count(self.players[player].goods, kind, n)

    def add_supply(self, player: int, kind: str, n: int) -> None:
        """Change how many figures of a kind a player has in supply."""
        self._add_count(self.players[player].supply, kind, n)

    def _add_count(self, counts: dict[str, int], kind: str, n: int) -> None:
        """Change a count, never below 0: a figure placed beyond its supply (a position
        that breaks the rules, built in edit mode) leaves the supply at 0, which the file
        format can hold and the position's findings report."""
        self.journal.append(("count", counts, kind, counts.get(kind)))
        counts[kind] = max(0, counts.get(kind, 0) + n)

    def undo_to(self, mark: int) -> None:
        """Reverse every change made since ``mark``."""
        journal = self.journal
        while len(journal) > mark:
            entry = journal.pop()
            op = entry[0]
            if op == "union":
                _, a, b = entry
                ring = self.ring
                ring[a], ring[b] = ring[b], ring[a]
                self.sizes[a] -= self.sizes[b]
                self.opens[a] -= self.opens[b]
                self.parent[b] = b
                figures = self.nfigs[b]
                if figures:
                    self.nfigs[a] -= figures
                    self._part(a, b)
                if self._pending:  # the union's aggregates not added up yet: forget it
                    self._pending.pop()
                    self._shared.pop(b, None)
                else:
                    self._scatter(a, b)
            elif op == "open":
                self.opens[entry[1]] += entry[2]
            elif op == "frontier":
                _, cell, old = entry
                if old is None:
                    self.frontier.pop(cell, None)
                else:
                    self.frontier[cell] = old
                self.contacts.pop(cell, None)
            elif op == "place":
                _, cell, old = entry
                placed = self.cells.pop(cell)
                self.cloistered.pop(cell, None)
                self.key ^= self._zobrist((placed.x, placed.y, id(placed.orientation)))
                n = placed.first_node
                for seq in (self.parent, self.kinds, self.ring, self.node_cell,
                            self.node_segment, self.segments, self.sizes, self.opens,
                            self.nfigs):
                    del seq[n:]
                if old is not None:
                    self.frontier[cell] = old
                self.contacts.pop(cell, None)
            elif op == "figure+":
                self._lift(entry[1])
            elif op == "figure-":
                self._stand(entry[2], entry[1])
            elif op == "score":
                self.players[entry[1]].score -= entry[2]
            elif op == "count":
                _, counts, kind, old = entry
                if old is None:
                    del counts[kind]
                else:
                    counts[kind] = old
            else:  # pragma: no cover - a journal entry nobody wrote
                raise AssertionError(f"unknown journal entry {entry!r}")

    def commit(self) -> None:
        """Forget the journal (the current state becomes the base), and with it what the
        undo of its unions would have taken off the aggregates, added up first."""
        self.journal.clear()
        if self._pending:
            self._catch_up()
        self._shared.clear()
        self._added.clear()

    # -- per-feature aggregates (added up from the unions, taken off by their undo) -------

    def tiles_in(self, root: int) -> int:
        """Tiles of the feature with this root (a tile holding two of its segments counts
        once), without walking its members."""
        if self._pending:
            self._catch_up()
        return self.sizes[root] - self.repeats.get(root, 0)

    def pennants_in(self, root: int) -> int:
        """Pennants on the segments of the feature with this root."""
        if self._pending:
            self._catch_up()
        if self.sizes[root] == 1:
            return self.segments[root].pennants
        return self.pennant_sums.get(root, 0)

    def cities_beside(self, root: int) -> Collection[int]:
        """City nodes the segments of the feature with this root touch (a field's
        ``cities``), not necessarily roots (each is of the city's feature): one per city
        root as the unions found them, so a city joined later may have several."""
        if self._pending:
            self._catch_up()
        return self._beside(root)

    def _beside(self, root: int) -> Collection[int]:
        if self.sizes[root] == 1:
            return [root + c for c in self._facts(root)[2]]
        return self.borders.get(root, ())

    def _facts(self, node: int) -> Facts:
        """The :data:`Facts` of a node's segment."""
        placed = self.cells[self.node_cell[node]]
        tile = placed.orientation.tile
        return (_FACTS.get(tile) or _facts(tile))[node - placed.first_node]

    def _shared_tiles(self, a: int, b: int) -> int:
        """How many tiles hold segments of both features ``a`` and ``b`` (roots, apart;
        ``b``, the smaller, is walked)."""
        parent, ring, node_segment = self.parent, self.ring, self.node_segment
        shared: list[int] = []
        n = b
        while True:
            for t in self._facts(n)[0]:
                t += n
                while parent[t] != t:
                    t = parent[t]
                if t == a:
                    first = n - node_segment[n]
                    if first not in shared:
                        shared.append(first)
                    break
            n = ring[n]
            if n == b:
                return len(shared)

    def _catch_up(self) -> None:
        """Add up the aggregates of the unions made since they were last asked for, in
        order. Each is read as it was then: a node's root at union ``i`` follows only the
        links of earlier unions (without path compression, a link is never moved), and a
        feature absorbed stops changing; a lone node's twins are asked here, a larger
        feature's shared tiles were counted by the union itself."""
        parent, sizes = self.parent, self.sizes
        repeats, pennant_sums, borders, shared_at, added = self.repeats, self.pennant_sums, \
            self.borders, self._shared, self._added
        pending = self._pending
        when = {b: i for i, b in enumerate(pending)}
        grown: dict[int, int] = {}  # what each root absorbs here: its sizes then
        for b in pending:
            a = parent[b]
            grown[a] = grown.get(a, 0) + sizes[b]
        size_then = {a: sizes[a] - n for a, n in grown.items()}
        seen: dict[int, set[int]] = {}  # the borders of the roots grown here, as sets

        def root_then(n: int, i: int) -> int:
            while parent[n] != n and when.get(n, -1) < i:
                n = parent[n]
            return n

        for i, b in enumerate(pending):
            a = parent[b]
            before = size_then[a]
            size_then[a] = before + sizes[b]
            if sizes[b] == 1:
                twins, pennants, links = self._facts(b)
                shared = 0
                for t in twins:  # a segment of b's kind on its tile already in a: one tile
                    if root_then(t + b, i) == a:
                        shared = 1
                        shared_at[b] = 1
                        break
                count = shared
                there = [root_then(b + c, i) for c in links]
            else:
                count = repeats.get(b, 0) + shared_at.get(b, 0)
                pennants = pennant_sums.get(b, 0)
                there = [root_then(c, i) for c in borders.get(b, ())]
            if before == 1:
                _, mine, links = self._facts(a)
                pennants += mine
                if links or there:
                    borders[a] = array("q", dict.fromkeys(
                        [*(root_then(a + c, i) for c in links), *there]))
            else:
                count += repeats.get(a, 0)
                pennants += pennant_sums.get(a, 0)
                if there:
                    known = seen.get(a)
                    if known is None:
                        known = seen[a] = set(borders.get(a, ()))
                    new = [c for c in dict.fromkeys(there) if c not in known]
                    if new:
                        known.update(new)
                        here = borders.get(a)
                        if here is None:
                            borders[a] = array("q", new)
                        else:
                            here.extend(new)
                        added[b] = len(new)
            if count:
                repeats[a] = count
            if pennants:
                pennant_sums[a] = pennants
        pending.clear()

    def _scatter(self, a: int, b: int) -> None:
        """Undo what :meth:`_catch_up` added to ``a``'s aggregates for its union with
        ``b``, once ``b`` is a root again."""
        if self.sizes[a] == 1:  # a lone node keeps none
            self.repeats.pop(a, None)
            self.pennant_sums.pop(a, None)
            self.borders.pop(a, None)
            self._shared.pop(b, None)
            return
        repeats = self.repeats.get(a, 0) - self.repeats.get(b, 0) - self._shared.pop(b, 0)
        if repeats:
            self.repeats[a] = repeats
        else:
            self.repeats.pop(a, None)
        pennants = self.pennant_sums.get(a, 0) - self.pennants_in(b)
        if pennants:
            self.pennant_sums[a] = pennants
        else:
            self.pennant_sums.pop(a, None)
        added = self._added.pop(b, 0)
        if added:
            here = self.borders[a]
            del here[len(here) - added:]
            if not here:
                del self.borders[a]


#: Per segment of a tile: the offsets from it to the tile's other segments of its kind, its
#: pennants and the offsets to the cities it touches (what :meth:`Board._catch_up` adds up).
Facts = tuple[tuple[int, ...], int, tuple[int, ...]]
_FACTS: dict[Tile, tuple[Facts, ...]] = {}


def _facts(tile: Tile) -> tuple[Facts, ...]:
    if len(_FACTS) > _MEMO_LIMIT:
        _FACTS.clear()
    segments = tile.segments
    found = _FACTS[tile] = tuple(
        (tuple(j - i for j, other in enumerate(segments) if j != i and other.kind == seg.kind),
         seg.pennants, tuple(c - i for c in links))
        for i, (seg, links) in enumerate(zip(segments, tile.city_links, strict=True)))
    return found
