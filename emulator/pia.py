"""PIA ($D300-$D303, mirrored through $D3FF): joystick port A and XL memory control port B.

PACTL/PBCTL bit 2 selects whether $D300/$D301 address the data register (1)
or the data direction register (0).  Port B bits set as outputs drive the XL
memory banking (see emulator/memory.py); input bits read 1.  At reset all bits
are inputs, so PORTB reads $FF: OS ROM on, BASIC off, self-test off.
Port A reads $FF (joysticks centred).

The control lines CA2 and CB2 are outputs when PACTL/PBCTL bits 5-4 are 11;
bit 3 is then the line's level (Mapping the Atari, PACTL $D302: bit 3 the
cassette motor, $34 on / $3C off; PBCTL $D303: bit 3 the serial bus COMMAND
line, $34 asserted / $3C not).  ``ca2_changed``/``cb2_changed`` get True
while a line is low: motor on, COMMAND asserted.
"""

from __future__ import annotations

from collections.abc import Callable

PORTA, PORTB, PACTL, PBCTL = 0, 1, 2, 3


class Pia:
    """The two 8-bit ports of the 6520 PIA."""

    def __init__(self, portb_changed: Callable[[int], None] = lambda value: None) -> None:
        self.portb_changed = portb_changed
        self.ca2_changed: Callable[[bool], None] = lambda low: None
        self.cb2_changed: Callable[[bool], None] = lambda low: None
        self.reset()

    def reset(self) -> None:
        self.pactl = 0x00
        self.pbctl = 0x00
        self.porta_output = 0x00
        self.porta_ddr = 0x00
        self.portb_output = 0xFF
        self.portb_ddr = 0x00
        self.joystick = 0xFF
        self.portb_changed(self.portb)
        self.ca2_changed(False)
        self.cb2_changed(False)

    @property
    def portb(self) -> int:
        """What port B's pins show: outputs as written, inputs pulled high."""
        return (self.portb_output & self.portb_ddr) | (~self.portb_ddr & 0xFF)

    def read(self, addr: int) -> int:
        reg = addr & 3
        if reg == PORTA:
            if self.pactl & 0x04:
                return (self.porta_output & self.porta_ddr) | (self.joystick & ~self.porta_ddr & 0xFF)
            return self.porta_ddr
        if reg == PORTB:
            return self.portb if self.pbctl & 0x04 else self.portb_ddr
        return (self.pactl if reg == PACTL else self.pbctl) & 0x3F

    def write(self, addr: int, value: int) -> int:
        reg = addr & 3
        if reg == PORTA:
            if self.pactl & 0x04:
                self.porta_output = value
            else:
                self.porta_ddr = value
        elif reg == PORTB:
            if self.pbctl & 0x04:
                self.portb_output = value
            else:
                self.portb_ddr = value
            self.portb_changed(self.portb)
        elif reg == PACTL:
            self.pactl = value
            self.ca2_changed(_line_low(value))
        else:
            self.pbctl = value
            self.cb2_changed(_line_low(value))
        return 0


def _line_low(control: int) -> bool:
    """True if the control register drives its CA2/CB2 line low (bits 5-3 = 110)."""
    return control & 0x38 == 0x30
