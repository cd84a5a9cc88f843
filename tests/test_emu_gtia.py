"""GTIA's read registers as Altirra's Acid800 suite checks them (emulator/gtia.py)."""

from __future__ import annotations

import pytest

from emulator.gtia import CONSOL, Gtia
from emulator.machine import Machine
from tests.emu_support import idle_rom


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


def _gtia_mode_line(prior: int) -> Machine:
    """One scanline of ANTIC mode 15 (narrow) whose GTIA pixels are 0-15 from HPOS $70, and
    missiles 2 colour clocks wide (Acid800's special modes collision layout)."""
    machine = Machine(idle_rom())
    display_list = bytes((0x70, 0x70, 0x70, 0x4F, 0x09, 0x28, 0x41, 0x00, 0x28))
    screen = bytes(12) + bytes.fromhex("0123456789ABCDEF") + bytes(12)
    for offset, byte in enumerate(display_list + screen):
        machine.poke(0x2800 + offset, byte)
    for register, value in ((0xD402, 0x00), (0xD403, 0x28), (0xD400, 0x21), (0xD00C, 0x00), (0xD011, 0xFF),
                            (0xD01B, prior)):
        machine.poke(register, value)
    return machine


def _missile_playfield_hits(machine: Machine, first_hpos: int) -> list[int]:
    for number in range(4):
        machine.poke(0xD004 + number, first_hpos + 2 * number)
    machine.poke(0xD01E, 0)  # HITCLR
    machine.run_frames(2)
    return [machine.peek(0xD000 + number) for number in range(4)]


def test_mode_10_pixels_of_playfield_colours_collide_one_colour_clock_late():
    machine = _gtia_mode_line(0x80)
    # values 0-3 (player colours), 4-7 (COLPF0-3), 8-11, 12-15 (COLPF0-3 again)
    assert [_missile_playfield_hits(machine, hpos) for hpos in (0x71, 0x79, 0x81, 0x89)] == [
        [0, 0, 0, 0], [1, 2, 4, 8], [0, 0, 0, 0], [1, 2, 4, 8]]


@pytest.mark.parametrize("prior", [0x40, 0xC0])
def test_modes_9_and_11_collide_with_no_playfield(prior):
    machine = _gtia_mode_line(prior)
    assert all(_missile_playfield_hits(machine, hpos) == [0, 0, 0, 0] for hpos in (0x71, 0x79, 0x81, 0x89))


def test_nothing_collides_in_horizontal_blank():
    machine = _gtia_mode_line(0x00)  # a plain mode 15 line: its lit pixels are PF2
    machine.poke(0xD000, 0x1E)  # player 0 from HPOS $1E to $25, player 1 over it
    machine.poke(0xD001, 0x1E)
    machine.poke(0xD00D, 0xC0)  # GRAFP0, GRAFP1: only the two leftmost bits ($1E, $1F)
    machine.poke(0xD00E, 0xC0)
    machine.run_frames(2)
    assert machine.peek(0xD00C) == 0  # P0PL: they overlap only in HBLANK (left of $22)
    machine.poke(0xD00D, 0xFF)
    machine.poke(0xD00E, 0xFF)
    machine.poke(0xD01E, 0)
    machine.run_frames(2)
    assert machine.peek(0xD00C) == 0x02


def test_a_collision_counts_once_the_beam_has_passed_it_in_the_scanline():
    machine = Machine(idle_rom())
    display_list = bytes((0x4F, 0x00, 0x40)) + bytes((0x0F,)) * 100 + bytes((0x41, 0x00, 0x30))
    for offset, byte in enumerate(display_list):
        machine.poke(0x3000 + offset, byte)
    for address in range(0x4000, 0x5000):
        machine.poke(address, 0xFF)  # every hi-res pixel lit: PF2
    for register, value in ((0xD400, 0x22), (0xD402, 0x00), (0xD403, 0x30), (0xD000, 0x80), (0xD00D, 0xFF)):
        machine.poke(register, value)
    machine.run_frames(1)
    line_start = machine.frame_start + 30 * 114
    machine.run_until(line_start + 5)
    machine.poke(0xD01E, 0)  # HITCLR
    machine.run_until(line_start + 50)  # the beam at HPOS $64: player 0 ($80-$87) still ahead
    assert machine.peek(0xD004) == 0
    machine.run_until(line_start + 80)  # HPOS $A0: passed
    assert machine.peek(0xD004) == 0x04  # P0PF: PF2
