"""Memory map and banking, NTSC timing and interrupts, keyboard, RANDOM, idle skip."""

from __future__ import annotations

import pytest

from emulator.errors import EmulatorError
from emulator.headless import HeadlessAtari
from emulator.machine import CYCLES_PER_FRAME, Machine
from emulator.pokey import POLY17_PERIOD
from tests.emu_support import DLI_COUNT, KEY_COUNT, KEYS, VBI_COUNT, mini_os_rom, rom_with_code


def _marked_os_rom() -> bytes:
    """A 16 KiB OS image whose every byte tells where it is, plus a RESET that loops."""
    rom = bytearray((i * 7 + 3) & 0xFF for i in range(0x4000))
    rom[0x3FFC:0x3FFE] = b"\x00\xC0"
    return bytes(rom)


BASIC = bytes((i * 5 + 1) & 0xFF for i in range(0x2000))


def _set_portb(machine: Machine, value: int) -> None:
    machine.poke(0xD303, 0x38)   # PBCTL: address the direction register
    machine.poke(0xD301, 0xFF)   # all bits outputs
    machine.poke(0xD303, 0x3C)   # PBCTL: address the data register
    machine.poke(0xD301, value)


# -- memory map --------------------------------------------------------------------------


def test_os_rom_is_mapped_at_c000_and_d800_with_io_between():
    rom = _marked_os_rom()
    machine = Machine(rom)
    assert machine.peek(0xC123) == rom[0x0123]
    assert machine.peek(0xE000) == rom[0x2000]
    assert machine.peek(0xFFFF) == rom[0x3FFF]
    assert machine.peek(0xD014) == 0x0F  # GTIA's PAL register (NTSC), not ROM
    assert machine.peek(0x5000) == 0  # self-test off after reset


def test_writes_to_rom_are_ignored_and_ram_under_rom_is_preserved():
    rom = _marked_os_rom()
    machine = Machine(rom)
    machine.poke(0xE000, 0x55)
    assert machine.peek(0xE000) == rom[0x2000]
    _set_portb(machine, 0xFE)  # OS ROM off
    assert machine.peek(0xE000) == 0
    machine.poke(0xE000, 0x55)
    machine.poke(0xC000, 0x66)
    _set_portb(machine, 0xFF)  # OS ROM on again
    assert machine.peek(0xE000) == rom[0x2000]
    _set_portb(machine, 0xFE)
    assert (machine.peek(0xE000), machine.peek(0xC000)) == (0x55, 0x66)


def test_self_test_rom_appears_at_5000_only_with_bit_7_clear():
    rom = _marked_os_rom()
    machine = Machine(rom)
    machine.poke(0x5000, 0x42)
    _set_portb(machine, 0x7F)
    assert [machine.peek(0x5000 + i) for i in range(4)] == list(rom[0x1000:0x1004])
    assert machine.peek(0x57FF) == rom[0x17FF]
    _set_portb(machine, 0xFF)
    assert machine.peek(0x5000) == 0x42


def test_basic_rom_is_switched_by_portb_bit_1():
    machine = Machine(_marked_os_rom(), BASIC)
    machine.poke(0xA000, 0x99)
    assert machine.peek(0xA000) == 0x99  # after reset PORTB = $FF: BASIC off
    _set_portb(machine, 0xFD)
    assert machine.peek(0xA000) == BASIC[0] and machine.peek(0xBFFF) == BASIC[-1]
    _set_portb(machine, 0xFF)
    assert machine.peek(0xA000) == 0x99


def test_portb_reads_back_and_the_pia_resets_to_rom_on():
    machine = Machine(_marked_os_rom())
    _set_portb(machine, 0xFE)
    assert machine.peek(0xD301) == 0xFE
    machine.warm_reset()
    assert machine.pia.portb == 0xFF  # all pins inputs, pulled high
    assert machine.peek(0xD301) == 0x00  # PBCTL bit 2 = 0 after reset: $D301 reads the direction register
    assert machine.memory.rom_enabled_at(0xE000)


def test_io_registers_are_mirrored_through_their_page():
    machine = Machine(_marked_os_rom())
    machine.poke(0xD0F8, 0x26)  # mirror of COLPF2 ($D018)
    assert machine.gtia.registers[0x18] == 0x26
    machine.poke(0xD4F2, 0x34)  # mirror of DLISTL
    assert machine.antic.dlist & 0xFF == 0x34


@pytest.mark.parametrize("size", [0, 100, 0x4001])
def test_wrong_rom_size_names_the_file(tmp_path, size):
    path = tmp_path / "bad.rom"
    path.write_bytes(bytes(size))
    with pytest.raises(EmulatorError, match="bad.rom"):
        HeadlessAtari(os_rom=path)


def test_original_rom_missing_is_a_clear_error(monkeypatch, tmp_path):
    import emulator.rom as rom

    monkeypatch.setattr(rom.ROMS, "original_os", tmp_path / "atarixl.rom")
    with pytest.raises(EmulatorError, match="atarixl.rom"):
        rom.load_os_rom("original")


# -- timing and interrupts ---------------------------------------------------------------


def _record_nmis(machine: Machine) -> list[tuple[int, int]]:
    """Wrap take_nmi to log (cycle, scanline) of every NMI."""
    log: list[tuple[int, int]] = []
    original = machine.cpu.take_nmi

    def take_nmi(late_by: int = 0) -> int:
        log.append((machine.cpu.processorCycles, machine.scanline()))
        return original(late_by)

    machine.cpu.take_nmi = take_nmi
    return log


def test_vbi_every_29868_cycles_at_scanline_248():
    atari = HeadlessAtari(os_rom=mini_os_rom())
    atari.boot(max_frames=0)
    log = _record_nmis(atari.machine)
    atari.run_frames(12)
    vbis = [entry for entry in log if entry[1] == 248]
    assert len(vbis) >= 11
    gaps = {b[0] - a[0] for a, b in zip(vbis, vbis[1:])}
    assert all(abs(gap - CYCLES_PER_FRAME) <= 7 for gap in gaps), gaps
    assert atari.peek(VBI_COUNT) == len(vbis)


def test_dli_fires_on_the_last_scanline_of_its_mode_line():
    atari = HeadlessAtari(os_rom=mini_os_rom())
    atari.boot(max_frames=10)
    dl = bytes((0x70, 0x70, 0xF0, 0x42, 0x00, 0x40, 0x82, 0x02, 0x41, 0x00, 0x30))
    for i, byte in enumerate(dl):
        atari.poke(0x3000 + i, byte)
    atari.poke(0xD402, 0x00)
    atari.poke(0xD403, 0x30)
    log = _record_nmis(atari.machine)
    atari.run_frames(3)
    lines = sorted({line for _, line in log})
    # blank 8+8 from line 8, then 8 blank lines with DLI (last = 31), mode 2 at 32-39,
    # mode 2 with DLI at 40-47 (last = 47), VBI at 248
    assert lines == [31, 47, 248]
    assert atari.peek(DLI_COUNT) >= 4


def _run_code(code: str, frames: int = 2) -> Machine:
    machine = Machine(rom_with_code(code))
    machine.run_frames(frames)
    return machine


def test_wsync_stalls_to_the_next_scanline_and_vcount_counts_half_lines():
    machine = _run_code(
        "    sei\n    sta $D40A\n    lda $D40B\n    sta $80\n"
        "    ldx #10\nloop:\n    sta $D40A\n    dex\n    bne loop\n    lda $D40B\n    sta $81\n"
        "    lda #$40\n    sta $D40E\nwait:\n    jmp wait\n",
    )
    first, after_ten = machine.peek(0x80), machine.peek(0x81)
    assert first == 0  # line 1 -> VCOUNT 0
    assert after_ten - first == 5  # ten more scanlines = five VCOUNT steps (line 1 -> 11)


def test_keyboard_irq_reaches_the_handler_and_ch():
    atari = HeadlessAtari(os_rom=mini_os_rom())
    assert atari.boot(max_frames=30)
    atari.press_key(0x3F, shift=True)  # A
    assert atari.run_until_idle(30)
    assert atari.peek(KEY_COUNT) == 1 and atari.peek(KEYS) == 0x3F | 0x40
    assert atari.peek(0xD209) == 0x7F  # KBCODE
    atari.press_key(0x0C, ctrl=True)  # CONTROL+RETURN
    atari.run_until_idle(30)
    assert atari.peek(KEYS + 1) == 0x8C


def test_skstat_shows_a_held_key_and_shift():
    atari = HeadlessAtari(os_rom=mini_os_rom())
    atari.boot(max_frames=10)
    assert atari.peek(0xD20F) & 0x0C == 0x0C
    atari.machine.key_down(0x21, shift=True, hold_frames=3)
    assert atari.peek(0xD20F) & 0x0C == 0
    atari.run_frames(3)
    assert atari.peek(0xD20F) & 0x0C == 0x0C


def test_keyboard_irq_is_not_raised_when_disabled():
    machine = Machine(rom_with_code("    lda #$40\n    sta $D40E\n    cli\nw:\n    jmp w\n"))
    machine.run_frames(1)
    machine.key_down(0x3F)
    # IRQST bit 3 is no latch: "serial output complete" shows while nothing is sent
    assert not machine.cpu.irq_line and machine.peek(0xD20E) == 0xFF & ~0x08


def test_console_keys_read_in_consol():
    atari = HeadlessAtari(os_rom=mini_os_rom())
    atari.boot(max_frames=5)
    assert atari.peek(0xD01F) & 7 == 7
    atari.machine.console_down(start=True, option=True, hold_frames=2)
    assert atari.peek(0xD01F) & 7 == 0b010
    atari.run_frames(2)
    assert atari.peek(0xD01F) & 7 == 7


# -- RANDOM ----------------------------------------------------------------------------------


def test_random_counter_has_period_131071():
    machine = Machine(_marked_os_rom())
    pokey = machine.pokey
    # three reads 8 cycles apart see 24 consecutive bits of the 17-bit counter
    windows = {(pokey.random_at(c), pokey.random_at(c + 8), pokey.random_at(c + 16)) for c in range(POLY17_PERIOD)}
    assert len(windows) == POLY17_PERIOD  # all states differ: the counter's period is the full 2^17 - 1
    assert all(pokey.random_at(c) == pokey.random_at(c + POLY17_PERIOD) for c in range(0, 5000, 7))


def test_random_is_reproducible_per_seed_and_differs_between_seeds():
    code = "    ldx #0\nloop:\n    lda $D20A\n    sta $0600,x\n    inx\n    bne loop\nw:\n    jmp w\n"
    code = "    lda #$40\n    sta $D40E\n" + code
    rom = rom_with_code(code)

    def sample(seed: int) -> bytes:
        machine = Machine(rom, seed=seed)
        machine.run_frames(2)
        return bytes(machine.peek(0x0600 + i) for i in range(256))

    assert sample(7) == sample(7)
    assert sample(7) != sample(8)
    assert len(set(sample(7))) > 100


# -- idle skip -------------------------------------------------------------------------------


def test_idle_skip_does_not_step_the_key_wait_loop():
    atari = HeadlessAtari(os_rom=mini_os_rom())
    assert atari.boot(max_frames=30)
    executed = []
    cpu = atari.machine.cpu
    original = cpu.run

    def counting_run(limit: int) -> None:
        executed.append(limit)
        original(limit)

    cpu.run = counting_run
    atari.run_frames(60)
    # only the VBIs run: a few CPU runs per frame, never the 29,868 cycles of the loop
    assert len(executed) <= 60 * 4
    assert atari.peek(VBI_COUNT) >= 60
    assert atari.machine.waiting_for_key()


# -- timed events (the scheduler the chips use for timers, the serial port, bus devices) ---------


def test_scheduled_callbacks_run_in_time_order_at_instruction_boundaries():
    machine = Machine(rom_with_code("loop:\n    inc $80\n    jmp loop"))
    start = machine.cycles
    fired: list[tuple[str, int, int]] = []
    machine.schedule(start + 5000, lambda cycle: fired.append(("b", cycle, machine.cycles)))
    machine.schedule(start + 1000, lambda cycle: fired.append(("a", cycle, machine.cycles)))
    cancelled = machine.schedule(start + 3000, lambda cycle: fired.append(("x", cycle, machine.cycles)))
    machine.cancel(cancelled)
    machine.run_until(start + 10_000)
    assert [name for name, _, _ in fired] == ["a", "b"]
    for _, due, now in fired:
        assert due <= now < due + 8  # at the first instruction boundary at or after the due cycle


def test_a_callback_can_schedule_the_next_one_like_a_timer():
    machine = Machine(rom_with_code("loop:\n    inc $80\n    jmp loop"))
    start = machine.cycles
    ticks: list[int] = []

    def tick(cycle: int) -> None:
        ticks.append(cycle)
        machine.schedule(cycle + 114, tick)

    machine.schedule(start + 114, tick)
    machine.run_until(start + 114 * 100)
    assert ticks == [start + 114 * n for n in range(1, 101)]


def test_the_mini_os_assembles() -> None:
    """tests/emu_support.py's test ROM: 16 KiB, RESET to $C000, SIOV a JMP."""
    rom = mini_os_rom()
    assert len(rom) == 0x4000
    assert rom[0x3FFC:0x3FFE] == bytes((0x00, 0xC0))  # RESET vector -> $C000
    assert rom[0xE459 - 0xC000] == 0x4C
