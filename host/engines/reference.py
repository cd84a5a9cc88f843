"""The Python reference as an engine: host.game.game plus host.game.learner behind the Engine API."""

from __future__ import annotations

from host.engines.base import Engine, EngineReply
from host.errors import SurroundError
from host.game.game import Game
from host.game.learner import Chooser, WolfLearner
from host.game.rules import SHEEP_MOVE_LIMIT, TRAPPED, Blacklist


class ReferenceEngine(Engine):
    """The oracle, playing the learning wolf with its own random generator."""

    name = "reference"

    def __init__(self, seed: int | None = None, chooser: Chooser | None = None, **options: object) -> None:
        if options:
            raise SurroundError(f"the reference engine has no option(s) {', '.join(sorted(options))}")
        self.learner = WolfLearner(chooser=chooser, seed=seed)
        self.game = Game()

    def new_game(self) -> None:
        self.game = Game()

    def sheep_move(self, src: int, dst: int) -> EngineReply:
        game = self.game
        result = game.play_sheep(src, dst)
        wolf_move = None
        if result == TRAPPED:
            # The wolf's turn without a legal move: the learner puts P on the black list.
            self.learner.wolf_turn(game.last_sheep_nr, game.nr)
        elif result is None:
            wolf_move = self.learner.wolf_turn(game.last_sheep_nr, game.nr)
            result = game.play_wolf(*wolf_move)  # type: ignore[misc]
        return EngineReply(wolf_move, result, self.learner.blacklist.to_bytes())

    def blacklist_bytes(self) -> bytes:
        return self.learner.blacklist.to_bytes()

    def load_blacklist(self, data: bytes) -> None:
        self.learner.blacklist.load_bytes(data)

    @property
    def blacklist(self) -> Blacklist:
        return self.learner.blacklist


class PerfectWolfEngine(Engine):
    """A wolf that plays from the solver and learns nothing (for comparisons in `train`).

    It keeps a win whenever it has one (random among such moves); in a lost position it
    delays the trap as long as it can.
    """

    name = "perfect-wolf"

    def __init__(self, seed: int | None = None) -> None:
        import random

        from host.game.solver import solve

        self._solution = solve()
        self._rng = random.Random(seed)
        self._blacklist = Blacklist()
        self.game = Game()

    def new_game(self) -> None:
        self.game = Game()

    def sheep_move(self, src: int, dst: int) -> EngineReply:
        game = self.game
        result = game.play_sheep(src, dst)
        wolf_move = None
        if result is None:
            remaining = SHEEP_MOVE_LIMIT - game.sheep_moves_made
            wolf_move = self._rng.choice(self._solution.best_wolf_moves(game.nr, remaining))
            result = game.play_wolf(*wolf_move)
        return EngineReply(wolf_move, result, self._blacklist.to_bytes())

    def blacklist_bytes(self) -> bytes:
        return self._blacklist.to_bytes()

    def load_blacklist(self, data: bytes) -> None:
        self._blacklist.load_bytes(data)
