"""Mühle (seed 003): the board, the three phases, the article's evaluation and the players."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from host.cli import main
from host.errors import SurroundError
from host.lab.game import match, random_player
from host.lab.muehle import (
    BLACK,
    EMPTY,
    LINES,
    LINES_THROUGH,
    MAX_PLIES,
    NAMES,
    NEIGHBOURS,
    WHITE,
    Muehle,
    Position,
    parse_step,
    point,
    removable,
    show,
)
from host.lab.muehle_eval import POINTS, AlphaBeta, counts, judge_removals, judge_steps, one_ply_player, phase, score


def board_with(white=(), black=()):
    board = [EMPTY] * 24
    for name in white:
        board[point(name)] = WHITE
    for name in black:
        board[point(name)] = BLACK
    return tuple(board)


def moving(white, black, to_move=WHITE):
    return Position(board_with(white, black), to_move, (0, 0))


def test_board_geometry():
    assert len(LINES) == 16 and all(len(LINES_THROUGH[p]) == 2 for p in range(24))
    assert sum(len(n) for n in NEIGHBOURS) == 2 * 32
    assert sorted(NAMES) == sorted(["a1", "a4", "a7", "b2", "b4", "b6", "c3", "c4", "c5", "d1", "d2", "d3", "d5",
                                    "d6", "d7", "e3", "e4", "e5", "f2", "f4", "f6", "g1", "g4", "g7"])
    assert {NAMES[n] for n in NEIGHBOURS[point("d6")]} == {"b6", "f6", "d7", "d5"}
    assert {NAMES[n] for n in NEIGHBOURS[point("a1")]} == {"a4", "d1"}


def test_placing_phase_and_a_mill_takes_a_stone():
    game = Muehle()
    start = game.start()
    assert len(game.moves(start)) == 24 and all(m[0] is None for m in game.moves(start))
    position = Position(board_with(["a7", "d7"], ["a1", "d1", "b2"]), WHITE, (7, 6))
    mill_moves = [m for m in game.moves(position) if m[1] == point("g7")]
    assert {NAMES[m[2]] for m in mill_moves} == {"a1", "d1", "b2"}
    after = game.play(position, mill_moves[0])
    assert after.to_move == BLACK and after.in_hand == (6, 6) and after.stones(BLACK) == 2


def test_stones_in_a_mill_are_safe_unless_all_are():
    board = board_with([], ["a1", "d1", "g1", "b2"])
    assert {NAMES[p] for p in removable(board, BLACK)} == {"b2"}
    board = board_with([], ["a1", "d1", "g1"])
    assert {NAMES[p] for p in removable(board, BLACK)} == {"a1", "d1", "g1"}


def test_moving_and_jumping():
    game = Muehle()
    position = moving(["a7", "d6", "c4", "f2"], ["g1", "b4", "e4"])
    assert all(m[1] in NEIGHBOURS[m[0]] for m in game.moves(position))
    black = moving(["a7", "d6", "c4", "f2"], ["g1", "b4", "e4"], to_move=BLACK)
    assert black.jumping(BLACK)
    assert len(game.moves(black)) == 3 * (24 - 7)  # any stone to any empty point


def test_losing_by_two_stones_or_by_being_blocked():
    game = Muehle()
    assert game.result(moving(["a7", "d7", "g7"], ["a1", "d1"], to_move=BLACK)) == -1
    # Black's corners a7, a1, g7 and g1 with every neighbour taken by White: blocked, lost.
    blocked = moving(["d7", "a4", "d1", "g4", "b6"], ["a7", "a1", "g7", "g1"], to_move=BLACK)
    assert game.result(blocked) == -1
    # The same with d1 free: a1 and g1 can still move there.
    assert game.result(moving(["d7", "a4", "g4", "b6"], ["a7", "a1", "g7", "g1"], to_move=BLACK)) is None


@pytest.mark.parametrize("placed,expected", [((3, 3), "A"), ((6, 6), "A"), ((6, 7), "B"), ((7, 7), "C"),
                                             ((8, 7), "D"), ((8, 8), "E"), ((8, 9), "F")])
def test_placing_phases(placed, expected):
    position = Position(board_with(), WHITE, (9 - placed[0], 9 - placed[1]))
    assert phase(position, WHITE) == expected


def test_moving_and_jumping_phases():
    four, three = ["a7", "d7", "b6", "f2"], ["a1", "g1", "c5"]
    assert phase(moving(four, four[:0] + ["a1", "g1", "c5", "e3"]), WHITE) == "G"
    assert phase(moving(four, three), WHITE) == "H"
    assert phase(moving(three[:0] + ["a7", "d7", "b6"], ["a1", "g1", "c5", "e3"]), WHITE) == "I"
    assert phase(moving(["a7", "d7", "b6"], three), WHITE) == "J"


def test_the_articles_points_table():
    assert POINTS["A"][:3] == (1.5, 14, 120) and POINTS["J"][7] == 800 and POINTS["I"][12] == -900


def test_the_articles_example_fall_g():
    """Seed 003, Fall G: three candidate moves, totals 272.85, -2.28 and 227.32."""
    zug_1 = [20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 7]
    zug_2 = [17, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1, 0, 9]
    zug_3 = [17, 0, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 11]
    total, parts = score(zug_1, "G", open_mill_value=90)
    assert total == 272.85 and [round(p, 2) for p in parts if p] == [30, 60, 180, 2.85]
    total, parts = score(zug_2, "G", open_mill_value=0)
    assert total == -2.28 and [round(p, 2) for p in parts if p] == [25.5, 60, -90, 2.22]
    total, parts = score(zug_3, "G", open_mill_value=90)
    assert total == 227.32 and [round(p, 2) for p in parts if p] == [25.5, 80, 120, 1.82]


def test_the_articles_example_fall_a():
    """Seed 003, Fall A: taking one of four stones after five placed, totals 65, 105, 208, 180."""
    base = [16, 2, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    stone = {
        "I": {5: 1, 8: 1, 10: 1},
        "II": {5: 1, 10: 1},
        "III": {4: 2, 7: 1, 8: 1},
        "IV": {},
    }
    expected = {"I": 65, "II": 105, "III": 208, "IV": 180}
    for name, changes in stone.items():
        found = list(base)
        for index, value in changes.items():
            found[index] = value
        assert score(found, "A")[0] == expected[name]


def test_criteria_counted_on_a_position():
    # White: a mill a7-d7-g7, a two a1-d1 with g1 empty, a crossing stone d6, and b4.
    # Black: a two c3-d3 (e3 empty), a lone stone f4.
    position = moving(["a7", "d7", "g7", "a1", "d1", "d6", "b4"], ["c3", "d3", "f4", "e5"])
    c = counts(position, WHITE, new_mills=0)
    assert c[2] == 1  # mill
    assert c[4] >= 1  # C-C-o: a1-d1-g1
    assert c[5] == 1  # S-S-o: c3-d3-e3
    assert c[1] == 2  # d6 and b4 are crossings (four neighbours)
    assert c[0] == sum(1 for p in range(24) if position.board[p] == WHITE
                       for n in NEIGHBOURS[p] if position.board[n] == EMPTY)
    assert c[14] == len([1 for p in range(24) if position.board[p] == BLACK
                         for n in NEIGHBOURS[p] if position.board[n] == EMPTY])


def test_double_two_and_open_crossing():
    # Criterion 8: two computer twos sharing a stone (a7 with d7, and a7 with a1 on the left side).
    position = moving(["a7", "d7", "a1"], ["f4", "e3", "c5"])
    assert counts(position, WHITE, 0)[7] == 1
    # Criterion 7: an empty crossing (a4) whose two lines each hold one computer stone, nothing else.
    position = moving(["a7", "c4"], ["f4", "e3", "g1"])
    assert counts(position, WHITE, 0)[6] == 1


def test_open_mill_and_its_threat():
    # White a4 and c4 with the gap b4, and b6 ready to move in: an open mill; with no black
    # stone next to b4 it is unthreatened (criterion 14); Black on b2 could move into the gap.
    position = moving(["a4", "c4", "b6", "g7"], ["e5", "f2", "d1", "g1"])
    assert counts(position, WHITE, 0)[13] == 1
    threatened = moving(["a4", "c4", "b6", "g7"], ["e5", "b2", "d1", "g1"])
    assert counts(threatened, WHITE, 0)[13] == 0
    assert counts(position, BLACK, 0)[12] == 1  # for Black, White's open mill counts under criterion 13
    assert counts(position, BLACK, 1)[12] == 0  # ... unless Black has just closed a mill itself
    jumping_black = moving(["a4", "c4", "b6", "g7"], ["e5", "f2", "g1"])
    assert counts(jumping_black, WHITE, 0)[13] == 0  # a jumping player threatens every gap


def test_one_ply_program_closes_a_mill_and_judges_the_removals():
    position = moving(["a1", "d1", "g4", "b6"], ["c5", "e5", "f6", "d7"])
    best = judge_steps(position)[0]
    assert (best.step, best.new_mills) == ((point("g4"), point("g1")), 1)
    removals = judge_removals(position, best)
    assert {NAMES[j.removed] for j in removals} == {"c5", "e5", "f6", "d7"}
    move = one_ply_player(random.Random(1))(position, Muehle().moves(position))
    assert move[:2] == (point("g4"), point("g1")) and move[2] is not None


def test_one_ply_program_beats_a_random_player():
    rng = random.Random(5)
    result = match(Muehle(), one_ply_player(rng), random_player(rng), 4, max_moves=MAX_PLIES)
    assert result.points >= 0.75


def test_alphabeta_takes_a_mill_and_keeps_stones_safe():
    position = moving(["a1", "d1", "g4", "b6"], ["c5", "e5", "f6", "d7"])
    searcher = AlphaBeta(2, random.Random(2))
    move = searcher(position, Muehle().moves(position))
    assert move[:2] == (point("g4"), point("g1"))
    assert searcher.nodes > 0


@given(st.text(max_size=12))
def test_parse_step_never_crashes(text):
    try:
        source, target, removed = parse_step(text)
    except SurroundError:
        return
    assert 0 <= target < 24


def test_show_names_the_player_to_move():
    text = show(Muehle().start())
    assert text.splitlines()[0].startswith("7  +") and "White (O) to move" in text


def test_cli_play_in_the_terminal(monkeypatch, capsys):
    answers = iter(["z9", "d6-d5", "d6", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["lab", "muehle", "--play", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "not a point" in out and "not a legal step" in out and "computer:" in out and "bye" in out


def test_cli_measures_the_program(capsys):
    assert main(["lab", "muehle", "--games", "2", "--search-games", "1", "--depths", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["one_ply_vs"]["random"]["games"] == 2
    assert data["one_ply_vs"]["alphabeta_depth_1"]["games"] == 1


def test_cli_draws_the_board(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    target = tmp_path / "board.png"
    assert main(["lab", "muehle", "--games", "1", "--search-games", "1", "--depths", "1", "--plot", str(target)]) == 0
    assert target.read_bytes()[:4] == b"\x89PNG"


@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False))
def test_random_games_keep_the_rules(rng):
    """Stones are only ever placed from the hand, a step moves one own stone, a mill takes one
    opponent stone and never one from a mill while others are free."""
    game = Muehle()
    position = game.start()
    for _ in range(120):
        if game.result(position) is not None:
            break
        move = rng.choice(game.moves(position))
        mover = position.to_move
        after = game.play(position, move)
        source, target, removed = move
        assert after.to_move == 3 - mover
        assert after.board[target] == mover and position.board[target] == EMPTY
        if source is None:
            assert after.hand(mover) == position.hand(mover) - 1
        else:
            assert position.board[source] == mover and after.board[source] == EMPTY
            assert position.jumping(mover) or target in NEIGHBOURS[source]
        if removed is not None:
            assert position.board[removed] == 3 - mover and after.board[removed] == EMPTY
            assert removed in removable(position.board, 3 - mover)
        assert after.stones(3 - mover) == position.stones(3 - mover) - (removed is not None)
        assert all(after.remaining(p) <= 9 for p in (WHITE, BLACK))
        position = after
