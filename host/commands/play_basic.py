"""`surround play --engine basic`: the BASIC game (basic/surround.lst) in the emulator.

SURROUND.BAS is started on the free BASIC (or ``--basic original``, a user's ROM) as the
basic engine starts it (host/engines/basic.py), and the machine is handed to the window,
the terminal or the headless front-end, exactly as for the 6502 game.

The wolf's black list: the program itself reads ``D:SURROUND.BLK`` at its start and writes
it after every lesson. Here D: is a scratch folder that the emulator offers as a device
(emulator/hdevice.py with the letter D), filled from the player's store (the per-user file,
``--blacklist FILE`` or ``--empty-blacklist``, host.game.blacklist_store). Whenever the program
waits for a key, its BL$ is compared with the saved list and any change is written to the
store at once, atomically: closing the terminal, SIGTERM or Ctrl-C lose nothing. (Only while
it waits: between two keys the program may be half-way through clearing the list.)
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from host.commands.frontend_options import frontend_options, require_frontend
from host.commands.machine_options import machine_options_from_args
from host.commands.play_asm import _run_frontend, announce, exit_status, farewell, store_alert
from host.commands.signals import ending_signals_exit
from host.game.blacklist_store import BlacklistStore


def play(args: argparse.Namespace) -> int:
    """Run the BASIC game for a human player; returns the exit status (1 if the black list could
    not be saved at the end)."""
    from host.engines.basic import BasicEngine

    frontend = require_frontend(args.frontend)
    store = BlacklistStore.open(args.blacklist, args.empty_blacklist)
    with tempfile.TemporaryDirectory(prefix="surround-play-basic-") as folder:
        if store.path is not None and store.path.exists():  # else the game says there is no list yet
            (Path(folder) / "SURROUND.BLK").write_bytes(store.saved)
        engine = BasicEngine(seed=args.seed, machine=machine_options_from_args(args), files=Path(folder))
        announce(store)
        engine.atari.watchers.append(lambda: _save_when_waiting(engine, store))
        options = frontend_options(args, program="SURROUND.BAS", note=store.status(),
                                   alert=lambda: store_alert(store), screen=True)
        try:
            with ending_signals_exit():
                status = _run_frontend(frontend, engine.atari, options)
        finally:
            store.flush(engine.blacklist_bytes() if engine.var("KWAIT") == 1 else store.saved)
            engine.close()
            farewell(store)
    return exit_status(store, status)


def _save_when_waiting(engine, store: BlacklistStore) -> None:
    """Save the program's BL$ if it changed, but only while the program waits for a key."""
    if engine.var("KWAIT") == 1:
        store.save_if_changed(engine.blacklist_bytes())
