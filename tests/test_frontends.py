"""Tests of the front-ends: the pygame window (under SDL's dummy driver), the key mappings,
the terminal's rendering and keys, and the choice of front-end.

A small fake machine stands in for HeadlessAtari where only its interface matters, so
these tests stay fast; one test boots the real machine when it is available.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

from emulator import frontends  # noqa: E402
from emulator.errors import EmulatorError  # noqa: E402
from emulator.frontends import AtariKey, ConsoleKeys, FrontendOptions, KeyFeeder, choose_frontend, terminal, window  # noqa: E402
from tests.frontend_support import (  # noqa: E402
    KEY_0,
    KEY_1,
    KEY_A,
    KEY_ASTERISK,
    KEY_DELETE,
    KEY_EQUALS,
    KEY_ESC,
    KEY_MINUS,
    KEY_PLUS,
    KEY_RETURN,
    KEY_TAB,
    FakeAtari,
)

# ---------------------------------------------------------------------------------------------
# Window: picture and screenshots
# ---------------------------------------------------------------------------------------------


def test_screenshot_png_has_the_frames_size_and_pixels(tmp_path):
    machine = FakeAtari()
    path = window.screenshot(machine, tmp_path / "shot.png")
    loaded = pygame.image.load(str(path))
    assert loaded.get_size() == (384, 240)
    pixels = pygame.surfarray.array3d(loaded).swapaxes(0, 1)
    assert np.array_equal(pixels, machine.frame)


def test_screenshot_without_a_path_gets_a_timestamped_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = window.screenshot(FakeAtari(16, 32))
    assert path.parent.name == "screenshots" and path.name.startswith("atari-") and path.suffix == ".png"
    assert (tmp_path / path).exists()


def test_picture_keeps_the_ntsc_aspect_and_whole_row_scale():
    frame_size = (384, 240)
    assert window.scaled_size(frame_size, 3) == (round(384 * 3 * 6 / 7), 720)
    exact = window.picture_rect(window.scaled_size(frame_size, 2), frame_size)
    assert exact.topleft == (0, 0) and exact.size == window.scaled_size(frame_size, 2)
    roomy = window.picture_rect((1500, 800), frame_size)  # fits 3x in height, not 4x
    assert roomy.height == 720 and roomy.width == round(384 * 3 * 6 / 7)
    assert abs(roomy.centerx - 750) <= 1 and roomy.centery == 400
    tiny = window.picture_rect((200, 100), frame_size)  # smaller than 1x: shrink, keep aspect
    assert tiny.height <= 100 and tiny.width <= 200
    assert tiny.width / tiny.height == pytest.approx(384 * 6 / 7 / 240, rel=0.03)


def test_window_draws_the_frame_scaled(display):
    machine = FakeAtari()
    renderer = window.Renderer((384, 240), 2, resizable=False)
    renderer.draw(machine.frame_rgb())
    shown = pygame.surfarray.array3d(pygame.display.get_surface()).swapaxes(0, 1)
    rect = renderer.rect
    for block_row in range(0, 30, 7):
        for block_column in range(0, 48, 5):
            source_y, source_x = block_row * 8 + 4, block_column * 8 + 4  # a block's centre
            y = rect.top + int(source_y * rect.height / 240)
            x = rect.left + int(source_x * rect.width / 384)
            assert tuple(shown[y, x]) == tuple(machine.frame[source_y, source_x])


def test_measure_fps_draws_frames(display):
    assert window.measure_fps(0.05, machine=FakeAtari(), row_scale=1) > 0


def test_window_loop_runs_frames_types_and_holds_console_keys(display):
    machine = FakeAtari()
    atari_window = window.AtariWindow(machine, "test.xex", row_scale=1)
    atari_window.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="A"))
    atari_window.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F2, mod=0))
    atari_window.step()
    atari_window.step()
    atari_window.handle_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_F2, mod=0))
    atari_window.step()
    atari_window.draw()
    assert machine.pressed == [(KEY_A, True, False)]
    assert machine.console_frames == [(True, False, False)] * 2 + [(False, False, False)]
    atari_window.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F5, mod=0))
    atari_window.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F5, mod=0))  # PC key repeat
    assert machine.resets == [True]
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames_before = machine.frames
    assert atari_window.run() == 0  # runs one frame, then sees the window closed
    assert machine.frames == frames_before + 1


def test_window_follows_a_resize_and_f10_saves_a_screenshot(display, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    machine = FakeAtari()
    atari_window = window.AtariWindow(machine, "test.xex", row_scale=1)
    pygame.display.set_mode((1200, 900), pygame.RESIZABLE)
    atari_window.handle_event(pygame.event.Event(pygame.VIDEORESIZE, size=(1200, 900), w=1200, h=900))
    atari_window.draw()
    assert atari_window.renderer.rect.size == window.scaled_size((384, 240), 3)
    atari_window.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F10, mod=0))
    printed = capsys.readouterr().out
    saved = list((tmp_path / "screenshots").glob("atari-*.png"))
    assert len(saved) == 1 and saved[0].name in printed


# ---------------------------------------------------------------------------------------------
# Window: keys
# ---------------------------------------------------------------------------------------------


def test_typed_text_becomes_atari_keys():
    assert window.keys_for_text("A") == [AtariKey(KEY_A, True, False)]
    assert window.keys_for_text("a") == [AtariKey(KEY_A, False, False)]
    assert window.keys_for_text("!1") == [AtariKey(KEY_1, True, False), AtariKey(KEY_1, False, False)]
    assert window.keys_for_text("€") == []  # no Atari key types it


@pytest.mark.parametrize(
    ("key", "mod", "expected"),
    [
        (pygame.K_RETURN, 0, AtariKey(KEY_RETURN)),
        (pygame.K_BACKSPACE, 0, AtariKey(KEY_DELETE)),
        (pygame.K_BACKSPACE, pygame.KMOD_LSHIFT, AtariKey(KEY_DELETE, True, False)),
        (pygame.K_ESCAPE, 0, AtariKey(KEY_ESC)),
        (pygame.K_TAB, 0, AtariKey(KEY_TAB)),
        (pygame.K_UP, 0, AtariKey(KEY_MINUS, False, True)),
        (pygame.K_DOWN, 0, AtariKey(KEY_EQUALS, False, True)),
        (pygame.K_LEFT, 0, AtariKey(KEY_PLUS, False, True)),
        (pygame.K_RIGHT, 0, AtariKey(KEY_ASTERISK, False, True)),
        (pygame.K_a, pygame.KMOD_LCTRL, AtariKey(KEY_A, False, True)),
    ],
)
def test_pc_keys_become_atari_keys(key, mod, expected):
    action = window.action_for_keydown(key, mod)
    assert action.kind == "atari" and action.atari_key == expected


def test_function_keys_are_console_keys_and_commands():
    assert window.action_for_keydown(pygame.K_F2, 0) == window.KeyAction("console", name="start")
    assert window.action_for_keydown(pygame.K_F3, 0) == window.KeyAction("console", name="select")
    assert window.action_for_keydown(pygame.K_F4, 0) == window.KeyAction("console", name="option")
    assert window.action_for_keydown(pygame.K_F5, 0).name == "reset"
    assert window.action_for_keydown(pygame.K_F10, 0).name == "screenshot"
    assert window.action_for_keydown(pygame.K_F12, 0).name == "turbo"
    assert window.action_for_keydown(pygame.K_a, 0) is None  # comes as TEXTINPUT instead


def test_turbo_tap_toggles_and_hold_is_momentary():
    turbo = window.Turbo()
    turbo.press(0.0)
    turbo.press(0.1)  # key repeat
    turbo.release(0.2)
    assert turbo.on
    turbo.press(1.0)
    turbo.release(1.1)
    assert not turbo.on
    turbo.press(2.0)
    turbo.release(3.0)  # held a second: only while held
    assert not turbo.on


def test_key_feeder_waits_until_the_os_took_the_last_key():
    machine = FakeAtari()
    feeder = KeyFeeder(min_gap_frames=1)
    for key in (AtariKey(KEY_A), AtariKey(KEY_1), AtariKey(KEY_RETURN)):
        feeder.push(key)
    assert feeder.feed(machine) == AtariKey(KEY_A)
    assert feeder.feed(machine) is None  # CH still holds the A
    machine.poke(0x02FC, 0xFF)  # the OS read it
    assert feeder.feed(machine) == AtariKey(KEY_1)
    results = [feeder.feed(machine) for _ in range(10_000)]  # a busy program: the 1 is never overwritten
    assert results == [None] * 10_000
    machine.poke(0x02FC, 0xFF)
    assert feeder.feed(machine) == AtariKey(KEY_RETURN)
    assert [pressed[0] for pressed in machine.pressed] == [KEY_A, KEY_1, KEY_RETURN]


def test_key_feeder_leaves_the_os_debounce_gap_between_keys():
    machine = FakeAtari()
    feeder = KeyFeeder()
    feeder.push(AtariKey(KEY_A))
    feeder.push(AtariKey(KEY_A))
    pressed_at = []
    for frame in range(12):
        if feeder.feed(machine) is not None:
            pressed_at.append(frame)
            machine.poke(0x02FC, 0xFF)
    assert pressed_at == [0, frontends.MIN_FRAMES_BETWEEN_KEYS]


def test_key_feeder_never_drops_a_typed_key_and_limits_repeats():
    feeder = KeyFeeder(max_repeats=3)
    for key in (KEY_1, KEY_0, KEY_0, KEY_0, KEY_0):  # "10000" typed while the program is busy
        feeder.push(AtariKey(key))
    feeder.push(None)
    assert [key.keycode for key in feeder.pending] == [KEY_1, KEY_0, KEY_0, KEY_0, KEY_0]
    feeder.push(AtariKey(KEY_0), repeat=True)  # a held key's repeat: 3 or more wait, dropped
    assert len(feeder.pending) == 5
    feeder.pending.clear()
    for _ in range(10):
        feeder.push(AtariKey(KEY_A), repeat=True)
    assert list(feeder.pending) == [AtariKey(KEY_A)] * 3


def window_events(atari_window, text: str, held_repeats: int = 0) -> None:
    """Type ``text`` key by key as pygame reports it (KEYDOWN, TEXTINPUT, KEYUP); the last key
    is held for ``held_repeats`` auto-repeats (TEXTINPUT without a new KEYDOWN)."""
    for index, character in enumerate(text):
        code = pygame.key.key_code(character)
        atari_window.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0))
        atari_window.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=character))
        if index == len(text) - 1:
            for _ in range(held_repeats):
                atari_window.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0))
                atari_window.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=character))
        atari_window.handle_event(pygame.event.Event(pygame.KEYUP, key=code, mod=0))


def test_window_type_ahead_keeps_every_typed_key(display):
    """Issue 28 item 4: `10000` typed while the program is busy arrives as 10000, not 1000;
    a key held down still adds only a few repeats."""
    atari_window = window.AtariWindow(FakeAtari(), "test.xex", row_scale=1)
    window_events(atari_window, "10000")
    assert [key.keycode for key in atari_window.keys.pending] == [KEY_1, KEY_0, KEY_0, KEY_0, KEY_0]
    atari_window.keys.pending.clear()
    window_events(atari_window, "7", held_repeats=20)
    assert len(atari_window.keys.pending) == window.MAX_WAITING_REPEATS


def test_the_front_ends_type_against_the_facades_protocol():
    """Keys and console keys go through the facade (emulator.interfaces.Atari), never into its chips."""
    machine = FakeAtari()
    frontends.key_down(machine, AtariKey(KEY_A, True))
    frontends.run_one_frame(machine, ConsoleKeys({"option"}))
    assert machine.pressed == [(KEY_A, True, False)]
    assert machine.console_frames[-1] == (False, False, True)


def test_the_emulator_imports_nothing_from_host_and_front_ends_read_no_namespace():
    root = Path(__file__).resolve().parents[1] / "emulator"
    for path in root.rglob("*.py"):
        text = path.read_text()
        assert "from host" not in text and "import host" not in text, path
    for path in (root / "frontends").glob("*.py"):
        text = path.read_text()
        assert "getattr(args" not in text and "Namespace" not in text and ".machine.machine" not in text, path


# ---------------------------------------------------------------------------------------------
# Terminal
# ---------------------------------------------------------------------------------------------


def test_terminal_renders_text_with_inverse_spans():
    text = "\n".join(["READY".ljust(40)] + [" " * 40] * 23)
    text = text.replace("\n ", "\n█", 1)  # screen_text shows the cursor as a full block
    codes = np.zeros((24, 40), dtype=np.uint8)
    codes[0, 0:5] = [0x32, 0x25, 0x21, 0x24, 0x39]
    codes[1, 0] = 0x80  # the cursor: an inverse space
    lines = terminal.screen_lines(text, [bytes(row) for row in codes])
    assert len(lines) == 24
    assert lines[0] == [terminal.Span("READY" + " " * 35, False)]
    assert lines[1] == [terminal.Span(" ", True), terminal.Span(" " * 39, False)]
    codes[2, 10:13] = 0xA1
    assert terminal.screen_lines(text, codes)[2] == [
        terminal.Span(" " * 10, False), terminal.Span("   ", True), terminal.Span(" " * 27, False)]


def test_terminal_frame_surrounds_the_screen():
    lines = terminal.screen_lines("\n".join(["♥" * 40] * 24), np.zeros(960, dtype=np.uint8))
    boxed = terminal.framed(lines, "game.xex")
    texts = ["".join(span.text for span in line) for line in boxed]
    assert len(texts) == 26 and all(len(text) == 42 for text in texts)
    assert "game.xex" in texts[0] and texts[1] == "│" + "♥" * 40 + "│"
    assert terminal.encodable("♥A", "ascii") == "?A"


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("\n", AtariKey(KEY_RETURN)),
        ("\r", AtariKey(KEY_RETURN)),
        ("\x7f", AtariKey(KEY_DELETE)),
        (terminal.curses.KEY_BACKSPACE, AtariKey(KEY_DELETE)),
        (terminal.curses.KEY_UP, AtariKey(KEY_MINUS, False, True)),
        (terminal.curses.KEY_RIGHT, AtariKey(KEY_ASTERISK, False, True)),
        ("\t", AtariKey(KEY_TAB)),
        ("A", AtariKey(KEY_A, True, False)),
        ("\x01", AtariKey(KEY_A, False, True)),  # Ctrl-A
    ],
)
def test_terminal_keys_become_atari_keys(key, expected):
    assert terminal.action_for_key(key) == terminal.TerminalAction("atari", expected)


def test_terminal_quit_console_and_reset_keys():
    assert terminal.action_for_key("\x03").kind == "quit"
    assert terminal.action_for_key(terminal.curses.KEY_F12).kind == "quit"
    assert terminal.action_for_key(terminal.curses.KEY_F2) == terminal.TerminalAction("console", name="start")
    assert terminal.action_for_key(terminal.curses.KEY_F4) == terminal.TerminalAction("console", name="option")
    assert terminal.action_for_key(terminal.curses.KEY_F5).kind == "reset"


def test_terminal_says_when_it_is_too_small():
    assert "40x24" in terminal.too_small_message(80, 20) and "80x20" in terminal.too_small_message(80, 20)


def test_the_too_small_message_wraps_between_words():
    message = terminal.too_small_message(30, 10)
    lines = terminal.wrapped_message(message, 30, 10)
    assert all(len(line) <= 29 for line in lines)
    assert " ".join(lines) == message, "no word is cut"
    assert len(terminal.wrapped_message(message, 30, 2)) == 2


def test_terminal_layout_fits_80x24_and_frames_where_there_is_room():
    assert terminal.choose_layout(39, 24) is None and terminal.choose_layout(80, 23) is None
    assert terminal.choose_layout(40, 24) == terminal.Layout(framed=False, status="")
    assert terminal.choose_layout(80, 24) == terminal.Layout(framed=False, status="side")
    assert terminal.choose_layout(80, 25) == terminal.Layout(framed=False, status="below")
    assert terminal.choose_layout(42, 26) == terminal.Layout(framed=True, status="")
    assert terminal.choose_layout(80, 26) == terminal.Layout(framed=True, status="side")
    assert terminal.choose_layout(42, 27) == terminal.Layout(framed=True, status="below")
    assert terminal.Layout(True, "").origin == (1, 1) and terminal.Layout(False, "side").origin == (0, 0)


def test_terminal_shows_the_programs_colours():
    # BK, PF0, PF1, PF2, PF3 as the game sets them: text luminance $0E on a green field $C2
    text, field = terminal.text_colours(bytes([0xC0, 0x28, 0x0E, 0xC2, 0x46]))
    assert (text, field) == (0xCE, 0xC2)
    green = terminal.nearest_terminal_colour(terminal.PALETTE[field], 8)
    assert green == 2  # curses.COLOR_GREEN, not the blue the front-end used to show
    cube = terminal.nearest_terminal_colour(terminal.PALETTE[field], 256)
    r, g, b = terminal.PALETTE[field]
    assert 16 <= cube < 256 and g > r and g > b
    assert terminal.nearest_terminal_colour((255, 255, 255), 256) == 231
    assert terminal.nearest_terminal_colour((0, 0, 0), 8) == 0
    assert terminal.terminal_pair((text, field), 8) == (7, 2)  # white on green with eight colours
    fg, bg = terminal.terminal_pair((text, field), 256)
    assert fg != bg and bg == cube


def test_terminal_refuses_without_a_tty(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", SimpleNamespace(isatty=lambda: False))
    assert terminal.run(FakeAtari(), FrontendOptions()) == 2
    assert "interactive terminal" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------------
# Choosing the front-end
# ---------------------------------------------------------------------------------------------


def test_no_display_falls_back_to_the_terminal(monkeypatch):
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    assert choose_frontend(None) == "terminal"
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # opens nothing visible
    assert choose_frontend("auto") == "terminal"
    assert choose_frontend("window") == "window"  # asked for explicitly


def test_failing_display_init_falls_back_to_the_terminal(monkeypatch):
    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)

    def no_display():
        raise pygame.error("x11 not available")

    monkeypatch.setattr(pygame.display, "init", no_display)
    assert choose_frontend(None) == "terminal"


def test_open_frontend_runs_the_chosen_one(monkeypatch, capsys):
    monkeypatch.setattr(frontends.common, "display_available", lambda: False)
    monkeypatch.setattr(sys, "stdin", SimpleNamespace(isatty=lambda: False))
    assert frontends.open_frontend(None, FakeAtari(), FrontendOptions()) == 2  # terminal, no TTY
    machine = FakeAtari()
    assert frontends.open_frontend("headless", machine, FrontendOptions(frames=5, screen=True)) == 0
    assert machine.frames == 5 and "LINE 23" in capsys.readouterr().out
    with pytest.raises(ValueError):
        choose_frontend("teletype")


def test_console_keys_are_held_for_the_frames_they_are_held():
    machine = FakeAtari()
    console = ConsoleKeys({"select"})
    frontends.run_one_frame(machine, console)
    console.held.clear()
    frontends.run_one_frame(machine, console)
    assert machine.console_frames == [(False, True, False), (False, False, False)]


# ---------------------------------------------------------------------------------------------
# With the real machine and our OS
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def booted_atari():
    from emulator.headless import HeadlessAtari

    atari = HeadlessAtari()
    assert atari.boot()
    return atari


def test_window_screenshot_of_the_booted_os(booted_atari, tmp_path, display):
    path = window.screenshot(booted_atari, tmp_path / "os.png")
    pixels = pygame.surfarray.array3d(pygame.image.load(str(path))).swapaxes(0, 1)
    frame = booted_atari.frame_rgb()
    assert pixels.shape == frame.shape and np.array_equal(pixels, frame)
    centre = tuple(int(value) for value in frame[120, 192])
    assert centre[2] > centre[0] and centre[2] > centre[1]  # the OS's blue screen


def test_window_types_into_the_os(display):
    from emulator.headless import HeadlessAtari

    atari = HeadlessAtari()
    atari.boot()
    atari_window = window.AtariWindow(atari, "memo pad", row_scale=1)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text='Hi "there"'))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    for _ in range(60):
        atari_window.step()
    lines = atari.screen_text().split("\n")
    typed_row = next(row for row, line in enumerate(lines) if 'HI "THERE"' in line)
    assert "█" in lines[typed_row + 1]  # RETURN moved the cursor to the next line


def test_terminal_shows_the_cursor_of_the_booted_os_in_reverse_video(booted_atari):
    lines = terminal.screen_lines(booted_atari.screen_text(), booted_atari.screen_codes())
    inverse_spans = [span for line in lines for span in line if span.inverse]
    assert inverse_spans == [terminal.Span(" ", True)]  # the cursor, and nothing else


def test_terminal_front_end_in_a_pseudo_terminal(tmp_path):
    """Run the curses front-end in a pty: type a line, quit with Ctrl-C, check the Atari got it."""
    import fcntl
    import pty
    import select
    import struct
    import termios
    import time

    script = (
        "import sys, types\n"
        "from emulator.headless import HeadlessAtari\n"
        "from emulator.frontends import terminal\n"
        "atari = HeadlessAtari(); atari.boot(0)\n"
        "status = terminal.run(atari, terminal.FrontendOptions())\n"
        "print('STATUS', status); print(atari.screen_text())\n"
    )
    pid, fd = pty.fork()
    if pid == 0:  # the child: a terminal of 80x30
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 80, 0, 0))
        # a fresh environment: LINES/COLUMNS (readline may have set them) would override the size
        environment = {name: value for name, value in os.environ.items() if name not in ("LINES", "COLUMNS")}
        environment.update(TERM="xterm", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        os.execve(sys.executable, [sys.executable, "-c", script], environment)
    output = bytearray()

    def read_until(marker: bytes | None, limit: float = 10.0) -> None:
        """Read the child's output until `marker` appears (None: until it ends) or `limit` s."""
        deadline = time.monotonic() + limit
        while (marker is None or marker not in output) and time.monotonic() < deadline:
            if select.select([fd], [], [], 0.1)[0]:
                try:
                    output.extend(os.read(fd, 65536))
                except OSError:  # the child has finished
                    return

    read_until(b"memo pad")
    os.write(fd, b"ok 42\r")
    time.sleep(1.0)  # typing speed: a key every 4 frames
    os.write(fd, b"\x03")
    read_until(None)
    _, wait_status = os.waitpid(pid, 0)
    os.close(fd)
    text = output.decode("utf-8", "replace")
    assert os.waitstatus_to_exitcode(wait_status) == 0
    assert "STATUS 0" in text
    assert "OK 42" in text.split("STATUS 0", 1)[1]  # on the Atari's screen after curses ended
    assert "F2 START" in text  # the status line was shown


def test_an_explicit_window_without_a_display_is_refused(monkeypatch):
    """No DISPLAY and no SDL driver chosen: say so instead of running an invisible window."""
    for variable in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    with pytest.raises(EmulatorError, match="no display"):
        frontends.open_frontend("window", FakeAtari(), FrontendOptions())
