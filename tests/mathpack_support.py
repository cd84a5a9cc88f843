"""A harness for testing the OS math pack ($D800-$DFFF) routine by routine.

* ``math_pack_images()``: our OS assembled from source once per test session (a
  temporary directory), with its label map (lower-case names).
* ``MathPackMachine``: an emulated Atari with that OS (not booted: the math pack
  needs nothing from the OS's start-up), and helpers to put numbers in FR0/FR1, text
  at an address with INBUFF/CIX, and to call an entry point by name.

``call`` runs the routine on the bare CPU (no ANTIC, no interrupts), so the cycles it
reports are the routine's own (from its first instruction through its RTS; the
caller's JSR not included) and no interrupt handler writes memory behind its back.
It counts cycles up to ``max_cycles`` and raises ``MathPackError`` when the routine does
not return by then, when the CPU jams (a region still full of $FF jams at once: $FF is
no documented opcode), or when the entry point is not in the OS map.  With
``record_writes=True`` every address the routine writes (stack pushes included) is
recorded in ``CallResult.writes``.

Example::

    machine = MathPackMachine()
    machine.set_text("  -1.5E3", address=0x0580)
    result = machine.call("AFP")
    assert not result.carry and result.fr0 == fp.from_text("-1.5E3")[0]
"""

from __future__ import annotations

import functools
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from emulator.cpu import bind_handlers
from emulator.errors import CpuJam
from emulator.headless import HeadlessAtari
from host.atari.fp import ENTRY_POINTS
from host.toolchain.assembler import label_map
from host.toolchain.targets import build_os

REPO = Path(__file__).resolve().parents[1]

FR0, FRE, FR1, FR2 = 0xD4, 0xDA, 0xE0, 0xE6
CIX, INBUFF, FLPTR = 0xF2, 0xF3, 0xFC
LBUFF = 0x0580

#: Where the routine's RTS lands (unused RAM behind the I/O page, as Machine.CALL_RETURN).
RETURN_ADDRESS = 0xD7F0

#: The work areas the math pack may write (Atari OS User's Manual, the math pack's
#: memory: page zero $D4-$FF, LBUFF ... FPSCR1 $0580-$05FF, with the two bytes before
#: LBUFF that FASC writes: the published OS listing's LBPR1/LBPR2 $057E-$057F, "LBUFF
#: preamble") and the stack page.
DOCUMENTED_WRITE_AREAS = (range(0x00D4, 0x0100), range(0x0100, 0x0200), range(0x057E, 0x0600))


class MathPackError(AssertionError):
    """A routine could not be called, jammed, or did not return."""


@dataclass(frozen=True)
class MathPackImages:
    os_rom: bytes
    labels: dict[str, int]


@functools.cache
def math_pack_images() -> MathPackImages:
    """Our OS, assembled from source once per session, and its label map.

    The source is this repository's asm/ (or, with SURROUND_MATHPACK_SOURCE set, the
    asm/ under that directory: a copy to try one half of the math pack while the
    other half is being edited in the shared tree)."""
    directory = Path(tempfile.mkdtemp(prefix="surround-mathpack-"))
    root = Path(os.environ.get("SURROUND_MATHPACK_SOURCE") or REPO)
    os_rom = build_os(root, rom=directory / "os.rom", build_dir=directory).read_bytes()
    return MathPackImages(os_rom, label_map(directory / "os.map"))


@dataclass
class CallResult:
    a: int
    x: int
    y: int
    p: int
    cycles: int
    fr0: bytes
    writes: set[int] = field(default_factory=set)

    @property
    def carry(self) -> bool:
        return bool(self.p & 0x01)

    def undocumented_writes(self) -> list[int]:
        """The written addresses outside DOCUMENTED_WRITE_AREAS, sorted."""
        return sorted(a for a in self.writes if not any(a in area for area in DOCUMENTED_WRITE_AREAS))


class _RecordingMemory:
    """Stands in for the CPU's bytearray in a second set of handlers: records stores."""

    __slots__ = ("data", "writes")

    def __init__(self, data: bytearray) -> None:
        self.data = data
        self.writes: set[int] = set()

    def __getitem__(self, index):
        return self.data[index]

    def __setitem__(self, index, value) -> None:
        self.writes.add(index)
        self.data[index] = value


class MathPackMachine:
    """An Atari with our OS, for calling math pack routines directly."""

    def __init__(self, images: MathPackImages | None = None) -> None:
        self.images = images if images is not None else math_pack_images()
        self.labels = self.images.labels
        self.atari = HeadlessAtari(os_rom=self.images.os_rom)
        self.cpu = self.atari.machine.cpu
        self.memory = self.cpu.memory
        self._recording_ops = None
        self._recorder: _RecordingMemory | None = None

    # -- addresses ------------------------------------------------------------------

    def address(self, name: str) -> int:
        """An entry point's address: from the OS map (any label), else ENTRY_POINTS."""
        key = name.lower()
        if key in self.labels:
            return self.labels[key]
        raise MathPackError(f"{name} is not in the OS map (not written yet?)"
                            + (f"; documented at ${ENTRY_POINTS[name.upper()]:04X}"
                               if name.upper() in ENTRY_POINTS else ""))

    # -- memory ---------------------------------------------------------------------

    def peek(self, address: int) -> int:
        return self.memory[address]

    def poke(self, address: int, value: int) -> None:
        self.memory[address] = value & 0xFF

    def peek_bytes(self, address: int, count: int) -> bytes:
        return bytes(self.memory[address:address + count])

    def poke_bytes(self, address: int, data: bytes) -> None:
        self.memory[address:address + len(data)] = bytes(data)

    def peek_word(self, address: int) -> int:
        return self.memory[address] | self.memory[address + 1] << 8

    def poke_word(self, address: int, value: int) -> None:
        self.memory[address] = value & 0xFF
        self.memory[address + 1] = (value >> 8) & 0xFF

    @property
    def fr0(self) -> bytes:
        return self.peek_bytes(FR0, 6)

    @fr0.setter
    def fr0(self, value: bytes) -> None:
        self.poke_bytes(FR0, _six(value))

    @property
    def fr1(self) -> bytes:
        return self.peek_bytes(FR1, 6)

    @fr1.setter
    def fr1(self, value: bytes) -> None:
        self.poke_bytes(FR1, _six(value))

    def set_text(self, text: bytes | str, address: int = LBUFF, cix: int = 0, end: int = 0x9B) -> None:
        """Text at ``address`` followed by ``end`` (EOL; None for nothing); INBUFF = address, CIX = cix."""
        data = text.encode("latin-1") if isinstance(text, str) else bytes(text)
        if end is not None:
            data += bytes([end])
        self.poke_bytes(address, data)
        self.poke_word(INBUFF, address)
        self.poke(CIX, cix)

    @property
    def cix(self) -> int:
        return self.peek(CIX)

    @property
    def inbuff(self) -> int:
        return self.peek_word(INBUFF)

    def fasc_text(self, limit: int = 40) -> bytes:
        """The bytes from INBUFF up to and including the first with bit 7 set."""
        start = self.inbuff
        data = self.peek_bytes(start, limit)
        for index, byte in enumerate(data):
            if byte & 0x80:
                return data[:index + 1]
        raise MathPackError(f"no character with bit 7 set within {limit} bytes of ${start:04X}")

    # -- calls ------------------------------------------------------------------------

    def call(self, name_or_address: str | int, a: int = 0, x: int = 0, y: int = 0,
             carry: bool = False, max_cycles: int = 200_000, record_writes: bool = False) -> CallResult:
        """JSR an entry point (name or address) on the bare CPU; returns at its RTS."""
        address = name_or_address if isinstance(name_or_address, int) else self.address(name_or_address)
        cpu, mem = self.cpu, self.memory
        if record_writes:
            ops = self._recording_handlers()
            self._recorder.writes = set()
        else:
            ops = cpu.fast_ops
        try:
            cycles = cpu.call_bare(address, a, x, y, 0x34 | (1 if carry else 0), max_cycles, ops, RETURN_ADDRESS)
        except CpuJam as jam:
            if 0xD800 <= cpu.pc < 0xE000 and mem[cpu.pc] == 0xFF:
                raise MathPackError(f"${address:04X}: ran into unwritten math pack bytes at ${cpu.pc:04X}") from None
            raise MathPackError(f"${address:04X} jammed or did not return: {jam}") from None
        writes = set(self._recorder.writes) if record_writes else set()
        return CallResult(cpu.a, cpu.x, cpu.y, cpu.p, cycles, self.fr0, writes)

    def _recording_handlers(self):
        if self._recording_ops is None:
            cpu = self.cpu
            self._recorder = _RecordingMemory(self.memory)
            recorder = self._recorder

            def write_special(addr: int, value: int) -> int:
                recorder.writes.add(addr)
                return cpu.write_special(addr, value)

            handlers, _, _ = bind_handlers(recorder, cpu._read_io, cpu.writable, write_special)
            self._recording_ops = [h if h is not None else cpu.fast_ops[i] for i, h in enumerate(handlers)]
        return self._recording_ops


def _six(value: bytes) -> bytes:
    value = bytes(value)
    if len(value) != 6:
        raise ValueError(f"a floating-point number is 6 bytes, not {len(value)}")
    return value
