"""The Python engines: the reference (host.game.game plus host.game.learner) and a perfect wolf."""

from __future__ import annotations

import random

from host.engines.base import Engine, EngineReply
from host.errors import SurroundError
from host.game.game import Game
from host.game.learner import Chooser, WolfLearner
from host.game.rules import SHEEP_MOVE_LIMIT, TRAPPED, Blacklist, Move


class PythonWolfEngine(Engine):
    """An engine whose game runs in Python; a subclass decides the wolf's moves."""

    blacklist: Blacklist

    def __init__(self) -> None:
        self.game = Game()

    def new_game(self) -> None:
        self.game = Game()

    def sheep_move(self, src: int, dst: int) -> EngineReply:
        game = self.game
        result = game.play_sheep(src, dst)
        wolf_move = None
        if result == TRAPPED:
            self.wolf_trapped()
        elif result is None:
            wolf_move = self.choose_wolf_move()
            result = game.play_wolf(*wolf_move)
        return EngineReply(wolf_move, result, self.blacklist.to_bytes())

    def choose_wolf_move(self) -> Move:
        """The wolf's move in the game's position (it has at least one)."""
        raise NotImplementedError

    def wolf_trapped(self) -> None:
        """The wolf's turn without a legal move (the sheep have won)."""

    def blacklist_bytes(self) -> bytes:
        return self.blacklist.to_bytes()

    def load_blacklist(self, data: bytes) -> None:
        self.blacklist.load_bytes(data)


class ReferenceEngine(PythonWolfEngine):
    """The oracle, playing the learning wolf with its own random generator."""

    name = "reference"

    def __init__(self, seed: int | None = None, chooser: Chooser | None = None, **options: object) -> None:
        if options:
            raise SurroundError(f"the reference engine has no option(s) {', '.join(sorted(options))}")
        super().__init__()
        self.learner = WolfLearner(chooser=chooser, seed=seed)

    @property
    def blacklist(self) -> Blacklist:  # type: ignore[override]  # read-only here: the learner owns the list
        return self.learner.blacklist

    def choose_wolf_move(self) -> Move:
        move = self.learner.wolf_turn(self.game.last_sheep_nr, self.game.nr)
        assert move is not None, "the game said the wolf can move"
        return move

    def wolf_trapped(self) -> None:
        # The wolf's turn without a legal move: the learner puts P on the black list.
        self.learner.wolf_turn(self.game.last_sheep_nr, self.game.nr)


class PerfectWolfEngine(PythonWolfEngine):
    """A wolf that plays from the solver and learns nothing (for comparisons in `train`).

    It keeps a win whenever it has one (random among such moves); in a lost position it
    delays the trap as long as it can.
    """

    name = "perfect-wolf"

    def __init__(self, seed: int | None = None) -> None:
        from host.game.solver import solve

        super().__init__()
        self._solution = solve()
        self._rng = random.Random(seed)
        self.blacklist = Blacklist()

    def choose_wolf_move(self) -> Move:
        remaining = SHEEP_MOVE_LIMIT - self.game.sheep_moves_made
        return self._rng.choice(self._solution.best_wolf_moves(self.game.nr, remaining))
