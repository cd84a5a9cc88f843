"""GTIA modes 9, 10 and 11 from BASIC (GRAPHICS 9-11 through our OS's S: handler).

Documented behaviour (Mapping the Atari, PRIOR $D01B; De Re Atari ch. 4; the
Altirra Hardware Reference Manual): a pixel is 4 bits (two colour clocks);
GRAPHICS 9 shows them as luminances of COLBK's hue, GRAPHICS 11 as hues at
COLBK's luminance, GRAPHICS 10 as the colour registers PCOLR0-3, COLOR0-3,
COLOR4 (values 0-8).
"""

from __future__ import annotations

import pytest

from host.atari.basic_session import BasicSession

ROW = 10  # GRAPHICS 9-11: 192 rows of one scanline, from scanline 32 (frame row 24)


def run_lines(lines: list[str]) -> BasicSession:
    session = BasicSession()
    for line in lines:
        session.type_line(line)
    session.type_line("RUN", wait=False)
    session.atari.run_frames(120)
    return session


def pixel_colours(session: BasicSession, values: range) -> list[int]:
    colours = session.atari.machine.frame_colours()
    # the third frame pixel of the four: inside the pixel also in mode 10, which shows one
    # colour clock (two frame pixels) late
    return [int(colours[24 + ROW, 32 + 4 * 5 * value + 3]) for value in values]


@pytest.mark.parametrize("mode, setup, expected", [
    (9, "SETCOLOR 4,8,0", lambda value: 0x80 | value),            # luminances of hue 8
    (11, "SETCOLOR 4,0,6", lambda value: (value << 4) | 0x06),     # hues at luminance 6
])
def test_graphics_9_and_11_pixels(mode: int, setup: str, expected) -> None:
    session = run_lines([
        f"10 GRAPHICS {mode}:{setup}",
        f"20 FOR C=0 TO 15:COLOR C:PLOT C*5,{ROW}:NEXT C",
        "30 GOTO 30",
    ])
    assert session.atari.peek(0x026F) & 0xC0 == {9: 0x40, 11: 0xC0}[mode]  # GPRIOR
    assert pixel_colours(session, range(16)) == [expected(value) for value in range(16)]


def test_graphics_10_pixels_use_the_nine_colour_registers() -> None:
    registers = [0x46, 0x86, 0xC6, 0x1A, 0x28, 0x5A, 0x94, 0x0E, 0x34]
    session = run_lines([
        "10 GRAPHICS 10",
        "20 FOR C=0 TO 8:READ V:POKE 704+C,V:COLOR C:PLOT C*5," + str(ROW) + ":NEXT C",
        "30 GOTO 30",
        "40 DATA " + ",".join(str(value) for value in registers),
    ])
    assert session.atari.peek(0x026F) & 0xC0 == 0x80
    assert pixel_colours(session, range(9)) == registers
