"""The compiled picture (emulator/_videocore.c) against the Python reference renderer.

Both draw the same machine states: generated display lists (every ANTIC mode 2-15 with
LMS, DLI, VS and HS bits, blank lines and jumps) over random memory, GTIA registers at
random (players, missiles, sizes, every PRIOR including GTIA modes 9-11) and register
writes logged during the frame as DLIs make them; then the picture demos.  Every pixel's
colour byte and every collision register must be the same.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from emulator.antic import Antic
from emulator.headless import HeadlessAtari
from emulator.picture import Picture
from emulator.pmg import FrameState
from tests.videocore_support import DLIST, draw_both, needs_compiled

pytestmark = needs_compiled

HERE = Path(__file__).parent

instruction = st.one_of(
    st.tuples(st.integers(2, 15), st.integers(0, 15)).map(lambda mode_flags: mode_flags[0] | mode_flags[1] << 4),
    st.integers(0, 7).map(lambda lines: lines << 4),  # blank lines
    st.sampled_from([0x80, 0xF0]),  # blank with a DLI
)


@st.composite
def display_lists(draw: st.DrawFn) -> bytes:
    """Instructions with their LMS addresses, ending in a JVB (or a plain JMP to the start)."""
    code = bytearray()
    for op in draw(st.lists(instruction, min_size=1, max_size=60)):
        code.append(op)
        if op & 0x0F and op & 0x40:
            code += draw(st.integers(0, 0xFFFF)).to_bytes(2, "little")
    code.append(draw(st.sampled_from([0x41, 0xC1, 0x01])))
    code += DLIST.to_bytes(2, "little")
    return bytes(code)


gtia_log = st.lists(st.tuples(st.integers(0, 261), st.integers(0, 227), st.integers(0, 0x1C), st.integers(0, 255)),
                    max_size=40).map(
    lambda log: [(line, clock, reg, value & 0xFE if 0x12 <= reg <= 0x1A else value)
                 for line, clock, reg, value in sorted(log)])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), dlist=display_lists(), dmactl=st.integers(0, 0x3F),
       chactl=st.integers(0, 7), scroll=st.tuples(st.integers(0, 15), st.integers(0, 15)),
       chbase=st.integers(0, 255), pmbase=st.integers(0, 255), registers=st.binary(min_size=32, max_size=32),
       log=gtia_log, rows=st.tuples(st.integers(0, 240), st.integers(0, 240)),
       font_changes=st.lists(st.tuples(st.integers(0, 239), st.integers(0, 255), st.integers(0, 7)), max_size=3),
       beam=st.tuples(st.integers(0, 192), st.integers(0, 192)))
def test_generated_frames_are_drawn_alike(seed: int, dlist: bytes, dmactl: int, chactl: int,
                                          scroll: tuple[int, int], chbase: int, pmbase: int, registers: bytes,
                                          log: list[tuple[int, int, int, int]], rows: tuple[int, int],
                                          font_changes: list[tuple[int, int, int]], beam: tuple[int, int]) -> None:
    ram = bytearray(np.random.default_rng(seed).integers(0, 256, 0x10000, dtype=np.uint8).tobytes())
    ram[DLIST:DLIST + len(dlist)] = dlist
    antic = Antic(ram)
    antic.dmactl, antic.chactl, antic.chbase = dmactl | 0x20, chactl, chbase
    antic.hscrol, antic.vscrol, antic.dlist = scroll[0], scroll[1], DLIST
    display_list = antic.begin_frame()
    fonts = None
    if font_changes:  # CHBASE and CHACTL changed down the screen (as DLIs do)
        fonts = (np.full(240, chbase, dtype=np.uint8), np.full(240, chactl, dtype=np.uint8))
        for row, new_chbase, new_chactl in sorted(font_changes):
            fonts[0][row:], fonts[1][row:] = new_chbase, new_chactl
    state = FrameState(display_list, registers, log, antic.dmactl, pmbase, fonts)
    # the collisions up to the beam: the first row from one colour clock, the last before another
    draw_both(antic, state, min(rows), max(rows), start_pixel=2 * beam[0], end_pixel=2 * beam[1])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), dlist=display_lists(), dmactl=st.integers(0, 0x3F),
       log=gtia_log, changes=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 0xFFFF), st.integers(0, 255)),
                                      min_size=1, max_size=4))
def test_a_change_to_what_the_frame_reads_is_drawn(seed: int, dlist: bytes, dmactl: int,
                                                   log: list[tuple[int, int, int, int]],
                                                   changes: list[tuple[int, int, int]]) -> None:
    """The compiled picture skips a frame whose inputs did not change: any change must show."""
    rng = np.random.default_rng(seed)
    ram = bytearray(rng.integers(0, 256, 0x10000, dtype=np.uint8).tobytes())
    ram[DLIST:DLIST + len(dlist)] = dlist
    antic = Antic(ram)
    antic.dmactl, antic.chbase, antic.dlist = dmactl | 0x20, 0xE0, DLIST
    registers = bytearray(rng.integers(0, 256, 32, dtype=np.uint8).tobytes())
    registers[0x1D] |= 3
    display_list = antic.begin_frame()
    compiled = Picture(antic, "compiled")
    draw_both(antic, FrameState(display_list, bytes(registers), log, antic.dmactl, 0x30), 0, 240, compiled)
    lines = display_list.mode_lines
    for kind, where, value in changes:
        if kind == 0 and lines:  # screen memory of a mode line
            line = lines[where % len(lines)]
            ram[(line.address & 0xF000) | ((line.address + value % max(1, line.size)) & 0x0FFF)] ^= 0xFF
        elif kind == 1:  # the font or the player/missile area
            ram[0xE000 + where % 0x400 if where & 1 else 0x3000 + where % 0x800] ^= 0xFF
        elif kind == 2:
            registers[where % 32] = value
        else:
            ram[where] = value
    draw_both(antic, FrameState(display_list, bytes(registers), log, antic.dmactl, 0x30), 0, 240, compiled)


@settings(max_examples=60, deadline=None)
@given(dlist=display_lists(), pokes=st.lists(st.tuples(st.integers(0, 200), st.integers(0, 255)), max_size=3),
       scroll=st.integers(0, 15))
def test_the_display_list_is_parsed_again_when_it_changes(dlist: bytes, pokes: list[tuple[int, int]],
                                                          scroll: int) -> None:
    """Antic keeps the last parse while the registers and the bytes it read are unchanged."""
    ram = bytearray(0x10000)
    ram[DLIST:DLIST + len(dlist)] = dlist
    antic = Antic(ram)
    antic.dmactl, antic.dlist = 0x22, DLIST
    antic.parse_display_list()
    for offset, value in pokes:
        ram[DLIST + offset] = value
    antic.vscrol = scroll
    fresh = Antic(ram)
    fresh.dmactl, fresh.dlist, fresh.vscrol = 0x22, DLIST, scroll
    assert antic.parse_display_list() == fresh.parse_display_list()


def test_the_kept_parse_follows_the_display_list_counter() -> None:
    """The kept parse is keyed by where the frame's list starts and the memory scan counter it
    starts with (ANTIC's counters run on from frame to frame): a chain of JVBs shows one list a
    frame, and a list without LMS shows what the counter it inherits points at."""
    ram = bytearray(0x10000)
    ram[0x0600:0x0606] = bytes((0x4F, 0x00, 0x30, 0x41, 0x00, 0x07))  # a GR.8 line at $3000, JVB to $0700
    ram[0x0700:0x0704] = bytes((0x0F, 0x41, 0x00, 0x06))  # a GR.8 line (no LMS), JVB to $0600
    antic = Antic(ram)
    antic.dmactl, antic.dlist = 0x22, 0x0600
    seen = []
    for _ in range(4):
        display_list = antic.begin_frame()
        seen.append((display_list.mode_lines[0].address, display_list.next_instruction))
    assert seen == [(0x3000, 0x0700), (0x3028, 0x0600), (0x3000, 0x0700), (0x3028, 0x0600)]
    fresh = Antic(ram)
    fresh.dmactl = 0x22
    for start, memory_scan in ((0x0700, 0x4000), (0x0700, 0x3028), (0x0600, 0x5000)):
        assert antic.parse_display_list(start, memory_scan) == fresh._parse_display_list(start, memory_scan, [])
    again = antic.parse_display_list(0x0600, 0x5000)
    assert antic.parse_display_list(0x0600, 0x5000) is again  # kept while nothing changed


def test_gtia_mode_10_is_drawn_and_collides_alike() -> None:
    """Mode 10 one colour clock late, its COLPF0-3 pixels colliding as PF0-PF3, modes 9 and 11
    not, and nothing in the horizontal blanks: the rule of pmg.collisions in both renderers."""
    ram = bytearray(np.random.default_rng(10).integers(0, 256, 0x10000, dtype=np.uint8).tobytes())
    code = bytes((0x70, 0x4F, 0x00, 0x40)) + bytes([0x0F] * 100)
    ram[DLIST:DLIST + len(code) + 3] = code + bytes((0x41, 0x00, 0x06))
    antic = Antic(ram)
    antic.dmactl, antic.dlist = 0x3F, DLIST  # the wide playfield: pixels reach the blanks
    for prior in (0x40, 0x80, 0x81, 0x84, 0xC0):
        registers = bytearray(32)
        registers[0x1B], registers[0x1D] = prior, 3
        registers[0:8] = bytes((0x1E, 0x60, 0xA0, 0xD8, 0x20, 0x70, 0xB0, 0xDB))  # at both blanks too
        registers[0x08:0x0D] = bytes((3, 1, 0, 3, 0xFF))
        state = FrameState(antic.begin_frame(), bytes(registers), [], antic.dmactl, 0x30)
        for first, last, start, end in ((0, 240, 0, 384), (30, 31, 60, 300), (50, 52, 200, 100)):
            draw_both(antic, state, first, last, start_pixel=start, end_pixel=end)


@pytest.mark.parametrize("prior", [0x00, 0x01, 0x02, 0x04, 0x08, 0x10, 0x21, 0x3F, 0x41, 0x81, 0xC4])
def test_players_and_missiles_by_dma_in_each_priority(prior: int) -> None:
    ram = bytearray(np.random.default_rng(prior).integers(0, 256, 0x10000, dtype=np.uint8).tobytes())
    code = bytes((0x70, 0x70, 0x70, 0x4F, 0x00, 0x40)) + bytes([0x0F, 0x82, 0x84, 0x86, 0x8D, 0x0E, 0x0A] * 12)
    ram[DLIST:DLIST + len(code) + 3] = code + bytes((0x41, 0x00, 0x06))
    antic = Antic(ram)
    antic.dmactl, antic.chbase, antic.dlist = 0x3E, 0xE0, DLIST
    registers = bytearray(np.random.default_rng(prior + 1).integers(0, 256, 32, dtype=np.uint8).tobytes())
    registers[0x1B], registers[0x1D] = prior, 3
    for number in range(8):
        registers[number] = 0x40 + 0x14 * number
    log = [(40 + 8 * k, 20 * k % 228, 0x12 + k % 9, (17 * k) & 0xFE) for k in range(20)]
    log += [(120, 100, 0x1B, prior ^ 0x10), (130, 120, 0x00, 0x70), (130, 140, 0x00, 0x90)]
    draw_both(antic, FrameState(antic.begin_frame(), bytes(registers), log, antic.dmactl, 0x30), 0, 240)


@pytest.mark.parametrize("program", ["pmgdemo.s", "scrolldemo.s"])
def test_the_picture_demos_are_drawn_alike(program: str, tmp_path: Path) -> None:
    from host.toolchain.assembler import assemble

    xex = tmp_path / "demo.xex"
    assemble(HERE / "asm" / program, xex)
    atari = HeadlessAtari()
    assert atari.load_xex(xex, max_frames=200)
    machine = atari.machine
    state = machine.completed_frame
    assert state is not None
    draw_both(machine.antic, state, 0, 240)


def test_a_machine_reads_the_same_collisions_with_either_renderer(tmp_path: Path) -> None:
    from host.toolchain.assembler import assemble

    xex = tmp_path / "pmgdemo.xex"
    assemble(HERE / "asm" / "pmgdemo.s", xex)
    seen = []
    for video in ("python", "compiled"):
        atari = HeadlessAtari()
        atari.machine.picture = Picture(atari.machine.antic, video)
        assert atari.load_xex(xex, max_frames=200)
        seen.append(([atari.peek(0x0600 + i) for i in range(16)], atari.machine.frame_rgb().tobytes()))
    assert seen[0] == seen[1]


def test_rgb_is_the_palette_of_the_colours_and_unchanged_frames_reuse_it() -> None:
    antic = Antic(bytearray(0x10000))
    picture = Picture(antic, "compiled")
    palette = np.random.default_rng(1).integers(0, 256, (256, 3), dtype=np.uint8)
    colours = np.random.default_rng(2).integers(0, 256, (240, 384), dtype=np.uint8)
    first = picture.rgb(colours, palette)
    assert np.array_equal(first, palette[colours])
    assert picture.rgb(colours.copy(), palette) is first
    colours[5, 7] ^= 1
    second = picture.rgb(colours, palette)
    assert second is not first and np.array_equal(second, palette[colours])


def test_frames_with_a_moving_player_and_a_dli_are_drawn_alike() -> None:
    """The benchmark's players-and-DLI machine, frame after frame: the picture and collisions."""
    from emulator import bench
    from emulator.machine import Machine

    machine = Machine(bench.bench_rom())
    machine.run_frames(2)
    bench.pmg_setup(machine)
    machine.poke(0x14, 0x40)  # player 0 starts on the screen
    machine.run_frames(1)  # the frame the setup happened in
    compiled = Picture(machine.antic, "compiled")
    for _ in range(6):
        machine.run_frames(1)
        state = machine.completed_frame
        assert state is not None and any(reg == 0x18 for _, _, reg, _ in state.log)  # the DLI's COLPF2
        draw_both(machine.antic, state, 0, 240, compiled)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), prior=st.sampled_from([0x00, 0x01, 0x04, 0x08, 0x11, 0x21, 0x41, 0xC1]),
       moves=st.lists(st.tuples(st.integers(0, 7), st.integers(0, 255), st.integers(0, 0x7FF), st.integers(0, 255)),
                      min_size=1, max_size=6))
def test_objects_moving_from_frame_to_frame_are_drawn_alike(seed: int, prior: int,
                                                            moves: list[tuple[int, int, int, int]]) -> None:
    """Frame after frame over the same playfield, an object moves or its graphics change: the
    compiled picture redraws only where objects differ from its last picture, and must still
    draw every pixel as the reference does."""
    rng = np.random.default_rng(seed)
    ram = bytearray(rng.integers(0, 256, 0x10000, dtype=np.uint8).tobytes())
    code = bytes((0x70, 0x70, 0x70, 0x42, 0x00, 0x40)) + bytes([0x02, 0x0D, 0x0F, 0x04] * 6)
    ram[DLIST:DLIST + len(code) + 3] = code + bytes((0x41, 0x00, 0x06))
    antic = Antic(ram)
    antic.dmactl, antic.chbase, antic.dlist = 0x3E, 0xE0, DLIST
    registers = bytearray(rng.integers(0, 256, 32, dtype=np.uint8).tobytes())
    registers[0x1B], registers[0x1D] = prior, 3
    display_list = antic.begin_frame()
    compiled = Picture(antic, "compiled")
    draw_both(antic, FrameState(display_list, bytes(registers), [], antic.dmactl, 0x30), 0, 240, compiled)
    for hpos_register, position, pm_offset, graphics in moves:
        registers[hpos_register] = position  # HPOSP0-3, HPOSM0-3
        ram[0x3000 + pm_offset] = graphics  # a byte of the player/missile area
        draw_both(antic, FrameState(display_list, bytes(registers), [], antic.dmactl, 0x30), 0, 240, compiled)


#: writes GTIA's shift registers and pseudo mode E depend on: HPOS, SIZE, GRAF and PRIOR (GTIA modes too)
object_write = (st.tuples(st.integers(0, 0x11), st.integers(0, 255))
                | st.tuples(st.integers(0x08, 0x0C), st.sampled_from([0x02, 0x03, 0xAA, 0xFF]))  # resizing, lock-up
                | st.tuples(st.just(0x1B), st.sampled_from([0x00, 0x01, 0x04, 0x11, 0x40, 0x80, 0x84, 0xC0])))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1),
       modes=st.lists(st.sampled_from([0x02, 0x0D, 0x0E, 0x0F]), min_size=1, max_size=4),
       writes=st.lists(st.tuples(st.integers(30, 50), st.integers(0, 227), object_write), max_size=30),
       dmactl=st.sampled_from([0x22, 0x2E, 0x3E, 0x23]), rows=st.tuples(st.integers(15, 60), st.integers(15, 60)),
       beam=st.tuples(st.integers(0, 192), st.integers(0, 192)))
def test_mid_line_object_and_prior_writes_are_drawn_and_collide_alike(
        seed: int, modes: list[int], writes: list[tuple[int, int, tuple[int, int]]], dmactl: int,
        rows: tuple[int, int], beam: tuple[int, int]) -> None:
    """Lines on which the CPU writes HPOS, SIZE, GRAF and PRIOR while the beam is on them (GTIA's
    shift registers, retriggering, resizing, lock-up, pseudo mode E): every pixel and collision
    of the Python reference and the compiled picture alike."""
    rng = np.random.default_rng(seed)
    ram = bytearray(rng.integers(0, 256, 0x10000, dtype=np.uint8).tobytes())
    code = bytes((0x70, 0x70, 0x70, 0x40 | modes[0], 0x00, 0x40)) + bytes(modes * 12)[:60]
    ram[DLIST:DLIST + len(code) + 3] = code + bytes((0x41, 0x00, 0x06))
    antic = Antic(ram)
    antic.dmactl, antic.chbase, antic.dlist = dmactl, 0xE0, DLIST
    registers = bytearray(rng.integers(0, 256, 32, dtype=np.uint8).tobytes())
    registers[0x1D] = rng.integers(0, 4)
    log = [(line, clock, reg, value) for line, clock, (reg, value) in sorted(writes, key=lambda w: w[:2])]
    state = FrameState(antic.begin_frame(), bytes(registers), log, antic.dmactl, 0x30)
    # the collisions of rows from before, among or after the written ones (a lock-up carries on)
    draw_both(antic, state, min(rows), max(rows), start_pixel=2 * beam[0], end_pixel=2 * beam[1])
