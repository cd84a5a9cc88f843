"""Fine scrolling (tests/asm/scrolldemo.s) against a pixel-by-pixel reference of the documented rules.

De Re Atari, chapter 6, and the Altirra Hardware Reference Manual: a VS region's
first line starts at row VSCROL, the line after the region ends at row VSCROL;
an HS line fetches the next wider playfield (48 bytes for a normal one) and is
shifted right by HSCROL colour clocks (two hi-res pixels each) from the left
edge of that wider window (our frame's x = 0), seen through the normal window
(x = 32..351).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from emulator.dma import timeline
from emulator.headless import HeadlessAtari

HERE = Path(__file__).parent
HSCROL, VSCROL = 3, 2
FIRST_ROW = 24  # scanline 32


def code_at(row: int, column: int) -> int:
    return ((row * 7 + column) & 0x3F) + 0x21


def reference(font: bytes) -> np.ndarray:
    """(57, 320) bool: lit pixels of the scrolled region, row by row, in the normal window."""
    lines = []
    for row in range(8):
        glyph_rows = range(VSCROL, 8) if row == 0 else range(0, VSCROL + 1) if row == 7 else range(8)
        for glyph_row in glyph_rows:
            pixels = []
            for x in range(32, 352):
                data_x = x - 2 * HSCROL
                code = code_at(row, data_x // 8)
                pixels.append((font[code * 8 + glyph_row] >> (7 - data_x % 8)) & 1)
            lines.append(pixels)
    return np.array(lines, dtype=bool)


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> HeadlessAtari:
    from host.build import assemble

    program = tmp_path_factory.mktemp("scroll") / "scrolldemo.xex"
    assemble(HERE / "asm" / "scrolldemo.s", program)
    atari = HeadlessAtari()
    assert atari.load_xex(program, max_frames=100)
    atari.run_frames(2)
    return atari


def test_scrolled_lines_match_the_reference(demo: HeadlessAtari) -> None:
    machine = demo.machine
    font = bytes(machine.memory.ram[0xE000:0xE400])
    expected = reference(font)
    colours = machine.frame_colours()
    region = colours[FIRST_ROW:FIRST_ROW + expected.shape[0], 32:352]
    unlit = np.unique(region[~expected])
    assert len(unlit) == 1  # the PF2 background
    assert np.array_equal(region != unlit[0], expected)
    below = colours[FIRST_ROW + expected.shape[0]:FIRST_ROW + expected.shape[0] + 4, 32:352]
    assert (below == colours[0, 0]).all()  # the display list ends: border colour


def test_the_region_is_57_scanlines_and_the_lines_fetch_48_bytes(demo: HeadlessAtari) -> None:
    dl = demo.machine.antic.display_list
    assert [m.height for m in dl.mode_lines] == [8 - VSCROL] + [8] * 6 + [VSCROL + 1]
    assert all(m.size == 48 and m.shift == HSCROL for m in dl.mode_lines)


def test_horizontal_scrolling_costs_the_extra_bytes(demo: HeadlessAtari) -> None:
    machine = demo.machine
    scrolled = timeline(machine.antic.display_list, machine.antic.dmactl)
    plain = machine.antic.display_list
    from dataclasses import replace

    unscrolled = replace(plain, mode_lines=[replace(m, size=40, fetch_width=320, shift=0) for m in plain.mode_lines])
    # 8 more names on each row's first scanline and 8 more bitmap bytes on every scanline
    extra = 8 * len(plain.mode_lines) + 8 * sum(m.height for m in plain.mode_lines)
    stolen = scrolled.stolen_cycles - timeline(unscrolled, machine.antic.dmactl).stolen_cycles
    assert extra - 2 * len(plain.mode_lines) <= stolen <= extra  # a few refresh slots move
