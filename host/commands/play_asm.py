"""`surround play --engine asm`: the 6502 game in the emulator's window or terminal.

The program is built if needed, loaded into the emulated Atari and handed to a front-end:
``--frontend window`` (pygame-ce), ``terminal`` (40x24 text) or ``headless`` (runs until the
program waits for a key and prints the 40x24 screen); without ``--frontend`` the window is used
when a display can be opened, otherwise the terminal.

The wolf's black list comes from host.game.blacklist_store (the per-user file, ``--blacklist FILE``
or ``--empty-blacklist``) and is put into the program's BLACKLIST. After every emulated frame
the program's list is compared with the saved one, and any change (a lesson, or the C
command) is written at once, atomically: closing the terminal, SIGTERM or Ctrl-C lose nothing.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

from host.commands.frontend_options import frontend_options, require_frontend
from host.commands.machine_options import machine_options_from_args
from host.commands.signals import ending_signals_exit
from host.errors import SurroundError
from host.game.blacklist_file import positions_in
from host.game.blacklist_store import BlacklistStore, counted_positions
from host.game.rules import BLACKLIST_BYTES

if TYPE_CHECKING:
    from emulator.frontends import FrontendOptions
    from host.atari.dos2 import Dos2Disk


def play(args: argparse.Namespace) -> int:
    """Run the game for a human player; returns the exit status (1 if the black list could not
    be saved at the end)."""
    from host.engines.asm import XEX, start_program

    if args.engine != "asm":
        raise SurroundError(f"play_asm runs the asm engine, not {args.engine!r}")
    frontend = require_frontend(args.frontend)
    if args.disk is not None:
        return play_disk(args, frontend)
    store = BlacklistStore.open(args.blacklist, args.empty_blacklist)
    atari, labels = start_program(args.seed, machine_options_from_args(args))
    _load_blacklist(atari, labels, store.saved)
    announce(store)

    def save_the_programs_list() -> None:
        store.save_if_changed(atari.peek_bytes(labels["blacklist"], BLACKLIST_BYTES))

    atari.watchers.append(save_the_programs_list)
    options = frontend_options(args, program=XEX, note=store.status(), alert=lambda: store_alert(store), screen=True)
    try:
        with ending_signals_exit():
            status = _run_frontend(frontend, atari, options)
    finally:
        store.flush(atari.peek_bytes(labels["blacklist"], BLACKLIST_BYTES))
        farewell(store)
    return exit_status(store, status)


def announce(store: BlacklistStore) -> None:
    """Where the black list is kept (and anything odd about it), before the game starts."""
    for line in store.opening_lines():
        print(line, file=sys.stderr)


def store_alert(store: BlacklistStore) -> str:
    """The front-end's alert: "NOT SAVED: reason" while saving fails, else nothing."""
    return store.status() if store.problem else ""


def farewell(store: BlacklistStore) -> None:
    """The last line: what the file holds now, or that (and why) the list is NOT SAVED."""
    line = store.closing_line()
    if line:
        print(line, file=sys.stderr)


def exit_status(store: BlacklistStore, status: int) -> int:
    """The session's exit status: the front-end's, or 1 if the black list could not be saved."""
    return 1 if store.problem and not status else status


def play_disk(args: argparse.Namespace, frontend: str) -> int:
    """Boot a disk image in D1: and hand the machine to the front-end: the mini-DOS menu
    comes up, and whatever the programs write reaches the image at once (atomically). At the
    end: where the wolf's lessons went (SURROUND.BLK on the image)."""
    from emulator.headless import HeadlessAtari
    from host.atari.dos2 import Dos2Disk

    _require_surround_disk(Dos2Disk.open(args.disk), args.disk)
    before = _disk_positions(args.disk)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "little")
    atari = HeadlessAtari.from_options(machine_options_from_args(args), seed=seed)
    atari.insert_disk(1, args.disk)
    atari.boot(max_frames=0, basic=False)
    options = frontend_options(args, program=args.disk, screen=True)
    try:
        with ending_signals_exit():
            return _run_frontend(frontend, atari, options)
    finally:
        print(_disk_farewell(args.disk, before), file=sys.stderr)


def _require_surround_disk(disk: Dos2Disk, image: str) -> None:
    """One line and exit 2 for a damaged image or one without the game (it would only boot
    to BOOT ERROR or to another program)."""
    from host.toolchain.disk import XEX_NAME

    disk.check()
    if disk.find(XEX_NAME) is None:
        raise SurroundError(f"{image}: not the Surround disk (no {XEX_NAME} on it); "
                            "make one with `surround disk`")


def _disk_positions(image: str) -> int | None:
    """How many positions SURROUND.BLK on ``image`` holds (None: there is none, or it is broken)."""
    from host.toolchain.disk import read_disk_blacklist

    try:
        data = read_disk_blacklist(image)
    except SurroundError:
        return None
    return None if data is None else positions_in(data)


def _disk_farewell(image: str, before: int | None) -> str:
    """Where the lessons of a disk session went: SURROUND.BLK on the image, and how it changed."""
    after = _disk_positions(image)
    if after is None:
        return f"The games keep the wolf's black list in SURROUND.BLK on {image}; there is none on it now."
    change = "unchanged" if after == before else f"{before or 0} at the start"
    return f"The wolf's black list is SURROUND.BLK on {image}: {counted_positions(after)} ({change})."


def _run_frontend(name: str, atari, options: FrontendOptions) -> int:
    """Hand the machine to the chosen front-end (imported only now)."""
    from emulator.frontends import open_frontend

    return int(open_frontend(name, atari, options) or 0)


def _load_blacklist(atari, labels: dict[str, int], data: bytes) -> None:
    """Put a black list into the program's BLACKLIST and let it count and show it."""
    for offset, value in enumerate(data):
        atari.poke(labels["blacklist"] + offset, value)
    atari.call(labels["recountlearned"])
