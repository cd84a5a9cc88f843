"""POKEY's serial port and the Atari serial bus (SIO) with its devices.

POKEY's side (Altirra Hardware Reference Manual, "POKEY: serial port";
Mapping the Atari, $D20D SEROUT/SERIN, $D20F SKCTL/SKSTAT, $D20E IRQEN/IRQST):

* SEROUT ($D20D write) fills the output holding register.  When the shift
  register is free the byte moves into it at once and the *serial output
  data needed* IRQ (IRQST bit 4) is raised; the shift register sends one
  start bit, eight data bits (LSB first) and one stop bit.  When it is done
  and the holding register is empty, the *serial output transmission
  finished* condition (IRQST bit 3) holds: it is a level, not a latch, so it
  reads 0 whenever it is enabled and nothing is being sent.
* SERIN ($D20D read) holds the last byte received; each byte raises the
  *serial input data ready* IRQ (IRQST bit 5).  A byte that arrives while
  that IRQ is still pending sets the overrun flag SKSTAT bit 5 = 0; a byte
  sent at a bit rate more than 5 % away from POKEY's sets the framing error
  flag SKSTAT bit 7 = 0.  A write to SKRES sets both flags back to 1.
* The bit rate comes from channel 4 (channels 3+4 joined, AUDCTL bit 3; the
  1.79 MHz clock for channel 3, AUDCTL bit 5): a 16-bit period of
  AUDF3 + 256 * AUDF4 + 7 machine cycles, two periods a bit.  The OS's
  19,200 baud is AUDF3 = $28, AUDF4 = 0: 94 cycles a bit, 19,040 baud; its
  600 baud for the cassette is AUDF3 = $CC, AUDF4 = $05: 2982 cycles a bit.

The bus (Atari OS User's Manual, "Serial I/O interface"; De Re Atari,
chapter 8): the computer pulls the COMMAND line (PIA PBCTL CB2, $34 = low =
asserted, $3C = high) and sends a five-byte command frame: device, command,
aux 1, aux 2 and a checksum (the bytes' sum with end-around carry).  The
addressed device answers with ACK ($41) or NAK ($4E) after the line goes up
again; a write command then takes a data frame (bytes + checksum) from the
computer and ACKs it; at last the device sends COMPLETE ($43) or ERROR ($45),
for a read followed by its data frame.  The timing follows the manual's SIO
timing diagram: ACK 0-16 ms after COMMAND rises (t2), the data frame at
least 1 ms after ACK (t3), COMPLETE at least 250 us after the last ACK (t5).

Devices here: :class:`DiskDrive` (810 / 1050, ATR images),
:class:`Printer` (P:, device $40) and :class:`CassetteRecorder` (no command
frames: it plays and records bytes at 600 baud while PACTL's CA2 runs the
motor).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from emulator.atascii import ATASCII_TO_UNICODE
from emulator.atr import Atr
from emulator.errors import EmulatorError
from emulator.files import atomic_write, make_folder_for

if TYPE_CHECKING:
    from emulator.memory import Memory
    from emulator.pokey import Pokey

CPU_HZ = 1_789_773
DDEVIC, DUNIT, DCOMND, DSTATS, DBUFLO, DBYTLO, DAUX1 = 0x300, 0x301, 0x302, 0x303, 0x304, 0x308, 0x30A
CASSETTE_DEVICE = 0x60
STATUS_OK, STATUS_TIMEOUT, STATUS_NAK, STATUS_CHECKSUM, STATUS_DEVICE_ERROR = 1, 138, 139, 143, 144
ACK, NAK, COMPLETE, ERROR = 0x41, 0x4E, 0x43, 0x45
IRQ_SERIN, IRQ_SEROUT, IRQ_SEROC = 0x20, 0x10, 0x08
SKSTAT_FRAMING, SKSTAT_OVERRUN = 0x80, 0x20
BAUD_TOLERANCE = 0.05

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


# ---------------------------------------------------------------------------
# POKEY's serial port
# ---------------------------------------------------------------------------


class SerialPort:
    """SEROUT/SERIN, their shift registers, the bit rate and the three serial IRQs."""

    def __init__(self, pokey: Pokey, schedule: Callable[[int, Callable[[int], None]], int],
                 now: Callable[[], int]) -> None:
        self.pokey = pokey
        self.schedule = schedule
        self.now = now
        self.bus = SerialBus(self)
        self.generation = 0  # callbacks of an older generation are ignored after a reset
        self.reset()

    def reset(self) -> None:
        self.holding: int | None = None
        self.sending = False
        self.serin = 0xFF
        self.incoming: list[tuple[int, int, int, float]] = []  # (start, end, byte, bits) on the data-in line
        self.generation += 1
        self.bus.reset()

    # -- bit rate -----------------------------------------------------------------

    def bit_cycles(self) -> int:
        """Cycles per bit from AUDF3/AUDF4/AUDCTL (two periods of channel 4)."""
        regs = self.pokey.registers
        audctl = regs[0x08]
        base = 114 if audctl & 0x01 else 28  # 15 kHz or 64 kHz clock
        if audctl & 0x08:  # channels 3+4 joined: a 16-bit counter
            divisor = regs[0x04] | (regs[0x06] << 8)
            period = divisor + 7 if audctl & 0x20 else (divisor + 1) * base
        else:
            period = (regs[0x06] + 1) * base
        return 2 * period

    # -- output --------------------------------------------------------------------

    def write_serout(self, value: int) -> None:
        if self.sending:
            self.holding = value
        else:
            self._shift_out(value)

    def _shift_out(self, value: int) -> None:
        self.sending = True
        self.pokey.raise_irq(IRQ_SEROUT)  # the holding register is free again
        self.update_complete()
        bits = self.bit_cycles()
        generation = self.generation
        self.schedule(self.now() + 10 * bits, lambda cycle: self._shifted(value, bits, cycle, generation))

    def _shifted(self, value: int, bits: int, cycle: int, generation: int) -> None:
        if generation != self.generation:
            return
        self.sending = False
        self.bus.from_computer(value, bits, cycle)
        if self.holding is not None:
            value, self.holding = self.holding, None
            self._shift_out(value)
        else:
            self.update_complete()

    def update_complete(self) -> None:
        """IRQST bit 3 follows "nothing to send" while it is enabled (a level, not a latch)."""
        pokey = self.pokey
        if not self.sending and pokey.irqen & IRQ_SEROC:
            pokey.irqst &= ~IRQ_SEROC & 0xFF
        else:
            pokey.irqst |= IRQ_SEROC
        pokey.irq_changed(pokey.irq_line)

    # -- input ----------------------------------------------------------------------

    def expect(self, start: int, value: int, bits: float) -> None:
        """A byte will be on the data-in line from ``start`` (its start bit) for ten bits."""
        self.incoming.append((start, start + round(10 * bits), value, bits))

    def forget_incoming(self) -> None:
        self.incoming.clear()

    def data_line(self) -> int:
        """SKSTAT bit 4, the serial data-in line now: 1 (mark) at rest and for a stop bit,
        0 for a start bit, the data bits LSB first in between (a program can time the
        line, as the XL OS does to measure the cassette's speed)."""
        now = self.now()
        incoming = self.incoming
        while incoming and incoming[0][1] <= now:
            incoming.pop(0)
        if not incoming or incoming[0][0] > now:
            return 1
        start, _, value, bits = incoming[0]
        bit = int((now - start) // bits)
        if bit == 0:
            return 0
        return 1 if bit >= 9 else (value >> (bit - 1)) & 1

    def receive(self, value: int, bits: float) -> None:
        """A byte's stop bit has arrived, sent at ``bits`` cycles a bit."""
        pokey = self.pokey
        ours = self.bit_cycles()
        if abs(bits - ours) > BAUD_TOLERANCE * ours:
            pokey.skstat &= ~SKSTAT_FRAMING & 0xFF
        if pokey.irqen & IRQ_SERIN and not pokey.irqst & IRQ_SERIN:
            pokey.skstat &= ~SKSTAT_OVERRUN & 0xFF
        self.serin = value
        pokey.raise_irq(IRQ_SERIN)


# ---------------------------------------------------------------------------
# The bus
# ---------------------------------------------------------------------------


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
        """Answer a command frame (device, command, aux1, aux2), or None to stay silent."""
        raise NotImplementedError


class SerialBus:
    """The COMMAND line, the frames on it and the devices that answer them."""

    def __init__(self, port: SerialPort) -> None:
        self.port = port
        self.devices: dict[int, SioDevice] = {}
        self.cassette: CassetteRecorder | None = None
        self.log: list[tuple[bytes, str]] = []  # (command frame, what happened), newest last
        self.reset()

    def reset(self) -> None:
        self.command_asserted = False
        self.frame = bytearray()
        self.pending: tuple[SioDevice, bytes] | None = None
        self.transaction: tuple[SioDevice, Answer] | None = None
        self.data = bytearray()

    def attach(self, device: SioDevice) -> None:
        self.devices[device.device_id] = device

    def detach(self, device_id: int) -> None:
        self.devices.pop(device_id, None)

    # -- the computer's side ---------------------------------------------------------

    def set_command(self, asserted: bool, cycle: int) -> None:
        """PBCTL CB2: the COMMAND line goes down (asserted) or up."""
        if asserted and not self.command_asserted:
            self.frame.clear()
            self.pending = None
            self.transaction = None
        elif not asserted and self.command_asserted and self.pending is not None:
            device, frame = self.pending
            self.pending = None
            self._answer(device, frame, cycle)
        self.command_asserted = asserted

    def from_computer(self, value: int, bits: int, cycle: int) -> None:
        """A byte the computer sent, complete at ``cycle``."""
        if self.cassette is not None and self.cassette.motor:
            self.cassette.record(value, bits, cycle)
        if self.command_asserted:
            self._command_byte(value, bits)
        elif self.transaction is not None:
            self._data_byte(value, bits, cycle)

    def _command_byte(self, value: int, bits: int) -> None:
        self.frame.append(value)
        if len(self.frame) != 5:
            return
        frame = bytes(self.frame)
        device = self.devices.get(frame[0])
        if device is None:
            self._note(frame, "no device")
        elif not _baud_ok(bits, device.baud):
            self._note(frame, "bit rate")
        elif checksum(frame[:4]) != frame[4]:
            self._note(frame, "checksum")
        else:
            self.pending = (device, frame[:4])

    def _answer(self, device: SioDevice, frame: bytes, cycle: int) -> None:
        answer = device.command(frame, cycle)
        if answer is None:
            self._note(frame, "silent")
            return
        start = cycle + T2_ACK
        if not answer.ack:
            self._note(frame, "NAK")
            self.send(device, bytes((NAK,)), start)
            return
        done = self.send(device, bytes((ACK,)), start)
        if answer.receive:
            self.transaction = (device, answer)
            self.data.clear()
            self._note(frame, "ACK, data frame")
        else:
            self._note(frame, "ACK")
            self._finish(device, answer, b"", done)

    def _data_byte(self, value: int, bits: int, cycle: int) -> None:
        assert self.transaction is not None  # only called while a data frame is expected
        device, answer = self.transaction
        self.data.append(value)
        if len(self.data) < answer.receive + 1:
            return
        self.transaction = None
        data, sent_sum = bytes(self.data[:-1]), self.data[-1]
        if checksum(data) != sent_sum or not _baud_ok(bits, device.baud):
            self.send(device, bytes((NAK,)), cycle + T4_DATA_ACK)
            return
        done = self.send(device, bytes((ACK,)), cycle + T4_DATA_ACK)
        self._finish(device, answer, data, done)

    def _finish(self, device: SioDevice, answer: Answer, data: bytes, start: int) -> None:
        delay, reply = answer.finish(data) if answer.finish else (0, bytes((COMPLETE,)))
        self.send(device, reply, start + max(delay, T5_COMPLETE))

    # -- the devices' side ----------------------------------------------------------------

    def send(self, device: SioDevice, data: bytes, start: int) -> int:
        """Send ``data`` from a device, the first start bit at ``start``; returns the end cycle."""
        bits = bit_cycles_for(device.baud)
        port = self.port
        generation = port.generation
        cycle = start
        for value in data:
            port.expect(cycle, value, bits)
            cycle += round(10 * bits)
            port.schedule(cycle, _delivery(port, value, bits, generation))
        return cycle

    # -- the fast SIO mode: a whole request at once, for devices other than disks ----------------

    def fast_request(self, memory: Memory, cycle: int) -> int:
        """Carry out the device control block's request ($0300-$030B) without the wire;
        returns the status byte as the OS's SIO would."""
        ram = memory.ram
        device_id = (ram[DDEVIC] + ram[DUNIT] - 1) & 0xFF
        buffer = ram[DBUFLO] | (ram[DBUFLO + 1] << 8)
        length = ram[DBYTLO] | (ram[DBYTLO + 1] << 8)
        direction = ram[DSTATS]
        if ram[DDEVIC] == CASSETTE_DEVICE:
            return self._fast_cassette(memory, buffer, length, direction)
        device = self.devices.get(device_id)
        if device is None:
            return STATUS_TIMEOUT
        answer = device.command(bytes((device_id, ram[DCOMND], ram[DAUX1], ram[DAUX1 + 1])), cycle)
        if answer is None:
            return STATUS_TIMEOUT
        if not answer.ack:
            return STATUS_NAK
        data = bytes(memory.read(buffer + i) for i in range(answer.receive))
        _, reply = answer.finish(data) if answer.finish else (0, bytes((COMPLETE,)))
        if direction & 0x40 and len(reply) > 1:
            for offset, value in enumerate(reply[1:-1][:length]):
                memory.write(buffer + offset, value)
        return STATUS_OK if reply[0] == COMPLETE else STATUS_DEVICE_ERROR

    def _fast_cassette(self, memory: Memory, buffer: int, length: int, direction: int) -> int:
        cassette = self.cassette
        if cassette is None:
            return STATUS_TIMEOUT
        if direction & 0x80:
            data = bytes(memory.read(buffer + i) for i in range(length))
            cassette.write_record(data + bytes((checksum(data),)))
            return STATUS_OK
        record = cassette.read_record()
        if record is None:
            return STATUS_TIMEOUT
        for offset, value in enumerate(record[:length]):
            memory.write(buffer + offset, value)
        if len(record) != length + 1 or checksum(record[:length]) != record[length]:
            return STATUS_CHECKSUM
        return STATUS_OK

    def _note(self, frame: bytes, what: str) -> None:
        self.log.append((bytes(frame), what))
        del self.log[:-64]


def _delivery(port: SerialPort, value: int, bits: float, generation: int) -> Callable[[int], None]:
    def deliver(cycle: int) -> None:
        if generation == port.generation:
            port.receive(value, bits)
    return deliver


def _baud_ok(bits: float, baud: int) -> bool:
    ideal = bit_cycles_for(baud)
    return abs(bits - ideal) <= BAUD_TOLERANCE * ideal


# ---------------------------------------------------------------------------
# Disk drive (810 single density, 1050 enhanced density)
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


class DiskDrive(SioDevice):
    """An 810 (720 x 128 bytes) or 1050 (1040 x 128, enhanced density) on an ATR image.

    Commands: 'R' read, 'W' write with verify, 'P' put, 'S' status, '!' format,
    '"' format enhanced.  A write to a read-only image ends in ERROR
    (the OS reports 144); a sector outside the image gets NAK (139).  The drive
    turns at 288 rpm: a read waits for its sector to come round under the head
    after the head has stepped to its track (``access_cycles``).
    """

    def __init__(self, unit: int, atr: Atr) -> None:
        self.unit = unit
        self.device_id = 0x30 + unit
        self.atr = atr
        self.track = 0
        self.sectors_per_track = 26 if atr.sector_count == 1040 else 18
        self.sectors_read = 0

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
        atr = self.atr
        if command == 0x52:  # read
            if not atr.has_sector(sector):
                return Answer(ack=False)
            data = atr.read_sector(sector)
            wait = self.access_cycles(sector, cycle)
            self.sectors_read += 1
            return Answer(ack=True, finish=lambda _: (wait, bytes((COMPLETE,)) + data + bytes((checksum(data),))))
        if command in (0x50, 0x57):  # put, write with verify
            if not atr.has_sector(sector):
                return Answer(ack=False)
            size = atr.size_of(sector)
            arrived = cycle + T2_ACK + round((size + 2) * 10 * bit_cycles_for(self.baud))  # ACK, then the data frame
            return Answer(ack=True, receive=size, finish=lambda data: self._write(sector, data, command, arrived))
        if command == 0x53:  # status
            status = bytes((0x10 | (0x08 if atr.read_only else 0) | (0x20 if atr.sector_size == 256 else 0)
                            | (0x80 if atr.sector_count == 1040 else 0), 0xFF, 0xE0, 0x00))
            return Answer(ack=True, finish=lambda _: (0, bytes((COMPLETE,)) + status + bytes((checksum(status),))))
        if command in (0x21, 0x22):  # format, format enhanced
            return Answer(ack=True, finish=lambda _: self._format())
        return Answer(ack=False)

    def _write(self, sector: int, data: bytes, command: int, cycle: int) -> tuple[int, bytes]:
        atr = self.atr
        wait = self.access_cycles(sector, cycle)
        if command == 0x57:
            wait += round(self.revolution)  # verify: read it back one turn later
        if atr.read_only:
            return wait, bytes((ERROR,))
        atr.write_sector(sector, data)
        try:
            atr.save()
        except OSError:
            return wait, bytes((ERROR,))
        return wait, bytes((COMPLETE,))

    def _format(self) -> tuple[int, bytes]:
        atr = self.atr
        size = atr.sector_size
        bad = b"\xff\xff".ljust(size, b"\x00")
        if atr.read_only:
            return 0, bytes((ERROR,)) + bad + bytes((checksum(bad),))
        atr.format()
        try:
            atr.save()
        except OSError:
            return 0, bytes((ERROR,)) + bad + bytes((checksum(bad),))
        turns = round(self.revolution) * 40 * 2  # every track written and read back
        return turns, bytes((COMPLETE,)) + bad + bytes((checksum(bad),))


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

    device_id = 0x40

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.lines: list[str] = []
        try:
            make_folder_for(self.path).write_text("", encoding="utf-8")
        except OSError as error:
            raise EmulatorError(f"{self.path}: cannot write the printer file ({error.strerror})") from None

    def command(self, frame: bytes, cycle: int) -> Answer | None:
        command = frame[1]
        if command == 0x57:
            length = PRINT_MODES.get(frame[2], PRINT_LINE)
            return Answer(ack=True, receive=length, finish=self._print)
        if command == 0x53:
            status = bytes((0, 0, 30, 0))
            return Answer(ack=True, finish=lambda _: (0, bytes((COMPLETE,)) + status + bytes((checksum(status),))))
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


# ---------------------------------------------------------------------------
# Program recorder (C:)
# ---------------------------------------------------------------------------

CAS_BAUD = 600
LEADER_MS = 20_000  #: a file's leader (De Re Atari, appendix C)
GAP_MS = 250  #: a short inter-record gap's PRWT
NEW_RECORD_MS = 100  #: a pause this long between two bytes sent starts a new record


class CassetteRecorder:
    """A 410/1010 program recorder; the tape is a .cas image (a list of records, each with
    the gap before it), wound back to its start when it is attached.

    While the motor runs (PACTL CA2 low) the recorder plays: the next record comes
    after its gap, byte by byte at 600 baud.  As soon as POKEY sends a byte, it
    records instead (PLAY and RECORD pressed): the tape from here on is replaced by
    what is sent, one record per burst of bytes, and the image is saved when the
    motor stops.
    """

    def __init__(self, path: str | Path, port: SerialPort) -> None:
        self.path = Path(path)
        self.port = port
        try:
            make_folder_for(self.path)
        except OSError as error:
            raise EmulatorError(f"{self.path}: cannot make the folder for the cassette image ({error.strerror})") \
                from None
        self.blocks: list[tuple[int, bytes]] = read_cas(self.path) if self.path.exists() else []
        self.position = 0  # the next record under the head
        self.motor = False
        self.recording = False
        self.session = 0  # playing callbacks of an older motor run are ignored
        self._motor_on_at = 0
        self._last_byte_at = 0

    def set_motor(self, on: bool, cycle: int) -> None:
        if on == self.motor:
            return
        self.motor = on
        self.session += 1
        if on:
            self._motor_on_at = cycle
            self._play(cycle)
        else:
            self.port.forget_incoming()  # the tape stops under the head
            if self.recording:
                self.recording = False
                self.save()

    def _play(self, cycle: int) -> None:
        if not self.motor or self.recording or self.position >= len(self.blocks):
            return
        gap, data = self.blocks[self.position]
        bits = bit_cycles_for(CAS_BAUD)
        port, session = self.port, self.session
        end = cycle + gap * MS
        for value in data:
            port.expect(end, value, bits)
            end += round(10 * bits)
            port.schedule(end, self._delivery(value, bits, session))

        def next_record(at: int) -> None:
            if session == self.session and not self.recording:
                self.position += 1
                self._play(at)
        port.schedule(end, next_record)

    def _delivery(self, value: int, bits: float, session: int) -> Callable[[int], None]:
        def deliver(cycle: int) -> None:
            if session == self.session and not self.recording:
                self.port.receive(value, bits)
        return deliver

    def record(self, value: int, bits: int, cycle: int) -> None:
        """A byte POKEY sent while the motor runs (at ``cycle``, its stop bit's end)."""
        if not self.motor or not _baud_ok(bits, CAS_BAUD):
            return
        start = cycle - 10 * bits
        if not self.recording:
            self.recording = True
            self.port.forget_incoming()
            del self.blocks[self.position:]
            gap = (start - self._motor_on_at) // MS
            self.blocks.append((gap, b""))
        elif start - self._last_byte_at > NEW_RECORD_MS * MS:
            self.position += 1
            self.blocks.append(((start - self._last_byte_at) // MS, b""))
        gap, data = self.blocks[-1]
        self.blocks[-1] = (gap, data + bytes((value,)))
        self._last_byte_at = cycle

    def save(self) -> None:
        self.position = len(self.blocks)
        write_cas(self.path, self.blocks)

    # -- the fast SIO mode: whole records at once ------------------------------------------------

    def read_record(self) -> bytes | None:
        if self.position >= len(self.blocks):
            return None
        self.position += 1
        return self.blocks[self.position - 1][1]

    def write_record(self, data: bytes) -> None:
        del self.blocks[self.position:]
        self.blocks.append((LEADER_MS if not self.blocks else GAP_MS, data))
        self.save()


def read_cas(path: Path) -> list[tuple[int, bytes]]:
    """The 'data' chunks of a .cas image: (gap in ms, bytes)."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise EmulatorError(f"{path}: cannot read ({error.strerror})") from None
    if raw and raw[:4] != b"FUJI":
        raise EmulatorError(f"{path}: not a .cas image (it must begin with a FUJI chunk)")
    blocks: list[tuple[int, bytes]] = []
    offset = 0
    while offset + 8 <= len(raw):
        kind = raw[offset:offset + 4]
        length = raw[offset + 4] | (raw[offset + 5] << 8)
        aux = raw[offset + 6] | (raw[offset + 7] << 8)
        body = raw[offset + 8:offset + 8 + length]
        if len(body) != length:
            raise EmulatorError(f"{path}: a chunk runs past the end of the file")
        if kind == b"data":
            blocks.append((aux, body))
        offset += 8 + length
    if offset != len(raw):
        raise EmulatorError(f"{path}: {len(raw) - offset} bytes at the end are no whole chunk (offset {offset})")
    return blocks


def write_cas(path: Path, blocks: list[tuple[int, bytes]]) -> None:
    """Write a .cas image: a FUJI chunk, a baud chunk (600) and the data chunks."""
    out = bytearray(b"FUJI" + bytes(4))
    out += b"baud" + bytes((0, 0)) + CAS_BAUD.to_bytes(2, "little")
    for gap, data in blocks:
        out += b"data" + len(data).to_bytes(2, "little") + min(gap, 0xFFFF).to_bytes(2, "little") + data
    try:
        atomic_write(path, bytes(out))
    except OSError as error:
        raise EmulatorError(f"{path}: cannot write the cassette image ({error.strerror})") from None
