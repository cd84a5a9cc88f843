"""What the three front-ends share: their options, Atari keys from PC keys, the key queue,
console keys, one frame of the machine, and the headless front-end itself.

The package (emulator/frontends/__init__.py) re-exports these names and chooses a front-end."""


from __future__ import annotations

import os
import sys
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from emulator.interfaces import Atari

FRONTEND_NAMES = ("window", "terminal", "headless")

# Video drivers that open no visible window: "auto" does not count them as a display.
INVISIBLE_VIDEO_DRIVERS = ("dummy", "offscreen")

# CH ($02FC) holds the last key code until the OS hands it to a program; $FF means empty.
CH_ADDRESS = 0x02FC
CH_EMPTY = 0xFF


@dataclass(frozen=True)
class FrontendOptions:
    """Everything a front-end is told besides the machine."""

    title: str = "Atari XL/XE"  # the program's name, for the title bar or the frame
    note: str = ""  # a line the program running here wants shown (e.g. where its files are kept)
    alert: Callable[[], str] | None = None  # asked once a frame: "" or a message the user must see now
    frames: int | None = None  # headless: run this many frames (None: until the program waits for a key);
    # window: close after this many
    screen: bool = False  # headless: print the text screen at the end
    screenshot: str | None = None  # any front-end: save the last frame as this PNG
    scale: float | None = None  # window: the row scale (None: 3, or less if the desktop is small)
    audio_out: str | None = None  # any front-end: record POKEY's sound into this WAV file
    mute: bool = False  # window: start with the sound off (F9 toggles it)

    def alert_text(self) -> str:
        """The alert now ("" if none)."""
        return self.alert() if self.alert is not None else ""


def program_title(path: str | os.PathLike[str] | None) -> str:
    """The title for a program file: its name (the machine's name without one)."""
    return Path(str(path)).name if path else "Atari XL/XE"


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
# Characters and named keys -> Atari key presses (the tables live in emulator.keyboard)
# ---------------------------------------------------------------------------------------------


def key_for_char(char: str) -> AtariKey | None:
    """The Atari key press that types `char` (a Unicode character), or None if none does.

    Capital letters come with SHIFT, so they are capitals whatever the Atari's caps mode;
    "\n" is RETURN; the Unicode symbols of the ATASCII graphics characters are typed with
    CONTROL, as on the Atari.
    """
    from emulator.atascii import unicode_to_atascii
    from emulator.keyboard import key_for_atascii

    try:
        return AtariKey(*key_for_atascii(unicode_to_atascii(char)))
    except ValueError:
        return None


def named_key(name: str, shift: bool = False, ctrl: bool = False) -> AtariKey | None:
    """The Atari key for the PC key called `name` (a pygame key name such as "return",
    "backspace", "up", "f1"; see emulator.keyboard.PC_KEYS), with SHIFT/CONTROL added; None
    if the key has no Atari counterpart."""
    from emulator.keyboard import PC_KEYS

    found = PC_KEYS.get(name)
    if found is None:
        return None
    keycode, key_shift, key_ctrl = found
    return AtariKey(keycode, shift or key_shift, ctrl or key_ctrl)


# ---------------------------------------------------------------------------------------------
# Talking to the machine without running it (the front-ends run the frames themselves)
# ---------------------------------------------------------------------------------------------

KEY_HOLD_FRAMES = 2  # a typed key is held this long, as HeadlessAtari.type_text does
MIN_FRAMES_BETWEEN_KEYS = 4  # as emulator.headless: the OS's debounce would drop a quicker repeat
STALLED_FRAMES = 120  # two seconds without taking a queued key: no full speed for the queue


def key_down(machine: Atari, key: AtariKey) -> None:
    """Press `key` now (the keyboard IRQ fires); it is released after KEY_HOLD_FRAMES frames.
    Nothing is run: the front-end runs the frames."""
    machine.key_down(key.keycode, key.shift, key.ctrl, hold_frames=KEY_HOLD_FRAMES)


@dataclass
class KeyFeeder:
    """The type-ahead: a queue of Atari key presses, handed to the machine one at a time.

    The Atari keeps one key that a program has not read yet: the OS's keyboard IRQ puts it
    into CH ($02FC) and K: takes it out, leaving $FF (Mapping the Atari, CH). A key pressed
    while CH is full would replace the unread one, so the queue holds the next press back
    until CH reads $FF again, however long the program is busy (no time limit: a BASIC line
    being tokenized or a wolf thinking for seconds loses nothing), and at least
    `min_gap_frames` after the previous press (the OS's debounce drops a quick repeat).
    So keys typed faster than the program reads them (a paste, a burst of typing) all
    arrive, in order. A program that reads the keyboard without the OS (KBCODE alone) gets
    the first key and the rest wait until CH is emptied.
    """

    min_gap_frames: int = MIN_FRAMES_BETWEEN_KEYS
    max_repeats: int | None = None  # a held key's repeats wait only while fewer keys than this wait
    pending: deque[AtariKey] = field(default_factory=deque)
    frames_since_press: int = 1_000

    def push(self, key: AtariKey | None, repeat: bool = False) -> None:
        """Queue one key press (None, a key without an Atari counterpart, is ignored).

        A typed key is never dropped. A ``repeat`` (the PC's auto-repeat of a key held down,
        see KeyRepeats) is dropped when ``max_repeats`` keys already wait: the PC repeats
        faster than the Atari takes keys, and without a limit the Atari would go on typing
        long after the key is released."""
        if key is None or (repeat and self.max_repeats is not None and len(self.pending) >= self.max_repeats):
            return
        self.pending.append(key)

    def clear(self) -> None:
        """Forget the keys not yet given to the machine (BREAK, RESET)."""
        self.pending.clear()

    def flowing(self) -> bool:
        """True while keys wait and the program is taking them (a paste, a burst of typing):
        the front-ends then run at full speed. A program that has not taken a key for
        STALLED_FRAMES (busy, or reading the keyboard without the OS) runs in real time."""
        return bool(self.pending) and self.frames_since_press < STALLED_FRAMES

    def feed(self, machine: Atari) -> AtariKey | None:
        """Call once per frame, before the frame runs: presses the next key when CH is empty."""
        self.frames_since_press += 1
        if not self.pending or self.frames_since_press < self.min_gap_frames:
            return None
        if machine.peek(CH_ADDRESS) != CH_EMPTY:  # the last key is still unread: never overwrite it
            return None
        key = self.pending.popleft()
        key_down(machine, key)
        self.frames_since_press = 0
        return key


@dataclass
class KeyRepeats:
    """Tells a typed key from the PC's auto-repeat of a key held down, by the key's own
    history rather than by what it types: a KEYDOWN of a key already down (no KEYUP since)
    is a repeat; a text event is typed if a fresh KEYDOWN came since the last text event,
    else it is the text repeat of a held key. So ``10000`` typed fast is five presses."""

    down: set[int] = field(default_factory=set)
    fresh_presses: int = 0

    def key_down(self, key: int) -> bool:
        """A KEYDOWN of PC key ``key``; True if it is an auto-repeat."""
        if key in self.down:
            return True
        self.down.add(key)
        self.fresh_presses += 1
        return False

    def key_up(self, key: int) -> None:
        self.down.discard(key)

    def text(self) -> bool:
        """A text event; True if it is the auto-repeat of a held key (no fresh press since the last)."""
        if self.fresh_presses:
            self.fresh_presses = 0
            return False
        return bool(self.down)


@dataclass
class ConsoleKeys:
    """START, SELECT and OPTION as the user holds them now."""

    held: set[str] = field(default_factory=set)

    def any(self) -> bool:
        return bool(self.held)

    def flags(self) -> tuple[bool, bool, bool]:
        """(start, select, option) for the machine."""
        return ("start" in self.held, "select" in self.held, "option" in self.held)


def full_speed(machine: Atari, keys: KeyFeeder) -> bool:
    """True while a front-end should not wait for real time: keys typed ahead are flowing
    in (a paste) or the cassette motor runs (CSAVE/CLOAD and their 20 s of leader)."""
    return keys.flowing() or machine.tape_running


def progress_notes(machine: Atari, keys: KeyFeeder) -> list[str]:
    """The status line's signs of progress: keys left of a paste, the tape running."""
    notes = []
    if keys.pending:
        notes.append(f"PASTE: {len(keys.pending)} keys left (BREAK or RESET drops them)")
    if machine.tape_running:
        notes.append("TAPE RUNNING (full speed)")
    return notes


#: what a headless run says when it ends while the cassette motor runs
TAPE_CUT_OFF = ("the cassette motor was still running when the run ended: the tape's recording or "
                "playing was cut off (give it more --frames: CSAVE takes about 20 s of leader)")


def run_one_frame(machine: Atari, console: ConsoleKeys) -> None:
    """Emulate one frame with the console keys held as they are now: held keys are pressed
    for exactly this frame (released at its end, pressed again next frame while still held)."""
    if console.any():
        machine.console_down(*console.flags(), hold_frames=1)
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


def run_headless(machine: Atari, options: FrontendOptions) -> int:
    """Run without any display: ``options.frames`` frames (default: until the program waits for
    a key, at most 600 frames), then print the 40x24 text screen if ``options.screen`` and save
    ``options.screenshot`` (a PNG path) if given; an alert goes to stderr."""
    if options.frames:
        machine.run_frames(int(options.frames))
    else:
        machine.run_until_idle(600)
    if options.screen:
        print(machine.screen_text())
    if options.screenshot:
        machine.screenshot(options.screenshot)
    alert = options.alert_text()
    if alert:
        print(alert, file=sys.stderr)
    if machine.tape_running:
        print(f"surround: {TAPE_CUT_OFF}", file=sys.stderr)
        return 3
    return 0
