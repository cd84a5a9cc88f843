"""The TV standards' clocks: the one place for NTSC's and PAL's CPU clock, scanlines and frame rate.

Both standards give a scanline 114 CPU cycles; they differ in the clock and the number of
scanlines (Altirra Hardware Reference Manual, "System timing"):

* NTSC: 1,789,773 Hz (the 3.579545 MHz colour clock / 2), 262 scanlines, 29,868 cycles
  a frame, 59.92 frames a second;
* PAL: 1,773,447 Hz, 312 scanlines, 35,568 cycles a frame, 49.86 frames a second.

The display is the same 240 scanlines in both (emulator/antic.py); PAL's extra lines are
blank.  ``Machine(..., video="pal")`` picks a standard by name from ``VIDEO_STANDARDS``.
"""

from __future__ import annotations

from dataclasses import dataclass

CYCLES_PER_LINE = 114


@dataclass(frozen=True)
class VideoStandard:
    """The timing of one TV standard."""

    name: str
    cpu_hz: int
    lines_per_frame: int

    @property
    def cycles_per_frame(self) -> int:
        return CYCLES_PER_LINE * self.lines_per_frame

    @property
    def frame_rate(self) -> float:
        """Frames a second."""
        return self.cpu_hz / self.cycles_per_frame


NTSC = VideoStandard("ntsc", 1_789_773, 262)
PAL = VideoStandard("pal", 1_773_447, 312)
VIDEO_STANDARDS = {standard.name: standard for standard in (NTSC, PAL)}
