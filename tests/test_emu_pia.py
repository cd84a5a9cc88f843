"""The PIA's control registers as Altirra's Acid800 suite checks them (emulator/pia.py).

The sequences are the suite's record of real hardware: four control values written in a
row, then the control register read back (bit 6: the CA2/CB2 interrupt flag).
"""

from __future__ import annotations

import pytest

from emulator.machine import Machine
from emulator.pia import Pia
from tests.emu_support import idle_rom

PORTA, PORTB, PACTL, PBCTL = 0xD300, 0xD301, 0xD302, 0xD303


@pytest.mark.parametrize("control, writes, expected", [
    (PACTL, (0x3C, 0x3C, 0x3C, 0x14), 0x14),  # the line stays high: no edge
    (PACTL, (0x3C, 0x3C, 0x34, 0x14), 0x54),  # low, then an input floating high: rising edge
    (PACTL, (0x34, 0x34, 0x2C, 0x14), 0x14),  # pulse output idles high: its rise is the wrong edge
    (PACTL, (0x34, 0x34, 0x24, 0x14), 0x54),  # handshake output stays low
    (PACTL, (0x34, 0x34, 0x14, 0x34), 0x34),  # set, then cleared by the falling edge; output reads 0
    (PBCTL, (0x34, 0x3C, 0x3C, 0x04), 0x44),  # rises at $3C, shows once an input
    (PBCTL, (0x34, 0x28, 0x3C, 0x04), 0x04),
    (PBCTL, (0x34, 0x3C, 0x34, 0x04), 0x04),
    (PBCTL, (0x34, 0x3C, 0x04, 0x24), 0x24),
])
def test_control_line_edges_set_and_clear_the_interrupt_flag(control, writes, expected):
    pia = Pia()
    pia.write(control, 0x3C)
    for value in writes:
        pia.write(control, value)
    assert pia.read(control) == expected


def test_bits_6_and_7_cannot_be_written_and_a_port_read_clears_the_flag():
    pia = Pia()
    pia.write(PACTL, 0xFF)
    assert pia.read(PACTL) == 0x3F
    for value in (0x34, 0x14):
        pia.write(PACTL, value)
    assert pia.read(PACTL) == 0x54
    pia.read(PORTA)
    assert pia.read(PACTL) == 0x14


def test_an_enabled_flag_raises_the_cpus_irq_line():
    machine = Machine(idle_rom())
    for value in (0x34, 0x1C):  # output low, then input, rising edge, IRQ enabled
        machine.poke(PBCTL, value)
    assert machine.cpu.irq_line
    machine.peek(PORTB)
    assert not machine.cpu.irq_line
