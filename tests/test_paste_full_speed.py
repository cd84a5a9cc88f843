"""Issue 28 items 4 and 11: the terminal runs at full speed while a paste's keys flow in or
the cassette motor runs, and says so in its status line (keys left, tape running); BREAK and
RESET drop the rest of a paste."""

from __future__ import annotations

import pytest

from emulator.frontends import AtariKey, terminal
from tests.frontend_support import FakeAtari, bare_terminal

PASTE = 40  # keys


class ReadingAtari(FakeAtari):
    """A program that reads every key at once (CH emptied each frame); stops the front-end
    after ``frames`` frames."""

    def __init__(self, frames: int) -> None:
        super().__init__()
        self.stop_after = frames
        self.front: terminal.TerminalFrontend | None = None

    def run_frames(self, count: int) -> None:
        super().run_frames(count)
        self.memory[0x02FC] = 0xFF
        if self.frames >= self.stop_after and self.front is not None:
            self.front.running = False


def run_counting_waits(front: terminal.TerminalFrontend, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Run the loop; the frames after which it slept for real time."""
    slept: list[int] = []
    monkeypatch.setattr(terminal.time, "sleep", lambda seconds: slept.append(front.machine.frames))
    front.run()
    return slept


def test_a_paste_runs_without_real_time_waits_then_real_time_again(monkeypatch: pytest.MonkeyPatch) -> None:
    machine = ReadingAtari(frames=PASTE * 4 + 30)
    front = bare_terminal(machine)
    machine.front = front
    for _ in range(PASTE):
        front.keys.push(AtariKey(0x3F))
    slept = run_counting_waits(front, monkeypatch)
    assert len(machine.pressed) == PASTE
    assert slept and min(slept) >= (PASTE - 1) * 4, "no wait while the paste's keys flow in"
    assert len(slept) >= 25, "real time again once the paste is typed"


def test_the_tape_runs_at_full_speed(monkeypatch: pytest.MonkeyPatch) -> None:
    machine = ReadingAtari(frames=100)
    machine.tape_running = True
    front = bare_terminal(machine)
    machine.front = front
    assert run_counting_waits(front, monkeypatch) == []


def test_the_status_line_shows_the_keys_left_and_the_tape() -> None:
    machine = FakeAtari()
    front = bare_terminal(machine)
    for _ in range(12):
        front.keys.push(AtariKey(0x3F))
    machine.tape_running = True
    front.draw_if_changed()
    shown = "\n".join(front.stdscr.text)
    assert "PASTE: 12 keys left (BREAK or RESET drops them)" in shown and "TAPE RUNNING" in shown


@pytest.mark.parametrize("key", ["\x1bb", terminal.curses.KEY_F5])
def test_break_and_reset_drop_the_rest_of_a_paste(key: str | int) -> None:
    front = bare_terminal(FakeAtari())
    for _ in range(12):
        front.keys.push(AtariKey(0x3F))
    for part in (key if isinstance(key, str) else [key]):
        front.handle_key(part)
    assert not front.keys.pending
