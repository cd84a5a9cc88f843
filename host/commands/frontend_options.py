"""The one place where the command line becomes what a front-end is told (FrontendOptions).

The emulator's front-ends read no argparse Namespace: each command builds a FrontendOptions
value here, once, and hands it over.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable

from emulator.frontends import FrontendOptions, choose_frontend, display_available, program_title
from host.errors import SurroundError


def frontend_options(
    args: argparse.Namespace,
    program: str | os.PathLike[str] | None = None,
    note: str = "",
    alert: Callable[[], str] | None = None,
    screen: bool | None = None,
) -> FrontendOptions:
    """FrontendOptions from a command's parsed arguments: ``program`` (default: ``args.file``)
    names the title; ``screen`` overrides ``--screen`` (the games always show their board)."""
    options = vars(args)
    if program is None:
        program = options.get("file")
    return FrontendOptions(
        title=program_title(program),
        note=note,
        alert=alert,
        frames=options.get("frames"),
        screen=bool(options.get("screen")) if screen is None else screen,
        screenshot=options.get("screenshot"),
        scale=options.get("scale"),
        audio_out=options.get("audio_out"),
        mute=bool(options.get("mute")),
    )


def add_sound_options(parser: argparse.ArgumentParser) -> None:
    """--audio-out and --mute (any front-end writes the WAV; the window plays the sound)."""
    parser.add_argument("--audio-out", default=None, metavar="FILE.wav",
                        help="write POKEY's sound into a WAV file (44.1 kHz, 16-bit mono), in any front-end")
    parser.add_argument("--mute", action="store_true", help="window: start with the sound off (F9 toggles it)")


def require_frontend(name: str | None) -> str:
    """The front-end that ``--frontend name`` comes to, or SurroundError (one line) if it cannot
    run here: the terminal without an interactive terminal, the window without a display.
    The games ask before they open their black list, so a refused start creates nothing."""
    chosen = choose_frontend(name)
    if chosen == "terminal" and not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise SurroundError("the terminal front-end needs an interactive terminal (stdin and stdout are "
                            "not a TTY); use --frontend headless instead")
    if chosen == "window" and not (display_available() or os.environ.get("SDL_VIDEODRIVER")):
        raise SurroundError("cannot open a window here: no display (try --frontend terminal)")
    return chosen
