"""The rules of docs/rules.md: board, moves, end conditions, the NR hash and the black-list layout."""

from itertools import combinations

import pytest

from host.errors import SurroundError
from host.game.game import GAME_OVER, SHEEP_TO_MOVE, WOLF_TO_MOVE, Game
from host.game.learner import FollowChooser, WolfLearner
from host.game.records import move_between
from host.game.rules import (
    BLACKLIST_BYTES,
    COLUMN,
    ESCAPED,
    NEIGHBOURS,
    NR_COUNT,
    POSITION_OF,
    SHEEP_STUCK,
    START,
    TIME,
    TRAPPED,
    Blacklist,
    Move,
    Position,
    illegal_sheep_move_reason,
    legal_sheep_moves,
    legal_wolf_moves,
    nr_of,
    position_of,
    result_after_sheep_move,
    result_after_wolf_move,
)

# The neighbour table of docs/rules.md, copied by hand.
RULES_NEIGHBOURS = {
    1: (2, 3, 4), 2: (1, 3, 5, 6), 3: (1, 2, 4, 6), 4: (1, 3, 6, 7), 5: (2, 6, 8),
    6: (2, 3, 4, 5, 7, 8, 9, 10), 7: (4, 6, 10), 8: (5, 6, 9, 11), 9: (6, 8, 10, 11),
    10: (6, 7, 9, 11), 11: (8, 9, 10),
}

SEED_GAME = (
    "1,2,4-6 2,3,4-6 2,3,4-8 2,3,6-8 2,3,6-11 2,3,8-11 2,3,8-9 2,6,8-9 2,6,8-11 "
    "2,8,10-11 2,8,10-9 6,8,10-9 6,8,10-11 8,9,10-11"
)


def test_neighbours_are_those_of_the_rules_table():
    assert NEIGHBOURS == RULES_NEIGHBOURS


def test_lines_are_symmetric():
    for point, near in NEIGHBOURS.items():
        for other in near:
            assert point in NEIGHBOURS[other]


def test_columns():
    assert [COLUMN[p] for p in range(1, 12)] == [0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4]


@pytest.mark.parametrize(
    "text, expected",
    [("1,2,4-6", 602), ("6,8,10-11", 1310), ("8,9,10-11", 1320), ("2,6,8-5", 527), ("4,6,10-7", 795)],
)
def test_nr_examples_of_the_rules(text, expected):
    assert Position.parse(text).nr == expected


def test_nr_is_a_bijection_onto_1_to_1320():
    numbers = [nr_of(sheep, wolf) for wolf in range(1, 12)
               for sheep in combinations([p for p in range(1, 12) if p != wolf], 3)]
    assert len(numbers) == 1320
    assert sorted(numbers) == list(range(1, NR_COUNT + 1))


def test_nr_equals_the_factored_formula_and_the_inverse_holds():
    for nr in range(1, NR_COUNT + 1):
        position = position_of(nr)
        w = position.wolf - 1
        s1, s2, s3 = sorted(p - 1 - (p > position.wolf) for p in position.sheep)
        factored = (-2 * s2**3 + 30 * s2**2 - 34 * s2) // 6 + s1 * (9 - s2) + s3 + 120 * w
        assert factored == nr
        assert position.nr == nr


def test_position_of_rejects_numbers_outside_the_range():
    for bad in (0, 1321, -5):
        with pytest.raises(SurroundError):
            position_of(bad)


@pytest.mark.parametrize("text", ["1,2,4", "1,2-6", "1,2,2-6", "1,2,4-4", "0,2,4-6", "1,2,x-6", "1,2,4-12", ""])
def test_bad_position_text(text):
    with pytest.raises(SurroundError):
        Position.parse(text)


def test_position_text_round_trip():
    for position in POSITION_OF[1:]:
        assert Position.parse(str(position)) == position


@pytest.mark.parametrize("position, src, dst", [("1,7,11-5", 7, 4), ("1,8,11-5", 8, 6), ("1,6,11-5", 6, 2)])
def test_sheep_never_move_back(position, src, dst):
    assert "back" in illegal_sheep_move_reason(Position.parse(position), Move(src, dst))


@pytest.mark.parametrize(
    "position, src, dst",
    [("2,5,8-11", 2, 3), ("3,5,8-11", 3, 2), ("1,2,9-6", 9, 10), ("1,2,10-6", 10, 9),
     ("1,2,4-6", 2, 5), ("1,2,8-6", 8, 11)],
)
def test_vertical_and_forward_sheep_moves_are_allowed(position, src, dst):
    assert illegal_sheep_move_reason(Position.parse(position), Move(src, dst)) is None


def test_illegal_sheep_move_reasons():
    assert "no sheep" in illegal_sheep_move_reason(START, Move(3, 5))
    assert "not joined" in illegal_sheep_move_reason(START, Move(1, 5))
    assert "occupied" in illegal_sheep_move_reason(START, Move(1, 2))
    assert "not on the board" in illegal_sheep_move_reason(START, Move(1, 12))


def test_wolf_moves_are_in_ascending_target_order():
    for position in POSITION_OF[1:]:
        targets = [move.dst for move in legal_wolf_moves(position)]
        assert targets == sorted(targets)
        assert set(targets) == set(NEIGHBOURS[position.wolf]) - position.occupied


def test_start_moves():
    assert legal_sheep_moves(START) == [Move(1, 3), Move(2, 3), Move(2, 5), Move(4, 3), Move(4, 7)]
    assert [m.dst for m in legal_wolf_moves(START)] == [3, 5, 7, 8, 9, 10]


@pytest.mark.parametrize("text", ["8,9,10-11", "2,6,8-5", "4,6,10-7"])
def test_the_three_trap_positions(text):
    assert legal_wolf_moves(Position.parse(text)) == []


def test_end_order_after_sheep_move_trapped_before_escaped_and_time():
    trapped_and_escaped = Position.make((2, 3, 4), 1)
    assert result_after_sheep_move(trapped_and_escaped, 3) == TRAPPED
    assert result_after_sheep_move(Position.parse("8,9,10-11"), 15) == TRAPPED
    assert result_after_sheep_move(Position.parse("8,9,10-7"), 15) == ESCAPED
    assert result_after_sheep_move(Position.parse("2,3,4-8"), 15) == TIME
    assert result_after_sheep_move(Position.parse("2,3,4-8"), 14) is None


def test_end_order_after_wolf_move_escaped_before_sheep_stuck():
    assert result_after_wolf_move(Position.make((9, 10, 11), 8)) == ESCAPED
    assert result_after_wolf_move(Position.make((8, 9, 10), 11)) == SHEEP_STUCK
    assert result_after_wolf_move(START) is None


def test_game_trap_on_the_fifteenth_move_is_a_sheep_win():
    game = Game(Position.parse("6,8,10-11"))
    game.sheep_moves_made = 14
    assert game.play_sheep(6, 9) == TRAPPED
    assert game.state == GAME_OVER and game.winner == "sheep"


def test_game_time_after_fifteen_sheep_moves():
    game = Game()
    for turn in range(1, 16):
        assert game.state == SHEEP_TO_MOVE
        result = game.play_sheep(*((2, 3) if turn % 2 else (3, 2)))  # vertical moves
        if turn == 15:
            break
        assert result is None
        game.play_wolf(*((6, 5) if turn % 2 else (5, 6)))
    assert game.result == TIME and game.winner == "wolf"
    assert game.sheep_moves_made == 15


def test_game_rejects_illegal_moves_and_turn_order():
    game = Game()
    with pytest.raises(SurroundError, match="occupied"):
        game.play_sheep(1, 2)
    with pytest.raises(SurroundError, match="not the wolf's turn"):
        game.play_wolf(6, 5)
    game.play_sheep(1, 3)
    assert game.state == WOLF_TO_MOVE
    with pytest.raises(SurroundError, match="not joined"):
        game.play_wolf(6, 11)


def test_seed_game_is_legal_and_teaches_6_8_10_11():
    positions = [Position.parse(token) for token in SEED_GAME.split()]
    follow = FollowChooser()
    learner = WolfLearner(chooser=follow)
    game = Game()
    for before, after in zip(positions, positions[1:]):
        move = move_between(before, after)
        if game.state == SHEEP_TO_MOVE:
            if game.play_sheep(*move) == TRAPPED:
                assert learner.wolf_turn(game.last_sheep_nr, game.nr) is None
        else:
            follow.next_move = move
            assert learner.wolf_turn(game.last_sheep_nr, game.nr) == move
            game.play_wolf(*move)
        assert game.position == after
    assert game.result == TRAPPED
    assert game.positions() == positions
    assert learner.blacklist.nrs() == [1310]
    assert str(position_of(1310)) == "6,8,10-11"


def test_blacklist_bit_layout():
    blacklist = Blacklist()
    for nr in (1, 8, 9, 1320):
        blacklist.add(nr)
    data = blacklist.to_bytes()
    assert len(data) == BLACKLIST_BYTES == 165
    assert data[0] == 0b1000_0001
    assert data[1] == 0b0000_0001
    assert data[164] == 0b1000_0000
    assert sum(data) == 0b1000_0001 + 1 + 0b1000_0000
    assert Blacklist(data).nrs() == [1, 8, 9, 1320]
    assert 9 in blacklist and 10 not in blacklist and len(blacklist) == 4


def test_blacklist_rejects_wrong_length():
    with pytest.raises(SurroundError, match="165"):
        Blacklist(bytes(164))
