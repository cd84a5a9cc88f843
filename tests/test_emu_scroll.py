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
    from host.toolchain.assembler import assemble

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
    # 8 more names on each row's first scanline and 8 more bitmap bytes on every scanline, but the
    # wide window starts at cycle 10 + HSCROL / 2 and fetches from cycle 106 on take no CPU cycle
    # (AHRM, "Playfield DMA"): of the bitmap bytes (three cycles after their names, every two
    # cycles) those from cycle 106 on are virtual
    delay = HSCROL >> 1
    virtual = sum(1 for i in range(48) if 10 + delay + 3 + 2 * i >= 106)
    extra = 8 * len(plain.mode_lines) + (8 - virtual) * sum(m.height for m in plain.mode_lines)
    stolen = scrolled.stolen_cycles - timeline(unscrolled, machine.antic.dmactl).stolen_cycles
    assert extra - 2 * len(plain.mode_lines) <= stolen <= extra  # a few refresh slots move


# -- ANTIC modes and display list details, on ANTIC alone ------------------------------------------


def antic_with(display_list: bytes, data: dict[int, bytes], dmactl: int = 0x22, vscrol: int = 0,
               hscrol: int = 0):
    from emulator.antic import Antic

    ram = bytearray(0x10000)
    ram[0x3000:0x3000 + len(display_list)] = display_list
    for address, block in data.items():
        ram[address:address + len(block)] = block
    antic = Antic(ram)
    antic.dlist, antic.dmactl, antic.chbase, antic.vscrol, antic.hscrol = 0x3000, dmactl, 0xE0, vscrol, hscrol
    return antic


def test_mode_5_doubles_every_glyph_row_in_four_colours() -> None:
    font = bytearray(0x400)
    font[8:16] = bytes((0b00011011,) * 4 + (0b11100100,) * 4)  # character 1
    antic = antic_with(bytes((0x45, 0x00, 0x40, 0x41, 0x00, 0x30)), {0x4000: bytes((1, 0x81)), 0xE000: bytes(font)})
    indices = antic.render_indices(antic.parse_display_list())
    block = indices[0:16, 32:48]
    first = np.repeat([0, 1, 2, 3], 2)  # BK, PF0, PF1, PF2, two hi-res pixels each
    assert (block[0:8, 0:8] == first).all() and (block[8:16, 0:8] == first[::-1]).all()
    assert (block[0:8, 8:16] == np.repeat([0, 1, 2, 4], 2)).all()  # inverse: PF3 instead of PF2
    assert (indices[16:] == 0).all()


def test_mode_3_drops_lower_case_characters_by_two_rows() -> None:
    font = bytearray(0x400)
    font[0x21 * 8:0x21 * 8 + 8] = bytes(range(1, 9))
    font[0x61 * 8:0x61 * 8 + 8] = bytes(range(1, 9))
    antic = antic_with(bytes((0x43, 0x00, 0x40, 0x41, 0x00, 0x30)), {0x4000: bytes((0x21, 0x61)), 0xE000: bytes(font)})
    lit = antic.render_indices(antic.parse_display_list())[0:10, 32:48] == 5

    def rows_of(glyph_rows):
        return [np.unpackbits(np.array([value], dtype=np.uint8)).astype(bool) for value in glyph_rows]

    assert np.array_equal(lit[:, 0:8], np.array(rows_of(list(range(1, 9)) + [0, 0])))
    assert np.array_equal(lit[:, 8:16], np.array(rows_of([0, 0, 3, 4, 5, 6, 7, 8, 1, 2])))


def test_dli_comes_on_the_last_scanline_of_a_scrolled_line() -> None:
    dl = bytes((0x70, 0xE2, 0x00, 0x40, 0x92, 0x02, 0x41, 0x00, 0x30))  # DLI+LMS+VS, DLI+HS (ends the region), plain
    antic = antic_with(dl, {}, vscrol=5)
    parsed = antic.parse_display_list()
    assert [(m.line, m.height, m.first_row) for m in parsed.mode_lines] == [(16, 3, 5), (19, 6, 0), (25, 8, 0)]
    assert parsed.dli_lines == [18, 24]


def test_narrow_playfield_scrolled_fetches_the_normal_width() -> None:
    data = {0x4000: bytes(range(0x21, 0x21 + 40)), 0xE000: bytes((i * 37) & 0xFF for i in range(0x400))}
    antic = antic_with(bytes((0x52, 0x00, 0x40, 0x41, 0x00, 0x30)), data, dmactl=0x21, hscrol=5)
    (line,) = antic.parse_display_list().mode_lines
    assert (line.size, line.fetch_width, line.shift) == (40, 320, 5)
    indices = antic.render_indices(antic.parse_display_list())
    assert (indices[:, :64] == 0).all() and (indices[:, 320:] == 0).all()  # the narrow window only
    plain = antic_with(bytes((0x42, 0x00, 0x40, 0x41, 0x00, 0x30)), data)
    unscrolled = plain.render_indices(plain.parse_display_list())
    # the normal line's picture, moved right by 5 colour clocks, through the narrow window
    assert np.array_equal(indices[0:8, 64:320], unscrolled[0:8, 64 - 10:320 - 10])


def test_basic_program_scrolls_its_first_line() -> None:
    """tests/basic/hscroll.lst sets HS on GRAPHICS 0's first (LMS) line and HSCROL = 5: the line
    fetches 48 bytes and its picture starts at x = 2 x 5 of the wide window (reference drawn here)."""
    from host.atari.basic_session import BasicSession

    session = BasicSession(h_directory=HERE / "basic")
    atari = session.atari
    session.start_program(HERE / "basic" / "hscroll.lst")
    for _ in range(60):
        atari.run_frames(10)
        if atari.peek(0x0605) == 1:
            break
    atari.run_frames(2)
    savmsc = atari.peek_word(0x58)
    codes = atari.peek_bytes(savmsc, 48)
    font = atari.peek_bytes(atari.peek(0x02F4) << 8, 1024)
    def lit(x: int, row: int) -> int:  # CHACTL 2 (the OS's): inverse video for codes with bit 7
        code = codes[(x - 10) // 8]
        return ((font[(code & 0x7F) * 8 + row] >> (7 - (x - 10) % 8)) & 1) ^ (code >> 7)

    expected = np.array([[lit(x, row) for x in range(32, 352)] for row in range(8)], dtype=bool)
    region = atari.machine.frame_colours()[24:32, 32:352]
    background = atari.peek(0x02C6) & 0xFE  # COLOR2
    assert np.array_equal(region != background, expected)
    assert expected.any()
