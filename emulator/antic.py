"""ANTIC ($D400-$D40F, mirrored through $D4FF): display list, NMIs, WSYNC, VCOUNT, rendering.

Registers: DMACTL $D400 (bits 0-1 playfield width, bit 5 display list DMA),
CHACTL $D401 (bit 0 blank, bit 1 inverse video for characters with bit 7
set, bit 2 all characters upside down), DLISTL/H $D402/3, HSCROL/VSCROL
$D404/5 (fine scrolling, below), PMBASE $D407 (players and missiles: read by
emulator/pmg.py), CHBASE $D409, WSYNC $D40A (write: the CPU waits for cycle 105 of the
scanline, emulator/runplan.py), VCOUNT $D40B (read: scanline / 2, the next line's from
cycle 111: ``vcount``), NMIEN $D40E, NMIRES $D40F
(write) / NMIST $D40F (read: bit 7 DLI, bit 6 VBI, bit 5 RESET).

Timing model (NTSC): a frame is 262 scanlines of 114 CPU cycles.  The display
list is read at the start of each frame (scanline 8) into a list of mode lines;
a DLI fires on the last scanline of a mode line whose instruction has bit 7
set, the VBI on scanline 248 (NMIST in cycle 7, the NMI in cycle 8: emulator/machine.py).  The parsed display list
also records which scanline fetched how many display list bytes, from which
emulator/dma.py works out the cycles ANTIC steals from the CPU.

The beam (``reparse_from``): the parse at the top of the frame is ANTIC's reading of
the list as long as nothing changes.  When a register the parse reads is written during
the display (VSCROL, HSCROL, DMACTL's playfield width, DLISTL/H), the write goes into
``frame_writes`` with the first scan line it counts for (VSCROL by cycle 8 of a line,
where ANTIC decides whether the line ends its mode line and raises its DLI; the width
and HSCROL by cycle 26, where the normal playfield's DMA starts, on each scan line of a
mode line; DLISTL/H by the instruction fetch at cycle 1), and the rest of the frame is
read again from the instruction in progress there: the mode lines above stay, the instruction in progress
goes on with the bytes it was fetched as (``ParseStep``), the rest is read from memory
as it is now.  The machine then takes the new list's DLIs and DMA timeline
(``Machine.display_list_changed``).  Display list bytes the program changes below the
beam are seen at the next DLI (``check_display_list``).  Writes during the vertical
blank count for the next frame.

The line buffer (the rule as Acid800's "ANTIC: Line buffering" shows it, traced: its
missiles over a replayed mode 8 line meet the colours of the mode E line before): a
mode line fetches its playfield bytes on its first scan line only, into ANTIC's line
buffer, and its other scan lines replay the buffer.  A mode line whose first scan line
has the playfield off (DMACTL width 0) fetches nothing: the memory scan counter stays,
and the lines where the playfield is on again show the buffer, the bytes of the last
fetch counted from its start, in this line's mode (``ModeLine.replayed``).

The display list counter (Altirra Hardware Reference Manual, "ANTIC", display
list; De Re Atari, chapter 2): DLISTL/H load ANTIC's counter, which then counts
on by itself and is never reloaded at the top of a frame.  A frame starts where
the previous one left it: at a JVB's target (so a chain of JVBs shows one list
per frame), or, for a list that runs past scanline 247 without a JVB, at the
instruction after the last one read.  The counter counts in its low 10 bits
only (a list wraps inside its 1 KiB block; a jump loads all 16 bits), and the
memory scan counter, too, keeps its value from frame to frame.  A JVB with the
DLI bit raises a DLI on every scanline from it down to the vertical blank
(playermissile.com's DLI tutorial and the Altirra manual agree).  With display
list DMA off (DMACTL bit 5) ANTIC reads nothing and repeats the instruction it
holds, its DLI included (``_held_instruction_dlis``).  The last parse is kept and
given again while the frame starts at the same display list counter and memory scan
counter, with the same DMACTL, HSCROL and VSCROL, and the bytes it read unchanged
(``parse_display_list``).

The playfield DMA clock (``clock_edges``): on each scan line it starts at the start edge
(cycle 26/18/10 for the fetch width, + HSCROL / 2 on a scrolled line) and stops at the stop
edge (90/98/106 + HSCROL / 2) of the width and HSCROL in force at that cycle; a DMACTL or
HSCROL write counts there from its access cycle + 2.  A write during a mode line's first scan
line that moves an edge gives the mode line a ``clock``: the bytes fetched between the edges
are its DMA cycles (emulator/dma.py) and the memory scan counter's advance (Acid800's
"ANTIC: Playfield start timing" and "Playfield stop timing").  The clock sees a stop edge only
on one of its ticks; a stop edge moved between two ticks (HSCROL raised during the line) is
missed and the clock runs on across the horizontal blank to the next line's start edge (ANTIC's
HSCROL bug, Acid800's "ANTIC: HSCROL bug": ``clock_edges``).  Display list DMA (DMACTL bit 5)
switched off during the display makes ANTIC repeat the instruction it holds from the next
instruction fetch, reading nothing (its LMS address stays unread); switched on, it reads again.

Model limits: the registers count per scan line for the picture (a width or HSCROL change in
the middle of a line draws the line as its width at the start edge; the clock's fetches count
on the first scan line only; a clock run on past its line's end hands over at the next line's
start edge whatever that line is, and the "virtual DMA" fetches from cycle 106 on read memory,
not what the CPU puts on the bus then: Acid800's "ANTIC: Virtual DMA"); display list DMA
switched on during a frame that began with it off counts at the next frame; a change to
display list bytes below the beam is seen at the next
DLI or ANTIC register write (WSYNC aside: the compiled CPU core keeps it), not at the
instruction fetch itself; the line buffer is replayed as the
last fetch's bytes from its start (a shorter last fetch does not leave older bytes behind
it); the playfield window (``DisplayList.width``) is the widest the frame had (a line
fetched narrower draws its own width inside it, but a horizontally scrolled one is clipped
to that window, not its own).

Fine scrolling (De Re Atari, chapter 6; Altirra Hardware Reference Manual,
"ANTIC", horizontal and vertical scrolling):

* VS (instruction bit 5): a run of mode lines with VS set, plus the first mode
  line after it without VS, form the scrolling region.  The region's first line
  starts at row VSCROL of its characters (it shows height - VSCROL scanlines),
  the last one (without VS) ends at row VSCROL (VSCROL + 1 scanlines); lines in
  between are whole.  A row counter past the mode's height repeats its rows.  The
  row counter has four bits: a first row past the mode's last row counts on through
  15 to 0; the last line's end is VSCROL as ANTIC samples it on each scan line.  A
  blank instruction after a VS line ends the region as a mode line does.  A mode line
  never runs into the vertical blank (it ends there, without its DLI), and a region
  goes on in the next frame (Acid800's "ANTIC: Vertical scrolling").
* HS (instruction bit 4): the line fetches the next wider playfield (narrow ->
  normal -> wide; wide stays wide) and the memory scan counter advances by that
  many bytes; the fetched picture starts at the left edge of that wider window,
  shifted right by HSCROL colour clocks, and is shown through the DMACTL window.
  The extra bytes cost DMA cycles (emulator/dma.py).
HSCROL and VSCROL count from the scan line they are written on (above: the beam).  CHBASE and
CHACTL writes are logged with their scan line (``font_log``) and count from the next
line (``font_rows``), so a DLI can switch fonts down the screen.

Modes: ``MODES`` holds a frozen ``ModeSpec`` per ANTIC mode 2-15 (scanlines, bytes at
each playfield width, character or map, bits and hi-res pixels a pixel); the display list
parser, the renderer's dispatch, emulator/dma.py (which modes fetch character bitmaps) and
emulator/pmg.py (which lines are hi-res) read their facts there and nowhere else.

Rendering: ``render_indices`` turns the parsed display list and the current
memory into a (240, 384) array of colour-register indices (0 BK, 1-4 PF0-PF3,
5 = the hi-res "PF1 luminance on PF2 hue" pixel); GTIA colours per scanline
turn that into colour bytes and the palette into RGB.  The frame is 384 x 240
pixels: scanlines 8-247, and the wide playfield's 384 hi-res pixels (the
normal 320-pixel playfield sits at x = 32..351).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property
from typing import NamedTuple

import numpy as np

from emulator.video import CYCLES_PER_LINE, NTSC

DMACTL, CHACTL, DLISTL, DLISTH, HSCROL, VSCROL, PMBASE, CHBASE = 0, 1, 2, 3, 4, 5, 7, 9
WSYNC, VCOUNT, PENH, PENV, NMIEN, NMIRES, NMIST = 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F, 0x0F

NMI_DLI, NMI_VBI, NMI_RESET = 0x80, 0x40, 0x20

LINES_PER_FRAME = NTSC.lines_per_frame  # PAL has 312 (emulator/video.py)
FIRST_DISPLAY_LINE = 8
VBLANK_LINE = 248
DISPLAY_LINES = VBLANK_LINE - FIRST_DISPLAY_LINE  # 240
#: the first scanline of the OS's 24-row screens (three blank 8-line instructions first)
STANDARD_FIRST_LINE = 32
FRAME_WIDTH = 384

NORMAL_WIDTH = 320  # hi-res pixels of the normal playfield (160 colour clocks)
#: playfield width in hi-res pixels and left edge in the 384-pixel frame, by DMACTL bits 0-1
PLAYFIELD = {0: (0, 0), 1: (256, 64), 2: (320, 32), 3: (384, 0)}
#: the playfield width a horizontally scrolled line fetches, by DMACTL's width
WIDER = {1: 2, 2: 3, 3: 3}


@dataclass(frozen=True)
class ModeSpec:
    """The facts of one ANTIC mode (2-15), which the renderer, the DMA model (emulator/dma.py)
    and GTIA's picture (emulator/pmg.py) all read from ``MODES``."""

    mode: int
    height: int  # scanlines of one mode line
    normal_bytes: int  # bytes of screen memory a mode line fetches at the normal width
    bits_per_pixel: int  # 1 or 2
    glyphs: int = 0  # character modes: characters in the font (128; 64 with the colour in bits 6-7)

    @property
    def character(self) -> bool:
        """A character mode: a name byte per character, then a bitmap byte on every scanline."""
        return self.glyphs > 0

    @property
    def pixel_width(self) -> int:
        """Hi-res pixels (half colour clocks) of one pixel: the normal width over its pixels."""
        return NORMAL_WIDTH * self.bits_per_pixel // (8 * self.normal_bytes)

    @property
    def hires(self) -> bool:
        """Pixels of half a colour clock: the playfield is PF2, a lit pixel PF1's luminance."""
        return self.pixel_width == 1

    @property
    def dma_step(self) -> int:
        """Cycles between two playfield fetches (2, 4 or 8): 80 cycles for the normal width's bytes."""
        return NORMAL_WIDTH // 4 // self.normal_bytes

    def bytes_at(self, width: int) -> int:
        """Bytes a mode line fetches at a playfield ``width`` hi-res pixels wide."""
        return self.normal_bytes * width // NORMAL_WIDTH


#: ANTIC's display modes (De Re Atari, chapter 2; Altirra Hardware Reference Manual, "ANTIC"):
#: mode, scanlines, bytes at the normal width, bits a pixel, glyphs
MODES = {spec.mode: spec for spec in (
    ModeSpec(2, 8, 40, 1, glyphs=128),  # GRAPHICS 0: 40 columns of text, hi-res
    ModeSpec(3, 10, 40, 1, glyphs=128),  # lower case with descenders
    ModeSpec(4, 8, 40, 2, glyphs=128),  # four-colour characters (GRAPHICS 12)
    ModeSpec(5, 16, 40, 2, glyphs=128),  # the same, twice as tall (GRAPHICS 13)
    ModeSpec(6, 8, 20, 1, glyphs=64),  # GRAPHICS 1: 20 columns, colour in bits 6-7
    ModeSpec(7, 16, 20, 1, glyphs=64),  # GRAPHICS 2
    ModeSpec(8, 8, 10, 2),  # GRAPHICS 3: 40 pixels, four colours
    ModeSpec(9, 4, 10, 1),  # GRAPHICS 4: 80 pixels, two colours
    ModeSpec(10, 4, 20, 2),  # GRAPHICS 5: 80 pixels, four colours
    ModeSpec(11, 2, 20, 1),  # GRAPHICS 6: 160 pixels, two colours
    ModeSpec(12, 1, 20, 1),  # GRAPHICS 14
    ModeSpec(13, 2, 40, 2),  # GRAPHICS 7: 160 pixels, four colours
    ModeSpec(14, 1, 40, 2),  # GRAPHICS 15
    ModeSpec(15, 1, 40, 1),  # GRAPHICS 8: 320 hi-res pixels
)}

#: the parser's look-ups: scan lines of each mode, bytes it fetches at each width, the bytes
#: of each one-byte instruction
HEIGHTS = {mode: spec.height for mode, spec in MODES.items()}
SIZES = {(mode, width): spec.bytes_at(width) for mode, spec in MODES.items() for width, _ in PLAYFIELD.values()}
ONE_BYTE = [bytes((instruction,)) for instruction in range(256)]

BK, PF0, PF1, PF2, PF3, HIRES = 0, 1, 2, 3, 4, 5
#: CHBASE and CHACTL on each of the 240 displayed rows
FontRows = tuple[np.ndarray, np.ndarray]
DESCENDER_HEIGHT = 10  # mode 3's characters: lower case ($60-$7F) drops by two scanlines
#: left edge in the frame of a playfield of each width
PLAYFIELD_LEFT = {width: left for width, left in PLAYFIELD.values()}


@dataclass(frozen=True)
class ModeLine:
    """One display list instruction that shows something (ANTIC mode 2-15)."""

    line: int  # first scanline
    height: int
    mode: int
    address: int  # screen memory of this mode line
    size: int  # bytes of screen memory it fetches
    first_row: int = 0  # row counter at its first scanline (vertical fine scrolling)
    fetch_width: int = 0  # hi-res pixels fetched (0: the DMACTL width; wider with HS)
    shift: int = 0  # HSCROL in colour clocks when HS is set
    replayed: bool = False  # scan lines shown from the line buffer, nothing fetched on the first
    #: the DMA clock's (start, stop) on the first scan line when a DMACTL or HSCROL write during it
    #: moved an edge (``clock_edges``): it fetched that many bytes, and the memory scan counter
    #: advances by them (the picture is drawn as ``size`` bytes: model limit)
    clock: tuple[int, int] | None = None

    @property
    def advance(self) -> int:
        """Bytes the first scan line fetched: the memory scan counter's advance."""
        return clock_ticks(self.clock, MODES[self.mode].dma_step) if self.clock else self.size


#: what a kept parse is valid for: DMACTL, start, memory scan counter, HSCROL, VSCROL, VS going on
ParseKey = tuple[int, int, int, int, int, bool]
#: a register write during the display: (the first scan line it counts for, register, value)
RegisterWrite = tuple[int, int, int]
#: the cycle of a scan line by which ANTIC has sampled VSCROL to decide whether the line ends its
#: mode line (and so raises its DLI): a write before it counts for this line, a later one from the
#: next (Acid800's "ANTIC: VSCROL+DLI timing": a write at cycle 6 stops a DLI at cycle 8)
VSCROL_SAMPLE_CYCLE = 8
#: the cycle of a scan line at which ANTIC fetches a display list instruction (Atari Hardware
#: Manual, "M I P P P P A A": the instruction at cycle 1); DLISTL/H count from there
FETCH_CYCLE = 1
#: the cycle of a scan line by which a DMACTL playfield width or HSCROL written counts for the
#: line: the normal playfield's DMA starts at cycle 26 (emulator/dma.py)
PLAYFIELD_SAMPLE_CYCLE = 26
#: the playfield DMA clock's edges by fetch width (hi-res pixels), one cycle later for every two
#: colour clocks of HSCROL on a scrolled line: it starts at cycle 26/18/10 and stops at 90/98/106
#: (a fetch every 2, 4 or 8 cycles in between: Altirra Hardware Reference Manual, "Playfield DMA")
PLAYFIELD_DMA_START = {256: 26, 320: 18, 384: 10}
PLAYFIELD_DMA_STOP = {256: 90, 320: 98, 384: 106}
#: a DMACTL or HSCROL write in cycle c is in force at the clock's edges from cycle c + 2 on (a
#: width written in cycle 16 moves line's start edge at 18, one in 17 does not: Acid800's
#: "ANTIC: Playfield start timing")
CLOCK_WRITE_DELAY = 2


#: DMACTL's display list DMA bit; a write that changes it is logged in ``frame_writes`` as its own
#: register, LIST_DMA (not an ANTIC address), counting from the next instruction fetch (cycle 1)
DMACTL_LIST_DMA = 0x20
LIST_DMA = 0x100


#: a ParseStep as the parser keeps it: a plain tuple of its fields
RawStep = tuple[int, int, int, bool, int, int, bytes, int]


class ParseStep(NamedTuple):
    """Where the parser stood before one display list instruction: a parse of the frame's rest
    resumes here (``Antic.reparse_from``).  ``code`` holds the bytes the instruction was read as,
    so a resumed instruction is the one ANTIC fetched even if the program has changed it since."""

    line: int  # the scan line it is fetched on
    pc: int  # the display list counter before it (before DLIST writes landing since ``after``)
    memory_scan: int
    vscrolling: bool  # the mode line before it had VS set
    after: int  # the scan line of the instruction before it (DLIST writes after that apply here)
    line_buffer: int  # where the bytes in ANTIC's line buffer were fetched from
    code: bytes = b""  # the instruction and its operand bytes as read
    address: int = 0  # where they were read (the counter after the DLIST writes)


@dataclass
class DisplayList:
    """A parsed display list: the mode lines and the scanlines that raise a DLI."""

    mode_lines: list[ModeLine]
    dli_lines: list[int]
    width: int  # playfield width in hi-res pixels (0 = playfield off)
    left: int
    fetches: tuple[tuple[int, int], ...] = ()  # (scanline, display list bytes fetched there)
    next_instruction: int = 0  # the display list counter after the frame: where the next one starts
    next_memory_scan: int = 0  # the memory scan counter after the frame
    instructions: tuple[tuple[int, int], ...] = ()  # (first scanline, instruction) of each one read
    steps: tuple[RawStep, ...] = ()  # the parser's state before each instruction read (ParseStep's fields)
    next_vscrolling: bool = False  # the frame's last mode line had VS set (the next frame goes on)
    next_line_buffer: int = 0  # where the line buffer's bytes were last fetched from

    @cached_property
    def parse_steps(self) -> list[ParseStep]:
        """``steps`` with their names (made when first asked for: the parser keeps plain tuples)."""
        return [ParseStep(*step) for step in self.steps]

    @cached_property
    def runs(self) -> list[tuple[int, int, int, bytes]]:
        """The instructions read, in runs at consecutive addresses: (index of the first step, of
        the step after the run, first address, the bytes read)."""
        runs: list[tuple[int, int, int, bytes]] = []
        for index, step in enumerate(self.parse_steps):
            follows = runs and runs[-1][2] + len(runs[-1][3]) == step.address
            if follows and step.address + len(step.code) <= (step.address | 0x03FF) + 1:
                first, _, start, code = runs[-1]
                runs[-1] = (first, index + 1, start, code + step.code)
            else:
                runs.append((index, index + 1, step.address, step.code))
        return runs

    def first_changed_after(self, ram: bytearray, line: int) -> int | None:
        """The scan line of the first instruction fetched below ``line`` whose bytes in ``ram``
        differ from those read (the program changed the list ahead of the beam), or None."""
        steps = self.parse_steps
        for first, end, start, code in self.runs:
            if steps[end - 1].line <= line or ram[start:start + len(code)] == code:
                continue
            for step in steps[first:end]:
                if step.line > line and _code_at(ram, step.address, len(step.code)) != step.code:
                    return step.line
        return None

    @cached_property
    def packed(self) -> bytes:
        """The mode lines as int32s, eight a line in ModeLine's field order (for emulator/_videocore.c)."""
        fields = [(m.line, m.height, m.mode, m.address, m.size, m.first_row, m.fetch_width, m.shift)
                  for m in self.mode_lines]
        return np.array(fields, dtype=np.int32).tobytes()


#: VCOUNT counts the next scan line from this cycle of a line on (AHRM, "VCOUNT")
VCOUNT_STEP_CYCLE = 111


def vcount(line: int, cycle: int, lines_per_frame: int) -> int:
    """VCOUNT at ``cycle`` of scan line ``line``: the line / 2, the next line's from cycle 111
    on; on the frame's last line it reads 131 ($83 NTSC) for that one cycle and 0 from cycle 112
    (Altirra Hardware Reference Manual, "VCOUNT")."""
    if cycle >= VCOUNT_STEP_CYCLE:
        line += 1
        if line >= lines_per_frame and cycle > VCOUNT_STEP_CYCLE:
            line = 0
    return (line >> 1) & 0xFF


def _next_list_byte(counter: int) -> int:
    """ANTIC's display list counter counts in its low 10 bits: a list wraps inside 1 KiB."""
    return (counter & 0xFC00) | ((counter + 1) & 0x03FF)


def _advance_within_4k(address: int, count: int) -> int:
    """ANTIC's memory scan counter only counts in its low 12 bits."""
    return (address & 0xF000) | ((address + count) & 0x0FFF)


class _RecordingRam:
    """RAM for the display list parser: its bytes, noting each address read."""

    def __init__(self, ram: bytearray, reads: list[int]) -> None:
        self.ram, self.reads = ram, reads

    def __getitem__(self, address: int) -> int:
        self.reads.append(address)
        return self.ram[address]


class _Replay:
    """The bytes of an instruction ANTIC fetched before (``ParseStep.code``) at its first
    addresses, the RAM's bytes elsewhere: a parse resumed in the middle of a mode line goes on
    with the instruction as it was read."""

    def __init__(self, code: bytes, ram: _RecordingRam) -> None:
        self.code, self.ram = code, ram
        self.start: int | None = None

    def __getitem__(self, address: int) -> int:
        if self.start is None:
            self.start = address
        offset = (address - self.start) & 0x03FF
        return self.code[offset] if offset < len(self.code) else self.ram[address]


def _code_at(ram: bytearray, address: int, count: int) -> bytes:
    """``count`` display list bytes from ``address`` (the counter wraps inside its 1 KiB block)."""
    addresses = [address]
    for _ in range(count - 1):
        addresses.append(_next_list_byte(addresses[-1]))
    return bytes(ram[a] for a in addresses)


def _counter_after_writes(pc: int, writes: list[RegisterWrite], after: int, line: int) -> int:
    """The display list counter ``pc`` with the DLISTL/H writes that land after scan line
    ``after`` up to ``line`` (each loads its byte of the counter)."""
    for first, reg, value in writes:
        if after < first <= line:
            pc = _load_counter_byte(pc, reg, value)
    return pc


def _load_counter_byte(counter: int, reg: int, value: int) -> int:
    """The display list counter after a write of ``value`` to DLISTL or DLISTH (``reg``)."""
    return (counter & 0xFF00) | value if reg == DLISTL else (counter & 0x00FF) | (value << 8)


#: writes to VSCROL, HSCROL, DMACTL or DLISTL/H during a frame's display that make ANTIC read
#: the rest of its list again at once (with a new DMA timeline and DLIs for the machine); after
#: them a frame's further writes are still recorded, and the list is read again once, at the
#: vertical blank (``flush_rereads``): a program that writes HSCROL on every scan line (a wave)
#: gets its picture, but its DMA cycles and DLIs follow those writes only at the next frame
#: (a re-read of the rest of a frame costs one to two milliseconds in Python; Acid800's tests
#: make up to 24 a frame)
IMMEDIATE_REREADS = 32


def _register_at(value: int, writes: list[tuple[int, int]], line: int) -> int:
    """A register's value for scan line ``line``: ``value`` at the frame's top, then each of its
    ``writes`` (first scan line, value; in order, so their first lines never go down) from its
    line on.  A binary search: a program may write a register on every scan line."""
    after = bisect_right(writes, (line, 0x100))  # the writes from lines up to ``line`` (values < $100)
    return writes[after - 1][1] if after else value


def _region_end_height(line: int, first_row: int, vscrol: int, vscrols: list[tuple[int, int]]) -> int:
    """Scan lines of the mode line that ends a vertical scrolling region, from ``line``: ANTIC's
    4-bit row counter counts from ``first_row`` until it equals VSCROL, which it samples on every
    scan line (Altirra Hardware Reference Manual, "vertical scrolling"; a counter past VSCROL
    wraps through 15 to 0).  A line still running at the vertical blank ends there (it raises
    no DLI)."""
    if not vscrols:
        return (((vscrol & 0x0F) - first_row) & 0x0F) + 1
    row = first_row
    for current in range(line, VBLANK_LINE):
        if row == _register_at(vscrol, vscrols, current) & 0x0F:
            return current - line + 1
        row = (row + 1) & 0x0F
    return VBLANK_LINE - line + 1


def _moved_clock(shown: ModeLine, hs: bool, registers: tuple[int, int, int], writes: tuple[RegisterWrite, ...],
                 beams: tuple[tuple[int, int], ...]) -> tuple[int, int] | None:
    """The DMA clock's edges on mode line ``shown``'s first scan line if DMACTL or HSCROL writes
    made during that line moved them (``clock_edges``), else None: the line starts with the
    values written before it, each write counts from its cycle + CLOCK_WRITE_DELAY."""
    line = shown.line
    made = [index for index, (beam_line, _) in enumerate(beams)
            if beam_line == line and writes[index][1] in (DMACTL, HSCROL)]
    if not made:
        return None
    dmactl, hscrol = registers[0], registers[1]
    for _, reg, value in writes[:made[0]]:
        if reg == DMACTL:
            dmactl = value
        elif reg == HSCROL:
            hscrol = value
    settings = [(0, *_clock_setting(dmactl, hscrol, hs))]
    for index in made:
        _, reg, value = writes[index]
        if reg == DMACTL:
            dmactl = value
        else:
            hscrol = value
        settings.append((beams[index][1] + CLOCK_WRITE_DELAY, *_clock_setting(dmactl, hscrol, hs)))
    edges = clock_edges(settings, MODES[shown.mode].dma_step) or (0, 0)  # a clock that never starts fetches nothing
    width, delay = shown.fetch_width, shown.shift >> 1
    return None if edges == (PLAYFIELD_DMA_START[width] + delay, PLAYFIELD_DMA_STOP[width] + delay) else edges


def _clock_setting(dmactl: int, hscrol: int, hs: bool) -> tuple[int, int]:
    """(fetch width, HSCROL delay in cycles) of a line with these DMACTL and HSCROL (``hs``: scrolled)."""
    width_code = dmactl & 3
    if not width_code:
        return 0, 0
    if not hs:
        return PLAYFIELD[width_code][0], 0
    return PLAYFIELD[WIDER[width_code]][0], (hscrol & 0x0F) >> 1


def _playfield_pieces(shown: ModeLine, hs: bool, dmactl: int, dmactls: list[tuple[int, int]], hscrol: int,
                      hscrols: list[tuple[int, int]]) -> list[ModeLine]:
    """Mode line ``shown`` scan line by scan line: the parts where DMACTL has the playfield on
    (it is off in between), each as far as HSCROL stays the same on a scrolled line (``hs``).
    After the first scan line they replay the line buffer: the bytes fetched on the first (or,
    if it fetched nothing, by the mode line before), counted from the buffer's start (Acid800's
    "ANTIC: Line buffering": a mode 8 line after a mode E one whose first scan line had
    playfield DMA off shows mode E's first ten bytes), shifted by HSCROL as it is on each line;
    a part whose first scan line fetched nothing replays as many bytes as the width then takes."""
    pieces: list[ModeLine] = []
    end = min(shown.line + shown.height, VBLANK_LINE)
    for line in range(shown.line, end):
        width_code = _register_at(dmactl, dmactls, line) & 3
        if not width_code:
            continue
        shift = _register_at(hscrol, hscrols, line) & 0x0F if hs else 0
        if pieces and pieces[-1].line + pieces[-1].height == line and pieces[-1].shift == shift:
            pieces[-1] = replace(pieces[-1], height=pieces[-1].height + 1)
            continue
        offset = line - shown.line
        piece = replace(shown, line=line, height=1, first_row=(shown.first_row + offset) & 0x0F, shift=shift,
                        replayed=shown.replayed or offset > 0, clock=shown.clock if offset == 0 else None)
        if not shown.fetch_width:
            fetch_width = PLAYFIELD[WIDER[width_code] if hs else width_code][0]
            piece = replace(piece, fetch_width=fetch_width, size=MODES[shown.mode].bytes_at(fetch_width))
        pieces.append(piece)
    if pieces and pieces[-1].line + pieces[-1].height == end:  # the last one runs on as the mode line does
        pieces[-1] = replace(pieces[-1], height=shown.line + shown.height - pieces[-1].line)
    return pieces


def _prefix(prefix: DisplayList | None, start: ParseStep) -> tuple[list[ModeLine], list[int], list[tuple[int, int]],
                                                                  list[tuple[int, int]], list[RawStep]]:
    """The mode lines, DLI lines, fetches, instructions and steps of ``prefix`` before ``start``:
    those of the instructions fetched above its line (an instruction's mode lines and DLI start
    on or after the line it is fetched on)."""
    if prefix is None:
        return [], [], [], [], []
    first = start.line
    return ([mode_line for mode_line in prefix.mode_lines if mode_line.line < first],
            [line for line in prefix.dli_lines if line < first],
            [fetch for fetch in prefix.fetches if fetch[0] < first],
            [instruction for instruction in prefix.instructions if instruction[0] < first],
            [step for step in prefix.steps if step[0] < first])


def _spans(ram: bytearray, addresses: list[int]) -> list[tuple[int, int, bytes]]:
    """Runs of consecutive ``addresses`` as (start, end, the bytes there now)."""
    spans: list[tuple[int, int, bytes]] = []
    for address in sorted(set(addresses)):
        if spans and spans[-1][1] == address:
            spans[-1] = (spans[-1][0], address + 1, b"")
        else:
            spans.append((address, address + 1, b""))
    return [(start, end, bytes(ram[start:end])) for start, end, _ in spans]


#: what the playfield DMA clock sees from a cycle of a scan line on: (cycle, fetch width, HSCROL delay)
ClockSetting = tuple[int, int, int]


def clock_edges(settings: list[ClockSetting], step: int = 1) -> tuple[int, int] | None:
    """The cycles the playfield DMA clock starts and stops on a scan line whose fetch width or
    HSCROL changes during it (``settings`` in cycle order, the first from cycle 0): it starts at
    the first cycle that is the start edge of the width and delay in force then, and stops at the
    first later tick (every ``step`` cycles from its start) that is the stop edge of those in force
    then (AHRM, "Playfield DMA"; Acid800's "ANTIC: Playfield start/stop timing": a width written
    after the start edge fetches from the old width's start to the new one's stop).  None if it
    never starts.

    ANTIC's HSCROL bug (Acid800's "ANTIC: HSCROL bug", traced: HSCROL raised from 0 to 2 in cycle
    77 of a mode E line, back to 0 in cycle 104): a stop edge that falls between two ticks is not
    seen, and the clock runs on across the horizontal blank into the next scan line.  It is given
    as a stop past the line's end, at the next line's start edge (of the last setting), where that
    line's own fetches go on: the bytes in between are fetched (at cycle 106 and later they take no
    cycle from the CPU) and advance the memory scan counter."""
    start = None
    index = 0
    for cycle in range(CYCLES_PER_LINE):
        while index + 1 < len(settings) and settings[index + 1][0] <= cycle:
            index += 1
        _, width, delay = settings[index]
        if not width:
            continue
        if start is None:
            if cycle == PLAYFIELD_DMA_START[width] + delay:
                start = cycle
        elif cycle == PLAYFIELD_DMA_STOP[width] + delay and (cycle - start) % step == 0:
            return start, cycle
    if start is None:
        return None
    _, width, delay = settings[-1]
    if not width:
        return start, start
    return start, CYCLES_PER_LINE + PLAYFIELD_DMA_START[width] + delay


def clock_ticks(edges: tuple[int, int], step: int) -> int:
    """Bytes the clock fetches between its ``edges``: one at the start and every ``step`` cycles."""
    start, stop = edges
    return (stop - start + step - 1) // step


def _screen_bytes(ram: np.ndarray, address: int, count: int) -> np.ndarray:
    """``count`` bytes of screen memory from ``address``, wrapping inside its 4K block."""
    if (address & 0x0FFF) + count <= 0x1000:
        return ram[address:address + count]
    index = (address & 0xF000) | ((address + np.arange(count)) & 0x0FFF)
    wrapped: np.ndarray = ram[index]
    return wrapped


class Antic:
    """ANTIC's registers and the display list interpreter."""

    def __init__(self, ram: bytearray) -> None:
        self.ram = ram
        self.scanline: Callable[[], int] = lambda: 0  # the beam's scanline now (the machine's)
        #: the beam's scan line and cycle in it now (the machine's; without one, between displays)
        self.beam: Callable[[], tuple[int, int]] = lambda: (VBLANK_LINE, 0)
        #: the scan line and cycle of the register access itself (the instruction's access cycle)
        self.access_beam: Callable[[], tuple[int, int]] = lambda: self.beam()
        #: told the first scan line of the frame whose display list was read again (the machine's)
        self.display_list_changed: Callable[[int], None] = lambda from_line: None
        self.ram_view = np.frombuffer(ram, dtype=np.uint8)
        self.reset()

    def reset(self) -> None:
        self.dmactl = 0
        self.chactl = 0
        self.dlist = 0  # the display list counter
        self.frame_dlist = 0  # where the current frame's display list started
        self.memory_scan = 0
        self.frame_memory_scan = 0
        self.instruction = 0  # the instruction ANTIC holds (its IR): the last one read
        self.hscrol = 0
        self.vscrol = 0
        self.pmbase = 0
        self.chbase = 0
        self.nmien = 0
        self.nmist = 0
        self.display_list = DisplayList([], [], 0, 0)
        self.vscrolling = False  # the last mode line read had VS set (a region goes on in the next frame)
        self.frame_vscrolling = False  # ... at the top of the current frame
        self.frame_registers = (0, 0, 0)  # DMACTL, HSCROL, VSCROL at the top of the frame
        self.frame_writes: list[RegisterWrite] = []  # the frame's writes during the display that the parse reads
        self.rereads = 0  # this frame's writes that made ANTIC read its list again (IMMEDIATE_REREADS)
        self.pending_reread: tuple[int, bool] | None = None  # (first line, fetched) put off to the VBI
        self.frame_write_beams: list[tuple[int, int]] = []  # the scan line and access cycle of each
        self.frame_start_font = (0, 0)  # CHBASE, CHACTL at the top of the frame
        self.font_log: list[tuple[int, int, int]] = []  # (scanline, register, value) of their writes
        self._steady_font_rows: tuple[tuple[int, int], FontRows] | None = None  # font_rows without writes
        # the last parse: (DMACTL, start, memory scan counter, HSCROL, VSCROL, VS going on), spans of the bytes
        # it read (start, end, bytes), its result
        self._parsed: tuple[ParseKey, list[tuple[int, int, bytes]], DisplayList] | None = None

    # -- display list -------------------------------------------------------------

    def parse_display_list(self, start: int | None = None, memory_scan: int | None = None,
                           vscrolling: bool | None = None) -> DisplayList:
        """Read the display list from ``start`` (default: the counter) with the memory scan
        counter at ``memory_scan`` (default: the counter's) and ``vscrolling`` (the mode line before
        had VS; default: as the last frame left it) as ANTIC would during one frame with the
        registers as they are now; the counters themselves are left alone (``begin_frame`` moves
        them).  The last parse is given again while its start, memory scan counter, registers and
        the display list's bytes are as they were then."""
        pc = self.dlist if start is None else start
        if memory_scan is None:
            memory_scan = self.memory_scan
        if vscrolling is None:
            vscrolling = self.vscrolling
        if not self.dmactl & 0x20:
            width, left = PLAYFIELD[self.dmactl & 3]
            return DisplayList([], self._held_instruction_dlis(), width, left, (), pc, memory_scan,
                               next_vscrolling=vscrolling)
        key = (self.dmactl, pc, memory_scan, self.hscrol, self.vscrol, vscrolling)
        last = self._parsed
        ram = self.ram
        if last is not None and last[0] == key and all(ram[first:end] == saved for first, end, saved in last[1]):
            return last[2]
        reads: list[int] = []
        display_list = self._parse_display_list(pc, memory_scan, reads, vscrolling)
        self._parsed = (key, _spans(ram, reads), display_list)
        return display_list

    def _parse_display_list(self, pc: int, memory_scan: int, reads: list[int],
                            vscrolling: bool = False) -> DisplayList:
        """The whole frame's display list from ``pc`` with the memory scan counter at
        ``memory_scan`` and the registers as they are (display list DMA on); the addresses of the
        bytes it read go into ``reads``."""
        first = ParseStep(FIRST_DISPLAY_LINE, pc, memory_scan, vscrolling, FIRST_DISPLAY_LINE - 1, memory_scan)
        return self._parse_from(first, None, (self.dmactl, self.hscrol, self.vscrol), (), reads)

    def reparse_from(self, from_line: int, fetched: bool = False) -> DisplayList:
        """The frame's display list read again from scan line ``from_line`` on, with the register
        writes of the frame so far (``frame_writes``): the instructions before stay as they were
        read, the one in progress at ``from_line`` goes on as fetched (its end decided anew), the
        rest are read from memory as it is now (``fetched``: the one fetched on ``from_line``
        itself, in its cycle 1, stays as read too)."""
        display_list = self.display_list
        steps = display_list.parse_steps
        if not steps:
            return display_list
        index = max(0, bisect_right([step.line for step in steps], from_line) - 1)
        start = steps[index]
        if start.line > from_line or (start.line == from_line and not fetched):  # not fetched yet: read it now
            start = start._replace(code=b"")
        return self._parse_from(start, display_list, self.frame_registers, tuple(self.frame_writes), [],
                                tuple(self.frame_write_beams))

    def _parse_from(self, start: ParseStep, prefix: DisplayList | None, registers: tuple[int, int, int],
                    writes: tuple[RegisterWrite, ...], reads: list[int],
                    beams: tuple[tuple[int, int], ...] = ()) -> DisplayList:
        """The display list from ``start`` to the vertical blank, after ``prefix``'s mode lines
        before it; ``registers`` are DMACTL, HSCROL and VSCROL at the frame's top, ``writes`` the
        writes to HSCROL, VSCROL and DLISTL/H during the display (each from its scan line on),
        ``beams`` the scan line and cycle each was made in."""
        dmactl, hscrol, vscrol = registers
        counter_writes = [write for write in writes if write[1] in (DLISTL, DLISTH)]
        vscrols = [(line, value) for line, reg, value in writes if reg == VSCROL]
        hscrols = [(line, value) for line, reg, value in writes if reg == HSCROL]
        dmactls = [(line, value) for line, reg, value in writes if reg == DMACTL]
        list_dma_writes = [(line, value) for line, reg, value in writes if reg == LIST_DMA]
        # the window the picture is drawn through: the widest the frame had (each line fetches
        # and draws its own width inside it)
        width, left = PLAYFIELD[max([dmactl & 3] + [value & 3 for _, value in dmactls])]
        ram = _RecordingRam(self.ram, reads)
        mode_lines, dli_lines, fetches, instructions, steps = _prefix(prefix, start)
        line, pc, memory_scan, after = start.line, start.pc, start.memory_scan, start.after
        vscrolling = start.vscrolling
        line_buffer = start.line_buffer
        source: _RecordingRam | _Replay = _Replay(start.code, ram) if start.code else ram
        while line < VBLANK_LINE:
            before = pc
            if counter_writes:
                pc = _counter_after_writes(pc, counter_writes, after, line)
            address = pc
            if list_dma_writes and not _register_at(dmactl, list_dma_writes, line) & DMACTL_LIST_DMA:
                # display list DMA off: ANTIC reads nothing and repeats the instruction it holds
                # (its LMS or jump address stays unread: the counters go on as they are)
                instruction = instructions[-1][1] if instructions else self.instruction
                mode = instruction & 0x0F
                operand = pc if mode == 1 else memory_scan
            else:
                instruction = source[pc]
                pc = ((pc + 1) & 0x03FF) | (pc & 0xFC00)
                mode = instruction & 0x0F
                if mode == 1 or (mode and instruction & 0x40):  # a jump or LMS: an address follows
                    low = source[pc]
                    pc = ((pc + 1) & 0x03FF) | (pc & 0xFC00)
                    high = source[pc]
                    pc = ((pc + 1) & 0x03FF) | (pc & 0xFC00)
                    operand, code = low | (high << 8), bytes((instruction, low, high))
                else:
                    code = ONE_BYTE[instruction]
                source = ram
                steps.append((line, before, memory_scan, vscrolling, after, line_buffer, code, address))
                after = line
                fetches.append((line, len(code)))
            instructions.append((line, instruction))
            if mode == 1:  # a jump: one blank scanline
                pc = operand
                if instruction & 0x40:  # JVB: blank until vertical blank, a DLI on every line
                    if instruction & 0x80:
                        dli_lines.extend(range(line, VBLANK_LINE))
                    break
                if instruction & 0x80:
                    dli_lines.append(line)
                line += 1
                continue
            if mode == 0:  # blank lines: they end a vertical scrolling region like a mode line
                natural, first_row = ((instruction >> 4) & 7) + 1, 0
                ends_region, vscrolling = vscrolling, False
            else:
                if instruction & 0x40:  # LMS
                    memory_scan = operand
                natural = HEIGHTS[mode]
                vs = bool(instruction & 0x20)
                first_row = 0
                if vs and not vscrolling:
                    first_row = (_register_at(vscrol, vscrols, line) if vscrols else vscrol) & 0x0F
                ends_region, vscrolling = vscrolling and not vs, vs
            if ends_region:
                height = _region_end_height(line, first_row, vscrol, vscrols)
            else:
                height = ((natural - 1 - first_row) & 0x0F) + 1
            if mode:
                width_code = (_register_at(dmactl, dmactls, line) if dmactls else dmactl) & 3
                fetch_width, shift = PLAYFIELD[width_code][0], 0
                if instruction & 0x10 and width_code:  # HS: the next wider playfield
                    fetch_width = PLAYFIELD[WIDER[width_code]][0]
                    shift = (_register_at(hscrol, hscrols, line) if hscrols else hscrol) & 0x0F
                size = SIZES[mode, fetch_width]
                shown = ModeLine(line, height, mode, memory_scan if width_code else line_buffer, size, first_row,
                                 fetch_width, shift, not width_code)
                hs = bool(instruction & 0x10)
                if width_code and beams:
                    shown = replace(shown, clock=_moved_clock(shown, hs, registers, writes, beams))
                if not dmactls and not (hs and hscrols):
                    mode_lines.append(shown)
                else:
                    mode_lines.extend(_playfield_pieces(shown, hs, dmactl, dmactls, hscrol, hscrols))
                if width_code:  # the first scan line fetched into the line buffer
                    line_buffer = memory_scan
                    memory_scan = _advance_within_4k(memory_scan, shown.advance)
            if instruction & 0x80 and line + height - 1 < VBLANK_LINE:
                dli_lines.append(line + height - 1)
            line += height
        pc = _counter_after_writes(pc, counter_writes, after, VBLANK_LINE)
        if width and dmactls:  # lines read with the playfield off show nothing through the window
            mode_lines = [mode_line for mode_line in mode_lines if mode_line.fetch_width]
        return DisplayList(mode_lines, dli_lines, width, left, tuple(fetches), pc, memory_scan,
                           tuple(instructions), tuple(steps), vscrolling, line_buffer)

    def _held_instruction_dlis(self) -> list[int]:
        """With display list DMA off ANTIC reads no instruction: it goes on repeating the one it
        holds, a DLI at the end of each repetition if that has bit 7 (so a DLI is carried over
        the vertical blank into the next frames: Acid800's "ANTIC: Display list wrapping";
        Altirra Hardware Reference Manual, "ANTIC", display list DMA).  Nothing is shown."""
        held = self.instruction
        if not held & 0x80:
            return []
        mode = held & 0x0F
        height = ((held >> 4) & 7) + 1 if mode == 0 else (MODES[mode].height if mode in MODES else 1)
        return list(range(FIRST_DISPLAY_LINE + height - 1, VBLANK_LINE, height))

    def begin_frame(self) -> DisplayList:
        """Read the display list for the frame that starts now, from where the counter stands,
        and leave the counter where this frame's list ends (the next frame starts there)."""
        self.frame_dlist, self.frame_memory_scan = self.dlist, self.memory_scan
        self.frame_vscrolling = self.vscrolling
        self.frame_registers = (self.dmactl, self.hscrol, self.vscrol)
        self.frame_writes = []
        self.frame_write_beams = []
        self.rereads = 0
        self.pending_reread = None
        self._use(self.parse_display_list())
        self.frame_start_font = (self.chbase, self.chactl)
        self.font_log = []
        return self.display_list

    def _use(self, display_list: DisplayList) -> None:
        """The frame's display list is ``display_list``: the counters stand where it ends."""
        self.display_list = display_list
        self.dlist = display_list.next_instruction
        self.memory_scan = display_list.next_memory_scan
        self.vscrolling = display_list.next_vscrolling
        if display_list.instructions:
            self.instruction = display_list.instructions[-1][1]

    def _written_during_display(self, reg: int, value: int, sample_cycle: int) -> bool:
        """A write to a register the parse reads: during the display (before the vertical blank,
        ANTIC samples it at ``sample_cycle`` of a scan line) the rest of the frame's list is read
        again with it, and the machine hears from which scan line; False between the displays
        (the next frame reads it).  A playfield width or HSCROL also counts on its own line's DMA
        clock (``clock_edges``): that line is read again too."""
        line, cycle = self.beam()
        first = max(FIRST_DISPLAY_LINE, line if cycle < sample_cycle else line + 1)
        if line >= VBLANK_LINE or first >= VBLANK_LINE or not self.display_list.steps:
            return False
        access = self.access_beam()
        self.frame_writes.append((first, reg, value))
        self.frame_write_beams.append(access)
        fetched = False
        if reg in (DMACTL, HSCROL) and access[0] < first:  # the write's own line's DMA clock too
            first, fetched = max(FIRST_DISPLAY_LINE, access[0]), access[1] >= FETCH_CYCLE
        self.rereads += 1
        if self.rereads <= IMMEDIATE_REREADS:
            self._reread(first, fetched)
        elif self.pending_reread is None or (first, fetched) < self.pending_reread:
            self.pending_reread = (first, fetched)
        return True

    def _reread(self, first: int, fetched: bool) -> None:
        """Read the list again from scan line ``first`` and tell the machine."""
        self._use(self.reparse_from(first, fetched))
        self.display_list_changed(first)

    def flush_rereads(self) -> None:
        """The re-read put off since the frame's IMMEDIATE_REREADS-th (the machine asks at the
        vertical blank): the frame's writes are all in ``frame_writes``, so the picture is the one
        the re-reads one by one would have given."""
        if self.pending_reread is not None:
            first, fetched = self.pending_reread
            self.pending_reread = None
            self._reread(first, fetched)

    def check_display_list(self, line: int | None = None) -> None:
        """Display list bytes ANTIC has not fetched yet (below scan line ``line``; default: the
        beam's, whose instruction is fetched in cycle 1) that the program has changed are read
        again from the first changed instruction on.  The machine asks at each DLI and each
        write to an ANTIC register but WSYNC (which the compiled CPU core handles itself).
        Model limit: a change is seen from the next such moment on (Acid800's "ANTIC: DMA
        pattern" changes the instruction in its DLI, then writes DMACTL)."""
        if line is None:
            beam_line, cycle = self.beam()
            if beam_line >= VBLANK_LINE:
                return
            line = beam_line if cycle >= FETCH_CYCLE else beam_line - 1
        changed = self.display_list.first_changed_after(self.ram, line)
        if changed is not None:
            self._use(self.reparse_from(changed))
            self.display_list_changed(changed)

    def _hold_instruction(self) -> None:
        """Display list DMA goes off: ANTIC keeps the instruction it is executing now."""
        line = self.scanline()
        for first, instruction in self.display_list.instructions:
            if first > line:
                break
            self.instruction = instruction

    def font_rows(self) -> FontRows:
        """CHBASE and CHACTL on each displayed row of this frame: a write counts from the scan
        line after it (a line's character bitmaps are fetched during it; a DLI writes late).
        A frame whose writes change neither on a displayed row (the OS's VBI writes the shadows
        back every frame, below the picture) gets the same read-only arrays as the last such frame."""
        if all(self._font_write_unseen(scanline, reg, value) for scanline, reg, value in self.font_log):
            steady = self._steady_font_rows
            if steady is None or steady[0] != self.frame_start_font:
                rows = tuple(np.full(DISPLAY_LINES, value, dtype=np.uint8) for value in self.frame_start_font)
                for array in rows:
                    array.flags.writeable = False
                steady = self._steady_font_rows = (self.frame_start_font, (rows[0], rows[1]))
            return steady[1]
        chbase = np.full(DISPLAY_LINES, self.frame_start_font[0], dtype=np.uint8)
        chactl = np.full(DISPLAY_LINES, self.frame_start_font[1], dtype=np.uint8)
        for scanline, reg, value in self.font_log:
            row = max(0, scanline + 1 - FIRST_DISPLAY_LINE)
            (chbase if reg == CHBASE else chactl)[row:] = value
        return chbase, chactl

    def _font_write_unseen(self, scanline: int, reg: int, value: int) -> bool:
        """True if a logged CHBASE/CHACTL write shows on no displayed row: below the picture,
        or the value the frame started with."""
        start = self.frame_start_font[0 if reg == CHBASE else 1]
        return scanline + 1 - FIRST_DISPLAY_LINE >= DISPLAY_LINES or value == start

    # -- registers ------------------------------------------------------------------

    def read(self, addr: int, scanline: int) -> int:
        reg = addr & 0x0F
        if reg == VCOUNT:
            return (scanline >> 1) & 0xFF
        if reg == NMIST:
            return self.nmist | 0x1F
        if reg in (PENH, PENV):
            return 0
        return 0xFF

    def write(self, addr: int, value: int) -> None:
        reg = addr & 0x0F
        if reg == DMACTL:
            if self.dmactl & 0x20 and not value & 0x20:
                self._hold_instruction()
            width_changed = (value ^ self.dmactl) & 3
            list_dma_changed = (value ^ self.dmactl) & DMACTL_LIST_DMA
            self.dmactl = value
            if list_dma_changed:  # from the next instruction fetch ANTIC holds (or reads) its instruction
                self._written_during_display(LIST_DMA, value, FETCH_CYCLE)
            if width_changed and value & 0x20:  # (display list DMA going off: the next frame shows it)
                self._written_during_display(reg, value, PLAYFIELD_SAMPLE_CYCLE)
        elif reg == CHACTL:
            self.chactl = value
            self.font_log.append((self.scanline(), reg, value))
        elif reg in (DLISTL, DLISTH):
            self._write_counter(reg, value)
        elif reg == HSCROL:
            if value != self.hscrol:
                self.hscrol = value
                self._written_during_display(reg, value, PLAYFIELD_SAMPLE_CYCLE)
        elif reg == VSCROL:
            if value != self.vscrol:
                self.vscrol = value
                self._written_during_display(reg, value, VSCROL_SAMPLE_CYCLE)
        elif reg == PMBASE:
            self.pmbase = value
        elif reg == CHBASE:
            self.chbase = value
            self.font_log.append((self.scanline(), reg, value))
        elif reg == NMIEN:
            self.nmien = value
        elif reg == NMIRES:
            self.nmist = 0

    def _write_counter(self, reg: int, value: int) -> None:
        """DLISTL/H load a byte of the display list counter: during the display ANTIC fetches
        its next instruction from there; between displays the next frame starts there."""
        if self.beam()[0] < FIRST_DISPLAY_LINE:  # the frame has not fetched yet: it starts there
            self.frame_dlist = _load_counter_byte(self.frame_dlist, reg, value)
        if not self._written_during_display(reg, value, FETCH_CYCLE):
            self.dlist = self.frame_dlist = _load_counter_byte(self.dlist, reg, value)

    # -- text ------------------------------------------------------------------------------

    def text_rows(self, display_list: DisplayList | None = None) -> list[bytes]:
        """Internal screen codes of the text mode lines (one bit a pixel: 2, 3, 6, 7), 40 per row.

        Modes 6/7 (GRAPHICS 1/2) have 20 characters per row; their colour bits are
        dropped and the row is padded with spaces (code 0).
        """
        return [codes for _, codes in self._text_lines(display_list)]

    def screen_rows(self, rows: int = 24) -> list[bytes]:
        """``rows`` rows of 40 screen codes as the screen shows its text: on a split screen (a
        graphics mode above a text window) each text row on the 8-scanline row it is displayed
        on, counted from the standard screen's first line (the OS's window is rows 20-23), else
        the text rows from the top."""
        lines = self._text_lines()
        split = any(not MODES[line.mode].character for line in self._frame_list().mode_lines)
        screen = [bytes(40)] * rows
        if not split:
            return ([codes for _, codes in lines] + screen)[:rows]
        for scanline, codes in lines:
            row = (scanline - STANDARD_FIRST_LINE) // 8
            if 0 <= row < rows:
                screen[row] = codes
        return screen

    def _frame_list(self, display_list: DisplayList | None = None) -> DisplayList:
        return display_list or self.parse_display_list(self.frame_dlist, self.frame_memory_scan,
                                                       self.frame_vscrolling)

    def _text_lines(self, display_list: DisplayList | None = None) -> list[tuple[int, bytes]]:
        """(first scanline, 40 screen codes) of each one-bit character mode line."""
        lines = []
        for mode_line in self._frame_list(display_list).mode_lines:
            spec = MODES[mode_line.mode]
            if not spec.character or spec.bits_per_pixel != 1:
                continue
            codes = bytes(_screen_bytes(self.ram_view, mode_line.address, mode_line.size))
            if spec.glyphs == 64:
                half = 0x40 if self.chbase & 0x02 else 0x00
                codes = bytes((code & 0x3F) | half for code in codes)
            lines.append((mode_line.line, codes[:40].ljust(40, b"\x00")))
        return lines

    # -- rendering ----------------------------------------------------------------------

    def render_indices(self, display_list: DisplayList | None = None, first: int = 0,
                       last: int = DISPLAY_LINES, fonts: FontRows | None = None) -> np.ndarray:
        """A (240, 384) uint8 array of colour-register indices for one frame.

        Only the rows ``first`` to ``last`` - 1 (of the 240) are drawn; the rest stay 0.
        ``fonts``: CHBASE and CHACTL on each row (``font_rows``); else their values now.
        """
        dl = display_list or self.display_list
        out = np.zeros((DISPLAY_LINES, FRAME_WIDTH), dtype=np.uint8)
        if not dl.width:
            return out
        window_end = dl.left + dl.width
        for mode_line in dl.mode_lines:
            top = mode_line.line - FIRST_DISPLAY_LINE
            if top >= last or top + mode_line.height <= first:
                continue
            fetch_width = mode_line.fetch_width or dl.width
            block = self._render_with_fonts(mode_line, top, fonts)
            rows = min(block.shape[0], DISPLAY_LINES - top)
            if rows <= 0:
                continue
            x0 = PLAYFIELD_LEFT[fetch_width] + 2 * mode_line.shift
            start, end = max(x0, dl.left), min(x0 + fetch_width, window_end, FRAME_WIDTH)
            if end > start:
                out[top:top + rows, start:end] = block[:rows, start - x0:end - x0]
            if mode_line.shift and MODES[mode_line.mode].hires:
                # the colour clocks the shift empties on the left show the PF2 background
                out[top:top + rows, dl.left:max(dl.left, min(x0, window_end))] = PF2
        return out

    def _render_with_fonts(self, mode_line: ModeLine, top: int, fonts: FontRows | None) -> np.ndarray:
        """The mode line's block, each row drawn with the font its row has (a character mode
        whose CHBASE or CHACTL changes within it is drawn once per font)."""
        if fonts is None:
            return self._render_mode_line(mode_line, (self.chbase, self.chactl))
        rows = range(top, min(top + mode_line.height, DISPLAY_LINES))
        row_fonts = [(int(fonts[0][row]), int(fonts[1][row])) for row in rows] or [(self.chbase, self.chactl)]
        if not MODES[mode_line.mode].character or len(set(row_fonts)) == 1:
            return self._render_mode_line(mode_line, row_fonts[0])
        blocks = {font: self._render_mode_line(mode_line, font) for font in set(row_fonts)}
        block = blocks[row_fonts[0]].copy()
        for number, font in enumerate(row_fonts):
            block[number] = blocks[font][number]
        return block

    def _render_mode_line(self, mode_line: ModeLine, font: tuple[int, int]) -> np.ndarray:
        """The mode line's scanlines (rows first_row.. of its characters), as wide as it fetched,
        with ``font`` = (CHBASE, CHACTL)."""
        data = _screen_bytes(self.ram_view, mode_line.address, mode_line.size)
        spec = MODES[mode_line.mode]
        if not spec.character:
            block = self._render_map(data, spec)
        elif spec.hires:
            block = self._render_hires_text(data, spec, font)
        elif spec.bits_per_pixel == 2:
            block = self._render_four_colour_text(data, spec, font)
        else:
            block = self._render_big_text(data, spec, font)
        natural = block.shape[0]
        if mode_line.first_row == 0 and mode_line.height == natural:
            return block
        rows = (mode_line.first_row + np.arange(mode_line.height)) % natural
        repeated: np.ndarray = block[rows]
        return repeated

    def _glyph_rows(self, codes: np.ndarray, font_mask: int, glyphs: int, font: tuple[int, int]) -> np.ndarray:
        """(8, n) array: row r of the glyph of every character code."""
        chbase, chactl = font
        base = (chbase << 8) & font_mask
        bitmaps = self.ram_view[base:base + glyphs * 8].reshape(glyphs, 8)
        rows: np.ndarray = bitmaps[codes % glyphs].T
        if chactl & 0x04:
            rows = rows[::-1]
        return rows

    def _render_hires_text(self, codes: np.ndarray, spec: ModeSpec, font: tuple[int, int]) -> np.ndarray:
        n = codes.shape[0]
        rows = self._glyph_rows(codes & 0x7F, 0xFC00, spec.glyphs, font)
        if spec.height == DESCENDER_HEIGHT:
            rows = self._descender_rows(codes, rows)
        bits = np.unpackbits(rows[:, :, None], axis=2)  # (h, n, 8)
        high = (codes & 0x80) != 0
        if font[1] & 0x01:
            bits[:, high, :] = 0
        if font[1] & 0x02:
            bits[:, high, :] ^= 1
        return np.where(bits.reshape(bits.shape[0], n * 8), HIRES, PF2).astype(np.uint8)

    @staticmethod
    def _descender_rows(codes: np.ndarray, rows: np.ndarray) -> np.ndarray:
        """Mode 3: ten scanlines; lower-case characters ($60-$7F) drop by two lines."""
        n = codes.shape[0]
        tall = np.zeros((10, n), dtype=np.uint8)
        low = (codes & 0x7F) >= 0x60
        tall[0:8, ~low] = rows[:, ~low]
        tall[2:8, low] = rows[2:8, low]
        tall[8:10, low] = rows[0:2, low]
        return tall

    def _render_four_colour_text(self, codes: np.ndarray, spec: ModeSpec, font: tuple[int, int]) -> np.ndarray:
        rows = self._glyph_rows(codes & 0x7F, 0xFC00, spec.glyphs, font)  # (8, n)
        pixels = np.stack([(rows >> shift) & 3 for shift in (6, 4, 2, 0)], axis=2)  # (8, n, 4)
        colour = pixels.astype(np.uint8)  # 0 BK, 1 PF0, 2 PF1, 3 PF2
        inverse = (codes & 0x80) != 0
        colour[:, inverse, :] = np.where(colour[:, inverse, :] == 3, PF3, colour[:, inverse, :])
        image = np.repeat(colour.reshape(8, -1), spec.pixel_width, axis=1)
        return np.repeat(image, spec.height // 8, axis=0)

    def _render_big_text(self, codes: np.ndarray, spec: ModeSpec, font: tuple[int, int]) -> np.ndarray:
        rows = self._glyph_rows(codes & 0x3F, 0xFE00, spec.glyphs, font)  # (8, n)
        bits = np.unpackbits(rows[:, :, None], axis=2)  # (8, n, 8)
        colour = (1 + (codes >> 6)).astype(np.uint8)  # PF0..PF3
        image = np.where(bits, colour[None, :, None], BK).astype(np.uint8).reshape(8, -1)
        image = np.repeat(image, spec.pixel_width, axis=1)
        return np.repeat(image, spec.height // 8, axis=0)

    @staticmethod
    def _render_map(data: np.ndarray, spec: ModeSpec) -> np.ndarray:
        """One scanline of a map mode (the mode line repeats it)."""
        if spec.bits_per_pixel == 1:
            pixels = np.unpackbits(data)
            if spec.hires:
                colour = np.where(pixels, HIRES, PF2).astype(np.uint8)
            else:
                colour = pixels.astype(np.uint8)  # 0 BK, 1 PF0
        else:  # two bits per pixel: 0 BK, 1 PF0, 2 PF1, 3 PF2
            colour = np.stack([(data >> shift) & 3 for shift in (6, 4, 2, 0)], axis=1).reshape(-1)
            colour = colour.astype(np.uint8)
        return np.repeat(colour, spec.pixel_width)[None, :]
