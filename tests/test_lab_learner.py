"""Surround's black-list learner on the lab's games; every learned entry checked by the exact solver."""

import json
import random

import pytest

from host.cli import main
from host.lab.blacklist import BlackListLearner, learning_curve, opponent_positions, play_learning_game
from host.lab.game import Solver, perfect_player, random_player
from host.lab.grundy import GrundyGame
from host.lab.kascha import Kascha, hexapawn
from host.lab.tictactoe import TicTacToe

GAMES = {
    "hexapawn": hexapawn(),
    "3x2 kascha": Kascha(3, 2),
    "4x3 kascha": Kascha(4, 3),
    "grundy 12": GrundyGame(12),
    "grundy 10": GrundyGame(10),
    "tic-tac-toe": TicTacToe(),
}


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("learner_first", [True, False])
@pytest.mark.parametrize("opponent_kind", ["perfect", "random"])
def test_every_learned_entry_is_a_real_loss(name, learner_first, opponent_kind):
    game = GAMES[name]
    solver = Solver(game)
    rng = random.Random(hash((name, learner_first, opponent_kind)) & 0xFFFF)
    opponent = perfect_player(solver, rng) if opponent_kind == "perfect" else random_player(rng)
    learner = BlackListLearner(game, rng)
    for _ in range(300):
        play_learning_game(game, learner, opponent, learner_first)
    assert learner.blacklist, "the learner should have learned something in 300 games"
    for position in learner.blacklist:
        assert solver.value(position) == 1  # won for the opponent, who is to move there
    if learner.start_lost:
        assert learner_first and solver.value(game.start()) == -1


@pytest.mark.slow
def test_learner_on_the_favoured_side_learns_to_beat_a_perfect_opponent():
    for game, first in ((hexapawn(), False), (GrundyGame(12), True), (Kascha(4, 3), False)):
        solver = Solver(game)
        rng = random.Random(3)
        curve = learning_curve(game, "perfect", perfect_player(solver, rng), first, 600, 100, rng, solver,
                               perfect_player(solver, rng))
        assert curve.unconfirmed == [] and curve.confirmed == curve.blacklist
        assert curve.block_results[-1]["win_rate"] >= 0.95 > curve.block_results[0]["win_rate"]
        assert curve.perfect_win_rate == 1.0
        assert curve.blacklist <= curve.lost_positions


def test_learner_on_the_losing_side_learns_that_the_start_is_lost():
    game = hexapawn()  # the first player loses
    solver = Solver(game)
    rng = random.Random(8)
    learner = BlackListLearner(game, rng)
    opponent = perfect_player(solver, rng)
    for _ in range(400):
        assert play_learning_game(game, learner, opponent, learner_first=True) == -1
    assert learner.start_lost


def test_tic_tac_toe_learner_stops_losing_against_perfect_play():
    game = TicTacToe()
    solver = Solver(game)
    rng = random.Random(2)
    curve = learning_curve(game, "perfect", perfect_player(solver, rng), True, 1500, 500, rng, solver,
                           perfect_player(solver, rng))
    assert curve.unconfirmed == []
    assert curve.block_results[-1]["loss_rate"] < curve.block_results[0]["loss_rate"]
    assert all(b["win_rate"] == 0 for b in curve.block_results)  # nobody beats a perfect player


def test_opponent_positions_are_the_boards_the_opponent_faces():
    from host.lab.tictactoe import reachable_by_pieces

    layers = reachable_by_pieces()
    assert opponent_positions(TicTacToe(), learner_first=True) == {b for k in (1, 3, 5, 7, 9) for b in layers[k]}
    assert opponent_positions(TicTacToe(), learner_first=False) == {b for k in (0, 2, 4, 6, 8) for b in layers[k]}


def test_cli_learn_json(capsys):
    assert main(["lab", "learn", "--game", "grundy", "--coins", "9", "--games", "100", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["learner"] == "first"
    assert {c["opponent"] for c in data["curves"]} == {"perfect", "random"}
    assert all(c["unconfirmed"] == [] and c["confirmed"] == c["blacklist"] for c in data["curves"])
    assert len(data["curves"][0]["block_results"]) == 20
    elimination = data["elimination"]
    assert elimination["applicable"] and elimination["favoured"] == elimination["solver_favoured"] == "first"
    assert elimination["eliminated_not_losing"] == 0


def test_cli_learn_says_the_elimination_needs_a_win_loss_game(capsys):
    assert main(["lab", "learn", "--game", "ttt", "--games", "20", "--opponent", "random"]) == 0
    assert "does not apply" in capsys.readouterr().out


def test_cli_learn_plot(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    target = tmp_path / "curve.png"
    assert main(["lab", "learn", "--game", "hexapawn", "--games", "40", "--plot", str(target)]) == 0
    assert target.read_bytes()[:4] == b"\x89PNG"


def test_cli_learn_refuses_a_board_too_large(capsys):
    assert main(["lab", "learn", "--game", "kascha", "--rows", "6", "--cols", "4"]) == 2
    assert "too large" in capsys.readouterr().err
