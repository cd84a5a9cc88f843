"""`surround basic FILE` waits for ENTER as long as BASIC keeps reading the listing (issue 19,
item 4): the wait is in slices, and only a slice in which nothing more was read is an error."""

from __future__ import annotations

from pathlib import Path

import pytest

from host.atari.basic_session import BasicSession
from host.errors import SurroundError

LISTING = Path(__file__).resolve().parents[1] / "basic" / "surround.lst"


def test_a_long_enter_is_waited_for_while_the_file_is_read(tmp_path: Path) -> None:
    """surround.lst takes thousands of frames to ENTER; with slices of 300 frames the session
    still waits for it, and the program is all there (LIST's last line)."""
    session = BasicSession(h_directory=LISTING.parent)
    frames = session.atari.machine.frames
    session.load(LISTING, max_frames=300)
    assert session.atari.machine.frames - frames > 3 * 300  # several slices
    last = [line for line in LISTING.read_text().split("\n") if line][-1]
    session.type_line(f"LIST {last.split()[0]}", max_frames=60)
    assert last.rstrip()[:38] in session.screen_text()


def test_a_line_that_never_comes_back_is_still_an_error() -> None:
    session = BasicSession()
    with pytest.raises(SurroundError, match="read nothing more"):
        session.type_line("FOR I=0 TO 1 STEP 0:NEXT I", max_frames=60)
