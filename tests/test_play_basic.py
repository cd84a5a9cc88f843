"""`surround play --engine basic`: the BASIC game in the emulator keeps the player's black list.

The program reads D:SURROUND.BLK itself (the emulator offers a scratch folder as D:, filled
from the player's file), and what it learns goes back to the player's file while it waits
for a key. The OS's math pack is answered in Python while our OS ROM has none
(tests/basic_engines_support.py)."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from host.game.blacklist_file import read_blacklist_file
from host.game.rules import BLACKLIST_BYTES


@pytest.fixture()
def made_engines(monkeypatch):
    """host.engines.basic.BasicEngine, recording each engine the session makes."""
    from host.engines import basic

    made: list[basic.BasicEngine] = []
    engine_class = basic.BasicEngine

    def make(**options):
        made.append(engine_class(**options))
        return made[-1]

    monkeypatch.setattr(basic, "BasicEngine", make)
    return made


def play_args(blacklist: Path | None, **extra) -> argparse.Namespace:
    from host.cli import build_parser

    options = vars(build_parser().parse_args(["play"]))  # every option at its default
    options.update(engine="basic", frontend="headless", blacklist=blacklist and str(blacklist), seed=3, screen=True)
    options.update(extra)
    return argparse.Namespace(**options)


def test_the_program_reads_the_players_list_and_saves_a_change(tmp_path, made_engines, capsys):
    from host.commands import play_basic

    data = bytearray(BLACKLIST_BYTES)
    data[163] = 0b0100_0000  # NR 1310: 6,8,10-11, the seed's example lesson
    data[0] = 0b0000_0011    # NR 0 and 1
    path = tmp_path / "wolf.bin"
    path.write_bytes(bytes(data))

    assert play_basic.play(play_args(path)) == 0
    out, err = capsys.readouterr()
    assert "LEARNED     3" in out  # the program counted what it read from D:SURROUND.BLK
    assert "knows 3 lost positions" in err and str(path) in err
    engine = made_engines[0]
    assert engine.blacklist_bytes() == bytes(data)

    # A change while the program waits for a key reaches the player's file at once.
    changed = bytearray(data)
    changed[1] = 0b1000_0000
    engine.load_blacklist(bytes(changed))
    engine.atari.run_frames(1)
    for watcher in engine.atari.watchers:
        watcher()
    assert read_blacklist_file(path) == bytes(changed)


def test_empty_blacklist_leaves_the_saved_file_alone(tmp_path, made_engines, capsys):
    from host.commands import play_basic

    path = tmp_path / "wolf.bin"
    path.write_bytes(bytes([0xFF]) + bytes(BLACKLIST_BYTES - 1))
    assert play_basic.play(play_args(None, empty_blacklist=True)) == 0
    out, err = capsys.readouterr()
    assert "LEARNED     0" in out and "not saved" in err
    assert path.read_bytes()[0] == 0xFF


def test_basic_option_needs_the_basic_engine() -> None:
    from host.cli import main

    assert main(["play", "--basic", "free"]) == 2
