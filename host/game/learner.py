"""The learning wolf of docs/rules.md: random moves that avoid a growing black list.

On the wolf's turn (P = the position from which the sheep made their last move):

1. no legal move: the wolf has lost, P goes on the black list;
2. otherwise the legal moves are listed in ascending order of target; a move is bad when
   the position it leads to is on the black list;
3. at least one move not bad: choose among those, uniformly at random;
4. every move bad: P goes on the black list, then choose among all moves.

The random choice comes from an injectable *chooser*: a callable that gets the list of
candidate moves and returns one of them. By default it is ``random.Random(seed).choice``;
the harness swaps in a chooser that follows the choice another engine made.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from host.errors import SurroundError
from host.game.rules import WOLF_MOVES, Blacklist, Move

Chooser = Callable[[Sequence[Move]], Move]


def random_chooser(seed: int | None = None) -> Chooser:
    """A chooser that picks uniformly with its own ``random.Random(seed)``."""
    return random.Random(seed).choice


@dataclass(frozen=True)
class WolfCandidates:
    """What the learner may do on one wolf turn."""

    moves: tuple[Move, ...]   # all legal wolf moves, ascending target
    allowed: tuple[Move, ...]  # the moves the learner may choose (not bad, or all when all bad)
    learns: int | None         # the NR the learner puts on the black list this turn, if any


class WolfLearner:
    """The wolf: its black list (kept across games) and its random chooser."""

    def __init__(
        self,
        blacklist: Blacklist | None = None,
        chooser: Chooser | None = None,
        seed: int | None = None,
    ) -> None:
        self.blacklist = blacklist if blacklist is not None else Blacklist()
        self.chooser: Chooser = chooser if chooser is not None else random_chooser(seed)

    def candidates(self, last_sheep_nr: int, nr: int) -> WolfCandidates:
        """The moves allowed in position ``nr`` (wolf to move) and what would be learned."""
        flags = self.blacklist.flags
        moves = WOLF_MOVES[nr]
        every = tuple(move for move, _ in moves)
        if not every:
            return WolfCandidates((), (), last_sheep_nr)
        not_bad = tuple(move for move, after in moves if not flags[after])
        if not_bad:
            return WolfCandidates(every, not_bad, None)
        return WolfCandidates(every, every, last_sheep_nr)

    def wolf_turn(self, last_sheep_nr: int, nr: int) -> Move | None:
        """Play one wolf turn: learn if needed, return the chosen move (None: trapped).

        ``last_sheep_nr`` is P, ``nr`` the position after the sheep's move.
        This is the fast path of ``candidates`` + learning + choosing.
        """
        flags = self.blacklist.flags
        moves = WOLF_MOVES[nr]
        if not moves:
            self.blacklist.add(last_sheep_nr)
            return None
        not_bad = [move for move, after in moves if not flags[after]]
        if not not_bad:
            self.blacklist.add(last_sheep_nr)
            not_bad = [move for move, _ in moves]
        choice = self.chooser(not_bad)
        if choice not in not_bad:
            raise SurroundError(f"the chooser picked {choice}, which is not one of {not_bad}")
        return choice


class FollowChooser:
    """A chooser that returns a move set from outside (the harness's engine choice)."""

    def __init__(self) -> None:
        self.next_move: Move | None = None

    def __call__(self, candidates: Sequence[Move]) -> Move:
        if self.next_move is None:
            raise SurroundError("FollowChooser was asked to choose without a move to follow")
        move, self.next_move = self.next_move, None
        return move
