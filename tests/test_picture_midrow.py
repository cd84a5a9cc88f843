"""A write in the middle of a row that only moves, sizes or shapes objects, on a row where no
object shows before or after it (a BASIC program POKEing HPOSP0 wherever the beam is), lets the
compiled picture draw the row whole and keep it from frame to frame: frame after frame with the
same compiled picture, every pixel and collision as the Python reference draws them."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from emulator.antic import Antic
from emulator.picture import Picture
from emulator.pmg import FrameState
from tests.videocore_support import DLIST, draw_both, needs_compiled

PMBASE = 0x30  # double-line players at $3000: player n's bytes at $3200 + $80 n
object_write = st.tuples(st.integers(0, 261), st.integers(0, 227), st.integers(0, 0x11), st.integers(0, 255))
other_write = st.tuples(st.integers(0, 261), st.integers(0, 227), st.integers(0x12, 0x1C), st.integers(0, 255))
frame_log = st.lists(st.one_of(object_write, object_write, object_write, other_write), max_size=16).map(
    lambda log: [(line, clock, reg, value & 0xFE if 0x12 <= reg <= 0x1A else value)
                 for line, clock, reg, value in sorted(log)])


@needs_compiled
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), shapes=st.lists(st.tuples(st.integers(0, 4), st.integers(8, 120),
                                                                 st.binary(min_size=1, max_size=8)), max_size=3),
       registers=st.binary(min_size=32, max_size=32), positions=st.lists(st.sampled_from([0, 30, 100, 240]),
                                                                         min_size=8, max_size=8),
       dma=st.booleans(), blank=st.booleans(), logs=st.lists(frame_log, min_size=1, max_size=4))
def test_object_writes_in_rows_without_objects_are_drawn_alike(seed: int, shapes: list[tuple[int, int, bytes]],
                                                               registers: bytes, positions: list[int], dma: bool,
                                                               blank: bool,
                                                               logs: list[list[tuple[int, int, int, int]]]) -> None:
    """Objects start off the screen or on it (HPOS 0, 30: left of it; 240: right of it), by
    DMA or from GRAFPn/GRAFM alone (``blank``: all zero at first), and writes move them in or
    out, or give them graphics, in the middle of rows."""
    rng = np.random.default_rng(seed)
    ram = bytearray(0x10000)
    ram[0x4000:0x5000] = rng.integers(0, 256, 0x1000, dtype=np.uint8).tobytes()  # the playfield
    code = bytes((0x70, 0x70, 0x70, 0x4D, 0x00, 0x40)) + bytes([0x0D] * 79) + bytes((0x41, DLIST & 0xFF, DLIST >> 8))
    ram[DLIST:DLIST + len(code)] = code  # GRAPHICS 7: 80 mode lines of two scan lines
    for number, first, graphics in shapes:  # a few players (4: the missiles) on a few rows only
        start = 0x3000 + (0x180 if number == 4 else 0x200 + 0x80 * number) + first
        ram[start:start + len(graphics)] = graphics
    antic = Antic(ram)
    # normal playfield, with players and missiles by DMA (double line) or without
    antic.dmactl, antic.dlist = 0x2E if dma else 0x22, DLIST
    start_registers = bytearray(registers)
    start_registers[0:8] = bytes(positions)  # HPOSP0-3, HPOSM0-3
    start_registers[0x1D] = 3 if dma else 0  # GRACTL
    if blank:
        start_registers[0x0D:0x12] = bytes(5)  # GRAFP0-3, GRAFM
    display_list = antic.begin_frame()
    compiled = Picture(antic, "compiled")
    for log in logs:
        state = FrameState(display_list, bytes(start_registers), log, antic.dmactl, PMBASE)
        draw_both(antic, state, 0, 240, compiled)
        for _, _, reg, value in log:  # the next frame starts with the registers as this one left them
            start_registers[reg] = value


@needs_compiled
def test_graphics_written_in_the_middle_of_an_empty_row_show_from_there() -> None:
    """No DMA, GRAFP0 0 at the row's start, $FF written before the beam reaches HPOSP0: the
    player shows on the rest of the row, in both renderers."""
    ram = bytearray(0x10000)
    code = bytes((0x70, 0x70, 0x70, 0x4D, 0x00, 0x40)) + bytes([0x0D] * 79) + bytes((0x41, DLIST & 0xFF, DLIST >> 8))
    ram[DLIST:DLIST + len(code)] = code
    antic = Antic(ram)
    antic.dmactl, antic.dlist = 0x22, DLIST
    registers = bytearray(32)
    registers[0x00], registers[0x12] = 150, 0x46  # HPOSP0, COLPM0
    display_list = antic.begin_frame()
    compiled = Picture(antic, "compiled")
    for clock in (40, 80, 120):
        log = [(60, 100, 0x00, 120), (100, clock, 0x0D, 0xFF), (140, clock, 0x0D, 0x00)]
        draw_both(antic, FrameState(display_list, bytes(registers), log, antic.dmactl, PMBASE), 0, 240, compiled)
