"""The run plan: what the machine tells the CPU core for a run of chunks, and what the core reports.

The machine (emulator/machine.py) runs the CPU in chunks of at most four scanlines up to
its next event (a DLI, the VBI, the frame's end, a chip's timer).  In a chunk the CPU gets
only the cycles ANTIC's DMA leaves it (emulator/dma.py).  The machine keeps one
:class:`RunPlan` and hands it to ``AtariCPU.run_chunks``; the CPU core (the Python one in
emulator/cpu.py or the compiled one in emulator/_cpucore.c) reads only these fields and
writes only the results below, never the machine itself.

Read by the core:

* ``now``: the machine time the run starts at (the CPU's ``processorCycles`` may be ahead of
  it by an IRQ sequence the machine has just taken, which the first chunk then counts);
* ``stop_at``: the machine time of the next event or timer, or the caller's target;
* ``frame_start`` and ``timeline``: the frame's first cycle and its DMA timeline;
* ``line_cycles`` and ``chunk_cycles``: a scanline's cycles and a chunk's most;
* ``revision``: a number the machine increases whenever Python code changes what its loop
  looks at between chunks (a timer scheduled, a new frame's events or DMA timeline); the
  compiled core, which runs chunk after chunk, stops when it sees a new revision.

Written by the core:

* ``chunk_start``: the machine time at the start of the chunk that runs now (None between
  chunks), from which :meth:`RunPlan.real_time` gives the exact time in the middle of one;
* ``executed``: the cycles the CPU executed in the last ``run_chunks`` call (also when it
  ended with an exception);
* ``wsync_halted`` and ``wsync_released``: the machine time at which the instruction that last
  wrote WSYNC ended, and the one from which the CPU ran on after the halt (see
  :func:`wsync_release`; a store's next opcode fetch, which really runs before the halt, is
  counted at the release).  The machine counts an NMI's latency in the cycles the CPU ran:
  those before the halt and those after the release, so an NMI asserted during the halt comes
  after the first instruction after it (as Acid800's DLI timing has it) and one asserted two
  cycles before the STA WSYNC's end right after it, its sequence halted (Acid800's "Serial port
  timing" syncs to VCOUNT just before the VBI's NMI and then writes WSYNC twice).

WSYNC (a write to $D40A) is the one stop a core handles itself: :func:`wsync_release` says
where the CPU goes on, and both cores follow it.

``run_chunks`` returns one of ``REACHED`` (machine time reached ``stop_at``), ``STOPPED``
(an instruction stopped the CPU: ``processorCycles`` includes ``STOP``, ``stop_reason``
says why) or ``LOOK`` (the machine must look between chunks: an IRQ, the keyboard wait
loop, a possible runaway, a new revision; the Python core says so after every chunk).
"""

from __future__ import annotations

from dataclasses import dataclass

from emulator.dma import DmaTimeline
from emulator.video import CYCLES_PER_LINE

REACHED, STOPPED, LOOK = 0, 1, 2
CHUNK_LINES = 4

#: ANTIC releases RDY at this cycle of the scan line after a WSYNC write (Altirra Hardware
#: Reference Manual, "WSYNC"); a CPU stopped later than this cycle waits for the next line's.
#: emulator/_cpucore.c has the same numbers.
WSYNC_RELEASE_CYCLE = 105
#: a read-modify-write whose second write falls in cycle 104 (so it ends here) starts ANTIC's
#: count again (Acid800's "Late INC WSYNC")
WSYNC_RESTART_END = 105


def double_write(opcode: int) -> bool:
    """Does the instruction write its operand twice (read-modify-write: INC, ASL ... and the
    undocumented SLO ... ISC)?  Their columns of the opcode matrix: x6/xE and x3/x7/xF, without
    the stores and loads of rows $8x-$Bx (emulator/_cpucore.c has the same test)."""
    return (opcode & 0x07 == 0x06 or opcode & 0x03 == 0x03) and (opcode >> 5) & 0x06 != 0x04


def wsync_release(end: int, frame_start: int, timeline: DmaTimeline, rmw: bool = False,
                  line_cycles: int = CYCLES_PER_LINE) -> int:
    """Machine time from which the CPU runs again after an instruction that wrote WSYNC and
    ended at ``end`` (``rmw``: it wrote twice, see :func:`double_write`).

    ANTIC pulls RDY two cycles after the write, and the 6502 stops only on a read cycle (AHRM,
    "WSYNC"; its write cycles run on).  After a store the next instruction's opcode fetch still
    runs and the CPU stops in its second cycle; after a read-modify-write, whose second write
    fills the first of those cycles, it stops in the opcode fetch.  The stopped cycle runs at
    the release of RDY, or at the first cycle after it that ANTIC's DMA leaves free; at the
    next line's release if the CPU stopped after this line's."""
    restarted = rmw and (end - frame_start) % line_cycles == WSYNC_RESTART_END
    fetch_runs = not rmw or restarted
    halt = end + 1 if fetch_runs else end
    line_start = halt - (halt - frame_start) % line_cycles
    late = halt - line_start > WSYNC_RELEASE_CYCLE
    release = line_start + WSYNC_RELEASE_CYCLE + (line_cycles if late else 0) - frame_start
    if not fetch_runs or release >= timeline.frame_cycles:  # (the next frame's DMA is not known yet)
        return max(end, frame_start + release - (1 if fetch_runs else 0))
    last_free = timeline.real_after[timeline.free_before[release]] - 1  # the opcode fetch's cycle
    return max(end, frame_start + last_free)


@dataclass(eq=False, slots=True)
class RunPlan:
    """The machine's plan for a run of CPU chunks, and the core's results (see the module)."""

    timeline: DmaTimeline
    frame_start: int = 0
    now: int = 0
    stop_at: int = 0
    revision: int = 0
    line_cycles: int = CYCLES_PER_LINE
    chunk_cycles: int = CHUNK_LINES * CYCLES_PER_LINE
    chunk_start: int | None = None
    executed: int = 0
    wsync_halted: int = -1
    wsync_released: int = -1

    def begin_frame(self, frame_start: int, timeline: DmaTimeline) -> None:
        """A new frame with its DMA timeline (and with it new events)."""
        self.frame_start = frame_start
        self.timeline = timeline
        self.revision += 1

    def use_timeline(self, timeline: DmaTimeline) -> None:
        """The rest of the frame with another DMA timeline."""
        self.timeline = timeline
        self.revision += 1

    def real_time(self, processor_cycles: int) -> int:
        """Machine time for the CPU's ``processorCycles``, also in the middle of a chunk."""
        start = self.chunk_start
        if start is None:
            return processor_cycles
        return start + self.timeline.real_span(start - self.frame_start, processor_cycles - start)

    def cycle_time(self, processor_cycles: int, cycle: int) -> int:
        """Machine time of cycle ``cycle`` (0: the first) of the instruction that starts at the
        CPU's ``processorCycles``, with the DMA cycles before it, also in the middle of a chunk."""
        start = self.chunk_start
        if start is None:
            return processor_cycles + cycle
        used = processor_cycles - start + cycle + 1
        return start + self.timeline.real_span(start - self.frame_start, used) - 1
