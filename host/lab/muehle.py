"""Mühle (Nine Men's Morris), the game of seed 003 (Vernazza and Bärtschi, "Mühlespiel mit dem
Computer", Schweizer Jugend forscht 1976).

Rules as the article gives them: 24 connected points on three rings; each player has nine
stones, which are first placed (Setzen), then moved along the lines to a neighbouring empty
point (Fahren); a player with only three stones left may jump to any empty point (Springen).
Three own stones on one line form a mill; whoever closes a mill removes an opponent's stone -
one that is not in a mill, unless all of them are. The aim is to take seven of the opponent's
stones; a player who cannot move has lost as well (the usual rule). Games that go on for
``MAX_PLIES`` half-moves count as drawn.

Points are numbered 8·ring + k: ring 0 outer, 1 middle, 2 inner; k = 0..7 clockwise from the
top-left corner (0 corner, 1 top middle, 2 corner, 3 right middle, ...). The usual names are
a1 ... g7 (columns a-g, rows 1-7).
"""

from __future__ import annotations

from dataclasses import dataclass

from host.errors import SurroundError

EMPTY, WHITE, BLACK = 0, 1, 2
STONES = 9
MAX_PLIES = 200

LINES: tuple[tuple[int, int, int], ...] = tuple(
    [(8 * r + a, 8 * r + b, 8 * r + c) for r in range(3) for a, b, c in ((0, 1, 2), (2, 3, 4), (4, 5, 6), (6, 7, 0))]
    + [(k, 8 + k, 16 + k) for k in (1, 3, 5, 7)]
)
LINES_THROUGH: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple(line for line in LINES if p in line) for p in range(24))
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted({8 * (p // 8) + (p % 8 + 1) % 8, 8 * (p // 8) + (p % 8 - 1) % 8}
                 | ({p - 8} if p % 2 and p >= 8 else set()) | ({p + 8} if p % 2 and p < 16 else set())))
    for p in range(24))

# (column, row) of each point, for the names a1..g7 and for drawing.
_RING_OFFSETS = ((-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0))
COORDINATES: tuple[tuple[int, int], ...] = tuple(
    (3 + (3 - r) * dx, 3 + (3 - r) * dy) for r in range(3) for dx, dy in _RING_OFFSETS)
NAMES: tuple[str, ...] = tuple("abcdefg"[x] + str(y + 1) for x, y in COORDINATES)


@dataclass(frozen=True)
class Position:
    """The board, the player to move, and the stones each player still has to place."""

    board: tuple[int, ...]
    to_move: int = WHITE
    in_hand: tuple[int, int] = (STONES, STONES)  # White's, Black's

    def stones(self, player: int) -> int:
        return self.board.count(player)

    def hand(self, player: int) -> int:
        return self.in_hand[player - 1]

    def placed(self, player: int) -> int:
        return STONES - self.hand(player)

    def remaining(self, player: int) -> int:
        """Stones on the board plus stones still to place."""
        return self.stones(player) + self.hand(player)

    def jumping(self, player: int) -> bool:
        return self.hand(player) == 0 and self.stones(player) == 3


Move = tuple[int | None, int, int | None]  # (from or None when placing, to, removed stone or None)


def closes_mill(board: tuple[int, ...], point: int, player: int) -> int:
    """How many mills of ``player`` run through ``point`` (0, 1 or 2)."""
    return sum(1 for line in LINES_THROUGH[point] if all(board[q] == player for q in line))


def in_mill(board: tuple[int, ...], point: int) -> bool:
    return closes_mill(board, point, board[point]) > 0 if board[point] else False


def removable(board: tuple[int, ...], player: int) -> list[int]:
    """The stones of ``player`` that an opponent's mill may take."""
    stones = [p for p in range(24) if board[p] == player]
    free = [p for p in stones if not in_mill(board, p)]
    return free or stones


def steps(position: Position, player: int) -> list[tuple[int | None, int]]:
    """(from, to) of every placement, step or jump of ``player``, without removals."""
    board = position.board
    empty = [p for p in range(24) if board[p] == EMPTY]
    if position.hand(player):
        return [(None, p) for p in empty]
    own = [p for p in range(24) if board[p] == player]
    if position.jumping(player):
        return [(a, b) for a in own for b in empty]
    return [(a, b) for a in own for b in NEIGHBOURS[a] if board[b] == EMPTY]


def after_step(position: Position, step: tuple[int | None, int]) -> tuple[int, ...]:
    source, target = step
    board = list(position.board)
    if source is not None:
        board[source] = EMPTY
    board[target] = position.to_move
    return tuple(board)


def finish(position: Position, board: tuple[int, ...], placed: bool, removed: int | None) -> Position:
    """The position after the mover's step (and removal): hand updated, the opponent to move."""
    if removed is not None:
        board = board[:removed] + (EMPTY,) + board[removed + 1:]
    hand = list(position.in_hand)
    if placed:
        hand[position.to_move - 1] -= 1
    return Position(board, 3 - position.to_move, (hand[0], hand[1]))


@dataclass(frozen=True)
class Muehle:
    """The game interface: a move is a whole turn (step and, after a mill, the removal)."""

    name: str = "Mühle"

    def start(self) -> Position:
        return Position((EMPTY,) * 24)

    def moves(self, position: Position) -> list[Move]:
        if self.result(position) is not None:
            return []
        return self._moves(position)

    def _moves(self, position: Position) -> list[Move]:
        player = position.to_move
        moves: list[Move] = []
        for source, target in steps(position, player):
            board = after_step(position, (source, target))
            if closes_mill(board, target, player):
                moves += [(source, target, r) for r in removable(board, 3 - player)]
            else:
                moves.append((source, target, None))
        return moves

    def play(self, position: Position, move: Move) -> Position:
        source, target, removed = move
        board = after_step(position, (source, target))
        return finish(position, board, source is None, removed)

    def result(self, position: Position) -> int | None:
        """The player to move loses with fewer than three stones left or when blocked."""
        player = position.to_move
        if position.remaining(player) < 3:
            return -1
        if not steps(position, player):
            return -1
        return None


def point(name: str) -> int:
    try:
        return NAMES.index(name.strip().lower())
    except ValueError:
        raise SurroundError(f"{name!r} is not a point of the board (a1, a4, a7, b2, ..., g7)") from None


def move_name(move: Move) -> str:
    source, target, removed = move
    text = NAMES[target] if source is None else f"{NAMES[source]}-{NAMES[target]}"
    return text + (f" x{NAMES[removed]}" if removed is not None else "")


def show(position: Position) -> str:
    """The board in text: O White, X Black, + empty."""
    grid = [[" "] * 25 for _ in range(13)]

    def cell(p: int) -> tuple[int, int]:
        x, y = COORDINATES[p]
        return 2 * (6 - y), 4 * x

    for a in range(24):
        for b in NEIGHBOURS[a]:
            if b < a:
                continue
            (ra, ca), (rb, cb) = cell(a), cell(b)
            if ra == rb:
                for c in range(min(ca, cb) + 1, max(ca, cb)):
                    grid[ra][c] = "-"
            else:
                for r in range(min(ra, rb) + 1, max(ra, rb)):
                    grid[r][ca] = "|"
    glyph = {EMPTY: "+", WHITE: "O", BLACK: "X"}
    for p in range(24):
        r, c = cell(p)
        grid[r][c] = glyph[position.board[p]]
    lines = [(str(7 - r // 2) if r % 2 == 0 else " ") + "  " + "".join(row).rstrip() for r, row in enumerate(grid)]
    lines.append("   " + "   ".join("abcdefg"))
    mover = "White (O)" if position.to_move == WHITE else "Black (X)"
    lines.append(f"{mover} to move; to place: White {position.hand(WHITE)}, Black {position.hand(BLACK)}")
    return "\n".join(lines)


def parse_step(text: str) -> tuple[int | None, int, int | None]:
    """'d6' (place), 'd6-d5' or 'd6 d5' (move or jump), optionally followed by 'x a1' (removal)."""
    cleaned = text.strip().lower().replace("-", " ")
    removed = None
    if "x" in cleaned:
        cleaned, _, taken = cleaned.partition("x")
        removed = point(taken)
    parts = cleaned.split()
    if len(parts) == 1:
        return None, point(parts[0]), removed
    if len(parts) == 2:
        return point(parts[0]), point(parts[1]), removed
    raise SurroundError(
        f"{text!r}: type a point to place (d6), two points to move (d6-d5), and x POINT to take a stone"
    )
