"""Players and missiles over a playfield in every priority mode (tests/asm/pmgdemo.s).

The expected picture is worked out pixel by pixel from the documented priority
orders (Mapping the Atari / De Re Atari, PRIOR $D01B: 1 = P0-P3 over PF0-PF3,
2 = P0 P1 over PF over P2 P3, 4 = PF over players, 8 = PF0 PF1 over players
over PF2 PF3; bit 4: the missiles are a fifth player in PF3's colour, over every
playfield unless a player that outranks PF3 is there (the GTIA equations); bit 5:
overlapping players 0+1 and 2+3 OR their colours), independently of
emulator/pmg.py's equations.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from emulator.headless import HeadlessAtari

HERE = Path(__file__).parent
PRIORS = (0x01, 0x02, 0x04, 0x08, 0x11, 0x21, 0x00)
STRIPES = ("PF0", "PF1", "PF2", "PF3", "BK")  # 8 colour clocks each, from the playfield's left edge
PLAYER_HPOS, PLAYER_WIDTH = (64, 72, 104, 112), 16  # double width: 8 bits x 2 colour clocks
MISSILE_HPOS, MISSILE_WIDTH = {0: 144, 3: 184}, 8  # quadruple width: 2 bits x 4 colour clocks
COLOURS = {
    "P0": 0x46, "P1": 0x86, "P2": 0xC6, "P3": 0x1A, "PF0": 0x28, "PF1": 0x5A, "PF2": 0x94, "PF3": 0x0E, "BK": 0x00,
}
ORDERS = {
    1: ("P0", "P1", "P2", "P3", "PF0", "PF1", "PF2", "PF3"),
    2: ("P0", "P1", "PF0", "PF1", "PF2", "PF3", "P2", "P3"),
    4: ("PF0", "PF1", "PF2", "PF3", "P0", "P1", "P2", "P3"),
    8: ("PF0", "PF1", "P0", "P1", "P2", "P3", "PF2", "PF3"),
}
FIRST_ROW = 24  # the first band's first scanline in the 240-line frame (scanline 32)
BAND_ROWS = 24


def playfield_at(clock: int) -> str:
    """The stripe at a colour clock of the frame (the normal playfield starts at colour clock 16)."""
    return STRIPES[((clock - 16) % 40) // 8]


def objects_at(clock: int) -> set[str]:
    """Players ("P0".."P3") and missiles ("M0", "M3") covering a colour clock (HPOS = clock + $20)."""
    hpos = clock + 0x20
    found = {f"P{n}" for n, h in enumerate(PLAYER_HPOS) if h <= hpos < h + PLAYER_WIDTH}
    found |= {f"M{n}" for n, h in MISSILE_HPOS.items() if h <= hpos < h + MISSILE_WIDTH}
    return found


def expected_colour(prior: int, clock: int) -> int:
    """The colour of a playfield pixel of a band, by the documented priority order."""
    fifth = bool(prior & 0x10)
    present = {("PF3" if fifth else "P" + name[1]) if name.startswith("M") else name for name in objects_at(clock)}
    return reference_pixel(prior, playfield_at(clock), present, COLOURS)


def reference_pixel(prior: int, playfield: str, present: set[str], colours: dict[str, int]) -> int:
    """The documented winner (and the ORed pair with multicolour players) for one pixel.

    ``present`` names the players and, with the fifth player on (PRIOR bit 4), "PF3" for a
    missile.  The fifth player feeds GTIA's PF3 input, and the data sheet's equations
    (as the Altirra sources document them: SF3 = PF3 * /(P23*PRI03) * /(P01*/PRI2), and
    SF0-SF2 each * /SF3) make it cover every playfield whatever PRIOR says, but only where
    no player that outranks PF3 is there: such a player turns SF3 off, and the pixel is
    decided by the plain order without it (under PRIOR 8, PF0 over P3 over the fifth
    player shows PF0).
    """
    candidates = set(present) | ({playfield} - {"BK"})
    order = ORDERS[prior & 0x0F]
    players_above_pf3 = {name for name in order[:order.index("PF3")] if not name.startswith("PF")}
    if prior & 0x10 and "PF3" in candidates and not players_above_pf3 & candidates:
        return colours["PF3"]  # SF3 on: it masks SF0-SF2 and every player below PF3
    for name in order:
        if name in candidates:
            colour = colours[name]
            partner = {"P0": "P1", "P2": "P3"}.get(name)
            if prior & 0x20 and partner in candidates:
                colour |= colours[partner]
            return colour
    return colours["BK"]


def expected_collisions() -> list[int]:
    """M0PF..P3PL from the same geometry (players against the playfield and each other)."""
    bits = {"PF0": 1, "PF1": 2, "PF2": 4, "PF3": 8, "BK": 0}
    hits = [0] * 16
    for clock in range(16, 176):
        objects = objects_at(clock)
        pf = bits[playfield_at(clock)]
        for name in objects:
            number = int(name[1])
            if name[0] == "M":
                hits[number] |= pf
                hits[8 + number] |= sum(1 << int(p[1]) for p in objects if p[0] == "P")
            else:
                hits[4 + number] |= pf
                hits[12 + number] |= sum(1 << int(p[1]) for p in objects if p[0] == "P" and p != name)
    return hits


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> HeadlessAtari:
    from host.toolchain.assembler import assemble

    program = tmp_path_factory.mktemp("pmg") / "pmgdemo.xex"
    assemble(HERE / "asm" / "pmgdemo.s", program)
    atari = HeadlessAtari()
    assert atari.load_xex(program, max_frames=200)
    assert atari.peek(0x0610) == 1
    return atari


@pytest.mark.parametrize("band", range(6))
def test_each_priority_mode_draws_the_documented_winner(demo: HeadlessAtari, band: int) -> None:
    colours = demo.machine.frame_colours()
    prior = PRIORS[band]
    expected = np.array([expected_colour(prior, x // 2) for x in range(32, 352)], dtype=np.uint8)
    rows = colours[FIRST_ROW + band * BAND_ROWS:FIRST_ROW + (band + 1) * BAND_ROWS, 32:352]
    for row in rows:
        assert np.array_equal(row, expected), (hex(prior), np.nonzero(row != expected)[0][:8] + 32)


def test_priority_0_mixes_colours_where_the_orders_conflict(demo: HeadlessAtari) -> None:
    row = demo.machine.frame_colours()[FIRST_ROW + 6 * BAND_ROWS + 4]
    # P0 over PF2 (hi player pair over the PF2/PF3 pair): P0 alone; P2 over PF2: both ORed
    assert row[2 * (64 - 0x20)] == COLOURS["P0"]
    assert row[2 * (104 - 0x20)] == COLOURS["P2"] | COLOURS["PF2"]


def test_collision_registers_as_the_program_reads_them(demo: HeadlessAtari) -> None:
    hits = [demo.peek(0x0600 + i) for i in range(16)]
    assert hits == expected_collisions()


def test_players_below_the_playfield_show_over_the_background(demo: HeadlessAtari) -> None:
    colours = demo.machine.frame_colours()
    below = colours[FIRST_ROW + 7 * BAND_ROWS + 2]  # scanline 202: bars go on to scanline 207
    assert below[2 * (64 - 0x20)] == COLOURS["P0"] and below[2 * (104 - 0x20)] == COLOURS["P2"]
    assert colours[FIRST_ROW + 7 * BAND_ROWS + 9, 2 * (64 - 0x20)] == COLOURS["BK"]


def test_hitclr_clears_and_direct_grafp_writes_draw_without_dma() -> None:
    atari = HeadlessAtari()
    atari.boot()
    machine = atari.machine
    atari.poke(0x022F, 0x22)  # SDMCTL: no player DMA
    atari.poke(0xD01E, 0)  # HITCLR
    atari.poke(0xD000, 0x60)  # HPOSP0
    atari.poke(0xD00D, 0x81)  # GRAFP0: two one-clock stripes on every scanline
    atari.poke(0x02C0, 0x46)  # PCOLR0
    atari.run_frames(2)
    colours = machine.frame_colours()
    x = 2 * (0x60 - 0x20)
    border = colours[:24]  # the blank lines above the text window
    assert (border[:, x] == 0x46).all() and (border[:, x + 14] == 0x46).all()
    assert not (border[:, x + 2:x + 14] == 0x46).any()
    # in the text window a lit pixel keeps PF1's luminance under the player's hue
    assert ((colours[24:216, x] & 0xF0) == 0x40).all()
    assert atari.peek(0xD004) == 0x04  # P0PF: the text window is PF2 (lit pixels only count)
    atari.poke(0xD00D, 0)
    atari.poke(0xD01E, 0)
    assert atari.peek(0xD004) == 0


# -- from Atari BASIC (tests/basic/pmg.lst) ---------------------------------------------------------


def test_basic_program_draws_players_behind_the_playfield_and_reads_collisions() -> None:
    """GRAPHICS 3 bar (PF0) at column 10 = colour clocks 40-43 of the playfield; player 0
    (double width, HPOS 84) over it with PRIOR 4 (playfield in front), player 1 elsewhere."""
    from host.atari.basic_session import BasicSession

    session = BasicSession(h_directory=HERE / "basic")
    atari = session.atari
    atari.set_joystick(0, up=True, fire=True)
    session.start_program(HERE / "basic" / "pmg.lst")
    for _ in range(60):
        atari.run_frames(10)
        if atari.peek(0x0605) == 1:
            break
    assert atari.peek(0x0605) == 1
    p0pf, p1pf, p0pl = atari.peek(0x0600), atari.peek(0x0601), atari.peek(0x0602)
    assert (p0pf, p1pf, p0pl) == (0x01, 0x00, 0x00)
    assert (atari.peek(0x0603), atari.peek(0x0604)) == (14, 0)  # STICK(0) up, STRIG(0) pressed
    atari.run_frames(2)
    colours = atari.machine.frame_colours()
    row = colours[24 + 4]  # a scanline of the bar (GRAPHICS 3 rows are 8 scanlines)
    pf0, p0, p1 = 0x28, 70, 134
    bar = range(2 * (16 + 40), 2 * (16 + 44))  # playfield colour clocks 40-43 (frame clock 16 + x)
    player0 = range(2 * (84 - 0x20), 2 * (84 - 0x20 + 16))
    expected = np.full(384, colours[24 + 4, 20], dtype=np.uint8)  # the background inside the border
    expected[:32] = expected[352:] = colours[0, 0]
    for x in player0:
        expected[x] = p0
    for x in bar:
        expected[x] = pf0  # PRIOR 4: the playfield in front of the player
    for x in (2 * (140 - 0x20), 2 * (140 - 0x20) + 1, 2 * (140 - 0x20 + 7), 2 * (140 - 0x20 + 7) + 1):
        expected[x] = p1  # GRAFP1 = %10000001, normal width
    assert np.array_equal(row, expected), np.nonzero(row != expected)[0]


def test_two_line_player_dma_reads_half_the_scanlines_and_vdelay_moves_it_down() -> None:
    from emulator.antic import DisplayList
    from emulator.pmg import FrameState, object_graphics, register_table

    ram = np.zeros(0x10000, dtype=np.uint8)
    base = 0x2000  # PMBASE $20: 1K boundary for two-line resolution
    ram[base + 0x200 + np.arange(128)] = np.arange(128)  # player 0: byte = its index
    ram[base + 0x180 + np.arange(128)] = 0xFF - np.arange(128)  # missiles
    start = bytearray(0x20)
    start[0x1D] = 0x03  # GRACTL
    state = FrameState(DisplayList([], [], 320, 32), bytes(start), [], dmactl=0x2E, pmbase=0x20)
    graf = object_graphics(ram, state, register_table(state.start_registers, [], 240), 0)
    scanlines = np.arange(8, 248)
    assert np.array_equal(graf[:, 0], scanlines // 2) and np.array_equal(graf[:, 4], 0xFF - scanlines // 2)
    start[0x1C] = 0x10  # VDELAY: player 0 one scanline later
    state.start_registers = bytes(start)
    graf = object_graphics(ram, state, register_table(state.start_registers, [], 240), 0)
    assert np.array_equal(graf[:, 0], (scanlines - 1) // 2)
    single = FrameState(DisplayList([], [], 320, 32), bytes(start), [], dmactl=0x3E, pmbase=0x20)
    ram[0x2000 + 0x400 + np.arange(256)] = np.arange(256) ^ 0x55  # one-line: PMBASE 2K, +$400
    graf = object_graphics(ram, single, register_table(single.start_registers, [], 240), 0)
    assert np.array_equal(graf[:, 0], scanlines ^ 0x55)


# -- generated cases: compose() against the documented orders, pixel by pixel ----------------------

from hypothesis import example, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

REGISTER_OF = {"P0": 0x12, "P1": 0x13, "P2": 0x14, "P3": 0x15, "PF0": 0x16, "PF1": 0x17, "PF2": 0x18,
               "PF3": 0x19, "BK": 0x1A}


@settings(max_examples=60, deadline=None)
@given(
    prior=st.sampled_from([1, 2, 4, 8]) .flatmap(lambda p: st.sampled_from([p, p | 0x10, p | 0x20])),
    players=st.lists(st.tuples(st.integers(40, 200), st.integers(0, 255), st.integers(0, 3)), min_size=4, max_size=4),
    missiles=st.lists(st.tuples(st.integers(40, 200), st.integers(0, 3)), min_size=4, max_size=4),
    stripes=st.lists(st.integers(0, 4), min_size=40, max_size=40),
    colour_values=st.lists(st.integers(0, 127).map(lambda v: v * 2), min_size=9, max_size=9, unique=True),
)
# PRIOR $18 at x=336: P3 and missile 2 (the fifth player) over PF0: P3 turns SF3 off, PF0 outranks P3
@example(prior=0x18, players=[(40, 0, 0), (40, 0, 0), (40, 0, 0), (193, 1, 0)],
         missiles=[(40, 0), (40, 0), (199, 1), (40, 0)], stripes=[0] * 38 + [1, 0],
         colour_values=[0, 2, 4, 6, 8, 10, 12, 14, 16])
def test_compose_matches_the_documented_orders(prior, players, missiles, stripes, colour_values) -> None:
    from emulator.antic import DisplayList, ModeLine
    from emulator.pmg import FrameState, compose

    names = ["P0", "P1", "P2", "P3", "PF0", "PF1", "PF2", "PF3", "BK"]
    colours = dict(zip(names, colour_values))
    registers = bytearray(0x20)
    for name, value in colours.items():
        registers[REGISTER_OF[name]] = value
    for number, (hpos, graf, size) in enumerate(players):
        registers[number], registers[0x08 + number], registers[0x0D + number] = hpos, size, graf
    grafm = sizem = 0
    for number, (hpos, bits) in enumerate(missiles):
        registers[0x04 + number] = hpos
        grafm |= bits << (2 * number)
        sizem |= (number & 3) << (2 * number)
    registers[0x11], registers[0x0C], registers[0x1B] = grafm, sizem, prior
    # a map-mode playfield (ANTIC 13 style): 40 stripes of 4 colour clocks each, on one scanline
    indices = np.zeros((1, 384), dtype=np.uint8)
    for column, value in enumerate(stripes):
        indices[0, 32 + 8 * column:40 + 8 * column] = value
    display_list = DisplayList([ModeLine(8, 1, 13, 0, 40)], [], 320, 32)
    state = FrameState(display_list, bytes(registers), [], dmactl=0x22, pmbase=0)
    result = compose(np.zeros(0x10000, dtype=np.uint8), state, indices)[0]
    widths = {0: 1, 1: 2, 2: 1, 3: 4}
    for x in range(0, 384, 2):
        hpos = x // 2 + 0x20
        present = set()
        for number, (start, graf, size) in enumerate(players):
            bit = (hpos - start) // widths[size] if hpos >= start else -1
            if 0 <= bit < 8 and graf >> (7 - bit) & 1:
                present.add(f"P{number}")
        for number, (start, bits) in enumerate(missiles):
            bit = (hpos - start) // widths[number & 3] if hpos >= start else -1
            if 0 <= bit < 2 and bits >> (1 - bit) & 1:
                present.add("PF3" if prior & 0x10 else f"P{number}")
        playfield = ("BK", "PF0", "PF1", "PF2", "PF3")[indices[0, x]]
        expected = reference_pixel(prior, playfield, present, colours)
        assert result[x] == result[x + 1] == expected, (x, present, playfield)
