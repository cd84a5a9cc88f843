"""The contracts inside the emulator and at its boundary, as Protocols.

* ``Chip``: what the machine needs of a chip on the I/O page (GTIA, POKEY, PIA, ANTIC).
* ``SerialPortLink`` / ``PokeySerialEntries``: POKEY and its serial port, each as the other
  sees it (emulator/pokey.py, emulator/serial.py): POKEY keeps its registers, the port
  reports what happens on the wire through POKEY's entries.
* ``DataInLine``: what a device on the serial bus needs to send bytes to the computer.
* ``DeviceHost``: what a CIO device running as emulator traps needs of the machine, with
  ``TrapCpu`` (the CPU's registers and trap table) and ``TrapSpace`` (the emulator's page
  of trap bytes, emulator/traps.py).
* ``CioDevice``: what the machine needs of such a device (the H: device is one).
* ``Atari``: the facade that front-ends and the host drive (emulator/headless.py's
  HeadlessAtari is the implementation).

They let each module name what it uses of another without importing it, so no two modules
import each other, and let mypy check every call across the boundary.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import numpy as np

#: the Python function of an emulator trap: called with the CPU (a TrapCpu) when the CPU
#: reaches the trap's address; returns the cycles it took (or STOP)
TrapHandler = Callable[[Any], int]


class Chip(Protocol):
    """A chip on the I/O page: register reads and writes (a write returns extra cycles or STOP)."""

    def read(self, addr: int) -> int: ...

    def write(self, addr: int, value: int) -> int: ...

    def reset(self) -> None: ...


class SerialPortLink(Protocol):
    """What POKEY needs of its serial port: SEROUT written, the data-in line (SKSTAT bit 4) and
    whether a byte is coming in (SKSTAT bit 1)."""

    def write_serout(self, value: int) -> None: ...

    def output_clock_changed(self) -> None: ...

    def reset_output(self) -> None: ...

    def output_level(self, cycle: int) -> int: ...

    def data_line(self) -> int: ...

    def input_busy(self) -> bool: ...


class PokeySerialEntries(Protocol):
    """POKEY's entries for its serial port: the bit rate from its registers, and the events
    that change its registers (IRQST bits 5, 4, 3; SERIN; SKSTAT bits 7 and 5)."""

    def serial_bit_cycles(self) -> int: ...

    def serial_output_edge(self, after: int) -> int | None: ...

    def serial_output_bit_cycles(self) -> int: ...

    def serial_output_needed(self) -> None: ...

    def serial_output_idle(self, idle: bool) -> None: ...

    def serial_byte_received(self, value: int, framing_error: bool) -> None: ...


#: the machine's event queue: run a callback (given the cycle) at a cycle; returns a handle
Scheduler = Callable[[int, Callable[[int], None]], int]


class DataInLine(Protocol):
    """The serial data-in line as a device sending to the computer drives it."""

    def schedule(self, cycle: int, callback: Callable[[int], None]) -> int: ...

    def expect(self, start: int, value: int, bits: float) -> None: ...

    def receive(self, value: int, bits: float) -> None: ...

    def forget_incoming(self) -> None: ...


class TrapCpu(Protocol):
    """What a trap's routine needs of the CPU (emulator/cpu.py's AtariCPU): registers, traps."""

    a: int
    x: int
    y: int
    p: int
    sp: int
    pc: int

    @property
    def traps(self) -> dict[int, TrapHandler]: ...


class TrapSpace(Protocol):
    """The emulator's page of trap bytes (emulator/traps.py's TrapPage): room for a device."""

    def allocate(self, size: int, owner: str) -> int: ...

    def allocate_traps(self, count: int, owner: str) -> list[int]: ...

    def put(self, address: int, data: bytes) -> None: ...


class DeviceHost(Protocol):
    """What a trap-based CIO device needs of the machine."""

    @property
    def cpu(self) -> TrapCpu: ...

    @property
    def trap_page(self) -> TrapSpace: ...

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

    def frame_colours(self) -> np.ndarray: ...

    @property
    def palette(self) -> np.ndarray: ...

    def screen_text(self) -> str: ...

    def screen_codes(self) -> list[bytes]: ...

    def shows_graphics(self) -> bool: ...

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
