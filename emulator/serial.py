"""POKEY's serial port, the Atari serial bus (SIO) with its one device registry, and the
program recorder.

POKEY's side (Altirra Hardware Reference Manual, "POKEY: serial port";
Mapping the Atari, $D20D SEROUT/SERIN, $D20F SKCTL/SKSTAT, $D20E IRQEN/IRQST):

* SEROUT ($D20D write) fills the output holding register.  When the shift
  register is free the byte moves into it at the output clock's next tick (an
  underflow of timer 4 or timer 2 as SKCTL bits 4-6 choose; with the external
  clock, which no device here drives, never; Acid800's "POKEY: Serial port
  timing" and "Serial clocking modes") and the *serial output data needed* IRQ
  (IRQST bit 4) is raised; the shift register sends one start bit, eight data
  bits (LSB first) and one stop bit, a bit every two ticks.  Initialization
  mode empties both registers.  When it is done
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

POKEY keeps its own registers: the port reports each byte received (with a
framing error), the free holding register and the idle output through POKEY's
serial entries (``PokeySerialEntries`` in emulator/interfaces.py).

The bus keeps the one registry of devices (emulator/sio.py: the disk drives,
the printer; here the program recorder, which has no command frames: it plays
and records bytes at 600 baud while PACTL's CA2 runs the motor).  Each device
serves both SIO modes: over the wire (``--sio serial``) and at once on the
device control block (``fast_request``, the SIO patch of ``--sio fast``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from emulator.atr import Atr
from emulator.errors import EmulatorError
from emulator.files import atomic_write, make_folder_for
from emulator.interfaces import DataInLine, PokeySerialEntries, Scheduler
from emulator.sio import (
    ACK,
    CASSETTE_DEVICE,
    COMPLETE,
    DAUX1,
    DBUFLO,
    DBYTLO,
    DCOMND,
    DDEVIC,
    DIRECTION_READ,
    DIRECTION_WRITE,
    DISK_DEVICE,
    DSTATS,
    DUNIT,
    MS,
    NAK,
    STATUS_CHECKSUM,
    STATUS_DEVICE_ERROR,
    STATUS_NAK,
    STATUS_OK,
    STATUS_TIMEOUT,
    T2_ACK,
    T4_DATA_ACK,
    T5_COMPLETE,
    Answer,
    DiskDrive,
    SioDevice,
    bit_cycles_for,
    checksum,
)

if TYPE_CHECKING:
    from emulator.memory import Memory

BAUD_TOLERANCE = 0.05


# ---------------------------------------------------------------------------
# POKEY's serial port
# ---------------------------------------------------------------------------


class SerialPort:
    """SEROUT's holding and shift registers and the data-in line; POKEY keeps the registers
    the program sees and hears of every change through its serial entries."""

    def __init__(self, pokey: PokeySerialEntries, schedule: Scheduler, now: Callable[[], int]) -> None:
        self.pokey = pokey
        self.schedule = schedule
        #: machine time of the CPU's access to SEROUT, SKCTL or SKSTAT (its write or read cycle,
        #: not the instruction's first: a tick of the output clock before the write passes a
        #: byte that is not there yet by)
        self.now = now
        self.bus = SerialBus(self)
        self.generation = 0  # callbacks of an older generation are ignored after a reset
        self.output_generation = 0  # likewise for the output, which init mode also empties
        self.sending = False
        self.reset()

    def reset(self) -> None:
        self.incoming: list[tuple[int, int, int, float]] = []  # (start, end, byte, bits) on the data-in line
        self.generation += 1
        self.reset_output()
        self.bus.reset()

    def reset_output(self) -> None:
        """Initialization mode (and a reset) empties the output's holding and shift registers."""
        if self.sending:
            self.pokey.serial_output_idle(True)
        self.holding: int | None = None
        self.sending = False
        self.loading = False  # the holding register goes into the shift register at a planned tick
        self.shifting = (0, 0, 1)  # the byte in the shift register: (its first tick, value, bit cycles)
        self.output_generation += 1

    # -- output --------------------------------------------------------------------

    def write_serout(self, value: int) -> None:
        """SEROUT fills the holding register; it goes into the shift register at the output
        clock's next tick (Acid800's "POKEY: Serial port timing"), not at the write."""
        self.holding = value
        if not self.sending:
            self._plan_load()

    def output_clock_changed(self) -> None:
        """SKCTL chose another clock for the output (or left initialization mode)."""
        if not self.sending:
            self._plan_load()

    def _plan_load(self) -> None:
        if self.loading or self.holding is None:
            return
        tick = self.pokey.serial_output_edge(self.now())
        if tick is None:  # the external clock, which nothing drives: the byte waits
            return
        self.loading = True
        generation = self.output_generation
        self.schedule(tick, lambda cycle: self._load(cycle, generation))

    def _load(self, cycle: int, generation: int) -> None:
        """The holding register goes into the shift register: start bit, eight data bits (LSB
        first), stop bit, one bit every two ticks of the output clock."""
        if generation != self.output_generation:
            return
        self.loading = False
        if self.holding is None or self.sending:
            return
        value, self.holding = self.holding, None
        self.sending = True
        self.pokey.serial_output_needed()  # the holding register is free again
        self.pokey.serial_output_idle(False)
        bits = self.pokey.serial_output_bit_cycles()
        self.shifting = (cycle, value, bits)
        self.schedule(cycle + 10 * bits, lambda end: self._shifted(value, bits, end, generation))

    def output_level(self, cycle: int) -> int:
        """The serial output line at ``cycle``: the bit being shifted out (a start bit 0, the
        data bits LSB first, a stop bit 1), else 1 (mark)."""
        if not self.sending:
            return 1
        start, value, bits = self.shifting
        bit = (cycle - start) // bits
        if bit == 0:
            return 0
        return 1 if not 1 <= bit <= 8 else (value >> (bit - 1)) & 1

    def _shifted(self, value: int, bits: int, cycle: int, generation: int) -> None:
        if generation != self.output_generation:
            return
        self.sending = False
        self.bus.from_computer(value, bits, cycle)
        if self.holding is not None:
            self._load(cycle, generation)  # the next byte follows without a pause
        else:
            self.pokey.serial_output_idle(True)

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
        byte = self._byte_on_the_line(now)
        if byte is None:
            return 1
        start, _, value, bits = byte
        bit = int((now - start) // bits)
        if bit == 0:
            return 0
        return 1 if bit >= 9 else (value >> (bit - 1)) & 1

    def input_busy(self) -> bool:
        """SKSTAT bit 1 = 0: the input shift register is taking a byte, from its start bit to
        its stop bit (Altirra Hardware Reference Manual, "POKEY", SKSTAT; Acid800's "POKEY:
        Serial status")."""
        return self._byte_on_the_line(self.now()) is not None

    def _byte_on_the_line(self, now: int) -> tuple[int, int, int, float] | None:
        """The byte whose bits are on the data-in line now, if any."""
        incoming = self.incoming
        while incoming and incoming[0][1] <= now:
            incoming.pop(0)
        if not incoming or incoming[0][0] > now:
            return None
        return incoming[0]

    def receive(self, value: int, bits: float) -> None:
        """A byte's stop bit has arrived, sent at ``bits`` cycles a bit: to POKEY, with a
        framing error if that rate is more than 5 % away from POKEY's."""
        ours = self.pokey.serial_bit_cycles()
        self.pokey.serial_byte_received(value, framing_error=abs(bits - ours) > BAUD_TOLERANCE * ours)


# ---------------------------------------------------------------------------
# The bus
# ---------------------------------------------------------------------------


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
        self.command_frames = 0  # command frames begun: a device's answer to an older one is dropped
        self.frame = bytearray()
        self.pending: tuple[SioDevice, bytes] | None = None
        self.transaction: tuple[SioDevice, Answer] | None = None
        self.data = bytearray()

    # -- the devices on the bus: one registry for both SIO modes ------------------------

    def attach(self, device: SioDevice) -> None:
        """Plug a device in (it replaces one with the same device ID)."""
        self.devices[device.device_id] = device

    def eject(self, device_id: int) -> None:
        """Unplug the device with this ID ($31-$34 a disk drive, $40 the printer, $60 the
        program recorder): from now on it answers in neither SIO mode."""
        if device_id == CASSETTE_DEVICE:
            self.cassette = None
        removed = self.devices.pop(device_id, None)
        if self.pending is not None and self.pending[0] is removed:
            self.pending = None  # a command frame it would have answered
        if self.transaction is not None and self.transaction[0] is removed:
            self.transaction = None  # a data frame it was waiting for

    def insert_disk(self, drive: int, image: Atr | str | Path) -> Atr:
        """A disk drive D1:-D4: with an ATR (object or file path) in it; returns the image."""
        disk = DiskDrive.with_image(drive, image)
        self.attach(disk)
        return disk.atr

    def disk(self, drive: int) -> Atr | None:
        """The ATR in drive D1:-D4:, if there is one."""
        device = self.devices.get(DISK_DEVICE + drive - 1)
        return device.atr if isinstance(device, DiskDrive) else None

    # -- the computer's side ---------------------------------------------------------

    def set_command(self, asserted: bool, cycle: int) -> None:
        """PBCTL CB2: the COMMAND line goes down (asserted) or up.  A new command frame ends
        the devices' answers to the last one: bytes of it not sent yet never come (a computer
        that gave up and tries again hears only the answer to its new frame)."""
        if asserted and not self.command_asserted:
            self.frame.clear()
            self.pending = None
            self.transaction = None
            self.command_frames += 1
            if self.cassette is None or not self.cassette.motor:
                self.port.forget_incoming()
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
            port.schedule(cycle, self._delivery(value, bits, generation, self.command_frames))
        return cycle

    def _delivery(self, value: int, bits: float, generation: int, frame: int) -> Callable[[int], None]:
        """A device's byte arriving, unless the port was reset or a new command frame began."""
        port = self.port

        def deliver(cycle: int) -> None:
            if generation == port.generation and frame == self.command_frames:
                port.receive(value, bits)
        return deliver

    # -- the fast SIO mode (the SIO patch): a whole request at once, without the wire ----------

    def fast_request(self, memory: Memory, cycle: int) -> int:
        """Carry out the device control block's request ($0300-$030B) with the device's own
        answer, as the OS's SIO would over the wire; returns the status byte.

        The data frame the computer sends is DBYT bytes of the buffer (0: the device's
        whole frame), padded with zeros to the frame the device wants; the data frame the
        device sends goes to the buffer when DSTATS asks for a read, DBYT bytes of it
        (0: all of it)."""
        ram = memory.ram
        if ram[DDEVIC] == CASSETTE_DEVICE:
            return self._fast_cassette(memory)
        device_id = (ram[DDEVIC] + ram[DUNIT] - 1) & 0xFF
        device = self.devices.get(device_id)
        answer = None if device is None else device.command(
            bytes((device_id, ram[DCOMND], ram[DAUX1], ram[DAUX1 + 1])), cycle)
        if answer is None:
            return STATUS_TIMEOUT
        if not answer.ack:
            return STATUS_NAK
        buffer, length = _dcb_word(ram, DBUFLO), _dcb_word(ram, DBYTLO)
        sent = _load(memory, buffer, min(length or answer.receive, answer.receive)).ljust(answer.receive, b"\x00")
        _, reply = answer.finish(sent) if answer.finish else (0, bytes((COMPLETE,)))
        if ram[DSTATS] & DIRECTION_READ and len(reply) > 1:
            received = reply[1:-1]
            _store(memory, buffer, received[:length or len(received)])
        return STATUS_OK if reply[0] == COMPLETE else STATUS_DEVICE_ERROR

    def _fast_cassette(self, memory: Memory) -> int:
        """A record from or to the tape at once (the recorder has no command frames)."""
        cassette = self.cassette
        if cassette is None:
            return STATUS_TIMEOUT
        ram = memory.ram
        buffer, length = _dcb_word(ram, DBUFLO), _dcb_word(ram, DBYTLO)
        if ram[DSTATS] & DIRECTION_WRITE:
            data = _load(memory, buffer, length)
            cassette.write_record(data + bytes((checksum(data),)))
            return STATUS_OK
        record = cassette.read_record()
        if record is None:
            return STATUS_TIMEOUT
        _store(memory, buffer, record[:length])
        if len(record) != length + 1 or checksum(record[:length]) != record[length]:
            return STATUS_CHECKSUM
        return STATUS_OK

    def _note(self, frame: bytes, what: str) -> None:
        self.log.append((bytes(frame), what))
        del self.log[:-64]


def _dcb_word(ram: bytearray, address: int) -> int:
    return ram[address] | (ram[address + 1] << 8)


def _load(memory: Memory, address: int, length: int) -> bytes:
    return bytes(memory.read(address + offset) for offset in range(length))


def _store(memory: Memory, address: int, data: bytes) -> None:
    for offset, value in enumerate(data):
        memory.write(address + offset, value)


def _baud_ok(bits: float, baud: int) -> bool:
    ideal = bit_cycles_for(baud)
    return abs(bits - ideal) <= BAUD_TOLERANCE * ideal


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

    def __init__(self, path: str | Path, port: DataInLine) -> None:
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
