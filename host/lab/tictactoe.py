"""Tic-tac-toe as seeds 002 and 004 use it.

A board is a tuple of nine cells read row by row: 0 empty, 1 the first player (the seed's
circle), 2 the second player (its cross) - the coding of seed 004. The player to move
follows from the counts. Seed 004 counts the *valid situations* (0 <= #1 - #2 <= 1, won
positions included) and groups them under the eight symmetries o0..o7 of the square; seed 002
gives the heuristic "difference of the numbers of winning triples not yet blocked" for the
player to move, used with a depth-limited minimax.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from functools import cache, lru_cache

Board = tuple[int, ...]
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
WIN_SCORE = 100  # heuristic value of a won position, beyond any line difference


def _permutation(transform) -> tuple[int, ...]:
    """``p`` with transformed[i] = board[p[i]] for a map of (row, col) to its source (row, col)."""
    return tuple(3 * r + c for r, c in (transform(i // 3, i % 3) for i in range(9)))


# Cell i of the transformed board is taken from cell p[i] of the original. Rotation by 90°
# (clockwise), and mirror images at the x axis (rows reversed) and the y axis (columns reversed).
_ROT90 = _permutation(lambda r, c: (2 - c, r))
_MIRROR_X = _permutation(lambda r, c: (2 - r, c))
_MIRROR_Y = _permutation(lambda r, c: (r, 2 - c))
_IDENTITY = tuple(range(9))


def _then(first: tuple[int, ...], second: tuple[int, ...]) -> tuple[int, ...]:
    """The permutation that applies ``first``, then ``second``."""
    return tuple(first[second[i]] for i in range(9))


_ROT180 = _then(_ROT90, _ROT90)
_ROT270 = _then(_ROT180, _ROT90)
# The seed's o0 ... o7, in its order.
SYMMETRIES = (
    _IDENTITY, _ROT90, _ROT180, _ROT270,
    _then(_ROT90, _MIRROR_X), _then(_ROT90, _MIRROR_Y), _then(_ROT180, _MIRROR_X), _then(_ROT180, _MIRROR_Y),
)


def transform(board: Board, permutation: tuple[int, ...]) -> Board:
    return tuple(board[p] for p in permutation)


def canonical(board: Board) -> tuple[Board, tuple[int, ...]]:
    """The class representative (the least of the eight images, which is the first board of the
    class the seed's enumeration meets) and the symmetry that maps ``board`` onto it."""
    return min((transform(board, p), p) for p in SYMMETRIES)


def winner(board: Board) -> int:
    """1 or 2 if that player has three in a row, else 0."""
    for a, b, c in LINES:
        if board[a] and board[a] == board[b] == board[c]:
            return board[a]
    return 0


def to_move(board: Board) -> int:
    return 1 if board.count(1) == board.count(2) else 2


@dataclass(frozen=True)
class TicTacToe:
    name: str = "tic-tac-toe"

    def start(self) -> Board:
        return (0,) * 9

    def moves(self, board: Board) -> list[int]:
        if winner(board):
            return []
        return [i for i, cell in enumerate(board) if cell == 0]

    def play(self, board: Board, cell: int) -> Board:
        return board[:cell] + (to_move(board),) + board[cell + 1:]

    def result(self, board: Board) -> int | None:
        if winner(board):
            return -1  # the player who just moved has three in a row
        return 0 if 0 not in board else None


def valid_situations() -> list[Board]:
    """Seed 004's set S: every board with 0 <= #1 - #2 <= 1, won ones included."""
    return [b for b in itertools.product((0, 1, 2), repeat=9) if 0 <= b.count(1) - b.count(2) <= 1]


def symmetry_classes(boards) -> dict[Board, list[Board]]:
    """The equivalence classes of ``boards`` under the eight symmetries, by representative."""
    classes: dict[Board, list[Board]] = {}
    for board in boards:
        classes.setdefault(canonical(board)[0], []).append(board)
    return classes


@lru_cache(maxsize=1)
def reachable_by_pieces() -> tuple[tuple[Board, ...], ...]:
    """The positions that occur in real games (play stops at three in a row), by number of
    pieces 0..9."""
    game = TicTacToe()
    layers = [{game.start()}]
    for _ in range(9):
        layers.append({game.play(b, m) for b in layers[-1] for m in game.moves(b)})
    return tuple(tuple(sorted(layer)) for layer in layers)


@lru_cache(maxsize=1)
def situations_per_move() -> tuple[tuple[Board, ...], ...]:
    """The class representatives of the positions before move 1..9 (seed 004's s: 1, 3, 12,
    38, 108, 174, 204, 153, 57), sorted."""
    return tuple(tuple(sorted(symmetry_classes(layer))) for layer in reachable_by_pieces()[:9])


# ----------------------------------------------------------------- seed 002: heuristic search

def open_lines(board: Board, player: int) -> int:
    """Winning triples not yet blocked for ``player`` (no opponent mark on them)."""
    other = 3 - player
    return sum(1 for line in LINES if all(board[i] != other for i in line))


def heuristic(board: Board) -> int:
    """Seed 002's estimate for the player to move: its unblocked triples minus the opponent's."""
    player = to_move(board)
    return open_lines(board, player) - open_lines(board, 3 - player)


@cache
def depth_limited_value(board: Board, depth: int) -> int:
    """Negamax with the heuristic at the depth limit; a won game scores WIN_SCORE (sooner is better)."""
    game = TicTacToe()
    outcome = game.result(board)
    if outcome is not None:
        return outcome * (WIN_SCORE + depth)
    if depth == 0:
        return heuristic(board)
    return max(-depth_limited_value(game.play(board, m), depth - 1) for m in game.moves(board))


def heuristic_player(depth: int, rng: random.Random):
    """Plays a move with the best depth-limited minimax value (ties broken at random)."""
    game = TicTacToe()

    def choose(board: Board, moves) -> int:
        scored = [(-depth_limited_value(game.play(board, m), depth - 1), m) for m in moves]
        best = max(score for score, _ in scored)
        return rng.choice([m for score, m in scored if score == best])

    return choose


def show(board: Board) -> str:
    glyph = {0: ".", 1: "O", 2: "X"}
    return "\n".join(" ".join(glyph[board[3 * r + c]] for c in range(3)) for r in range(3))
