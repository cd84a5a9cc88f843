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
* ``line_cycles`` and ``chunk_cycles``: a scanline's cycles (WSYNC waits for the next one)
  and a chunk's most;
* ``revision``: a number the machine increases whenever Python code changes what its loop
  looks at between chunks (a timer scheduled, a new frame's events or DMA timeline); the
  compiled core, which runs chunk after chunk, stops when it sees a new revision.

Written by the core:

* ``chunk_start``: the machine time at the start of the chunk that runs now (None between
  chunks), from which :meth:`RunPlan.real_time` gives the exact time in the middle of one;
* ``executed``: the cycles the CPU executed in the last ``run_chunks`` call (also when it
  ended with an exception).

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
