"""The 6502 game running in the emulator: its hash routine, lockstep games against the
reference, the seed's example game, typed input and the screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from host.engines.harness import LockstepChecker
from host.errors import SurroundError
from host.game.players import MixedSheep, RandomSheep
from host.game.records import parse_game, sheep_moves_of
from host.game.rules import (
    BLACKLIST_BYTES,
    NR_COUNT,
    Blacklist,
    Move,
    Position,
    apply_sheep_move,
    position_of,
)
from tests.asm_support import make_engine, peek, type_line
from tests.game_support import SEED_EXAMPLE, forcing_blacklist

SCREENSHOT_DIR = Path(__file__).resolve().parents[1] / "build" / "screenshots"


@pytest.fixture(scope="module")
def engine():
    return make_engine(seed=11)


def type_key(engine, key: str) -> None:
    """A command key (N, C, Y): it acts at once, without RETURN."""
    engine.atari.type_text(key)


def test_posnr_in_the_emulator_numbers_all_1320_positions(engine) -> None:
    labels, atari = engine.labels, engine.atari
    for nr in range(1, NR_COUNT + 1):
        position = position_of(nr)
        for index, point in enumerate(position.sheep):
            atari.poke(labels["hs1"] + index, point)
        atari.poke(labels["hw"], position.wolf)
        atari.call(labels["posnr"])
        got = atari.peek_word(labels["nrlo"])
        assert got == nr, f"{position}: the 6502 says NR {got}"
        assert atari.peek(labels["nrbyte"]) == (nr - 1) >> 3
        assert atari.peek(labels["nrmask"]) == 1 << ((nr - 1) & 7)


def test_short_lockstep_run_agrees_with_the_reference() -> None:
    engine = make_engine(seed=5)
    summary = LockstepChecker(engine, MixedSheep(0.5, seed=5)).run(12)
    assert summary.mismatch is None, summary.mismatch.report()
    assert summary.games == 12
    summary = LockstepChecker(engine, RandomSheep(seed=6), engine.blacklist_bytes()).run(6)
    assert summary.mismatch is None, summary.mismatch.report()


def test_the_seeds_example_game_teaches_nr_1310() -> None:
    """Replay docs/rules.md's example; the wolf's random choices are steered by black-list entries
    that leave just the recorded move not bad.  The trap must teach 6,8,10-11 (NR 1310)."""
    engine = make_engine(seed=3)
    positions = parse_game(SEED_EXAMPLE)
    engine.new_game()
    empty = Blacklist()
    sheep_moves = sheep_moves_of(positions)
    for turn, sheep_move in enumerate(sheep_moves):
        before = positions[2 * turn]
        after_sheep = apply_sheep_move(before, sheep_move)
        last = turn == len(sheep_moves) - 1
        if last:
            engine.load_blacklist(empty.to_bytes())
        else:
            wanted = Move(after_sheep.wolf, positions[2 * turn + 2].wolf)
            engine.load_blacklist(forcing_blacklist(empty, after_sheep, wanted))
        reply = engine.sheep_move(*sheep_move)
        if last:
            assert reply.wolf_move is None and reply.result == "trapped"
        else:
            assert reply.wolf_move == wanted and reply.result is None
            assert reply.position == positions[2 * turn + 2]
    assert Blacklist(engine.blacklist_bytes()).nrs() == [1310]
    assert position_of(1310) == Position.parse("6,8,10-11")
    assert engine.learned() == 1
    assert "6,8,10-11 IS LOST (NR 1310)" in engine.screen_text()
    assert "THE WOLF IS TRAPPED" in engine.screen_text().replace("█", " ")  # (in inverse video)


@pytest.mark.parametrize("typed, code, shown", [
    ("12,3", 1, "THE POINTS ARE NUMBERED 1 TO 11"),
    ("3,6", 2, "THERE IS NO SHEEP ON POINT 3"),
    ("1,5", 3, "NO LINE JOINS 1 AND 5"),
    ("1,2", 4, "POINT 2 IS TAKEN"),
    ("HELLO", 6, "TYPE FROM,TO"),
    ("4-7", 6, "TYPE FROM,TO"),
    ("47", 6, "TYPE FROM,TO"),
])
def test_illegal_input_is_refused_with_a_reason(engine, typed: str, code: int, shown: str) -> None:
    engine.new_game()
    type_line(engine, typed)
    assert peek(engine, "lasterr") == code
    assert shown in engine.screen_text()
    assert peek(engine, "movenum") == 0 and peek(engine, "inputwait") == 1
    assert engine.position() == Position.parse("1,2,4-6")
    with pytest.raises(SurroundError, match="refused"):
        engine.sheep_move(*(int(part) for part in "5,6".split(",")))


def test_a_sheep_may_not_move_back_and_spaces_separate_too(engine) -> None:
    engine.new_game()
    type_line(engine, " 1   3 ")             # "FROM TO" with spaces: a legal move
    assert peek(engine, "lasterr") == 0 and peek(engine, "movenum") == 1
    type_line(engine, "2,1")
    assert peek(engine, "lasterr") == 5
    assert "A SHEEP MAY NOT MOVE BACK" in engine.screen_text()
    assert peek(engine, "movenum") == 1


def test_clearing_the_black_list_asks_first(engine) -> None:
    engine.load_blacklist(bytes([0xFF]) + bytes(BLACKLIST_BYTES - 1))
    assert engine.learned() == 8
    type_key(engine, "C")
    assert peek(engine, "asking") == 1 and "CLEAR THE BLACK LIST (Y/N)?" in engine.screen_text()
    type_key(engine, "N")
    assert engine.learned() == 8 and engine.blacklist_bytes()[0] == 0xFF
    type_key(engine, "c")
    type_key(engine, "y")
    assert engine.learned() == 0 and engine.blacklist_bytes() == bytes(BLACKLIST_BYTES)
    assert "THE BLACK LIST IS EMPTY NOW" in engine.screen_text()


def test_new_game_during_a_game_asks_and_n_keeps_the_game(engine) -> None:
    engine.new_game()
    engine.sheep_move(1, 3)
    type_key(engine, "N")
    assert "ABANDON THIS GAME (Y/N)?" in engine.screen_text()
    type_key(engine, "N")
    assert peek(engine, "movenum") == 1
    games = engine.atari.peek_word(engine.labels["gamenum"])
    engine.new_game()
    assert engine.atari.peek_word(engine.labels["gamenum"]) == games + 1
    assert peek(engine, "movenum") == 0 and engine.position() == Position.parse("1,2,4-6")


def test_load_blacklist_rejects_a_wrong_size(engine) -> None:
    with pytest.raises(SurroundError, match="165 bytes"):
        engine.load_blacklist(bytes(10))


def test_screenshot_of_the_board(engine) -> None:
    engine.load_blacklist(bytes(BLACKLIST_BYTES))
    engine.new_game()
    engine.sheep_move(2, 3)
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOT_DIR / "surround-board.png"
    engine.atari.screenshot(path)
    assert path.stat().st_size > 1000
    text = engine.screen_text()
    assert "SURROUND" in text and "MOVE 1/15" in text and "THE WOLF MOVES FROM 6 TO" in text
    for number in ("01", "05", "08", "11"):
        assert number in text
    frame = engine.atari.frame_rgb()
    assert len({tuple(pixel) for pixel in frame.reshape(-1, 3)[::97]}) >= 3, "the frame looks blank"


def test_engine_reports_a_program_that_is_not_at_its_prompt(engine) -> None:
    atari = engine.atari
    saved = atari.peek(engine.labels["inputwait"])
    atari.poke(engine.labels["inputwait"], 0)
    try:
        with pytest.raises(SurroundError, match="does not wait"):
            engine.expect_waiting("in this test")
    finally:
        atari.poke(engine.labels["inputwait"], saved)


@pytest.mark.parametrize("count", [2, 3, 5, 8])
def test_random_index_is_uniform(engine, count: int) -> None:
    """RANDOMINDEX (rejection sampling on POKEY's RANDOM): a chi-square test over many draws."""
    draws = 200 * count
    tally = [0] * count
    for _ in range(draws):
        _, index, _, _ = engine.atari.call(engine.labels["randomindex"], a=count)
        assert 0 <= index < count
        tally[index] += 1
    expected = draws / count
    chi_square = sum((seen - expected) ** 2 / expected for seen in tally)
    # 99.9th percentile of chi-square with count-1 degrees of freedom
    limit = {1: 10.83, 2: 13.82, 4: 18.47, 7: 24.32}[count - 1]
    assert chi_square < limit, f"draws per index {tally} are not uniform (chi-square {chi_square:.1f})"


def test_play_headless_shows_the_board_and_keeps_the_blacklist_file(tmp_path: Path, capsys) -> None:
    from host.cli import build_parser
    from host.commands.play_asm import play
    from host.game.blacklist_file import read_blacklist_file, write_blacklist_file

    saved = tmp_path / "wolf.blk"
    write_blacklist_file(saved, bytes([0b1011]) + bytes(BLACKLIST_BYTES - 1))
    args = build_parser().parse_args(["play", "--seed", "2", "--blacklist", str(saved), "--frontend", "headless"])
    assert play(args) == 0
    screen = capsys.readouterr().out
    assert "SURROUND" in screen and "YOUR MOVE, SHEEP (FROM,TO)?" in screen
    assert "LEARNED     3" in screen, "the loaded black list is counted and shown"
    assert read_blacklist_file(saved)[0] == 0b1011
