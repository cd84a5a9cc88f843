"""ANTIC reads its display list as the beam reaches each instruction: a write to VSCROL, HSCROL
or DLISTL/H during the display changes the rest of the frame from the scan line where ANTIC
samples it, the mode lines above the beam stay, and the machine's DLIs and DMA follow
(Altirra Hardware Reference Manual, "vertical scrolling"; Acid800's "ANTIC: Vertical scrolling"
and "ANTIC: VSCROL+DLI timing")."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from emulator.antic import FIRST_DISPLAY_LINE, VBLANK_LINE, VSCROL_SAMPLE_CYCLE, Antic, DisplayList
from emulator.machine import Machine
from emulator.picture import Picture, compiled_video_available
from emulator.pmg import FrameState
from emulator.video import CYCLES_PER_LINE
from tests.emu_support import assemble, rom_with_code

needs_compiled = pytest.mark.skipif(not compiled_video_available(), reason="the compiled picture is not built here")
DLIST = 0x3000
VSCROL, HSCROL, DLISTL, DLISTH = 0xD405, 0xD404, 0xD402, 0xD403


def antic_at(code: bytes, vscrol: int = 0, extra: dict[int, bytes] | None = None) -> Antic:
    """An ANTIC with ``code`` at DLIST (playfield and display list DMA on), its frame begun."""
    ram = bytearray(0x10000)
    ram[DLIST:DLIST + len(code)] = code
    for address, block in (extra or {}).items():
        ram[address:address + len(block)] = block
    antic = Antic(ram)
    antic.dlist, antic.dmactl, antic.vscrol = DLIST, 0x22, vscrol
    antic.begin_frame()
    return antic


def write_at(antic: Antic, line: int, cycle: int, address: int, value: int) -> list[int]:
    """Write ANTIC's register at (scan line, cycle); the scan lines the machine heard of."""
    heard: list[int] = []
    antic.beam = lambda: (line, cycle)
    antic.display_list_changed = heard.append
    antic.write(address, value)
    return heard


def shape(display_list: DisplayList) -> list[tuple[int, int, int, int]]:
    return [(m.line, m.height, m.mode, m.first_row) for m in display_list.mode_lines]


# -- the facts, one by one ---------------------------------------------------------------------------

#: three blank 8-line instructions, a VS mode 8 line (scan lines 32-39), a blank 8-line instruction
#: with a DLI ending the region, JVB: the display list of Acid800's "VSCROL+DLI timing"
REGION_THEN_BLANK = bytes((0x70, 0x70, 0x70, 0x28, 0xF0, 0x70, 0x41)) + DLIST.to_bytes(2, "little")


def test_a_blank_instruction_ends_a_scrolling_region_at_vscrol() -> None:
    antic = antic_at(REGION_THEN_BLANK, vscrol=0)
    assert antic.display_list.dli_lines == [40]  # the blank line shows rows 0..VSCROL: one scan line


def test_vscrol_written_before_the_sample_cycle_stops_the_line_from_ending() -> None:
    """VSCROL 1 at cycle 6 of line 40 (row 0 there) and 0 again later: the row counter runs on
    through 15 and wraps to 0 at line 56, where the blank line ends and raises its DLI."""
    antic = antic_at(REGION_THEN_BLANK, vscrol=0)
    assert write_at(antic, 40, VSCROL_SAMPLE_CYCLE - 2, VSCROL, 1) == [40]
    assert write_at(antic, 40, 21, VSCROL, 0) == [41]
    assert antic.display_list.dli_lines == [56]
    assert shape(antic.display_list) == [(32, 8, 8, 0)]  # the mode line above the beam stays


def test_vscrol_written_after_the_sample_cycle_counts_from_the_next_line() -> None:
    antic = antic_at(REGION_THEN_BLANK, vscrol=0)
    write_at(antic, 40, VSCROL_SAMPLE_CYCLE + 1, VSCROL, 1)
    assert antic.display_list.dli_lines == [40]  # line 40 had decided: it is the last


def test_unusual_vscrol_values_wrap_the_row_counter() -> None:
    """Acid800's "Vertical scrolling": VSCROL 9 written above a region of mode 2 lines: the first
    starts at row 9 and counts through 15 to 7 (15 lines), the last ends at row 9 (10 lines)."""
    code = bytes((0xA2, 0x82, 0x70, 0xA2, 0x82, 0x41)) + DLIST.to_bytes(2, "little")
    antic = antic_at(code, vscrol=3)
    assert antic.display_list.dli_lines == [12, 16, 29, 33]
    write_at(antic, 18, 23, VSCROL, 9)
    assert antic.display_list.dli_lines == [12, 16, 39, 49]
    assert shape(antic.display_list) == [(8, 5, 2, 3), (13, 4, 2, 0), (25, 15, 2, 9), (40, 10, 2, 0)]


def test_a_mode_line_stops_at_the_vertical_blank_and_its_region_goes_on_in_the_next_frame() -> None:
    """A VS line starting at 240 with VSCROL 12 would run to 251: it ends at the vertical blank
    (no DLI), and the next frame's first VS line continues the region (row 0, 8 lines)."""
    first = bytes([0x70] * 29) + bytes((0x22,))  # blank to line 239, a VS mode 2 line at 240
    second = bytes((0xA2, 0x00, 0x41)) + DLIST.to_bytes(2, "little")
    antic = antic_at(first + second, vscrol=12)
    assert antic.display_list.mode_lines[-1].line == 240 and antic.display_list.dli_lines == []
    assert antic.begin_frame().dli_lines[0] == 15


def test_dlist_written_during_the_display_is_where_the_next_instruction_comes_from() -> None:
    code = bytes((0x42, 0x00, 0x40, 0x02, 0x02, 0x41)) + DLIST.to_bytes(2, "little")
    other = bytes((0x4F, 0x00, 0x50, 0x41)) + DLIST.to_bytes(2, "little")
    antic = antic_at(code, extra={0x3100: other})
    write_at(antic, 12, 50, DLISTL, 0x00)
    write_at(antic, 12, 60, DLISTH, 0x31)
    lines = antic.display_list.mode_lines
    assert [(m.line, m.mode, m.address) for m in lines] == [(8, 2, 0x4000), (16, 15, 0x5000)]
    assert antic.dlist == DLIST  # the JVB there: the next frame starts at the first list again


def test_the_instruction_in_progress_goes_on_as_it_was_fetched() -> None:
    code = bytes((0x62, 0x00, 0x40, 0x82, 0x41)) + DLIST.to_bytes(2, "little")  # VS+LMS, DLI ends it
    antic = antic_at(code, vscrol=0)
    antic.ram[DLIST:DLIST + 3] = bytes((0x4F, 0x00, 0x60))  # the program changes it for the next frame
    write_at(antic, 10, 40, VSCROL, 7)
    first = antic.display_list.mode_lines[0]
    assert (first.mode, first.address, first.first_row) == (2, 0x4000, 0)
    assert antic.display_list.dli_lines == [23]  # the line ending the region: rows 0..7


def test_writes_between_displays_wait_for_the_next_frame() -> None:
    antic = antic_at(REGION_THEN_BLANK, vscrol=0)
    parsed = antic.display_list
    assert write_at(antic, VBLANK_LINE + 3, 0, VSCROL, 4) == []
    assert antic.display_list is parsed
    following = antic.begin_frame()
    assert shape(following) == [(32, 4, 8, 4)] and following.dli_lines == [40]  # rows 4-7, then 0-4


def test_display_list_bytes_changed_below_the_beam_are_read_at_the_next_dli() -> None:
    code = bytes((0x70, 0xF0, 0x42, 0x00, 0x40, 0x02, 0x02, 0x41)) + DLIST.to_bytes(2, "little")
    antic = antic_at(code)
    heard: list[int] = []
    antic.display_list_changed = heard.append
    unchanged = antic.display_list
    antic.check_display_list(23)
    assert antic.display_list is unchanged and heard == []
    antic.ram[DLIST] = 0x0F  # above the beam: changes the next frame only
    antic.ram[DLIST + 6] = 0x4F  # the third mode line (line 40) becomes an LMS mode F line...
    antic.ram[DLIST + 7:DLIST + 9] = bytes((0x00, 0x50))  # ...at $5000
    antic.check_display_list(23)  # the DLI at the end of the blank lines 16-23
    assert heard == [40]
    assert [(m.line, m.mode, m.address) for m in antic.display_list.mode_lines] == \
        [(24, 2, 0x4000), (32, 2, 0x4028), (40, 15, 0x5000)]


# -- the line buffer --------------------------------------------------------------------------------

#: a mode E line (LMS $4000, 40 bytes), two blank lines, a mode 8 line, a mode 8 line, JVB
MODE_E_THEN_MODE_8 = bytes((0x4E, 0x00, 0x40, 0x10, 0x08, 0x08, 0x41)) + DLIST.to_bytes(2, "little")


def test_a_mode_line_without_playfield_dma_on_its_first_line_replays_the_line_buffer() -> None:
    """Acid800's "ANTIC: Line buffering": playfield DMA off for the first scan line of a mode 8
    line (11) and on again: its other lines show the line buffer, which holds the mode E line's
    bytes (the first ten); nothing was fetched, so the next mode 8 line fetches from $4028."""
    antic = antic_at(MODE_E_THEN_MODE_8)
    write_at(antic, 10, 90, 0xD400, 0x20)
    write_at(antic, 12, 0, 0xD400, 0x22)
    lines = [(m.line, m.height, m.mode, m.address, m.size, m.replayed) for m in antic.display_list.mode_lines]
    assert lines == [(8, 1, 14, 0x4000, 40, False), (12, 7, 8, 0x4000, 10, True), (19, 8, 8, 0x4028, 10, False)]


def test_playfield_dma_off_in_the_middle_of_a_mode_line_blanks_those_lines_only() -> None:
    antic = antic_at(MODE_E_THEN_MODE_8)
    write_at(antic, 13, 90, 0xD400, 0x20)  # lines 14 and 15 of the first mode 8 line (11-18)
    write_at(antic, 15, 90, 0xD400, 0x22)
    pieces = [(m.line, m.height, m.first_row, m.replayed) for m in antic.display_list.mode_lines[1:3]]
    assert pieces == [(11, 3, 0, False), (16, 3, 5, True)]


def test_hscrol_written_on_each_scan_line_shifts_each_scan_line() -> None:
    """A wave: HSCROL 0, 2, 4 on the first three scan lines of a horizontally scrolled mode 2
    line: three parts, each shifted by its HSCROL, the last running to the mode line's end."""
    code = bytes((0x52, 0x00, 0x40, 0x41)) + DLIST.to_bytes(2, "little")  # HS mode 2 at $4000
    antic = antic_at(code)
    write_at(antic, 9, 20, HSCROL, 2)
    write_at(antic, 10, 20, HSCROL, 4)
    parts = [(m.line, m.height, m.first_row, m.shift, m.replayed) for m in antic.display_list.mode_lines]
    assert parts == [(8, 1, 0, 0, False), (9, 1, 1, 2, True), (10, 6, 2, 4, True)]


def test_a_replayed_line_fetches_no_playfield_bytes() -> None:
    from emulator.dma import line_loads

    antic = antic_at(MODE_E_THEN_MODE_8)
    write_at(antic, 10, 90, 0xD400, 0x20)
    write_at(antic, 12, 0, 0xD400, 0x22)
    names = [loads[1] for loads in line_loads(antic.display_list, antic.dmactl)]
    assert [line for line, count in enumerate(names) if count] == [8, 19]


def test_a_playfield_switched_on_during_the_display_is_drawn() -> None:
    """DMACTL $20 at the top (display list DMA only), $22 from line 20: the lines below show."""
    code = bytes((0x4F, 0x00, 0x40)) + bytes([0x0F] * 30) + bytes((0x41,)) + DLIST.to_bytes(2, "little")
    antic = antic_at(code, extra={0x4000: bytes([0xFF] * 40 * 31)})
    antic.write(0xD400, 0x20)
    antic.begin_frame()
    assert antic.display_list.width == 0 and not any(line.size for line in antic.display_list.mode_lines)
    write_at(antic, 20, 0, 0xD400, 0x22)
    assert antic.display_list.width == 320
    lit = antic.render_indices()[:, 32:352] == 5  # mode F: PF1's luminance on PF2
    assert not lit[:12].any() and lit[12:31].all()  # rows 12-30: lines 20-38


@needs_compiled
def test_both_pictures_draw_the_replayed_lines_alike() -> None:
    """The compiled picture reads the same mode lines as the Python reference: a replayed part,
    a part cut by DMACTL and a region whose end VSCROL moved draw alike."""
    code = bytes((0x4E, 0x00, 0x40, 0x10, 0x08, 0x28, 0x0F, 0x12, 0x4F, 0x00, 0x48, 0x41)) + DLIST.to_bytes(2, "little")
    pattern = bytes((index * 37 + 11) & 0xFF for index in range(0x200))
    antic = antic_at(code, extra={0x4000: pattern, 0x4800: pattern[::-1]})
    write_at(antic, 10, 90, 0xD400, 0x20)
    write_at(antic, 12, 0, 0xD400, 0x22)
    write_at(antic, 22, 0, VSCROL, 3)
    write_at(antic, 26, 0, 0xD400, 0x21)
    write_at(antic, 33, 0, HSCROL, 5)  # (in the horizontally scrolled mode 2 line: 31-38)
    registers = bytes(range(0, 64, 2))
    state = FrameState(antic.display_list, registers, [], antic.dmactl, 0)
    python, compiled = Picture(antic, "python").colours(state), Picture(antic, "compiled").colours(state)
    assert (python == compiled).all()
    assert any(line.replayed for line in antic.display_list.mode_lines)


# -- the rule: reading the list piece by piece is reading it whole ----------------------------------

instruction = st.sampled_from([0x70, 0x00, 0x02, 0x0F, 0x0D, 0x06, 0x07, 0x05, 0x03, 0x08,
                               0x22, 0x62, 0xA2, 0x2F, 0x32, 0x12, 0x82, 0x42, 0x4F, 0xF0, 0x01])


@st.composite
def display_lists(draw: st.DrawFn) -> bytes:
    """Instructions (with their LMS and jump addresses) ending in a JVB to the list's start."""
    code = bytearray()
    for op in draw(st.lists(instruction, min_size=1, max_size=50)):
        code.append(op)
        if op == 0x01:
            code += (DLIST + len(code) + 2).to_bytes(2, "little")  # a jump to the next byte
        elif op & 0x0F and op & 0x40:
            code += draw(st.integers(0, 0xFFFF)).to_bytes(2, "little")
    return bytes(code) + bytes((0x41,)) + DLIST.to_bytes(2, "little")


@given(code=display_lists(), vscrol=st.integers(0, 15), line=st.integers(0, VBLANK_LINE + 4),
       cycle=st.integers(0, CYCLES_PER_LINE - 1))
def test_a_parse_resumed_anywhere_equals_the_whole_frames(code: bytes, vscrol: int, line: int, cycle: int) -> None:
    antic = antic_at(code, vscrol=vscrol)
    whole = antic.display_list
    antic.beam = lambda: (line, cycle)
    resumed = antic.reparse_from(max(line, FIRST_DISPLAY_LINE))
    assert resumed == whole


@given(code=display_lists(), register=st.sampled_from([VSCROL, HSCROL, 0xD400]), before=st.integers(0, 15),
       after=st.integers(0, 15), line=st.integers(FIRST_DISPLAY_LINE, VBLANK_LINE - 1))
def test_a_write_changes_nothing_above_the_line_it_counts_from(code: bytes, register: int, before: int, after: int,
                                                               line: int) -> None:
    """VSCROL, HSCROL or DMACTL's playfield width written at the start of scan line ``line``:
    the picture above it and the DLIs there stay as they were."""
    if register == 0xD400:
        before, after = 0x20 | (before & 3), 0x20 | (after & 3)
    pattern = bytes((index * 97 + 13) & 0xFF for index in range(0x10000))
    antic = antic_at(code, extra={0x4000: pattern[0x4000:0xE000], 0xE000: pattern[0xE000:]})
    antic.ram[DLIST:DLIST + len(code)] = code
    antic.write(register, before)  # between displays: the frame begins with it
    antic.begin_frame()
    whole = antic.display_list
    picture = antic.render_indices(whole)
    write_at(antic, line, 0, register, after)
    changed = antic.display_list
    rows = line - FIRST_DISPLAY_LINE
    if changed.width == whole.width:  # (a window widened below clips a scrolled line above less: antic.py)
        assert (antic.render_indices(changed)[:rows] == picture[:rows]).all()
    assert [dli for dli in changed.dli_lines if dli < line] == [dli for dli in whole.dli_lines if dli < line]
    if before == after:
        assert changed is whole


# -- the machine follows ---------------------------------------------------------------------------------


def test_the_machine_takes_the_new_dlis_and_dma() -> None:
    """A VSCROL write in the middle of the display, through the CPU's I/O page: the DLIs still to
    come are the new list's, with its DMA timeline."""
    machine = Machine(rom_with_code("    lda #$C0\n    sta $D40E\nloop:\n    jmp loop"))  # NMIEN: DLI, VBI
    machine.memory.ram[DLIST:DLIST + len(REGION_THEN_BLANK)] = REGION_THEN_BLANK
    for address, value in ((DLISTL, DLIST & 0xFF), (DLISTH, DLIST >> 8), (0xD400, 0x22)):
        machine.memory.write(address, value)
    machine.run_frames(1)
    assert [line for _, kind, line in machine._events if kind == "dli"] == [40]
    machine.run_until(machine.frame_start + 40 * CYCLES_PER_LINE + 3)
    old_timeline = machine.dma
    machine.memory.write(VSCROL, 1)  # row 0 on line 40 is not VSCROL: the blank line goes on to row 1
    assert [line for cycle, kind, line in machine._events[machine._event_index:] if kind == "dli"] == [41]
    assert machine.dma is not old_timeline


#: Acid800's "Vertical scrolling" case as a program: VSCROL 3 from the VBI, a DLI at the end of
#: each mode line keeps VCOUNT at $80.., and the second DLI writes VSCROL 9
VSCROL_DLI_PROGRAM = """
.alias DMACTL $D400
.alias DLISTL $D402
.alias DLISTH $D403
.alias VSCROL $D405
.alias VCOUNT $D40B
.alias NMIEN $D40E
.alias NMIST $D40F
.alias NMIRES $D40F
.org $C000
reset:
    sei
    cld
    lda #<dlist
    sta DLISTL
    lda #>dlist
    sta DLISTH
    lda #3
    sta VSCROL
    lda #$22
    sta DMACTL
    lda #$C0
    sta NMIEN
idle:
    jmp idle
nmi:
    pha
    txa
    pha
    bit NMIST
    bpl vbi
    ldx $90
    lda VCOUNT
    sta $80,x
    inx
    stx $90
    cpx #2
    bne done
    lda #9
    sta VSCROL
done:
    pla
    tax
    pla
    rti
vbi:
    lda #0
    sta $90
    lda #3
    sta VSCROL
    sta NMIRES
    jmp done
dlist:
    .byte $A2, $82, $70, $A2, $82, $41
    .word dlist
.advance $FFFA, $FF
.word nmi, reset, nmi
"""


def test_a_program_whose_dli_writes_vscrol_gets_its_later_dlis_where_antic_puts_them(tmp_path: Path) -> None:
    """DLIs at lines 12 and 16 (VSCROL 3: rows 3-7, then 0-3); VSCROL 9 from the second on:
    the next region's first line counts rows 9-15 and 0-7 (15 lines, its DLI on 39), the last
    rows 0-9 (DLI on 49).  VCOUNT is half the line."""
    machine = Machine(assemble(VSCROL_DLI_PROGRAM, tmp_path))
    machine.run_frames(3)
    assert list(machine.memory.ram[0x80:0x84]) == [12 // 2, 16 // 2, 39 // 2, 49 // 2]


# -- a width written during a mode line's first scan line (its DMA clock's edges) --------------------

#: three blank 8-line instructions, mode 6 with LMS $4000 (scan lines 32-39), mode A (40-43), JVB
MODE_6_THEN_A = bytes((0x70, 0x70, 0x70, 0x46, 0x00, 0x40, 0x0A, 0x41)) + DLIST.to_bytes(2, "little")


@pytest.mark.parametrize(("cycle", "fetched"), [(88, 18), (89, 16)])
def test_a_width_written_before_the_stop_edge_moves_it(cycle: int, fetched: int) -> None:
    antic = antic_at(MODE_6_THEN_A)
    antic.dmactl = 0x21  # narrow: the clock runs from 26 to 90
    antic.begin_frame()
    write_at(antic, 32, cycle, 0xD400, 0x22)  # normal in force from cycle + 2: by 90, the stop moves to 98
    mode_6, mode_a = antic.display_list.mode_lines[:2]
    assert (mode_6.advance, mode_a.address) == (fetched, 0x4000 + fetched)


def test_a_width_written_during_a_line_keeps_the_instruction_fetched_on_it() -> None:
    antic = antic_at(MODE_6_THEN_A)
    antic.ram[DLIST + 3] = 0x4F  # the program changes line 32's instruction after ANTIC fetched it
    write_at(antic, 32, 50, 0xD400, 0x21)  # after its start edge: line 32 is read again for its clock
    assert [(m.line, m.mode) for m in antic.display_list.mode_lines[:2]] == [(32, 6), (40, 10)]


def _hscrol_wave_frames(monkeypatch, immediate: int) -> list:
    """A program that writes HSCROL on every scan line over 24 scrolled text lines (a wave): the
    display lists of three frames, with ``immediate`` re-reads a frame at once."""
    from emulator import antic as antic_module
    from emulator.bench import bench_rom
    from emulator.machine import Machine

    monkeypatch.setattr(antic_module, "IMMEDIATE_REREADS", immediate)
    machine = Machine(bench_rom())
    machine.run_frames(2)
    ram = machine.memory.ram
    display_list = bytes((0x70, 0x70, 0x70, 0x52, 0x00, 0x40)) + bytes([0x12] * 23) + bytes((0x41, 0x00, 0x39))
    ram[0x3900:0x3900 + len(display_list)] = display_list
    machine.poke(0xD402, 0x00)
    machine.poke(0xD403, 0x39)
    # LDX #0 / loop: STA WSYNC / INX / STX HSCROL / JMP loop
    code = bytes((0xA2, 0x00, 0x8D, 0x0A, 0xD4, 0xE8, 0x8E, 0x04, 0xD4, 0x4C, 0x02, 0x20))
    ram[0x2000:0x2000 + len(code)] = code
    machine.cpu.pc = 0x2000
    frames = []
    for _ in range(3):
        machine.run_frames(1)
        assert machine.completed_frame is not None
        frames.append(machine.completed_frame.display_list.mode_lines)
    return frames


def test_writes_past_the_frames_immediate_rereads_give_the_same_picture(monkeypatch) -> None:
    """After IMMEDIATE_REREADS re-reads in a frame the list is read again once, at the vertical
    blank, with all the frame's writes: the frame shows what a re-read at every write gives."""
    from emulator import antic as antic_module

    put_off = _hscrol_wave_frames(monkeypatch, antic_module.IMMEDIATE_REREADS)
    at_once = _hscrol_wave_frames(monkeypatch, 10**9)
    assert len({line.shift for line in put_off[-1]}) > 4  # the wave: many HSCROL values down the screen
    assert put_off == at_once
