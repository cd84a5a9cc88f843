"""Honest messages: options that are refused instead of ignored, singulars, aligned tables,
sub-command usage, no tracebacks."""

from __future__ import annotations

import pytest

from host import cli
from host.commands import bench, counted, train
from host.game.rules import Move, Position, illegal_sheep_move_reason


def run_cli(capsys, *argv):
    status = cli.main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_counted_says_one_game_and_two_games() -> None:
    assert counted(1, "game") == "1 game" and counted(2, "game") == "2 games"
    assert counted(1, "sheep move") == "1 sheep move" and counted(0, "sheep move") == "0 sheep moves"


def test_solve_speaks_in_singular_and_refuses_moves_left_alone(capsys) -> None:
    status, out, _ = run_cli(capsys, "solve", "--position", "6,8,10-11", "--moves-left", "1")
    assert status == 0 and "1 sheep move left" in out and "in 1 sheep move" in out
    assert "1 sheep moves" not in out
    status, _, err = run_cli(capsys, "solve", "--moves-left", "3")
    assert status == 2 and "--moves-left needs --position" in err


@pytest.mark.parametrize("argv, message", [
    (("train", "--games", "10", "--block", "0"), "--block must be at least 1, not 0"),
    (("emu", "--frontend", "headless", "--frames", "0"), "--frames must be at least 1, not 0"),
    (("play", "--engine", "reference", "--frontend", "window"), "--engine reference plays right here"),
])
def test_zero_and_ignored_options_are_refused(capsys, argv, message) -> None:
    status, _, err = run_cli(capsys, *argv)
    assert status == 2 and message in err


def test_an_unknown_option_gets_the_sub_commands_usage(capsys) -> None:
    with pytest.raises(SystemExit) as raised:
        cli.main(["build", "--bogus"])
    err = capsys.readouterr().err
    assert raised.value.code == 2 and "usage: surround build" in err and "--bogus" in err


def test_a_sheep_moving_back_is_told_with_point_numbers() -> None:
    reason = illegal_sheep_move_reason(Position.parse("2,3,7-11"), Move(7, 4))
    assert reason == "a sheep may not move back (point 4 lies left of point 7)"
    assert "column" not in reason


def test_the_train_table_stays_aligned_with_six_digit_game_numbers() -> None:
    blocks = [{"first": first, "last": first + 99_999, "wolf_win_rate": 0.5} for first in (1, 100_001, 900_001)]
    data = {"engine": "reference", "sheep": "random", "seed": 1, "games": 1_000_000, "blocks": blocks,
            "wolf_wins": 1, "wolf_win_rate": 0.5, "learned": 0, "learned_confirmed_lost": 0, "lost_total": 316,
            "coverage": 0.0, "perfect_wolf_win_rate": 1.0, "unconfirmed": []}
    lines = train._text(data).splitlines()
    rows = [line for line in lines if "%" in line and "-" in line.split()[0]]
    assert len(rows) == 3 and len({line.index("%") for line in rows}) == 1, "\n".join(rows)
    assert "1000000 games" in lines[0]


def test_plain_bench_output_is_a_table_not_a_dictionary() -> None:
    text = bench._text({"engine": "asm", "games_per_second": 40.5, "per_move": {"cycles": 15800}})
    assert "{" not in text and "engine:" in text and "  cycles: 15800" in text
