"""GTIA's read registers as Altirra's Acid800 suite checks them (emulator/gtia.py)."""

from __future__ import annotations

from emulator.gtia import CONSOL, Gtia


def test_unused_read_registers_give_0f():
    gtia = Gtia()
    assert [gtia.read(0xD000 + reg) for reg in range(0x15, 0x1F)] == [0x0F] * 10
    assert gtia.read(0xD0F5) == 0x0F  # mirrored through the page


def test_consol_reads_the_keys_and_the_lines_gtia_pulls_low_itself():
    gtia = Gtia()
    assert gtia.read(0xD01F) & 0x07 == 0x07  # nothing pressed
    gtia.console_pressed = 0x04  # OPTION
    assert gtia.read(0xD01F) & 0x07 == 0x03
    gtia.console_pressed = 0
    gtia.write(0xD01F, 0x03)  # GTIA drives START and SELECT low
    assert gtia.read(0xD01F) & 0x07 == 0x04
    gtia.write(0xD01F, 0x08)  # released again (the OS's VBI writes $08)
    assert gtia.read(0xD000 + CONSOL) & 0x07 == 0x07
