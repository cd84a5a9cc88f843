"""The runner behind `surround basic [FILE.bas|FILE.lst] [options]`: an Atari BASIC program in the
emulator.

Interface for host/commands/basic.py (owned by the tokenizer side, which handles `tokenize`
and `list` itself and hands every other use of `surround basic` to this module):

* ``register_runner(parser)`` adds the runner's positional ``file`` and its options to an
  ``argparse.ArgumentParser`` (the `basic` parser or one made for running);
* ``run(args) -> int`` runs it with the parsed ``args`` (exit status; errors are raised as
  SurroundError / EmulatorError, which the CLI prints as one line).

With no file the machine shows READY; with a file it is LOADed (a tokenized SAVE file) or
ENTERed (a listing) through H: and RUN. ``--type TEXT`` is typed after that (``\\n`` is
RETURN). Front-ends as for `surround emu`; headless runs until the program ends or waits for
input (at most ``--frames`` frames, default 36,000 = 10 emulated minutes), then ``--screen``
prints the screen and ``--screenshot`` saves it.
"""

from __future__ import annotations

import argparse
import sys

from host.atari.basic_session import BasicSession
from host.commands.emu import add_session_options, type_script
from host.commands.frontend_options import frontend_options
from host.commands.machine_options import machine_options_from_args
from host.errors import SurroundError

FRONTENDS = ("window", "terminal", "headless")
DEFAULT_FRAMES = 36_000


def register_runner(parser: argparse.ArgumentParser) -> None:
    """The runner's arguments on ``parser``; sets ``handler`` to :func:`run`."""
    parser.add_argument("file", nargs="?", help="program: a SAVEd .bas or a LISTed .lst (none: READY)")
    parser.add_argument("--frontend", choices=FRONTENDS, default=None,
                        help="window, terminal or headless (default: window if a display is available)")
    parser.add_argument("--type", dest="type_text", default=None, metavar="TEXT",
                        help="keys to type once the program runs (\\n = RETURN)")
    parser.add_argument("--screen", action="store_true", help="headless: print the 40x24 text screen at the end")
    parser.add_argument("--frames", type=int, default=None,
                        help=f"headless: run at most this many frames (default {DEFAULT_FRAMES}); "
                             "window: close after this many")
    add_session_options(parser, basic_default="free")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Boot BASIC, start the program, then hand the machine to the front-end."""
    from emulator.frontends import choose_frontend

    frames = DEFAULT_FRAMES if args.frames is None else args.frames
    if frames < 1:
        raise SurroundError(f"--frames must be at least 1, not {frames}")
    session = BasicSession(machine_options_from_args(args), h_directory=args.hdir, seed=args.seed)
    frontend = choose_frontend(args.frontend)
    if getattr(args, "audio_out", None) and frontend == "headless":
        session.atari.record_audio(args.audio_out)  # the other front-ends record in open_frontend
    try:
        return _run(session, frontend, frames, args)
    finally:
        session.atari.close_audio()


def _run(session: BasicSession, frontend: str, frames: int, args: argparse.Namespace) -> int:
    from emulator.frontends import TAPE_CUT_OFF, open_frontend

    if args.file is not None:
        session.start_program(args.file)
        if frontend == "headless" or args.type_text:
            session.run_until_waiting(frames)
    if args.type_text:
        type_script(session.atari, args.type_text)  # as `surround emu --type` types it
    if frontend != "headless":
        return int(open_frontend(frontend, session.atari, frontend_options(args)) or 0)
    result = session.run_until_waiting(frames)
    if not result.waiting:
        print(f"surround basic: still running after {frames} frames", file=sys.stderr)
    if session.atari.tape_running:
        print(f"surround basic: {TAPE_CUT_OFF}", file=sys.stderr)
    if args.screen:
        print(session.screen_text())
    if args.screenshot:
        session.atari.run_frames(2)  # a whole frame drawn from the display as it is now
        session.atari.screenshot(args.screenshot)
    return 0 if result.waiting and not session.atari.tape_running else 3
