"""ANTIC's DMA cycle stealing: which of a frame's 29,868 cycles the CPU does not get.

ANTIC halts the 6502 (through RDY) for every byte it reads from memory and for the
memory refresh.  The facts (Atari Home Computer Hardware Manual, "cycle counting";
De Re Atari, chapter 2; Altirra Hardware Reference Manual, "ANTIC"):

* one cycle per display list byte (instruction, and the two address bytes of LMS,
  JMP and JVB), on the first scanline of the instruction, at cycles 0, 5 and 6;
* playfield data: a map mode reads its bytes on the first scanline of the mode
  line only; a character mode reads the character names on the first scanline
  of a row and the character's bitmap byte on every scanline;
* memory refresh: 9 cycles on every scanline, every fourth cycle from cycle 25
  on; a refresh slot that playfield DMA occupies is lost, so the first line of a
  40-column text row keeps only one refresh (two at narrow width), as the
  Hardware Manual states;
* players and missiles (DMACTL bits 3 and 2; player DMA implies missile DMA):
  four player bytes and one missile byte on every displayed scanline.

Where the playfield bytes fall in a scanline is spread evenly over the playfield
window (80 cycles from cycle 26 at normal width, 64 from 30 narrow, 96 from 18
wide); names and bitmap bytes of a character row's first line interleave.  The
cycle positions decide little beyond refresh collisions; the counts are the
documented ones.  A horizontally scrolled line (HS) fetches the next wider
playfield's bytes in that width's window.  Player/missile DMA costs the same
at one and two scanlines per byte: ANTIC reads on every scanline (Altirra
Hardware Reference Manual, "Player/missile DMA").  Not modelled: that a real
6502 is not halted during its write cycles.

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

from emulator.antic import FIRST_DISPLAY_LINE, LINES_PER_FRAME, MODES, VBLANK_LINE, DisplayList
from emulator.video import CYCLES_PER_LINE, NTSC

CYCLES_PER_FRAME = NTSC.cycles_per_frame

DISPLAY_LIST_CYCLES = (0, 5, 6)
PLAYER_CYCLES = (1, 2, 3, 4)
MISSILE_CYCLE = 113
REFRESH_CYCLES = tuple(range(25, 25 + 9 * 4, 4))
#: playfield width in hi-res pixels -> (first cycle, number of cycles) of the fetch window
PLAYFIELD_WINDOW = {256: (30, 64), 320: (26, 80), 384: (18, 96)}

DMACTL_MISSILES, DMACTL_PLAYERS = 0x04, 0x08


@lru_cache(maxsize=256)
def line_busy_cycles(dl_bytes: int, names: int, bitmaps: int, window: tuple[int, int], pm: int) -> frozenset[int]:
    """The cycles (0-113) ANTIC takes in one scanline.

    ``names``: playfield bytes read from screen memory (character names or map
    bytes); ``bitmaps``: character bitmap bytes; ``pm``: 0 none, 1 missiles,
    5 players and missiles.
    """
    busy = set(DISPLAY_LIST_CYCLES[:dl_bytes])
    start, length = window
    if names:
        step = max(1, length // names)
        busy.update(start + step * i for i in range(names))
        if bitmaps:
            busy.update(start + step * i + 1 for i in range(bitmaps))
    elif bitmaps:
        step = max(1, length // bitmaps)
        busy.update(start + step * i for i in range(bitmaps))
    if pm:
        busy.add(MISSILE_CYCLE)
        if pm > 1:
            busy.update(PLAYER_CYCLES)
    refresh = [cycle for cycle in REFRESH_CYCLES if cycle not in busy]
    busy.update(refresh)
    return frozenset(cycle for cycle in busy if 0 <= cycle < CYCLES_PER_LINE)


def line_loads(display_list: DisplayList, dmactl: int,
               lines: int = LINES_PER_FRAME) -> tuple[tuple[int, int, int, int, int], ...]:
    """(dl_bytes, names, bitmaps, pm, fetch width) for each of the frame's scanlines."""
    dl_bytes = [0] * lines
    names = [0] * lines
    bitmaps = [0] * lines
    widths = [display_list.width] * lines
    for line, count in display_list.fetches:
        dl_bytes[line] = count
    for mode_line in display_list.mode_lines:
        end = min(mode_line.line + mode_line.height, VBLANK_LINE)
        if not mode_line.replayed:  # a replay of the line buffer fetches no names (emulator/antic.py)
            names[mode_line.line] = mode_line.size
        fetch_width = mode_line.fetch_width or display_list.width
        for line in range(mode_line.line, end):
            widths[line] = fetch_width
        if MODES[mode_line.mode].character:
            for line in range(mode_line.line, end):
                bitmaps[line] = mode_line.size
    pm = 5 if dmactl & DMACTL_PLAYERS else 1 if dmactl & DMACTL_MISSILES else 0
    return tuple(
        (dl_bytes[line], names[line], bitmaps[line], pm if FIRST_DISPLAY_LINE <= line < VBLANK_LINE else 0,
         widths[line])
        for line in range(lines)
    )


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


def timeline(display_list: DisplayList, dmactl: int, lines: int = LINES_PER_FRAME) -> DmaTimeline:
    """The DMA timeline of a frame with this display list and DMACTL (cached; the same parsed
    display list again, as ANTIC keeps it while it is unchanged, is found without a key)."""
    global _last
    players_missiles = dmactl & (DMACTL_MISSILES | DMACTL_PLAYERS)
    if _last is not None and _last[0] is display_list and _last[1:3] == (players_missiles, lines):
        return _last[3]
    key = (
        lines, dmactl & (DMACTL_MISSILES | DMACTL_PLAYERS), display_list.width, display_list.fetches,
        tuple((m.line, m.height, m.mode, m.size, m.fetch_width, m.replayed) for m in display_list.mode_lines),
    )
    cached = _cache.get(key)
    if cached is not None:
        _last = (display_list, players_missiles, lines, cached)
        return cached
    busy = np.zeros((lines, CYCLES_PER_LINE), dtype=bool)
    for line, (dl_bytes, names, bitmaps, pm, width) in enumerate(line_loads(display_list, dmactl, lines)):
        window = PLAYFIELD_WINDOW.get(width, PLAYFIELD_WINDOW[320])
        busy[line, sorted(line_busy_cycles(dl_bytes, names, bitmaps, window, pm))] = True
    result = DmaTimeline(busy.reshape(-1))
    if len(_cache) >= CACHE_SIZE:
        _cache.pop(next(iter(_cache)))
    _cache[key] = result
    _last = (display_list, players_missiles, lines, result)
    return result
