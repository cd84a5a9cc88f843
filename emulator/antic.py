"""ANTIC ($D400-$D40F, mirrored through $D4FF): display list, NMIs, WSYNC, VCOUNT, rendering.

Registers: DMACTL $D400 (bits 0-1 playfield width, bit 5 display list DMA),
CHACTL $D401 (bit 0 blank, bit 1 inverse video for characters with bit 7
set, bit 2 all characters upside down), DLISTL/H $D402/3, HSCROL/VSCROL
$D404/5 (fine scrolling, below), PMBASE $D407 (players and missiles: read by
emulator/pmg.py), CHBASE $D409, WSYNC $D40A (write: the CPU waits for the end of the
scanline), VCOUNT $D40B (read: scanline / 2), NMIEN $D40E, NMIRES $D40F
(write) / NMIST $D40F (read: bit 7 DLI, bit 6 VBI, bit 5 RESET).

Timing model (NTSC): a frame is 262 scanlines of 114 CPU cycles.  The display
list is read at the start of each frame (scanline 8) into a list of mode lines;
a DLI fires at the start of the last scanline of a mode line whose instruction
has bit 7 set, the VBI at the start of scanline 248.  The parsed display list
also records which scanline fetched how many display list bytes, from which
emulator/dma.py works out the cycles ANTIC steals from the CPU.

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
holds, its DLI included (``_held_instruction_dlis``).  Model limit:
the whole frame's list is read at its top, so a write to DLISTL/H during the
display takes effect at the next frame.  The last parse is kept and given again
while the frame starts at the same display list counter and memory scan counter,
with the same DMACTL, HSCROL and VSCROL, and the bytes it read unchanged
(``parse_display_list``).

Fine scrolling (De Re Atari, chapter 6; Altirra Hardware Reference Manual,
"ANTIC", horizontal and vertical scrolling):

* VS (instruction bit 5): a run of mode lines with VS set, plus the first mode
  line after it without VS, form the scrolling region.  The region's first line
  starts at row VSCROL of its characters (it shows height - VSCROL scanlines),
  the last one (without VS) ends at row VSCROL (VSCROL + 1 scanlines); lines in
  between are whole.  A row counter past the mode's height repeats its rows.
* HS (instruction bit 4): the line fetches the next wider playfield (narrow ->
  normal -> wide; wide stays wide) and the memory scan counter advances by that
  many bytes; the fetched picture starts at the left edge of that wider window,
  shifted right by HSCROL colour clocks, and is shown through the DMACTL window.
  The extra bytes cost DMA cycles (emulator/dma.py).
HSCROL and VSCROL are read when the display list is read at the top of the frame
(programs change them in the vertical blank, as De Re Atari advises).  CHBASE and
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

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from emulator.video import NTSC

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

    @cached_property
    def packed(self) -> bytes:
        """The mode lines as int32s, eight a line in ModeLine's field order (for emulator/_videocore.c)."""
        fields = [(m.line, m.height, m.mode, m.address, m.size, m.first_row, m.fetch_width, m.shift)
                  for m in self.mode_lines]
        return np.array(fields, dtype=np.int32).tobytes()


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


def _spans(ram: bytearray, addresses: list[int]) -> list[tuple[int, int, bytes]]:
    """Runs of consecutive ``addresses`` as (start, end, the bytes there now)."""
    spans: list[tuple[int, int, bytes]] = []
    for address in sorted(set(addresses)):
        if spans and spans[-1][1] == address:
            spans[-1] = (spans[-1][0], address + 1, b"")
        else:
            spans.append((address, address + 1, b""))
    return [(start, end, bytes(ram[start:end])) for start, end, _ in spans]


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
        self.frame_start_font = (0, 0)  # CHBASE, CHACTL at the top of the frame
        self.font_log: list[tuple[int, int, int]] = []  # (scanline, register, value) of their writes
        self._steady_font_rows: tuple[tuple[int, int], FontRows] | None = None  # font_rows without writes
        # the last parse: (DMACTL, start, memory scan counter, HSCROL, VSCROL), spans of the bytes
        # it read (start, end, bytes), its result
        self._parsed: tuple[tuple[int, int, int, int, int], list[tuple[int, int, bytes]], DisplayList] | None = None

    # -- display list -------------------------------------------------------------

    def parse_display_list(self, start: int | None = None, memory_scan: int | None = None) -> DisplayList:
        """Read the display list from ``start`` (default: the counter) with the memory scan
        counter at ``memory_scan`` (default: the counter's) as ANTIC would during one frame; the
        counters themselves are left alone (``begin_frame`` moves them).  The last parse is
        given again while its start, memory scan counter, registers and the display list's
        bytes are as they were then."""
        pc = self.dlist if start is None else start
        if memory_scan is None:
            memory_scan = self.memory_scan
        if not self.dmactl & 0x20:
            width, left = PLAYFIELD[self.dmactl & 3]
            return DisplayList([], self._held_instruction_dlis(), width, left, (), pc, memory_scan)
        key = (self.dmactl, pc, memory_scan, self.hscrol, self.vscrol)
        last = self._parsed
        ram = self.ram
        if last is not None and last[0] == key and all(ram[first:end] == saved for first, end, saved in last[1]):
            return last[2]
        reads: list[int] = []
        display_list = self._parse_display_list(pc, memory_scan, reads)
        self._parsed = (key, _spans(ram, reads), display_list)
        return display_list

    def _parse_display_list(self, pc: int, memory_scan: int, reads: list[int]) -> DisplayList:
        """The display list's mode lines from ``pc`` with the memory scan counter at
        ``memory_scan`` (display list DMA on); the addresses of the bytes it read go into ``reads``."""
        width_code = self.dmactl & 3
        width, left = PLAYFIELD[width_code]
        ram = _RecordingRam(self.ram, reads)
        line = FIRST_DISPLAY_LINE
        vscrolling = False  # the previous mode line had VS set
        mode_lines: list[ModeLine] = []
        dli_lines: list[int] = []
        fetches: list[tuple[int, int]] = []
        instructions: list[tuple[int, int]] = []
        while line < VBLANK_LINE:
            instruction = ram[pc]
            instructions.append((line, instruction))
            mode = instruction & 0x0F
            pc = _next_list_byte(pc)
            fetched = 1
            if mode == 0:
                height = ((instruction >> 4) & 7) + 1
                vscrolling = False
            elif mode == 1:
                target = ram[pc] | (ram[_next_list_byte(pc)] << 8)
                fetches.append((line, 3))
                pc = target
                if instruction & 0x40:  # JVB: blank until vertical blank, a DLI on every line
                    if instruction & 0x80:
                        dli_lines.extend(range(line, VBLANK_LINE))
                    break
                if instruction & 0x80:
                    dli_lines.append(line)
                height = 1
                fetched = 0
                vscrolling = False
            else:
                if instruction & 0x40:  # LMS
                    memory_scan = ram[pc] | (ram[_next_list_byte(pc)] << 8)
                    pc = _next_list_byte(_next_list_byte(pc))
                    fetched = 3
                spec = MODES[mode]
                natural = spec.height
                first_row, last_row = 0, natural - 1
                vs = bool(instruction & 0x20)
                if vs and not vscrolling:
                    first_row = self.vscrol & 0x0F  # the region's first line
                elif vscrolling and not vs:
                    last_row = self.vscrol & 0x0F  # the line that ends the region
                vscrolling = vs
                height = max(1, last_row - first_row + 1) if last_row >= first_row else last_row + 16 - first_row + 1
                fetch_width, shift = width, 0
                if instruction & 0x10 and width_code:  # HS: the next wider playfield
                    fetch_width = PLAYFIELD[WIDER[width_code]][0]
                    shift = self.hscrol & 0x0F
                size = spec.bytes_at(fetch_width)
                mode_lines.append(ModeLine(line, height, mode, memory_scan, size, first_row, fetch_width, shift))
                memory_scan = _advance_within_4k(memory_scan, size)
            if fetched:
                fetches.append((line, fetched))
            if instruction & 0x80 and mode != 1:
                last = line + height - 1
                if last < VBLANK_LINE:
                    dli_lines.append(last)
            line += height
        return DisplayList(mode_lines, dli_lines, width, left, tuple(fetches), pc, memory_scan,
                           tuple(instructions))

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
        self.display_list = self.parse_display_list()
        self.dlist = self.display_list.next_instruction
        self.memory_scan = self.display_list.next_memory_scan
        if self.display_list.instructions:
            self.instruction = self.display_list.instructions[-1][1]
        self.frame_start_font = (self.chbase, self.chactl)
        self.font_log = []
        return self.display_list

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
            self.dmactl = value
        elif reg == CHACTL:
            self.chactl = value
            self.font_log.append((self.scanline(), reg, value))
        elif reg == DLISTL:
            self.dlist = self.frame_dlist = (self.dlist & 0xFF00) | value
        elif reg == DLISTH:
            self.dlist = self.frame_dlist = (self.dlist & 0x00FF) | (value << 8)
        elif reg == HSCROL:
            self.hscrol = value
        elif reg == VSCROL:
            self.vscrol = value
        elif reg == PMBASE:
            self.pmbase = value
        elif reg == CHBASE:
            self.chbase = value
            self.font_log.append((self.scanline(), reg, value))
        elif reg == NMIEN:
            self.nmien = value
        elif reg == NMIRES:
            self.nmist = 0

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
        return display_list or self.parse_display_list(self.frame_dlist, self.frame_memory_scan)

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
