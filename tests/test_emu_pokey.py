"""POKEY's registers as Altirra's Acid800 suite checks them (emulator/pokey.py), through the machine."""

from __future__ import annotations

from emulator.machine import Machine
from tests.emu_support import idle_rom

IRQEN_IRQST, SEROUT, SKCTL = 0xD20E, 0xD20D, 0xD20F


def _machine() -> Machine:
    machine = Machine(idle_rom())
    machine.poke(SKCTL, 0x03)
    return machine


def test_serial_output_complete_shows_in_irqst_even_while_its_irq_is_disabled():
    machine = _machine()
    machine.poke(SKCTL, 0x23)  # channel 4 (64 kHz, AUDF4 = 0: a bit every 56 cycles) clocks the output
    machine.poke(IRQEN_IRQST, 0x00)
    assert machine.peek(IRQEN_IRQST) & 0x08 == 0  # nothing to send: "complete", a level
    assert not machine.cpu.irq_line  # but no IRQ while IRQEN bit 3 is clear
    machine.poke(SEROUT, 0x55)
    machine.run_until(machine.cpu.processorCycles + 100)  # the clock's next tick loads it
    assert machine.peek(IRQEN_IRQST) & 0x08 == 0x08  # shifting out
    machine.run_frames(1)
    assert machine.peek(IRQEN_IRQST) & 0x08 == 0


def test_initialization_mode_holds_random_at_ff_and_restarts_the_counters():
    from emulator.pokey import Pokey

    now = [1000]
    pokey = Pokey(cycles=lambda: now[0], seed=7)
    pokey.write(0xD20F, 0x00)  # SKCTL: initialization mode
    now[0] += 100
    assert pokey.read(0xD20A) == 0xFF
    pokey.write(0xD20F, 0x03)  # leave it: the counters start from all ones
    left = now[0]
    now[0] = left + 114  # one scanline later: step 113 (Acid800's record of real hardware)
    assert pokey.read(0xD20A) == 0x08
    pokey.write(0xD208, 0x80)  # AUDCTL bit 7: the 9-bit counter
    assert pokey.read(0xD20A) == 0x95


def test_entering_initialization_mode_fills_the_counter_with_ones_bit_by_bit():
    from emulator.pokey import PolyCounter

    counter = PolyCounter(9)
    counter.anchor_step = 100
    before = counter.state(50)
    counter.hold(50)
    assert [counter.state(50 + k) for k in (0, 1, 3)] == [before, (before >> 1) | 0x100,
                                                          (before >> 3) | 0x1C0]
    assert counter.random(59) == 0xFF
    counter.release(60)
    assert counter.state(60) == 0x1FF and counter.state(61) != 0x1FF


def test_random_without_initialization_mode_depends_only_on_the_seed():
    from emulator.pokey import Pokey

    readings = [[Pokey(seed=seed).random_at(cycle) for cycle in range(0, 4000, 37)] for seed in (1, 1, 2)]
    assert readings[0] == readings[1] != readings[2]


def test_asynchronous_receive_mode_holds_timer_4():
    machine = _machine()
    machine.poke(0xD208, 0x00)  # AUDCTL: 64 kHz clock
    machine.poke(0xD206, 0x01)  # AUDF4: a short period
    machine.poke(IRQEN_IRQST, 0x04)  # timer 4's IRQ
    machine.poke(SKCTL, 0x13)  # asynchronous receive, no byte coming
    machine.poke(0xD209, 0)  # STIMER
    machine.run_frames(1)
    assert machine.peek(IRQEN_IRQST) & 0x04
    machine.poke(SKCTL, 0x03)
    machine.run_frames(1)
    assert not machine.peek(IRQEN_IRQST) & 0x04  # running again: it underflowed


def test_a_timer_planned_by_the_cpu_fires_at_its_cycle_not_at_the_end_of_a_chunk():
    from tests.emu_support import rom_with_code

    machine = Machine(rom_with_code(
        "    sei\n    lda #$00\n    sta $D208\n    lda #$09\n    sta $D200\n    lda #$01\n    sta $D20E\n"
        "    sta $D209\n    ldx #$00\n"  # 64 kHz clock, AUDF1 = 9: 280 cycles; timer 1's IRQ; STIMER
        "poll:\n    inx\n    lda $D20E\n    lsr\n    bcs poll\n"  # 11 cycles a round until IRQST bit 0 is 0
        "    stx $80\ndone:\n    inc $81\n    jmp done\n"))
    machine.run_frames(2)
    assert 24 <= machine.peek(0x80) <= 27  # 280 / 11: not a chunk (456 cycles) late
