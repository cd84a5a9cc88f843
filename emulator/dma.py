"""ANTIC's DMA cycle stealing: which of a frame's 29,868 cycles the CPU does not get.

ANTIC halts the 6502 (through RDY) for every byte it reads from memory and for the
memory refresh.  A scan line's cycles are numbered as in the Altirra Hardware Reference
Manual (AHRM), "ANTIC", "DMA timing": cycle 0 is the machine's line start
(``frame_start + line * 114``), and the Atari Hardware Manual's "M I P P P P A A" fills
cycles 0-7:

* cycle 0: the missile byte, cycles 2-5: the four player bytes (DMACTL bits 2 and 3;
  player DMA implies missile DMA), on every scanline 8-247, also at two lines a byte
  (ANTIC reads on every scanline; AHRM, "Player/missile DMA");
* cycle 1: the display list instruction, on the first scanline of the instruction;
  cycles 6 and 7: the two address bytes of LMS, JMP and JVB;
* playfield data: the DMA clock starts at cycle 26 (narrow), 18 (normal) or 10 (wide),
  one cycle later for every two colour clocks of HSCROL on a horizontally scrolled line
  (which fetches the next wider playfield), or where a DMACTL or HSCROL write during the
  line moved it (``ModeLine.clock``, emulator/antic.py: ``clock_edges``), and ticks every 2 cycles (modes 2-5, D-F),
  4 (6, 7, A-C) or 8 (8, 9).  A character mode reads the character names at the ticks on
  the first scanline of a row and each character's bitmap byte three cycles after its
  name on every scanline; a map mode reads its bytes two cycles after the ticks, on the
  mode line's first scanline only (AHRM, "Playfield DMA": "every 2 from 10/18/26"
  (character names), "every 2 from 12/20/28" (map bytes)).  No playfield fetch takes
  cycles 106-113: a fetch there is virtual (it does not halt the CPU);
* memory refresh: nine requests, at cycles 25, 29, ... 57; a request whose cycle is busy
  takes the next free cycle (up to 106), and a request that finds the refresh still at or
  past its own cycle is dropped, so the first line of a 40-column text row keeps only one
  refresh (two at narrow width), as the Hardware Manual states (AHRM, "Refresh DMA").

The 6502 is not halted during its write cycles; the model halts it on every DMA cycle it
would have used (a write that meets a DMA cycle is rare: the stack pushes of an interrupt,
the last cycles of a store).

PAL frames have 312 scanlines (``timeline(..., lines=312)``); the display and
its DMA are the same, the extra lines are blank.

``timeline(display_list, dmactl)`` gives a :class:`DmaTimeline` for one frame
(cached: frames usually look alike), which the machine uses to run the CPU for
the free cycles only.
"""

from __future__ import annotations

from array import array
from functools import lru_cache

import numpy as np

from emulator.antic import (
    FIRST_DISPLAY_LINE,
    LINES_PER_FRAME,
    MODES,
    PLAYFIELD,
    PLAYFIELD_DMA_START,
    VBLANK_LINE,
    WIDER,
    DisplayList,
    ModeLine,
)
from emulator.video import CYCLES_PER_LINE, NTSC

CYCLES_PER_FRAME = NTSC.cycles_per_frame

MISSILE_CYCLE = 0
DISPLAY_LIST_CYCLES = (1, 6, 7)  # the instruction, then the two address bytes
PLAYER_CYCLES = (2, 3, 4, 5)
#: the nine refresh requests of a scan line, and the last cycle a delayed one may take
REFRESH_REQUESTS = tuple(range(25, 25 + 9 * 4, 4))
REFRESH_LAST = 106
#: playfield fetches at and after this cycle are virtual: they take no cycle from the CPU
PLAYFIELD_DMA_END = 106
MAP_DATA_DELAY = 2  # a map mode's byte comes two cycles after the clock's tick
CHARACTER_DATA_DELAY = 3  # a character's bitmap byte comes three cycles after its name

DMACTL_MISSILES, DMACTL_PLAYERS = 0x04, 0x08


@lru_cache(maxsize=256)
def line_busy_cycles(dl_bytes: int, names: int, bitmaps: int, width: int, pm: int, delay: int = 0,
                     clock: tuple[int, int] = (0, 0), carried: tuple[int, ...] = ()) -> frozenset[int]:
    """The cycles (0-113) ANTIC takes in one scanline.

    ``names``: playfield bytes read from screen memory (character names or map bytes);
    ``bitmaps``: character bitmap bytes (both on a character row's first scanline, only
    bitmaps on its later ones, only names on a map mode's first scanline); ``width``: the
    fetched playfield's width in hi-res pixels; ``pm``: 0 none, 1 missiles, 5 players and
    missiles; ``delay``: the cycles HSCROL delays the playfield DMA by; ``clock``: the DMA
    clock's first cycle and cycles a fetch when a write during the line moved its edges
    (``ModeLine.clock``; (0, 0): by the width and delay); ``carried``: cycles the fetches of the
    line before take, its DMA clock having run on past its end (``carried_cycles``).
    """
    busy = set(DISPLAY_LIST_CYCLES[:dl_bytes])
    busy.update(carried)
    busy.update(playfield_cycles(names, bitmaps, width, delay, clock))
    if pm:
        busy.add(MISSILE_CYCLE)
        if pm > 1:
            busy.update(PLAYER_CYCLES)
    busy.update(refresh_cycles(busy))
    return frozenset(busy)


def playfield_cycles(names: int, bitmaps: int, width: int, delay: int = 0,
                     clock: tuple[int, int] = (0, 0)) -> list[int]:
    """The cycles of a scanline's playfield fetches (see the module docstring)."""
    return [cycle for cycle in _fetch_cycles(names, bitmaps, width, delay, clock) if cycle < PLAYFIELD_DMA_END]


def carried_cycles(names: int, bitmaps: int, width: int, delay: int = 0,
                   clock: tuple[int, int] = (0, 0)) -> tuple[int, ...]:
    """The cycles of the next scan line that the fetches of a DMA clock running on past this
    line's end take (ANTIC's HSCROL bug: emulator/antic.py, ``clock_edges``)."""
    return tuple(sorted({cycle - CYCLES_PER_LINE for cycle in _fetch_cycles(names, bitmaps, width, delay, clock)
                         if CYCLES_PER_LINE <= cycle < CYCLES_PER_LINE + PLAYFIELD_DMA_END}))


def _fetch_cycles(names: int, bitmaps: int, width: int, delay: int, clock: tuple[int, int]) -> list[int]:
    """The cycles of the playfield fetches counted from the line's start, also those past it."""
    count = names or bitmaps
    if not count:
        return []
    start = PLAYFIELD_DMA_START.get(width, PLAYFIELD_DMA_START[320]) + delay
    step = max(1, (width or 320) // 4 // count)  # the window: a cycle every four hi-res pixels
    if clock[1]:
        start, step = clock
    ticks = [start + step * i for i in range(count)]
    if names and not bitmaps:
        return [tick + MAP_DATA_DELAY for tick in ticks]
    cycles = [tick + CHARACTER_DATA_DELAY for tick in ticks]
    if names:
        cycles += ticks
    return cycles


def refresh_cycles(busy: set[int]) -> list[int]:
    """The refresh cycles of a scanline whose other DMA takes ``busy``: each request takes
    its own cycle or the next free one, and is dropped if an earlier refresh already got
    to its cycle (AHRM, "Refresh DMA")."""
    taken: list[int] = []
    scan = REFRESH_REQUESTS[0] - 1
    for request in REFRESH_REQUESTS:
        if scan >= request:
            continue
        scan = request
        while scan <= REFRESH_LAST:
            scan += 1
            if scan - 1 not in busy:
                taken.append(scan - 1)
                break
    return taken


def width_change_counts(write_cycle: int, width: int, new_width: int, delay: int = 0) -> bool:
    """Does a DMACTL write in ``write_cycle`` of a scan line that changes the playfield width
    (hi-res pixels, from ``width`` to ``new_width``) change that line's playfield DMA?  Only if
    it comes before the cycle before the line's DMA clock starts (cycle 26/18/10, + HSCROL / 2
    on a scrolled line, for the width it had; for the new one if the playfield was off): once
    the clock runs, the line keeps its start (AHRM, "Playfield DMA"; Acid800's "Playfield start
    timing")."""
    start = PLAYFIELD_DMA_START.get(width or new_width)
    return start is not None and write_cycle < start + delay - 1


#: what line_busy_cycles needs of a scan line: display list bytes, names, bitmaps, player/missile
#: DMA, fetch width, HSCROL delay, DMA clock (start, step) if a write moved it, cycles the line
#: before's fetches take on it (a clock run on past that line's end)
LineLoad = tuple[int, int, int, int, int, int, tuple[int, int], tuple[int, ...]]


def line_loads(display_list: DisplayList, dmactl: int, lines: int = LINES_PER_FRAME,
               changes: tuple[tuple[int, int], ...] = ()) -> tuple[LineLoad, ...]:
    """(dl_bytes, names, bitmaps, pm, fetch width, HSCROL delay, clock, carried) for each of the frame's
    scanlines.

    ``changes``: (first scanline, DMACTL) of writes during the frame, in order: from that line
    on, its width and player/missile DMA.  A mode line whose first scan line's DMA clock a write
    moved (``ModeLine.clock``) fetches its ticks there."""
    line_dmactl = [dmactl] * lines
    for first, value in changes:
        line_dmactl[first:] = [value] * (lines - first)
    dl_bytes = [0] * lines
    names = [0] * lines
    bitmaps = [0] * lines
    widths = [display_list.width] * lines
    delays = [0] * lines
    clocks = [(0, 0)] * lines
    carried: list[tuple[int, ...]] = [()] * lines
    for line, count in display_list.fetches:
        dl_bytes[line] = count
    for mode_line in display_list.mode_lines:
        spec = MODES[mode_line.mode]
        for line in range(mode_line.line, min(mode_line.line + mode_line.height, VBLANK_LINE)):
            width, size = _fetch(mode_line, display_list, (line_dmactl[line] ^ dmactl) & 0x03, line_dmactl[line])
            widths[line] = width
            delays[line] = mode_line.shift >> 1  # a cycle for every two colour clocks of HSCROL
            if line == mode_line.line and mode_line.clock:
                size = mode_line.advance
                clocks[line] = (mode_line.clock[0], spec.dma_step)
                if mode_line.clock[1] > CYCLES_PER_LINE and line + 1 < lines:
                    fetched = (0 if mode_line.replayed else size, size if spec.character else 0)
                    carried[line + 1] = carried_cycles(*fetched, width, 0, clocks[line])
            if line == mode_line.line and not mode_line.replayed:  # a replay of the line buffer
                names[line] = size  # fetches no names (emulator/antic.py)
            if spec.character:
                bitmaps[line] = size
    return tuple(
        (dl_bytes[line], names[line], bitmaps[line],
         _pm(line_dmactl[line]) if FIRST_DISPLAY_LINE <= line < VBLANK_LINE else 0, widths[line], delays[line],
         clocks[line], carried[line])
        for line in range(lines)
    )


def _fetch(mode_line: ModeLine, display_list: DisplayList, changed: int, dmactl: int) -> tuple[int, int]:
    """(fetch width, bytes) of a mode line's scanline: as parsed, or with a width DMACTL changed
    to during the frame (a horizontally scrolled line, which fetched wider than the frame's
    width, fetches the next wider playfield)."""
    if not changed:
        return mode_line.fetch_width or display_list.width, mode_line.size
    width_code = dmactl & 0x03
    if width_code and mode_line.fetch_width > display_list.width:
        width_code = WIDER[width_code]
    width = PLAYFIELD[width_code][0]
    return width, MODES[mode_line.mode].bytes_at(width)


def _pm(dmactl: int) -> int:
    """Player/missile DMA of a line: 0 none, 1 missiles, 5 players and missiles (which players imply)."""
    return 5 if dmactl & DMACTL_PLAYERS else 1 if dmactl & DMACTL_MISSILES else 0


class DmaTimeline:
    """For one frame: how many cycles the CPU gets before each cycle, and the inverse."""

    def __init__(self, busy: np.ndarray) -> None:
        free = ~busy
        self.frame_cycles = frame_cycles = int(busy.shape[0])
        before = np.zeros(frame_cycles + 1, dtype=np.int32)
        np.cumsum(free, out=before[1:])
        self.free_cycles = int(before[-1])
        self.stolen_cycles = frame_cycles - self.free_cycles
        #: free_before[r]: CPU cycles in the frame's first r cycles
        self.free_before = array("i", before.tobytes())
        #: real_after[c]: the first frame cycle by which the CPU has had c cycles
        real_after = np.searchsorted(before, np.arange(self.free_cycles + 1), side="left").astype(np.int32)
        self.real_after = array("i", real_after.tobytes())

    def free_between(self, start: int, end: int) -> int:
        """CPU cycles between frame offsets ``start`` and ``end`` (0..29,868)."""
        return self.free_before[end] - self.free_before[start]

    def real_span(self, start: int, used: int) -> int:
        """Frame cycles that pass from offset ``start`` while the CPU executes ``used`` cycles."""
        if used <= 0:
            return 0
        target = self.free_before[start] + used
        if target <= self.free_cycles:
            return self.real_after[target] - start
        return self.frame_cycles + (target - self.free_cycles) - start  # past the frame's end


_cache: dict[tuple[object, ...], DmaTimeline] = {}
CACHE_SIZE = 32
_last: tuple[DisplayList, int, int, DmaTimeline] | None = None  # the last display list asked for


def timeline(display_list: DisplayList, dmactl: int, lines: int = LINES_PER_FRAME,
             changes: tuple[tuple[int, int], ...] = ()) -> DmaTimeline:
    """The DMA timeline of a frame with this display list and DMACTL, and the DMACTL writes of
    ``changes`` (see line_loads) (cached; the same parsed display list again, as ANTIC keeps it
    while it is unchanged, is found without a key)."""
    global _last
    players_missiles = dmactl & (DMACTL_MISSILES | DMACTL_PLAYERS)
    if not changes and _last is not None and _last[0] is display_list and _last[1:3] == (players_missiles, lines):
        return _last[3]
    key = (
        lines, dmactl & (DMACTL_MISSILES | DMACTL_PLAYERS), display_list.width, display_list.fetches,
        tuple((m.line, m.height, m.mode, m.size, m.fetch_width, m.shift, m.replayed, m.clock)
              for m in display_list.mode_lines),
        tuple((first, value & 0x0F) for first, value in changes), dmactl & 0x03 if changes else 0,
    )
    cached = _cache.get(key)
    if cached is not None:
        if not changes:
            _last = (display_list, players_missiles, lines, cached)
        return cached
    busy = np.zeros((lines, CYCLES_PER_LINE), dtype=bool)
    loads = line_loads(display_list, dmactl, lines, changes)
    for line, (dl_bytes, names, bitmaps, pm, width, delay, clock, carry) in enumerate(loads):
        busy[line, sorted(line_busy_cycles(dl_bytes, names, bitmaps, width, pm, delay, clock, carry))] = True
    result = DmaTimeline(busy.reshape(-1))
    if len(_cache) >= CACHE_SIZE:
        _cache.pop(next(iter(_cache)))
    _cache[key] = result
    if not changes:
        _last = (display_list, players_missiles, lines, result)
    return result
