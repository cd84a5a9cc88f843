"""The learning wolf: what it learns, what it avoids, and that its random choice is uniform."""

import random
from collections import Counter

import pytest

from host.engines.harness import play_learning_game
from host.engines.reference import ReferenceEngine
from host.errors import SurroundError
from host.game.learner import FollowChooser, WolfLearner, random_chooser
from host.game.players import MixedSheep, PerfectSheep, RandomSheep
from host.game.rules import Blacklist, Move, Position
from host.game.solver import solve

# Upper 0.1% points of the chi-square distribution, by degrees of freedom.
CHI_SQUARE_999 = {1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467, 5: 20.515, 6: 22.458, 7: 24.322}


def chi_square(counts: Counter, categories: list, draws: int) -> float:
    expected = draws / len(categories)
    return sum((counts[category] - expected) ** 2 / expected for category in categories)


@pytest.mark.parametrize("sheep_factory", [RandomSheep, PerfectSheep, lambda seed: MixedSheep(0.5, seed)])
def test_every_learned_position_is_a_solver_confirmed_loss(sheep_factory):
    engine = ReferenceEngine(seed=11)
    sheep = sheep_factory(12)
    for _ in range(2000):
        play_learning_game(engine, sheep)
    solution = solve()
    learned = engine.blacklist.nrs()
    assert learned, "the wolf should have lost and learned something"
    assert [nr for nr in learned if not solution.is_lost(nr)] == []


def test_wolf_choice_is_uniform_over_the_not_bad_moves():
    # After the sheep's 1,3 the wolf on 6 has the moves to 5, 7, 8, 9, 10.
    learner = WolfLearner(seed=2024)
    before, after = Position.parse("1,2,4-6").nr, Position.parse("2,3,4-6").nr
    draws = 20000
    counts = Counter(learner.wolf_turn(before, after) for _ in range(draws))
    moves = [Move(6, target) for target in (5, 7, 8, 9, 10)]
    assert set(counts) == set(moves)
    assert chi_square(counts, moves, draws) < CHI_SQUARE_999[len(moves) - 1]
    assert len(learner.blacklist) == 0


@pytest.mark.parametrize("size", [2, 3, 5, 7, 8])
def test_default_chooser_is_uniform(size):
    chooser = random_chooser(seed=size)
    candidates = [Move(6, target) for target in range(1, size + 1)]
    draws = 3000 * size
    counts = Counter(chooser(candidates) for _ in range(draws))
    assert chi_square(counts, candidates, draws) < CHI_SQUARE_999[size - 1]


def test_a_biased_chooser_fails_the_uniformity_test():
    rng = random.Random(5)
    candidates = [Move(6, target) for target in range(1, 6)]
    biased = Counter(candidates[0] if rng.random() < 0.25 else rng.choice(candidates) for _ in range(20000))
    assert chi_square(biased, candidates, 20000) > CHI_SQUARE_999[4]


def test_bad_moves_are_avoided():
    blacklist = Blacklist()
    blacklist.add(Position.parse("2,3,4-5").nr)
    blacklist.add(Position.parse("2,3,4-8").nr)
    learner = WolfLearner(blacklist, seed=1)
    before, after = Position.parse("1,2,4-6").nr, Position.parse("2,3,4-6").nr
    chosen = {learner.wolf_turn(before, after) for _ in range(500)}
    assert chosen == {Move(6, 7), Move(6, 9), Move(6, 10)}
    candidates = learner.candidates(before, after)
    assert candidates.allowed == (Move(6, 7), Move(6, 9), Move(6, 10))
    assert candidates.learns is None


def test_when_every_move_is_bad_p_is_learned_and_any_move_allowed():
    blacklist = Blacklist()
    for wolf in (5, 7, 8, 9, 10):
        blacklist.add(Position.make((2, 3, 4), wolf).nr)
    learner = WolfLearner(blacklist, seed=1)
    before, after = Position.parse("1,2,4-6").nr, Position.parse("2,3,4-6").nr
    assert learner.candidates(before, after).learns == before
    move = learner.wolf_turn(before, after)
    assert move in [Move(6, t) for t in (5, 7, 8, 9, 10)]
    assert before in learner.blacklist and len(learner.blacklist) == 6


def test_trapped_wolf_learns_p():
    learner = WolfLearner(seed=1)
    before = Position.parse("6,8,10-11").nr
    assert learner.wolf_turn(before, Position.parse("8,9,10-11").nr) is None
    assert learner.blacklist.nrs() == [1310]


def test_a_fresh_wolf_learns_only_when_trapped():
    sheep = MixedSheep(0.7, seed=8)
    outcomes = Counter()
    for seed in range(300):
        engine = ReferenceEngine(seed=seed)
        game = play_learning_game(engine, sheep)
        outcomes[game.winner] += 1
        if game.winner == "wolf":
            assert engine.blacklist.nrs() == []  # nothing is learned when the wolf wins
        else:
            assert engine.blacklist.nrs() == [game.last_sheep_nr]
    assert outcomes["wolf"] and outcomes["sheep"]


def test_follow_chooser_and_a_chooser_that_cheats():
    follow = FollowChooser()
    learner = WolfLearner(chooser=follow)
    before, after = Position.parse("1,2,4-6").nr, Position.parse("2,3,4-6").nr
    follow.next_move = Move(6, 9)
    assert learner.wolf_turn(before, after) == Move(6, 9)
    with pytest.raises(SurroundError):
        learner.wolf_turn(before, after)  # nothing to follow
    cheat = WolfLearner(chooser=lambda moves: Move(6, 2))
    with pytest.raises(SurroundError, match="not one of"):
        cheat.wolf_turn(before, after)


def test_fast_wolf_turn_agrees_with_candidates():
    rng = random.Random(6)
    solution_lost = solve().lost_positions()
    for _ in range(300):
        blacklist = Blacklist()
        for nr in rng.sample(solution_lost, rng.randrange(0, 200)):
            blacklist.add(nr)
        before, after = rng.randrange(1, 1321), rng.randrange(1, 1321)
        learner = WolfLearner(blacklist.copy(), seed=rng.randrange(1000))
        candidates = learner.candidates(before, after)
        move = learner.wolf_turn(before, after)
        if candidates.moves:
            assert move in candidates.allowed
        else:
            assert move is None
        expected = blacklist.copy()
        if candidates.learns is not None:
            expected.add(candidates.learns)
        assert learner.blacklist == expected
