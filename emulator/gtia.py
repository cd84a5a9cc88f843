"""GTIA ($D000-$D01F, mirrored through $D0FF): colours, players and missiles, collisions, triggers.

Write registers (Altirra Hardware Reference Manual, "GTIA"; Mapping the Atari):
HPOSP0-3 $D000-$D003, HPOSM0-3 $D004-$D007, SIZEP0-3 $D008-$D00B, SIZEM
$D00C, GRAFP0-3 $D00D-$D010, GRAFM $D011, COLPM0-3 $D012-$D015, COLPF0-3
$D016-$D019, COLBK $D01A, PRIOR $D01B, VDELAY $D01C, GRACTL $D01D, HITCLR
$D01E, CONSOL $D01F (bit 3: the console speaker, see emulator/audio.py).

Read registers: the collision registers M0PF-M3PF $D000-$D003, P0PF-P3PF
$D004-$D007, M0PL-M3PL $D008-$D00B, P0PL-P3PL $D00C-$D00F (bits 0-3: which
playfield colour or player; a player never collides with itself), TRIG0-3
$D010-$D013 (0 = pressed; with GRACTL bit 2 a press is latched until the bit
is cleared), PAL $D014 (bits 1-3 are 0 on a PAL machine, 1 on NTSC: $01 /
$0F), CONSOL (bits 0-2 START, SELECT, OPTION; 0 = pressed, or pulled low by GTIA itself
while a 1 is written to the bit: the lines are open-collector outputs as well as inputs,
Altirra Hardware Reference Manual, "GTIA", CONSOL), $0F for the unused ones.

Every write to the registers $D000-$D01C is logged with the scan line and colour
clock the beam is at during a frame (the write cycle's), so the renderer
(emulator/pmg.py) can show what display list interrupts and kernels change, from the
colour clock GTIA takes it at (emulator/shifters.py: a few colour clocks later).
Collisions are worked out by pmg.py from the same picture, lazily: when a collision register is read, HITCLR is written,
or the frame ends, for the scanlines the beam has drawn since the last time
(``collide`` is the machine's hook for that).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    pass

HPOSP0, HPOSM0, SIZEP0, SIZEM, GRAFP0, GRAFM = 0x00, 0x04, 0x08, 0x0C, 0x0D, 0x11
COLPM0, COLPF0, COLPF1, COLPF2, COLPF3, COLBK = 0x12, 0x16, 0x17, 0x18, 0x19, 0x1A
PRIOR, VDELAY, GRACTL, HITCLR, CONSOL = 0x1B, 0x1C, 0x1D, 0x1E, 0x1F
TRIG0, PAL = 0x10, 0x14
COLLISION_REGISTERS = 16  # M0PF .. P3PL

#: Colour registers in the order the renderer indexes them: BK, PF0, PF1, PF2, PF3.
RENDER_COLOUR_REGISTERS = (COLBK, COLPF0, COLPF1, COLPF2, COLPF3)

CONSOL_START, CONSOL_SELECT, CONSOL_OPTION = 0x01, 0x02, 0x04
GRACTL_LATCH_TRIGGERS = 0x04
PAL_NTSC, PAL_PAL = 0x0F, 0x01
#: what the read registers $D015-$D01E give: GTIA drives only data bits 0-3 and pulls them
#: high there (Altirra Hardware Reference Manual, "GTIA"; Acid800's "GTIA: Default value")
UNUSED_READ = 0x0F


class Gtia:
    """Colour, player/missile and priority registers, collisions, console keys and triggers."""

    def __init__(self, beam: Callable[[], tuple[int, int]] = lambda: (0, 0), pal: bool = False) -> None:
        self.beam = beam  # the scan line and colour clock now, for the register log
        self.pal = pal
        self.console_pressed = 0  # bits START/SELECT/OPTION currently held
        self.triggers = [1, 1, 1, 1]  # joystick buttons as the host holds them (0 = pressed)
        self.collide: Callable[[], None] = lambda: None  # the machine's "collisions up to now"
        self.speaker: Callable[[int], None] = lambda value: None  # CONSOL bit 3 writes (audio)
        self.reset()

    def reset(self) -> None:
        self.registers = bytearray(0x20)
        self.collisions = bytearray(COLLISION_REGISTERS)
        self.latched = [1, 1, 1, 1]
        self.frame_start_registers = bytes(0x20)
        self.log: list[tuple[int, int, int, int]] = []  # (scanline, colour clock, register, value)

    # -- frames ---------------------------------------------------------------------

    def colours(self) -> bytes:
        """Current BK, PF0, PF1, PF2, PF3 colour bytes."""
        return bytes(self.registers[r] for r in RENDER_COLOUR_REGISTERS)

    def begin_frame(self) -> None:
        """Start the register history of a new frame."""
        self.frame_start_registers = bytes(self.registers)
        self.log = []

    # -- CPU side ----------------------------------------------------------------------

    def read(self, addr: int) -> int:
        reg = addr & 0x1F
        if reg < COLLISION_REGISTERS:
            self.collide()
            return self.collisions[reg]
        if TRIG0 <= reg <= TRIG0 + 3:
            return self.trigger(reg - TRIG0)
        if reg == PAL:
            return PAL_PAL if self.pal else PAL_NTSC
        if reg == CONSOL:
            return 0x08 | (~(self.console_pressed | self.registers[CONSOL]) & 0x07)
        return UNUSED_READ

    def trigger(self, number: int) -> int:
        """TRIGn: the button, or its latched press while GRACTL bit 2 is set."""
        state = self.triggers[number]
        if self.registers[GRACTL] & GRACTL_LATCH_TRIGGERS:
            self.latched[number] &= state
            return self.latched[number]
        return state

    def write(self, addr: int, value: int) -> int:
        reg = addr & 0x1F
        if reg <= VDELAY:
            if COLPM0 <= reg <= COLBK:
                value &= 0xFE  # the hardware ignores luminance bit 0
            if value != self.registers[reg]:  # the same value again changes nothing on the screen
                self.log.append((*self.beam(), reg, value))
        elif reg == HITCLR:
            self.collide()  # what was drawn before the clear still counts until now
            self.collisions = bytearray(COLLISION_REGISTERS)
        elif reg == GRACTL and not value & GRACTL_LATCH_TRIGGERS:
            self.latched = [1, 1, 1, 1]
        elif reg == CONSOL:
            self.speaker(value)
        self.registers[reg] = value
        return 0

