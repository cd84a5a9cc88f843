"""One game of Surround as a state machine: sheep to move, wolf to move, or over.

The game keeps the placement as its NR (see host.game.rules), the number of sheep moves made,
the result once the game is over, the history of positions (for game records) and the
position P from which the sheep made their last move (what the learner puts on the
black list).
"""

from __future__ import annotations

from host.errors import SurroundError
from host.game.rules import (
    ESCAPED,
    ESCAPED_AT,
    SHEEP,
    SHEEP_MOVE_LIMIT,
    SHEEP_MOVE_TO,
    SHEEP_MOVES,
    SHEEP_STUCK,
    SHEEP_STUCK_AT,
    START_NR,
    TIME,
    TRAPPED,
    WOLF,
    WOLF_MOVE_TO,
    WOLF_MOVES,
    WOLF_TRAPPED_AT,
    Move,
    Position,
    illegal_sheep_move_reason,
    illegal_wolf_move_reason,
    position_of,
    winner_of,
)

SHEEP_TO_MOVE = "sheep to move"
WOLF_TO_MOVE = "wolf to move"
GAME_OVER = "game over"


class Game:
    """The state of one game, advanced by ``play_sheep`` and ``play_wolf``."""

    __slots__ = ("nr", "state", "sheep_moves_made", "result", "history", "last_sheep_nr")

    def __init__(self, start: Position | None = None) -> None:
        #: the current placement (NR of the sheep and wolf points)
        self.nr = START_NR if start is None else start.nr
        self.state = SHEEP_TO_MOVE
        self.sheep_moves_made = 0
        #: one of the rules' results once the game is over, else None
        self.result: str | None = None
        #: the NR of every position so far, starting with the start position
        self.history = [self.nr]
        #: P: the position (sheep to move) from which the sheep made their last move
        self.last_sheep_nr = self.nr
        if SHEEP_STUCK_AT[self.nr]:
            self._finish(SHEEP_STUCK)

    # ------------------------------------------------------------------ queries

    @property
    def position(self) -> Position:
        return position_of(self.nr)

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def winner(self) -> str | None:
        return None if self.result is None else winner_of(self.result)

    def legal_sheep_moves(self) -> list[Move]:
        """The sheep's legal moves, or [] when it is not their turn."""
        if self.state != SHEEP_TO_MOVE:
            return []
        return [move for move, _ in SHEEP_MOVES[self.nr]]

    def legal_wolf_moves(self) -> list[Move]:
        """The wolf's legal moves in ascending order of target, or [] when not its turn."""
        if self.state != WOLF_TO_MOVE:
            return []
        return [move for move, _ in WOLF_MOVES[self.nr]]

    def positions(self) -> list[Position]:
        """Every position of the game so far (for records)."""
        return [position_of(nr) for nr in self.history]

    # ------------------------------------------------------------------ moves

    def play_sheep(self, src: int, dst: int) -> str | None:
        """Make a sheep move; returns the result if it ended the game.

        End check in docs/rules.md order: trapped, escaped, the 15th sheep move (time).
        """
        if self.state != SHEEP_TO_MOVE:
            raise SurroundError(f"it is not the sheep's turn ({self.state})")
        after = SHEEP_MOVE_TO[self.nr].get((src, dst))  # type: ignore[call-overload]
        if after is None:
            reason = illegal_sheep_move_reason(self.position, Move(src, dst))
            raise SurroundError(f"illegal sheep move {src},{dst}: {reason}")
        self.last_sheep_nr = self.nr
        self.nr = after
        self.history.append(after)
        self.sheep_moves_made += 1
        if WOLF_TRAPPED_AT[after]:
            return self._finish(TRAPPED)
        if ESCAPED_AT[after]:
            return self._finish(ESCAPED)
        if self.sheep_moves_made >= SHEEP_MOVE_LIMIT:
            return self._finish(TIME)
        self.state = WOLF_TO_MOVE
        return None

    def play_wolf(self, src: int, dst: int) -> str | None:
        """Make a wolf move; returns the result if it ended the game.

        End check in docs/rules.md order: escaped, sheep stuck.
        """
        if self.state != WOLF_TO_MOVE:
            raise SurroundError(f"it is not the wolf's turn ({self.state})")
        after = WOLF_MOVE_TO[self.nr].get((src, dst))  # type: ignore[call-overload]
        if after is None:
            reason = illegal_wolf_move_reason(self.position, Move(src, dst))
            raise SurroundError(f"illegal wolf move {src},{dst}: {reason}")
        self.nr = after
        self.history.append(after)
        if ESCAPED_AT[after]:
            return self._finish(ESCAPED)
        if SHEEP_STUCK_AT[after]:
            return self._finish(SHEEP_STUCK)
        self.state = SHEEP_TO_MOVE
        return None

    def _finish(self, result: str) -> str:
        self.result = result
        self.state = GAME_OVER
        return result

    def __repr__(self) -> str:
        return f"Game({self.position}, {self.state}, sheep moves {self.sheep_moves_made})"


__all__ = ["Game", "SHEEP_TO_MOVE", "WOLF_TO_MOVE", "GAME_OVER", "SHEEP", "WOLF"]
