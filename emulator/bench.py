"""Emulator speed benchmark: `python -m emulator.bench [SECONDS]` or `surround bench --emulator --json`.

The workload is a CPU-bound 6502 loop (indexed loads and stores, ADC, a JSR,
zero-page read-modify-write) running in a tiny built-in ROM while ANTIC shows
a 24-line text display list and the VBI NMI fires every frame, so the
measurement includes the machine's per-frame work but not rendering pixels.

``measure(seconds)`` returns ``cycles_per_second`` (machine cycles: emulated
time), ``realtime_ratio`` (emulated seconds per host second, for the chosen
video standard: 1,789,773 Hz NTSC, 1,773,447 Hz PAL),
``cpu_cycles_per_second`` (cycles the 6502 executed; ANTIC's DMA takes the rest,
about 36 % with this display), ``cpu_core`` (which 6502 core ran: "compiled" or
"python", see emulator/cpu.py) and, if the window front-end exists and offers
``measure_fps(seconds)``, ``window_fps``.

``render_realtime_ratio``: the same loop with the text screen's picture made
every frame (it does not change: the compiled picture skips it, see
emulator/picture.py); ``pmg_realtime_ratio``: the same loop with the four players and
missiles shown by DMA over the text, player 0 moving a colour clock every frame (the
VBI), a DLI changing COLPF2 half way down, a collision register read and the frame's
RGB picture made every frame as a game in the window would; ``sound_realtime_ratio``: the same loop
with four channels sounding (a tone, the 17-bit and 4-bit noises, a 16-bit
pair) and the sound synthesised every frame.  Both include the work a program
that does not use those features does not pay for.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from emulator.errors import EmulatorError
from emulator.machine import Machine


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
    put(0xC050, bytes((
        0x2C, 0x0F, 0xD4,  # C050 NMI:  BIT NMIST
        0x10, 0x08,        # BPL VBI
        0x48,              # PHA          (a DLI: a colour change down the screen)
        0xA9, 0x34,        # LDA #$34
        0x8D, 0x18, 0xD0,  # STA COLPF2
        0x68,              # PLA
        0x40,              # RTI
        0xE6, 0x14,        # C05D VBI:  INC $14
        0xA9, 0x94,        # LDA #$94     (COLPF2 as at the top of the screen again: the DLI's
        0x8D, 0x18, 0xD0,  # STA COLPF2   change shows down the screen in every frame)
        0xA5, 0x83,        # LDA $83      (set by pmg_setup: move player 0 every frame)
        0xF0, 0x05,        # BEQ DONE
        0xA5, 0x14,        # LDA $14
        0x8D, 0x00, 0xD0,  # STA HPOSP0
        0x8D, 0x0F, 0xD4,  # C06D DONE: STA NMIRES
        0x40,              # RTI
        0x40,              # C071 IRQ:  RTI
    )))
    put(0xC100, bytes((0x70, 0x70, 0x70, 0x42, 0x00, 0x40)) + bytes([0x02] * 23) + bytes((0x41, 0x00, 0xC1)))
    put(0xFFFA, bytes((0x50, 0xC0, 0x00, 0xC0, 0x71, 0xC0)))
    return bytes(rom)


PMG_DLIST = 0x3900  # pmg_setup's display list: the benchmark ROM's with a DLI half way down


def pmg_setup(machine: Machine) -> None:
    """Players and missiles by DMA over the text: bars on every other scanline, all overlapping;
    player 0 moves a colour clock every frame (the VBI) and a DLI changes COLPF2 down the screen."""
    ram = machine.memory.ram
    for address in range(0x3000, 0x3800):
        ram[address] = 0xAA if address & 1 else 0x0F
    dlist = bytes((0x70, 0x70, 0x70, 0x42, 0x00, 0x40)) + bytes([0x02] * 11 + [0x82] + [0x02] * 11)
    ram[PMG_DLIST:PMG_DLIST + len(dlist) + 3] = dlist + bytes((0x41, PMG_DLIST & 0xFF, PMG_DLIST >> 8))
    ram[0x83] = 1  # the VBI moves player 0
    machine.poke(0xD402, PMG_DLIST & 0xFF)
    machine.poke(0xD403, PMG_DLIST >> 8)
    machine.poke(0xD40E, 0xC0)  # NMIEN: DLI and VBI
    for register, value in ((0xD400, 0x3E), (0xD407, 0x30), (0xD01D, 0x03), (0xD008, 0x01), (0xD00C, 0xFF),
                            (0xD01B, 0x21), (0xD012, 0x46), (0xD013, 0x86), (0xD014, 0xC6), (0xD015, 0x1A)):
        machine.poke(register, value)
    for number in range(8):
        machine.poke(0xD000 + number, 60 + 20 * number)


def sound_setup(machine: Machine) -> None:
    """Four channels sounding: a tone, the 17-bit noise, the 4-bit noise, a 16-bit pair at 1.79 MHz."""
    machine.add_audio_sink(lambda samples: None)
    for register, value in ((0xD208, 0x28), (0xD200, 121), (0xD201, 0xA8), (0xD202, 40), (0xD203, 0x88),
                            (0xD204, 0x34), (0xD206, 0x12), (0xD207, 0xA6)):
        machine.poke(register, value)


def measure_cpu(seconds: float = 5.0, video: str = "ntsc", setup: Callable[[Machine], None] | None = None,
                render: bool = False) -> dict[str, Any]:
    """Run the benchmark ROM for about ``seconds`` of host time (``setup(machine)`` first;
    ``render``: the frame's picture made every frame, as a front-end does)."""
    machine = Machine(bench_rom(), video=video)
    machine.run_frames(2)  # warm up
    if setup is not None:
        setup(machine)
    start_cycles = machine.cycles
    start_cpu_cycles = machine.cpu_cycles
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(10):
            machine.run_frames(1)
            if render:
                machine.peek(0xD00C)  # P0PL, as a game reads its collisions every frame
                machine.frame_rgb()
    elapsed = time.perf_counter() - start
    cycles = machine.cycles - start_cycles
    per_second = cycles / elapsed
    return {
        "cycles_per_second": round(per_second),
        "realtime_ratio": round(per_second / machine.video.cpu_hz, 3),
        "cpu_cycles_per_second": round((machine.cpu_cycles - start_cpu_cycles) / elapsed),
        "emulated_frames": (cycles // machine.cycles_per_frame),
        "seconds": round(elapsed, 3),
        "video": video,
        "cpu_core": machine.cpu.cpu_core,
    }


def measure(seconds: float = 5.0, video: str = "ntsc") -> dict[str, Any]:
    """CPU speed, with players/missiles and with sound, and, if the window front-end can measure
    it, its frames per second."""
    from emulator.frontends import window

    result = measure_cpu(seconds, video)
    result["render_realtime_ratio"] = measure_cpu(seconds, video, render=True)["realtime_ratio"]
    result["pmg_realtime_ratio"] = measure_cpu(seconds, video, pmg_setup, render=True)["realtime_ratio"]
    result["sound_realtime_ratio"] = measure_cpu(seconds, video, sound_setup)["realtime_ratio"]
    result["window_fps"] = None
    try:
        result["window_fps"] = round(window.measure_fps(seconds), 1)
    except EmulatorError as error:  # e.g. no display driver
        result["window_error"] = str(error)
    return result


#: Atari's 810 data sheet: average access 74 ms; 19,200 bit/s on the bus.  A sector read
#: moves the command frame (5 bytes), ACK, COMPLETE and the data frame (129 bytes): 136
#: bytes of 10 bits.
AVERAGE_ACCESS_810 = 0.074
SECTOR_READ_BITS = 136 * 10
BUS_BAUD = 19_200


def measure_serial_boot(image: str | Path, max_frames: int = 3600) -> dict[str, Any]:
    """Boot ``image`` in D1: with BASIC off over the serial bus (our OS's SIO, the drive at
    an 810's timing) until the program waits for a key; the emulated seconds that took,
    the sectors read, and the time the 810's data-sheet figures give for those sectors."""
    from emulator.headless import HeadlessAtari
    from emulator.sio import DiskDrive

    figures: dict[str, Any] = {}
    for mode in ("serial", "fast"):
        atari = HeadlessAtari(sio=mode)
        atari.insert_disk(1, image)
        atari.machine.power_on()
        if not atari.machine.run_until_idle(max_frames):
            raise EmulatorError(f"{image}: the disk did not boot to a prompt within {max_frames} frames ({mode} SIO)")
        figures[f"{mode}_boot_emulated_seconds"] = round(atari.cycles / atari.machine.video.cpu_hz, 2)
        if mode == "serial":
            drive = atari.machine.serial.bus.devices[0x31]
            assert isinstance(drive, DiskDrive)  # D1:, inserted above
            sectors = drive.sectors_read
    figures["serial_boot_sectors"] = sectors
    figures["serial_boot_810_anchor_seconds"] = round(sectors * (AVERAGE_ACCESS_810 + SECTOR_READ_BITS / BUS_BAUD), 2)
    return figures


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    seconds = float(args[0]) if args else 5.0
    print(json.dumps(measure(seconds), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
