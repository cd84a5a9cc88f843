"""GTIA's player/missile shift registers (emulator/shifters.py) and pseudo mode E, rule by rule,
in the Python reference and the compiled picture alike.

Each test draws one frame of blank lines (or hi-res lines) with GTIA's registers at its top and
writes logged on scan line 58 (displayed row 50) at colour clocks in HPOS terms (two a machine
cycle); the rules are those of the Altirra Hardware Reference Manual ("GTIA") that Acid800's
tests 53-56 check.
"""

from __future__ import annotations

import numpy as np
import pytest

from emulator.antic import Antic
from emulator.picture import Picture, compiled_video_available
from emulator.pmg import FrameState
from emulator.shifters import line_objects, shifters

VIDEOS = ["python"] + (["compiled"] if compiled_video_available() else [])
DLIST, SCREEN = 0x0600, 0x4000
HPOSP0, SIZEP0, GRAFP0, COLPM0, COLPF0, COLBK, PRIOR = 0x00, 0x08, 0x0D, 0x12, 0x16, 0x1A, 0x1B
LINE, ROW = 58, 50  # the scan line written on, and its displayed row
PLAYER = 0x46  # player 0's colour; the background is 0


def frame(registers: dict[int, int], log: list[tuple[int, int, int]], hires_screen: bytes | None = None
          ) -> tuple[Antic, FrameState]:
    """Blank lines (or, with ``hires_screen``, ANTIC mode F lines showing it) with GTIA's
    ``registers`` and the writes ``log`` (colour clock, register, value) on scan line 58."""
    ram = bytearray(0x10000)
    if hires_screen is None:
        code = bytes((0x41, DLIST & 0xFF, DLIST >> 8))
    else:
        code = bytes((0x70, 0x70, 0x70, 0x4F, SCREEN & 0xFF, SCREEN >> 8)) + bytes([0x0F] * 100)
        code += bytes((0x41, DLIST & 0xFF, DLIST >> 8))
        for row in range(101):
            ram[SCREEN + 40 * row:SCREEN + 40 * row + len(hires_screen)] = hires_screen
    ram[DLIST:DLIST + len(code)] = code
    antic = Antic(ram)
    antic.dmactl, antic.dlist = 0x22, DLIST
    start = bytearray(32)
    start[COLPM0] = PLAYER
    for reg, value in registers.items():
        start[reg] = value
    writes = [(LINE, clock, reg, value) for clock, reg, value in log]
    return antic, FrameState(antic.begin_frame(), bytes(start), writes, antic.dmactl, 0)


def lit(video: str, registers: dict[int, int], log: list[tuple[int, int, int]], row: int = ROW) -> list[int]:
    """The colour clocks (HPOS) where player 0 shows on ``row``."""
    antic, state = frame(registers, log)
    colours = Picture(antic, video).colours(state)[row]
    assert (colours[0::2] == colours[1::2]).all()  # a colour clock is two hi-res pixels
    return [0x20 + clock for clock in np.nonzero(colours[0::2] == PLAYER)[0].tolist()]


def span(first: int, last: int) -> list[int]:
    return list(range(first, last + 1))


@pytest.mark.parametrize("video", VIDEOS)
def test_hpos_is_taken_five_colour_clocks_after_the_write(video: str) -> None:
    """A player rewritten to a position the beam has not reached shows again on the same line:
    the position counts from five colour clocks after the write cycle."""
    start = {HPOSP0: 0x40, GRAFP0: 0xFF}
    assert lit(video, start, [(0x60, HPOSP0, 0x65)]) == span(0x40, 0x47) + span(0x65, 0x6C)
    assert lit(video, start, [(0x60, HPOSP0, 0x64)]) == span(0x40, 0x47)  # passed before it was taken
    assert lit(video, start, [(0x60, HPOSP0, 0x64)], ROW + 1) == span(0x64, 0x6B)


@pytest.mark.parametrize("video", VIDEOS)
def test_a_retrigger_while_shifting_ors_the_graphics_into_what_is_left(video: str) -> None:
    """Quadruple width $81 at $40, triggered again at $48: the register still holds $04 (two bits
    out), the new $81 is ORed in: $85 shifts out from $48."""
    start = {HPOSP0: 0x40, SIZEP0: 3, GRAFP0: 0x81}
    shown = lit(video, start, [(0x43, HPOSP0, 0x48)])
    assert shown == span(0x40, 0x43) + span(0x48, 0x4B) + span(0x5C, 0x5F) + span(0x64, 0x67)


@pytest.mark.parametrize("video", VIDEOS)
def test_a_retrigger_in_the_middle_of_a_wide_bit_ends_that_bit_first(video: str) -> None:
    """Quadruple width $A0 at $40, triggered again at $42 (two clocks into its first bit): that
    bit ends (one shift: $40), then $A0 is ORed in: $E0, three bits lit from $42."""
    start = {HPOSP0: 0x40, SIZEP0: 3, GRAFP0: 0xA0}
    assert lit(video, start, [(0x3D, HPOSP0, 0x42)]) == span(0x40, 0x4D)


@pytest.mark.parametrize("video", VIDEOS)
def test_a_size_written_while_shifting_changes_the_pace_from_the_next_clock(video: str) -> None:
    """Quadruple width $AA at $48, normal width taken at $61: the seventh bit (from $60) ends
    after $61, the eighth (0) shows at $62, and the player is done (Acid800's 4x-to-1x case)."""
    start = {HPOSP0: 0x48, SIZEP0: 3, GRAFP0: 0xAA}
    shown = lit(video, start, [(0x5E, SIZEP0, 0)])
    assert shown == span(0x48, 0x4B) + span(0x50, 0x53) + span(0x58, 0x5B) + span(0x60, 0x61)


@pytest.mark.parametrize("video", VIDEOS)
def test_quadruple_to_size_2_in_the_middle_of_a_bit_locks_the_shifter_up(video: str) -> None:
    """Switched from quadruple width to 2 one clock into a bit, the shifter stops: the bit shows
    to the end of the line and on from the next line's start until the player's position
    triggers it again (then, at size 2, a normal-width player)."""
    start = {HPOSP0: 0x40, SIZEP0: 3, GRAFP0: 0xF0}
    assert lit(video, start, [(0x3E, SIZEP0, 2)]) == span(0x40, 0xDF)
    assert lit(video, start, [(0x3E, SIZEP0, 2)], ROW + 1) == span(0x20, 0x43)
    assert lit(video, start, [(0x3E, SIZEP0, 2)], ROW + 2) == span(0x40, 0x43)
    assert lit(video, start, [(0x3D, SIZEP0, 2)]) == span(0x40, 0x43)  # at the bit's end: no lock-up
    released = [(0x3E, SIZEP0, 2), (0xE0, SIZEP0, 0)]  # another size sets it going (in the blank)
    assert lit(video, start, released, ROW + 1) == span(0x40, 0x43)


@pytest.mark.parametrize("video", VIDEOS)
def test_a_locked_up_player_collides_on_the_next_line_read_alone(video: str) -> None:
    """Collisions asked for from the line after a lock-up on (as a program reads them there)."""
    registers = {HPOSP0: 0x40, SIZEP0: 3, GRAFP0: 0xF0, 0x04: 0x30, 0x11: 0x02}  # missile 0 at $30
    antic, state = frame(registers, [(0x3E, SIZEP0, 2)])
    assert Picture(antic, video).collisions(state, ROW + 1, ROW + 2)[0][8] == 0x01  # M0PL: player 0
    assert Picture(antic, video).collisions(state, ROW + 2, ROW + 3)[0][8] == 0x00


@pytest.mark.parametrize("video", VIDEOS)
def test_graphics_are_taken_at_the_trigger_three_colour_clocks_after_the_write(video: str) -> None:
    start = {HPOSP0: 0x40, GRAFP0: 0x00}
    assert lit(video, start, [(0x3D, GRAFP0, 0xFF)]) == span(0x40, 0x47)
    assert lit(video, start, [(0x3E, GRAFP0, 0xFF)]) == []  # the player was triggered empty
    assert lit(video, start, [(0x3E, GRAFP0, 0xFF)], ROW + 1) == span(0x40, 0x47)


def test_the_shift_registers_without_writes_draw_the_objects_as_the_whole_line_path_does() -> None:
    """Every size, position and graphics byte: the shifters' line equals the plain drawing."""
    rng = np.random.default_rng(7)
    for _ in range(200):
        registers = bytearray(rng.integers(0, 256, 32, dtype=np.uint8).tobytes())
        graphics = bytes(rng.integers(0, 256, 5, dtype=np.uint8).tobytes())
        shown = line_objects(shifters(registers, graphics), [])
        for number in range(8):
            player = number < 4
            position = registers[number]
            size = (registers[SIZEP0 + number] if player else registers[0x0C] >> (2 * (number - 4))) & 3
            bits = graphics[number] if player else (graphics[4] >> (2 * (number - 4))) & 3
            width, count = (1, 2, 1, 4)[size], 8 if player else 2
            expected = {position + width * bit + k for bit in range(count) if bits >> (count - 1 - bit) & 1
                        for k in range(width) if position + width * bit + k < 228}
            assert {clock for clock in range(228) if shown[clock] >> number & 1} == expected


# -- pseudo mode E ----------------------------------------------------------------------------------

PSEUDO_SCREEN = bytes([0x1B] * 40)  # each byte's colour clock pairs: 00, 01, 10, 11
PF_COLOURS = {COLPF0: 0x12, COLPF0 + 1: 0x24, COLPF0 + 2: 0x36, COLPF0 + 3: 0x48}


@pytest.mark.parametrize("video", VIDEOS)
@pytest.mark.parametrize(("clock", "pseudo"), [(0x10, False), (0x1E, False), (0x20, True), (0x60, True)])
def test_a_gtia_mode_switched_off_after_a_hi_res_line_started_leaves_pseudo_mode_e(
        video: str, clock: int, pseudo: bool) -> None:
    """A hi-res line that starts in GTIA mode 10, PRIOR 0 written at ``clock``: in time for the
    line's start (taken before colour clock $22, pmg.LINE_PRIOR_CLOCK: a write whose access cycle is
    15, clock $1E, + 2) the line is hi-res; later (cycle 16 on), the rest of it shows each colour
    clock's two bits as PF0-PF3."""
    registers = {PRIOR: 0x80, COLBK: 0, **PF_COLOURS}
    antic, state = frame(registers, [(clock, PRIOR, 0x00)], PSEUDO_SCREEN)
    colours = Picture(antic, video).colours(state)[ROW]
    taken = 2 * (clock + 2 - 0x20)  # the pixel PRIOR 0 shows from
    normal = 2 * (0x30 - 0x20)  # the normal playfield's first pixel
    first = normal + 8 * max(0, -(-(taken - normal) // 8))  # a screen byte's first colour clock from there
    playfield = colours[first:normal + 320:2].tolist()
    if pseudo:
        assert playfield[:4] == [0x12, 0x24, 0x36, 0x48]
    else:  # hi-res, the left pixel of each colour clock: PF2, or PF2's hue with PF1's luminance where lit
        assert playfield[:4] == [0x36, 0x36, 0x34, 0x34]


@pytest.mark.parametrize("video", VIDEOS)
def test_pseudo_mode_e_collides_as_pf0_to_pf3(video: str) -> None:
    registers = {PRIOR: 0x80, HPOSP0: 0x80, SIZEP0: 3, GRAFP0: 0xFF, 0x1D: 0}
    for clock, hits in ((0x1C, 0x04), (0x1E, 0x04), (0x20, 0x0F), (0x40, 0x0F)):
        antic, state = frame(registers, [(clock, PRIOR, 0x00)], PSEUDO_SCREEN)
        collisions = Picture(antic, video).collisions(state, ROW, ROW + 1)[0]
        assert collisions[4] == hits  # P0PF
