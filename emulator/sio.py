"""Disk drives D1:-D4: in the fast SIO mode, serviced by an "SIO patch".

Instead of clocking bytes through POKEY's serial port (the serial mode,
emulator/serial.py), the emulator catches calls of the OS's SIOV routine
($E459 jumps to it) and performs the request in the device control block
itself, as other emulators do (other devices: ``SerialBus.fast_request``):

====== ======== ===========================================================
$0300  DDEVIC   device: $31 = disk drives
$0301  DUNIT    drive 1-4
$0302  DCOMND   $52 read, $57 write with verify, $50 write, $53 status,
                $21 format ($22 format enhanced density is treated alike)
$0303  DSTATS   result: 1 OK, 138 timeout (no drive), 139 NAK (bad sector or
                command), 144 device error (write-protected disk)
$0304  DBUFLO/HI  buffer address
$0306  DTIMLO   timeout (ignored: transfers take no time)
$0308  DBYTLO/HI  bytes to transfer
$030A  DAUX1/2  sector number
====== ======== ===========================================================

A written sector reaches the ATR file at once, through an atomic file
replacement (emulator/atr.py), and only after the whole sector is known.
"""

from __future__ import annotations

from pathlib import Path

from emulator.atr import Atr
from emulator.errors import EmulatorError
from emulator.memory import Memory

DDEVIC, DUNIT, DCOMND, DSTATS, DBUFLO, DTIMLO, DBYTLO, DAUX1 = 0x300, 0x301, 0x302, 0x303, 0x304, 0x306, 0x308, 0x30A
DISK_DEVICE = 0x31
STATUS_OK, STATUS_TIMEOUT, STATUS_NAK, STATUS_DEVICE_ERROR = 1, 138, 139, 144
CMD_READ, CMD_WRITE_VERIFY, CMD_WRITE, CMD_STATUS, CMD_FORMAT, CMD_FORMAT_MEDIUM = 0x52, 0x57, 0x50, 0x53, 0x21, 0x22


class SioBus:
    """Up to four disk drives and the request handler behind SIOV."""

    def __init__(self) -> None:
        self.drives: dict[int, Atr] = {}
        self.log: list[tuple[int, int, int, int]] = []  # (unit, command, sector, status), newest last

    def insert(self, drive: int, image: Atr | str | Path) -> Atr:
        """Put an ATR (object or file path) into drive 1-4."""
        if not 1 <= drive <= 4:
            raise EmulatorError(f"D{drive}: there are only drives D1: to D4:")
        atr = image if isinstance(image, Atr) else Atr.load(image)
        self.drives[drive] = atr
        return atr

    def eject(self, drive: int) -> None:
        self.drives.pop(drive, None)

    def execute(self, memory: Memory) -> int:
        """Carry out the request in the device control block; returns the status byte."""
        ram = memory.ram
        device = ram[DDEVIC]
        unit = ram[DUNIT]
        command = ram[DCOMND]
        buffer = ram[DBUFLO] | (ram[DBUFLO + 1] << 8)
        length = ram[DBYTLO] | (ram[DBYTLO + 1] << 8)
        sector = ram[DAUX1] | (ram[DAUX1 + 1] << 8)
        drive = unit if device == DISK_DEVICE else 0
        atr = self.drives.get(drive)
        status = STATUS_TIMEOUT if atr is None else self._disk_command(atr, memory, command, buffer, length, sector)
        self.log.append((drive, command, sector, status))
        del self.log[:-64]
        return status

    def _disk_command(self, atr: Atr, memory: Memory, command: int, buffer: int, length: int, sector: int) -> int:
        if command == CMD_READ:
            if not atr.has_sector(sector):
                return STATUS_NAK
            data = atr.read_sector(sector)[:length] if length else atr.read_sector(sector)
            _store(memory, buffer, data)
            return STATUS_OK
        if command in (CMD_WRITE, CMD_WRITE_VERIFY):
            if not atr.has_sector(sector):
                return STATUS_NAK
            if atr.read_only:
                return STATUS_DEVICE_ERROR
            size = atr.size_of(sector)
            data = bytes(memory.read(buffer + i) for i in range(min(length or size, size)))
            atr.write_sector(sector, data.ljust(size, b"\x00"))
            return self._save(atr)
        if command == CMD_STATUS:
            drive_status = 0x10 | (0x08 if atr.read_only else 0) | (0x20 if atr.sector_size == 256 else 0)
            _store(memory, buffer, bytes((drive_status, 0xFF, 0xE0, 0x00))[: length or 4])
            return STATUS_OK
        if command in (CMD_FORMAT, CMD_FORMAT_MEDIUM):
            if atr.read_only:
                return STATUS_DEVICE_ERROR
            atr.format()
            _store(memory, buffer, b"\xff" * (length or atr.sector_size))
            return self._save(atr)
        return STATUS_NAK

    @staticmethod
    def _save(atr: Atr) -> int:
        try:
            atr.save()
        except OSError:
            return STATUS_DEVICE_ERROR
        return STATUS_OK


def _store(memory: Memory, address: int, data: bytes) -> None:
    for i, byte in enumerate(data):
        memory.write(address + i, byte)
