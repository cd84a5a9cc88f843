"""Drive engines with sheep players, and check them move by move against the reference.

``play_learning_game`` plays one game between a sheep player and an engine's learning
wolf (no checks beyond the rules; used by train and bench).

``LockstepChecker`` plays the same game on the engine and on its own reference learner.
After every wolf turn it checks that the engine's wolf move was allowed (one of the moves
not on the black list, or any move when all were bad), then makes the reference follow
that move, and compares the black-list bytes (P added or nothing), the result and, if the
engine reports it, the position. The first difference stops the game with a ``Mismatch``:
the game so far in records notation, both black lists and the first difference.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field

from tqdm import tqdm

from emulator.errors import EmulatorError
from host.engines.base import Engine, EngineReply
from host.errors import SurroundError
from host.game.game import Game
from host.game.learner import FollowChooser, WolfLearner
from host.game.players import SheepPlayer
from host.game.records import format_game
from host.game.rules import (
    SHEEP,
    TRAPPED,
    Blacklist,
    Move,
    blacklist_bytes_to_nrs,
    position_of,
)


def play_learning_game(engine: Engine, sheep: SheepPlayer) -> Game:
    """One game of ``sheep`` against the engine's wolf; returns the finished game.

    The engine's replies are applied to a local Game, so an engine that breaks the rules
    stops the game with SurroundError (``LockstepChecker`` says more about what went wrong).
    """
    engine.new_game()
    sheep.new_game()
    game = Game()
    while game.result is None:
        move = sheep.choose(game)
        game.play_sheep(*move)
        reply = engine.sheep_move(*move)
        wolf_move = reply.wolf_move
        if wolf_move is not None:
            if game.result is not None:
                raise SurroundError(f"{engine.name}: the wolf moved {wolf_move[0]},{wolf_move[1]} after the game ended")
            game.play_wolf(*wolf_move)
        elif game.result is None:
            raise SurroundError(f"{engine.name}: the wolf made no move in {game.position}")
        if reply.result != game.result:
            raise SurroundError(f"{engine.name}: result {reply.result!r}, the rules say {game.result!r}")
    return game


# --------------------------------------------------------------------------- checking


@dataclass
class Mismatch:
    """The first difference between an engine and the reference."""

    game_number: int
    positions: list[str]
    problem: str
    engine_blacklist: list[int]
    reference_blacklist: list[int]
    first_difference: str | None

    def report(self) -> str:
        """A readable multi-line report."""
        return "\n".join([
            f"MISMATCH in game {self.game_number}: {self.problem}",
            f"game so far: {' '.join(self.positions)}",
            f"engine black list ({len(self.engine_blacklist)}): {_nr_list(self.engine_blacklist)}",
            f"reference black list ({len(self.reference_blacklist)}): {_nr_list(self.reference_blacklist)}",
            f"first black-list difference: {self.first_difference or 'none'}",
        ])

    def to_dict(self) -> dict:
        return asdict(self)


def _nr_list(nrs: list[int]) -> str:
    return " ".join(str(nr) for nr in nrs) or "(empty)"


def first_blacklist_difference(engine_bytes: bytes, reference_bytes: bytes) -> str | None:
    """The smallest NR on one list but not the other, described; None when equal."""
    if len(engine_bytes) != len(reference_bytes):
        return f"the engine's black list has {len(engine_bytes)} bytes, the reference's {len(reference_bytes)}"
    for index, (mine, theirs) in enumerate(zip(engine_bytes, reference_bytes)):
        differing = mine ^ theirs
        if differing:
            bit = (differing & -differing).bit_length() - 1
            nr = index * 8 + bit + 1
            where = ("the engine's list, not the reference's" if mine >> bit & 1
                     else "the reference's list, not the engine's")
            return f"NR {nr} ({position_of(nr)}) is on {where} (byte {index}, bit {bit})"
    return None


@dataclass
class CheckSummary:
    """Totals of a lockstep run."""

    engine: str
    games: int = 0
    wolf_moves: int = 0
    sheep_wins: int = 0
    wolf_wins: int = 0
    learned: int = 0
    mismatches: int = 0
    seconds: float = 0.0
    #: the engine's final black-list bytes equal the reference's (None if the run stopped early)
    final_blacklists_equal: bool | None = None
    #: the final black list as 330 hex digits (the 165-byte bitmap of docs/rules.md)
    final_blacklist: str = ""
    mismatch: Mismatch | None = field(default=None)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict:
        data = asdict(self)
        data["games_per_second"] = round(self.games_per_second, 1)
        data["seconds"] = round(self.seconds, 3)
        data["mismatch"] = self.mismatch.to_dict() if self.mismatch else None
        return data


class _Stop(Exception):
    """Internal: a mismatch was found."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


class LockstepChecker:
    """Plays an engine and a reference learner side by side and compares every wolf turn."""

    def __init__(self, engine: Engine, sheep: SheepPlayer, blacklist: bytes | None = None) -> None:
        self.engine = engine
        self.sheep = sheep
        self._follow = FollowChooser()
        self.reference = WolfLearner(Blacklist(blacklist), chooser=self._follow)
        if blacklist is not None:
            engine.load_blacklist(blacklist)
        self.game = Game()
        self.summary = CheckSummary(engine=engine.name)

    # ------------------------------------------------------------------ running

    def run(self, games: int, on_game: Callable[[int], None] | None = None) -> CheckSummary:
        """Check up to ``games`` games; stops at the first mismatch."""
        started = time.perf_counter()
        for number in range(1, games + 1):
            mismatch = self.check_game(number)
            if mismatch is not None:
                self.summary.mismatches = 1
                self.summary.mismatch = mismatch
                break
            if on_game is not None:
                on_game(number)
        self.summary.seconds = time.perf_counter() - started
        self.summary.learned = len(self.reference.blacklist)
        self._record_final_blacklists()
        return self.summary

    def _record_final_blacklists(self) -> None:
        """After the run: compare the whole final bitmaps once more, byte for byte."""
        reference_bytes = self.reference.blacklist.to_bytes()
        self.summary.final_blacklist = reference_bytes.hex()
        if self.summary.mismatch is None:
            engine_bytes = self.engine.blacklist_bytes()
            self.summary.final_blacklists_equal = bytes(engine_bytes) == reference_bytes
            if not self.summary.final_blacklists_equal:
                self.summary.mismatches = 1

    def check_game(self, number: int) -> Mismatch | None:
        """Play one game in lockstep; returns the first mismatch, or None."""
        self.game = Game()
        try:
            self._engine_call(self.engine.new_game)
            self.sheep.new_game()
            self._compare_blacklists(self._engine_call(self.engine.blacklist_bytes), "at the start of the game")
            while self.game.result is None:
                move = self.sheep.choose(self.game)
                self._check_turn(move)
        except _Stop as stop:
            return self._mismatch(number, stop.problem)
        self.summary.games += 1
        if self.game.winner == SHEEP:
            self.summary.sheep_wins += 1
        else:
            self.summary.wolf_wins += 1
        return None

    # ------------------------------------------------------------------ one turn

    def _check_turn(self, move: Move) -> None:
        """Give one sheep move to both sides and compare the wolf turns."""
        game, reference = self.game, self.reference
        game.play_sheep(*move)
        reply = self._engine_call(self.engine.sheep_move, *move, when=f" on the sheep's move {move}")
        if game.result == TRAPPED:
            reference.wolf_turn(game.last_sheep_nr, game.nr)  # learns P
            self._expect_no_wolf_move(reply)
        elif game.result is not None:
            self._expect_no_wolf_move(reply)
        else:
            self._follow_wolf_move(reply)
        self._compare_reply(reply, move)

    def _engine_call(self, method, *args, when: str = ""):
        """Call the engine; an engine error becomes a mismatch."""
        try:
            return method(*args)
        except (SurroundError, EmulatorError) as error:
            raise _Stop(f"the engine failed{when}: {error}") from None

    def _expect_no_wolf_move(self, reply: EngineReply) -> None:
        if reply.wolf_move is not None:
            src, dst = reply.wolf_move
            raise _Stop(f"the wolf moved {src},{dst}, but the game ended with the sheep's move ({self.game.result})")

    def _follow_wolf_move(self, reply: EngineReply) -> None:
        """Check the engine's wolf move is allowed, then make the reference play it."""
        game, reference = self.game, self.reference
        candidates = reference.candidates(game.last_sheep_nr, game.nr)
        allowed = ", ".join(str(move) for move in candidates.allowed)
        if reply.wolf_move is None:
            raise _Stop(f"the wolf made no move in {game.position}; allowed: {allowed}")
        wolf_move = Move(*reply.wolf_move)
        if wolf_move not in candidates.allowed:
            kind = "legal" if wolf_move in candidates.moves else "an illegal move"
            why = "a bad move (it leads to a black-listed position)" if kind == "legal" else kind
            raise _Stop(f"the wolf moved {wolf_move} in {game.position}: {why}; allowed: {allowed}")
        self._follow.next_move = wolf_move
        reference.wolf_turn(game.last_sheep_nr, game.nr)
        game.play_wolf(*wolf_move)
        self.summary.wolf_moves += 1

    def _compare_reply(self, reply: EngineReply, move: Move) -> None:
        game = self.game
        if reply.result != game.result:
            raise _Stop(
                f"after the sheep's move {move} the engine says result {reply.result!r}, the reference {game.result!r}"
            )
        if reply.position is not None and reply.position != game.position:
            raise _Stop(f"the engine's position is {reply.position}, the reference's {game.position}")
        self._compare_blacklists(reply.blacklist, f"after the sheep's move {move}")

    def _compare_blacklists(self, engine_bytes: bytes, when: str) -> None:
        reference_bytes = self.reference.blacklist.to_bytes()
        if bytes(engine_bytes) != reference_bytes:
            raise _Stop(f"the black lists differ {when}")

    def _mismatch(self, number: int, problem: str) -> Mismatch:
        engine_bytes = self._engine_blacklist_or_empty()
        reference_bytes = self.reference.blacklist.to_bytes()
        return Mismatch(
            game_number=number,
            positions=[str(position) for position in self.game.positions()],
            problem=problem,
            engine_blacklist=blacklist_bytes_to_nrs(engine_bytes) if len(engine_bytes) == len(reference_bytes) else [],
            reference_blacklist=self.reference.blacklist.nrs(),
            first_difference=first_blacklist_difference(engine_bytes, reference_bytes),
        )

    def _engine_blacklist_or_empty(self) -> bytes:
        try:
            return bytes(self.engine.blacklist_bytes())
        except (SurroundError, EmulatorError):
            return b""

    def game_so_far(self) -> str:
        """The current game in records notation."""
        return format_game(self.game.positions())


# --------------------------------------------------------------------------- run helpers


def derive_seed(seed: int | None, purpose: str) -> int | None:
    """A separate, reproducible seed for each random source of a run (None stays None)."""
    if seed is None:
        return None
    return random.Random(f"{seed}:{purpose}").randrange(2**32)


def progress_bar(total: int | None, description: str, quiet: bool = False):
    """A tqdm bar on stderr with the games played and games/s; disabled with ``quiet`` (--json)
    or when stderr is not a TTY (a log file gets no bar's redrawing)."""
    enabled = not quiet and sys.stderr.isatty()
    return tqdm(total=total, desc=description, file=sys.stderr, disable=not enabled, leave=False, unit=" games")
