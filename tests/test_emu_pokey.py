"""POKEY's registers as Altirra's Acid800 suite checks them (emulator/pokey.py), through the machine."""

from __future__ import annotations

from test_emu_helpers import idle_rom

from emulator.machine import Machine

IRQEN_IRQST, SEROUT, SKCTL = 0xD20E, 0xD20D, 0xD20F


def _machine() -> Machine:
    machine = Machine(idle_rom())
    machine.poke(SKCTL, 0x03)
    return machine


def test_serial_output_complete_shows_in_irqst_even_while_its_irq_is_disabled():
    machine = _machine()
    machine.poke(IRQEN_IRQST, 0x00)
    assert machine.peek(IRQEN_IRQST) & 0x08 == 0  # nothing to send: "complete", a level
    assert not machine.cpu.irq_line  # but no IRQ while IRQEN bit 3 is clear
    machine.poke(SEROUT, 0x55)
    assert machine.peek(IRQEN_IRQST) & 0x08 == 0x08  # shifting out
    machine.run_frames(1)
    assert machine.peek(IRQEN_IRQST) & 0x08 == 0
