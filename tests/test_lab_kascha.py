"""Kascha and Robbimat's elimination procedure: the facts of seed 000 (Pohley, Köhne, Lange 1975)."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from host.cli import main
from host.errors import SurroundError
from host.lab.elimination import run_elimination
from host.lab.game import Solver, reachable_states
from host.lab.kascha import BLACK, EMPTY, WHITE, Kascha, hexapawn

# The actions of Abb. 4b of seed 000, numbered as there.
A1, A2, A3, A4, A5, A6 = (1, 1, 0), (2, 1, 0), (1, 2, 0), (2, 2, 0), (1, 1, 1), (1, 2, -1)


def _walk(game, actions):
    figure = game.start()
    for action in actions:
        assert action in game.moves(figure), (action, figure)
        figure = game.play(figure, action)
    return figure


def test_start_figure_and_its_actions():
    game = Kascha(3, 2)
    assert game.start() == ((WHITE, WHITE), (EMPTY, EMPTY), (BLACK, BLACK))
    assert set(game.moves(game.start())) == {A1, A3}  # the seed: A_f0 = {a1, a3}


def test_the_seeds_example_sequences_on_3x2():
    """pi1 = (f0, a3; f2, a5; f6, a1; f9, a4; f13) ends in an end figure; in f6 the seed has
    A_f6 = {a1, a5}, and pi2 = (f0, a3; f2, a5; f6, a5; f10) ends in f10, where no action applies."""
    game = Kascha(3, 2)
    f2 = _walk(game, [A3])
    assert set(game.moves(f2)) == {A1, A5}
    f6 = _walk(game, [A3, A5])
    assert set(game.moves(f6)) == {A1, A5}
    f9 = _walk(game, [A3, A5, A1])
    assert set(game.moves(f9)) == {A4, A6}
    assert game.moves(_walk(game, [A3, A5, A1, A4])) == []  # f13: breakthrough
    assert game.moves(_walk(game, [A3, A5, A5])) == []  # f10: the mover is stuck


def test_3x2_figure_world_has_the_fourteen_figures_and_six_actions_of_abb_4b():
    game = Kascha(3, 2)
    figures = reachable_states(game)
    assert len(figures) == 14  # f0 ... f13
    actions = {a for f in figures for a in game.moves(f)}
    assert actions == {A1, A2, A3, A4, A5, A6}


def test_first_game_of_abb_4a_white_wins():
    """Abb. 4a: White straight with the left pawn, Black captures with its right pawn to the left,
    White captures with its right pawn to the left; Black cannot move."""
    game = Kascha(3, 2)
    end = _walk(game, [A1, A6, A6])
    assert game.result(end) == -1  # Black, to move, has lost


def _longest(game, figure, memo):
    if figure not in memo:
        memo[figure] = max((1 + _longest(game, game.play(figure, a), memo) for a in game.moves(figure)), default=0)
    return memo[figure]


@pytest.mark.parametrize("rows,cols", [(m, n) for m in range(2, 6) for n in range(1, 4)])
def test_no_game_is_longer_than_the_seeds_bound(rows, cols):
    game = Kascha(rows, cols)
    assert _longest(game, game.start(), {}) <= game.longest_game_bound()


def test_second_party_favoured_on_3x2_and_in_hexapawn():
    for game in (Kascha(3, 2), hexapawn()):
        assert Solver(game).value(game.start()) == -1  # the start is a win figure (F+)


@pytest.mark.parametrize("rows,cols", [(m, n) for m in range(2, 6) for n in range(1, 4)] + [(3, 4)])
def test_elimination_verdict_equals_the_exact_solver(rows, cols):
    game = Kascha(rows, cols)
    solver = Solver(game)
    expected = "second" if solver.value(game.start()) < 0 else "first"
    for seed in range(3):
        run = run_elimination(game, random.Random(seed))
        assert run.favoured == expected
        # every game but the last eliminates exactly one alternative
        assert run.games == len(run.eliminated) + 1
        for figure, action in run.eliminated:  # each one a loss alternative: it hands the opponent a won figure
            assert solver.value(game.play(figure, action)) == 1


def test_the_seeds_experiment_on_3x2_ends_with_f0_in_f_plus():
    run = run_elimination(Kascha(3, 2), random.Random(7))
    assert run.start_is_win_figure and run.last_length == 0 and run.last_judgement == "u+"
    assert run.favoured == "second"


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 5), st.integers(1, 4), st.randoms(use_true_random=False))
def test_random_games_keep_the_pawns_and_end(rows, cols, rng):
    game = Kascha(rows, cols)
    figure, length = game.start(), 0
    while game.moves(figure):
        pawns = sum(row.count(WHITE) + row.count(BLACK) for row in figure)
        figure = game.play(figure, rng.choice(game.moves(figure)))
        length += 1
        assert sum(row.count(WHITE) + row.count(BLACK) for row in figure) in (pawns, pawns - 1)
        assert max(row.count(WHITE) for row in figure) <= cols
    assert length <= game.longest_game_bound()
    assert game.result(figure) == -1


def test_show_unflips_the_board_for_black():
    game = Kascha(3, 2)
    text = game.show(game.play(game.start(), A1), white_to_move=False)
    assert text.splitlines()[:3] == ["3 x x", "2 o .", "1 . o"]


def test_bad_board_size_is_a_clear_error():
    with pytest.raises(SurroundError, match="at least 2 rows"):
        Kascha(1, 3)


def test_cli_kascha_json_says_second_party_favoured_on_3x2(capsys):
    assert main(["lab", "kascha", "--rows", "3", "--cols", "2", "--json", "--runs", "5"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["favoured"] == "second" and data["solver_favoured"] == "second"
    assert data["figures"] == 14 and data["agrees_with_solver"] and data["eliminated_not_losing"] == 0
    assert len(data["games_per_run"]) == 5 and data["games"]["min"] >= 1


def test_cli_kascha_rejects_a_board_too_large(capsys):
    assert main(["lab", "kascha", "--rows", "9", "--cols", "9"]) == 2
    assert "too large" in capsys.readouterr().err


def test_protocol_conditions_of_table_2():
    """Stop with length 0 and u+ gives f0 in F+; length 1 and u+ (condition d/e) gives F-."""
    second = run_elimination(Kascha(3, 2), random.Random(1))
    assert (second.last_length, second.last_judgement, second.favoured) == (0, "u+", "second")
    first = run_elimination(Kascha(2, 2), random.Random(1))
    assert (first.last_length, first.last_judgement, first.favoured) == (1, "u+", "first")


class MisereGrundy:
    """Grundy's game where the player who cannot move WINS: its end figures are in T-."""

    def __init__(self, coins):
        from host.lab.grundy import GrundyGame

        self.inner = GrundyGame(coins)
        self.name = f"misère Grundy {coins}"

    def start(self):
        return self.inner.start()

    def moves(self, state):
        return self.inner.moves(state)

    def play(self, state, move):
        return self.inner.play(state, move)

    def result(self, state):
        return None if self.moves(state) else 1


@pytest.mark.parametrize("coins", range(3, 13))
def test_elimination_with_end_figures_in_t_minus(coins):
    """The u- branch of Table 3: the last alternative is eliminated when the end figure is won by its mover."""
    game = MisereGrundy(coins)
    solver = Solver(game)
    expected = "second" if solver.value(game.start()) < 0 else "first"
    for seed in range(3):
        run = run_elimination(game, random.Random(seed))
        assert run.favoured == expected
        assert all(solver.value(game.play(f, a)) == 1 for f, a in run.eliminated)
