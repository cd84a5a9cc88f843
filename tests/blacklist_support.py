"""Helpers for the tests of the black-list file: a black list that makes the wolf learn the
start position at once, a `surround play` session on a pseudo-terminal, and waiting for a
position to reach the file."""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

from host.game.rules import Blacklist, Move, Position, apply_sheep_move, apply_wolf_move, legal_wolf_moves

ROOT = Path(__file__).resolve().parents[1]
START_NR = Position.parse("1,2,4-6").nr


def every_reply_lost_after(sheep_move: tuple[int, int]) -> bytes:
    """A black list on which every wolf reply to the first sheep move is lost: the wolf must
    learn the start position (NR 602) as soon as the sheep make that move."""
    after = apply_sheep_move(Position.parse("1,2,4-6"), Move(*sheep_move))
    lost = Blacklist()
    for move in legal_wolf_moves(after):
        lost.add(apply_wolf_move(after, move).nr)
    assert START_NR not in lost
    return lost.to_bytes()


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
