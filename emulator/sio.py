"""The SIO protocol and the devices that speak it: the disk drive and the printer.

A device answers a command frame (device, command, aux 1, aux 2) with an
:class:`Answer`.  The same answer serves both SIO modes of the machine
(emulator/serial.py's ``SerialBus``): ``--sio serial`` sends it over the wire at
its real timing, ``--sio fast`` (the SIO patch on SIOV) carries it out on the
device control block at once.  So each device exists once, and both modes see
the same bytes.

The device control block (Atari OS User's Manual, "Serial I/O interface"):

====== ========== ==========================================================
$0300  DDEVIC     device: $31 disk drives (+ DUNIT - 1), $40 printer, $60 C:
$0301  DUNIT      unit 1-4
$0302  DCOMND     command
$0303  DSTATS     in: direction ($40 read, $80 write); out: the status
$0304  DBUFLO/HI  buffer address
$0306  DTIMLO     timeout in seconds
$0308  DBYTLO/HI  bytes to transfer
$030A  DAUX1/2    auxiliary bytes (the sector number)
====== ========== ==========================================================

Status codes (Atari OS User's Manual, appendix "Error codes"): 1 OK, 138
timeout (no device), 139 NAK, 143 checksum, 144 the device reported ERROR.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from emulator.atascii import ATASCII_TO_UNICODE
from emulator.atr import Atr
from emulator.errors import EmulatorError
from emulator.files import make_folder_for
from emulator.video import NTSC

CPU_HZ = NTSC.cpu_hz  # the SIO timings are NTSC CPU cycles (emulator/video.py)
DDEVIC, DUNIT, DCOMND, DSTATS, DBUFLO, DTIMLO, DBYTLO, DAUX1 = 0x300, 0x301, 0x302, 0x303, 0x304, 0x306, 0x308, 0x30A
DISK_DEVICE, PRINTER_DEVICE, CASSETTE_DEVICE = 0x31, 0x40, 0x60
DIRECTION_READ, DIRECTION_WRITE = 0x40, 0x80
STATUS_OK, STATUS_TIMEOUT, STATUS_NAK, STATUS_CHECKSUM, STATUS_DEVICE_ERROR = 1, 138, 139, 143, 144
CMD_READ, CMD_WRITE_VERIFY, CMD_PUT, CMD_STATUS = 0x52, 0x57, 0x50, 0x53
CMD_FORMAT, CMD_FORMAT_ENHANCED = 0x21, 0x22
ACK, NAK, COMPLETE, ERROR = 0x41, 0x4E, 0x43, 0x45

#: SIO timing (Atari OS User's Manual, SIO timing diagram), in machine cycles
MS = CPU_HZ // 1000
T2_ACK = MS  # COMMAND deasserted -> ACK (0-16 ms)
T4_DATA_ACK = MS  # end of the computer's data frame -> ACK (850 us - 16 ms)
T5_COMPLETE = MS // 2  # ACK -> COMPLETE at the least (250 us - 255 s)


def checksum(data: bytes) -> int:
    """The SIO checksum: the bytes added with end-around carry."""
    total = 0
    for byte in data:
        total += byte
        total = (total & 0xFF) + (total >> 8)
    return total


def bit_cycles_for(baud: float) -> float:
    """Machine cycles of one bit at ``baud``."""
    return CPU_HZ / baud


def data_frame(status: int, data: bytes) -> bytes:
    """COMPLETE or ERROR, then ``data`` and its checksum: what a device sends for a read."""
    return bytes((status,)) + data + bytes((checksum(data),))


@dataclass
class Answer:
    """What a device does with a command frame.

    ``ack``: ACK (True) or NAK (False).  ``receive``: bytes of the data frame
    it then wants from the computer (0: none).  ``finish(data)`` gives the
    cycles until COMPLETE/ERROR and the bytes to send then (the status byte and,
    for a read, the data frame with its checksum).
    """

    ack: bool
    receive: int = 0
    finish: Callable[[bytes], tuple[int, bytes]] | None = None


class SioDevice:
    """A device on the serial bus with its device ID (disk $31-$34, printer $40)."""

    device_id = 0
    baud = 19_200

    def command(self, frame: bytes, cycle: int) -> Answer | None:  # pragma: no cover - interface
        """Answer a command frame (device, command, aux1, aux2) that ends at ``cycle``,
        or None to stay silent."""
        raise NotImplementedError


# ---------------------------------------------------------------------------
# Disk drive (810 single density, 1050 enhanced density, double density)
# ---------------------------------------------------------------------------

#: 810 mechanics: 288 revolutions a minute (COMPUTE! May 1982, "Getting Your Atari
#: Disk Drive Up To Speed"), 18 sectors a track, 40 tracks (1050 enhanced: 26); Atari's
#: 810 data sheet gives an average access of 74 ms and the longest of 236 ms.  Our
#: step and settling times are chosen to match those: a 39-track seek is
#: 39 * 5.3 + 10 = 217 ms, plus at most a turn's wait for the sector.  A track's
#: sectors lie in the order 1, 3, 5, ..., 17, 2, 4, ..., 18, each next one half a turn
#: further (our assumption for the drive's own format: time enough to send one sector to
#: the computer before the next comes round; AtariAge, "Improved sector layout CX8111").
RPM = 288
STEP_MS = 5.3
SETTLE_MS = 10.0
TRACKS = 40
ENHANCED_SECTORS = 1040

#: the first of the four STATUS bytes (the 810/1050 command set as documented in
#: "SIOCMD.TXT", PoolDisk Too collection: bit 0 command frame error, 1 checksum
#: error, 2 operation error, 3 write protect, 4 motor on, 5 double density,
#: 7 enhanced ("dual", medium) density); the second is the controller's status,
#: inverted ($FF: nothing wrong), the third the format timeout ($E0), the fourth 0
DRIVE_WRITE_PROTECTED, DRIVE_MOTOR_ON, DRIVE_DOUBLE_DENSITY, DRIVE_ENHANCED_DENSITY = 0x08, 0x10, 0x20, 0x80
CONTROLLER_OK, FORMAT_TIMEOUT = 0xFF, 0xE0


def drive_status(atr: Atr) -> bytes:
    """The four bytes a drive answers to STATUS for the disk ``atr``."""
    flags = DRIVE_MOTOR_ON
    if atr.read_only:
        flags |= DRIVE_WRITE_PROTECTED
    if atr.sector_size == 256:
        flags |= DRIVE_DOUBLE_DENSITY
    if atr.sector_count == ENHANCED_SECTORS:
        flags |= DRIVE_ENHANCED_DENSITY
    return bytes((flags, CONTROLLER_OK, FORMAT_TIMEOUT, 0x00))


class DiskDrive(SioDevice):
    """An 810 (720 x 128 bytes), a 1050 in enhanced density (1040 x 128) or a double-density
    drive (256-byte sectors) on an ATR image: D1:-D4:, device $31-$34.

    Commands: 'R' read, 'W' write with verify, 'P' put, 'S' status, '!' format,
    '"' format enhanced.  A write to a read-only image ends in ERROR
    (the OS reports 144); a sector outside the image gets NAK (139).  The drive
    turns at 288 rpm: a read waits for its sector to come round under the head
    after the head has stepped to its track (``access_cycles``).
    """

    def __init__(self, unit: int, atr: Atr) -> None:
        if not 1 <= unit <= 4:
            raise EmulatorError(f"D{unit}: there are only drives D1: to D4:")
        self.unit = unit
        self.device_id = DISK_DEVICE + unit - 1
        self.atr = atr
        self.track = 0
        self.sectors_per_track = 26 if atr.sector_count == ENHANCED_SECTORS else 18
        self.sectors_read = 0

    @classmethod
    def with_image(cls, unit: int, image: Atr | str | Path) -> DiskDrive:
        """A drive with an ATR (object or file path) in it."""
        return cls(unit, image if isinstance(image, Atr) else Atr.load(image))

    @property
    def revolution(self) -> float:
        return CPU_HZ * 60 / RPM

    def access_cycles(self, sector: int, cycle: int) -> int:
        """Cycles from ``cycle`` until ``sector`` has passed under the head."""
        per_track = self.sectors_per_track
        track, index = divmod(sector - 1, per_track)
        slot = (index % 2) * ((per_track + 1) // 2) + index // 2  # 1, 3, 5, ..., then 2, 4, ...
        seek = 0.0
        if track != self.track:
            seek = (abs(track - self.track) * STEP_MS + SETTLE_MS) * MS
            self.track = track
        revolution = self.revolution
        slot_cycles = revolution / per_track
        ready = cycle + seek
        position = (ready % revolution) / slot_cycles  # the slot under the head now
        wait = ((slot - position) % per_track) * slot_cycles
        return round(seek + wait + slot_cycles)

    def command(self, frame: bytes, cycle: int) -> Answer | None:
        command = frame[1]
        sector = frame[2] | (frame[3] << 8)
        if command == CMD_READ:
            return self._read(sector, cycle)
        if command in (CMD_PUT, CMD_WRITE_VERIFY):
            return self._write_request(sector, command, cycle)
        if command == CMD_STATUS:
            status = drive_status(self.atr)
            return Answer(ack=True, finish=lambda _: (0, data_frame(COMPLETE, status)))
        if command in (CMD_FORMAT, CMD_FORMAT_ENHANCED):
            return Answer(ack=True, finish=lambda _: self._format())
        return Answer(ack=False)

    def _read(self, sector: int, cycle: int) -> Answer:
        if not self.atr.has_sector(sector):
            return Answer(ack=False)
        data = self.atr.read_sector(sector)
        wait = self.access_cycles(sector, cycle)
        self.sectors_read += 1
        return Answer(ack=True, finish=lambda _: (wait, data_frame(COMPLETE, data)))

    def _write_request(self, sector: int, command: int, cycle: int) -> Answer:
        if not self.atr.has_sector(sector):
            return Answer(ack=False)
        size = self.atr.size_of(sector)
        arrived = cycle + T2_ACK + round((size + 2) * 10 * bit_cycles_for(self.baud))  # ACK, then the data frame
        return Answer(ack=True, receive=size, finish=lambda data: self._write(sector, data, command, arrived))

    def _write(self, sector: int, data: bytes, command: int, cycle: int) -> tuple[int, bytes]:
        atr = self.atr
        wait = self.access_cycles(sector, cycle)
        if command == CMD_WRITE_VERIFY:
            wait += round(self.revolution)  # verify: read it back one turn later
        if atr.read_only:
            return wait, bytes((ERROR,))
        atr.write_sector(sector, data)
        return wait, bytes((COMPLETE if self._saved() else ERROR,))

    def _format(self) -> tuple[int, bytes]:
        """Every sector emptied; the answer is the list of bad sectors, $FFFF-terminated (none)."""
        atr = self.atr
        bad_sectors = b"\xff\xff".ljust(atr.sector_size, b"\x00")
        if atr.read_only:
            return 0, data_frame(ERROR, bad_sectors)
        atr.format()
        if not self._saved():
            return 0, data_frame(ERROR, bad_sectors)
        turns = round(self.revolution) * TRACKS * 2  # every track written and read back
        return turns, data_frame(COMPLETE, bad_sectors)

    def _saved(self) -> bool:
        """The image written to its file (atomically, emulator/atr.py); False if that failed."""
        try:
            self.atr.save()
        except OSError:
            return False
        return True


# ---------------------------------------------------------------------------
# Printer (P:)
# ---------------------------------------------------------------------------

PRINT_LINE = 40
#: the record length of each print mode, the 'W' command's aux 1 (Atari OS User's Manual,
#: "Printer handler"): 'N' normal 40, 'D' double width 20, 'S' sideways 29
PRINT_MODES = {0x4E: 40, 0x44: 20, 0x53: 29}
EOL = 0x9B


class Printer(SioDevice):
    """A 40-column printer (device $40), like the Atari 820: each 'W' record (40 bytes;
    20 double width, 29 sideways) is printed as one line, up to its EOL, into a host text file (ATASCII shown as
    Unicode, like the screen); 'S' gives four status bytes.  It has a line buffer, so
    it answers COMPLETE at once."""

    device_id = PRINTER_DEVICE

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.lines: list[str] = []
        try:
            make_folder_for(self.path).write_text("", encoding="utf-8")
        except OSError as error:
            raise EmulatorError(f"{self.path}: cannot write the printer file ({error.strerror})") from None

    def command(self, frame: bytes, cycle: int) -> Answer | None:
        command = frame[1]
        if command == CMD_WRITE_VERIFY:
            length = PRINT_MODES.get(frame[2], PRINT_LINE)
            return Answer(ack=True, receive=length, finish=self._print)
        if command == CMD_STATUS:
            status = bytes((0, 0, 30, 0))
            return Answer(ack=True, finish=lambda _: (0, data_frame(COMPLETE, status)))
        return Answer(ack=False)

    def _print(self, data: bytes) -> tuple[int, bytes]:
        """One record is one printed line: up to its EOL, or all 40 characters."""
        end = data.find(bytes((EOL,)))
        line = "".join(ATASCII_TO_UNICODE[c] for c in (data if end < 0 else data[:end])).rstrip()
        self.lines.append(line)
        try:
            with self.path.open("a", encoding="utf-8") as out:
                out.write(line + "\n")
        except OSError:
            return 0, bytes((ERROR,))
        return 0, bytes((COMPLETE,))
