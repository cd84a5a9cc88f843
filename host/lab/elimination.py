"""Robbimat's elimination procedure (seed 000, Table 3, "Das Eliminationsprogramm").

The procedure plays both sides of a win/loss game against itself. Every alternative (figure,
action) starts with the value alpha = 1; the action system chooses uniformly among the
alternatives whose value reaches the threshold 1 (the "acceptable" ones) and stops when a
figure has none. The judgement is u- if the last figure is an end figure that the player to
move wins (T-), else u+. The correction sets alpha = 0 for the last alternative of the
sequence (u-, length >= 1) or for the last but one (u+, length >= 2); when nothing can be
eliminated the experiment stops, and the protocol says f0 in F+ (the start is a win figure:
the second party is favoured) if the length was 0 and u = u+, else f0 in F-.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from host.errors import SurroundError
from host.lab.game import DRAW, WIN, Game


@dataclass
class EliminationRun:
    """The protocol of one Robbimat experiment."""

    start_is_win_figure: bool  # f0 in F+: the player who moves first loses with best play
    games: int  # figure-action sequences tested, the last (deciding) one included
    eliminated: set = field(default_factory=set)  # the alternatives (figure, action) with alpha = 0
    last_length: int = 0
    last_judgement: str = "u+"
    eliminated_after: list[int] = field(default_factory=list)  # eliminations after each game

    @property
    def favoured(self) -> str:
        """'second' if the party that moves second can always win, else 'first'."""
        return "second" if self.start_is_win_figure else "first"


def run_elimination(game: Game, rng: random.Random, max_games: int = 10_000_000,
                    on_game: Callable[[int], None] | None = None) -> EliminationRun:
    """Classify the start figure of ``game`` with the elimination program of Table 3."""
    eliminated: set = set()
    history: list[int] = []
    games = 0
    while True:
        if games >= max_games:
            raise SurroundError(f"{game.name}: the elimination procedure did not finish within {max_games} games")
        sequence, last = _choose_sequence(game, eliminated, rng)
        games += 1
        judgement = _judge(game, last)
        length = len(sequence)
        if judgement == "u-" and length >= 1:
            eliminated.add(sequence[-1])
        elif judgement == "u+" and length >= 2:
            eliminated.add(sequence[-2])
        else:
            history.append(len(eliminated))
            if on_game:
                on_game(games)
            return EliminationRun(start_is_win_figure=(length == 0 and judgement == "u+"), games=games,
                                  eliminated=eliminated, last_length=length, last_judgement=judgement,
                                  eliminated_after=history)
        history.append(len(eliminated))
        if on_game:
            on_game(games)


def _choose_sequence(game: Game, eliminated: set, rng: random.Random) -> tuple[list, object]:
    """The action-reaction system with the threshold method (threshold 1)."""
    figure = game.start()
    sequence: list = []
    while True:
        acceptable = [a for a in game.moves(figure) if (figure, a) not in eliminated]
        if not acceptable:
            return sequence, figure
        action = rng.choice(acceptable)
        sequence.append((figure, action))
        figure = game.play(figure, action)


def _judge(game: Game, figure) -> str:
    """u- for an end figure in T- (the player to move has won), otherwise u+."""
    outcome = game.result(figure)
    if outcome == DRAW:
        raise SurroundError(f"{game.name}: the elimination procedure needs a win/loss game, but a game ended drawn")
    return "u-" if outcome == WIN else "u+"
