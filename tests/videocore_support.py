"""Helpers of the compiled picture's differential tests (tests/test_emu_videocore.py,
tests/test_picture_midrow.py): both renderers draw a machine state, and must agree."""

from __future__ import annotations

import numpy as np
import pytest

from emulator.antic import Antic
from emulator.picture import Picture, compiled_video_available
from emulator.pmg import FrameState

# a machine without a C compiler draws in Python alone (.ci/run insists on the compiled picture)
needs_compiled = pytest.mark.skipif(not compiled_video_available(), reason="the compiled picture is not built")

DLIST = 0x0600  # the generated display list lives here (inside one 1K block)


def draw_both(antic: Antic, state: FrameState, first: int, last: int,
              compiled: Picture | None = None, start_pixel: int = 0, end_pixel: int = 384) -> None:
    """Both renderers: the same colour bytes, and the same collisions of rows ``first``..``last`` - 1
    (of the first row from ``start_pixel``, of the last before ``end_pixel``, as the beam draws)."""
    python, compiled = Picture(antic, "python"), compiled or Picture(antic, "compiled")
    reference = python.colours(state)
    made = compiled.colours(state)
    wrong = np.argwhere(reference != made)
    assert not len(wrong), (len(wrong), wrong[:4].tolist(), reference[tuple(wrong[0])], made[tuple(wrong[0])])
    assert (python.collisions(state, first, last, start_pixel, end_pixel)[0]
            == compiled.collisions(state, first, last, start_pixel, end_pixel)[0])
