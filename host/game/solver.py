"""Exact solver: retrograde analysis of every position, with the sheep-move budget.

A game state is a placement (NR), the side to move and the number of sheep moves the
sheep still have (the budget: 15 at the start). Every sheep move uses one, so the game
graph ordered by the remaining budget has no cycles, and the values follow by induction
over the budget:

- ``sheep_value[r][nr]``: sheep to move with r sheep moves left; the number of sheep
  moves in which the sheep force a trap against the best wolf, or None when they cannot
  (the wolf wins).
- ``wolf_value[r][nr]``: wolf to move, r sheep moves left; the same count, or None.

Raising the budget past some horizon changes no value any more; the values at the horizon
are those of the game without a move limit ("lost for the wolf" in docs/rules.md: the sheep can
force a trap given enough moves).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import lru_cache

from host.game.rules import (
    ESCAPED_AT,
    NR_COUNT,
    SHEEP_MOVE_LIMIT,
    SHEEP_MOVES,
    SHEEP_STUCK_AT,
    START,
    WOLF_MOVES,
    WOLF_TRAPPED_AT,
    Move,
    Position,
)

Values = list[int | None]  # indexed by NR, index 0 unused


def _sheep_values(wolf_values_below: Values, remaining: int) -> Values:
    """Sheep to move with ``remaining`` sheep moves: the fastest forced trap, or None."""
    values: Values = [None] * (NR_COUNT + 1)
    for nr in range(1, NR_COUNT + 1):
        best = None
        for _, after in SHEEP_MOVES[nr]:
            outcome = _after_sheep_move(after, remaining - 1, wolf_values_below)
            if outcome is not None and (best is None or outcome < best):
                best = outcome
        values[nr] = best
    return values


def _after_sheep_move(after: int, left: int, wolf_values: Values) -> int | None:
    """Sheep moves to the trap counting the move just made; None when the wolf wins.

    End check in docs/rules.md order: trapped, escaped, time (no sheep moves left).
    """
    if WOLF_TRAPPED_AT[after]:
        return 1
    if ESCAPED_AT[after] or left == 0:
        return None
    rest = wolf_values[after]
    return None if rest is None else rest + 1


def _wolf_values(sheep_values: Values) -> Values:
    """Wolf to move (not trapped), the sheep's budget that of ``sheep_values``."""
    values: Values = [None] * (NR_COUNT + 1)
    for nr in range(1, NR_COUNT + 1):
        moves = WOLF_MOVES[nr]
        if not moves:
            continue  # the game ended before this turn; never asked for
        worst: int | None
        worst = 0
        for _, after in moves:
            outcome = _after_wolf_move(after, sheep_values)
            if outcome is None:
                worst = None
                break
            worst = max(worst, outcome)
        values[nr] = worst
    return values


def _after_wolf_move(after: int, sheep_values: Values) -> int | None:
    """End check in docs/rules.md order (escaped, sheep stuck), else the sheep's value."""
    if ESCAPED_AT[after] or SHEEP_STUCK_AT[after]:
        return None
    return sheep_values[after]


@dataclass
class Solution:
    """The values of every state for every budget up to the horizon (see module doc)."""

    sheep_value: list[Values]  # [remaining][nr]
    wolf_value: list[Values]   # [remaining][nr]
    horizon: int               # budgets >= horizon give the values of the unlimited game

    def _budget(self, remaining: int | None) -> int:
        if remaining is None or remaining > self.horizon:
            return self.horizon
        return remaining

    def sheep_wins_in(self, nr: int, remaining: int | None = SHEEP_MOVE_LIMIT) -> int | None:
        """Sheep to move: sheep moves needed to force a trap (None: the wolf wins).

        ``remaining=None`` asks about the game without a move limit.
        """
        return self.sheep_value[self._budget(remaining)][nr]

    def lost_positions(self) -> list[int]:
        """NR of every position (sheep to move) the wolf loses without a move limit."""
        values = self.sheep_value[self.horizon]
        return [nr for nr in range(1, NR_COUNT + 1) if values[nr] is not None]

    def is_lost(self, nr: int) -> bool:
        """A real loss for the wolf: the sheep can force a trap given enough moves."""
        return self.sheep_value[self.horizon][nr] is not None

    # -------------------------------------------------------------- best moves

    def sheep_move_values(self, nr: int, remaining: int) -> list[tuple[Move, int | None]]:
        """Every sheep move with the number of sheep moves to the trap after it (or None)."""
        budget = self._budget(remaining)
        below = self.wolf_value[budget - 1] if budget > 0 else None
        return [
            (move, _after_sheep_move(after, remaining - 1, below) if below is not None else None)
            for move, after in SHEEP_MOVES[nr]
        ]

    def best_sheep_moves(self, nr: int, remaining: int) -> list[Move]:
        """The sheep moves that force the fastest trap; [] when the sheep cannot win."""
        scored = [(move, value) for move, value in self.sheep_move_values(nr, remaining) if value is not None]
        if not scored:
            return []
        fastest = min(value for _, value in scored)
        return [move for move, value in scored if value == fastest]

    def wolf_move_values(self, nr: int, remaining: int) -> list[tuple[Move, int | None]]:
        """Every wolf move with the sheep moves the sheep then need (None: the wolf wins)."""
        values = self.sheep_value[self._budget(remaining)]
        return [(move, _after_wolf_move(after, values)) for move, after in WOLF_MOVES[nr]]

    def best_wolf_moves(self, nr: int, remaining: int) -> list[Move]:
        """Moves that keep a win for the wolf; if there is none, those that delay the trap most."""
        scored = self.wolf_move_values(nr, remaining)
        winning = [move for move, value in scored if value is None]
        if winning or not scored:
            return winning
        slowest = max(value for _, value in scored if value is not None)
        return [move for move, value in scored if value == slowest]

    def principal_variation(
        self, start: Position = START, remaining: int = SHEEP_MOVE_LIMIT
    ) -> tuple[list[Position], str]:
        """Best play from ``start`` (the first of equally good moves): positions and result."""
        from host.game.game import Game  # local import: the game imports nothing from here

        game = Game(start)
        game.sheep_moves_made = SHEEP_MOVE_LIMIT - remaining
        while not game.over:
            left = SHEEP_MOVE_LIMIT - game.sheep_moves_made
            moves = self.best_sheep_moves(game.nr, left) or game.legal_sheep_moves()
            game.play_sheep(*moves[0])
            if game.over:
                break
            left = SHEEP_MOVE_LIMIT - game.sheep_moves_made
            game.play_wolf(*self.best_wolf_moves(game.nr, left)[0])
        return game.positions(), game.result  # type: ignore[return-value]


def _solve(max_budget: int = 200) -> Solution:
    sheep_value: list[Values] = [[None] * (NR_COUNT + 1)]
    wolf_value: list[Values] = [[None] * (NR_COUNT + 1)]
    for remaining in range(1, max_budget + 1):
        sheep_value.append(_sheep_values(wolf_value[remaining - 1], remaining))
        wolf_value.append(_wolf_values(sheep_value[remaining]))
        if remaining > SHEEP_MOVE_LIMIT and sheep_value[remaining] == sheep_value[remaining - 1]:
            return Solution(sheep_value, wolf_value, remaining)
    raise AssertionError("the solver found no fixed point")


@lru_cache(maxsize=1)
def solve() -> Solution:
    """The solution of Surround (computed once per process, about a second)."""
    return _solve()


def reachable_counts(start: Position = START) -> tuple[int, int]:
    """How many placements occur from ``start`` with sheep to move and with wolf to move.

    Every legal move is followed, without a move limit; the search stops where the game
    ends (trapped, escaped, sheep stuck).
    """
    sheep_seen = {start.nr}
    wolf_seen: set[int] = set()
    queue = deque([start.nr])
    while queue:
        nr = queue.popleft()
        for _, after in SHEEP_MOVES[nr]:
            if after in wolf_seen:
                continue
            wolf_seen.add(after)
            if WOLF_TRAPPED_AT[after] or ESCAPED_AT[after]:
                continue
            for _, back in WOLF_MOVES[after]:
                if back in sheep_seen:
                    continue
                sheep_seen.add(back)
                if not (ESCAPED_AT[back] or SHEEP_STUCK_AT[back]):
                    queue.append(back)
    return len(sheep_seen), len(wolf_seen)


def summary(with_variation: bool = False) -> dict:
    """The solver's key facts as a JSON-ready dict."""
    solution = solve()
    start_value = solution.sheep_wins_in(START.nr)
    sheep_reachable, wolf_reachable = reachable_counts()
    facts: dict = {
        "positions": NR_COUNT,
        "lost_positions": len(solution.lost_positions()),
        "start_winner": "sheep" if start_value is not None else "wolf",
        "min_sheep_moves": start_value,
        "sheep_move_limit": SHEEP_MOVE_LIMIT,
        "horizon": solution.horizon,
        "reachable_sheep_to_move": sheep_reachable,
        "reachable_wolf_to_move": wolf_reachable,
    }
    if with_variation:
        positions, result = solution.principal_variation()
        facts["principal_variation"] = [str(position) for position in positions]
        facts["principal_variation_result"] = result
    return facts
