"""Issue 17, item 4: type-ahead never overwrites a key the Atari program has not read yet,
however long the program is busy. Real terminal front-ends on a pseudo-terminal."""

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


def run_in_terminal(setup: str, steps: list[tuple[bytes, float]], ready: bytes, limit: float = 120.0) -> str:
    """Run ``setup`` (Python that makes ``atari``) then the terminal front-end in a child on an
    80x30 pty; write each step's bytes and wait its seconds; Ctrl-C; the child's output (it
    prints the Atari's screen after curses has ended)."""
    script = (
        "import sys\n"
        "from emulator.frontends import FrontendOptions, terminal\n"
        f"{setup}\n"
        "status = terminal.run(atari, FrontendOptions(title='test'))\n"
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
    return text.split("STATUS 0", 1)[1]


def test_a_paste_into_busy_basic_loses_no_key() -> None:
    """RUN keeps BASIC busy for seconds; the next line, pasted with it, waits in the queue
    (the old 30-frame limit pressed the 0 over the unread 2: line 20 became line 0)."""
    paste = b"10 FOR I=1 TO 600:NEXT I\rRUN\r20 PRINT 2\rLIST\r"
    screen = run_in_terminal(
        "from emulator.headless import HeadlessAtari\natari = HeadlessAtari(basic_rom='free'); atari.boot()",
        [(paste, 25.0)], ready=b"READY",
    )
    lines = [line.strip() for line in screen.splitlines()]
    assert "20 PRINT 2" in lines, screen
    assert "0 PRINT 2" not in lines and "LIST" in lines, screen
    assert lines.index("10 FOR I=1 TO 600:NEXT I") < lines.index("20 PRINT 2")


def test_a_command_typed_while_the_basic_wolf_thinks_arrives_whole() -> None:
    """`play --engine basic`: the wolf thinks over a second after a move; a line typed at once
    behind the move waits for it whole (the old limit pressed each key over the unread one
    before: " N" RETURN became a bare RETURN, a hint instead of the question)."""
    screen = run_in_terminal(
        "from host.engines.basic import BasicEngine\nengine = BasicEngine(seed=1)\natari = engine.atari",
        [(b"2,3\r N\r", 20.0)], ready=b"F1 HELP",
    )
    assert "ABANDON THIS GAME (Y/N)?" in screen, screen
