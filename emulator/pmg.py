"""GTIA's picture: playfield colours, players and missiles, priorities, collisions, GTIA modes 9-11.

The facts (Altirra Hardware Reference Manual, "GTIA" and "Player/missile
graphics"; De Re Atari, chapter 4; Mapping the Atari, $D000-$D01D; the GTIA
data sheet's priority equations):

* Horizontal positions are in colour clocks; HPOS $30 is the left edge of the
  normal playfield, so a colour clock c of our 384-pixel frame (two hi-res
  pixels each, the wide playfield's left edge at 0) is HPOS c + $20.
* A player is 8 bits, the leftmost bit is bit 7; SIZEPn bits 0-1 give 1, 2,
  1 or 4 colour clocks a bit (0 normal, 1 double, 2 normal, 3 quadruple).
  Missile n is bits 2n+1 (left) and 2n of GRAFM, its width SIZEM bits 2n-2n+1.
* Graphics come from GRAFPn/GRAFM (a written byte repeats on every scanline),
  or from DMA when DMACTL enables it (bit 3 players, bit 2 missiles) and GRACTL
  latches it (bit 1 players, bit 0 missiles): one scanline per byte (DMACTL bit
  4) from PMBASE (2K) + $300 missiles, $400 + $100 n players; two scanlines per
  byte from PMBASE (1K) + $180 / $200 + $80 n.  VDELAY (bit n+4 player n, bit n
  missile n) delays a double-line object by one scanline.
* Priority (PRIOR bits 0-3) by the GTIA data sheet's equations: each object
  (players P0-P3, playfields PF0-PF3, background) is selected or not, and the
  colours of the selected ones are ORed (so PRIOR 0 or conflicting bits mix
  colours).  PRIOR bit 4 turns the missiles into a fifth player: they feed the
  PF3 input instead of P0-P3 (colour COLPF3, Atari Hardware Manual p. III.8).
  Since SF0-SF2 carry /SF3, it covers every playfield whatever PRIOR says, but
  SF3 = PF3 * /(P23*PRI03) * /(P01*/PRI2) turns it off under a player that
  outranks PF3, and the pixel is then decided as without it (PRIOR 8: PF0 over
  P3 over the fifth player shows PF0); the equations and that anomaly as
  documented in Altirra's GTIA notes.  Bit 5 ORs the colours of overlapping
  players 0+1 and 2+3.
* Hi-res modes (ANTIC 2, 3, 15): the playfield is PF2, and a lit pixel keeps
  PF1's luminance whatever colour wins ("the text colour changes to the colour
  of the player, but its luminance is unaltered", The Atari XL Handbook, p. 184);
  for collisions only lit pixels count, as PF2.
* GTIA modes (PRIOR bits 6-7) read the hi-res data as one 4-bit pixel per two
  colour clocks: 9 ($40) luminance ORed into COLBK, 11 ($C0) hue ORed into
  COLBK, 10 ($80) a colour register: 0-3 COLPM0-3, 4-7 COLPF0-3, 8 COLBK (the
  nine documented colours; for 9-15, which no reference we checked spells
  out, we take COLBK for 9-11 and COLPF0-3 for 12-15), one colour clock late.
  The picture counts as background for priority; for collisions see below.
* Collisions: each missile and player against the playfield colours (before
  priority) and against the players; HITCLR clears them.  Only the visible part
  of a scanline collides, HPOS $22-$DD: nothing in horizontal blank (Altirra
  Hardware Reference Manual, "GTIA", collisions; Acid800's "GTIA: Collision test").
  GTIA modes 9 and 11 collide with no playfield; in mode 10 the pixels of colours
  COLPF0-3 collide as PF0-PF3 (``collisions``).  The machine asks for the rows and
  the part of the current row the beam has drawn (``frame_collisions``' pixels).
* Register writes during the frame take effect at the colour clock the beam is at when
  GTIA takes them: the write cycle's (two colour clocks a machine cycle, Mapping the
  Atari appendix 3; the beam's colour clock counts like HPOS) plus GTIA's delay, HPOS 5,
  SIZE and GRAF 3, PRIOR 2 colour clocks, the colours none (emulator/shifters.py's
  WRITE_DELAY): a write inside the frame's 192 colour clocks changes the rest of its row
  (the row is drawn in pieces, ``row_segments``), one left of them the whole row, one
  right of them the rows below.  A row in whose middle HPOS, SIZE or GRAF changes has its
  players and missiles shifted out by GTIA's shift registers (emulator/shifters.py:
  retriggering, overlapping images, resizing, the lock-up); the others are drawn at once,
  which is the same for them.  A hi-res row that starts in a GTIA mode switched off later
  shows the rest as pseudo mode E (``pseudo_rows``).

Everything is numpy over all pixels of the scanlines asked for; a frame
without player/missile graphics and GTIA modes takes the plain colour path.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from emulator.antic import BK, FIRST_DISPLAY_LINE, FRAME_WIDTH, HIRES, MODES, PF2, DisplayList, FontRows
from emulator.gtia import (
    COLBK,
    COLPF0,
    COLPF1,
    COLPM0,
    GRACTL,
    GRAFM,
    GRAFP0,
    HPOSM0,
    HPOSP0,
    PRIOR,
    SIZEM,
    SIZEP0,
    VDELAY,
)
from emulator.shifters import WRITE_DELAY, carry_locked, line_objects, shifters

COLOUR_CLOCKS = FRAME_WIDTH // 2  # 192
HPOS_OFFSET = 0x20  # HPOS of the frame's colour clock 0
#: GTIA takes a scan line's PRIOR (GTIA mode or not, see ``pseudo_rows``) from a write that takes
#: effect before this colour clock of the line (fitted to Acid800's "GTIA: Pseudo mode E", whose
#: PRIOR write in cycle 14 of the line is in time and one in cycle 15 is not; the write's colour
#: clock is its access cycle's, with ANTIC's DMA before it)
LINE_PRIOR_CLOCK = 0x22
#: the frame's pixels where objects collide: HPOS $22-$DD, between the horizontal blanks
COLLIDING = np.zeros(FRAME_WIDTH, dtype=bool)
COLLIDING[2 * (0x22 - HPOS_OFFSET):2 * (0xDE - HPOS_OFFSET)] = True
PLAYER_WIDTH = np.array([1, 2, 1, 4], dtype=np.int32)  # colour clocks per bit, by SIZE bits
DMACTL_MISSILES, DMACTL_PLAYERS, DMACTL_SINGLE_LINE = 0x04, 0x08, 0x10
GRACTL_MISSILES, GRACTL_PLAYERS = 0x01, 0x02
#: GTIA mode 10: the colour register of each pixel value
MODE10_REGISTERS = np.array([COLPM0, COLPM0 + 1, COLPM0 + 2, COLPM0 + 3, COLPF0, COLPF0 + 1, COLPF0 + 2,
                             COLPF0 + 3, COLBK, COLBK, COLBK, COLBK, COLPF0, COLPF0 + 1, COLPF0 + 2,
                             COLPF0 + 3], dtype=np.intp)


#: A logged GTIA write: (scan line, colour clock of the line, register, value).
Write = tuple[int, int, int, int]


@dataclass
class FrameState:
    """What GTIA and ANTIC's player/missile DMA need to draw a frame."""

    display_list: DisplayList
    start_registers: bytes  # GTIA's write registers at the top of the frame
    log: list[Write]  # the writes during the frame, in order
    dmactl: int
    pmbase: int
    fonts: FontRows | None = None  # ANTIC's CHBASE and CHACTL on each row (None: as they are now)


def write_position(scanline: int, clock: int) -> tuple[int, int]:
    """(displayed row, hi-res pixel) from which a write at ``clock`` of ``scanline`` shows.

    The beam's colour clock is HPOS (HPOS $20 is the frame's left edge, HPOS_OFFSET); a write
    left of the frame counts from its row's start, one right of it from the next row's start.
    (GTIA's own delay of a colour clock or two is not modelled.)
    """
    row, colour_clock = scanline - FIRST_DISPLAY_LINE, clock - HPOS_OFFSET
    if row < 0:
        return 0, 0
    if colour_clock >= COLOUR_CLOCKS:
        return row + 1, 0
    return row, 2 * max(0, colour_clock)


def register_table(start: bytes, log: list[Write], rows: int) -> np.ndarray:
    """(rows, 32) uint8: GTIA's write registers at the start of each displayed scanline."""
    table = np.empty((rows, 0x20), dtype=np.uint8)
    table[:] = np.frombuffer(start, dtype=np.uint8)
    for scanline, clock, reg, value in log:
        row, x = write_position(scanline, clock + WRITE_DELAY[reg])
        row += x > 0  # a write in the middle of a row: see mid_row_writes
        if row < rows:
            table[row:, reg] = value
    return table


def mid_row_writes(log: list[Write], first: int, last: int) -> dict[int, list[tuple[int, int, int]]]:
    """The writes that show from the middle of rows ``first``..``last`` - 1 (each from the colour
    clock GTIA takes it at, emulator/shifters.py's WRITE_DELAY): row -> [(x, reg, value)] in the
    order they take effect."""
    writes: dict[int, list[tuple[int, int, int]]] = {}
    for scanline, clock, reg, value in log:
        row, x = write_position(scanline, clock + WRITE_DELAY[reg])
        if x > 0 and first <= row < last:
            writes.setdefault(row, []).append((x, reg, value))
    for row_writes in writes.values():
        row_writes.sort(key=lambda write: write[0])  # stable: writes at one clock stay in order
    return writes


def row_segments(table: np.ndarray, row: int, writes: list[tuple[int, int, int]]
                 ) -> list[tuple[int, int, np.ndarray]]:
    """(start, end, registers) of the pieces of a row after its first: each write's registers
    from its pixel to the next write's (or the row's end)."""
    registers = table[row].copy()
    segments = []
    for number, (x, reg, value) in enumerate(writes):
        registers[reg] = value
        end = writes[number + 1][0] if number + 1 < len(writes) else FRAME_WIDTH
        if end > x:
            segments.append((x, end, registers.copy()))
    return segments


def uses_objects(state: FrameState) -> bool:
    """True if players or missiles may show in this frame (else the cheap colour path does)."""
    start = state.start_registers
    if state.dmactl & (DMACTL_PLAYERS | DMACTL_MISSILES) and start[GRACTL] & 3:
        return True
    if any(start[GRAFP0:GRAFM + 1]):
        return True
    return any(GRAFP0 <= reg <= GRAFM and value for _, _, reg, value in state.log) or any(
        reg == GRACTL and value & 3 and state.dmactl & 0x0C for _, _, reg, value in state.log)


def object_graphics(ram: np.ndarray, state: FrameState, table: np.ndarray, first: int) -> np.ndarray:
    """(rows, 5) uint8: the bytes of players 0-3 and of the missiles on each scanline."""
    rows = table.shape[0]
    scanlines = np.arange(first, first + rows) + FIRST_DISPLAY_LINE
    graf = table[:, GRAFP0:GRAFM + 1].copy()
    single = bool(state.dmactl & DMACTL_SINGLE_LINE)
    vdelay = table[:, VDELAY]
    for number in range(5):  # players 0-3, then the missiles
        player = number < 4
        # player DMA implies missile DMA (Altirra Hardware Reference Manual, DMACTL)
        if not state.dmactl & (DMACTL_PLAYERS if player else DMACTL_PLAYERS | DMACTL_MISSILES):
            continue
        dma_rows = np.nonzero(table[:, GRACTL] & (GRACTL_PLAYERS if player else GRACTL_MISSILES))[0]
        if not len(dma_rows):
            continue
        if single:
            base = (state.pmbase & 0xF8) << 8
            offset = (0x400 + 0x100 * number) if player else 0x300
            index = scanlines
        else:
            base = (state.pmbase & 0xFC) << 8
            offset = (0x200 + 0x80 * number) if player else 0x180
            delayed = (vdelay >> (number + 4 if player else 0)) & 1
            index = (scanlines - delayed) >> 1
        data = ram[(base + offset + (index & (0xFF if single else 0x7F))) & 0xFFFF]
        graf[dma_rows, number] = data[dma_rows]
    return graf


def _object_mask(hpos: np.ndarray, width: np.ndarray, bits: np.ndarray, size_bits: int) -> np.ndarray:
    """(rows, 384) bool: where an object of ``size_bits`` bits (leftmost = highest) shows."""
    rows = hpos.shape[0]
    mask = np.zeros((rows, FRAME_WIDTH), dtype=bool)
    hpos = hpos.astype(np.int32)
    left = max(0, int(hpos.min()) - HPOS_OFFSET)
    right = min(COLOUR_CLOCKS, int(hpos.max()) - HPOS_OFFSET + size_bits * int(width.max()))
    if right <= left:
        return mask
    clocks = np.arange(left, right, dtype=np.int32)[None, :] + HPOS_OFFSET
    offset = clocks - hpos[:, None]
    bit = offset // width[:, None]
    inside = (offset >= 0) & (bit < size_bits)
    shifted = bits.astype(np.int32)[:, None] << np.clip(bit, 0, size_bits - 1)
    on = inside & ((shifted & (1 << (size_bits - 1))) != 0)
    mask[:, 2 * left:2 * right] = np.repeat(on, 2, axis=1)
    return mask


def object_masks(table: np.ndarray, graf: np.ndarray) -> tuple[list[np.ndarray | None], list[np.ndarray | None]]:
    """Masks of players 0-3 and missiles 0-3 (None for an object with no bits on these scanlines)."""
    players: list[np.ndarray | None] = []
    missiles: list[np.ndarray | None] = []
    for number in range(4):
        bits = graf[:, number]
        if not bits.any():
            players.append(None)
            continue
        width = PLAYER_WIDTH[table[:, SIZEP0 + number] & 3]
        players.append(_object_mask(table[:, HPOSP0 + number], width, bits, 8))
    for number in range(4):
        bits = (graf[:, 4] >> (2 * number)) & 3
        if not bits.any():
            missiles.append(None)
            continue
        width = PLAYER_WIDTH[(table[:, SIZEM] >> (2 * number)) & 3]
        missiles.append(_object_mask(table[:, HPOSM0 + number], width, bits, 2))
    return players, missiles


def hires_rows(display_list: DisplayList, first: int, rows: int) -> np.ndarray:
    """(rows,) bool: the scanlines drawn by a hi-res mode line (ANTIC 2, 3, 15)."""
    result = np.zeros(rows, dtype=bool)
    for mode_line in display_list.mode_lines:
        if MODES[mode_line.mode].hires:
            top = mode_line.line - FIRST_DISPLAY_LINE - first
            result[max(0, top):max(0, min(rows, top + mode_line.height))] = True
    return result


def playfield_planes(indices: np.ndarray, hires: np.ndarray, gtia_rows: np.ndarray) -> list[np.ndarray]:
    """PF0-PF3 as bool planes for priority (a hi-res line is PF2 throughout; GTIA modes none)."""
    planes = [indices == value for value in (1, 2, 3, 4)]
    planes[2] = planes[2] | (indices == HIRES)
    if gtia_rows.any():
        for plane in planes:
            plane[gtia_rows] = False
    return planes


def collisions(indices: np.ndarray, hires: np.ndarray, gtia_modes: np.ndarray,
               players: list[np.ndarray | None], missiles: list[np.ndarray | None]) -> bytearray:
    """The 16 collision registers M0PF..P3PL for these scanlines (bits set by what overlapped).

    ``gtia_modes``: PRIOR bits 6-7 of each scanline.  GTIA modes 9 and 11 give no playfield
    collisions; in mode 10 a pixel of value 4-7 or 12-15 (a COLPF0-3 colour) collides as that
    playfield (Acid800's "GTIA: Special modes collision test" records this of real hardware)."""
    pf_bits = np.zeros(indices.shape, dtype=np.uint8)
    for value, bit in ((1, 1), (2, 2), (3, 4), (4, 8), (HIRES, 4)):
        pf_bits[indices == value] = bit
    pf_bits[hires[:, None] & (indices == PF2)] = 0  # a hi-res line's unlit pixels do not collide
    gtia_rows = gtia_modes != 0
    pf_bits[gtia_rows] = 0
    mode10 = gtia_modes == 2
    if mode10.any():
        rows = indices[mode10]
        nibble = mode10_delay(gtia_nibbles(rows), 0)
        shown = mode10_delay(rows != BK, False)
        pf_bits[mode10] = np.where(nibble & 4, 1 << (nibble & 3), 0) * shown
    result = bytearray(16)
    for number, mask in enumerate(missiles):
        if mask is None:
            continue
        result[number] = int(np.bitwise_or.reduce(pf_bits[mask], initial=0))
        result[8 + number] = sum(
            1 << p for p, other in enumerate(players) if other is not None and (mask & other).any()
        )
    for number, mask in enumerate(players):
        if mask is None:
            continue
        result[4 + number] = int(np.bitwise_or.reduce(pf_bits[mask], initial=0))
        result[12 + number] = sum(1 << p for p, other in enumerate(players)
                                  if p != number and other is not None and (mask & other).any())
    return result


def mode10_delay(pixels: np.ndarray, fill: int | bool) -> np.ndarray:
    """GTIA mode 10 shows its pixels one colour clock (two frame pixels) late (Altirra Hardware
    Reference Manual, "GTIA", mode 10; the collisions in Acid800's special modes test fall on
    that grid)."""
    delayed = np.full_like(pixels, fill)
    delayed[:, 2:] = pixels[:, :-2]
    return delayed


def gtia_nibbles(indices: np.ndarray) -> np.ndarray:
    """GTIA modes' pixel values: each four hi-res pixels read as one 4-bit value, repeated."""
    lit = (indices == HIRES).astype(np.uint8).reshape(indices.shape[0], -1, 4)
    nibble = (lit[:, :, 0] << 3) | (lit[:, :, 1] << 2) | (lit[:, :, 2] << 1) | lit[:, :, 3]
    repeated: np.ndarray = np.repeat(nibble, 4, axis=1)
    return repeated


def gtia_mode_colours(indices: np.ndarray, table: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """Colour bytes of the GTIA mode scanlines ``rows`` (BK outside the playfield)."""
    sub = indices[rows]
    regs = table[rows]
    nibble = gtia_nibbles(sub)
    background = regs[:, COLBK][:, None]
    mode = (regs[:, PRIOR] >> 6)[:, None]
    colour = np.where(mode == 1, background | nibble, background | (nibble << 4))
    mode10 = np.take_along_axis(regs, MODE10_REGISTERS[mode10_delay(nibble, 8)], axis=1)  # 8: COLBK
    colour = np.where(mode == 2, mode10, colour).astype(np.uint8)
    return np.where(sub == BK, np.broadcast_to(background, sub.shape), colour)


Masks = list[np.ndarray | None]


def compose(ram: np.ndarray, state: FrameState, indices: np.ndarray) -> np.ndarray:
    """Colour bytes of a frame: the playfield ``indices`` with players, missiles and priorities;
    a row with writes in its middle is drawn again from each write on with its registers (and
    a pseudo mode E row from its start)."""
    rows = indices.shape[0]
    table = register_table(state.start_registers, state.log, rows)
    mids = mid_row_writes(state.log, 0, rows)
    players, missiles = frame_objects(np.asarray(ram), state, table, 0, mids)
    colours = _compose_rows(state, indices, table, 0, players, missiles)
    pseudo = pseudo_rows(state, 0, rows)
    for row in sorted(mids.keys() | pseudo):
        row_players, row_missiles = _row_masks(players, row), _row_masks(missiles, row)
        for start, end, registers in row_pieces(table, row, mids.get(row, []), row in pseudo):
            playfield, hires = piece_playfield(indices[row:row + 1], registers, row in pseudo)
            piece = _compose_rows(state, playfield, registers[None, :], row, row_players, row_missiles, hires)
            colours[row, start:end] = piece[0, start:end]
    return colours


def row_pieces(table: np.ndarray, row: int, writes: list[tuple[int, int, int]], whole: bool
               ) -> list[tuple[int, int, np.ndarray]]:
    """(start, end, registers) of the pieces of a row after its first write (``row_segments``),
    with the first piece too if ``whole``."""
    segments = row_segments(table, row, writes)
    if not whole:
        return segments
    return [(0, writes[0][0] if writes else FRAME_WIDTH, table[row])] + segments


def line_start_priors(state: FrameState, rows: int) -> np.ndarray:
    """(rows,) uint8: PRIOR as GTIA has it when a scan line starts: written in time to be taken
    before colour clock LINE_PRIOR_CLOCK of its line, see ``pseudo_rows``."""
    priors = np.full(rows, state.start_registers[PRIOR], dtype=np.uint8)
    for scanline, clock, reg, value in state.log:
        if reg == PRIOR:
            row = max(0, scanline - FIRST_DISPLAY_LINE + (clock + WRITE_DELAY[PRIOR] >= LINE_PRIOR_CLOCK))
            priors[row:] = value
    return priors


def pseudo_rows(state: FrameState, first: int, last: int) -> set[int]:
    """The rows ``first``..``last`` - 1 that GTIA reads as pseudo mode E where PRIOR selects no
    GTIA mode: hi-res lines that started with a GTIA mode.  GTIA decides at a line's start
    whether it takes ANTIC's data as hi-res, and not if a GTIA mode is on; a mode switched off
    later in the line leaves the rest of it read as in the four-colour modes, each colour
    clock's two hi-res bits selecting PF0-PF3 (GTIA as the Altirra emulator models it;
    Acid800's "GTIA: Pseudo mode E": LINE_PRIOR_CLOCK)."""
    priors = line_start_priors(state, last)
    hires = hires_rows(state.display_list, 0, last)
    return {row for row in range(first, last) if hires[row] and priors[row] & 0xC0}


def piece_playfield(indices: np.ndarray, registers: np.ndarray, pseudo: bool) -> tuple[np.ndarray, np.ndarray | None]:
    """A piece's playfield and its hi-res flag (None: the display list's): in a pseudo mode E
    row, where PRIOR selects no GTIA mode, the hi-res bits of each colour clock as PF0-PF3."""
    if not pseudo or registers[PRIOR] & 0xC0:
        return indices, None
    lit = (indices == HIRES).astype(np.uint8).reshape(indices.shape[0], -1, 2)
    colour = np.repeat(1 + 2 * lit[:, :, 0] + lit[:, :, 1], 2, axis=1).astype(np.uint8)
    return np.where(indices == BK, BK, colour).astype(np.uint8), np.zeros(indices.shape[0], dtype=bool)


def frame_objects(ram: np.ndarray, state: FrameState, table: np.ndarray, first: int,
                  mids: dict[int, list[tuple[int, int, int]]]) -> tuple[Masks, Masks]:
    """Masks of players 0-3 and missiles 0-3 on the rows ``first``..``len(table)`` - 1 (None for
    an object that shows nowhere): from each row's registers at once, or from GTIA's shift
    registers for a row in whose middle HPOS, SIZE or GRAF is written (``mids``, rows from 0 on)
    and for the rows a locked-up shifter carries on into (``carry_locked``)."""
    rows = table.shape[0] - first
    if not uses_objects(state) or rows <= 0:
        return [None] * 4, [None] * 4
    graf = object_graphics(ram, state, table, 0)
    players, missiles = object_masks(table[first:], graf[first:])
    locked: dict[int, tuple[int, int]] = {}
    for row in range(table.shape[0]):
        writes = [(x // 2 + HPOS_OFFSET, reg, value) for x, reg, value in mids.get(row, []) if reg <= GRAFM]
        if not locked and (not writes or row < first and not any(SIZEP0 <= reg <= SIZEM for _, reg, _ in writes)):
            continue  # drawn at once (before ``first``: no lock-up can start there)
        objects = shifters(table[row].tobytes(), graf[row].tobytes())
        for number, (register, count) in locked.items():
            objects[number].register, objects[number].count = register, count
        shown = line_objects(objects, writes)
        locked = carry_locked(objects)
        if row >= first:
            _set_row(players, missiles, row - first, rows, shown)
    return players, missiles


def _set_row(players: Masks, missiles: Masks, row: int, rows: int, shown: bytearray) -> None:
    """Row ``row`` of the masks from a line's objects (bits 0-3 players, 4-7 missiles a colour clock)."""
    clocks = np.frombuffer(shown, dtype=np.uint8)[HPOS_OFFSET:HPOS_OFFSET + COLOUR_CLOCKS]
    pixels = np.repeat(clocks, 2)
    for number in range(8):
        on = (pixels >> number) & 1 != 0
        group, index = (players, number) if number < 4 else (missiles, number - 4)
        mask = group[index]
        if mask is None:
            if not on.any():
                continue
            mask = group[index] = np.zeros((rows, FRAME_WIDTH), dtype=bool)
        mask[row] = on


def _row_masks(masks: Masks, row: int) -> Masks:
    """The masks of row ``row`` alone."""
    return [None if mask is None else mask[row:row + 1] for mask in masks]


def _compose_rows(state: FrameState, indices: np.ndarray, table: np.ndarray, first: int,
                  players: Masks, missiles: Masks, hires: np.ndarray | None = None) -> np.ndarray:
    """Colour bytes of the rows ``first``.. with the registers ``table`` (a row each) and the
    objects' masks of these rows (``hires``: which rows are hi-res, if not the display list's)."""
    rows = indices.shape[0]
    if hires is None:
        hires = hires_rows(state.display_list, first, rows)
    gtia_rows = (table[:, PRIOR] & 0xC0) != 0
    colours_table = table[:, [COLBK, COLPF0, COLPF0 + 1, COLPF0 + 2, COLPF0 + 3]]
    base = np.take_along_axis(
        np.concatenate([colours_table, ((table[:, COLPF0 + 2] & 0xF0) | (table[:, COLPF1] & 0x0E))[:, None]], axis=1),
        indices.astype(np.intp), axis=1)
    if gtia_rows.any():
        base[gtia_rows] = gtia_mode_colours(indices, table, gtia_rows)
    masks = [mask for mask in players + missiles if mask is not None]
    if not masks:
        return base
    union = np.logical_or.reduce(masks)
    rows, columns = np.nonzero(union.any(axis=1))[0], np.nonzero(union.any(axis=0))[0]
    if not len(rows):
        return base
    # the priority logic only where objects are (outside, the playfield colours stand)
    box = (slice(int(rows[0]), int(rows[-1]) + 1), slice(int(columns[0]), int(columns[-1]) + 1))

    def crop(objects: Masks) -> Masks:
        return [None if mask is None else mask[box] for mask in objects]

    base = base.copy()
    base[box] = _prioritise(base[box], indices[box], table[box[0]], hires[box[0]], gtia_rows[box[0]],
                            crop(players), crop(missiles))
    return base


def _prioritise(base: np.ndarray, indices: np.ndarray, table: np.ndarray, hires: np.ndarray,
                gtia_rows: np.ndarray, players: list[np.ndarray | None],
                missiles: list[np.ndarray | None]) -> np.ndarray:
    """The GTIA data sheet's priority logic over every pixel; selected colours are ORed."""
    shape = indices.shape
    none = np.zeros(shape, dtype=bool)
    prior = table[:, PRIOR][:, None]
    fifth = (prior & 0x10) != 0
    pf = playfield_planes(indices, hires, gtia_rows)
    any_missile = none.copy()
    p = []
    for number in range(4):
        player = players[number]
        mask = player if player is not None else none
        missile = missiles[number]
        if missile is not None:
            any_missile |= missile
            mask = mask | (missile & ~fifth)
        p.append(mask)
    pf[3] = pf[3] | (any_missile & fifth)
    pri0, pri1, pri2, pri3 = ((prior >> bit) & 1 != 0 for bit in range(4))
    multi = (prior & 0x20) != 0
    p01, p23 = p[0] | p[1], p[2] | p[3]
    pf01, pf23 = pf[0] | pf[1], pf[2] | pf[3]
    pri01, pri12, pri23, pri03 = pri0 | pri1, pri1 | pri2, pri2 | pri3, pri0 | pri3
    sp0 = p[0] & ~(pf01 & pri23) & ~(pri2 & pf23)
    sp1 = p[1] & ~(pf01 & pri23) & ~(pri2 & pf23) & (~p[0] | multi)
    sp2 = p[2] & ~p01 & ~(pf23 & pri12) & ~(pf01 & ~pri0)
    sp3 = p[3] & ~p01 & ~(pf23 & pri12) & ~(pf01 & ~pri0) & (~p[2] | multi)
    sf3 = pf[3] & ~(p23 & pri03) & ~(p01 & ~pri2)
    sf0 = pf[0] & ~(p23 & pri0) & ~(p01 & pri01) & ~sf3
    sf1 = pf[1] & ~(p23 & pri0) & ~(p01 & pri01) & ~sf3
    sf2 = pf[2] & ~(p23 & pri03) & ~(p01 & ~pri2) & ~sf3
    sb = ~p01 & ~p23 & ~pf01 & ~pf23
    colour = np.zeros(shape, dtype=np.uint8)
    for selected, reg in ((sp0, COLPM0), (sp1, COLPM0 + 1), (sp2, COLPM0 + 2), (sp3, COLPM0 + 3),
                          (sf0, COLPF0), (sf1, COLPF0 + 1), (sf2, COLPF0 + 2), (sf3, COLPF0 + 3)):
        colour |= np.where(selected, table[:, reg][:, None], 0).astype(np.uint8)
    # the background: COLBK, or in a GTIA mode line the mode's own pixel colour
    colour |= np.where(sb, base, 0).astype(np.uint8)
    lit = indices == HIRES
    lit[gtia_rows] = False
    if lit.any():
        luminance = (table[:, COLPF1] & 0x0E)[:, None]
        colour = np.where(lit, (colour & 0xF0) | luminance, colour).astype(np.uint8)
    return colour


def frame_collisions(ram: np.ndarray, state: FrameState, indices: np.ndarray, first: int, last: int,
                     start_pixel: int = 0, end_pixel: int = FRAME_WIDTH) -> bytearray:
    """Collision bits of the displayed rows ``first`` to ``last`` - 1 (0 = scanline 8): of the
    first row only the pixels from ``start_pixel``, of the last only those before ``end_pixel``;
    a row with writes in its middle (or a pseudo mode E row) collides piece by piece, each
    with its registers."""
    if last <= first or not uses_objects(state):
        return bytearray(16)
    table = register_table(state.start_registers, state.log, last)
    window = np.broadcast_to(COLLIDING, (last - first, FRAME_WIDTH)).copy()
    window[0, :start_pixel] = False
    window[-1, end_pixel:] = False
    all_mids = mid_row_writes(state.log, 0, last)  # the rows before ``first`` for a lock-up they leave
    mids = {row: writes for row, writes in all_mids.items() if row >= first}
    pseudo = pseudo_rows(state, first, last)
    players, missiles = frame_objects(np.asarray(ram), state, table, first, all_mids)
    visible = window.copy()
    for row, writes in mids.items():
        visible[row - first, writes[0][0]:] = False
    for row in pseudo:
        visible[row - first] = False
    result = _collide_rows(state, indices, table[first:], first, players, missiles, visible)
    for row in sorted(mids.keys() | pseudo):
        for start, end, registers in row_pieces(table, row, mids.get(row, []), row in pseudo):
            columns = np.zeros((1, FRAME_WIDTH), dtype=bool)
            columns[0, start:end] = window[row - first, start:end]
            playfield, hires = piece_playfield(indices[row:row + 1], registers, row in pseudo)
            hits = _collide_rows(state, playfield, registers[None, :], 0, _row_masks(players, row - first),
                                 _row_masks(missiles, row - first), columns,
                                 hires if hires is not None else hires_rows(state.display_list, row, 1))
            result = bytearray(a | b for a, b in zip(result, hits))
    return result


def _collide_rows(state: FrameState, indices: np.ndarray, table: np.ndarray, first: int,
                  players: Masks, missiles: Masks, window: np.ndarray, hires: np.ndarray | None = None
                  ) -> bytearray:
    """Collision bits of the rows ``first``.. of ``indices`` with the registers ``table`` (a row
    each) and the objects' masks of these rows, in the pixels ``window`` (a row each) only
    (``hires``: which rows are hi-res, if not the display list's)."""
    players, missiles = _within(players, window), _within(missiles, window)
    if all(mask is None for mask in players + missiles):
        return bytearray(16)
    sub = indices[first:first + table.shape[0]]
    if hires is None:
        hires = hires_rows(state.display_list, first, table.shape[0])
    return collisions(sub, hires, table[:, PRIOR] >> 6, players, missiles)


def _within(masks: Masks, window: np.ndarray) -> Masks:
    """The objects' masks inside ``window`` (never in the horizontal blanks, where nothing collides)."""
    return [None if mask is None else mask & window for mask in masks]
