"""The one place where the command line becomes what a front-end is told (FrontendOptions).

The emulator's front-ends read no argparse Namespace: each command builds a FrontendOptions
value here, once, and hands it over.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable

from emulator.frontends import FrontendOptions, program_title


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
