"""One game interface for every game of the lab, an exact solver and two simple players.

A game is a strictly alternating two-player game with perfect information. Its states are
hashable and describe everything that matters for the player to move, so the value of a
state is always taken *for the player to move*: -1 lost, 0 drawn, +1 won.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

State = TypeVar("State", bound=Hashable)
Move = TypeVar("Move", bound=Hashable)

LOSS, DRAW, WIN = -1, 0, 1


class Game(Protocol[State, Move]):
    """What the solver, the players and the learners need to know about a game."""

    @property
    def name(self) -> str:
        """The game's name for reports."""

    def start(self) -> State:
        """The start position (the first player is to move)."""

    def moves(self, state: State) -> Sequence[Move]:
        """The legal moves in a fixed order; empty once the game is over."""

    def play(self, state: State, move: Move) -> State:
        """The state after ``move`` (the other player is then to move)."""

    def result(self, state: State) -> int | None:
        """None while the game runs, else the outcome for the player to move (-1, 0, +1)."""


Player = Callable[[State, Sequence[Move]], Move]
"""A player gets the state and its legal moves and returns one of them."""


class Solver(Generic[State, Move]):
    """Exact values of an acyclic game by memoised negamax (retrograde analysis on demand).

    ``value(s)`` is the outcome for the player to move with best play by both sides;
    ``distance(s)`` the number of moves to the end with best play (the winner hurries, the
    loser delays).
    """

    def __init__(self, game: Game[State, Move]):
        self.game = game
        self._table: dict[State, tuple[int, int]] = {}

    def _solve(self, state: State) -> tuple[int, int]:
        known = self._table.get(state)
        if known is not None:
            return known
        outcome = self.game.result(state)
        if outcome is not None:
            entry = (outcome, 0)
        else:
            best: tuple[int, int] | None = None
            for move in self.game.moves(state):
                value, distance = self._solve(self.game.play(state, move))
                candidate = (-value, distance + 1)
                if best is None or _better(candidate, best):
                    best = candidate
            assert best is not None, f"{self.game.name}: a running game without moves"
            entry = best
        self._table[state] = entry
        return entry

    def value(self, state: State) -> int:
        return self._solve(state)[0]

    def distance(self, state: State) -> int:
        return self._solve(state)[1]

    def best_moves(self, state: State) -> list[Move]:
        """All moves that keep the best value (ignoring distance)."""
        target = self.value(state)
        return [m for m in self.game.moves(state) if -self.value(self.game.play(state, m)) == target]


def _better(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Higher value first; a win as fast, a loss as slow as possible."""
    if a[0] != b[0]:
        return a[0] > b[0]
    return a[1] < b[1] if a[0] > 0 else a[1] > b[1]


def deep_recursion(limit: int = 20_000):
    """Make sure the recursive solver has room for long games."""
    if sys.getrecursionlimit() < limit:
        sys.setrecursionlimit(limit)


def random_player(rng: random.Random) -> Player:
    """Chooses uniformly among the legal moves."""
    return lambda state, moves: rng.choice(list(moves))


def perfect_player(solver: Solver, rng: random.Random) -> Player:
    """Chooses uniformly among the moves that keep the exact value."""
    return lambda state, moves: rng.choice(solver.best_moves(state))


@dataclass
class GameRecord(Generic[State, Move]):
    """One finished game: the states from the start, the moves, and the outcome."""

    states: list = field(default_factory=list)
    moves: list = field(default_factory=list)
    winner: int | None = None  # 0 first player, 1 second player, None drawn

    @property
    def length(self) -> int:
        return len(self.moves)


def play_game(game: Game, first: Player, second: Player, max_moves: int | None = None) -> GameRecord:
    """Play one game; ``max_moves`` (for games with cycles) ends it as a draw."""
    state = game.start()
    record: GameRecord = GameRecord(states=[state])
    players = (first, second)
    while (outcome := game.result(state)) is None:
        if max_moves is not None and record.length >= max_moves:
            return record
        mover = record.length % 2
        legal = game.moves(state)
        move = players[mover](state, legal)
        state = game.play(state, move)
        record.moves.append(move)
        record.states.append(state)
    mover = record.length % 2
    if outcome != DRAW:
        record.winner = mover if outcome == WIN else 1 - mover
    return record


def reachable_states(game: Game) -> set:
    """Every state reachable from the start (for small games)."""
    seen = {game.start()}
    stack = [game.start()]
    while stack:
        state = stack.pop()
        for move in game.moves(state):
            after = game.play(state, move)
            if after not in seen:
                seen.add(after)
                stack.append(after)
    return seen


@dataclass
class MatchScore:
    """A player's results over a match, half the games as first player, half as second."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        """1 per win, 1/2 per draw, as a fraction of the games."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    def as_dict(self) -> dict:
        return {"games": self.games, "wins": self.wins, "draws": self.draws, "losses": self.losses,
                "points": round(self.points, 4)}


def match(game: Game, player: Player, opponent: Player, games: int, max_moves: int | None = None,
          on_game: Callable[[], object] | None = None) -> MatchScore:
    """Play ``games`` games, the player moving first in the even-numbered ones."""
    score = MatchScore()
    for number in range(games):
        side = number % 2
        pair = (player, opponent) if side == 0 else (opponent, player)
        winner = play_game(game, *pair, max_moves=max_moves).winner
        if winner is None:
            score.draws += 1
        elif winner == side:
            score.wins += 1
        else:
            score.losses += 1
        if on_game:
            on_game()
    return score
