"""ANTIC display lists and rendering, compared with a simple per-pixel reference renderer."""

from __future__ import annotations

import numpy as np
import pytest

from emulator.antic import MODES, Antic
from emulator.atascii import atascii_to_internal, text_to_atascii
from emulator.gtia import COLBK
from emulator.headless import HeadlessAtari
from emulator.palette import PALETTE
from emulator.pmg import FrameState, compose
from tests.emu_support import SCREEN, idle_rom, mini_os_rom, sample_font

BACKGROUND, LUMINANCE, BORDER = 0x94, 0x0C, 0x00  # the mini OS's COLPF2, COLPF1, COLBK


def reference_mode2_frame(screen: bytes, font: bytes, chactl: int, first_row: int = 24) -> np.ndarray:
    """The expected 240x384 RGB frame, pixel by pixel, written independently of emulator/antic.py."""
    foreground = (BACKGROUND & 0xF0) | (LUMINANCE & 0x0E)
    colours = [[BORDER] * 384 for _ in range(240)]
    for row in range(24):
        for column in range(40):
            code = screen[row * 40 + column]
            for y in range(8):
                glyph = font[(code & 0x7F) * 8 + y]
                for bit in range(8):
                    on = (glyph >> (7 - bit)) & 1
                    if code & 0x80 and chactl & 2:
                        on ^= 1
                    colours[first_row + row * 8 + y][32 + column * 8 + bit] = foreground if on else BACKGROUND
    image = np.zeros((240, 384, 3), dtype=np.uint8)
    for y in range(240):
        for x in range(384):
            image[y, x] = PALETTE[colours[y][x]]
    return image


def _booted() -> HeadlessAtari:
    atari = HeadlessAtari(os_rom=mini_os_rom())
    assert atari.boot(max_frames=30)
    return atari


def test_mode_2_screen_matches_the_reference_renderer_with_inverse_characters():
    atari = _booted()
    screen = bytes((i * 13 + i // 40) & 0xFF for i in range(960))
    for i, code in enumerate(screen):
        atari.poke(SCREEN + i, code)
    atari.poke(0xD401, 0x02)  # CHACTL: inverse video for codes >= 128
    atari.run_frames(2)
    expected = reference_mode2_frame(screen, sample_font(), chactl=2)
    assert np.array_equal(atari.frame_rgb(), expected)


def test_chactl_blank_hides_characters_with_bit_7():
    atari = _booted()
    for i in range(40):
        atari.poke(SCREEN + i, 0x80 | 0x21)
    atari.poke(0xD401, 0x01)
    atari.run_frames(2)
    rows = atari.machine.frame_colours()[24:32, 32:352]
    assert (rows == BACKGROUND).all()


def test_screen_text_reads_the_mode_2_lines_as_unicode():
    atari = _booted()
    message = "WOLF 6, SHEEP 1 2 4: ♥◆"
    atascii = text_to_atascii("WOLF 6, SHEEP 1 2 4: ") + bytes((0x00, 0x60))
    for i, code in enumerate(atascii):
        atari.poke(SCREEN + 40 * 3 + i, atascii_to_internal(code))
    atari.poke(SCREEN + 40 * 23 + 39, 0x80)  # the cursor: an inverse space
    lines = atari.screen_text().split("\n")
    assert len(lines) == 24 and all(len(line) == 40 for line in lines)
    assert lines[3].rstrip() == message
    assert lines[23].endswith("█")
    assert atari.screen_codes()[3][:4] == bytes(atascii_to_internal(c) for c in b"WOLF")


def _antic_with(display_list: bytes, data: dict[int, bytes], dmactl: int = 0x22) -> Antic:
    ram = bytearray(0x10000)
    ram[0x3000:0x3000 + len(display_list)] = display_list
    for address, block in data.items():
        ram[address:address + len(block)] = block
    antic = Antic(ram)
    antic.dlist = 0x3000
    antic.dmactl = dmactl
    antic.chbase = 0xE0
    return antic


def test_map_modes_draw_pixels_of_the_right_width_and_colour():
    # mode 15 (GRAPHICS 8) line, mode 13 (GRAPHICS 7) line, mode 8 (GRAPHICS 3) line
    dl = bytes((0x4F, 0x00, 0x40, 0x4D, 0x00, 0x41, 0x48, 0x00, 0x42, 0x41, 0x00, 0x30))
    data = {0x4000: bytes((0x80,)) + bytes(39), 0x4100: bytes((0b00011011,)) + bytes(39),
            0x4200: bytes((0b11100100,)) + bytes(9)}
    antic = _antic_with(dl, data)
    indices = antic.render_indices(antic.parse_display_list())
    row15 = indices[0, 32:40]
    assert list(row15) == [5, 3, 3, 3, 3, 3, 3, 3]  # hi-res pixel on, then PF2 background
    rows13 = indices[1:3, 32:40]
    assert (rows13 == np.array([0, 0, 1, 1, 2, 2, 3, 3])).all()  # 2-pixel wide BK, PF0, PF1, PF2
    rows8 = indices[3:11, 32:64]
    assert (rows8 == np.repeat([3, 2, 1, 0], 8)).all()  # 8-pixel wide, 8 lines high
    assert (indices[11:] == 0).all() and (indices[:, :32] == 0).all()


def test_mode_6_uses_the_character_bits_for_the_colour():
    font = bytearray(0x200)
    font[0x21 * 8:0x21 * 8 + 8] = b"\xff" * 8  # glyph $21 solid
    dl = bytes((0x46, 0x00, 0x40, 0x41, 0x00, 0x30))
    antic = _antic_with(dl, {0x4000: bytes((0x21, 0x61, 0xA1, 0xE1)), 0xE000: bytes(font)})
    indices = antic.render_indices(antic.parse_display_list())
    assert [indices[0, 32 + 16 * i] for i in range(5)] == [1, 2, 3, 4, 0]


def test_display_list_jump_blank_lines_and_dma_off():
    dl = bytes((0x70, 0x01, 0x10, 0x30)) + bytes(12) + bytes((0x42, 0x00, 0x40, 0x41, 0x00, 0x30))
    antic = _antic_with(dl, {})
    parsed = antic.parse_display_list()
    assert [(m.line, m.mode, m.address) for m in parsed.mode_lines] == [(17, 2, 0x4000)]
    antic.dmactl = 0x02
    assert antic.parse_display_list().mode_lines == []


def test_colour_changes_apply_from_their_scanline():
    start = bytearray(0x20)
    start[COLBK] = 0x10
    state = FrameState(Antic(bytearray(0x10000)).display_list, bytes(start), [(100, 0, COLBK, 0x36)], 0, 0)
    colours = compose(np.zeros(0x10000, dtype=np.uint8), state, np.zeros((240, 384), dtype=np.uint8))
    assert colours[91, 0] == 0x10 and colours[92, 0] == 0x36


#: GRAPHICS mode -> ANTIC mode, pixels (or characters) a line, scanlines a mode line (Atari BASIC
#: Reference Manual, GRAPHICS table; De Re Atari, chapter 2)
GRAPHICS_MODES = [(0, 2, 40, 8), (1, 6, 20, 8), (2, 7, 20, 16), (3, 8, 40, 8), (4, 9, 80, 4), (5, 10, 80, 4),
                  (6, 11, 160, 2), (7, 13, 160, 2), (8, 15, 320, 1), (12, 4, 40, 8), (13, 5, 40, 16),
                  (14, 12, 160, 1), (15, 14, 160, 1)]


@pytest.mark.parametrize(("graphics", "mode", "across", "height"), GRAPHICS_MODES)
def test_the_mode_table_has_each_graphics_modes_resolution(graphics: int, mode: int, across: int, height: int) -> None:
    spec = MODES[mode]
    assert spec.height == height
    assert (spec.normal_bytes if spec.character else 320 // spec.pixel_width) == across


def test_the_mode_table_tells_character_and_hires_modes() -> None:
    assert sorted(mode for mode, spec in MODES.items() if spec.character) == [2, 3, 4, 5, 6, 7]
    assert sorted(mode for mode, spec in MODES.items() if spec.hires) == [2, 3, 15]
    assert [MODES[mode].bytes_at(width) for mode in (2, 8) for width in (256, 320, 384)] == [32, 40, 48, 8, 10, 12]


# -- the display list counter across frames ------------------------------------------------------


def _antic_at(lists: dict[int, bytes]) -> Antic:
    """An ANTIC whose counter stands at the first of ``lists`` (address -> display list bytes)."""
    ram = bytearray(0x10000)
    for address, display_list in lists.items():
        for offset, byte in enumerate(display_list):
            ram[(address & 0xFC00) | ((address + offset) & 0x03FF)] = byte
    antic = Antic(ram)
    antic.dlist, antic.dmactl = next(iter(lists)), 0x22
    return antic


def _frame_addresses(antic: Antic, frames: int) -> list[int]:
    return [antic.begin_frame().mode_lines[0].address for _ in range(frames)]


def test_a_jvb_target_is_where_the_next_frame_starts():
    antic = _antic_at({0x3000: bytes((0x42, 0x00, 0x40, 0x41, 0x00, 0x31)),
                       0x3100: bytes((0x42, 0x00, 0x50, 0x41, 0x00, 0x30))})
    assert _frame_addresses(antic, 4) == [0x4000, 0x5000, 0x4000, 0x5000]


def test_a_write_to_dlistl_h_restarts_the_list_there():
    antic = _antic_at({0x3000: bytes((0x42, 0x00, 0x40, 0x41, 0x00, 0x31)),
                       0x3100: bytes((0x42, 0x00, 0x50, 0x41, 0x00, 0x30))})
    antic.begin_frame()
    antic.write(0xD402, 0x00)
    antic.write(0xD403, 0x30)
    assert _frame_addresses(antic, 2) == [0x4000, 0x5000]
    assert antic.text_rows()[0] == bytes(40)  # the screen as the current frame shows it


def test_the_display_list_counter_wraps_inside_its_1k_block():
    # LMS at $33FE: its address bytes at $33FF and $3000, the next instruction at $3001
    antic = _antic_at({0x33FE: bytes((0x42, 0x00, 0x60, 0x02, 0x41, 0x00, 0x20))})
    first, second = antic.begin_frame().mode_lines
    assert (first.address, second.address) == (0x6000, 0x6028)
    assert antic.dlist == 0x2000  # the JVB loads all 16 bits


def test_a_list_longer_than_the_screen_goes_on_in_the_next_frame():
    antic = _antic_at({0x3000: bytes((0x42, 0x00, 0x40)) + bytes((0x02,)) * 39})
    first = antic.begin_frame()
    assert len(first.mode_lines) == 30  # 240 scanlines of 8
    assert antic.dlist == 0x3000 + 3 + 29
    second = antic.begin_frame()
    assert second.mode_lines[0].address == 0x4000 + 30 * 40  # the memory scan counter goes on, too


def test_a_dli_on_a_jvb_repeats_on_every_line_down_to_the_vertical_blank():
    antic = _antic_at({0x3000: bytes((0x70, 0x42, 0x00, 0x40, 0xC1, 0x00, 0x30))})
    dli_lines = antic.begin_frame().dli_lines
    assert dli_lines == list(range(8 + 8 + 8, 248))


def test_a_chain_of_jvbs_reaches_its_dli_in_the_machine():
    # three lists, one a frame: the third has a DLI on its blank line (Acid800's serial tests
    # count frames this way)
    from emulator.machine import Machine

    machine = Machine(idle_rom())
    lists = {0x3000: (0x70, 0x41, 0x00, 0x31), 0x3100: (0x70, 0x41, 0x00, 0x32),
             0x3200: (0xF0, 0x41, 0x00, 0x30)}
    for address, display_list in lists.items():
        for offset, byte in enumerate(display_list):
            machine.poke(address + offset, byte)
    for register, value in ((0xD400, 0x22), (0xD402, 0x00), (0xD403, 0x30)):
        machine.poke(register, value)
    dlis = []
    for _ in range(6):
        machine.run_frames(1)
        dlis.append(machine.antic.display_list.dli_lines)
    assert dlis == [[], [], [15], [], [], [15]]


def test_with_display_list_dma_off_the_held_instruction_repeats_with_its_dli():
    from emulator.machine import Machine

    machine = Machine(idle_rom())
    display_list = bytes((0xF0,)) + bytes((0x70,)) * 40 + bytes((0x41, 0x00, 0x30))
    for offset, byte in enumerate(display_list):
        machine.poke(0x3000 + offset, byte)
    for register, value in ((0xD400, 0x21), (0xD402, 0x00), (0xD403, 0x30)):
        machine.poke(register, value)
    machine.run_frames(1)
    assert machine.antic.display_list.dli_lines == [15]
    machine.run_until(machine.frame_start + 14 * 114)  # during the $F0 (scanlines 8-15)
    machine.poke(0xD400, 0x00)  # display list DMA off: ANTIC keeps its $F0
    machine.run_frames(2)
    assert machine.antic.display_list.dli_lines == list(range(15, 248, 8))
