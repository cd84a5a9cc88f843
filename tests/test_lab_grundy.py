"""Grundy's game with minimax and alpha-beta, as the lecture of seed 002 defines them."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from host.cli import main
from host.lab.game import Solver
from host.lab.grundy import (
    KNOWN_GRUNDY_VALUES,
    Counter,
    GrundyGame,
    alphabeta,
    alphabeta_visited,
    game_tree,
    grundy_value,
    minimax,
    search_figures,
    tree_size,
)


def test_moves_split_one_pile_into_two_unequal_parts():
    game = GrundyGame(7)
    assert game.moves((7,)) == [(7, 6, 1), (7, 5, 2), (7, 4, 3)]
    assert game.play((7,), (7, 4, 3)) == (4, 3)
    assert game.moves((2, 2, 1, 1, 1)) == []  # piles of 1 and 2 cannot be split unequally
    assert game.moves((6,))[-1] == (6, 4, 2)  # 3+3 is not allowed


@given(st.integers(1, 40), st.randoms(use_true_random=False))
def test_every_move_keeps_the_coins_and_adds_one_pile(coins, rng):
    game = GrundyGame(coins)
    piles = game.start()
    while game.moves(piles):
        after = game.play(piles, rng.choice(game.moves(piles)))
        assert sum(after) == coins and len(after) == len(piles) + 1 and all(p > 0 for p in after)
        piles = after
    assert all(p <= 2 for p in piles)


def test_mex_computation_reproduces_the_known_grundy_values():
    assert [grundy_value(n) for n in range(21)] == list(KNOWN_GRUNDY_VALUES)


@pytest.mark.parametrize("coins", range(1, 21))
def test_first_player_wins_exactly_when_the_grundy_value_is_not_zero(coins):
    """The exact (memoised) solver for n = 1..20; first player loses for n = 1, 2, 4, 7, 10, 20."""
    game = GrundyGame(coins)
    assert (Solver(game).value(game.start()) > 0) == (KNOWN_GRUNDY_VALUES[coins] != 0)


@pytest.mark.parametrize("coins", range(1, 16))
def test_minimax_and_alphabeta_agree_and_alphabeta_never_visits_more(coins):
    game = GrundyGame(coins)
    full, pruned = Counter(), Counter()
    value = minimax(game, game.start(), True, full)
    assert alphabeta(game, game.start(), True, pruned) == value
    assert value == (1 if KNOWN_GRUNDY_VALUES[coins] else -1)
    assert full.nodes == tree_size(game)  # plain minimax visits the complete tree
    assert pruned.nodes <= full.nodes


def test_seven_coins_the_lectures_example():
    """n = 7 (the lecture's "Nim mit n = 7"): the first player (Max) loses; the complete tree has
    24 nodes, alpha-beta visits 19 of them (measured here with the moves in the order above)."""
    figures = search_figures(7)
    assert (figures.value, figures.nodes_minimax, figures.nodes_alphabeta) == (-1, 24, 19)
    root = game_tree(7)
    assert root.value == -1 and [c.piles for c in root.children] == [(6, 1), (5, 2), (4, 3)]
    assert len(alphabeta_visited(root)) == 19


def test_cli_grundy_seven_coins_first_player_loses(capsys):
    assert main(["lab", "grundy", "--coins", "7", "--max", "12", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["first_player"] == "loses" and data["value"] == -1
    assert data["values"]["7"] == -1 and data["values"]["8"] == 1
    assert data["nodes_minimax"]["7"] == 24 and data["nodes_alphabeta"]["7"] == 19
    assert data["agrees_with_grundy_values"]


def test_cli_grundy_draws_the_tree(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    target = tmp_path / "tree.png"
    assert main(["lab", "grundy", "--coins", "7", "--max", "8", "--plot", str(target)]) == 0
    assert target.read_bytes()[:4] == b"\x89PNG"


def test_cli_grundy_refuses_a_tree_too_large_to_draw(tmp_path, capsys):
    assert main(["lab", "grundy", "--coins", "12", "--max", "12", "--plot", str(tmp_path / "t.png")]) == 2
    assert "too large to draw" in capsys.readouterr().err
