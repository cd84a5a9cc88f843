"""A fake machine for the front-end tests: the facade the front-ends drive
(emulator.interfaces.Atari), recording what they ask for, without running anything."""

from __future__ import annotations

import numpy as np

from emulator.frontends import AtariKey

# Atari key codes (KBCODE bits 0-5), facts of the hardware.
KEY_A, KEY_1, KEY_RETURN, KEY_MINUS, KEY_EQUALS, KEY_PLUS, KEY_ASTERISK = 0x3F, 0x1F, 0x0C, 0x0E, 0x0F, 0x06, 0x07
KEY_DELETE, KEY_ESC, KEY_TAB, KEY_0 = 0x34, 0x1C, 0x2C, 0x32


class FakeChips:
    """The part of emulator.machine.Machine the front-ends use: keys and console keys that
    are pressed without running anything."""

    def __init__(self, memory: bytearray, pressed: list) -> None:
        self.memory = memory
        self.pressed = pressed
        self.console = (False, False, False)
        self.console_release_frame: int | None = None
        self.frames = 0

    def key_down(self, keycode: int, shift: bool = False, ctrl: bool = False, hold_frames: int = 2) -> None:
        self.pressed.append((keycode, shift, ctrl))
        self.memory[0x02FC] = AtariKey(keycode, shift, ctrl).kbcode

    def console_down(self, start=False, select=False, option=False, hold_frames=2) -> None:
        self.console = (start, select, option)
        self.console_release_frame = self.frames + hold_frames


class FakeAtari:
    """The facade the front-ends drive (emulator.interfaces.Atari), recording what they ask for;
    its `machine` (FakeChips) presses keys and console keys without running frames."""

    def __init__(self, height: int = 240, width: int = 384) -> None:
        rows, columns = np.indices((height, width))
        # 8x8 blocks of distinct colour bytes: easy to find again after scaling
        self.colour_bytes = ((rows // 8 * 48 + columns // 8) % 256).astype(np.uint8)
        entries = np.arange(256)
        self.palette = np.stack([entries, (entries * 7 + 40) % 256, (entries * 13 + 90) % 256],
                                axis=-1).astype(np.uint8)
        self.frame = self.palette[self.colour_bytes]
        self.memory = bytearray(0x10000)
        self.memory[0x02FC] = 0xFF
        self.pressed: list[tuple[int, bool, bool]] = []
        self.console_frames: list[tuple[bool, bool, bool]] = []
        self.frames = 0
        self.resets: list[bool] = []
        self.breaks = 0
        self.text = "\n".join(f"LINE {row:02d}".ljust(40) for row in range(24))
        self.codes = [bytes(40)] * 24
        self.colours = bytes([0x00, 0x28, 0xCA, 0x94, 0x46])
        self.machine = FakeChips(self.memory, self.pressed)
        self.joysticks: dict[int, tuple[bool, ...]] = {}
        self.paddles: dict[int, int] = {}
        self.audio_sinks: list = []
        self.recording = None

    def key_down(self, keycode: int, shift: bool = False, ctrl: bool = False, hold_frames: int = 2) -> None:
        self.machine.key_down(keycode, shift, ctrl, hold_frames)

    def console_down(self, start=False, select=False, option=False, hold_frames=1) -> None:
        self.machine.console_down(start, select, option, hold_frames)

    def colour_registers(self) -> bytes:
        return self.colours

    def frame_rgb(self) -> np.ndarray:
        return self.frame

    def frame_colours(self) -> np.ndarray:
        return self.colour_bytes

    def peek(self, address: int) -> int:
        return self.memory[address]

    def poke(self, address: int, value: int) -> None:
        self.memory[address] = value

    def press_key(self, keycode: int, shift: bool = False, ctrl: bool = False, frames: int = 2) -> None:
        self.pressed.append((keycode, shift, ctrl))
        self.memory[0x02FC] = AtariKey(keycode, shift, ctrl).kbcode
        self.run_frames(frames)

    def run_frames(self, count: int) -> None:
        chips = self.machine
        for _ in range(count):
            self.frames += 1
            chips.frames += 1
            self.console_frames.append(chips.console)
            if chips.console_release_frame is not None and chips.frames >= chips.console_release_frame:
                chips.console, chips.console_release_frame = (False, False, False), None

    def press_console(self, start: bool = False, select: bool = False, option: bool = False, frames: int = 2) -> None:
        self.frames += frames
        self.console_frames.extend([(start, select, option)] * frames)

    def reset(self, warm: bool = True) -> None:
        self.resets.append(warm)

    def press_break(self) -> None:
        self.breaks += 1

    def run_until_idle(self, max_frames: int = 600) -> bool:
        self.run_frames(1)
        return True

    def screen_text(self) -> str:
        return self.text

    def screen_codes(self) -> list[bytes]:
        return self.codes

    def shows_graphics(self) -> bool:
        return False

    frame_rate = 1_789_773 / 29_868  # NTSC
    tape_running = False

    def set_joystick(self, port: int, up: bool = False, down: bool = False, left: bool = False,
                     right: bool = False, fire: bool = False) -> None:
        self.joysticks[port] = (up, down, left, right, fire)

    def set_paddle(self, number: int, value: int) -> None:
        self.paddles[number] = value

    def add_audio_sink(self, sink) -> None:
        self.audio_sinks.append(sink)

    def record_audio(self, path) -> None:
        self.recording = path

    def close_audio(self) -> None:
        self.recording = None


class FakeScreen:
    """A curses window that keeps the text written to it (80x30) and has no input."""

    def __init__(self) -> None:
        self.text: list[str] = []

    def getmaxyx(self):
        return 30, 80

    def erase(self) -> None:
        self.text.clear()

    def addstr(self, row, column, text, attr=0) -> None:
        self.text.append(text)

    def refresh(self) -> None:
        pass

    def get_wch(self):
        import curses

        raise curses.error("no input")


def bare_terminal(machine, note: str = "", alert=None):
    """A TerminalFrontend on ``machine`` and a FakeScreen, without curses' set-up (no terminal)."""
    from emulator.frontends import terminal

    front = terminal.TerminalFrontend.__new__(terminal.TerminalFrontend)
    front.machine, front.stdscr, front.title, front.encoding = machine, FakeScreen(), "t", "utf-8"
    front.note, front.alert, front.alert_shown, front.last_screen = note, alert, "", None
    front.console, front.console_frames_left, front.screen_attr = terminal.ConsoleKeys(), {}, 0
    front.keys, front.after_escape, front.running = terminal.KeyFeeder(), False, True
    front.colours_shown = terminal.text_colours(machine.colour_registers())  # no curses colours here
    return front
