"""antic.font_rows: CHBASE/CHACTL per displayed row; a frame whose writes show on no row (the
OS's VBI writing the shadows back below the picture) reuses the last such frame's arrays."""

from __future__ import annotations

import numpy as np
import pytest

from emulator.antic import CHACTL, CHBASE, FIRST_DISPLAY_LINE, Antic

VBI_LINE = 248


def frame_with_writes(antic: Antic, writes: list[tuple[int, int, int]]) -> tuple[np.ndarray, np.ndarray]:
    antic.begin_frame()
    antic.font_log = list(writes)
    return antic.font_rows()


def test_writes_below_the_picture_or_of_the_same_value_reuse_the_steady_rows() -> None:
    antic = Antic(bytearray(0x10000))
    antic.chbase, antic.chactl = 0xE0, 0x02
    quiet = frame_with_writes(antic, [])
    vbi = frame_with_writes(antic, [(VBI_LINE, CHBASE, 0x40), (VBI_LINE, CHACTL, 0x03)])
    same = frame_with_writes(antic, [(100, CHBASE, 0xE0)])
    assert vbi[0] is quiet[0] and vbi[1] is quiet[1] and same[0] is quiet[0]
    assert set(quiet[0].tolist()) == {0xE0} and set(quiet[1].tolist()) == {0x02}
    with pytest.raises(ValueError):
        quiet[0][0] = 0x40  # shared from frame to frame: read-only


def test_a_write_on_a_displayed_line_counts_from_the_next_row() -> None:
    antic = Antic(bytearray(0x10000))
    antic.chbase, antic.chactl = 0xE0, 0x02
    chbase, chactl = frame_with_writes(antic, [(100, CHBASE, 0x40), (VBI_LINE, CHACTL, 0x03)])
    row = 100 + 1 - FIRST_DISPLAY_LINE
    assert set(chbase[:row].tolist()) == {0xE0} and set(chbase[row:].tolist()) == {0x40}
    assert set(chactl.tolist()) == {0x02}
