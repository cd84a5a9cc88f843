"""The run plan (emulator/runplan.py): both CPU cores run a plan's chunks alike, without a machine.

The CPU gets only the plan: the frame's DMA timeline, where the run starts and stops, and a
revision that Python code raises when it changes the plan.  The compiled core runs chunk after
chunk; the Python core one chunk at a time; called until the plan's end, both must arrive at
the same machine time, CPU cycles, registers and memory, and show the same machine time to
an I/O register read in the middle of a chunk.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from emulator.antic import Antic
from emulator.cpu import STOP, AtariCPU, compiled_core_available
from emulator.dma import timeline
from emulator.runplan import LOOK, REACHED, STOPPED, RunPlan, double_write, wsync_release
from emulator.video import CYCLES_PER_LINE, NTSC

needs_compiled = pytest.mark.skipif(not compiled_core_available(), reason="the compiled core is not built here")

FRAME_CYCLES = NTSC.cycles_per_frame
PROGRAM = 0x2000
DISPLAY_LIST = 0x3000
WSYNC = 0xD40A
LOOP = bytes((
    0xE6, 0x80,        # LOOP: INC $80
    0xAD, 0x00, 0xD0,  #       LDA $D000   (the machine time, low byte)
    0x65, 0x81,        #       ADC $81
    0x85, 0x81,        #       STA $81
    0xA6, 0x80,        #       LDX $80
    0xE0, 0x00,        #       CPX #n      (every 256th pass: a write to $D001, or WSYNC)
    0xD0, 0x03,        #       BNE SKIP
    0x8D, 0x01, 0xD0,  #       STA $D001   (or INC $D001: WSYNC written twice)
    0x4C, 0x00, 0x20,  # SKIP: JMP LOOP
))


def text_frame(dmactl: int) -> RunPlan:
    """A plan for a frame of 24 text lines (GRAPHICS 0) with this DMACTL."""
    ram = bytearray(0x10000)
    ram[DISPLAY_LIST:DISPLAY_LIST + 32] = bytes((0x70, 0x70, 0x70, 0x42, 0x00, 0x40) + (0x02,) * 23 + (0x41, 0, 0x30))
    antic = Antic(ram)
    antic.write(0xD400, dmactl)
    antic.write(0xD402, DISPLAY_LIST & 0xFF)
    antic.write(0xD403, DISPLAY_LIST >> 8)
    return RunPlan(timeline(antic.begin_frame(), dmactl))


def run_plan(core: str, plan: RunPlan, start: int, stop_at: int, every: int, wsync: bool, rmw: bool = False) -> tuple:
    """Run the loop from ``start`` to ``stop_at`` as the machine would; the trace and the end state."""
    ram = bytearray(0x10000)
    ram[PROGRAM:PROGRAM + len(LOOP)] = LOOP
    ram[PROGRAM + 12] = every
    if rmw:
        ram[PROGRAM + 15] = 0xEE  # INC abs
    if wsync:
        ram[PROGRAM + 16:PROGRAM + 18] = WSYNC.to_bytes(2, "little")
    writable = bytearray([1] * 256)
    writable[0xD0] = writable[0xD4] = 0
    seen: list[int] = []
    cpu: AtariCPU

    def io_read(addr: int) -> int:
        seen.append(plan.real_time(cpu.processorCycles))
        return seen[-1] & 0xFF

    def write_special(addr: int, value: int) -> int:
        if addr == WSYNC:
            cpu.stop_reason = "wsync"
            return STOP
        plan.revision += 1  # as the machine's schedule() does
        return 0

    cpu = AtariCPU(ram, io_read, write_special, writable, core=core)
    cpu.pc, cpu.processorCycles = PROGRAM, start
    statuses, executed = [], 0
    while cpu.processorCycles < stop_at:
        plan.now, plan.stop_at = cpu.processorCycles, stop_at
        status = cpu.run_chunks(plan)
        executed += plan.executed
        assert plan.chunk_start is None
        statuses.append(status)
        if status == STOPPED:  # WSYNC: to ANTIC's release of RDY, as the machine does it
            cpu.processorCycles -= STOP
            cpu.stop_reason = None
            twice = double_write(ram[cpu.history[-1]])
            cpu.processorCycles = wsync_release(cpu.processorCycles, 0, plan.timeline, twice)
    assert set(statuses) <= {REACHED, STOPPED, LOOK}
    return seen, executed, cpu.processorCycles, cpu.pc, cpu.a, cpu.x, cpu.p, bytes(ram[0x80:0x82])


@needs_compiled
@settings(max_examples=40, deadline=None)
@given(
    dmactl=st.sampled_from([0x00, 0x21, 0x22, 0x23, 0x2E, 0x3E]),
    start=st.integers(0, FRAME_CYCLES - 1),
    length=st.integers(1, 20_000),
    every=st.integers(0, 255),
    wsync=st.booleans(),
    rmw=st.booleans(),
)
def test_both_cores_run_a_plan_alike(dmactl: int, start: int, length: int, every: int, wsync: bool,
                                     rmw: bool) -> None:
    stop_at = min(FRAME_CYCLES, start + length)
    python = run_plan("python", text_frame(dmactl), start, stop_at, every, wsync, rmw)
    compiled = run_plan("compiled", text_frame(dmactl), start, stop_at, every, wsync, rmw)
    assert compiled == python
    assert python[1] < stop_at - start + 7  # no more cycles than the plan's time (the last instruction may run over)


@needs_compiled
def test_the_compiled_core_runs_chunk_after_chunk_to_the_plans_end() -> None:
    plan = text_frame(0x22)
    ram = bytearray(0x10000)
    ram[PROGRAM:PROGRAM + 5] = bytes((0xE6, 0x80, 0x4C, 0x00, 0x20))  # INC $80 / JMP: nothing for the machine
    cpu = AtariCPU(ram, core="compiled")
    cpu.pc = PROGRAM
    plan.now, plan.stop_at = 0, FRAME_CYCLES
    assert cpu.run_chunks(plan) == REACHED
    assert cpu.processorCycles >= FRAME_CYCLES
    assert plan.executed == plan.timeline.free_cycles + cpu.processorCycles - FRAME_CYCLES


def test_the_python_core_runs_one_chunk_and_lets_the_machine_look() -> None:
    plan = text_frame(0x22)
    cpu = AtariCPU(bytearray(0x10000), core="python")
    cpu.memory[0:5] = bytes((0xE6, 0x80, 0x4C, 0x00, 0x00))
    plan.now, plan.stop_at = 0, FRAME_CYCLES
    assert cpu.run_chunks(plan) == LOOK
    assert 0 <= plan.executed - plan.timeline.free_between(0, plan.chunk_cycles) < 5  # the last one may run over
    assert cpu.processorCycles == plan.timeline.real_span(0, plan.executed)


def test_real_time_in_the_middle_of_a_chunk_counts_the_dma() -> None:
    plan = text_frame(0x22)
    plan.chunk_start = 10 * CYCLES_PER_LINE  # a text line: ANTIC takes cycles in it
    used = 50
    assert plan.real_time(plan.chunk_start + used) == plan.chunk_start + plan.timeline.real_span(plan.chunk_start, used)
    assert plan.real_time(plan.chunk_start + used) > plan.chunk_start + used
    plan.chunk_start = None
    assert plan.real_time(1234) == 1234


@needs_compiled
def test_the_compiled_core_stops_after_the_chunk_in_which_the_plan_changed() -> None:
    plan = text_frame(0x22)
    ram = bytearray(0x10000)
    ram[PROGRAM:PROGRAM + 8] = bytes((0xE6, 0x80, 0x8D, 0x01, 0xD0, 0x4C, 0x00, 0x20))  # INC $80 / STA $D001 / JMP

    def write_special(addr: int, value: int) -> int:
        plan.revision += 1  # a chip scheduled a timer
        return 0

    writable = bytearray([1] * 256)
    writable[0xD0] = 0
    cpu = AtariCPU(ram, write_special=write_special, writable=writable, core="compiled")
    cpu.pc = PROGRAM
    plan.now, plan.stop_at = 0, FRAME_CYCLES
    assert cpu.run_chunks(plan) == LOOK
    assert plan.chunk_cycles <= cpu.processorCycles < 2 * plan.chunk_cycles
