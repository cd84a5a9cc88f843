"""Surround's black-list learner (docs/rules.md, "The learning wolf"), for any game of the lab.

The learner plays one side. It remembers P, the position from which the opponent made its
last move (the opponent was to move there). On its own turn it avoids moves into positions on
the black list, choosing uniformly among the others; if every move is bad, or if it has lost
the game, P goes onto the black list - from P the opponent could reach a position the learner
cannot save. Nothing is learned from a win or a draw, and nothing is ever removed. This is
Robbimat's inference rule II applied one move back, as in seed 000's elimination procedure.

If the learner moves first and finds every move of the start position bad, there is no P: it
has learned that its side loses from the start (``start_lost``).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass, field

from host.lab.game import DRAW, WIN, Game, Player, Solver, play_game


class BlackListLearner:
    """One side's learner; ``blacklist`` holds positions (opponent to move) that are lost for it."""

    def __init__(self, game: Game, rng: random.Random):
        self.game = game
        self.rng = rng
        self.blacklist: set[Hashable] = set()
        self.start_lost = False
        self.previous: Hashable | None = None

    def new_game(self) -> None:
        self.previous = None

    def opponent_to_move(self, state: Hashable) -> None:
        self.previous = state

    def choose(self, state, moves) -> object:
        good = [m for m in moves if self.game.play(state, m) not in self.blacklist]
        if good:
            return self.rng.choice(good)
        self._learn()
        return self.rng.choice(list(moves))

    def lost(self) -> None:
        self._learn()

    def _learn(self) -> None:
        if self.previous is None:
            self.start_lost = True
        else:
            self.blacklist.add(self.previous)


def play_learning_game(game: Game, learner: BlackListLearner, opponent: Player, learner_first: bool) -> int:
    """One game; returns 1 if the learner won, -1 if it lost, 0 for a draw."""
    learner.new_game()
    state = game.start()
    learner_to_move = learner_first
    while (outcome := game.result(state)) is None:
        legal = game.moves(state)
        if learner_to_move:
            move = learner.choose(state, legal)
        else:
            learner.opponent_to_move(state)
            move = opponent(state, legal)
        state = game.play(state, move)
        learner_to_move = not learner_to_move
    if outcome == DRAW:
        return 0
    learner_won = (outcome == WIN) == learner_to_move
    if not learner_won:
        learner.lost()
    return 1 if learner_won else -1


def opponent_positions(game: Game, learner_first: bool) -> set:
    """Every position reachable with the opponent to move (the possible black-list entries)."""
    start = (game.start(), learner_first)
    seen = {start}
    stack = [start]
    while stack:
        state, learner_to_move = stack.pop()
        for move in game.moves(state):
            nxt = (game.play(state, move), not learner_to_move)
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return {state for state, learner_to_move in seen if not learner_to_move}


@dataclass
class LearningCurve:
    game: str
    opponent: str
    learner_first: bool
    games: int
    block: int
    block_results: list[dict] = field(default_factory=list)  # per block: first, last, win/draw/loss rates
    blacklist_after_block: list[int] = field(default_factory=list)
    blacklist: int = 0
    confirmed: int = 0  # entries the solver confirms as won for the opponent
    lost_positions: int = 0  # reachable opponent-to-move positions that the opponent wins
    start_lost: bool = False
    start_lost_confirmed: bool = True
    perfect_win_rate: float = 0.0  # a perfect player of the learner's side against the same opponent
    unconfirmed: list = field(default_factory=list)

    def as_dict(self) -> dict:
        data = dict(self.__dict__)
        data["unconfirmed"] = [repr(s) for s in self.unconfirmed]
        return data


def learning_curve(game: Game, opponent_name: str, opponent: Player, learner_first: bool, games: int, block: int,
                   rng: random.Random, solver: Solver, perfect_side: Player, on_game=None) -> LearningCurve:
    """A learning run: results per block of games, black-list growth, every entry checked by the solver."""
    learner = BlackListLearner(game, rng)
    curve = LearningCurve(game.name, opponent_name, learner_first, games, block)
    results: list[int] = []
    for number in range(games):
        results.append(play_learning_game(game, learner, opponent, learner_first))
        if on_game:
            on_game()
        if (number + 1) % block == 0 or number + 1 == games:
            chunk = results[len(results) - ((number % block) + 1):]
            curve.block_results.append({
                "first": number + 2 - len(chunk), "last": number + 1,
                "win_rate": round(chunk.count(1) / len(chunk), 4),
                "draw_rate": round(chunk.count(0) / len(chunk), 4),
                "loss_rate": round(chunk.count(-1) / len(chunk), 4),
            })
            curve.blacklist_after_block.append(len(learner.blacklist))
    curve.blacklist = len(learner.blacklist)
    curve.unconfirmed = [s for s in learner.blacklist if solver.value(s) != WIN]
    curve.confirmed = curve.blacklist - len(curve.unconfirmed)
    curve.lost_positions = sum(1 for s in opponent_positions(game, learner_first) if solver.value(s) == WIN)
    curve.start_lost = learner.start_lost
    curve.start_lost_confirmed = not learner.start_lost or solver.value(game.start()) == -1
    pair = (perfect_side, opponent) if learner_first else (opponent, perfect_side)
    side = 0 if learner_first else 1
    perfect_wins = sum(play_game(game, *pair).winner == side for _ in range(games))
    curve.perfect_win_rate = round(perfect_wins / games, 4)
    return curve
