"""ANTIC's HSCROL bug, as Acid800's "ANTIC: HSCROL bug" shows it (traced): HSCROL raised from 0
to 2 in cycle 77 of a horizontally scrolled mode E line moves the stop edge from cycle 98 to 99,
between two of the DMA clock's ticks (every two cycles from 18); the clock misses it and runs on
across the horizontal blank, fetching (virtually from cycle 106: no cycle from the CPU) and
advancing the memory scan counter, until the next line's fetches go on at its start edge.  The
test's next line then shows the bytes from $2D00 + 57, where its players meet them.  Also:
display list DMA switched off during the display makes ANTIC repeat the instruction it holds
from the next instruction fetch (the same test's part 2)."""

from __future__ import annotations

from emulator.antic import Antic, clock_edges, clock_ticks
from emulator.dma import carried_cycles, line_busy_cycles, line_loads

DLIST, SCREEN = 0x2C00, 0x2D00
HSCROL, DMACTL = 0xD404, 0xD400
#: three blank 8-line instructions, mode E with HS and LMS $2D00 (line 32), mode E with HS (33), JVB
SCROLLED_E_LINES = bytes((0x70, 0x70, 0x70, 0x5E, 0x00, 0x2D, 0x1E, 0x41, 0x00, 0x2C))
NEXT_START = 114 + 18  # the next line's start edge (normal width, HSCROL 0), counted from this line


def narrow_antic(code: bytes) -> Antic:
    """An ANTIC with ``code`` at DLIST, a narrow playfield (HS lines fetch the normal width)."""
    ram = bytearray(0x10000)
    ram[DLIST:DLIST + len(code)] = code
    antic = Antic(ram)
    antic.dlist, antic.dmactl = DLIST, 0x21
    antic.begin_frame()
    return antic


def write_at(antic: Antic, line: int, cycle: int, address: int, value: int) -> None:
    antic.beam = lambda: (line, cycle)
    antic.write(address, value)


def test_a_stop_edge_between_two_ticks_is_missed_and_the_clock_runs_on() -> None:
    raised = [(0, 320, 0), (79, 320, 1), (106, 320, 0)]  # HSCROL 2 from cycle 79, 0 again from 106
    assert clock_edges(raised, step=2) == (18, NEXT_START)
    assert clock_edges(raised, step=1) == (18, 99)  # a clock ticking every cycle would meet it
    assert clock_edges([(0, 320, 0), (79, 320, 2)], step=2) == (18, 100)  # HSCROL 4: on a tick
    assert clock_ticks((18, NEXT_START), 2) == 57


def test_the_next_mode_line_starts_where_the_unstopped_clock_left_the_memory_scan_counter() -> None:
    antic = narrow_antic(SCROLLED_E_LINES)
    write_at(antic, 32, 77, HSCROL, 2)
    write_at(antic, 32, 106, HSCROL, 0)
    first, second = antic.display_list.mode_lines[:2]
    assert (first.clock, first.advance) == ((18, NEXT_START), 57)
    assert (second.line, second.address) == (33, SCREEN + 57)


def test_without_the_write_the_lines_fetch_forty_bytes_each() -> None:
    first, second = narrow_antic(SCROLLED_E_LINES).display_list.mode_lines[:2]
    assert (first.advance, second.address) == (40, SCREEN + 40)


def test_the_fetches_past_the_line_take_the_next_lines_first_cycles() -> None:
    assert carried_cycles(57, 0, 320, 0, (18, 2)) == tuple(range(0, 19, 2))  # map bytes two after each tick
    assert {0, 2, 18} <= line_busy_cycles(0, 40, 0, 320, 0, carried=(0, 2, 18))
    antic = narrow_antic(SCROLLED_E_LINES)
    write_at(antic, 32, 77, HSCROL, 2)
    write_at(antic, 32, 106, HSCROL, 0)
    loads = line_loads(antic.display_list, antic.dmactl)
    assert loads[33][7] == tuple(range(0, 19, 2)) and loads[34][7] == ()


def test_display_list_dma_switched_off_repeats_the_held_instruction() -> None:
    antic = narrow_antic(bytes((0x70, 0x70, 0x70, 0x5E, 0x00, 0x2D, 0x41, 0x00, 0x2C)))
    write_at(antic, 32, 102, DMACTL, 0x01)  # after line 32's fetch: line 33 holds mode E (no LMS read)
    write_at(antic, 33, 14, DMACTL, 0x21)  # on again: line 34 fetches the JVB
    lines = [(m.line, m.mode, m.address) for m in antic.display_list.mode_lines]
    assert lines == [(32, 14, SCREEN), (33, 14, SCREEN + 40)]
    assert dict(antic.display_list.fetches).get(33) is None
