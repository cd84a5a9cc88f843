"""Game records and black-list files: round trips, malformed input, fuzzing."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from host.engines.harness import play_learning_game
from host.engines.reference import ReferenceEngine
from host.errors import SurroundError
from host.game.blacklist_file import read_blacklist_file, write_blacklist_file
from host.game.players import RandomSheep, ReplaySheep
from host.game.records import (
    format_game,
    parse_game,
    parse_records,
    read_records,
    sheep_moves_of,
    write_records,
)
from host.game.rules import Blacklist, Move, Position

SEED_GAME = (
    "1,2,4-6 2,3,4-6 2,3,4-8 2,3,6-8 2,3,6-11 2,3,8-11 2,3,8-9 2,6,8-9 2,6,8-11 "
    "2,8,10-11 2,8,10-9 6,8,10-9 6,8,10-11 8,9,10-11"
)


def test_seed_game_round_trip():
    positions = parse_game(SEED_GAME)
    assert format_game(positions) == SEED_GAME
    assert sheep_moves_of(positions)[:3] == [Move(1, 3), Move(4, 6), Move(6, 8)]


def test_file_round_trip_of_played_games(tmp_path):
    engine, sheep = ReferenceEngine(seed=1), RandomSheep(seed=2)
    games = [play_learning_game(engine, sheep).positions() for _ in range(50)]
    path = tmp_path / "games.txt"
    write_records(path, games)
    assert read_records(path) == games
    assert path.read_text().count("\n") == 50


def test_comments_blank_lines_and_games_so_far():
    text = "# two games\n\n1,2,4-6 2,3,4-6\n   \n1,2,4-6\n"
    assert parse_records(text) == [[Position.parse("1,2,4-6"), Position.parse("2,3,4-6")], [Position.parse("1,2,4-6")]]


@pytest.mark.parametrize(
    "line, problem",
    [
        ("1,2,4-6 2,3,4-6 2,3,4-6", "does not follow"),
        ("1,2,4-6 2,3,4-6 2,3,4-11", "illegal wolf move 6,11"),
        ("1,2,4-6 2,4,5-6", "illegal sheep move 1,5"),
        ("1,2,4-6 3,4,5-6", "does not follow"),
        ("1,2,4-6 2,3,4-7", "does not follow"),
        ("2,3,4-6", "starts at 1,2,4-6"),
        ("1,2,4-6 2,3,4", "position 2"),
        ("1,2,4-6 2,3,4-6 2,3,4-6x", "position 3"),
        (SEED_GAME + " 8,9,10-11", "after the game ended"),
        ("1,2,4-6 2,3,4-6 2,3,4-7 2,3,5-7", "position 4"),
    ],
)
def test_malformed_lines_name_file_line_and_problem(line, problem):
    text = f"# header\n{SEED_GAME}\n{line}\n"
    with pytest.raises(SurroundError) as caught:
        parse_records(text, "games.txt")
    message = str(caught.value)
    assert message.startswith("games.txt, line 3: ")
    assert problem in message


def test_unreadable_records_files(tmp_path):
    with pytest.raises(SurroundError, match="cannot read"):
        read_records(tmp_path / "missing.txt")
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(SurroundError, match="UTF-8"):
        read_records(binary)
    with pytest.raises(SurroundError, match="cannot read"):
        read_records(tmp_path)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789,- \n#x", max_size=200))
def test_fuzz_records_text_gives_games_or_a_surround_error(text):
    try:
        games = parse_records(text, "fuzz.txt")
    except SurroundError as error:
        assert str(error).startswith("fuzz.txt, line ")
    else:
        for positions in games:
            assert parse_game(format_game(positions)) == positions


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=120))
def test_fuzz_records_any_unicode(text):
    try:
        parse_records(text, "fuzz.txt")
    except SurroundError:
        pass


def test_replay_sheep_repeats_recorded_games(tmp_path):
    originals = []
    engine = ReferenceEngine(seed=3)
    sheep = RandomSheep(seed=4)
    for _ in range(20):
        originals.append(play_learning_game(engine, sheep).positions())
    path = tmp_path / "games.txt"
    write_records(path, originals)
    # The same wolf (same seed, same learning) meets the same sheep moves: the same games.
    replay = ReplaySheep(str(path), seed=1)
    same_wolf = ReferenceEngine(seed=3)
    replayed = [play_learning_game(same_wolf, replay).positions() for _ in range(20)]
    assert replayed == originals
    assert replay.deviations == 0
    # Another wolf leaves the record; the replay sheep then goes on with random moves.
    other = ReferenceEngine(seed=99)
    for _ in range(20):
        play_learning_game(other, replay)
    assert replay.deviations > 0


def test_replay_of_an_empty_file_is_an_error(tmp_path):
    path = tmp_path / "empty.txt"
    path.write_text("# nothing\n")
    with pytest.raises(SurroundError, match="no recorded games"):
        ReplaySheep(str(path))


# --------------------------------------------------------------------------- black-list files


def test_blacklist_file_round_trip(tmp_path):
    blacklist = Blacklist()
    for nr in (1, 602, 1310, 1320):
        blacklist.add(nr)
    path = tmp_path / "wolf.bl"
    write_blacklist_file(path, blacklist.to_bytes())
    assert read_blacklist_file(path) == blacklist.to_bytes()
    assert [p.name for p in tmp_path.iterdir()] == ["wolf.bl"]  # no temporary file left over


def test_bad_blacklist_files(tmp_path):
    short = tmp_path / "short.bl"
    short.write_bytes(bytes(100))
    with pytest.raises(SurroundError, match="short.bl.*165 bytes.*100"):
        read_blacklist_file(short)
    with pytest.raises(SurroundError, match="cannot read"):
        read_blacklist_file(tmp_path / "missing.bl")
    with pytest.raises(SurroundError, match="cannot write"):
        write_blacklist_file(short / "dir.bl", bytes(165))  # under a file (a missing folder is made)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400))
def test_fuzz_blacklist_files(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("fuzz") / "fuzz.bl"
    path.write_bytes(data)
    try:
        loaded = Blacklist(read_blacklist_file(path))
    except SurroundError as error:
        assert "fuzz.bl" in str(error)
    else:
        assert loaded.to_bytes() == data
        assert all(1 <= nr <= 1320 for nr in loaded)
