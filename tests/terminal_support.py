"""Running a front-end for real: the terminal front-end in a child process on a
pseudo-terminal, keys written to it as a user types or pastes."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import sys
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_in_terminal(setup: str, steps: list[tuple[bytes, float]], ready: bytes, limit: float = 120.0,
                    options: str = "title='test'", whole: bool = False) -> str:
    """Run ``setup`` (Python that makes ``atari``) then the terminal front-end in a child on an
    80x30 pty; write each step's bytes and wait its seconds; Ctrl-C; the child's output (it
    prints the Atari's screen after curses has ended; ``whole``: all it wrote, curses' output
    included). ``options``: FrontendOptions' arguments."""
    script = (
        "import sys\n"
        "from emulator.frontends import FrontendOptions, terminal\n"
        f"{setup}\n"
        f"status = terminal.run(atari, FrontendOptions({options}))\n"
        "print('STATUS', status); print(atari.screen_text())\n"
    )
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 80, 0, 0))
        environment = {name: value for name, value in os.environ.items() if name not in ("LINES", "COLUMNS")}
        environment.update(TERM="xterm", LANG="C.UTF-8", LC_ALL="C.UTF-8", PYTHONPATH=str(ROOT))
        os.chdir(ROOT)
        os.execve(sys.executable, [sys.executable, "-c", script], environment)
    output = bytearray()

    def read_for(seconds: float, marker: bytes | None = None) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and (marker is None or marker not in output):
            if select.select([fd], [], [], 0.05)[0]:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    return
                if not chunk:
                    return
                output.extend(chunk)

    read_for(limit, ready)
    assert ready in output, output[-2000:]
    for data, seconds in steps:
        os.write(fd, data)
        read_for(seconds)
    os.write(fd, b"\x03")
    read_for(30, b"\nSTATUS")
    read_for(2)
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 0
    text = output.decode("utf-8", "replace")
    assert "STATUS 0" in text, text[-2000:]
    return text if whole else text.split("STATUS 0", 1)[1]
