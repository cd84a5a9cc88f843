"""ANTIC's timing towards the CPU at the cycle: WSYNC, VCOUNT, the NMI's cycle and the DMA slots.

The facts (Altirra Hardware Reference Manual, "ANTIC"; cycle 0 of a scan line is the missile
DMA slot, the display list instruction is fetched in cycle 1):

* WSYNC: ANTIC releases RDY in cycle 105.  The 6502 halts only on a read: after a store the
  next instruction's opcode fetch still runs (in cycle 104 once the CPU waited), after an INC,
  whose second write fills that cycle, the fetch waits for cycle 105.  An instruction that ends
  after cycle 104 waits for the next line.
* VCOUNT reads the next line's count from cycle 111 on; on the frame's last line (261) it reads
  131 in cycle 111 and 0 from cycle 112.
* A DLI's NMI comes in cycle 8 of the DLI's line; the 6502 takes it after the first instruction
  whose last-but-one cycle comes at or after it.  The cycles of a WSYNC halt do not count, those
  of the STA WSYNC before it do.

The routines run on a bare machine (no OS: RAM everywhere, nothing but what the routine sets),
on both CPU cores, and the expected values are worked out in their comments from these facts.
"""

from __future__ import annotations

import numpy as np
import pytest

from emulator.cpu import compiled_core_available
from emulator.dma import DmaTimeline, line_busy_cycles, width_change_counts
from emulator.machine import Machine
from emulator.runplan import double_write, wsync_release

needs_compiled = pytest.mark.skipif(not compiled_core_available(), reason="the compiled core is not built here")
CORES = ["python", pytest.param("compiled", marks=needs_compiled)]

ROUTINE, RESULTS, HANDLER, DISPLAY_LIST = 0x0600, 0x0700, 0x0680, 0x3000
VCOUNT, WSYNC_LOW = 0x0B, 0x0A  # $D40B, $D40A
NOP, BIT_ZP, BIT_ABS = (0xEA,), (0x24, 0x00), (0x2C, 0x00, 0x01)
LDA_VCOUNT = (0xAD, 0x0B, 0xD4)
STA_WSYNC, INC_WSYNC = (0x8D, 0x0A, 0xD4), (0xEE, 0x0A, 0xD4)


def bare_machine(core: str, monkeypatch: pytest.MonkeyPatch) -> Machine:
    monkeypatch.setenv("SURROUND_CPU", core)
    machine = Machine(None)
    assert machine.cpu.cpu_core == core
    return machine


def sta(address: int) -> tuple[int, ...]:
    return (0x8D, address & 0xFF, address >> 8)


def wait_for_vcount(value: int) -> tuple[int, ...]:
    """LDA VCOUNT / CMP #value / BNE back: leaves the loop within a few cycles of VCOUNT reaching it."""
    return (*LDA_VCOUNT, 0xC9, value, 0xD0, 0xF9)


def idle(address: int) -> tuple[int, ...]:
    """NOP / JMP back to it, at ``address`` (a JMP to itself with interrupts off is a runaway)."""
    return (*NOP, 0x4C, address & 0xFF, address >> 8)


def load(machine: Machine, address: int, code: tuple[int, ...]) -> int:
    """Put ``code`` at ``address``; returns the address after it."""
    for offset, byte in enumerate(code):
        machine.poke(address + offset, byte)
    return address + len(code)


def run_routine(machine: Machine, code: tuple[int, ...], lines: int = 300) -> None:
    """SEI, screen and NMIs off, then ``code``, then idle; run for ``lines`` scan lines."""
    end = load(machine, ROUTINE, (0x78, 0xA9, 0x00, *sta(0xD40E), *sta(0xD400), *code))
    load(machine, end, idle(end))
    machine.cpu.pc = ROUTINE
    machine.run_until(machine.cycles + lines * 114)


def aligned_at_cycle_104(line_count: int) -> tuple[int, ...]:
    """Code that ends with the CPU at cycle 104 of scan line 2 * ``line_count`` + 1: it waits for
    VCOUNT to reach ``line_count`` (line 2n - 1, cycle 111), the first STA WSYNC ends in line 2n
    (too late for 2n - 1's release), and the second, run from 2n's cycle 104 (the opcode fetch
    runs before RDY stops the CPU), ends in cycle 108: the release of line 2n + 1."""
    return (*wait_for_vcount(line_count), *STA_WSYNC, *STA_WSYNC)


@pytest.mark.parametrize("core", CORES)
def test_vcount_counts_at_cycle_111_after_wsync_resumes_at_104(core: str, monkeypatch) -> None:
    machine = bare_machine(core, monkeypatch)
    run_routine(machine, (
        *aligned_at_cycle_104(0x20),           # line 65, cycle 104
        *BIT_ZP, *LDA_VCOUNT, *sta(RESULTS),   # BIT 104-106, LDA 107-110: reads in 110: 65 / 2
        *STA_WSYNC, *STA_WSYNC,                # ends in line 66, then 66:104-107: line 67, cycle 104
        *BIT_ABS, *LDA_VCOUNT, *sta(RESULTS + 1),  # BIT 104-107, LDA reads in 111: 68 / 2
    ))
    assert [machine.peek(RESULTS), machine.peek(RESULTS + 1)] == [0x20, 0x22]


@pytest.mark.parametrize("core", CORES)
@pytest.mark.parametrize(("padding", "expected"), [(BIT_ABS, 0x83), ((*NOP, *BIT_ZP), 0x00)])
def test_vcount_on_the_frames_last_line(core: str, padding: tuple[int, ...], expected: int, monkeypatch) -> None:
    machine = bare_machine(core, monkeypatch)
    run_routine(machine, (
        *aligned_at_cycle_104(0x82),             # line 261 (the last), cycle 104
        *padding, *LDA_VCOUNT, *sta(RESULTS),    # reads in cycle 111 (262 / 2 = $83) or 112 (0)
    ), lines=400)
    assert machine.peek(RESULTS) == expected


@pytest.mark.parametrize("core", CORES)
@pytest.mark.parametrize(("store", "expected"), [(STA_WSYNC, 0x21), (INC_WSYNC, 0x22)])
def test_an_inc_wsync_halts_the_next_opcode_fetch_a_store_does_not(core: str, store, expected, monkeypatch) -> None:
    machine = bare_machine(core, monkeypatch)
    run_routine(machine, (
        *aligned_at_cycle_104(0x20),        # line 65, cycle 104
        *STA_WSYNC,                         # 104-107: ends too late, line 66 at 104
        *store,                             # STA: 104-107, INC: 104-109; both too late: line 67
        *BIT_ZP, *LDA_VCOUNT, *sta(RESULTS),  # after STA BIT 104-106, read in 110 (67 / 2 = $21);
    ))                                      # after INC BIT 105-107, read in 111 (68 / 2 = $22)
    assert machine.peek(RESULTS) == expected


def nmi_return_address(machine: Machine, sled_head: tuple[int, ...], nmien: int = 0x80) -> tuple[int, int]:
    """A DLI on scan line 79 (display list: eight 8-line blanks from line 8, then a blank with
    DLI for lines 72-79, JVB; DMACTL $20: display list DMA only, in cycle 1 of lines 8, 16 ... 72
    and 80); the routine waits for the next frame, aligns to line 78, cycle 104, runs
    ``sled_head`` and NOPs; the handler keeps the interrupted address and switches NMIs off.
    Returns that address (0 if no NMI came) and where the NOPs start; NMIEN is ``nmien`` before."""
    load(machine, DISPLAY_LIST, (*[0x70] * 8, 0xF0, 0x41, DISPLAY_LIST & 0xFF, DISPLAY_LIST >> 8))
    spin = load(machine, HANDLER, (0xBA, 0xBD, 0x02, 0x01, *sta(RESULTS), 0xBD, 0x03, 0x01, *sta(RESULTS + 1),
                                   0xA9, 0x00, *sta(0xD40E)))  # TSX / LDA $0102,X / STA ... / NMIEN = 0
    load(machine, spin, idle(spin))
    machine.poke(0xFFFA, HANDLER & 0xFF)
    machine.poke(0xFFFB, HANDLER >> 8)
    setup = (0xA9, DISPLAY_LIST & 0xFF, *sta(0xD402), 0xA9, DISPLAY_LIST >> 8, *sta(0xD403),
             0xA9, 0x20, *sta(0xD400), 0xA9, nmien, *sta(0xD40E))
    # the display list counts from the next frame; VCOUNT 39 from 77:111 on: line 78 at 104
    head = (0x78, *setup, *wait_for_vcount(0x82), *wait_for_vcount(39), *STA_WSYNC, *sled_head)
    sled = load(machine, ROUTINE, head)
    load(machine, sled, (*(NOP * 40), *idle(sled + 40)))
    machine.cpu.pc = ROUTINE
    machine.run_until(machine.cycles + 2 * 262 * 114)
    return machine.peek(RESULTS) | machine.peek(RESULTS + 1) << 8, sled


@pytest.mark.parametrize("core", CORES)
def test_a_dli_is_taken_after_the_instruction_whose_last_but_one_cycle_is_cycle_8(core, monkeypatch) -> None:
    machine = bare_machine(core, monkeypatch)
    interrupted, sled = nmi_return_address(machine, ())
    # NOP k (from 1) runs from line 78's cycle 104 + 2 (k - 1): NOP 10 in line 79's cycles 8-9,
    # its last-but-one cycle the NMI's: the CPU goes to the handler before NOP 11
    assert interrupted == sled + 10


@pytest.mark.parametrize("core", CORES)
def test_a_dli_asserted_in_an_instructions_last_cycle_waits_for_the_next(core, monkeypatch) -> None:
    machine = bare_machine(core, monkeypatch)
    interrupted, sled = nmi_return_address(machine, BIT_ZP)
    # after BIT $00 (104-106) NOP k runs from 107 + 2 (k - 1): NOP 8 in line 79's cycles 7-8 (the
    # NMI in its last cycle), NOP 9 in 9-10: the handler comes before NOP 10
    assert interrupted == sled + 9


@pytest.mark.parametrize("core", CORES)
def test_a_dli_during_a_wsync_halt_comes_after_one_instruction(core, monkeypatch) -> None:
    machine = bare_machine(core, monkeypatch)
    interrupted, sled = nmi_return_address(machine, STA_WSYNC)
    # STA WSYNC in line 78's cycles 104-107 ends too late: the CPU waits for line 79's release,
    # with the NMI of cycle 8 asserted meanwhile; it takes it after the first NOP (Acid800's
    # "DLI timing" counts one instruction after a WSYNC-delayed DLI)
    assert interrupted == sled + 1


@pytest.mark.parametrize("core", CORES)
@pytest.mark.parametrize(("sled_head", "after"), [((*NOP * 8, *STA_WSYNC), 0), ((*BIT_ZP, *NOP * 6, *STA_WSYNC), 1)])
def test_a_dli_asserted_before_an_sta_wsyncs_last_cycle_comes_right_after_it(core, sled_head, after: int,
                                                                            monkeypatch) -> None:
    machine = bare_machine(core, monkeypatch)
    interrupted, sled = nmi_return_address(machine, sled_head)
    # NOPs 1-8 in line 78's cycles 104-113 and 79's 0-5, STA WSYNC in 6-9: the NMI of cycle 8 came
    # in its last-but-one cycle, so the CPU takes it right after the STA (the 6502 looks at its NMI
    # in every cycle it runs: nesdev wiki, "CPU interrupts"), the NMI's sequence halted up to the
    # release: it returns to the first NOP.  After BIT $00 and six NOPs the STA runs in 5-8, the NMI
    # in its last cycle: the CPU takes it after the first instruction after the halt
    assert interrupted == sled + after


@pytest.mark.parametrize("core", CORES)
@pytest.mark.parametrize(("padding", "expected"), [(NOP * 6, 2), ((*NOP * 5, *BIT_ZP), None)])
def test_nmien_written_in_cycle_7_gives_the_nmi_a_cycle_late_in_8_none(core, padding, expected, monkeypatch) -> None:
    machine = bare_machine(core, monkeypatch)
    # from line 78's cycle 104: LDA #$80 and the padding (12 or 13 cycles), then STA NMIEN writes
    # in line 79's cycle 7 (NMI in cycle 9: the NOPs in 8-9, then 10-11 whose last-but-one cycle
    # is after it: the handler before the third) or in cycle 8 (too late: no NMI this frame)
    head = (0xA9, 0x80, *padding, *sta(0xD40E))
    interrupted, sled = nmi_return_address(machine, head, nmien=0)
    assert interrupted == (0 if expected is None else sled + expected)


@pytest.mark.parametrize("core", CORES)
@pytest.mark.parametrize(("padding", "expected"), [((*NOP * 5, *BIT_ZP), 0x5F), (NOP * 7, 0x9F)])
def test_nmist_shows_the_dli_from_cycle_7(core, padding, expected: int, monkeypatch) -> None:
    machine = bare_machine(core, monkeypatch)
    # NMIEN 0: no NMI, only NMIST (the VBI's bit 6 before); LDA NMIST after 13 or 14 cycles from
    # line 78's cycle 104 reads in line 79's cycle 6 (VBI) or 7 (DLI); unused bits read 1
    nmi_return_address(machine, (*padding, 0xAD, 0x0F, 0xD4, *sta(RESULTS + 2)), nmien=0)
    assert machine.peek(RESULTS + 2) == expected


# -- the rules on their own ---------------------------------------------------------------------------------


def free_timeline(busy_cycles: tuple[int, ...] = ()) -> DmaTimeline:
    busy = np.zeros(262 * 114, dtype=bool)
    for cycle in busy_cycles:
        busy[cycle] = True
    return DmaTimeline(busy)


@pytest.mark.parametrize(("end", "rmw", "resume"), [
    (10, False, 104),    # a store: the next opcode fetch in 104, its second cycle at the release
    (104, False, 104),   # written in 103: still this line's release
    (105, False, 218),   # written in 104: too late, the next line's
    (10, True, 105),     # INC: the opcode fetch waits for the release
    (104, True, 105),
    (105, True, 218),    # its second write in 104 starts ANTIC's count again: the next line
    (113, False, 218),
])
def test_wsync_release(end: int, rmw: bool, resume: int) -> None:
    assert wsync_release(end, 0, free_timeline(), rmw) == resume


def test_a_dma_cycle_at_the_release_delays_the_cpu() -> None:
    # cycles 104 and 105 taken: the opcode fetch runs in 103, the stopped cycle waits for 106
    timeline = free_timeline((104, 105))
    resume = wsync_release(10, 0, timeline)
    assert resume == 103
    assert timeline.real_span(resume, 2) == 106 - resume + 1  # the second CPU cycle in 106


def test_read_modify_writes_are_the_double_writes() -> None:
    assert [double_write(op) for op in (0xEE, 0xCE, 0x0E, 0xFE, 0xEF, 0xCF, 0xE3)] == [True] * 7
    assert [double_write(op) for op in (0x8D, 0x8E, 0x8C, 0x8F, 0x9D, 0x99, 0xAD, 0xAF, 0x9F)] == [False] * 9


def test_the_dma_slots_of_a_line_with_players_missiles_and_an_lms() -> None:
    busy = line_busy_cycles(3, 0, 0, 320, 5)  # no playfield on this line
    assert sorted(busy) == [0, 1, 2, 3, 4, 5, 6, 7, 25, 29, 33, 37, 41, 45, 49, 53, 57]


def test_a_40_column_text_rows_first_line() -> None:
    busy = line_busy_cycles(1, 40, 40, 320, 0)
    names, bitmaps = set(range(18, 97, 2)), set(range(21, 100, 2))
    assert busy == {1} | names | bitmaps | {98}  # the one refresh finds cycle 98 free


def test_map_bytes_come_two_cycles_after_the_clock_and_stop_at_106() -> None:
    assert sorted(line_busy_cycles(0, 40, 0, 320, 0)) == sorted(set(range(20, 99, 2)) | set(range(25, 58, 4)))
    wide = line_busy_cycles(0, 48, 0, 384, 0, delay=2)  # HSCROL 4: the clock from cycle 12
    assert max(wide) == 104 and len(wide & set(range(14, 106, 2))) == 46  # 106 and 108 are virtual


# -- DMACTL written during the frame --------------------------------------------------------------------------


def text_screen_routine(line_count: int, write: tuple[int, ...]) -> tuple[int, ...]:
    """A GRAPHICS 0 display list at $3000 (24 text rows from line 32) with DMACTL $22, then from
    the next frame's line 2n + 1, cycle 104 (aligned_at_cycle_104), the code ``write``."""
    return (0xA9, DISPLAY_LIST & 0xFF, *sta(0xD402), 0xA9, DISPLAY_LIST >> 8, *sta(0xD403),
            0xA9, 0x22, *sta(0xD400), *wait_for_vcount(0x82), *aligned_at_cycle_104(line_count), *write)


def free_in_line(machine: Machine, line: int) -> int:
    return machine.dma.free_between(line * 114, (line + 1) * 114)


@pytest.mark.parametrize("core", CORES)
@pytest.mark.parametrize(("padding", "free_41", "free_42"), [
    ((), 65, 105),  # LDA 104-105, STA DMACTL written in line 41's cycle 109: from line 42 on
    (NOP * 4, 65, 105),  # written in line 42's cycle 3, before its DMA clock starts (18): line 42 too
    (NOP * 12, 65, 65),  # written in line 42's cycle 19: the clock runs, line 42 keeps its fetches
])
def test_the_playfield_switched_off_during_the_frame(core: str, padding, free_41: int, free_42: int,
                                                     monkeypatch) -> None:
    machine = bare_machine(core, monkeypatch)
    load(machine, DISPLAY_LIST, (0x70, 0x70, 0x70, 0x42, 0x00, 0x40, *[0x02] * 23, 0x41, 0x00, 0x30))
    # line 41 (the second of the row from line 40): 40 bitmap bytes and 9 refresh cycles (65 free)
    run_routine(machine, text_screen_routine(20, (0xA9, 0x00, *padding, *sta(0xD400))), lines=262 + 60)
    assert [free_in_line(machine, 41), free_in_line(machine, 42), free_in_line(machine, 50)] == [free_41, free_42, 105]


@pytest.mark.parametrize("core", CORES)
def test_a_narrower_playfield_during_the_frame(core: str, monkeypatch) -> None:
    machine = bare_machine(core, monkeypatch)
    load(machine, DISPLAY_LIST, (0x70, 0x70, 0x70, 0x42, 0x00, 0x40, *[0x02] * 23, 0x41, 0x00, 0x30))
    # DMACTL $21 written in line 41's cycle 109: from line 42 the rows fetch 32 bitmap bytes a
    # line (narrow), and a row's first line (48) 32 names too, keeping two refresh cycles
    run_routine(machine, text_screen_routine(20, (0xA9, 0x21, *sta(0xD400))), lines=262 + 60)
    assert [free_in_line(machine, line) for line in (41, 42, 48)] == [65, 114 - 32 - 9, 114 - 1 - 64 - 2]


def test_a_width_change_counts_before_the_dma_clock_starts() -> None:
    assert width_change_counts(16, 320, 256) and not width_change_counts(17, 320, 256)  # the clock at 18
    assert width_change_counts(24, 256, 320) and not width_change_counts(25, 256, 320)  # at 26 (narrow)
    assert width_change_counts(17, 320, 384, delay=1)  # HSCROL 2: the clock at 19
    assert width_change_counts(10, 0, 320)  # the playfield switched on: the new width's clock


@pytest.mark.parametrize("core", CORES)
def test_a_display_list_byte_changed_below_the_beam_is_fetched_as_changed(core: str, monkeypatch) -> None:
    machine = bare_machine(core, monkeypatch)
    load(machine, DISPLAY_LIST, (0x70, 0x70, 0x70, 0x42, 0x00, 0x40, *[0x02] * 23, 0x41, 0x00, 0x30))
    # in line 41 the program makes the row of line 56 a mode F line (one scan line: an instruction
    # byte and 40 map bytes, nine refresh cycles) and writes DMACTL as it was (as Acid800's "DMA
    # pattern" does): ANTIC fetches the changed byte in line 56's cycle 1, line 57 starts a row
    change = (0xA9, 0x0F, *sta(DISPLAY_LIST + 8), 0xA9, 0x22, *sta(0xD400))
    run_routine(machine, text_screen_routine(20, change), lines=262 + 60)
    assert [free_in_line(machine, line) for line in (56, 57, 58)] == [114 - 1 - 40 - 9, 114 - 1 - 80 - 1, 114 - 40 - 9]


#: three blank 8-line instructions, a mode 6 line with LMS $4000 (scan lines 32-39), a mode A line
#: (40-43), JVB: the mode A line's screen memory starts where the mode 6 line's fetch ended
MODE_6_THEN_A = (0x70, 0x70, 0x70, 0x46, 0x00, 0x40, 0x0A, 0x41, 0x00, 0x30)


def narrowed_at(core: str, padding: tuple[int, ...], monkeypatch) -> Machine:
    """DMACTL $22 (normal), then in line 32 (the mode 6 line's first scan line) $21 (narrow),
    written ``padding`` CPU cycles after cycle 104 of line 31 (+ 2 for the LDA): 18 cycles put the
    STA's access in cycle 16 of line 32, 19 in cycle 17 (the blank line 31 is free, line 32 takes
    cycles 1, 6 and 7 for its instruction)."""
    machine = bare_machine(core, monkeypatch)
    load(machine, DISPLAY_LIST, MODE_6_THEN_A)
    setup = (0xA9, DISPLAY_LIST & 0xFF, *sta(0xD402), 0xA9, DISPLAY_LIST >> 8, *sta(0xD403),
             0xA9, 0x22, *sta(0xD400), *wait_for_vcount(0x82), *aligned_at_cycle_104(15))
    run_routine(machine, (*setup, 0xA9, 0x21, *padding, *sta(0xD400)), lines=262 + 60)
    return machine


@pytest.mark.parametrize("core", CORES)
@pytest.mark.parametrize(("padding", "fetched"), [
    (NOP * 9, 16),  # written in cycle 16: narrow from the start edge (26) to its stop (90)
    ((*NOP * 8, *BIT_ZP), 18),  # in cycle 17: the normal start (18) had it, the narrow stop (90) ends it
])
def test_a_width_written_at_the_dma_start_edge(core: str, padding, fetched: int, monkeypatch) -> None:
    machine = narrowed_at(core, padding, monkeypatch)
    mode_6, mode_a = machine.antic.display_list.mode_lines[:2]
    assert (mode_6.line, mode_6.advance, mode_a.line, mode_a.address) == (32, fetched, 40, 0x4000 + fetched)
    # line 32's DMA: the instruction and its address, a name and a bitmap byte per fetch, 9 refresh
    assert free_in_line(machine, 32) == 114 - 3 - 2 * fetched - 9


@pytest.mark.parametrize("core", CORES)
@pytest.mark.parametrize(("last_line", "collided"), [
    ((0x4F, 0x00, 0x20), 0x02),  # a mode F line on 247: GTIA stays hi-res, P0 meets P1 in 248-249
    ((0x00,), 0x00),  # a blank line on 247: no collisions in the vertical blank
])
def test_the_hires_bug_lets_players_collide_in_the_vertical_blank(core: str, last_line, collided: int,
                                                                   monkeypatch) -> None:
    machine = bare_machine(core, monkeypatch)
    # 232 blank lines (8-239), 7 more (240-246), the last line (247), JVB
    load(machine, DISPLAY_LIST, (*[0x70] * 29, 0x60, *last_line, 0x41, 0x00, 0x30))
    players = (0xA9, 0x80, *sta(0xD000), *sta(0xD001), 0xA9, 0xFF, *sta(0xD00D), *sta(0xD00E))
    setup = (0xA9, DISPLAY_LIST & 0xFF, *sta(0xD402), 0xA9, DISPLAY_LIST >> 8, *sta(0xD403), 0xA9, 0x22,
             *sta(0xD400), *players, *wait_for_vcount(0x82), *wait_for_vcount(0x7C))  # line 247, cycle 111
    # HITCLR at the start of line 248, then two WSYNCs: P0PL read in line 249 after the players
    check = (*sta(0xD01E), *STA_WSYNC, *STA_WSYNC, 0xAD, 0x0C, 0xD0, *sta(RESULTS))
    run_routine(machine, (*setup, *check), lines=2 * 262)
    assert machine.peek(RESULTS) == collided


@pytest.mark.parametrize("core", CORES)
def test_a_display_list_byte_changed_below_the_beam_is_seen_at_the_next_dli(core: str, monkeypatch) -> None:
    machine = bare_machine(core, monkeypatch)
    # the third blank instruction raises a DLI on line 31 (NMIs off: ANTIC still looks at the list)
    load(machine, DISPLAY_LIST, (0x70, 0x70, 0xF0, 0x42, 0x00, 0x40, *[0x02] * 23, 0x41, 0x00, 0x30))
    # in line 21 the program makes the row of line 56 a mode F line, and touches no ANTIC register
    run_routine(machine, text_screen_routine(10, (0xA9, 0x0F, *sta(DISPLAY_LIST + 8))), lines=262 + 60)
    assert [free_in_line(machine, line) for line in (56, 57)] == [114 - 1 - 40 - 9, 114 - 1 - 80 - 1]
