"""The wolf remembers by default: the per-user black-list file, --blacklist, --empty-blacklist,
broken files, and no lesson lost when the process is killed (SIGTERM, SIGHUP) right after it."""

from __future__ import annotations

import fcntl
import os
import pty
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

from host.errors import SurroundError
from host.game.blacklist_file import positions_in
from host.game.blacklist_store import BlacklistStore, default_path
from host.game.rules import (
    BLACKLIST_BYTES,
    Blacklist,
    Move,
    Position,
    apply_sheep_move,
    apply_wolf_move,
    legal_wolf_moves,
)

ROOT = Path(__file__).resolve().parents[1]
START_NR = Position.parse("1,2,4-6").nr


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch) -> Path:
    """A private user data directory (platformdirs follows XDG_DATA_HOME on Linux)."""
    home = tmp_path / "data-home"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


def every_reply_lost_after(sheep_move: tuple[int, int]) -> bytes:
    """A black list on which every wolf reply to the first sheep move is lost: the wolf must
    learn the start position (NR 602) as soon as the sheep make that move."""
    after = apply_sheep_move(Position.parse("1,2,4-6"), Move(*sheep_move))
    lost = Blacklist()
    for move in legal_wolf_moves(after):
        lost.add(apply_wolf_move(after, move).nr)
    assert START_NR not in lost
    return lost.to_bytes()


def test_the_default_file_is_in_the_user_data_directory(data_home: Path) -> None:
    if sys.platform.startswith("linux"):
        assert default_path() == data_home / "surround-xl" / "blacklist.bin"
    store = BlacklistStore.open()
    assert store.path == default_path() and store.saved == bytes(BLACKLIST_BYTES)
    assert "per-user file" in store.describe() and str(store.path) in store.describe()
    assert store.save_if_changed(bytes([1]) + bytes(BLACKLIST_BYTES - 1))
    assert not store.save_if_changed(bytes([1]) + bytes(BLACKLIST_BYTES - 1)), "unchanged: not written again"
    assert BlacklistStore.open().saved[0] == 1, "the next session starts with what was saved"


def test_an_option_starts_empty_and_leaves_the_saved_list_alone(data_home: Path) -> None:
    BlacklistStore.open().save_if_changed(bytes([0xFF]) * BLACKLIST_BYTES)
    store = BlacklistStore.open(empty=True)
    assert store.path is None and positions_in(store.saved) == 0
    assert not store.save_if_changed(bytes([3]) + bytes(BLACKLIST_BYTES - 1))
    assert "not saved" in store.describe()
    assert default_path().read_bytes() == bytes([0xFF]) * BLACKLIST_BYTES


@pytest.mark.parametrize("content", [b"", b"x" * 10, bytes(BLACKLIST_BYTES + 1)])
def test_a_broken_file_stops_with_a_message_and_is_not_overwritten(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "wolf.blk"
    path.write_bytes(content)
    with pytest.raises(SurroundError) as raised:
        BlacklistStore.open(str(path))
    message = str(raised.value)
    assert str(path) in message and "165 bytes" in message and "left as it is" in message
    assert path.read_bytes() == content


def test_a_directory_in_the_way_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(SurroundError, match="it is a folder"):
        BlacklistStore.open(str(tmp_path))


def test_cli_reports_a_broken_default_file_without_a_traceback(data_home: Path) -> None:
    broken = data_home / "surround-xl" / "blacklist.bin"
    broken.parent.mkdir(parents=True)
    broken.write_bytes(b"garbage")
    for engine in ("asm", "reference"):
        completed = subprocess.run(
            [sys.executable, "-m", "host", "play", "--engine", engine,
             *(["--frontend", "headless"] if engine == "asm" else [])], capture_output=True, text=True,
            timeout=120, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, stdin=subprocess.DEVNULL,
        )
        assert completed.returncode == 2 and str(broken) in completed.stderr, completed.stderr
        assert "Traceback" not in completed.stderr
        assert broken.read_bytes() == b"garbage"


# ------------------------------------------------------------------------------ killed sessions


class PtySession:
    """`python -m host play ...` on a pseudo-terminal of 100x40, its output drained in a thread."""

    def __init__(self, *args: str, env: dict[str, str]) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))
        self.master = master
        self.output = bytearray()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "host", "play", *args], stdin=slave, stdout=slave, stderr=slave,
            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm", **env}, start_new_session=True,
        )
        os.close(slave)
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 4096)
            except OSError:
                return
            if not chunk:
                return
            self.output += chunk

    def wait_for_output(self, text: bytes, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while text not in self.output:
            assert self.process.poll() is None, f"the game ended early: {bytes(self.output)[-2000:]!r}"
            assert time.monotonic() < deadline, f"{text!r} did not appear: {bytes(self.output)[-2000:]!r}"
            time.sleep(0.1)

    def type(self, text: str) -> None:
        for char in text:
            os.write(self.master, char.encode())
            time.sleep(0.15)  # a person's pace: the Atari takes one key at a time

    def kill(self, signum: int) -> int:
        self.process.send_signal(signum)
        try:
            return self.process.wait(timeout=30)
        finally:
            os.close(self.master)


def wait_for_file_bit(path: Path, nr: int, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not (path.exists() and nr in Blacklist(path.read_bytes()).nrs()):
        assert time.monotonic() < deadline, f"{path} does not hold NR {nr}"
        time.sleep(0.1)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_asm_game_killed_after_a_lesson_keeps_it(tmp_path: Path, data_home: Path, signum: int) -> None:
    default = data_home / "surround-xl" / "blacklist.bin"
    default.parent.mkdir(parents=True)
    default.write_bytes(every_reply_lost_after((2, 3)))
    session = PtySession("--engine", "asm", "--frontend", "terminal", "--seed", "1", env={})
    session.wait_for_output(b"SHEEP (FROM,TO)?")
    session.type("2,3\r")
    wait_for_file_bit(default, START_NR)
    status = session.kill(signum)
    assert status != 0 or signum == signal.SIGHUP
    saved = Blacklist(default.read_bytes())
    assert START_NR in saved.nrs()
    assert set(Blacklist(every_reply_lost_after((2, 3))).nrs()) < set(saved.nrs())


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_reference_game_killed_after_a_lesson_keeps_it(tmp_path: Path, data_home: Path, signum: int) -> None:
    path = tmp_path / "wolf.blk"
    path.write_bytes(every_reply_lost_after((2, 3)))
    session = PtySession("--engine", "reference", "--blacklist", str(path), "--seed", "1", env={})
    session.wait_for_output(b"Your move")
    session.type("2 3\r")
    wait_for_file_bit(path, START_NR)
    session.kill(signum)
    assert START_NR in Blacklist(path.read_bytes()).nrs()
    assert not list(tmp_path.glob(".wolf.blk.*")), "no temporary file left behind"
