"""Emulator speed benchmark: `python -m emulator.bench [SECONDS]` or `surround bench --emulator --json`.

The workload is a CPU-bound 6502 loop (indexed loads and stores, ADC, a JSR,
zero-page read-modify-write) running in a tiny built-in ROM while ANTIC shows
a 24-line text display list and the VBI NMI fires every frame, so the
measurement includes the machine's per-frame work but not rendering pixels.

``measure(seconds)`` returns ``cycles_per_second`` (machine cycles: emulated
time), ``realtime_ratio`` (to 1,789,773 Hz: emulated seconds per host second),
``cpu_cycles_per_second`` (cycles the 6502 executed; ANTIC's DMA takes the rest,
about 36 % with this display), ``cpu_core`` (which 6502 core ran: "compiled" or
"python", see emulator/cpu.py) and, if the window front-end exists and offers
``measure_fps(seconds)``, ``window_fps``.
"""

from __future__ import annotations

import importlib
import json
import sys
import time

from emulator.errors import EmulatorError
from emulator.machine import CPU_HZ, Machine


def bench_rom() -> bytes:
    """The 16 KiB benchmark ROM, assembled by hand (listing in the comments)."""
    rom = bytearray(0x4000)

    def put(address: int, code: bytes) -> None:
        rom[address - 0xC000:address - 0xC000 + len(code)] = code

    put(0xC000, bytes((
        0x78,              # SEI
        0xD8,              # CLD
        0xA2, 0xFF,        # LDX #$FF
        0x9A,              # TXS
        0xA9, 0x00,        # LDA #<DLIST
        0x8D, 0x02, 0xD4,  # STA DLISTL
        0xA9, 0xC1,        # LDA #>DLIST
        0x8D, 0x03, 0xD4,  # STA DLISTH
        0xA9, 0xE0,        # LDA #$E0
        0x8D, 0x09, 0xD4,  # STA CHBASE
        0xA9, 0x22,        # LDA #$22
        0x8D, 0x00, 0xD4,  # STA DMACTL
        0xA9, 0x40,        # LDA #$40
        0x8D, 0x0E, 0xD4,  # STA NMIEN
        0x58,              # CLI
        0xA0, 0x00,        # C01F LOOP:  LDY #0
        0xB9, 0x00, 0x20,  # C021 INNER: LDA $2000,Y
        0x18,              # CLC
        0x65, 0x80,        # ADC $80
        0x85, 0x80,        # STA $80
        0x99, 0x00, 0x21,  # STA $2100,Y
        0x20, 0x40, 0xC0,  # JSR SUB
        0xC8,              # INY
        0xD0, 0xEF,        # BNE INNER
        0xE6, 0x81,        # INC $81
        0x4C, 0x1F, 0xC0,  # JMP LOOP
    )))
    put(0xC040, bytes((0x8A, 0x49, 0x5A, 0xAA, 0x06, 0x82, 0x60)))  # SUB: TXA / EOR #$5A / TAX / ASL $82 / RTS
    put(0xC050, bytes((0xE6, 0x14, 0x8D, 0x0F, 0xD4, 0x40)))  # NMI: INC $14 / STA NMIRES / RTI
    put(0xC058, bytes((0x40,)))  # IRQ: RTI
    put(0xC100, bytes((0x70, 0x70, 0x70, 0x42, 0x00, 0x40)) + bytes([0x02] * 23) + bytes((0x41, 0x00, 0xC1)))
    put(0xFFFA, bytes((0x50, 0xC0, 0x00, 0xC0, 0x58, 0xC0)))
    return bytes(rom)


def measure_cpu(seconds: float = 5.0) -> dict:
    """Run the benchmark ROM for about ``seconds`` of host time."""
    machine = Machine(bench_rom())
    machine.run_frames(2)  # warm up
    start_cycles = machine.cycles
    start_cpu_cycles = machine.cpu_cycles
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        machine.run_frames(10)
    elapsed = time.perf_counter() - start
    cycles = machine.cycles - start_cycles
    per_second = cycles / elapsed
    return {
        "cycles_per_second": round(per_second),
        "realtime_ratio": round(per_second / CPU_HZ, 3),
        "cpu_cycles_per_second": round((machine.cpu_cycles - start_cpu_cycles) / elapsed),
        "emulated_frames": (cycles // 29_868),
        "seconds": round(elapsed, 3),
        "cpu_core": machine.cpu.cpu_core,
    }


def measure(seconds: float = 5.0) -> dict:
    """CPU speed and, if the window front-end can measure it, its frames per second."""
    result = measure_cpu(seconds)
    result["window_fps"] = None
    try:
        window = importlib.import_module("emulator.frontends.window")
    except ImportError:
        return result
    measure_fps = getattr(window, "measure_fps", None)
    if measure_fps is not None:
        try:
            result["window_fps"] = measure_fps(seconds)
        except EmulatorError as error:  # e.g. no OS ROM built yet
            result["window_error"] = str(error)
    return result


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    seconds = float(args[0]) if args else 5.0
    print(json.dumps(measure(seconds), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
