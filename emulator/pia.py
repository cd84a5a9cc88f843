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

Interrupt flags (the 6520's data sheet; Altirra Hardware Reference Manual, "PIA"):
with bit 5 clear a control line is an input (nothing on the Atari drives it, so it
floats high), bit 4 picks the edge that counts (1 rising, 0 falling) and bit 3
enables its IRQ; with bits 5-4 = 10 the line is a handshake output (bit 3 = 0: low
here, as no CA1/CB1 edge ever ends the handshake) or a pulse output (bit 3 = 1: high
between pulses).  A program can move the line only through these modes, and the
flag (control bit 6) follows what Acid800's "PIA: Interrupt control test" records
of real hardware in its tables of control-value sequences: a line edge of the
selected polarity sets the flag, an edge of the other polarity clears it, the flag
reads 0 while the line is an output, and reading the port's data register clears it.
Bit 7 is the CA1/CB1 flag (those lines are not wired to anything here, so it stays
clear); bits 6 and 7 cannot be written.  The PIA's IRQ outputs reach the CPU's IRQ
line (``irq_changed``) while a flag is set and enabled (bit 0 for bit 7; bit 3, in
input mode, for bit 6).
"""

from __future__ import annotations

from collections.abc import Callable

PORTA, PORTB, PACTL, PBCTL = 0, 1, 2, 3


IRQ1_FLAG, IRQ2_FLAG = 0x80, 0x40
IRQ1_ENABLE, LINE2_OUTPUT, LINE2_RISING, LINE2_BIT3 = 0x01, 0x20, 0x10, 0x08


class Pia:
    """The two 8-bit ports of the 6520 PIA."""

    def __init__(self, portb_changed: Callable[[int], None] = lambda value: None) -> None:
        self.portb_changed = portb_changed
        self.ca2_changed: Callable[[bool], None] = lambda low: None
        self.cb2_changed: Callable[[bool], None] = lambda low: None
        self.irq_changed: Callable[[bool], None] = lambda line: None
        self.reset()

    def reset(self) -> None:
        self.pactl = 0x00
        self.pbctl = 0x00
        self.porta_output = 0x00
        self.porta_ddr = 0x00
        self.portb_output = 0xFF
        self.portb_ddr = 0x00
        self.joystick = 0xFF
        self.flags = [0, 0]  # the interrupt flags (control bits 7-6) of ports A and B
        self.portb_changed(self.portb)
        self.ca2_changed(False)
        self.cb2_changed(False)
        self.irq_changed(False)

    @property
    def portb(self) -> int:
        """What port B's pins show: outputs as written, inputs pulled high."""
        return (self.portb_output & self.portb_ddr) | (~self.portb_ddr & 0xFF)

    @property
    def irq_line(self) -> bool:
        """True while a flag is set whose interrupt its control register enables."""
        return any(_interrupting(control, flags)
                   for control, flags in ((self.pactl, self.flags[0]), (self.pbctl, self.flags[1])))

    def read(self, addr: int) -> int:
        reg = addr & 3
        if reg == PORTA:
            if self.pactl & 0x04:
                self._clear_flags(0)
                return (self.porta_output & self.porta_ddr) | (self.joystick & ~self.porta_ddr & 0xFF)
            return self.porta_ddr
        if reg == PORTB:
            if self.pbctl & 0x04:
                self._clear_flags(1)
                return self.portb
            return self.portb_ddr
        port = reg - PACTL
        control = (self.pactl, self.pbctl)[port]
        flags = self.flags[port] & ~IRQ2_FLAG if control & LINE2_OUTPUT else self.flags[port]
        return (control & 0x3F) | flags

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
            self._note_edge(0, self.pactl, value)
            self.pactl = value & 0x3F
            self.ca2_changed(_line_low(value))
        else:
            self._note_edge(1, self.pbctl, value)
            self.pbctl = value & 0x3F
            self.cb2_changed(_line_low(value))
        self.irq_changed(self.irq_line)
        return 0

    def _note_edge(self, port: int, old: int, new: int) -> None:
        """A new control value that moves CA2/CB2: an edge of the selected polarity sets the
        port's flag, one of the other polarity clears it."""
        before, after = _line_high(old), _line_high(new)
        if before == after:
            return
        if after == bool(new & LINE2_RISING):
            self.flags[port] |= IRQ2_FLAG
        else:
            self.flags[port] &= ~IRQ2_FLAG

    def _clear_flags(self, port: int) -> None:
        if self.flags[port]:
            self.flags[port] = 0
            self.irq_changed(self.irq_line)


def _line_low(control: int) -> bool:
    """True if the control register drives its CA2/CB2 line low (bits 5-3 = 110)."""
    return control & 0x38 == 0x30


def _line_high(control: int) -> bool:
    """The CA2/CB2 line's level under a control value: an input floats high; an output is
    bit 3 (manual output: the level; pulse output idles high; handshake output stays low)."""
    return not control & LINE2_OUTPUT or bool(control & LINE2_BIT3)


def _interrupting(control: int, flags: int) -> bool:
    irq1 = flags & IRQ1_FLAG and control & IRQ1_ENABLE
    irq2 = flags & IRQ2_FLAG and control & LINE2_BIT3 and not control & LINE2_OUTPUT
    return bool(irq1 or irq2)
