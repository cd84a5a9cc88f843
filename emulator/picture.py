"""The frame's picture and collisions: compiled (emulator/_videocore.c) or the Python reference.

Both make the same thing from the same inputs: a finished frame's ``FrameState``
(emulator/pmg.py: the parsed display list, GTIA's registers at the top of the frame and
the writes logged during it, DMACTL, PMBASE), ANTIC's CHBASE and CHACTL, and memory.
The picture is (240, 384) GTIA colour bytes (the palette turns them into RGB only when a
front-end asks); the collisions are the 16 registers' bits hit in a range of rows.

The Python renderer (antic.render_indices + pmg.compose / pmg.frame_collisions) stays as
the reference, as the Python CPU core does: tests/test_emu_videocore.py draws the same
machine states with both and compares every pixel.  ``$SURROUND_VIDEO=python`` makes a
machine draw in Python; the compiled one is used whenever it was built.
"""

from __future__ import annotations

import functools
import os
import sys
from types import ModuleType

import numpy as np

from emulator.antic import DISPLAY_LINES, FRAME_WIDTH, Antic
from emulator.pmg import FrameState, compose, frame_collisions

VIDEO_CHOICES = ("auto", "compiled", "python")


class _Holder:
    """One attribute holding an object: the probe of _unheld_references."""

    value: object = None


def _unheld_references() -> int | None:
    """What sys.getrefcount says of an object that only one attribute holds (2 on CPython 3.11:
    the attribute's reference and the call's own), measured, since CPython does not promise the
    count from version to version; None where counts say nothing (not CPython), and then no
    RGB array is ever reused."""
    if sys.implementation.name != "cpython":
        return None
    holder = _Holder()
    holder.value = object()
    alone = sys.getrefcount(holder.value)
    held = holder.value
    return alone if sys.getrefcount(holder.value) > alone and held is holder.value else None


#: sys.getrefcount of an array that only the picture's own record holds
UNHELD_REFERENCES = _unheld_references()


@functools.lru_cache(maxsize=1)
def _compiled_module() -> ModuleType | None:
    try:
        from emulator import _videocore
    except ImportError:
        return None
    return _videocore


def compiled_video_available() -> bool:
    """True if the compiled picture (emulator/_videocore.c) was built and loads."""
    return _compiled_module() is not None


def choose_video(requested: str | None = None) -> str:
    """"compiled" or "python": ``requested`` or else $SURROUND_VIDEO ("auto": compiled if built)."""
    choice = requested or os.environ.get("SURROUND_VIDEO", "auto")
    if choice == "python" or _compiled_module() is None:
        return "python"
    return "compiled"


class RgbFrame:
    """The last RGB picture: the colours it shows, its memory (``store``, written only while
    nobody else holds it) and the read-only view of it handed out (``shown``)."""

    def __init__(self, colours: np.ndarray, store: np.ndarray, palette: np.ndarray) -> None:
        self.colours, self.store, self.palette = colours, store, palette
        self.shown = store.view()
        self.shown.flags.writeable = False

    def again(self, colours: np.ndarray) -> RgbFrame:
        """The same memory and view, now showing ``colours``."""
        self.colours = colours
        return self

    def unheld(self) -> bool:
        """True if nobody but this record holds the view or the memory (an array made from
        either holds the memory), so the memory may take the next picture."""
        return (UNHELD_REFERENCES is not None and sys.getrefcount(self.shown) <= UNHELD_REFERENCES
                and sys.getrefcount(self.store) <= UNHELD_REFERENCES + 1)  # + the view's own


class Picture:
    """Makes a machine's pictures and collisions with the renderer ``video`` chose."""

    def __init__(self, antic: Antic, video: str | None = None) -> None:
        self.antic = antic
        self.video = choose_video(video)
        self._scratch = np.zeros((DISPLAY_LINES, FRAME_WIDTH), dtype=np.uint8)  # collisions only
        # the inputs of the last compiled picture and collisions, and what they made
        self._picture_key, self._collisions_key = bytearray(), bytearray()
        self._last_colours = self._scratch
        self._last_hits = self._frame_hits = bytes(16)
        self._row_memory: bytearray | None = None  # what each row of _last_colours was made from
        self._picture_collides = False  # the last picture was made with the collisions of its rows
        self._last_rgb: RgbFrame | None = None

    def _compiled(self, state: FrameState, first: int, last: int, out: np.ndarray | None,
                  previous: bytearray, start_pixel: int = 0, end_pixel: int = FRAME_WIDTH) -> bytes | None:
        """The collisions of rows ``first``..``last`` - 1 (of the first from ``start_pixel``, of
        the last before ``end_pixel``) and the picture into ``out`` (its rows that did not change
        copied from the last picture), or None if nothing the render reads changed since the
        render whose inputs ``previous`` holds."""
        core = _compiled_module()
        assert core is not None  # choose_video said "compiled"
        antic, dl = self.antic, state.display_list
        if self._row_memory is None:
            self._row_memory = bytearray(core.row_memory_size())
        chbase, chactl = state.fonts if state.fonts is not None else (bytes([antic.chbase]) * DISPLAY_LINES,
                                                                     bytes([antic.chactl]) * DISPLAY_LINES)
        hits: bytes | None = core.render(
            antic.ram, self._scratch if out is None else out, dl.packed, dl.width, dl.left, chbase, chactl,
            state.dmactl, state.pmbase, state.start_registers, state.log, first, last, start_pixel, end_pixel,
            out is not None, previous, self._row_memory, self._last_colours)
        return hits

    def _whole_frame(self, state: FrameState, collide: bool) -> None:
        """The compiled picture (with the collisions of every row if ``collide``), unless
        nothing changed since the last one."""
        colours = np.empty((DISPLAY_LINES, FRAME_WIDTH), dtype=np.uint8)
        hits = self._compiled(state, 0, DISPLAY_LINES if collide else 0, colours, self._picture_key)
        self._picture_collides = collide
        if hits is not None:
            colours.flags.writeable = False  # the next picture copies its unchanged rows from it
            self._last_colours, self._frame_hits = colours, hits

    def colours(self, state: FrameState, indices: np.ndarray | None = None) -> np.ndarray:
        """(240, 384) colour bytes of the frame ``state`` with memory as it is now (``indices``:
        the Python renderer's playfield, if already drawn).  Compiled, an unchanged frame gives
        the same array again (read-only)."""
        if self.video == "compiled":  # collisions too if the machine asked for them lately
            self._whole_frame(state, self._picture_collides)
            return self._last_colours
        if indices is None:
            indices = self.antic.render_indices(state.display_list, fonts=state.fonts)
        return compose(self.antic.ram_view, state, indices)

    def collisions(self, state: FrameState, first: int, last: int, start_pixel: int = 0,
                   end_pixel: int = FRAME_WIDTH) -> tuple[bytes, np.ndarray | None]:
        """The collision bits of rows ``first`` to ``last`` - 1 (of the first row the pixels from
        ``start_pixel``, of the last those before ``end_pixel``: the beam's part of a row), and
        the Python renderer's playfield of those rows (None when compiled: all the rows make the
        picture too, which ``colours`` then takes unless something changed)."""
        if self.video == "compiled":
            if first == 0 and last == DISPLAY_LINES and start_pixel == 0 and end_pixel == FRAME_WIDTH:
                self._whole_frame(state, True)
                return self._frame_hits, None
            hits = self._compiled(state, first, last, None, self._collisions_key, start_pixel, end_pixel)
            if hits is not None:
                self._last_hits = hits
            return self._last_hits, None
        indices = self.antic.render_indices(state.display_list, first, last, state.fonts)
        collided = frame_collisions(self.antic.ram_view, state, indices, first, last, start_pixel, end_pixel)
        return bytes(collided), indices

    def rgb(self, colours: np.ndarray, palette: np.ndarray) -> np.ndarray:
        """(240, 384, 3) RGB of ``colours`` by the palette; the last array again while the
        colours are the same (read-only, as it is handed out again).  An array someone still
        holds is never changed: when the colours change, the RGB goes into a new array, or into
        the last one where nobody but this picture holds it any more (a front-end that drew it
        and let it go), whose runs of unchanged colours then need no copying."""
        last = self._last_rgb
        if last is not None and (last.palette is not palette or last.colours.shape != colours.shape):
            last = None
        if last is not None and colours is last.colours:
            return last.shown
        reuse = last is not None and last.unheld()
        core = _compiled_module()
        if core is None:
            if last is not None and np.array_equal(colours, last.colours):
                return last.shown
            store: np.ndarray = palette[colours]
        else:  # runs of colours that did not change are copied from the last picture (or stand in it)
            store = last.store if last is not None and reuse else np.empty(colours.shape + (3,), dtype=np.uint8)
            changed = core.rgb(np.ascontiguousarray(colours), np.ascontiguousarray(palette), store,
                               None if last is None else last.colours, None if last is None else last.store)
            if last is not None and not changed:
                return last.shown
        unchanging = colours.flags.owndata and not colours.flags.writeable  # a picture made read-only
        kept = colours if unchanging else colours.copy()
        self._last_rgb = last.again(kept) if last is not None and store is last.store else RgbFrame(
            kept, store, palette)
        return self._last_rgb.shown
