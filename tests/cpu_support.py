"""A bare AtariCPU for the 6502 tests: its I/O page behaves like RAM, so it must act exactly
like py65 (on either core)."""

from __future__ import annotations

from emulator.cpu import AtariCPU


def plain_cpu(memory: bytearray, core: str | None = None) -> AtariCPU:
    """An AtariCPU on ``memory`` whose I/O page is RAM (``core``: "compiled", or the default)."""
    def io_read(addr: int) -> int:
        return memory[addr]

    def write_special(addr: int, value: int) -> int:
        memory[addr] = value
        return 0

    writable = bytearray([1] * 256)
    for page in range(0xD0, 0xD8):
        writable[page] = 0
    return AtariCPU(memory, io_read, write_special, writable, core=core)
