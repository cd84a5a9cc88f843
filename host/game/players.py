"""Sheep players: random, perfect (from the solver), mix:P, replay:FILE and human.

A sheep player is asked for a move with ``choose(game)`` whenever the sheep are to move;
``new_game()`` tells it a new game starts. ``parse_sheep_spec(spec, seed)`` builds one
from its command-line spelling.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Protocol

from host.errors import SurroundError
from host.game.game import Game
from host.game.rules import SHEEP_MOVE_LIMIT, SHEEP_MOVES, Move, Position, illegal_sheep_move_reason

SHEEP_SPECS = "random, perfect, mix:P (0 <= P <= 1), replay:FILE, human"


class QuitGame(Exception):
    """The human player asked to stop (typed q, or the input ended)."""


class SheepPlayer(Protocol):
    name: str

    def new_game(self) -> None: ...

    def choose(self, game: Game) -> Move: ...


class RandomSheep:
    """Any legal sheep move, uniformly at random."""

    def __init__(self, seed: int | None = None) -> None:
        self.name = "random"
        self._choice = random.Random(seed).choice

    def new_game(self) -> None:
        pass

    def choose(self, game: Game) -> Move:
        return self._choice(SHEEP_MOVES[game.nr])[0]


class PerfectSheep:
    """Forces the fastest trap the solver knows; random among equally fast moves.

    Where the sheep cannot win any more (within their remaining moves) it plays randomly.
    """

    def __init__(self, seed: int | None = None) -> None:
        from host.game.solver import solve

        self.name = "perfect"
        self._solution = solve()
        self._rng = random.Random(seed)

    def new_game(self) -> None:
        pass

    def choose(self, game: Game) -> Move:
        remaining = SHEEP_MOVE_LIMIT - game.sheep_moves_made
        best = self._solution.best_sheep_moves(game.nr, remaining)
        return self._rng.choice(best or game.legal_sheep_moves())


class MixedSheep:
    """Each move perfect with probability P, otherwise random."""

    def __init__(self, probability: float, seed: int | None = None) -> None:
        self.name = f"mix:{probability:g}"
        self.probability = probability
        self._rng = random.Random(seed)
        self._perfect = PerfectSheep(self._rng.randrange(2**32))
        self._random = RandomSheep(self._rng.randrange(2**32))

    def new_game(self) -> None:
        pass

    def choose(self, game: Game) -> Move:
        if self._rng.random() < self.probability:
            return self._perfect.choose(game)
        return self._random.choose(game)


class ReplaySheep:
    """Plays the sheep moves of recorded games, one recorded game per game, cycling.

    If the wolf leaves the recorded game so that a recorded sheep move is not legal any
    more (or the record ends while the game goes on), the rest of that game is played by
    a random sheep.
    """

    def __init__(self, path: str, seed: int | None = None) -> None:
        from host.game.records import read_records, sheep_moves_of

        self.name = f"replay:{path}"
        games = read_records(path)
        if not games:
            raise SurroundError(f"{path}: no recorded games to replay")
        self._games = [sheep_moves_of(positions) for positions in games]
        self._fallback = RandomSheep(seed)
        self._game_index = -1
        self._moves: list[Move] = []
        self.deviations = 0

    def new_game(self) -> None:
        self._game_index = (self._game_index + 1) % len(self._games)
        self._moves = list(self._games[self._game_index])

    def choose(self, game: Game) -> Move:
        if self._game_index < 0:
            self.new_game()
        index = game.sheep_moves_made
        if index < len(self._moves):
            move = self._moves[index]
            if illegal_sheep_move_reason(game.position, move) is None:
                return move
        if index <= len(self._moves):
            self.deviations += 1
            self._moves = self._moves[:index]  # from here on: random
        return self._fallback.choose(game)


class HumanSheep:
    """The sheep typed in a terminal: "FROM,TO" or "FROM TO"; q quits."""

    def __init__(
        self,
        read_line: Callable[[str], str] = input,
        write: Callable[[str], None] = print,
    ) -> None:
        self.name = "human"
        self._read_line = read_line
        self._write = write

    def new_game(self) -> None:
        pass

    def choose(self, game: Game) -> Move:
        while True:
            try:
                text = self._read_line("Your move (FROM,TO; q quits): ")
            except EOFError:
                raise QuitGame from None
            if text.strip().lower() in ("q", "quit", "exit"):
                raise QuitGame
            try:
                return check_sheep_move_text(text, game.position)
            except SurroundError as error:
                self._write(f"  {error}")


def parse_move_text(text: str) -> Move:
    """Read "FROM,TO" or "FROM TO" (spaces around the comma allowed)."""
    parts = text.replace(",", " ").split()
    if len(parts) != 2:
        raise SurroundError(f"type the move as FROM,TO (for example 4,7), not {text.strip()!r}")
    try:
        src, dst = int(parts[0]), int(parts[1])
    except ValueError:
        raise SurroundError(f"the points must be numbers 1..11, not {text.strip()!r}") from None
    return Move(src, dst)


def check_sheep_move_text(text: str, position: Position) -> Move:
    """Parse a typed sheep move and check it is legal in ``position``."""
    move = parse_move_text(text)
    reason = illegal_sheep_move_reason(position, move)
    if reason is not None:
        raise SurroundError(f"{move} is not allowed: {reason}")
    return move


def parse_sheep_spec(spec: str, seed: int | None = None) -> SheepPlayer:
    """Build a sheep player from "random", "perfect", "mix:P", "replay:FILE" or "human"."""
    kind, _, argument = spec.partition(":")
    if kind == "random" and not argument:
        return RandomSheep(seed)
    if kind == "perfect" and not argument:
        return PerfectSheep(seed)
    if kind == "human" and not argument:
        return HumanSheep(write=lambda text: print(text, file=sys.stdout))
    if kind == "mix":
        try:
            probability = float(argument)
        except ValueError:
            raise SurroundError(f"sheep {spec!r}: mix:P needs a probability P, e.g. mix:0.5") from None
        if not 0.0 <= probability <= 1.0:
            raise SurroundError(f"sheep {spec!r}: P must lie between 0 and 1")
        return MixedSheep(probability, seed)
    if kind == "replay" and argument:
        return ReplaySheep(argument, seed)
    raise SurroundError(f"unknown sheep player {spec!r}; use one of: {SHEEP_SPECS}")
