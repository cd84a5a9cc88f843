"""GTIA writes take effect at the colour clock the beam is at (two colour clocks a machine
cycle, Mapping the Atari appendix 3; HPOS $20 is the frame's left edge): a colour or HPOSP0
written in the middle of a scan line changes the picture from there on, in the Python
reference and in the compiled picture alike."""

from __future__ import annotations

import numpy as np
import pytest

from emulator.antic import Antic
from emulator.machine import Machine
from emulator.picture import Picture, compiled_video_available
from emulator.pmg import FrameState

VIDEOS = ["python"] + (["compiled"] if compiled_video_available() else [])
BLANK_DLIST = 0x0600
COLBK, HPOSP0, GRAFP0, COLPM0 = 0x1A, 0x00, 0x0D, 0x12


def blank_frame(log: list[tuple[int, int, int, int]], registers: dict[int, int]) -> tuple[Antic, FrameState]:
    """A display of blank lines only (every pixel the background) with GTIA's registers and writes."""
    ram = bytearray(0x10000)
    ram[BLANK_DLIST:BLANK_DLIST + 3] = bytes((0x41, BLANK_DLIST & 0xFF, BLANK_DLIST >> 8))
    antic = Antic(ram)
    antic.dmactl, antic.dlist = 0x22, BLANK_DLIST
    start = bytearray(32)
    for reg, value in registers.items():
        start[reg] = value
    return antic, FrameState(antic.begin_frame(), bytes(start), log, antic.dmactl, 0)


@pytest.mark.parametrize("video", VIDEOS)
def test_a_colour_written_mid_line_shows_from_its_colour_clock(video: str) -> None:
    antic, state = blank_frame([(58, 0x60, COLBK, 0x46)], {COLBK: 0x00})  # row 50, HPOS $60
    colours = Picture(antic, video).colours(state)
    x = 2 * (0x60 - 0x20)
    assert (colours[49] == 0).all() and (colours[50, :x] == 0).all() and (colours[50, x:] == 0x46).all()
    assert (colours[51:] == 0x46).all()


@pytest.mark.parametrize("video", VIDEOS)
def test_hposp0_written_mid_line_draws_player_0_again_further_right(video: str) -> None:
    log = [(58, 0x60, HPOSP0, 0x90)]  # after the player was drawn at $40-$47, before $90
    antic, state = blank_frame(log, {HPOSP0: 0x40, GRAFP0: 0xFF, COLPM0: 0x46})
    colours = Picture(antic, video).colours(state)
    lit = np.nonzero(colours[50] == 0x46)[0]
    first, second = 2 * (0x40 - 0x20), 2 * (0x90 - 0x20)
    assert lit.tolist() == list(range(first, first + 16)) + list(range(second, second + 16))
    assert np.nonzero(colours[51] == 0x46)[0].tolist() == list(range(second, second + 16))


def picture_after_three_frames(rom: bytes, video: str) -> np.ndarray:
    """The colours of the third frame of a machine running ``rom``, drawn by ``video``."""
    machine = Machine(rom)
    machine.picture = Picture(machine.antic, video)
    machine.run_frames(3)
    return machine.frame_colours()


def kernel_rom() -> bytes:
    """Waits for VCOUNT 50 (scan line 100), STA WSYNC, 60 cycles of NOPs, then STA COLBK."""
    rom = bytearray(0x4000)
    code = bytes((
        0x78, 0xD8, 0xA2, 0xFF, 0x9A,          # SEI / CLD / LDX #$FF / TXS
        0xA9, 0x00, 0x8D, 0x02, 0xD4,          # LDA #<DLIST / STA DLISTL
        0xA9, 0xC1, 0x8D, 0x03, 0xD4,          # LDA #>DLIST / STA DLISTH
        0xA9, 0x22, 0x8D, 0x00, 0xD4,          # LDA #$22 / STA DMACTL
        0xA9, 0x00, 0x8D, 0x1A, 0xD0,          # C014 LOOP: LDA #0 / STA COLBK
        0xAD, 0x0B, 0xD4, 0xC9, 0x32, 0xD0, 0xF9,  # WAIT: LDA VCOUNT / CMP #50 / BNE WAIT
        0x8D, 0x0A, 0xD4,                      # STA WSYNC
    )) + bytes([0xEA] * 30) + bytes((
        0xA9, 0x46, 0x8D, 0x1A, 0xD0,          # LDA #$46 / STA COLBK
        0xAD, 0x0B, 0xD4, 0xC9, 0x3C, 0xD0, 0xF9,  # LDA VCOUNT / CMP #60 / BNE (wait for line 120)
        0x4C, 0x14, 0xC0,                      # JMP LOOP
    ))
    rom[0:len(code)] = code
    rom[0x100:0x103] = bytes((0x41, 0x00, 0xC1))  # DLIST: JVB (blank lines only)
    rom[0x3FFA:0x4000] = bytes((0x00, 0xC0, 0x00, 0xC0, 0x00, 0xC0))
    return bytes(rom)


@pytest.mark.parametrize("video", VIDEOS)
def test_a_program_changing_the_background_after_wsync_changes_it_mid_line(video: str) -> None:
    colours = picture_after_three_frames(kernel_rom(), video)
    changed = [row for row in range(240) if (colours[row] == 0x46).any()]
    row = changed[0]
    boundary = int(np.argmax(colours[row] == 0x46))
    assert 32 < boundary < 352, boundary  # inside the line, not at its start
    assert (colours[row, :boundary] == 0).all() and (colours[row, boundary:] == 0x46).all()
    assert (colours[row + 1] == 0x46).all()


def font_switch_rom() -> bytes:
    """Seven mode 2 lines; a DLI on the fourth switches CHBASE from $E0 (blank glyphs here) to a
    solid font at $3000; the VBI switches it back."""
    rom = bytearray(0x4000)

    def put(address: int, code: bytes) -> None:
        rom[address - 0xC000:address - 0xC000 + len(code)] = code

    put(0xC000, bytes((
        0x78, 0xD8, 0xA2, 0xFF, 0x9A,          # SEI / CLD / LDX #$FF / TXS
        0xA9, 0x00, 0x8D, 0x02, 0xD4,          # LDA #<DLIST / STA DLISTL
        0xA9, 0xC1, 0x8D, 0x03, 0xD4,          # LDA #>DLIST / STA DLISTH
        0xA9, 0x22, 0x8D, 0x00, 0xD4,          # LDA #$22 / STA DMACTL
        0xA9, 0x94, 0x8D, 0x18, 0xD0,          # LDA #$94 / STA COLPF2
        0xA9, 0x0E, 0x8D, 0x17, 0xD0,          # LDA #$0E / STA COLPF1
        0xA9, 0xE0, 0x8D, 0x09, 0xD4,          # LDA #$E0 / STA CHBASE
        0xA2, 0x00, 0xA9, 0xFF,                # LDX #0 / LDA #$FF
        0x9D, 0x00, 0x30, 0x9D, 0x00, 0x31,    # FILL: STA $3000,X / STA $3100,X
        0x9D, 0x00, 0x32, 0x9D, 0x00, 0x33,    # STA $3200,X / STA $3300,X
        0xE8, 0xD0, 0xF1,                      # INX / BNE FILL
        0xA9, 0xC0, 0x8D, 0x0E, 0xD4,          # LDA #$C0 / STA NMIEN
        0x4C, 0x3B, 0xC0,                      # C03B: JMP C03B
    )))
    put(0xC050, bytes((
        0x2C, 0x0F, 0xD4, 0x10, 0x08,          # NMI: BIT NMIST / BPL VBI
        0x48, 0xA9, 0x30, 0x8D, 0x09, 0xD4,    # DLI: PHA / LDA #$30 / STA CHBASE
        0x68, 0x40,                            # PLA / RTI
        0x48, 0xA9, 0xE0, 0x8D, 0x09, 0xD4,    # VBI: PHA / LDA #$E0 / STA CHBASE
        0x8D, 0x0F, 0xD4, 0x68, 0x40,          # STA NMIRES / PLA / RTI
    )))
    put(0xC100, bytes((0x70, 0x70, 0x70, 0x42, 0x00, 0x40, 0x02, 0x02, 0x82, 0x02, 0x02, 0x02, 0x41, 0x00, 0xC1)))
    put(0xFFFA, bytes((0x50, 0xC0, 0x00, 0xC0, 0x67, 0xC0)))
    return bytes(rom)


@pytest.mark.parametrize("video", VIDEOS)
def test_a_dli_switching_chbase_changes_the_font_from_the_next_line(video: str) -> None:
    playfield = picture_after_three_frames(font_switch_rom(), video)[:, 32:352]
    assert (playfield[24:56] == 0x94).all()  # mode lines 0-3 (scan lines 32-63): blank glyphs, PF2
    assert (playfield[56:80] == 0x9E).all()  # mode lines 4-6: the solid font, PF2's hue, PF1's luminance
