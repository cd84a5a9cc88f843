"""emulator/picture.py's RGB: a frame someone holds is never changed; a frame let go lends
its memory to the next (only the changed runs of colours are converted), with the same pixels."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from emulator.antic import Antic
from emulator.picture import Picture
from tests.videocore_support import needs_compiled

PALETTE = np.random.default_rng(1).integers(0, 256, (256, 3), dtype=np.uint8)


def random_colours(seed: int) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 256, (240, 384), dtype=np.uint8)


@needs_compiled
@settings(max_examples=30, deadline=None)
@given(changes=st.lists(st.lists(st.tuples(st.integers(0, 239), st.integers(0, 383), st.integers(0, 255)),
                                 max_size=8), min_size=1, max_size=6),
       keep=st.lists(st.booleans(), min_size=6, max_size=6))
def test_every_frame_is_the_palette_of_its_colours_and_a_held_one_never_changes(
        changes: list[list[tuple[int, int, int]]], keep: list[bool]) -> None:
    picture = Picture(Antic(bytearray(0x10000)), "compiled")
    colours = random_colours(2)
    held = []
    for frame, frame_changes in enumerate(changes):
        colours = colours.copy()
        for row, x, value in frame_changes:
            colours[row, x] = value
        rgb = picture.rgb(colours, PALETTE)
        assert np.array_equal(rgb, PALETTE[colours])
        if keep[frame]:
            held.append((rgb, rgb.copy()))
        del rgb
    for rgb, as_made in held:
        assert np.array_equal(rgb, as_made), "a frame the caller held was changed"


@needs_compiled
def test_a_frame_let_go_lends_its_memory_to_the_next() -> None:
    picture = Picture(Antic(bytearray(0x10000)), "compiled")
    colours = random_colours(3)
    first = picture.rgb(colours, PALETTE)
    address = first.ctypes.data
    del first
    colours = colours.copy()
    colours[100, 200] ^= 0x0E
    second = picture.rgb(colours, PALETTE)
    assert second.ctypes.data == address
    assert np.array_equal(second, PALETTE[colours]) and not second.flags.writeable
    before = colours
    colours = colours.copy()
    colours[5, 5] ^= 0x0E
    third = picture.rgb(colours, PALETTE)  # `second` is held: a new array
    assert third.ctypes.data != second.ctypes.data
    assert np.array_equal(second, PALETTE[before]) and np.array_equal(third, PALETTE[colours])
