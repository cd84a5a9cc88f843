"""Front-ends of the emulator: a pygame-ce window, a curses terminal view and a headless runner.

`open_frontend` picks one and runs it until the user quits:

- ``"window"``   the pygame-ce window (emulator.frontends.window),
- ``"terminal"`` the 40x24 text screen in a terminal (emulator.frontends.terminal),
- ``"headless"`` no display: run ``args.frames`` frames (or until the program waits for a
  key) and print the text screen with ``args.screen``,
- ``None`` or ``"auto"``: the window when a display can be opened, otherwise the terminal.

The module also holds what both interactive front-ends share: `AtariKey` and the
translation of typed characters into Atari key presses, and `KeyFeeder`, which hands queued
key presses to the machine one at a time, the way a person types.
"""

from __future__ import annotations

import os
import sys
from collections import deque
from dataclasses import dataclass, field
from typing import Any, NamedTuple

FRONTEND_NAMES = ("window", "terminal", "headless")

# Video drivers that open no visible window: "auto" does not count them as a display.
INVISIBLE_VIDEO_DRIVERS = ("dummy", "offscreen")

# CH ($02FC) holds the last key code until the OS hands it to a program; $FF means empty.
CH_ADDRESS = 0x02FC
CH_EMPTY = 0xFF


class AtariKey(NamedTuple):
    """One press on the Atari keyboard: the 6-bit key code and the SHIFT and CONTROL keys."""

    keycode: int
    shift: bool = False
    ctrl: bool = False

    @property
    def kbcode(self) -> int:
        """The byte POKEY shows in KBCODE: key code | $40 for SHIFT | $80 for CONTROL."""
        return self.keycode | (0x40 if self.shift else 0) | (0x80 if self.ctrl else 0)


# ---------------------------------------------------------------------------------------------
# Characters and named keys -> Atari key presses (tables live in emulator.keyboard)
# ---------------------------------------------------------------------------------------------


def key_for_char(char: str) -> AtariKey | None:
    """The Atari key press that types `char` (a Unicode character), or None if none does."""
    from emulator import keyboard

    found = keyboard.key_for_char(char)
    return None if found is None else AtariKey(*found)


def named_key(name: str, shift: bool = False, ctrl: bool = False) -> AtariKey:
    """The Atari key called `name` (as in emulator.keyboard, e.g. "RETURN", "UP"), with modifiers.

    Cursor keys are CONTROL plus - = + * on the Atari; asking for "UP" with shift still
    gives the CONTROL press, since that is what moves the cursor.
    """
    from emulator import keyboard

    keycode, key_shift, key_ctrl = keyboard.key_for_name(name)
    return AtariKey(keycode, shift or key_shift, ctrl or key_ctrl)


# ---------------------------------------------------------------------------------------------
# Feeding key presses to the machine at typing speed
# ---------------------------------------------------------------------------------------------


@dataclass
class KeyFeeder:
    """Queue of Atari key presses, handed to the machine one at a time.

    A press is given to the machine when the OS has taken the previous one out of CH
    ($02FC reads $FF again), or after `max_wait_frames` for programs that read the keyboard
    without the OS. So keys typed faster than the program reads them (a paste, a burst of
    typing inside one frame) all arrive, in order.
    """

    max_wait_frames: int = 6
    pending: deque[AtariKey] = None  # type: ignore[assignment]
    frames_since_press: int = 1_000

    def __post_init__(self) -> None:
        if self.pending is None:
            self.pending = deque()

    def push(self, key: AtariKey) -> None:
        """Queue one key press."""
        self.pending.append(key)

    def feed(self, machine: Any) -> AtariKey | None:
        """Call once per frame, before the frame runs: presses the next key when it is time."""
        self.frames_since_press += 1
        if not self.pending:
            return None
        ch_empty = machine.peek(CH_ADDRESS) == CH_EMPTY
        if not ch_empty and self.frames_since_press < self.max_wait_frames:
            return None
        key = self.pending.popleft()
        machine.press_key(key.keycode, shift=key.shift, ctrl=key.ctrl)
        self.frames_since_press = 0
        return key


@dataclass
class ConsoleKeys:
    """START, SELECT and OPTION as held on the PC (F2, F3, F4)."""

    held: set[str] = field(default_factory=set)

    def any(self) -> bool:
        return bool(self.held)

    def flags(self) -> tuple[bool, bool, bool]:
        """(start, select, option) for the machine."""
        return ("start" in self.held, "select" in self.held, "option" in self.held)


def run_one_frame(machine: Any, console: ConsoleKeys) -> None:
    """Emulate one frame with the console keys as held now.

    Uses the machine's ``set_console(start, select, option)`` if it has one; otherwise
    ``press_console(..., frames=1)``, which holds them for exactly this frame.
    """
    set_console = getattr(machine, "set_console", None)
    if set_console is not None:
        set_console(*console.flags())
        machine.run_frames(1)
    elif console.any():
        machine.press_console(*console.flags(), 1)
    else:
        machine.run_frames(1)


# ---------------------------------------------------------------------------------------------
# Choosing a front-end
# ---------------------------------------------------------------------------------------------


def display_available() -> bool:
    """True if a visible pygame window can be opened here.

    On Linux without DISPLAY or WAYLAND_DISPLAY (and no SDL_VIDEODRIVER chosen) there is
    none; SDL's dummy and offscreen drivers open nothing visible; otherwise we ask SDL.
    """
    driver = os.environ.get("SDL_VIDEODRIVER", "")
    if driver.lower() in INVISIBLE_VIDEO_DRIVERS:
        return False
    if sys.platform.startswith("linux") and not driver:
        if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
            return False
    try:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        pygame.display.init()
    except Exception:  # pygame.error, ImportError: no usable display either way
        return False
    return True


def choose_frontend(name: str | None) -> str:
    """The front-end to run for the --frontend value `name` (None or "auto" decides here)."""
    if name in (None, "", "auto"):
        return "window" if display_available() else "terminal"
    if name not in FRONTEND_NAMES:
        choices = ", ".join(FRONTEND_NAMES)
        raise ValueError(f"unknown front-end {name!r} (choose one of: {choices})")
    return name


def open_frontend(name: str | None, machine: Any, args: Any) -> int:
    """Run `machine` (a booted or loaded HeadlessAtari) in the front-end `name`; the exit status."""
    chosen = choose_frontend(name)
    if chosen == "window":
        from emulator.frontends import window

        return window.run(machine, args)
    if chosen == "terminal":
        from emulator.frontends import terminal

        return terminal.run(machine, args)
    return run_headless(machine, args)


def run_headless(machine: Any, args: Any) -> int:
    """Run without any display: ``args.frames`` frames (default: until the program waits for a
    key, at most 600 frames), then print the 40x24 text screen if ``args.screen`` and save
    ``args.screenshot`` (a PNG path) if given."""
    frames = getattr(args, "frames", None)
    if frames:
        machine.run_frames(int(frames))
    else:
        machine.run_until_idle(600)
    if getattr(args, "screen", False):
        print(machine.screen_text())
    screenshot_path = getattr(args, "screenshot", None)
    if screenshot_path:
        machine.screenshot(screenshot_path)
    return 0
