"""Front-ends of the emulator: a pygame-ce window, a curses terminal view and a headless runner.

`open_frontend` picks one and runs it until the user quits:

- ``"window"``   the pygame-ce window (emulator.frontends.window),
- ``"terminal"`` the 40x24 text screen in a terminal (emulator.frontends.terminal),
- ``"headless"`` no display: run ``options.frames`` frames (or until the program waits for a
  key) and print the text screen with ``options.screen``,
- ``None`` or ``"auto"``: the window when a display can be opened, otherwise the terminal.

What a front-end is told comes as one value, `FrontendOptions` (built by the host from its
command line; the emulator reads no argparse namespace). The module also holds what both
interactive front-ends share: `AtariKey` and the translation of typed characters and PC
keys into Atari key presses; `KeyFeeder`, the type-ahead queue that hands key presses to
the machine one at a time, never over an unread one; and `ConsoleKeys` / `run_one_frame`,
which hold START, SELECT and OPTION frame by frame.
The front-ends run the frames themselves, so keys are pressed with the facade's
key_down/console_down (emulator.interfaces.Atari), which press without running anything.
"""

from __future__ import annotations

import os

from emulator.errors import EmulatorError
from emulator.frontends.common import (
    CH_ADDRESS,
    CH_EMPTY,
    FRONTEND_NAMES,
    INVISIBLE_VIDEO_DRIVERS,
    KEY_HOLD_FRAMES,
    MIN_FRAMES_BETWEEN_KEYS,
    TAPE_CUT_OFF,
    AtariKey,
    ConsoleKeys,
    FrontendOptions,
    KeyFeeder,
    KeyRepeats,
    choose_frontend,
    display_available,
    key_down,
    key_for_char,
    named_key,
    program_title,
    run_headless,
    run_one_frame,
)
from emulator.interfaces import Atari

__all__ = [
    "FRONTEND_NAMES",
    "INVISIBLE_VIDEO_DRIVERS",
    "CH_ADDRESS",
    "CH_EMPTY",
    "FrontendOptions",
    "program_title",
    "AtariKey",
    "key_for_char",
    "named_key",
    "KEY_HOLD_FRAMES",
    "MIN_FRAMES_BETWEEN_KEYS",
    "TAPE_CUT_OFF",
    "key_down",
    "KeyFeeder",
    "KeyRepeats",
    "ConsoleKeys",
    "run_one_frame",
    "display_available",
    "choose_frontend",
    "run_headless",
    "open_frontend",
]


def open_frontend(name: str | None, machine: Atari, options: FrontendOptions | None = None) -> int:
    """Run `machine` (a booted or loaded HeadlessAtari) in the front-end `name`; the exit status.

    ``options.audio_out`` (a WAV path), if set, records POKEY's sound in any front-end."""
    options = options if options is not None else FrontendOptions()
    chosen = choose_frontend(name)
    if options.audio_out:
        machine.record_audio(options.audio_out)
    try:
        return _run_frontend(chosen, machine, options)
    finally:
        if options.audio_out:
            machine.close_audio()


def _run_frontend(chosen: str, machine: Atari, options: FrontendOptions) -> int:
    if chosen == "window":
        from emulator.frontends import window

        if not (display_available() or os.environ.get("SDL_VIDEODRIVER")):
            raise EmulatorError("cannot open a window here: no display (try --frontend terminal)")
        return window.run(machine, options)
    if chosen == "terminal":
        from emulator.frontends import terminal

        return terminal.run(machine, options)
    return run_headless(machine, options)
