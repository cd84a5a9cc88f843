"""`surround train --blacklist F` keeps its lessons as it goes (issue 28 items 2 and 9, issue 24
item 5): real processes, real signals, one file shared by two runs."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from host.cli import main
from host.game.blacklist_file import impossible_positions, positions_in, read_blacklist_file
from host.game.rules import BLACKLIST_BYTES

ROOT = Path(__file__).resolve().parents[1]
ENDLESS = "100000000"  # games: a run that only a signal ends
WAIT_SECONDS = 120  # the most a step may take on a loaded machine (no test is timed by it)


def start_train(*argv: str, stderr: int | None = subprocess.PIPE) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "host", "train", *argv], cwd=ROOT, stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=stderr, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def wait_for_file(path: Path, process: subprocess.Popen) -> bytes:
    """The file's first contents once the run has saved it (the run is learning by then)."""
    deadline = time.monotonic() + WAIT_SECONDS
    while not path.exists():
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, f"{path} was never saved"
        time.sleep(0.05)
    return read_blacklist_file(path)


def contains(data: bytes, part: bytes) -> bool:
    """Every position of ``part`` is in ``data``."""
    return all(whole & piece == piece for whole, piece in zip(data, part))


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP], ids=lambda s: s.name)
def test_a_signal_saves_the_lessons_and_says_so(tmp_path: Path, signum: signal.Signals) -> None:
    path = tmp_path / "lists" / "wolf.bin"
    process = start_train("--games", ENDLESS, "--seed", "5", "--blacklist", str(path), "--save-every", "0.2",
                          "--json")
    early = wait_for_file(path, process)
    process.send_signal(signum)
    out, err = process.communicate(timeout=WAIT_SECONDS)
    text = err.decode()
    assert process.returncode == 128 + signum, text
    assert f"stopped by {signum.name}" in text and "its lessons are saved" in text, text
    assert out == b"" and "Traceback" not in text
    saved = read_blacklist_file(path)
    held = re.search(r"holds (\d+) positions? \((\d+) positions? new", text)
    assert held, text
    assert positions_in(saved) == int(held[1]) == int(held[2]), "the file holds every lesson of the run"
    assert contains(saved, early) and impossible_positions(saved) == 0


@pytest.mark.slow
def test_two_runs_on_one_file_keep_both_sets_of_lessons(tmp_path: Path) -> None:
    """A long run of the 6502 wolf against a random sheep learns slowly; a short one against the
    perfect sheep learns the positions of perfect play at once. The long run's next save must keep
    them (a save that only wrote its own list would drop them)."""
    path = tmp_path / "wolf.bin"
    first = start_train("--engine", "asm", "--games", ENDLESS, "--sheep", "random", "--seed", "1",
                        "--blacklist", str(path), "--save-every", "0.2", "--json")
    try:
        wait_for_file(path, first)
        second = subprocess.run(
            [sys.executable, "-m", "host", "train", "--games", "200", "--sheep", "perfect", "--seed", "2",
             "--blacklist", str(path), "--json"],
            cwd=ROOT, capture_output=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=WAIT_SECONDS,
        )
        assert second.returncode == 0, second.stderr
        after_second = read_blacklist_file(path)
        deadline = time.monotonic() + WAIT_SECONDS
        while read_blacklist_file(path) == after_second:  # the first run saves again (it learned more)
            assert time.monotonic() < deadline and first.poll() is None
            time.sleep(0.05)
        first.send_signal(signal.SIGTERM)
        first.communicate(timeout=WAIT_SECONDS)
    finally:
        first.poll() is None and first.kill()
    assert first.returncode == 128 + signal.SIGTERM
    final = read_blacklist_file(path)
    assert contains(final, after_second), "the first run's saves kept the second run's lessons"
    assert positions_in(final) > positions_in(after_second) and impossible_positions(final) == 0


def test_an_unusable_place_is_refused_before_the_run(tmp_path: Path) -> None:
    (tmp_path / "somefile").write_text("")
    target = tmp_path / "somefile" / "wolf.bin"
    completed = subprocess.run(
        [sys.executable, "-m", "host", "train", "--games", ENDLESS, "--blacklist", str(target)],
        cwd=ROOT, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=WAIT_SECONDS,
    )
    assert completed.returncode == 2 and completed.stdout == ""
    assert completed.stderr.count("\n") == 1 and str(target) in completed.stderr, completed.stderr


def test_positions_from_the_file_are_no_learner_error(tmp_path: Path, capsys) -> None:
    path = tmp_path / "from-elsewhere.bin"
    path.write_bytes(b"\xff" * BLACKLIST_BYTES)  # every position, most of them not losable
    before = path.stat().st_mtime_ns
    assert main(["train", "--games", "20", "--blacklist", str(path)]) == 0
    captured = capsys.readouterr()
    assert "learner error" not in captured.out
    assert "from the --blacklist file the solver does not confirm" in captured.out
    assert "warning:" in captured.err and "(0 positions new from this session)" in captured.err
    assert path.read_bytes() == b"\xff" * BLACKLIST_BYTES and path.stat().st_mtime_ns == before, "not rewritten"


def test_a_learner_error_is_still_one(tmp_path: Path, capsys, monkeypatch) -> None:
    """A position the run itself adds that the solver does not confirm stays a learner error."""
    from host.engines.reference import ReferenceEngine

    learn = ReferenceEngine.blacklist_bytes

    def with_a_wrong_lesson(engine: ReferenceEngine) -> bytes:
        return b"\x01" + learn(engine)[1:]  # a position of byte 0: none of them is losable

    monkeypatch.setattr(ReferenceEngine, "blacklist_bytes", with_a_wrong_lesson)
    assert main(["train", "--games", "5", "--json"]) == 1
    assert len(json.loads(capsys.readouterr().out)["unconfirmed"]) == 1


def read_pty(fd: int) -> bytes:
    output = b""
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:  # the other end closed (Linux: EIO)
            return output
        if not chunk:
            return output
        output += chunk


@pytest.mark.parametrize("json_output", [False, True])
def test_the_progress_bar_shows_games_per_second_unless_json(json_output: bool) -> None:
    controller, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))  # a bar needs a width
    process = start_train("--games", "30000", *(["--json"] if json_output else []), stderr=terminal)
    os.close(terminal)
    shown = read_pty(controller)
    os.close(controller)
    process.communicate(timeout=WAIT_SECONDS)
    assert process.returncode == 0
    assert (b"games/s" in shown) != json_output, shown[-300:]
