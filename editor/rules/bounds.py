"""Upper bounds on what one more move can change in final scoring (for a solver's pruning).

:func:`last_move_gain` bounds, for any move of any tile on one empty cell, how much the
mover's lead (their total after final scoring minus the best opponent's) can grow when that
move is the last of the line. It reads only the features the cell meets, as the base
game's 2002 scoring values them (:func:`supported` says when that holds):

- a city, road or field the tile joins ends up in one feature with the others of its kind
  it joins, worth at most the sum of what each may become (a city whose open ends all
  face the cell may be completed and score double) plus the tile's own segments. On a
  kind where the mover holds a figure beside the cell they gain at most that, less what
  they already had there, leaving out features someone holds more strongly than all the
  mover's figures beside the cell together; where they hold none they gain only by
  standing their one figure on an unoccupied feature;
- a rival loses everything they held beside the cell where the mover or another rival may
  outnumber them, elsewhere at most what joining their features counts once instead of
  twice (shared tiles, shared cities);
- each city the tile may complete adds 3 to every field beside it the mover may hold (and
  to a farmer stood on the tile); a monastery or garden beside the cell gains one point
  for its holder; the tile's own monastery or garden is worth at most 1 + its
  neighbours to whoever stands there.

Every term is an over-estimate, so a line whose bound cannot reach the best found is one
the search may skip without changing its answer.
"""

from __future__ import annotations

from collections.abc import Mapping

from editor.model.board import NEIGHBOURS8, Board, Cell
from editor.model.features import field_reach, fields_beside, measure
from editor.model.tiles import CITY, FIELD, ROAD, Tile

from .ruleset import Ruleset

#: The centre ports of a cell (N, E, S, W) as a port mask.
_CENTRES = 1 | 1 << 3 | 1 << 6 | 1 << 9
#: The figures whose strength the bound counts (followers and the abbot).
_FIGURES = frozenset({"follower", "abbot"})


def supported(rules: Ruleset) -> bool:
    """Whether the bound holds under ``rules``: base-game editions only, farms scored
    field by field (3 per completed city, the 2002 rule), followers and abbots only."""
    for edition in rules.editions:
        if not edition.name.startswith("base:"):
            return False
        if edition.name == "base:C1" and str(rules.option(edition.name, "farms")) != "2002":
            return False
    return set(rules.figure_kinds()) <= _FIGURES


def _owners(board: Board, root: int, strengths: Mapping[str, int]) -> dict[int, int]:
    owners: dict[int, int] = {}
    for f in board.figures_on(root):
        s = strengths.get(f.kind, 0)
        if s:
            owners[f.owner] = owners.get(f.owner, 0) + s
    return owners


def _counts(tile: Tile) -> tuple[dict[str, int], int]:
    """The tile's city, road and field segments, and its pennants (kept per tile)."""
    known = _COUNTS.get(tile)
    if known is None:
        segments = {CITY: 0, ROAD: 0, FIELD: 0}
        for seg in tile.segments:
            if seg.kind in segments:
                segments[seg.kind] += 1
        known = _COUNTS[tile] = (segments, sum(seg.pennants for seg in tile.segments))
    return known


#: Tile → :func:`_counts` (tiles compare by identity, one object per kind).
_COUNTS: dict[Tile, tuple[dict[str, int], int]] = {}


def _winners(owners: dict[int, int]) -> set[int]:
    if not owners:
        return set()
    best = max(owners.values())
    return {p for p, s in owners.items() if s == best}


#: A feature's root → its value to its holder and strength per player (one board state).
Memo = dict[int, tuple[int, dict[int, int]]]


def last_move_gain(board: Board, cell: Cell, player: int, tile: Tile,
                   strengths: Mapping[str, int], reads: set[int] | None = None,
                   memo: Memo | None = None) -> int:
    """At most how much ``player``'s lead after final scoring grows by a last move of
    ``tile`` on the empty ``cell`` (any rotation, any figure action; see the module
    docstring). The roots of the features it reads are added to ``reads``: the bound
    stays the same while none of those features, the cell's neighbours and the
    player's supply change. ``memo`` keeps what was read of each feature for the next
    cell, while the board does not change."""
    find, kinds, opens, nfigs = board.find, board.kinds, board.opens, board.nfigs
    faced: dict[int, int] = {}  # root → centre ports of the cell it meets
    for node, mask in board.contacts_at(cell):
        root = find(node)
        faced[root] = faced.get(root, 0) + (mask & _CENTRES).bit_count()
    if memo is None:
        memo = {}
    found: dict[str, list[int]] = {CITY: [], ROAD: [], FIELD: []}  # roots by kind
    value: dict[int, int] = {}
    owners: dict[int, dict[int, int]] = {}
    completable: list[int] = []
    for root in faced:
        kind = kinds[root]
        roots = found.get(kind)
        if roots is None:
            continue
        roots.append(root)
        if kind == CITY and opens[root] <= faced[root]:
            completable.append(root)
        known = memo.get(root)
        if known is None:
            if kind == FIELD:
                worth = 3 * len(field_reach(board, (root,), completed=True)[root][1])
            else:
                tiles, pennants = measure(board, root)
                worth = tiles + pennants if kind == CITY else tiles
            known = memo[root] = (worth, _owners(board, root, strengths) if nfigs[root] else {})
        value[root], owners[root] = known
    winners = {r: _winners(o) for r, o in owners.items() if o}
    done = 3 * len(completable)
    segments, pennants = _counts(tile)
    own = {CITY: 2 * (segments[CITY] + pennants), ROAD: segments[ROAD], FIELD: 0}
    winnable: set[int] = set()  # fields beside the cell whose holder the player may become
    gain = 0
    placing = 0  # the best single figure stood on an unoccupied feature
    lost = [0] * len(board.players)
    for kind in (CITY, ROAD, FIELD):
        roots = found[kind]
        if not roots and not segments[kind]:
            continue
        # the player's strength on the features of this kind beside the cell, were they
        # all joined into one: a feature held more strongly by someone else stays theirs
        mine = 0
        rivals: set[int] = set()
        for r in roots:
            held = owners[r]
            if held:
                mine += held.get(player, 0)
                rivals.update(held)
        rivals.discard(player)
        most = 0
        for r in roots:
            potential = value[r]
            if kind == CITY and r in completable:
                potential *= 2
            held = owners[r]
            if mine:
                others = max((n for p, n in held.items() if p != player), default=0) \
                    if held else 0
                if mine >= others:
                    most += potential - (value[r] if held and player in winners[r] else 0)
                    if kind == FIELD:
                        winnable.add(r)
            elif not nfigs[r]:
                most += potential
        most += own[kind]
        if kind == FIELD:
            most += done  # a farmer stood on the tile, beside every city it completes
        if mine:
            gain += most
        elif most > placing:
            placing = most
        for p in rivals:
            theirs = [value[r] for r in roots if r in winners and p in winners[r]]
            if not theirs:
                continue
            if len(rivals) > 1 or mine > min(owners[r][p] for r in roots
                                             if r in winners and p in winners[r]):
                lost[p] += sum(theirs)  # the player or another rival may outnumber them
            else:
                lost[p] += sum(theirs) - max(theirs)  # joined, shared tiles count once
    x, y = cell
    cells = board.cells
    around = 0
    for dx, dy in NEIGHBOURS8:
        other = cells.get((x + dx, y + dy))
        if other is None:
            continue
        around += 1
        for i in other.orientation.tile.cloisters:
            root = find(other.first_node + i)
            if reads is not None:
                reads.add(root)
            if nfigs[root] and player in _winners(_owners(board, root, strengths)):
                gain += 1
    supply = board.players[player].supply
    if supply.get("follower", 0) <= 0:
        placing = 0
    if tile.cloisters and any(supply.get(k, 0) > 0 for k in _FIGURES):
        placing = max(placing, 1 + around)
    if reads is not None:
        reads.update(faced)
    for city in completable:
        # 3 for each field beside the completed city the player may hold
        for f in {find(n) for n in fields_beside(board, city)} | winnable:
            if reads is not None:
                reads.add(f)
            if f in winnable or (nfigs[f] and player in _winners(_owners(board, f, strengths))):
                gain += 3
    return gain + placing + max(lost, default=0)
