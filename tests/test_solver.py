"""The exact solver reproduces the facts of docs/rules.md and agrees with a plain minimax search."""

import random
from functools import cache

import pytest

from host.game.game import Game
from host.game.rules import (
    NR_COUNT,
    SHEEP_MOVE_LIMIT,
    START,
    TRAPPED,
    Position,
    apply_sheep_move,
    apply_wolf_move,
    legal_sheep_moves,
    legal_wolf_moves,
    position_of,
    result_after_sheep_move,
    result_after_wolf_move,
)
from host.game.solver import reachable_counts, solve, summary


def test_316_positions_are_lost_for_the_wolf():
    assert len(solve().lost_positions()) == 316


def test_start_is_won_by_the_sheep_in_12_moves():
    solution = solve()
    assert solution.sheep_wins_in(START.nr) == 12
    assert solution.sheep_wins_in(START.nr, remaining=11) is None


def test_reachable_positions():
    assert reachable_counts() == (1150, 1137)


def test_summary_keys():
    facts = summary(with_variation=True)
    assert facts["lost_positions"] == 316
    assert facts["start_winner"] == "sheep"
    assert facts["min_sheep_moves"] == 12


def test_principal_variation_is_a_legal_trap_in_12_sheep_moves():
    positions, result = solve().principal_variation()
    assert result == TRAPPED
    assert positions[0] == START
    assert len(positions) == 2 * 12  # start + 12 sheep moves + 11 wolf moves
    assert str(positions[-1]) in ("8,9,10-11", "2,6,8-5", "4,6,10-7")
    # best play counts down: 12 sheep moves to the trap, then 11, 10, ... 1
    solution = solve()
    countdown = [solution.sheep_wins_in(p.nr, SHEEP_MOVE_LIMIT - i) for i, p in enumerate(positions[0::2])]
    assert countdown == list(range(12, 0, -1))


def test_trap_positions_and_seed_entry_are_lost():
    solution = solve()
    assert solution.is_lost(Position.parse("6,8,10-11").nr)
    assert not solution.is_lost(Position.parse("9,10,11-8").nr)  # escaped: the sheep cannot win


# --------------------------------------------------------------------------- independent check
# A plain recursive minimax over the readable rule functions (no tables, no retrograde
# passes): the number of sheep moves to a forced trap, or None.


@cache
def minimax_sheep(position: Position, remaining: int) -> int | None:
    best = None
    for move in legal_sheep_moves(position):
        after = apply_sheep_move(position, move)
        result = result_after_sheep_move(after, SHEEP_MOVE_LIMIT - remaining + 1)
        if result == TRAPPED:
            value = 1
        elif result is not None:
            continue
        else:
            rest = minimax_wolf(after, remaining - 1)
            if rest is None:
                continue
            value = rest + 1
        best = value if best is None else min(best, value)
    return best


@cache
def minimax_wolf(position: Position, remaining: int) -> int | None:
    worst = 0
    for move in legal_wolf_moves(position):
        after = apply_wolf_move(position, move)
        if result_after_wolf_move(after) is not None:
            return None
        value = minimax_sheep(after, remaining)
        if value is None:
            return None
        worst = max(worst, value)
    return worst


def test_solver_agrees_with_minimax_from_the_start():
    assert minimax_sheep(START, SHEEP_MOVE_LIMIT) == solve().sheep_wins_in(START.nr) == 12


@pytest.mark.parametrize("remaining", [3, 8, 15])
def test_solver_agrees_with_minimax_on_sampled_positions(remaining):
    solution = solve()
    for nr in random.Random(remaining).sample(range(1, NR_COUNT + 1), 150):
        assert solution.sheep_wins_in(nr, remaining) == minimax_sheep(position_of(nr), remaining), nr


def test_perfect_sheep_beats_a_random_wolf_every_time():
    from host.game.players import PerfectSheep

    sheep = PerfectSheep(seed=3)
    rng = random.Random(4)
    for _ in range(200):
        game = Game()
        while not game.over:
            game.play_sheep(*sheep.choose(game))
            if not game.over:
                game.play_wolf(*rng.choice(game.legal_wolf_moves()))
        assert game.result == TRAPPED
        assert game.sheep_moves_made <= 15


def test_minimax_without_a_move_limit_also_finds_316_lost_positions():
    budget = 30  # more sheep moves than any forced trap needs (the solver's horizon is below)
    assert solve().horizon < budget
    lost = [nr for nr in range(1, NR_COUNT + 1) if minimax_sheep(position_of(nr), budget) is not None]
    assert len(lost) == 316
    assert lost == solve().lost_positions()
