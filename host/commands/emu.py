"""`surround emu FILE.xex|FILE.atr`: run an Atari program in the emulator.

H: shows a host directory (``--hdir``, default: the current one).
Front-ends: ``window`` (pygame), ``terminal`` (40x24 Unicode text) and
``headless`` (no display: run ``--frames N`` frames, or until the program waits
for a key, then print the screen with ``--screen`` and/or save
``--screenshot PNG``). ``--type TEXT`` types keys first (named keys in braces), so
scripts can drive any program without Python.  Without ``--frontend`` the window is used when a display
can be opened, else the terminal.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from emulator.errors import EmulatorError
from host.commands.frontend_options import add_sound_options
from host.commands.machine_options import add_machine_options, machine_options_from_args

XEX_SUFFIXES = {".xex", ".com", ".exe", ".obj"}
ATR_SUFFIXES = {".atr"}
FRONTENDS = ("window", "terminal", "headless")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "emu",
        help="run an Atari program (XEX or ATR) in the emulator",
        description="Run an Atari XL/XE program: a binary file (.xex) is loaded after the OS has "
        "started, a disk image (.atr) goes into D1: and is booted.",
    )
    parser.add_argument("file", nargs="?", help="program (.xex) or disk image (.atr); none: just the OS")
    parser.add_argument("--frontend", choices=FRONTENDS, default=None,
                        help="window, terminal or headless (default: window if a display is available)")
    parser.add_argument("--frames", type=int, default=None,
                        help="headless: run this many frames (default: until the program waits for a key); "
                             "window: close after this many")
    parser.add_argument("--screen", action="store_true", help="headless: print the 40x24 text screen")
    parser.add_argument("--keep-basic", action="store_true",
                        help="a .xex loads with BASIC switched on (default: off, as with OPTION held)")
    parser.add_argument(
        "--type", default=None, metavar="TEXT",
        help="type TEXT once the program waits for a key, as a person would, before the front-end "
        "takes over: \\n is RETURN, {NAME} a named key ({HELP}, {ESC}, {UP}, {CTRL-A}, "
        "{SHIFT-DELETE}, {START}, {RESET}, ...), \\{ a brace",
    )
    add_session_options(parser, basic_default="none")
    parser.set_defaults(handler=run)


def add_session_options(parser: argparse.ArgumentParser, basic_default: str) -> None:
    """--hdir, --seed and --screenshot, the sound options and the machine options, as
    `surround emu` and `surround basic` take them (``basic_default``: without --basic)."""
    parser.add_argument("--hdir", default=None, metavar="DIR",
                        help="the host directory that H: shows (default: the current directory)")
    parser.add_argument("--seed", type=int, default=0, help="seed of POKEY's RANDOM (default: 0)")
    parser.add_argument("--screenshot", default=None, metavar="PNG",
                        help="save the last frame as PNG (any front-end)")
    add_sound_options(parser)
    add_machine_options(parser, basic_default)


#: how long --type waits for the program to want the next key: a key may start a long job
#: (a program loading from disk, a BASIC program running), one emulated minute
KEY_WAIT_FRAMES = 3600


def run(args: argparse.Namespace) -> int:
    from emulator.frontends import open_frontend
    from emulator.headless import HeadlessAtari
    from host.commands.frontend_options import frontend_options

    if args.frames is not None and args.frames < 1:
        raise EmulatorError(f"--frames must be at least 1, not {args.frames} (leave it out to run until "
                            "the program waits for a key)")
    if args.file is not None:
        require_program_file(args.file)
    atari = HeadlessAtari.from_options(machine_options_from_args(args), seed=args.seed)
    atari.use_h_device(args.hdir)
    start_program(atari, args.file, keep_basic=args.keep_basic)
    if args.type:
        type_script(atari, args.type)
    return int(open_frontend(args.frontend, atari, frontend_options(args)) or 0)


def type_script(atari, script: str) -> None:
    """``--type``: once the program waits for a key, type ``script`` (a key script: ``\\n`` is
    RETURN, ``{NAME}`` a named key), each key waiting up to KEY_WAIT_FRAMES for the program
    to want the next (a CSAVE's leader, a program loading). `emu` and `basic` type alike."""
    if not atari.run_until_idle(600):
        raise EmulatorError("--type: the program did not wait for a key within 600 frames")
    try:
        atari.type_script(script, max_frames_per_key=KEY_WAIT_FRAMES)
    except EmulatorError as error:
        raise EmulatorError(f"--type: {error}") from None


def require_program_file(file: str) -> Path:
    """``file`` as a Path, or one line saying it is missing or a folder."""
    path = Path(file)
    if path.is_dir():
        raise EmulatorError(f"{file}: a folder, not a program (.xex) or a disk image (.atr)")
    if not path.is_file():
        raise EmulatorError(f"{file}: no such file")
    return path


def start_program(atari, file: str | None, keep_basic: bool = False) -> None:
    """Boot the OS and start ``file`` (a XEX after the OS is idle, an ATR from D1:).

    A XEX loads with BASIC switched off (OPTION held at power-on) unless
    ``keep_basic``; a disk boots with BASIC as the machine starts it.

    The front-end then runs the machine (headless: until the program waits for a key).
    """
    if file is None:
        atari.boot(max_frames=0)
        return
    path = require_program_file(file)
    suffix = path.suffix.lower()
    if suffix in ATR_SUFFIXES:
        atari.insert_disk(1, path)
        atari.boot(max_frames=0)
    elif suffix in XEX_SUFFIXES:
        atari.load_xex(path, max_frames=0, basic=keep_basic)
    else:
        raise EmulatorError(f"{file}: unknown file type {suffix or '(none)'} (expected .xex or .atr)")
