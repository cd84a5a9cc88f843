"""HeadlessAtari: drive the emulated Atari from Python (tests, harness, scripts).

    from emulator.headless import HeadlessAtari

    atari = HeadlessAtari()            # our free OS from roms/surround-os.rom
    atari.boot()                       # cold start, run until the OS waits for a key
    atari.type_text("PRINT 1+1\\n")     # each key through POKEY's keyboard IRQ
    print(atari.screen_text())         # 24 lines of 40 Unicode characters

API (all addresses and values are ints):

* ``HeadlessAtari(os_rom=None, basic_rom=None, seed=0, video="ntsc", sio="fast", printer=None,
  cassette=None)``, or ``HeadlessAtari.from_options(MachineOptions(...), seed)``: ``os_rom`` is a path,
  the image bytes, ``"original"`` (roms/atarixl.rom, plus roms/ataribas.rom if
  present) or None (our free OS); ``basic_rom`` likewise (``"free"`` is
  roms/surround-basic.rom, None no BASIC).  ``seed`` makes RANDOM reproducible.
* ``boot(max_frames=600, basic=True) -> bool``: cold start (RAM cleared), then
  run until the CPU waits for a key (False if it did not within ``max_frames``;
  pass 0 to only reset).  A disk in D1: is booted by the OS.  With a BASIC ROM
  installed, ``basic=False`` holds OPTION during the start, so the OS leaves
  BASIC off, as an XL user would.
* ``load_xex(path, max_frames=600, boot_frames=600, basic=False) -> bool``: boots first if
  needed (BASIC off unless ``basic``; the program is loaded once the OS is idle, or after ``boot_frames``
  frames if it never idles), loads the segments, calls each INITAD routine (with the
  machine running, until it returns), then jumps to RUNAD (or the first
  segment) and runs until the program waits for a key (False on timeout).
* ``insert_disk(drive, path, write_protected=None)``: an ATR into D1:-D4: (written
  sectors are saved to the file atomically); ``write_protect(drive, protected=True)``.
* ``use_h_device(directory=None) -> HDevice``: offer H: on a host directory
  (default: the current one; emulator/hdevice.py).
* ``run_frames(n)``; ``run_until_idle(max_frames=600) -> bool``.
* ``watchers``: callables run after every ``run_frames``/``run_until_idle`` call (the
  front-ends run one frame per call), e.g. to save what a program keeps in memory.
* ``type_text(text, max_frames_per_key=120)``: ASCII/ATASCII text, "\\n" is
  RETURN; each key is pressed, held two frames, and the machine runs until the
  program waits for the next key (EmulatorError if it does not in time).
* ``type_script(script)``: like type_text, with named keys in braces ({HELP}, {UP},
  {CTRL-A}, {START}, {RESET}, ...; see emulator.keyboard.parse_key_script).
* ``press_key(keycode, shift=False, ctrl=False, frames=2)``: hold one key
  (codes in emulator/keyboard.py) for ``frames`` frames, then release it.
* ``press_console(start=False, select=False, option=False, frames=2)``.
* ``press_break()``: the BREAK key (POKEY's BREAK IRQ; the machine is not run).
* ``key_down(keycode, shift, ctrl, hold_frames)``, ``console_down(start, select, option,
  hold_frames)``: press without running (the front-ends run the frames themselves);
  ``colour_registers()``: GTIA's BK, PF0-PF3 now.
* ``poke_bytes(addr, data)``; ``call_bare(addr, max_cycles) -> cycles``: a routine on the bare
  CPU, without ANTIC or interrupts.
* ``reset(warm=True)``: the RESET key (warm) or a power cycle (cold).
* ``peek(addr)``, ``poke(addr, value)``, ``peek_bytes(addr, n)``, ``peek_word(addr)``.
* ``call(addr, a=0, x=0, y=0, max_cycles=...) -> (a, x, y, flags)``: JSR a
  6502 routine from the host and run (interrupts included) until its RTS;
  CpuJam if it does not return in time.
* ``screen_text() -> str`` (24 lines of 40 characters, "\\n"-joined; inverse
  video shows as the plain character except the inverse space, the cursor,
  shown as "█"); ``screen_codes() -> list[bytes]`` (internal codes);
  ``frame_rgb() -> numpy array (240, 384, 3)``; ``frame_colours()`` (240, 384) GTIA colour
  bytes and ``palette`` (256, 3), their RGB; ``screenshot(path)`` (PNG).
* ``record_audio(path)``: POKEY's sound from now on into a WAV file (closed by
  ``close_audio()``); ``machine.add_audio_sink(callable)`` for the samples themselves.
* ``set_joystick(port, up=, down=, left=, right=, fire=)``, ``set_paddle(n, value)``.
* ``machine`` (the Machine), ``options`` (the MachineOptions it was built with), ``cycles``,
  ``frames``; ``video`` "ntsc" (default) or "pal".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from emulator.antic import MODES
from emulator.atascii import internal_to_text, unicode_to_atascii
from emulator.errors import EmulatorError
from emulator.files import atomic_write
from emulator.hdevice import HDevice
from emulator.keyboard import key_for_atascii
from emulator.machine import CPU_HZ, Machine
from emulator.rom import RomSpec, load_basic_rom, load_os_rom
from emulator.xex import INITAD, RUNAD, read_xex

#: frames between two presses of the same key, so the OS's key debounce never drops the repeat
#: (a different key may follow at once: the debounce only rejects the same code again)
MIN_FRAMES_BETWEEN_KEYS = 4

@dataclass(frozen=True)
class MachineOptions:
    """What an emulated Atari is built with: the ROMs, the TV standard and the serial bus.

    The command line fills one (host/commands/machine_options.py: --os, --basic, --video,
    --sio, --printer, --cassette); HeadlessAtari.from_options builds the machine from it. No
    machine option is read from the environment.

    os_rom, basic_rom: as HeadlessAtari takes them (a path, the image, "original", "free", None);
    video: "ntsc" or "pal"; sio: "fast" (the emulator carries out SIO requests) or "serial" (the
    OS talks to the devices over POKEY's serial port); printer: a text file for P: (None: no
    printer); cassette: a .cas tape for C: (None: no program recorder).
    """

    os_rom: RomSpec = None
    basic_rom: RomSpec = None
    video: str = "ntsc"
    sio: str = "fast"
    printer: str | Path | None = None
    cassette: str | Path | None = None


class HeadlessAtari:
    """An emulated Atari XL/XE without a window."""

    def __init__(self, os_rom: RomSpec = None, basic_rom: RomSpec = None, seed: int = 0,
                 video: str = "ntsc", sio: str = "fast", printer: str | Path | None = None,
                 cassette: str | Path | None = None) -> None:
        self.options = MachineOptions(os_rom, basic_rom, video, sio, printer, cassette)
        self.machine = Machine(load_os_rom(os_rom), load_basic_rom(basic_rom, os_rom), seed=seed, video=video)
        self.machine.set_sio_mode(sio)
        if printer:
            self.machine.attach_printer(printer)
        if cassette:
            self.machine.attach_cassette(cassette)
        self.booted = False
        self._last_key_frame = -MIN_FRAMES_BETWEEN_KEYS
        self._last_key: tuple[int, bool, bool] | None = None
        self.watchers: list[Callable[[], None]] = []

    @classmethod
    def from_options(cls, options: MachineOptions, seed: int = 0) -> HeadlessAtari:
        """The machine that ``options`` describe; ``seed`` makes POKEY's RANDOM reproducible."""
        return cls(os_rom=options.os_rom, basic_rom=options.basic_rom, seed=seed, video=options.video,
                   sio=options.sio, printer=options.printer, cassette=options.cassette)

    # -- state ------------------------------------------------------------------------

    @property
    def cycles(self) -> int:
        return self.machine.cycles

    @property
    def frames(self) -> int:
        return self.machine.frames

    # -- starting ------------------------------------------------------------------------

    def boot(self, max_frames: int = 600, basic: bool = True) -> bool:
        """Cold start; then run until the OS waits for a key (False if not within max_frames).

        ``basic=False`` holds OPTION while the OS starts (only if a BASIC ROM is
        installed), so the built-in BASIC stays switched off.
        """
        hold_option = not basic and self.machine.memory.basic_rom is not None
        self.machine.power_on(hold_option=hold_option)
        self.booted = True
        if max_frames <= 0:
            return False
        return self.machine.run_until_idle(max_frames)

    def reset(self, warm: bool = True) -> None:
        """Press RESET (warm) or power-cycle (cold); the machine is not run."""
        if warm:
            self.machine.warm_reset()
        else:
            self.machine.power_on()

    def insert_disk(self, drive: int, path: str | Path, write_protected: bool | None = None) -> None:
        """Put an ATR image into drive D1:-D4: for both SIO modes (write-protected if the file
        cannot be written, or as ``write_protected`` says)."""
        atr = self.machine.insert_disk(drive, path)
        if write_protected is not None:
            atr.read_only = write_protected

    def write_protect(self, drive: int, protected: bool = True) -> None:
        """Slide the write-protect tab of the disk in ``drive``: writes get error 144."""
        atr = self.machine.serial.bus.disk(drive)
        if atr is None:
            raise EmulatorError(f"D{drive}: no disk in the drive")
        atr.read_only = protected

    def use_h_device(self, directory: str | Path | None = None, letter: str = "H") -> HDevice:
        """Offer H: (H1:) on ``directory`` (default: the current directory); ``letter="D"``
        offers the folder as D: instead, for programs that want a disk but boot no DOS."""
        device = HDevice.for_directory(directory, letter)
        self.machine.attach_h_device(device)
        return device

    def load_xex(self, path: str | Path, max_frames: int = 600, boot_frames: int = 600,
                 basic: bool = False) -> bool:
        """Load and start a binary file; True if it then waits for a key within ``max_frames``.

        If the machine has not booted yet it boots first (BASIC off, as with
        OPTION held, unless ``basic``) and runs until the OS
        waits for a key (at most ``boot_frames``); then the segments are stored,
        each INITAD routine is called (with the machine running) until it
        returns, and the program is started at RUNAD (or the first segment).
        ``max_frames=0`` only starts it.
        """
        segments = read_xex(path)
        if not self.booted:
            self.boot(boot_frames, basic=basic)
        machine = self.machine
        self.poke_word(RUNAD, 0)
        for segment in segments:
            self.poke_word(INITAD, 0)
            for offset, byte in enumerate(segment.data):
                machine.poke(segment.start + offset, byte)
            init = self.peek_word(INITAD)
            if init:
                machine.call(init, max_cycles=max(1, boot_frames) * machine.cycles_per_frame)
        run = self.peek_word(RUNAD) or segments[0].start
        machine.start_program(run)
        if max_frames <= 0:
            return False
        return machine.run_until_idle(max_frames)

    # -- running ------------------------------------------------------------------------------

    def run_frames(self, count: int) -> None:
        self.machine.run_frames(count)
        self._notify_watchers()

    def run_until_idle(self, max_frames: int = 600) -> bool:
        idle = self.machine.run_until_idle(max_frames)
        self._notify_watchers()
        return idle

    def _notify_watchers(self) -> None:
        for watcher in self.watchers:
            watcher()

    # -- sound and controllers --------------------------------------------------------------

    def record_audio(self, path: str | Path) -> None:
        """Write POKEY's sound from now on into the WAV file ``path`` (44.1 kHz, 16-bit mono)."""
        from emulator.audio import WavWriter

        self.close_audio()
        self.audio_writer: WavWriter | None = WavWriter(path)
        self.machine.add_audio_sink(self.audio_writer)

    def close_audio(self) -> None:
        writer = getattr(self, "audio_writer", None)
        if writer is not None:
            writer.close()
            self.machine.audio_sinks.remove(writer)
            self.audio_writer = None

    def set_joystick(self, port: int, up: bool = False, down: bool = False, left: bool = False,
                     right: bool = False, fire: bool = False) -> None:
        self.machine.set_joystick(port, up, down, left, right, fire)

    def set_paddle(self, number: int, value: int) -> None:
        self.machine.set_paddle(number, value)

    def add_audio_sink(self, sink: Callable[[np.ndarray], None]) -> None:
        """Hand each frame's sound samples (int16, 44.1 kHz) to ``sink`` from now on."""
        self.machine.add_audio_sink(sink)

    @property
    def frame_rate(self) -> float:
        """Frames a second of the machine's TV standard (NTSC 59.92, PAL 49.86)."""
        return self.machine.video.frame_rate

    @property
    def tape_running(self) -> bool:
        """True while the cassette motor runs (CSAVE, CLOAD, a tape's leader: front-ends run
        at full speed meanwhile)."""
        return self.machine.tape_motor

    # -- keys ---------------------------------------------------------------------------------------

    def press_key(self, keycode: int, shift: bool = False, ctrl: bool = False, frames: int = 2) -> None:
        """Hold a key for ``frames`` frames (the keyboard IRQ fires at once), then release it."""
        if (keycode, shift, ctrl) == self._last_key:
            self._wait_key_gap()
        self.machine.key_down(keycode, shift, ctrl, hold_frames=frames)
        self._last_key_frame = self.machine.frames
        self._last_key = (keycode, shift, ctrl)
        self.machine.run_frames(max(1, frames))

    def type_text(self, text: str, max_frames_per_key: int = 120) -> None:
        """Type ``text`` key by key, waiting after each until the program wants the next."""
        for char in text:
            try:
                keycode, shift, ctrl = key_for_atascii(unicode_to_atascii(char))
            except ValueError as error:
                raise EmulatorError(f"type_text: {error}") from None
            if (keycode, shift, ctrl) == self._last_key:
                self._wait_key_gap()
            self.machine.key_down(keycode, shift, ctrl, hold_frames=1)
            self._last_key_frame = self.machine.frames
            self._last_key = (keycode, shift, ctrl)
            if not self.machine.run_until_idle(max_frames_per_key):
                raise EmulatorError(
                    f"type_text: the program did not wait for the next key within "
                    f"{max_frames_per_key} frames after {char!r}"
                )

    def type_script(self, script: str, max_frames_per_key: int = 120) -> None:
        """Type a key script (emulator.keyboard.parse_key_script: text, "\\n" for RETURN, named
        keys in braces such as {HELP}, {UP}, {CTRL-A}, {START}, {RESET}), waiting after each key
        until the program wants the next."""
        from emulator.keyboard import parse_key_script

        try:
            steps = parse_key_script(script)
        except ValueError as error:
            raise EmulatorError(str(error)) from None
        for kind, value in steps:
            if kind == "text":
                self.type_text(value, max_frames_per_key)
            elif kind == "key":
                keycode, shift, ctrl = value
                self.press_key(keycode, shift, ctrl)
                self.run_until_idle(max_frames_per_key)
            elif value == "RESET":
                self.reset(warm=True)
                self.run_until_idle(600)
            elif value == "BREAK":
                self.press_break()
                self.run_until_idle(max_frames_per_key)
            else:
                self.press_console(**{value.lower(): True}, frames=8)
                self.run_until_idle(max_frames_per_key)

    def _wait_key_gap(self) -> None:
        wait = self._last_key_frame + MIN_FRAMES_BETWEEN_KEYS - self.machine.frames
        if wait > 0:
            self.machine.run_frames(wait)

    def key_down(self, keycode: int, shift: bool = False, ctrl: bool = False, hold_frames: int = 2) -> None:
        """Press a key now (the keyboard IRQ fires), released after ``hold_frames`` frames; the
        machine is not run (the front-ends run the frames themselves)."""
        self.machine.key_down(keycode, shift, ctrl, hold_frames=hold_frames)

    def console_down(self, start: bool = False, select: bool = False, option: bool = False,
                     hold_frames: int = 1) -> None:
        """Hold START/SELECT/OPTION for the next ``hold_frames`` frames; the machine is not run."""
        self.machine.console_down(start, select, option, hold_frames=hold_frames)

    def colour_registers(self) -> bytes:
        """GTIA's colours now: BK, PF0, PF1, PF2, PF3."""
        return self.machine.gtia.colours()

    def press_break(self) -> None:
        """The BREAK key: POKEY's BREAK interrupt (IRQST bit 7); the machine is not run."""
        self.machine.pokey.press_break()

    def press_console(self, start: bool = False, select: bool = False, option: bool = False, frames: int = 2) -> None:
        """Hold START/SELECT/OPTION for ``frames`` frames, then release them."""
        self.machine.console_down(start, select, option, hold_frames=frames)
        self.machine.run_frames(max(1, frames))

    # -- memory ------------------------------------------------------------------------------------------

    def peek(self, address: int) -> int:
        return self.machine.peek(address)

    def poke(self, address: int, value: int) -> None:
        self.machine.poke(address, value)

    def peek_bytes(self, address: int, count: int) -> bytes:
        end = address + count
        if 0 <= address and (end <= 0xD000 or 0xD800 <= address) and end <= 0x10000:  # no I/O register
            return bytes(self.machine.memory.ram[address:end])
        return bytes(self.machine.peek(address + i) for i in range(count))

    def peek_word(self, address: int) -> int:
        return self.peek(address) | (self.peek(address + 1) << 8)

    def poke_word(self, address: int, value: int) -> None:
        self.poke(address, value & 0xFF)
        self.poke(address + 1, (value >> 8) & 0xFF)

    def poke_bytes(self, address: int, data: bytes) -> None:
        """Store bytes into RAM from ``address`` on."""
        for offset, value in enumerate(data):
            self.machine.poke(address + offset, value)

    def call_bare(self, address: int, max_cycles: int = 1_000_000) -> int:
        """JSR a routine on the bare CPU (no ANTIC, no interrupts) until its RTS; the cycles it
        took (for measuring a routine, e.g. the math pack's)."""
        return self.machine.cpu.call_bare(address, max_cycles=max_cycles)

    def call(
        self, address: int, a: int = 0, x: int = 0, y: int = 0, max_cycles: int = 10 * CPU_HZ
    ) -> tuple[int, int, int, int]:
        """JSR a routine from the host; returns (A, X, Y, P) at its RTS."""
        return self.machine.call(address, a, x, y, max_cycles)

    # -- screen -----------------------------------------------------------------------------------------------

    def screen_codes(self) -> list[bytes]:
        return self.machine.screen_codes()

    def screen_text(self) -> str:
        return "\n".join(internal_to_text(row) for row in self.machine.screen_codes())

    def shows_graphics(self) -> bool:
        """True when the frame has map-mode (graphics) lines, which a text front-end cannot show."""
        return any(not MODES[line.mode].character for line in self.machine.antic.display_list.mode_lines)

    def frame_rgb(self) -> np.ndarray:
        return self.machine.frame_rgb()

    def frame_colours(self) -> np.ndarray:
        """The last frame as (240, 384) GTIA colour bytes (RGB: ``palette[colours]``)."""
        return self.machine.frame_colours()

    @property
    def palette(self) -> np.ndarray:
        """(256, 3) uint8: the RGB of each GTIA colour byte on this machine's TV standard."""
        return self.machine.palette

    def screenshot(self, path: str | Path) -> None:
        """Save the last frame as a PNG (pygame-ce; no display needed)."""
        save_png(self.frame_rgb(), path)


def save_png(rgb: np.ndarray, path: str | Path) -> None:
    """Write an (h, w, 3) uint8 image as PNG with pygame's image module, atomically."""
    import io
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    surface = pygame.surfarray.make_surface(np.ascontiguousarray(rgb.transpose(1, 0, 2)))
    image = io.BytesIO()
    try:
        pygame.image.save(surface, image, "screenshot.png")
        atomic_write(path, image.getvalue(), sync=False)
    except OSError as error:
        raise EmulatorError(f"{path}: cannot write the screenshot ({error.strerror})") from None
    except pygame.error as error:
        raise EmulatorError(f"{path}: cannot write the screenshot ({error})") from None
