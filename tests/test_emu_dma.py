"""ANTIC's DMA cycle stealing: the CPU gets only the cycles ANTIC leaves, so an emulated
second is a real one.

Acceptance figures (from the Atari Hardware Manual's cycle counting and De Re
Atari): in GRAPHICS 0 a program gets about 18,300 of a frame's 29,868 cycles (ANTIC and the
OS's VBI take about 39 %); with the screen off (SDMCTL = 0) about 26,700 (refresh and VBI).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from emulator import machine as machine_module
from emulator.antic import MODES, Antic, DisplayList, clock_edges, clock_ticks
from emulator.dma import CYCLES_PER_FRAME, line_busy_cycles, timeline
from emulator.headless import HeadlessAtari

SDMCTL, SDLSTL = 0x022F, 0x0230
COUNTER = 0xE0  # three bytes
LOOP = 0x0600
NORMAL_WIDTH, NARROW_WIDTH = 320, 256


def gr0_display_list() -> bytes:
    """The OS's GRAPHICS 0 list: 24 blank lines, LMS mode 2, 23 more mode 2 lines, JVB."""
    return bytes((0x70, 0x70, 0x70, 0x42, 0x00, 0x40)) + bytes([0x02] * 23) + bytes((0x41, 0x00, 0x30))


def parsed(display_list: bytes, dmactl: int = 0x22) -> DisplayList:
    ram = bytearray(0x10000)
    ram[0x3000:0x3000 + len(display_list)] = display_list
    antic = Antic(ram)
    antic.write(0xD400, dmactl)
    antic.write(0xD402, 0x00)
    antic.write(0xD403, 0x30)
    return antic.parse_display_list()


# -- the model, figure by figure ------------------------------------------------------------------

def test_graphics_0_steals_display_list_playfield_and_refresh_cycles() -> None:
    dma = timeline(parsed(gr0_display_list()), 0x22)
    display_list_bytes = 3 + 3 + 23 + 3
    playfield = 24 * (40 + 40) + 24 * 7 * 40  # names + bitmaps on a row's first line, bitmaps after
    refresh = 262 * 9 - 24 * 8  # a row's first line keeps one refresh of nine (Hardware Manual)
    assert dma.stolen_cycles == display_list_bytes + playfield + refresh == 10_838
    assert dma.free_cycles == CYCLES_PER_FRAME - 10_838


def test_screen_off_leaves_only_the_refresh() -> None:
    dma = timeline(parsed(gr0_display_list(), dmactl=0x00), 0x00)
    assert dma.stolen_cycles == 262 * 9


def test_players_and_missiles_cost_five_cycles_per_displayed_line() -> None:
    plain = timeline(parsed(gr0_display_list()), 0x22)
    with_pm = timeline(parsed(gr0_display_list(), dmactl=0x2E), 0x2E)
    missiles = timeline(parsed(gr0_display_list(), dmactl=0x26), 0x26)
    assert with_pm.stolen_cycles - plain.stolen_cycles == 240 * 5
    assert missiles.stolen_cycles - plain.stolen_cycles == 240


@pytest.mark.parametrize(("names", "bitmaps", "refresh"), [(40, 40, 1), (0, 40, 9), (40, 0, 9), (20, 20, 9), (0, 0, 9)])
def test_refresh_slots_lost_to_playfield_dma(names: int, bitmaps: int, refresh: int) -> None:
    busy = line_busy_cycles(0, names, bitmaps, NORMAL_WIDTH, 0)
    assert len(busy) == names + bitmaps + refresh


def test_narrow_40_column_row_keeps_two_refresh_cycles() -> None:
    busy = line_busy_cycles(0, 32, 32, NARROW_WIDTH, 0)
    assert len(busy) == 64 + 2


# -- the mapping between CPU cycles and real time ----------------------------------------------------

display_lists = st.lists(
    st.one_of(
        st.sampled_from(sorted(MODES)).flatmap(lambda mode: st.sampled_from([mode, 0x40 | mode])),
        st.sampled_from([0x00, 0x30, 0x70]),
    ),
    min_size=1, max_size=60,
)


def assemble_list(instructions: list[int]) -> bytes:
    out = bytearray()
    for instruction in instructions:
        out.append(instruction)
        if instruction & 0x40 and instruction & 0x0F:
            out += bytes((0x00, 0x40))
    return bytes(out + bytes((0x41, 0x00, 0x30)))


@settings(max_examples=60, deadline=None)
@given(display_lists, st.sampled_from([0x21, 0x22, 0x23, 0x2E]), st.data())
def test_cpu_time_and_real_time_convert_both_ways(instructions, dmactl, data) -> None:
    dma = timeline(parsed(assemble_list(instructions), dmactl), dmactl)
    assert 0 < dma.free_cycles <= CYCLES_PER_FRAME - 262 * 1
    start = data.draw(st.integers(0, CYCLES_PER_FRAME - 1))
    end = data.draw(st.integers(start, CYCLES_PER_FRAME))
    budget = dma.free_between(start, end)
    span = dma.real_span(start, budget)
    assert span <= end - start, "the CPU's budget never runs past the end of the chunk"
    assert dma.free_between(start, start + span) == budget
    used = data.draw(st.integers(1, 200))
    span = dma.real_span(start, used)
    assert span >= used, "stolen cycles only ever add time"
    if start + span <= CYCLES_PER_FRAME:
        assert dma.free_between(start, start + span) == used


# -- programs on the running machine ----------------------------------------------------------------------

@pytest.fixture()
def atari() -> HeadlessAtari:
    machine = HeadlessAtari()
    assert machine.boot(max_frames=120)
    return machine


def start_loop(atari: HeadlessAtari, code: bytes) -> None:
    for offset, byte in enumerate(code):
        atari.poke(LOOP + offset, byte)
    for offset in range(3):
        atari.poke(COUNTER + offset, 0)
    atari.machine.cpu.pc = LOOP


def counter(atari: HeadlessAtari) -> int:
    return atari.peek(COUNTER) | atari.peek(COUNTER + 1) << 8 | atari.peek(COUNTER + 2) << 16


#: INC $E0 / BNE back / INC $E1 / BNE back / INC $E2 / JMP start: 8 cycles an iteration
#: (plus 7 more once in 256, when $E0 wraps)
COUNT_LOOP = bytes((0xE6, 0xE0, 0xD0, 0xFC, 0xE6, 0xE1, 0xD0, 0xF8, 0xE6, 0xE2, 0x4C, 0x00, 0x06))


def program_cycles_per_frame(atari: HeadlessAtari, frames: int = 60) -> float:
    start_loop(atari, COUNT_LOOP)
    atari.run_frames(2)
    before = counter(atari)
    atari.run_frames(frames)
    iterations = counter(atari) - before
    return iterations * (8 + 7 / 256) / frames


def test_a_program_gets_about_18300_cycles_a_frame_in_graphics_0(atari: HeadlessAtari) -> None:
    assert program_cycles_per_frame(atari) == pytest.approx(18_300, rel=0.02)


def test_a_program_gets_about_26700_cycles_a_frame_with_the_screen_off(atari: HeadlessAtari) -> None:
    atari.poke(SDMCTL, 0)  # POKE 559,0: the VBI copies it to DMACTL
    atari.run_frames(1)
    assert program_cycles_per_frame(atari) == pytest.approx(26_700, rel=0.02)


def test_wsync_still_counts_262_lines_a_frame(atari: HeadlessAtari) -> None:
    # L: STA WSYNC / INC $E0 / BNE L / INC $E1 / JMP L
    start_loop(atari, bytes((0x8D, 0x0A, 0xD4, 0xE6, 0xE0, 0xD0, 0xF9, 0xE6, 0xE1, 0x4C, 0x00, 0x06)))
    atari.run_frames(2)
    before = counter(atari)
    atari.run_frames(30)
    lines = (counter(atari) - before) / 30
    assert 262 - 8 <= lines <= 262, "one WSYNC a line, except the lines the OS's VBI (about 760 cycles) takes"


def test_vcount_follows_the_beam_within_a_chunk(atari: HeadlessAtari) -> None:
    # L: LDA VCOUNT / STA $0700,X / INX / BNE L / JMP *: 256 samples of VCOUNT, 14 cycles apart
    code = bytes((0xA2, 0x00, 0xAD, 0x0B, 0xD4, 0x9D, 0x00, 0x07, 0xE8, 0xD0, 0xF7, 0x4C, 0x0B, 0x06))
    machine = atari.machine  # start at line 8, so the ~31 lines sampled end long before the VBI (line 248)
    machine.run_until(machine.frame_start + machine_module.CYCLES_PER_FRAME + 8 * 114)
    start_loop(atari, code)
    atari.run_frames(1)
    samples = [atari.peek(0x0700 + i) for i in range(256)]
    steps = [b - a for a, b in zip(samples, samples[1:])]
    assert all(step in (0, 1) or b == 0 for step, b in zip(steps, samples[1:])), "VCOUNT never jumps or runs back"
    assert max(samples) - min(samples) >= 5


def test_machine_counts_the_cpu_cycles_it_executed(atari: HeadlessAtari) -> None:
    start_loop(atari, COUNT_LOOP)
    machine = atari.machine
    machine.run_frames(1)
    cpu_before, real_before = machine.cpu_cycles, machine.cycles
    machine.run_frames(10)
    assert machine.cycles - real_before == pytest.approx(10 * CYCLES_PER_FRAME, abs=8)
    assert machine.cpu_cycles - cpu_before == pytest.approx(10 * machine.dma.free_cycles, abs=10 * 8)


# -- the playfield DMA clock's edges (Altirra Hardware Reference Manual, "Playfield DMA";
# Acid800's "ANTIC: Playfield start timing" and "Playfield stop timing") ------------------------


def test_the_clock_runs_from_its_widths_start_edge_to_its_stop_edge() -> None:
    assert [clock_edges([(0, width, 0)]) for width in (256, 320, 384)] == [(26, 90), (18, 98), (10, 106)]
    assert clock_edges([(0, 320, 4)]) == (22, 102)  # HSCROL 8 moves both edges by four cycles
    assert clock_edges([(0, 0, 0)]) is None  # the playfield off


def test_a_width_changed_after_the_start_edge_counts_at_the_stop_edge() -> None:
    assert clock_edges([(0, 320, 0), (18, 256, 0)]) == (26, 90)  # in force at 18: narrow throughout
    assert clock_edges([(0, 320, 0), (19, 256, 0)]) == (18, 90)  # normal start, narrow stop
    assert clock_edges([(0, 256, 0), (19, 320, 0)]) is None  # normal's start edge passed, narrow's not met
    assert clock_edges([(0, 256, 0), (90, 320, 0)]) == (26, 98)  # normal at the narrow stop: on to 98
    assert clock_edges([(0, 256, 0), (91, 320, 0)]) == (26, 90)


def test_hscrol_changed_at_the_start_edge() -> None:
    assert clock_edges([(0, 320, 0), (18, 320, 4)]) == (22, 102)  # in force at 18: the start waits
    assert clock_edges([(0, 320, 0), (19, 320, 4)]) == (18, 102)  # started; it stops four cycles late


def test_clock_ticks_are_the_bytes_fetched() -> None:
    assert [clock_ticks((18, 90), MODES[mode].dma_step) for mode in (2, 6, 8)] == [36, 18, 9]
    assert clock_ticks((18, 102), 4) == 21 and clock_ticks((0, 0), 2) == 0


@given(st.sampled_from([256, 320, 384]), st.sampled_from([256, 320, 384]), st.integers(0, 113),
       st.integers(0, 7), st.integers(0, 7))
def test_a_change_outside_the_clocks_run_changes_nothing_before_it(before: int, after: int, cycle: int,
                                                                      delay: int, new_delay: int) -> None:
    edges = clock_edges([(0, before, delay), (cycle, after, new_delay)])
    start = {256: 26, 320: 18, 384: 10}[before] + delay
    if cycle > start:  # the clock started with the old setting
        assert edges is not None and edges[0] == start
    if edges is not None:  # it stops on the line, or runs on to the next line's start edge (the HSCROL bug)
        next_start = 114 + {256: 26, 320: 18, 384: 10}[after] + new_delay
        assert edges[0] < edges[1] <= 113 or edges[1] == next_start
