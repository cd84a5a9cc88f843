"""m×n Kascha, the pawn game of seed 000 (Pohley, Köhne and Lange, "Der Problemlöser Robbimat", 1975).

The rules as reconstructed in docs/lab.md: m rows, n columns, n pawns per side on the two
base lines, White begins; a pawn moves one square forward onto an empty square or one square
diagonally forward onto an enemy pawn, which it captures; a pawn on the opponent's base line
(breakthrough) ends the game; whoever cannot move first has lost. 3×3 Kascha is Gardner's
Hexapawn (Scientific American 206, 1962, cited by the seed).

A state is the seed's *Figur*: after every move the board is turned over (rows i → m+1-i) and
the colours swapped, so the player to move always has the White pawns ("W") moving up. A move
is the seed's *Aktion* (i, j, r): row i and column j (both counted from 1, rows from the
bottom, columns from the left) of the pawn to move, and its direction r = 0 straight,
-1 left, +1 right.
"""

from __future__ import annotations

from dataclasses import dataclass

from host.errors import SurroundError

EMPTY, WHITE, BLACK = 0, 1, 2  # the seed's states L, W, S
Figure = tuple[tuple[int, ...], ...]  # rows from the bottom (row 1 first)
Action = tuple[int, int, int]


@dataclass(frozen=True)
class Kascha:
    """The figure world of m×n Kascha."""

    rows: int = 3
    cols: int = 2

    def __post_init__(self):
        if self.rows < 2 or self.cols < 1:
            raise SurroundError(
                f"Kascha needs at least 2 rows and 1 column (m >= 2, n >= 1), not {self.rows}x{self.cols}"
            )

    @property
    def name(self) -> str:
        return f"{self.rows}x{self.cols} Kascha"

    def start(self) -> Figure:
        middle = tuple(tuple([EMPTY] * self.cols) for _ in range(self.rows - 2))
        return (tuple([WHITE] * self.cols),) + middle + (tuple([BLACK] * self.cols),)

    def broken_through(self, figure: Figure) -> bool:
        """The opponent's last move reached the mover's base line."""
        return BLACK in figure[0]

    def moves(self, figure: Figure) -> list[Action]:
        if self.broken_through(figure):
            return []
        straight, captures = [], []
        for i in range(self.rows - 1):
            ahead = figure[i + 1]
            for j in range(self.cols):
                if figure[i][j] != WHITE:
                    continue
                if ahead[j] == EMPTY:
                    straight.append((i + 1, j + 1, 0))
                for r in (-1, 1):
                    if 0 <= j + r < self.cols and ahead[j + r] == BLACK:
                        captures.append((i + 1, j + 1, r))
        straight.sort(key=lambda a: (a[1], a[0]))
        captures.sort(key=lambda a: (a[0], a[1], a[2]))
        return straight + captures

    def play(self, figure: Figure, action: Action) -> Figure:
        """The seed's two steps: move the pawn, then turn the board and swap the colours."""
        i, j, r = action
        board = [list(row) for row in figure]
        board[i - 1][j - 1] = EMPTY
        board[i][j - 1 + r] = WHITE
        swap = {EMPTY: EMPTY, WHITE: BLACK, BLACK: WHITE}
        return tuple(tuple(swap[c] for c in row) for row in reversed(board))

    def result(self, figure: Figure) -> int | None:
        """Every end figure is lost for the player to move (the seed's T+ = T, T- = empty)."""
        return None if self.moves(figure) else -1

    def longest_game_bound(self) -> int:
        """The seed's bound on the length of a figure-action sequence, 2n(m-2)+1."""
        return 2 * self.cols * (self.rows - 2) + 1

    def show(self, figure: Figure, white_to_move: bool = True) -> str:
        """The board as players see it (White 'o' at the bottom, Black 'x'), top row first."""
        board = figure if white_to_move else tuple(
            tuple({EMPTY: EMPTY, WHITE: BLACK, BLACK: WHITE}[c] for c in row) for row in reversed(figure))
        glyph = {EMPTY: ".", WHITE: "o", BLACK: "x"}
        lines = [f"{self.rows - k} " + " ".join(glyph[c] for c in row) for k, row in enumerate(reversed(board))]
        lines.append("  " + " ".join(str(j + 1) for j in range(self.cols)))
        lines.append(("White" if white_to_move else "Black") + " to move")
        return "\n".join(lines)


def hexapawn() -> Kascha:
    """Gardner's Hexapawn is 3×3 Kascha."""
    return Kascha(3, 3)
