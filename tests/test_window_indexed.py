"""The window shows GTIA's colour bytes through an 8-bit surface holding the machine's palette
(emulator/frontends/window.py, Renderer.draw_colours): the same pixels as the RGB path that
screenshots take."""

from __future__ import annotations

import os

import numpy as np

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

from emulator.frontends import window  # noqa: E402
from emulator.headless import HeadlessAtari  # noqa: E402


def test_the_windows_indexed_surface_shows_the_pixels_of_the_rgb_path(display) -> None:
    """Pixel for pixel what the RGB frame (frame_rgb, screenshots) shows, also after the frame changes."""
    atari = HeadlessAtari()
    assert atari.boot()
    renderer = window.Renderer((384, 240), 1, resizable=False)
    for _ in range(2):
        renderer.draw(atari.frame_rgb())
        by_rgb = pygame.surfarray.array3d(renderer.canvas)
        renderer.draw_colours(atari.frame_colours(), atari.palette)
        by_colours = pygame.surfarray.array3d(renderer.canvas)
        assert np.array_equal(by_colours, by_rgb)
        assert np.array_equal(by_colours.swapaxes(0, 1), atari.frame_rgb())
        atari.poke(710, 0x46)  # COLOR2, the text screen's background: other colours
        atari.poke(712, 0x9A)  # COLOR4, the border
        atari.type_text("HELLO\n")
