"""The contracts inside the emulator and at its boundary, as Protocols.

* ``Chip``: what the machine needs of a chip on the I/O page (GTIA, POKEY, PIA, ANTIC).
* ``DeviceHost``: what a CIO device running as emulator traps needs of the machine.
* ``CioDevice``: what the machine needs of such a device (the H: device is one).
* ``Atari``: the facade that front-ends and the host drive (emulator/headless.py's
  HeadlessAtari is the implementation).

They let each module name what it uses of another without importing it, so no two modules
import each other, and let mypy check every call across the boundary.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import numpy as np

if TYPE_CHECKING:
    from emulator.cpu import AtariCPU
    from emulator.memory import Memory
    from emulator.traps import TrapPage


class Chip(Protocol):
    """A chip on the I/O page: register reads and writes (a write returns extra cycles or STOP)."""

    def read(self, addr: int) -> int: ...

    def write(self, addr: int, value: int) -> int: ...

    def reset(self) -> None: ...


class DeviceHost(Protocol):
    """What a trap-based CIO device needs of the machine."""

    cpu: AtariCPU
    memory: Memory
    trap_page: TrapPage

    def peek(self, address: int) -> int: ...

    def poke(self, address: int, value: int) -> None: ...

    def return_from_handler(self, status: int, a: int | None = None) -> int: ...


class CioDevice(Protocol):
    """A CIO device whose routines are emulator traps (H:)."""

    def install(self, machine: DeviceHost) -> None: ...

    def register(self, ram: bytearray) -> bool: ...

    def reset(self) -> None: ...


class Atari(Protocol):
    """The running machine as front-ends and the host see it (HeadlessAtari)."""

    @property
    def frames(self) -> int: ...

    def run_frames(self, count: int) -> None: ...

    def run_until_idle(self, max_frames: int = 600) -> bool: ...

    def frame_rgb(self) -> np.ndarray: ...

    def screen_text(self) -> str: ...

    def screen_codes(self) -> list[bytes]: ...

    def colour_registers(self) -> bytes: ...

    def press_key(self, keycode: int, shift: bool = False, ctrl: bool = False, frames: int = 2) -> None: ...

    def key_down(self, keycode: int, shift: bool = False, ctrl: bool = False, hold_frames: int = 2) -> None: ...

    def console_down(self, start: bool = False, select: bool = False, option: bool = False,
                     hold_frames: int = 1) -> None: ...

    def press_break(self) -> None: ...

    def reset(self, warm: bool = True) -> None: ...

    def peek(self, address: int) -> int: ...

    def poke(self, address: int, value: int) -> None: ...

    def screenshot(self, path: str | Path) -> None: ...

    def set_joystick(self, port: int, up: bool = False, down: bool = False, left: bool = False,
                     right: bool = False, fire: bool = False) -> None: ...

    def set_paddle(self, number: int, value: int) -> None: ...

    def add_audio_sink(self, sink: Callable[[np.ndarray], None]) -> None: ...

    def record_audio(self, path: str | Path) -> None: ...

    def close_audio(self) -> None: ...

    @property
    def frame_rate(self) -> float: ...

    @property
    def tape_running(self) -> bool: ...


#: a function the chips call to learn the machine time (cycles) now
ClockReader = Callable[[], int]
