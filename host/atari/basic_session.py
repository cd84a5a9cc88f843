"""Running Atari BASIC programs in the emulator: boot to READY, LOAD or ENTER through H:, RUN.

    from host.atari.basic_session import BasicSession
    session = BasicSession(h_directory=".")                 # the free BASIC, at READY
    session.start_program("basic/bench/ahl.lst")             # ENTER "H:..." then RUN
    result = session.run_until_waiting(max_frames=36_000)      # the program ends or asks for input
    print(session.screen_text(), result.emulated_seconds)

A file that begins with two zero bytes is a tokenized SAVE file (its first word,
the offset of LOMEM, is always 0: The Atari BASIC Source Book, "SAVE") and is
LOADed; anything else is a listing and is ENTERed (a listing with host line ends, LF,
goes through an ATASCII copy with EOL line ends).  The program's own folder
is reached through H: when it lies inside the H: directory, else through H2:
mapped to its folder.
"""

from __future__ import annotations

import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path

from emulator.errors import EmulatorError
from emulator.hdevice import NAME_CHARS
from emulator.headless import HeadlessAtari, MachineOptions
from emulator.keyboard import key_for_atascii
from host.errors import SurroundError

RETURN = 0x9B
EOL_BYTE = bytes((RETURN,))
BOOT_FRAMES = 300
LINE_FRAMES = 600  # a typed line (LOAD, ENTER) may take this long before READY comes back
PROGRAM_UNIT = 2  # H2: shows the program's folder when it is outside the H: directory


@dataclass
class RunResult:
    """How a run ended: waiting for a key (program ended or asks for input) or out of frames."""

    waiting: bool
    emulated_seconds: float
    host_seconds: float
    frames: int


def rom_label(spec: object) -> str:
    """A ROM choice as a message names it: "free", "original", a path, or "given" (an image)."""
    return str(spec) if isinstance(spec, (str, Path)) else "given"


def is_h_name(name: str) -> bool:
    """True if H: can open ``name`` as typed in a BASIC string (no wildcards, no blanks)."""
    return bool(name) and set(name) <= NAME_CHARS - {"*", "?"} and len(name) <= 100


class BasicSession:
    """An emulated XL with BASIC switched on, at READY, and H: on a host directory."""

    def __init__(self, machine: MachineOptions | None = None, h_directory: str | Path | None = None,
                 seed: int = 0) -> None:
        """Boot ``machine`` (default: our OS and the free BASIC; a machine without a BASIC ROM
        gets the free one) with H: on ``h_directory`` (default: the current directory)."""
        machine = machine or MachineOptions()
        basic = machine.basic_rom or "free"
        self.atari = HeadlessAtari.from_options(replace(machine, basic_rom=basic), seed=seed)
        self._scratch: tempfile.TemporaryDirectory | None = None
        self.hdevice = self.atari.use_h_device(h_directory)
        name = rom_label(basic)
        if not self.atari.boot(max_frames=BOOT_FRAMES, basic=True):
            raise SurroundError(f"the {name} BASIC did not reach READY within {BOOT_FRAMES} frames")
        if "READY" not in self.atari.screen_text():
            raise SurroundError(f"the {name} BASIC did not show READY after power-on:\n{self.screen_text()}")

    # -- typing -------------------------------------------------------------------------------

    def type_line(self, text: str, wait: bool = True, max_frames: int = LINE_FRAMES) -> None:
        """Type ``text`` and RETURN; with ``wait``, run until the machine waits for a key again.

        The wait goes on in slices of ``max_frames`` for as long as BASIC keeps reading a file
        through H: (a long listing's ENTER); a slice without a byte read and without READY
        is the error."""
        self.atari.type_text(text)
        self.press_return()
        if not wait:
            return
        before = self._read_position()
        while not self.atari.run_until_idle(max_frames):
            now = self._read_position()
            if now == before:
                raise SurroundError(f"BASIC did not come back after {text!r} within {max_frames} frames "
                                    f"and read nothing more from its file:\n{self.screen_text()}")
            before = now

    def _read_position(self) -> tuple[tuple[int, int], ...]:
        """Where each file open on H: stands (changes while BASIC reads one)."""
        return tuple((iocb, file.position) for iocb, file in sorted(self.hdevice.files.items()))

    def press_return(self) -> None:
        """Press RETURN without waiting for anything (the machine is not run)."""
        keycode, shift, ctrl = key_for_atascii(RETURN)
        self.atari.key_down(keycode, shift, ctrl, hold_frames=1)

    def type_keys(self, text: str, max_frames: int = LINE_FRAMES) -> None:
        """Type free text, a newline meaning RETURN, after which the machine runs until it waits
        for a key again (at most ``max_frames``)."""
        segments = text.split("\n")
        try:
            for index, segment in enumerate(segments):
                if segment:
                    self.atari.type_text(segment)
                if index < len(segments) - 1:
                    self.press_return()
                    self.atari.run_until_idle(max_frames)
        except EmulatorError as error:
            raise SurroundError(f"--type: {error}") from None

    # -- programs -----------------------------------------------------------------------------

    def device_name(self, path: Path) -> str:
        """``H:NAME`` (or ``H2:NAME``) for a host file, mapping H2: if needed."""
        path = path.resolve()
        root = self.hdevice.directories[1]
        if root in path.parents and is_h_name(path.relative_to(root).as_posix()):
            return "H:" + path.relative_to(root).as_posix()
        if not is_h_name(path.name):
            raise SurroundError(f"{path}: H: cannot name this file (letters, digits and . _ - only): "
                                "copy or rename it")
        self.hdevice.map(PROGRAM_UNIT, path.parent)
        return f"H{PROGRAM_UNIT}:{path.name}"

    def load(self, file: str | Path, max_frames: int = LINE_FRAMES) -> None:
        """LOAD (tokenized) or ENTER (listing) ``file`` through H:; SurroundError on an error.
        BASIC is waited for while it reads the file, in slices of ``max_frames``."""
        path = Path(file)
        try:
            data = path.read_bytes()
        except OSError as error:
            raise SurroundError(f"{file}: cannot read ({error.strerror})") from None
        verb = "LOAD" if data[:2] == b"\x00\x00" else "ENTER"
        if verb == "ENTER" and b"\n" in data and EOL_BYTE not in data:
            path = self._atascii_copy(path, data)
        self.type_line(f'{verb} "{self.device_name(path)}"', max_frames=max_frames)
        message = self.last_error()
        if message:
            raise SurroundError(f"{file}: {verb} failed: {message}")

    def _atascii_copy(self, path: Path, data: bytes) -> Path:
        """A listing with host line ends (LF) as ATASCII lines ending in EOL, in a scratch folder."""
        if self._scratch is None:
            self._scratch = tempfile.TemporaryDirectory(prefix="surround-basic-")
        copy = Path(self._scratch.name) / path.name
        copy.write_bytes(data.replace(b"\r\n", b"\n").replace(b"\n", EOL_BYTE))
        return copy

    def start_program(self, file: str | Path) -> None:
        """Load ``file`` and type RUN (RETURN pressed, the machine not run yet)."""
        self.load(file)
        self.atari.type_text("RUN")
        self.press_return()

    def run_until_waiting(self, max_frames: int) -> RunResult:
        """Run until the program waits for a key (it ended at READY or asks for input)."""
        machine = self.atari.machine
        cycles, frames, started = machine.cycles, machine.frames, time.perf_counter()
        waiting = machine.run_until_idle(max_frames)
        return RunResult(
            waiting=waiting,
            emulated_seconds=(machine.cycles - cycles) / machine.video.cpu_hz,
            host_seconds=time.perf_counter() - started,
            frames=machine.frames - frames,
        )

    # -- the screen ------------------------------------------------------------------------------

    def screen_text(self) -> str:
        return self.atari.screen_text()

    def screen_lines(self) -> list[str]:
        """The non-empty screen lines, without the cursor, stripped."""
        lines = [line.replace("█", " ").strip() for line in self.screen_text().split("\n")]
        return [line for line in lines if line]

    def last_error(self) -> str | None:
        """The last "ERROR-" line on the screen after the last typed command, if any."""
        for line in reversed(self.screen_lines()):
            if line.startswith("ERROR"):
                return line
            if line.startswith(("LOAD ", "ENTER ", "RUN")):
                return None
        return None
