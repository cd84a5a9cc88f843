"""GTIA ($D000-$D01F, mirrored through $D0FF): colours, console keys, triggers.

Registers kept: COLPM0-3 ($D012-$D015), COLPF0-3 ($D016-$D019), COLBK ($D01A),
PRIOR ($D01B), GRACTL ($D01D), CONSOL ($D01F, speaker bit on write).
Reads: collision registers read 0 (players and missiles are not drawn),
TRIG0-3 ($D010-$D013) read 1 (not pressed), PAL ($D014) reads $0F (NTSC),
CONSOL reads the console keys in bits 0-2 (START, SELECT, OPTION; 0 = pressed).

Colour writes during a frame are logged per scanline so that the renderer can
show colour changes made by display list interrupts.
"""

from __future__ import annotations

from collections.abc import Callable

COLPM0, COLPF0, COLPF1, COLPF2, COLPF3, COLBK = 0x12, 0x16, 0x17, 0x18, 0x19, 0x1A
PRIOR, GRACTL, CONSOL = 0x1B, 0x1D, 0x1F
TRIG0, PAL = 0x10, 0x14

#: Colour registers in the order the renderer indexes them: BK, PF0, PF1, PF2, PF3.
RENDER_COLOUR_REGISTERS = (COLBK, COLPF0, COLPF1, COLPF2, COLPF3)

CONSOL_START, CONSOL_SELECT, CONSOL_OPTION = 0x01, 0x02, 0x04


class Gtia:
    """Colour registers, console keys and joystick triggers."""

    def __init__(self, scanline: Callable[[], int] = lambda: 0) -> None:
        self.scanline = scanline  # current scanline, for the colour log
        self.registers = bytearray(0x20)
        self.console_pressed = 0  # bits START/SELECT/OPTION currently held
        self.triggers = [1, 1, 1, 1]
        self.frame_start_colours = bytes(5)
        self.colour_log: list[tuple[int, int, int]] = []  # (scanline, colour index 0-4, value)
        self.last_frame: tuple[bytes, list[tuple[int, int, int]]] = (bytes(5), [])

    def reset(self) -> None:
        self.registers = bytearray(0x20)
        self.colour_log = []

    def colours(self) -> bytes:
        """Current BK, PF0, PF1, PF2, PF3 colour bytes."""
        return bytes(self.registers[r] for r in RENDER_COLOUR_REGISTERS)

    def begin_frame(self) -> None:
        """Keep the finished frame's colour history and start a new one."""
        self.last_frame = (self.frame_start_colours, self.colour_log)
        self.frame_start_colours = self.colours()
        self.colour_log = []

    def read(self, addr: int) -> int:
        reg = addr & 0x1F
        if reg == CONSOL:
            return 0x08 | (~self.console_pressed & 0x07)
        if TRIG0 <= reg <= TRIG0 + 3:
            return self.triggers[reg - TRIG0]
        if reg == PAL:
            return 0x0F
        return 0x00

    def write(self, addr: int, value: int) -> int:
        reg = addr & 0x1F
        if COLPM0 <= reg <= COLBK:
            value &= 0xFE  # the hardware ignores luminance bit 0
            if reg >= COLPF0:
                index = RENDER_COLOUR_REGISTERS.index(reg)
                self.colour_log.append((self.scanline(), index, value))
        self.registers[reg] = value
        return 0


def colourize(indices, start_colours: bytes, colour_log: list[tuple[int, int, int]], first_line: int = 8):
    """Colour bytes for a frame of colour-register indices (see emulator/antic.py).

    ``start_colours`` are BK, PF0-PF3 at the top of the frame; ``colour_log``
    entries (scanline, index, value) change a colour from that scanline on.
    Index 5 is the hi-res pixel: PF2's hue with PF1's luminance.
    """
    import numpy as np

    lines = indices.shape[0]
    table = np.empty((lines, 6), dtype=np.uint8)
    table[:, :5] = np.frombuffer(start_colours, dtype=np.uint8)
    for scanline, index, value in colour_log:
        row = max(0, scanline - first_line)
        if row < lines:
            table[row:, index] = value
    table[:, 5] = (table[:, 3] & 0xF0) | (table[:, 2] & 0x0E)
    return np.take_along_axis(table, indices.astype(np.intp), axis=1)
