"""`surround bench --fp`: emulated CPU cycles per call of the math pack's routines.

Our OS is assembled from source (asm/os/) into a temporary directory, then each routine
is called on the bare 6502 (no ANTIC DMA, no interrupts) over a fixed set of ten-digit
operands; the figure is the average number of cycles a caller pays: its JSR (6 cycles)
through the routine's RTS (6), everything between included (issue 19: the figures are
comparable with a count taken at the caller).  A routine whose entry point is not written yet
(still $FF) is left out.  The operands are the same every run (no randomness).
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from emulator.headless import HeadlessAtari
from host.atari import fp
from host.resources import data_root
from host.toolchain.targets import build_os

FR0, FR1, CIX, INBUFF = 0xD4, 0xE0, 0xF2, 0xF3
LBUFF = 0x0580
MAX_CYCLES = 1_000_000
JSR_CYCLES = 6  # the caller's JSR absolute (MOS 6502 programming manual: 6 cycles)

#: (a, b) pairs of ten-digit numbers: every exponent difference 0..4, both signs
#: (so additions with carries and subtractions with borrows), mantissa ratios on both
#: sides of 1 (FDIV's two cases).
PAIRS: tuple[tuple[str, str], ...] = (
    ("1234567891", "9876543219"), ("3.141592653", "2.718281828"),
    ("-98765.43219", "12345.67891"), ("0.1234567891", "-0.9999999999"),
    ("55555.55555", "4444.444444"), ("7.777777777E20", "-1.234567891E18"),
    ("-2.468013579E-10", "-9.753108642E-14"), ("8.642097531E5", "3.692581471E-2"),
    ("1.111111111", "9.999999999"), ("6.02214076E23", "1.602176634E-19"),
    ("-4.669201609", "2.502907875"), ("1.414213562E-3", "-1.732050807E-3"),
)

#: Arguments of EXP (results in range) and LOG (positive).
EXP_ARGS = ("1.234567891", "-2.718281828", "0.5772156649", "-0.1234567891", "12.34567891", "-45.67891234")
LOG_ARGS = ("1.234567891", "98765.43219", "0.3141592653", "2.718281828E-20", "7.777777777E33", "5.555555555")
INTEGERS = (0, 1, 99, 255, 1000, 12345, 32767, 54321, 65535)
FPI_ARGS = ("1.234567891", "12345.67891", "65535.4999", "0.5000000001", "999.9999999", "32767.89012")


def _num(text: str) -> bytes:
    return fp.from_decimal(text)


@dataclass
class BareCpu:
    """The emulator's CPU with our OS, for calling routines directly."""

    atari: HeadlessAtari

    def poke(self, address: int, data: bytes) -> None:
        self.atari.poke_bytes(address, bytes(data))

    def call(self, address: int) -> int:
        """JSR `address` on the bare CPU; the cycles a caller pays, its JSR through the RTS."""
        return JSR_CYCLES + self.atari.call_bare(address, max_cycles=MAX_CYCLES)


def _binary(cpu: BareCpu, address: int) -> list[int]:
    cycles = []
    for a, b in PAIRS:
        for x, y in ((a, b), (b, a)):
            cpu.poke(FR0, _num(x))
            cpu.poke(FR1, _num(y))
            cycles.append(cpu.call(address))
    return cycles


def _unary(arguments: tuple[str, ...]) -> Callable[[BareCpu, int], list[int]]:
    def measure(cpu: BareCpu, address: int) -> list[int]:
        cycles = []
        for text in arguments:
            cpu.poke(FR0, _num(text))
            cycles.append(cpu.call(address))
        return cycles
    return measure


def _afp(cpu: BareCpu, address: int) -> list[int]:
    cycles = []
    for pair in PAIRS:
        for text in pair:
            cpu.poke(LBUFF, text.encode("ascii") + b"\x9b")
            cpu.poke(INBUFF, bytes([LBUFF & 0xFF, LBUFF >> 8]))
            cpu.poke(CIX, b"\x00")
            cycles.append(cpu.call(address))
    return cycles


def _fasc(cpu: BareCpu, address: int) -> list[int]:
    return _unary(tuple(text for pair in PAIRS for text in pair))(cpu, address)


def _ifp(cpu: BareCpu, address: int) -> list[int]:
    cycles = []
    for number in INTEGERS:
        cpu.poke(FR0, bytes([number & 0xFF, number >> 8]))
        cycles.append(cpu.call(address))
    return cycles


#: Routine name -> how to measure it (a list of cycle counts).
MEASURES: dict[str, Callable[[BareCpu, int], list[int]]] = {
    "FADD": _binary, "FSUB": _binary, "FMUL": _binary, "FDIV": _binary,
    "AFP": _afp, "FASC": _fasc, "IFP": _ifp, "FPI": _unary(FPI_ARGS),
    "EXP": _unary(EXP_ARGS), "LOG": _unary(LOG_ARGS),
}


def build_our_os() -> bytes:
    """Our OS ROM assembled from the sources into a temporary directory."""
    with tempfile.TemporaryDirectory(prefix="surround-fpbench-") as directory:
        rom = build_os(data_root(), rom=Path(directory) / "os.rom", build_dir=Path(directory))
        return rom.read_bytes()


def measure(os_rom: bytes | None = None, routines: tuple[str, ...] | None = None) -> dict:
    """{"cycles_per_call": {routine: average cycles}, "calls": {routine: n}, "note": ...}.

    A routine that runs away (a broken ROM) is an error (CpuJam), not a figure."""
    cpu = BareCpu(HeadlessAtari(os_rom=os_rom if os_rom is not None else build_our_os()))
    averages: dict[str, float] = {}
    calls: dict[str, int] = {}
    for name in routines if routines is not None else tuple(MEASURES):
        cycles = MEASURES[name](cpu, fp.ENTRY_POINTS[name])
        averages[name] = round(sum(cycles) / len(cycles), 1)
        calls[name] = len(cycles)
    return {"cycles_per_call": averages, "calls": calls,
            "note": "emulated 6502 cycles a caller pays per call, from its JSR through the routine's "
                    "RTS, bare CPU (no ANTIC DMA, no interrupts)"}
