"""`surround bench --emulator`'s gr7_player_realtime_ratio: issue 26's own program
(basic/bench/gr7player.lst, host/bench/gr7.py) draws its picture, moves its player, and the
command reports the figure (not a timing test: only that it is measured)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from host.bench import gr7
from host.cli import main as cli_main

PLAYER_COLOUR = 70  # POKE 704,70 (PCOLR0)
PICTURE_COLOURS = {0x28, 0xCA, 0x86}  # SETCOLOR 0,2,8 / 1,12,10 / 2,8,6


@pytest.fixture(scope="module")
def running_program():
    return gr7.start_program()


def player_columns(colours: np.ndarray) -> set[int]:
    return set(np.nonzero((colours == PLAYER_COLOUR).any(axis=0))[0].tolist())


def test_the_program_draws_a_gr7_picture_and_moves_a_player(running_program) -> None:
    machine = running_program.atari.machine
    machine.run_frames(10)  # the player starts at the left edge (HPOSP0 48)
    colours = machine.frame_colours()
    assert PICTURE_COLOURS <= set(np.unique(colours).tolist())
    before = player_columns(colours)
    assert before, "player 0 is not on the screen"
    machine.run_frames(5)
    after = player_columns(machine.frame_colours())
    assert after and after != before, "player 0 did not move"


def test_the_figure_is_in_bench_emulator_json(monkeypatch, capsys) -> None:
    """The real command path with the program really run (fewer frames); the other
    measurements stubbed, as tests/test_cli_host.py does."""
    import emulator.bench
    from host.atari import acid800

    monkeypatch.setattr(emulator.bench, "measure", lambda seconds, video: {"realtime_ratio": 1.0})
    monkeypatch.setattr(emulator.bench, "measure_serial_boot", lambda image: {})
    monkeypatch.setattr(acid800, "default_suite_path", lambda: Path("/nonexistent/acid800.atr"))
    monkeypatch.setattr(gr7, "FRAMES", 20)
    monkeypatch.setattr(gr7, "RUNS", 1)
    assert cli_main(["bench", "--emulator", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["gr7_player_realtime_ratio"] > 0
