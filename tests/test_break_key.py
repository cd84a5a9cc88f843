"""Issue 17, item 5: a BREAK key in the window and the terminal (Pause/Break, F7; Alt+B in a
terminal), listed on the front-ends' key pages; `10 GOTO 10` is left with BREAK."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import curses  # noqa: E402

import pygame  # noqa: E402

from emulator.frontends import AtariKey, terminal, window  # noqa: E402
from tests.frontend_support import FakeAtari, bare_terminal  # noqa: E402
from tests.terminal_support import run_in_terminal  # noqa: E402

BASIC = "from emulator.headless import HeadlessAtari\natari = HeadlessAtari(basic_rom='free'); atari.boot()"


def test_the_window_maps_pause_and_f7_to_break() -> None:
    for key in (pygame.K_PAUSE, pygame.K_F7):
        assert window.action_for_keydown(key, 0) == window.KeyAction("command", name="break")
    assert "BREAK" in window.KEY_HELP and "Pause/Break" in window.KEY_HELP


def test_the_terminal_maps_f7_pause_and_alt_b_to_break() -> None:
    for key in (curses.KEY_F7, curses.KEY_BREAK):
        assert terminal.action_for_key(key) == terminal.TerminalAction("break")
    front = bare_terminal(FakeAtari())
    front.keys.push(AtariKey(0x3F))
    front.handle_key("\x1b")
    front.handle_key("b")
    assert front.machine.breaks == 1 and not front.keys.pending, "BREAK drops the keys typed ahead"
    assert "F7 BREAK" in terminal.STATUS_LINE and any("BREAK" in line for line in terminal.SIDE_PANEL)


@pytest.mark.slow
def test_break_stops_a_basic_loop_in_the_terminal() -> None:
    for break_key in (b"\x1b[18~", b"\x1bb"):  # F7 as xterm sends it, then Alt+B
        screen = run_in_terminal(BASIC, [(b"10 GOTO 10\rRUN\r", 4.0), (break_key, 2.0), (b"PRINT 6*7\r", 3.0)],
                                 ready=b"READY")
        lines = [line.strip() for line in screen.splitlines()]
        assert "STOPPED AT LINE 10" in lines and "42" in lines, screen
