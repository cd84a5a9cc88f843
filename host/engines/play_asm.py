"""`surround play --engine asm`: the 6502 game in the emulator's window or terminal.

The program is built if needed, loaded into the emulated Atari and handed to a front-end:
``--frontend window`` (pygame-ce), ``terminal`` (40x24 text) or ``headless`` (runs until the
program waits for a key and prints the 40x24 screen); without ``--frontend`` the window is used
when a display can be opened, otherwise the terminal. With ``--blacklist FILE`` the wolf
starts with the saved black list, and what it knows when the front-end closes is saved
back to FILE.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from host.errors import SurroundError


def play(args: argparse.Namespace) -> int:
    """Run the game for a human player; returns the exit status."""
    from host.engines.asm import XEX, start_program

    engine_name = getattr(args, "engine", "asm")
    if engine_name != "asm":
        raise SurroundError(f"play_asm runs the asm engine, not {engine_name!r}")
    atari, labels = start_program(getattr(args, "seed", None))
    blacklist_path = getattr(args, "blacklist", None)
    if blacklist_path and Path(blacklist_path).exists():
        _load_blacklist(atari, labels, blacklist_path)
    frontend_args = argparse.Namespace(**vars(args))
    frontend_args.program = str(XEX)
    if not hasattr(frontend_args, "screen"):
        frontend_args.screen = True  # headless: show the board the program drew
    status = _run_frontend(getattr(args, "frontend", None), atari, frontend_args)
    if blacklist_path:
        _save_blacklist(atari, labels, blacklist_path)
    return status


def _run_frontend(name: str | None, atari, args: argparse.Namespace) -> int:
    """Hand the machine to the chosen front-end (imported only now)."""
    from emulator.frontends import open_frontend

    return int(open_frontend(name, atari, args) or 0)


def _load_blacklist(atari, labels: dict[str, int], path: str) -> None:
    from host.records import read_blacklist_file

    data = read_blacklist_file(path)
    for offset, value in enumerate(data):
        atari.poke(labels["blacklist"] + offset, value)
    atari.call(labels["recountlearned"])


def _save_blacklist(atari, labels: dict[str, int], path: str) -> None:
    from host.records import write_blacklist_file
    from host.rules import BLACKLIST_BYTES

    write_blacklist_file(path, atari.peek_bytes(labels["blacklist"], BLACKLIST_BYTES))
