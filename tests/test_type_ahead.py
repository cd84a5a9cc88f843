"""Issue 17, item 4: type-ahead never overwrites a key the Atari program has not read yet,
however long the program is busy. Real terminal front-ends on a pseudo-terminal."""

from __future__ import annotations

import pytest

from tests.terminal_support import run_in_terminal


@pytest.mark.slow
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


@pytest.mark.slow
def test_a_command_typed_while_the_basic_wolf_thinks_arrives_whole() -> None:
    """`play --engine basic`: the wolf thinks over a second after a move; a line typed at once
    behind the move waits for it whole (the old limit pressed each key over the unread one
    before: " N" RETURN became a bare RETURN, a hint instead of the question)."""
    screen = run_in_terminal(
        "from host.engines.basic import BasicEngine\nengine = BasicEngine(seed=1)\natari = engine.atari",
        [(b"2,3\r N\r", 20.0)], ready=b"F1 HELP",
    )
    assert "ABANDON THIS GAME (Y/N)?" in screen, screen
