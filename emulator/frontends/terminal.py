"""The terminal front-end: the Atari's 40x24 text screen in a terminal, with curses.

For machines without a display (an SSH session, a console, tmux). The text screen comes
from the machine as Unicode (ATASCII graphics characters included), with inverse characters
in reverse video, in the program's own colours (the nearest the terminal has). From 40x24 on
everything fits: a frame comes where there are 42x26, the status line with the keys below
the screen where there is one more line, else (80x24) as a panel to the right.
The emulator runs in real time (the machine's frame rate: NTSC 59.92, PAL 49.86 a second),
at full speed while a paste's keys flow in or the cassette motor runs (the status line shows
the keys left, "TAPE RUNNING"); the terminal is only written to when the Atari screen or the
status changed (at full speed at most FAST_DRAW_RATE times a second). BREAK and RESET drop
the rest of a paste.

Keys: printable characters go to the Atari as typed; Enter is RETURN, Backspace is DELETE
(Delete / Insert: CONTROL+DELETE / CONTROL+INSERT), Esc is ESC, Tab is TAB, the arrows are
the cursor keys (CONTROL + - = + *), Ctrl+letter is CONTROL+letter. F1 HELP, F2 START,
F3 SELECT, F4 OPTION (a terminal reports no key release, so each is held for
`CONSOLE_HOLD_FRAMES`), F5 RESET (warm), F7 or Pause/Break (where the terminal sends it) or
Alt+B BREAK. Ctrl-C or F12 quits.

F-keys need a terminal whose terminfo describes them (xterm, tmux and screen do); where
they don't arrive, Alt+2, Alt+3, Alt+4 (ESC then the digit) are START, SELECT, OPTION and
Alt+B is BREAK.
"""

from __future__ import annotations

import curses
import locale
import os
import sys
import textwrap
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from emulator.atascii import INVERSE_SPACE
from emulator.frontends.common import (
    AtariKey,
    ConsoleKeys,
    FrontendOptions,
    KeyFeeder,
    full_speed,
    key_for_char,
    named_key,
    progress_notes,
    run_one_frame,
)
from emulator.interfaces import Atari
from emulator.palette import PALETTE

SCREEN_COLUMNS, SCREEN_ROWS = 40, 24
NEEDED_COLUMNS, NEEDED_LINES = SCREEN_COLUMNS, SCREEN_ROWS  # the least: the bare 40x24 screen
FRAMED_COLUMNS, FRAMED_LINES = SCREEN_COLUMNS + 2, SCREEN_ROWS + 2  # with a frame round it
CONSOLE_HOLD_FRAMES = 8  # how long F2/F3/F4 hold START/SELECT/OPTION (no key release in a terminal)
ESC_DELAY_MS = 25  # how long curses waits after ESC for the rest of an escape sequence
FAST_DRAW_RATE = 20  # screen updates a second while running at full speed (a paste, the tape)

STATUS_LINE = "F1 HELP  F2 START  F3 SELECT  F4 OPTION  F5 RESET  F7 BREAK  Ctrl-C/F12 quit"
#: the same keys as a panel beside the screen, where there is room to the side only (80x24)
SIDE_PANEL = ("F1  HELP", "F2  START", "F3  SELECT", "F4  OPTION", "F5  RESET", "F7  BREAK (or Alt+B)",
              "F12 or Ctrl-C: quit")
SIDE_WIDTH = 24  # columns the side panel needs (a blank column before it included)
CHBAS = 0x02F4  # the OS's shadow of CHBASE: the page of the character set in use
OS_CHARSET_PAGE = 0xE0
OWN_FONT_NOTE = "  (the program's own font: symbols approximate)"
GRAPHICS_NOTE = "(graphics not shown here: --frontend window or --screenshot)"
SCREEN_PAIR = 1  # the curses colour pair of the Atari screen
#: the eight basic terminal colours (curses.COLOR_BLACK .. COLOR_WHITE) as RGB
BASIC_COLOURS = ((0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
                 (0, 205, 205), (229, 229, 229))
CUBE_LEVELS = (0, 95, 135, 175, 215, 255)  # the 6x6x6 colour cube of 256-colour terminals
GREY_SPREAD = 24  # an RGB colour whose channels differ less than this counts as grey


class Span(NamedTuple):
    """A run of characters drawn the same way."""

    text: str
    inverse: bool


# ---------------------------------------------------------------------------------------------
# Rendering (pure: no curses)
# ---------------------------------------------------------------------------------------------


def codes_array(codes: Any) -> np.ndarray:
    """machine.screen_codes() (24 rows of bytes, or any 24x40 / 960 numbers) as a 24x40 array."""
    if isinstance(codes, (list, tuple)) and codes and isinstance(codes[0], (bytes, bytearray)):
        codes = np.frombuffer(b"".join(codes), dtype=np.uint8)
    return np.asarray(codes, dtype=np.uint8).reshape(SCREEN_ROWS, SCREEN_COLUMNS)


def screen_lines(text: str, codes: Any) -> list[list[Span]]:
    """The Atari text screen as 24 lines of spans: `text` from machine.screen_text() (24 lines
    of 40 characters) and `codes` from machine.screen_codes() (24x40 internal screen codes;
    bit 7 set means inverse video). The inverse space (the cursor), which screen_text shows
    as a full block, becomes a space in reverse video."""
    inverse = (codes_array(codes) & 0x80) != 0
    rows = text.split("\n")
    lines = []
    for row in range(SCREEN_ROWS):
        chars = list((rows[row] if row < len(rows) else "").ljust(SCREEN_COLUMNS)[:SCREEN_COLUMNS])
        for column in np.flatnonzero(inverse[row]):
            if chars[column] == INVERSE_SPACE:
                chars[column] = " "
        lines.append(list(spans_of("".join(chars), inverse[row])))
    return lines


def spans_of(chars: str, inverse: Iterable[bool]) -> Iterable[Span]:
    """Split `chars` into runs of equal inverse flag."""
    start = 0
    flags = [bool(flag) for flag in inverse]
    for index in range(1, len(chars) + 1):
        if index == len(chars) or flags[index] != flags[start]:
            yield Span(chars[start:index], flags[start])
            start = index


def framed(lines: list[list[Span]], title: str = "") -> list[list[Span]]:
    """`lines` (each 40 characters) inside a box, with `title` in the top edge."""
    width = SCREEN_COLUMNS
    label = f" {title} " if title else ""
    label = label[: width - 2]
    top = "┌─" + label + "─" * (width - 1 - len(label)) + "┐"
    bottom = "└" + "─" * width + "┘"
    boxed = [[Span(top, False)]]
    for line in lines:
        boxed.append([Span("│", False), *line, Span("│", False)])
    boxed.append([Span(bottom, False)])
    return boxed


@dataclass(frozen=True)
class Layout:
    """Where the parts go in a terminal of a given size."""

    framed: bool  # a box round the screen (its title in the top edge)
    status: str  # "below": the status line under the screen; "side": a key panel beside it; "": none

    @property
    def origin(self) -> tuple[int, int]:
        """Row and column of the Atari screen's first cell."""
        return (1, 1) if self.framed else (0, 0)

    @property
    def size(self) -> tuple[int, int]:
        """Lines and columns of the screen with its frame, if any."""
        return (FRAMED_LINES, FRAMED_COLUMNS) if self.framed else (SCREEN_ROWS, SCREEN_COLUMNS)


def choose_layout(columns: int, lines: int) -> Layout | None:
    """The layout for a `columns` x `lines` terminal; None if even the bare 40x24 screen does
    not fit. The frame and the status line come only where there is room: an 80x24 terminal
    shows the bare screen with the keys in a panel to its right."""
    if columns < NEEDED_COLUMNS or lines < NEEDED_LINES:
        return None
    framed = columns >= FRAMED_COLUMNS and lines >= FRAMED_LINES
    height, width = (FRAMED_LINES, FRAMED_COLUMNS) if framed else (SCREEN_ROWS, SCREEN_COLUMNS)
    if lines > height:
        status = "below"
    elif columns >= width + SIDE_WIDTH:
        status = "side"
    else:
        status = ""
    return Layout(framed, status)


def encodable(text: str, encoding: str) -> str:
    """`text` with the characters the terminal's encoding can't show replaced by '?'."""
    return text.encode(encoding, errors="replace").decode(encoding, errors="replace").replace("\ufffd", "?")


def too_small_message(columns: int, lines: int) -> str:
    return (
        f"Terminal too small: the Atari screen needs at least {NEEDED_COLUMNS}x{NEEDED_LINES} "
        f"characters, this terminal is {columns}x{lines}. Enlarge it (Ctrl-C quits)."
    )


def wrapped_message(text: str, columns: int, lines: int) -> list[str]:
    """`text` broken at spaces into lines of at most `columns - 1` characters (a word longer
    than that is cut), at most `lines` of them."""
    width = max(1, columns - 1)  # the last column of the last line cannot be written
    return textwrap.wrap(text, width, break_on_hyphens=False)[: max(0, lines)]


def text_colours(colours: bytes) -> tuple[int, int]:
    """GRAPHICS 0's colours from GTIA's BK, PF0, PF1, PF2, PF3: the text has PF2's hue with
    PF1's luminance, the field is PF2 (Atari OS User's Manual, the text modes)."""
    pf1, pf2 = colours[2], colours[3]
    return (pf2 & 0xF0) | (pf1 & 0x0E), pf2


def nearest_terminal_colour(rgb: Iterable[int], available: int) -> int:
    """The curses colour number closest to `rgb`: from the 256-colour cube and grey ramp when
    the terminal has 256 colours, else one of the eight basic colours."""
    colour = tuple(int(c) for c in rgb)
    if available >= 256:
        candidates = [
            (16 + 36 * r + 6 * g + b, (CUBE_LEVELS[r], CUBE_LEVELS[g], CUBE_LEVELS[b]))
            for r in range(6) for g in range(6) for b in range(6)
        ] + [(232 + i, (8 + 10 * i,) * 3) for i in range(24)]
    elif max(colour) - min(colour) < GREY_SPREAD:  # a grey: black or white by its brightness
        return 7 if sum(colour) > 3 * 127 else 0
    else:  # eight colours are too few for shades: match the hue at full brightness
        colour = tuple(c * 205 // max(colour) for c in colour)
        candidates = list(enumerate(BASIC_COLOURS))[1:7]
    return min(candidates, key=lambda item: sum((a - b) ** 2 for a, b in zip(item[1], colour)))[0]


def terminal_pair(colours: tuple[int, int], available: int) -> tuple[int, int]:
    """Curses colour numbers (text, field) for GTIA colour bytes (text, field). With only eight
    colours the text is white or black, whichever its brightness is nearer, so it stays
    readable on the field's hue."""
    text, field = colours
    if available >= 256:
        return nearest_terminal_colour(PALETTE[text], available), nearest_terminal_colour(PALETTE[field], available)
    return (7 if (text & 0x0F) >= 8 else 0), nearest_terminal_colour(PALETTE[field], available)


# ---------------------------------------------------------------------------------------------
# Keys (pure: curses key values in, actions out)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TerminalAction:
    """What a key read from curses asks for: an Atari key, a console key, reset or quit."""

    kind: str  # "atari", "console", "reset", "break", "quit"
    atari_key: AtariKey | None = None
    name: str = ""  # console key: "start", "select", "option"


# Characters and curses keys -> PC key names of emulator.keyboard.PC_KEYS, with extra SHIFT
CONTROL_CHARACTERS = {
    "\n": ("return", False),
    "\r": ("return", False),
    "\x7f": ("backspace", False),
    "\x08": ("backspace", False),
    "\x1b": ("escape", False),
    "\t": ("tab", False),
}

CURSES_KEYS = {
    curses.KEY_ENTER: ("return", False),
    curses.KEY_BACKSPACE: ("backspace", False),
    curses.KEY_DC: ("delete", False),
    curses.KEY_IC: ("insert", False),
    curses.KEY_UP: ("up", False),
    curses.KEY_DOWN: ("down", False),
    curses.KEY_LEFT: ("left", False),
    curses.KEY_RIGHT: ("right", False),
    curses.KEY_HOME: ("home", False),
    curses.KEY_PPAGE: ("page up", False),
    curses.KEY_BTAB: ("tab", True),
    curses.KEY_F1: ("f1", False),
}

CONSOLE_FKEYS = {curses.KEY_F2: "start", curses.KEY_F3: "select", curses.KEY_F4: "option"}
ALT_KEYS = {"2": "start", "3": "select", "4": "option"}  # after ESC, for terminals without F-keys
ALT_BREAK = ("b", "B")  # Alt+B (ESC then b): BREAK, for terminals without F7 or Pause
#: F7, and Pause/Break where the terminal sends it (curses KEY_BREAK)
BREAK_KEYS = {curses.KEY_F7, curses.KEY_BREAK}
QUIT_KEYS = {"\x03", curses.KEY_F12}


def action_for_key(key: str | int) -> TerminalAction | None:
    """The action for one key from curses' get_wch(): a character (str) or a KEY_* code (int)."""
    if key in QUIT_KEYS:
        return TerminalAction("quit")
    if key in CONSOLE_FKEYS:
        return TerminalAction("console", name=CONSOLE_FKEYS[key])
    if key == curses.KEY_F5:
        return TerminalAction("reset")
    if key in BREAK_KEYS:
        return TerminalAction("break")
    named = CURSES_KEYS.get(key) if isinstance(key, int) else CONTROL_CHARACTERS.get(key)
    if named is not None:
        name, shift = named
        atari_key = named_key(name, shift)
        return None if atari_key is None else TerminalAction("atari", atari_key)
    if isinstance(key, str) and len(key) == 1:
        if 1 <= ord(key) <= 26:  # Ctrl+letter
            letter = key_for_char(chr(ord(key) + 64))
            return None if letter is None else TerminalAction("atari", AtariKey(letter.keycode, False, True))
        typed = key_for_char(key)
        return None if typed is None else TerminalAction("atari", typed)
    return None


# ---------------------------------------------------------------------------------------------
# The curses front-end
# ---------------------------------------------------------------------------------------------


class TerminalFrontend:
    """A running machine shown in a curses screen."""

    def __init__(self, machine: Atari, stdscr: Any, title: str, note: str = "",
                 alert: Callable[[], str] | None = None) -> None:
        self.machine = machine
        self.note = note  # a line the program running here wants shown (FrontendOptions.note)
        self.alert = alert  # asked once a frame: "" or a message to show now (FrontendOptions.alert)
        self.alert_shown = ""
        self.stdscr = stdscr
        self.title = title
        self.encoding = locale.getpreferredencoding(False) or "ascii"
        self.keys = KeyFeeder()
        self.console = ConsoleKeys()
        self.console_frames_left: dict[str, int] = {}
        self.after_escape = False
        self.running = True
        self.last_screen: tuple[str, bytes, tuple[int, int], tuple[str, ...], bool] | None = None
        self.screen_attr = curses.A_NORMAL
        self.colours_shown: tuple[int, int] | None = None
        self.setup_curses()

    def setup_curses(self) -> None:
        curses.raw()  # Ctrl-C, Ctrl-S ... arrive as characters
        curses.noecho()
        self.stdscr.keypad(True)
        self.stdscr.nodelay(True)
        try:
            curses.curs_set(0)
        except curses.error:
            pass
        if curses.has_colors():
            curses.start_color()
            try:
                curses.use_default_colors()  # the frame and status line in the terminal's own colours
            except curses.error:
                pass
            self.screen_attr = curses.color_pair(SCREEN_PAIR)
        self.colours_shown = None

    # -- input -------------------------------------------------------------------------------

    def read_keys(self) -> None:
        """Act on every key the terminal has sent since the last frame."""
        while True:
            try:
                key = self.stdscr.get_wch()
            except curses.error:  # no more input
                break
            if key == curses.KEY_RESIZE:
                self.last_screen = None
                continue
            self.handle_key(key)

    def handle_key(self, key: str | int) -> None:
        if self.after_escape:
            self.after_escape = False
            if key in ALT_KEYS:
                self.hold_console(ALT_KEYS[key])
                return
            if key in ALT_BREAK:
                self.press_break()
                return
            self.keys.push(named_key("escape"))
        if key == "\x1b":
            self.after_escape = True  # ESC alone, or Alt+key: decided by the next key
            return
        action = action_for_key(key)
        if action is None:
            return
        if action.kind == "quit":
            self.running = False
        elif action.kind == "console":
            self.hold_console(action.name)
        elif action.kind == "reset":
            self.keys.clear()  # as BREAK: the rest of a paste would type into the restarted program
            self.machine.reset(warm=True)
        elif action.kind == "break":
            self.press_break()
        else:
            self.keys.push(action.atari_key)

    def press_break(self) -> None:
        """BREAK: POKEY's BREAK interrupt; keys typed ahead are dropped, as BREAK stops what runs."""
        self.keys.clear()
        self.machine.press_break()

    def flush_escape(self) -> None:
        """An ESC with nothing after it within a frame is the ESC key."""
        if self.after_escape:
            self.after_escape = False
            self.keys.push(named_key("escape"))

    def hold_console(self, name: str) -> None:
        self.console.held.add(name)
        self.console_frames_left[name] = CONSOLE_HOLD_FRAMES
        self.last_screen = None  # show it in the status line

    def release_console_keys(self) -> None:
        """Count down the console keys' hold time, once a frame."""
        for name in list(self.console_frames_left):
            self.console_frames_left[name] -= 1
            if self.console_frames_left[name] <= 0:
                del self.console_frames_left[name]
                self.console.held.discard(name)
                self.last_screen = None

    # -- output ------------------------------------------------------------------------------

    def draw_if_changed(self) -> None:
        alert = self.alert() if self.alert is not None else ""
        if alert != self.alert_shown:
            self.alert_shown = alert
            self.last_screen = None
        text, codes = self.machine.screen_text(), codes_array(self.machine.screen_codes())
        colours = self.program_colours()
        screen = (text, codes.tobytes(), colours, tuple(progress_notes(self.machine, self.keys)),
                  self.machine.shows_graphics())
        if screen == self.last_screen:
            return
        self.last_screen = screen
        self.show_colours(colours)
        self.draw(text, codes)

    def program_colours(self) -> tuple[int, int]:
        """The text screen's colours as the program set them: (text, field) GTIA colour bytes."""
        return text_colours(self.machine.colour_registers())

    def show_colours(self, colours: tuple[int, int]) -> None:
        """Give the screen's colour pair the program's colours (nearest the terminal has)."""
        if colours == self.colours_shown or not curses.has_colors():
            return
        self.colours_shown = colours
        text, field = terminal_pair(colours, curses.COLORS)
        try:
            curses.init_pair(SCREEN_PAIR, text, field)
        except curses.error:
            pass

    def draw(self, text: str, codes: Any) -> None:
        lines_available, columns = self.stdscr.getmaxyx()
        self.stdscr.erase()
        layout = choose_layout(columns, lines_available)
        if layout is None:
            for row, message in enumerate(wrapped_message(too_small_message(columns, lines_available), columns,
                                                          lines_available)):
                self.put(row, 0, message, 0)
            self.stdscr.refresh()
            return
        top, left = layout.origin
        lines = screen_lines(text, codes)
        if layout.framed:
            blank = [[Span(" " * SCREEN_COLUMNS, False)] for _ in lines]
            for row, line in enumerate(framed(blank, self.title)):
                self.put(row, 0, "".join(span.text for span in line), 0)
        for row, line in enumerate(lines):
            column = left
            for span in line:
                attr = (curses.A_REVERSE if span.inverse else 0) | self.screen_attr
                self.put(top + row, column, span.text, attr)
                column += len(span.text)
        self.draw_status(layout, columns, lines_available)
        self.stdscr.refresh()

    def draw_status(self, layout: Layout, columns: int, lines: int) -> None:
        """The keys, the notes and held console keys: below the screen or beside it."""
        notes = [note for note in (self.alert_shown, self.note) if note]
        notes += progress_notes(self.machine, self.keys)
        if self.machine.peek(CHBAS) != OS_CHARSET_PAGE:
            notes.append(OWN_FONT_NOTE.strip())
        if self.machine.shows_graphics():
            notes.append(GRAPHICS_NOTE)
        if self.console.held:
            notes.append("[" + " ".join(sorted(self.console.held)).upper() + "]")
        height, width = layout.size
        if layout.status == "below":  # the keys, then the notes on the lines left (else after the keys)
            rows = [STATUS_LINE, *notes] if lines - height > len(notes) else ["  ".join([STATUS_LINE, *notes])]
            for offset, text in enumerate(rows[: lines - height]):
                self.put(height + offset, 0, text[: columns - 1], curses.A_BOLD)
        elif layout.status == "side":
            room = columns - width - 2
            wrapped = [part for note in notes for part in textwrap.wrap(note, room)]
            panel = [self.title, "", *SIDE_PANEL, "", *wrapped]
            for row, line in enumerate(panel):
                self.put(row, width + 2, line[:room], curses.A_BOLD)

    def put(self, row: int, column: int, text: str, attr: int) -> None:
        try:
            self.stdscr.addstr(row, column, encodable(text, self.encoding), attr)
        except curses.error:  # writing the terminal's last cell; the text is there anyway
            pass

    # -- main loop ---------------------------------------------------------------------------

    def run(self) -> int:
        period = 1.0 / self.machine.frame_rate  # NTSC 59.92 Hz, PAL 49.86 Hz
        deadline = last_draw = time.perf_counter()
        while self.running:
            self.read_keys()
            if not self.running:
                break
            self.keys.feed(self.machine)
            run_one_frame(self.machine, self.console)
            self.release_console_keys()
            self.flush_escape()
            now = time.perf_counter()
            if full_speed(self.machine, self.keys):  # no waiting; the screen now and then
                if now - last_draw >= 1.0 / FAST_DRAW_RATE:
                    self.draw_if_changed()
                    last_draw = now
                deadline = now
                continue
            self.draw_if_changed()
            last_draw = now
            deadline += period
            delay = deadline - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            elif delay < -0.25:  # far behind: don't try to catch up
                deadline = time.perf_counter()
        return 0


def run(machine: Atari, options: FrontendOptions | None = None) -> int:
    """Run `machine` in this terminal until Ctrl-C or F12; returns the exit status."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print(
            "surround: the terminal front-end needs an interactive terminal (stdin and stdout "
            "are not a TTY); use --frontend headless instead (it prints the screen once the "
            "program waits for a key; with `surround emu` add --screen)",
            file=sys.stderr,
        )
        return 2
    locale.setlocale(locale.LC_ALL, "")
    os.environ.setdefault("ESCDELAY", str(ESC_DELAY_MS))
    for name in ("LINES", "COLUMNS"):  # stale exported sizes would hide the terminal's real size
        os.environ.pop(name, None)
        os.unsetenv(name)  # also when a library (readline) set it behind os.environ's back
    options = options if options is not None else FrontendOptions()
    status = curses.wrapper(
        lambda stdscr: TerminalFrontend(machine, stdscr, options.title, options.note, options.alert).run()
    )
    if options.screenshot:  # the last frame, as the other front-ends save it
        machine.screenshot(options.screenshot)
    return status
