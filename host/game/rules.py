"""The rules of Surround (docs/rules.md) as readable Python.

The board, the legal moves of sheep and wolf, the end conditions in the order docs/rules.md
states them, the ``Position`` type with its notation ("1,2,4-6"), the NR perfect hash
(1..1320) with its inverse, and the 165-byte black-list bitmap.

At the bottom, the same rules are precomputed into tables indexed by NR
(``SHEEP_MOVES``, ``WOLF_MOVES``, ``ESCAPED``, ...). The game, the learner and the solver
use those tables so that thousands of games per second fit into one Python process; the
functions above them are the readable definition the tables are built from.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import NamedTuple

from host.errors import SurroundError

# --------------------------------------------------------------------------- board

POINTS = tuple(range(1, 12))

#: Column of each point (1 -> 0; 2, 3, 4 -> 1; 5, 6, 7 -> 2; 8, 9, 10 -> 3; 11 -> 4).
COLUMN = {1: 0, 2: 1, 3: 1, 4: 1, 5: 2, 6: 2, 7: 2, 8: 3, 9: 3, 10: 3, 11: 4}

#: The lines of the board: each pair of adjacent points, once.
LINES = (
    (1, 2), (1, 3), (1, 4),
    (2, 3), (3, 4),
    (2, 5), (2, 6), (3, 6), (4, 6), (4, 7),
    (5, 6), (6, 7),
    (5, 8), (6, 8), (6, 9), (6, 10), (7, 10),
    (8, 9), (9, 10),
    (8, 11), (9, 11), (10, 11),
)


def _neighbour_table() -> dict[int, tuple[int, ...]]:
    """Neighbours of every point, in ascending order, from the list of lines."""
    neighbours: dict[int, list[int]] = {point: [] for point in POINTS}
    for a, b in LINES:
        neighbours[a].append(b)
        neighbours[b].append(a)
    return {point: tuple(sorted(near)) for point, near in neighbours.items()}


#: NEIGHBOURS[p] = the points joined to p by a line, ascending.
NEIGHBOURS = _neighbour_table()

START_SHEEP = (1, 2, 4)
START_WOLF = 6
SHEEP_MOVE_LIMIT = 15

# Game results: who won and why.
TRAPPED = "trapped"          # the wolf has no legal move: the sheep win
ESCAPED = "escaped"          # every sheep stands on a higher number than the wolf: the wolf wins
TIME = "time"                # the sheep's 15th move did not trap the wolf: the wolf wins
SHEEP_STUCK = "sheep stuck"  # the sheep have no legal move: the wolf wins
RESULTS = (TRAPPED, ESCAPED, TIME, SHEEP_STUCK)

SHEEP = "sheep"
WOLF = "wolf"


def winner_of(result: str) -> str:
    """The side that wins with this game result."""
    if result not in RESULTS:
        raise ValueError(f"unknown game result {result!r}")
    return SHEEP if result == TRAPPED else WOLF


class Move(NamedTuple):
    """A move of one piece from point ``src`` to the adjacent point ``dst``."""

    src: int
    dst: int

    def __str__(self) -> str:
        return f"{self.src},{self.dst}"


# --------------------------------------------------------------------------- positions


class Position(NamedTuple):
    """Three sheep (sorted ascending) and the wolf, in the seed's notation "1,2,4-6"."""

    sheep: tuple[int, int, int]
    wolf: int

    @classmethod
    def make(cls, sheep: Iterable[int], wolf: int) -> Position:
        """Build a position, checking that it is a placement on the board."""
        sorted_sheep = tuple(sorted(sheep))
        if len(sorted_sheep) != 3:
            raise SurroundError(f"a position needs three sheep, not {len(sorted_sheep)}")
        for point in (*sorted_sheep, wolf):
            if point not in COLUMN:
                raise SurroundError(f"point {point} is not on the board (1..11)")
        if len(set(sorted_sheep) | {wolf}) != 4:
            raise SurroundError(f"two pieces on one point in {_format(sorted_sheep, wolf)}")
        return cls(sorted_sheep, wolf)

    @classmethod
    def parse(cls, text: str) -> Position:
        """Read the notation "S,S,S-W", e.g. "1,2,4-6"."""
        sheep_text, dash, wolf_text = text.strip().partition("-")
        if not dash:
            raise SurroundError(f"position {text!r} lacks the '-' before the wolf")
        try:
            sheep = [int(part) for part in sheep_text.split(",")]
            wolf = int(wolf_text)
        except ValueError:
            raise SurroundError(f"position {text!r} is not of the form S,S,S-W") from None
        return cls.make(sheep, wolf)

    @property
    def occupied(self) -> frozenset[int]:
        return frozenset((*self.sheep, self.wolf))

    @property
    def nr(self) -> int:
        """The position's number on the black list (1..1320)."""
        return nr_of(self.sheep, self.wolf)

    def __str__(self) -> str:
        return _format(self.sheep, self.wolf)


def _format(sheep: Iterable[int], wolf: int) -> str:
    return ",".join(str(point) for point in sheep) + f"-{wolf}"


START = Position(START_SHEEP, START_WOLF)

# --------------------------------------------------------------------------- NR hash


def nr_of(sheep: Iterable[int], wolf: int) -> int:
    """The NR perfect hash of docs/rules.md: 1..1320, one number per placement.

    The sheep are counted among the ten points the wolf leaves free (0..9), sorted,
    and combined with the wolf's point by the seed's formula.
    """
    w = wolf - 1
    s1, s2, s3 = sorted(point - 1 - (point > wolf) for point in sheep)
    cubic = ((-2 * s2 + 30) * s2 - 6 * s1 - 34) * s2 + 54 * s1 + 6 * s3
    return cubic // 6 + 120 * w


NR_COUNT = 1320


def _all_positions() -> tuple[Position, ...]:
    """Every placement of three sheep and a wolf, indexed by NR (index 0 unused)."""
    table: list[Position | None] = [None] * (NR_COUNT + 1)
    for wolf in POINTS:
        free = [point for point in POINTS if point != wolf]
        for sheep in combinations(free, 3):
            number = nr_of(sheep, wolf)
            if not 1 <= number <= NR_COUNT or table[number] is not None:
                raise AssertionError(f"NR hash is not a bijection at {_format(sheep, wolf)}")
            table[number] = Position(sheep, wolf)
    return tuple(table)  # type: ignore[arg-type]


#: POSITION_OF[nr] = the position with that number (the inverse of the hash).
POSITION_OF: tuple[Position, ...] = _all_positions()


def position_of(nr: int) -> Position:
    """The inverse of the NR hash."""
    if not 1 <= nr <= NR_COUNT:
        raise SurroundError(f"NR {nr} is outside 1..{NR_COUNT}")
    return POSITION_OF[nr]


# --------------------------------------------------------------------------- moves


def sheep_may_step(src: int, dst: int) -> bool:
    """A sheep never moves back: the target column is not smaller than the source column."""
    return COLUMN[dst] >= COLUMN[src]


def legal_sheep_moves(position: Position) -> list[Move]:
    """Every legal sheep move, sorted by (source, target)."""
    occupied = position.occupied
    return [
        Move(src, dst)
        for src in position.sheep
        for dst in NEIGHBOURS[src]
        if dst not in occupied and sheep_may_step(src, dst)
    ]


def legal_wolf_moves(position: Position) -> list[Move]:
    """Every legal wolf move, in ascending order of target point."""
    occupied = position.occupied
    return [Move(position.wolf, dst) for dst in NEIGHBOURS[position.wolf] if dst not in occupied]


def illegal_sheep_move_reason(position: Position, move: Move) -> str | None:
    """Why this sheep move is illegal in the position, or None when it is legal."""
    src, dst = move
    for point in (src, dst):
        if point not in COLUMN:
            return f"point {point} is not on the board (1..11)"
    if src not in position.sheep:
        return f"there is no sheep on point {src}"
    if dst not in NEIGHBOURS[src]:
        return f"points {src} and {dst} are not joined by a line"
    if dst in position.occupied:
        return f"point {dst} is occupied"
    if not sheep_may_step(src, dst):
        return f"a sheep may not move back (point {dst} lies left of point {src})"
    return None


def illegal_wolf_move_reason(position: Position, move: Move) -> str | None:
    """Why this wolf move is illegal in the position, or None when it is legal."""
    src, dst = move
    if src != position.wolf:
        return f"the wolf stands on {position.wolf}, not on {src}"
    if dst not in NEIGHBOURS.get(src, ()):
        return f"points {src} and {dst} are not joined by a line"
    if dst in position.occupied:
        return f"point {dst} is occupied"
    return None


def apply_sheep_move(position: Position, move: Move) -> Position:
    """The position after a (legal) sheep move."""
    sheep = tuple(sorted(move.dst if point == move.src else point for point in position.sheep))
    return Position(sheep, position.wolf)  # type: ignore[arg-type]


def apply_wolf_move(position: Position, move: Move) -> Position:
    """The position after a (legal) wolf move."""
    return Position(position.sheep, move.dst)


# --------------------------------------------------------------------------- end conditions


def wolf_escaped(position: Position) -> bool:
    """Every sheep stands on a higher number than the wolf: the sheep cannot win any more."""
    return min(position.sheep) > position.wolf


def result_after_sheep_move(position: Position, sheep_moves_made: int) -> str | None:
    """End check after a sheep move, in docs/rules.md order: trapped, escaped, time."""
    if not legal_wolf_moves(position):
        return TRAPPED
    if wolf_escaped(position):
        return ESCAPED
    if sheep_moves_made >= SHEEP_MOVE_LIMIT:
        return TIME
    return None


def result_after_wolf_move(position: Position) -> str | None:
    """End check after a wolf move, in docs/rules.md order: escaped, sheep stuck."""
    if wolf_escaped(position):
        return ESCAPED
    if not legal_sheep_moves(position):
        return SHEEP_STUCK
    return None


# --------------------------------------------------------------------------- black list

BLACKLIST_BYTES = 165


class Blacklist:
    """A set of NR values kept as the 1320-bit map of docs/rules.md.

    Position NR is bit (NR-1) mod 8 of byte (NR-1) div 8, bit 0 the least significant.
    Besides the bytes, a flag per NR is kept for fast membership tests.
    """

    __slots__ = ("_bits", "flags")

    def __init__(self, data: bytes | None = None) -> None:
        self._bits = bytearray(BLACKLIST_BYTES)
        #: flags[nr] is True when nr is on the list (index 0 unused); read-only for callers.
        self.flags = [False] * (NR_COUNT + 1)
        if data is not None:
            self.load_bytes(data)

    def load_bytes(self, data: bytes) -> None:
        """Replace the contents by a 165-byte bitmap."""
        if len(data) != BLACKLIST_BYTES:
            raise SurroundError(f"a black list has {BLACKLIST_BYTES} bytes, not {len(data)}")
        self._bits[:] = data
        for nr in range(1, NR_COUNT + 1):
            self.flags[nr] = bool(data[(nr - 1) >> 3] >> ((nr - 1) & 7) & 1)

    def add(self, nr: int) -> None:
        """Put position NR on the list (nothing happens if it is there already)."""
        self._bits[(nr - 1) >> 3] |= 1 << ((nr - 1) & 7)
        self.flags[nr] = True

    def __contains__(self, nr: object) -> bool:
        return isinstance(nr, int) and 1 <= nr <= NR_COUNT and self.flags[nr]

    def __len__(self) -> int:
        return sum(bin(byte).count("1") for byte in self._bits)

    def __iter__(self):
        return (nr for nr in range(1, NR_COUNT + 1) if self.flags[nr])

    def nrs(self) -> list[int]:
        """The NR values on the list, ascending."""
        return list(self)

    def to_bytes(self) -> bytes:
        """The 165-byte bitmap."""
        return bytes(self._bits)

    def copy(self) -> Blacklist:
        return Blacklist(self.to_bytes())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Blacklist) and self._bits == other._bits

    def __repr__(self) -> str:
        return f"Blacklist({self.nrs()})"


def blacklist_bytes_to_nrs(data: bytes) -> list[int]:
    """The NR values set in a 165-byte bitmap."""
    return Blacklist(data).nrs()


# --------------------------------------------------------------------------- tables
# The rules above, evaluated once for all 1320 placements and indexed by NR.

#: SHEEP_MOVES[nr] = ((Move, nr after the move), ...) sorted by move; () when the sheep are stuck.
SHEEP_MOVES: tuple[tuple[tuple[Move, int], ...], ...]
#: SHEEP_MOVE_TO[nr] = {Move: nr after the move} for legality checks.
SHEEP_MOVE_TO: tuple[dict[Move, int], ...]
#: WOLF_MOVES[nr] = ((Move, nr after the move), ...) in ascending order of target point.
WOLF_MOVES: tuple[tuple[tuple[Move, int], ...], ...]
#: WOLF_MOVE_TO[nr] = {Move: nr after the move}.
WOLF_MOVE_TO: tuple[dict[Move, int], ...]
#: ESCAPED_AT[nr]: min(sheep) > wolf.  WOLF_TRAPPED_AT[nr]: the wolf has no move.
ESCAPED_AT: tuple[bool, ...]
WOLF_TRAPPED_AT: tuple[bool, ...]
#: SHEEP_STUCK_AT[nr]: the sheep have no move.
SHEEP_STUCK_AT: tuple[bool, ...]


def _build_tables() -> None:
    global SHEEP_MOVES, SHEEP_MOVE_TO, WOLF_MOVES, WOLF_MOVE_TO
    global ESCAPED_AT, WOLF_TRAPPED_AT, SHEEP_STUCK_AT
    sheep_moves: list[tuple[tuple[Move, int], ...]] = [()]
    wolf_moves: list[tuple[tuple[Move, int], ...]] = [()]
    for position in POSITION_OF[1:]:
        sheep_moves.append(tuple(
            (move, apply_sheep_move(position, move).nr) for move in legal_sheep_moves(position)
        ))
        wolf_moves.append(tuple(
            (move, apply_wolf_move(position, move).nr) for move in legal_wolf_moves(position)
        ))
    SHEEP_MOVES = tuple(sheep_moves)
    WOLF_MOVES = tuple(wolf_moves)
    SHEEP_MOVE_TO = tuple(dict(moves) for moves in SHEEP_MOVES)
    WOLF_MOVE_TO = tuple(dict(moves) for moves in WOLF_MOVES)
    ESCAPED_AT = (False,) + tuple(wolf_escaped(p) for p in POSITION_OF[1:])
    WOLF_TRAPPED_AT = (False,) + tuple(not moves for moves in WOLF_MOVES[1:])
    SHEEP_STUCK_AT = (False,) + tuple(not moves for moves in SHEEP_MOVES[1:])


_build_tables()

START_NR = START.nr
