"""The GTIA palettes, NTSC and PAL: 256 colours (16 hues x 16 luminances) computed by formula.

Hue 0 is grey; hues 1-15 go round the colour circle in steps of 24 degrees,
starting at gold (hue 1), through red (4), purple (6), blue (8-9), green (12)
back to orange-yellow (15), as on an NTSC Atari.  Luminance 0-15 sets the
brightness (the hardware ignores bit 0 for playfield colours; the emulator
masks it when colours are written).  Colours are made in the YUV plane and
converted to sRGB bytes; nothing here is copied from a measured palette.

PAL: a PAL GTIA makes the same colour byte into a PAL chroma signal, and the
hues come out differently than on NTSC (Altirra Hardware Reference Manual,
"Color generation").  Our PAL palette is the same YUV formula with its own hue
start and step: an approximation by formula, not a measured palette.
"""

from __future__ import annotations

import math

import numpy as np

HUE_START_DEGREES = 163.0
HUE_STEP_DEGREES = 24.0
SATURATION = 0.19


PAL_HUE_START_DEGREES = 170.0
PAL_HUE_STEP_DEGREES = 360.0 / 14


def _colour(value: int, start: float = HUE_START_DEGREES, step: float = HUE_STEP_DEGREES) -> tuple[int, int, int]:
    hue, lum = value >> 4, value & 0x0F
    y = 0.04 + 0.92 * lum / 15.0
    if hue == 0:
        u = v = 0.0
    else:
        angle = math.radians(start - step * (hue - 1))
        u, v = SATURATION * math.cos(angle), SATURATION * math.sin(angle)
    red = y + 1.140 * v
    green = y - 0.395 * u - 0.581 * v
    blue = y + 2.032 * u
    return tuple(int(round(255 * min(1.0, max(0.0, c)))) for c in (red, green, blue))  # type: ignore[return-value]


def build_palette(video: str = "ntsc") -> np.ndarray:
    """A (256, 3) uint8 array: the RGB colour of every GTIA colour byte."""
    if video == "pal":
        return np.array([_colour(v, PAL_HUE_START_DEGREES, PAL_HUE_STEP_DEGREES) for v in range(256)], dtype=np.uint8)
    return np.array([_colour(value) for value in range(256)], dtype=np.uint8)


PALETTE = build_palette()
PAL_PALETTE = build_palette("pal")


def palette_for(video: str) -> np.ndarray:
    """The palette of a video standard ("ntsc" or "pal")."""
    return PAL_PALETTE if video == "pal" else PALETTE
