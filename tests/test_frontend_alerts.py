"""Issue 17, item 1: an alert such as "NOT SAVED: reason" reaches the player in every front-end
(the window's title bar and console, the terminal's status line, stderr when headless)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from emulator.frontends import FrontendOptions, run_headless, window  # noqa: E402
from tests.frontend_support import FakeAtari, bare_terminal  # noqa: E402


def test_the_window_puts_an_alert_into_its_title_and_onto_the_console(display, capsys) -> None:
    alert = [""]
    atari_window = window.AtariWindow(FakeAtari(), "surround.xex", row_scale=1, alert=lambda: alert[0])
    atari_window.step()
    assert "NOT SAVED" not in pygame.display.get_caption()[0]
    alert[0] = "NOT SAVED: /x/blacklist.bin: No space left on device"
    atari_window.step()
    assert pygame.display.get_caption()[0].startswith("NOT SAVED: /x/blacklist.bin")
    assert "NOT SAVED: /x/blacklist.bin" in capsys.readouterr().err
    alert[0] = ""
    atari_window.step()
    assert "NOT SAVED" not in pygame.display.get_caption()[0]


def test_headless_prints_an_alert_to_stderr(capsys) -> None:
    options = FrontendOptions(frames=1, alert=lambda: "NOT SAVED: reason")
    assert run_headless(FakeAtari(), options) == 0
    assert "NOT SAVED: reason" in capsys.readouterr().err


def test_the_terminal_shows_an_alert_above_its_note() -> None:

    front = bare_terminal(FakeAtari(), note="Black list: /x", alert=lambda: "NOT SAVED: r")
    front.draw_if_changed()
    shown = "\n".join(front.stdscr.text)
    assert "NOT SAVED: r" in shown and shown.index("NOT SAVED: r") < shown.index("Black list: /x")
