"""Tic-tac-toe: the counts and the genome of seed 004, the heuristic of seed 002."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from host.cli import main
from host.lab.game import Solver, match, perfect_player, random_player
from host.lab.genome import GENES, Genome, crossover, decode_gene, encode_gene, evolve, gene_layout, genome_bits, mutate
from host.lab.tictactoe import (
    SYMMETRIES,
    TicTacToe,
    canonical,
    depth_limited_value,
    heuristic,
    heuristic_player,
    reachable_by_pieces,
    situations_per_move,
    symmetry_classes,
    transform,
    valid_situations,
)

boards = st.lists(st.sampled_from((0, 1, 2)), min_size=9, max_size=9).map(tuple)


def test_seed_004_six_thousand_and_forty_six_valid_situations():
    assert len(valid_situations()) == 6046


def test_the_eight_operations_form_the_symmetry_group_of_the_square():
    assert len(set(SYMMETRIES)) == 8
    for a in SYMMETRIES:
        for b in SYMMETRIES:
            assert tuple(a[b[i]] for i in range(9)) in SYMMETRIES  # closed under composition
    corner = (1, 0, 0, 0, 0, 0, 0, 0, 0)
    assert {transform(corner, p).index(1) for p in SYMMETRIES} == {0, 2, 6, 8}


def test_valid_situations_fall_into_850_classes():
    classes = symmetry_classes(valid_situations())
    assert len(classes) == 850
    assert sum(len(members) for members in classes.values()) == 6046


@given(boards)
def test_representative_is_the_same_for_every_image(board):
    representative, permutation = canonical(board)
    assert transform(board, permutation) == representative
    assert all(canonical(transform(board, p))[0] == representative for p in SYMMETRIES)


def test_seed_004_situations_per_move():
    """The table of seed 004 (from mathrec.org): 1, 3, 12, 38, 108, 174, 204, 153, 57."""
    assert [len(layer) for layer in situations_per_move()] == [1, 3, 12, 38, 108, 174, 204, 153, 57]
    assert len(symmetry_classes(reachable_by_pieces()[9])) == 15  # the finished full boards, for the record


def test_seed_004_genome_bit_lengths():
    layout = gene_layout()
    assert [g.choices for g in layout] == [9, 8, 7, 6, 5, 4, 3, 2]
    assert [g.bits for g in layout] == [4, 9, 34, 99, 251, 348, 324, 153]
    assert genome_bits() == 1222
    assert all(2 ** (g.bits - 1) < g.patterns <= 2 ** g.bits for g in layout)


def test_decoding_follows_the_sheet():
    gene = gene_layout()[1]  # move 2: 3 situations, 8 free cells
    assert decode_gene(0, gene) == [0, 0, 0]
    assert decode_gene(8 ** 3 - 1, gene) == [7, 7, 7]
    assert decode_gene(1 * 64 + 2 * 8 + 3, gene) == [1, 2, 3]  # situation 1 is the most significant digit
    assert decode_gene(8 ** 3 + 5, gene) == [0, 0, 5]  # d' = d mod z^s
    assert decode_gene(0b1111, gene_layout()[0]) == [15 % 9]


@given(st.integers(0, GENES - 1), st.data())
def test_encode_and_decode_are_inverse(index, data):
    gene = gene_layout()[index]
    reactions = data.draw(st.lists(st.integers(0, gene.choices - 1),
                                   min_size=gene.situations, max_size=gene.situations))
    assert decode_gene(encode_gene(reactions, gene), gene) == reactions


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False))
def test_every_genome_is_a_correct_player(rng):
    """Whatever the bits, the decoded player only ever makes legal moves."""
    genome = Genome.random(rng)
    game = TicTacToe()
    for _ in range(5):
        board = game.start()
        while game.result(board) is None:
            legal = game.moves(board)
            move = genome.choose(board, legal) if rng.random() < 0.5 else rng.choice(legal)
            assert move in legal
            board = game.play(board, move)


def test_the_genome_answers_symmetric_boards_symmetrically():
    genome = Genome.random(random.Random(5))
    board = (1, 0, 0, 0, 2, 0, 0, 0, 0)
    move = genome.choose(board)
    for p in SYMMETRIES:
        image = transform(board, p)
        assert image[p.index(move)] == 0 and genome.choose(image) == p.index(move)


def test_mutation_and_crossover():
    rng = random.Random(2)
    a, b = Genome.random(rng), Genome.random(rng)
    assert mutate(a, 0.0, rng) == a
    flipped = mutate(a, 1.0, rng)
    assert all(x ^ y == 2 ** g.bits - 1 for x, y, g in zip(a.genes, flipped.genes, gene_layout()))
    child, other = crossover(a, b, rng)
    cut = next(i for i in range(GENES) if child.genes[i] != a.genes[i])
    assert child.genes == a.genes[:cut] + b.genes[cut:] and other.genes == b.genes[:cut] + a.genes[cut:]
    assert len(a.bits()) == 1222


def test_genetic_algorithm_raises_the_mean_fitness_against_a_perfect_player():
    game = TicTacToe()
    rng = random.Random(11)
    opponent = perfect_player(Solver(game), rng)
    run = evolve(lambda g: match(game, g.choose, opponent, 6).points, rng, population=12, generations=6)
    assert len(run.history) == 7
    assert run.history[-1].mean > run.history[0].mean
    assert run.best_fitness == max(g.best for g in run.history)


def test_the_lecture_heuristic():
    """Unblocked triples for the player to move minus the opponent's: after the first player's
    centre it is 4 - 8, after a corner 5 - 8, after an edge 6 - 8 (the second player to move)."""
    assert heuristic((0,) * 9) == 0
    assert heuristic((0, 0, 0, 0, 1, 0, 0, 0, 0)) == -4
    assert heuristic((1, 0, 0, 0, 0, 0, 0, 0, 0)) == -3
    assert heuristic((0, 1, 0, 0, 0, 0, 0, 0, 0)) == -2


def test_deep_enough_search_is_exact():
    game = TicTacToe()
    solver = Solver(game)
    assert solver.value(game.start()) == 0  # tic-tac-toe is a draw
    for board in reachable_by_pieces()[5]:
        if game.result(board) is None:
            assert (depth_limited_value(board, 9) > 0) - (depth_limited_value(board, 9) < 0) == solver.value(board)


def test_heuristic_player_beats_random_and_never_beats_perfect():
    game = TicTacToe()
    rng = random.Random(4)
    player = heuristic_player(2, rng)
    assert match(game, player, random_player(rng), 60).points > 0.75
    assert match(game, player, perfect_player(Solver(game), rng), 30).wins == 0


def test_cli_ttt_json_gives_the_seed_numbers(capsys):
    assert main(["lab", "ttt", "--json", "--generations", "0", "--games", "10", "--depths", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["states"] == 6046
    assert data["classes_per_move"] == [1, 3, 12, 38, 108, 174, 204, 153, 57]
    assert data["genome_bits"] == 1222 and data["genome_bits_per_gene"] == [4, 9, 34, 99, 251, 348, 324, 153]
    assert data["heuristic"]["1"]["random"]["games"] == 10


def test_cli_ttt_rejects_bad_depths(capsys):
    assert main(["lab", "ttt", "--depths", "one"]) == 2
    assert "--depths" in capsys.readouterr().err


def test_seed_004_information_per_gene_and_the_single_number_remark():
    """The sheet's row 'z^s log 2': 3.2, 9.0, 33.7, 98.2, 250.8, 348.0, 323.3, 153.0, sum 1219.1;
    one number for all moves would need slightly fewer bits than the 1,222 of eight genes."""
    import math

    layout = gene_layout()
    information = [g.situations * math.log2(g.choices) for g in layout]
    assert [round(x, 1) for x in information] == [3.2, 9.0, 33.7, 98.2, 250.8, 348.0, 323.3, 153.0]
    assert math.floor(sum(information) * 10) / 10 == 1219.1  # 1219.19: the sheet cuts the sum off, not rounds it
    one_number = math.prod(g.patterns for g in layout)
    assert (one_number - 1).bit_length() == 1220 < genome_bits()
