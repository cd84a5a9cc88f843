"""The serial bus at frame level (emulator/serial.py): POKEY's serial port, the COMMAND
line, command frames and the devices' answers with their timing; no CPU, no OS.

The computer's side is played by the test: it writes SEROUT when POKEY's holding
register is free and reads what arrives in SERIN, with the clock of a small event
queue standing in for the machine's ``schedule``.
"""

from __future__ import annotations

import heapq
import itertools
from pathlib import Path

import grimp
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from emulator.atr import Atr
from emulator.memory import Memory
from emulator.pokey import Pokey
from emulator.serial import SerialPort, read_cas, write_cas
from emulator.sio import ACK, COMPLETE, CPU_HZ, ERROR, MS, NAK, DiskDrive, Printer, checksum

AUDF3, AUDF4, AUDCTL, SEROUT, IRQEN, SKRES, SKCTL = 0x04, 0x06, 0x08, 0x0D, 0x0E, 0x0A, 0x0F
BIT_19200 = 94  # AUDF3 = $28: 2 * ($28 + 7) cycles a bit


class Bus:
    """POKEY with its serial port on an event-queue clock."""

    def __init__(self, divisor: int = 0x28) -> None:
        self.now = 0
        self.queue: list = []
        self.order = itertools.count()
        self.pokey = Pokey(cycles=lambda: self.now)
        self.port = SerialPort(self.pokey, self.schedule, lambda: self.now)
        self.pokey.serial = self.port
        self.received: list[tuple[int, int]] = []  # (cycle, byte)
        original = self.port.receive

        def receive(value: int, bits: float) -> None:
            original(value, bits)
            self.received.append((self.now, value))
        self.port.receive = receive
        self.set_divisor(divisor)
        self.pokey.write(IRQEN, 0x38)
        self.pokey.write(SKCTL, 0x23)  # the OS's transmit mode: channel 4 clocks the output

    def set_divisor(self, divisor: int) -> None:
        self.pokey.write(AUDF3, divisor & 0xFF)
        self.pokey.write(AUDF4, divisor >> 8)
        self.pokey.write(AUDCTL, 0x28)

    def schedule(self, cycle: int, callback) -> int:
        handle = next(self.order)
        heapq.heappush(self.queue, (cycle, handle, callback))
        return handle

    def run_until(self, cycle: int) -> None:
        while self.queue and self.queue[0][0] <= cycle:
            when, _, callback = heapq.heappop(self.queue)
            self.now = max(self.now, when)
            callback(when)
        self.now = max(self.now, cycle)

    def run_idle(self) -> None:
        while self.queue:
            self.run_until(self.queue[0][0])

    def send(self, data: bytes) -> None:
        """Write the bytes one after the other as POKEY takes them, then wait until sent."""
        for value in data:
            while self.port.holding is not None:
                self.run_until(self.queue[0][0])
            self.pokey.write(SEROUT, value)
        while self.port.sending:
            self.run_until(self.queue[0][0])

    def command(self, frame: bytes, add_checksum: bool = True) -> int:
        """COMMAND down, the frame, COMMAND up; the cycle at which the line rose."""
        self.port.bus.set_command(True, self.now)
        self.send(frame + (bytes((checksum(frame),)) if add_checksum else b""))
        self.run_until(self.now + MS)  # t1
        self.port.bus.set_command(False, self.now)
        return self.now

    def answer(self) -> bytes:
        self.run_idle()
        return self.answer_so_far()

    def answer_so_far(self) -> bytes:
        return bytes(value for _, value in self.received)


def ones_complement_sum(data: bytes) -> int:
    """The model: a sum with end-around carry is the sum mod 255, with 255 for a non-zero multiple."""
    total = sum(data)
    return 0 if total == 0 else (total - 1) % 255 + 1


@given(st.binary(max_size=300))
def test_checksum_is_the_sum_with_end_around_carry(data: bytes) -> None:
    assert checksum(data) == ones_complement_sum(data)


@pytest.mark.parametrize("divisor, bit", [(0x28, 94), (0x05CC, 2982), (0x10, 46)])
def test_bit_rate_from_channels_3_and_4(divisor: int, bit: int) -> None:
    bus = Bus(divisor)
    assert bus.pokey.serial_bit_cycles() == bit


def test_serout_raises_output_needed_and_finishes_after_ten_bits() -> None:
    bus = Bus()
    bus.pokey.write(SEROUT, 0x31)
    tick = bus.pokey.serial_output_edge(0)  # channel 4's next underflow
    assert tick is not None and 0 < tick <= BIT_19200 // 2
    bus.run_until(tick - 1)
    assert bus.pokey.irqst & 0x10 and not bus.port.sending, "in the holding register until the clock ticks"
    bus.run_until(tick)
    assert not bus.pokey.irqst & 0x10, "the byte moved into the shift register: output needed"
    assert bus.pokey.irqst & 0x08, "still sending: not finished"
    bus.run_until(tick + 10 * BIT_19200 - 1)
    assert bus.port.sending
    bus.run_until(tick + 10 * BIT_19200)
    assert not bus.port.sending and not bus.pokey.irqst & 0x08, "transmission finished (a level)"
    bus.pokey.write(IRQEN, 0x30)
    assert bus.pokey.irqst & 0x08, "disabled: reads 1"


@pytest.mark.parametrize("skctl, channel", [(0x03, None), (0x13, None), (0x23, 3), (0x33, 3), (0x43, 3),
                                            (0x53, 3), (0x63, 1), (0x73, 1)])
def test_skctl_bits_4_to_6_choose_the_output_clock(skctl: int, channel: int | None) -> None:
    """Timer 4, timer 2 or the external clock (Atari Hardware Manual, SKCTL; Acid800's "POKEY:
    Serial clocking modes"): the byte waits in the holding register for the clock's next tick,
    for ever with the external clock, which no device here drives."""
    bus = Bus()
    bus.pokey.write(0x00, 0x09)  # AUDF1: channel 2 (joined to 1 at 1.79 MHz) gets another period
    bus.pokey.write(AUDCTL, 0x78)
    bus.pokey.write(SKCTL, skctl)
    bus.pokey.write(0x09, 0)  # STIMER
    bus.pokey.write(SEROUT, 0x31)
    tick = bus.pokey.serial_output_edge(bus.now)
    if channel is None:
        assert tick is None
        bus.run_until(10_000)
        assert bus.port.holding == 0x31 and not bus.port.sending
        return
    assert tick == bus.pokey._next_underflow(channel, bus.now)
    bus.run_until(tick)
    assert bus.port.sending and bus.port.holding is None
    period = bus.pokey.timer_periods()[channel]
    bus.run_until(tick + 20 * period - 1)
    assert bus.port.sending
    bus.run_until(tick + 20 * period)
    assert not bus.port.sending  # ten bits of two periods each


def test_initialization_mode_empties_the_output() -> None:
    bus = Bus()
    bus.send(b"\x31")
    bus.pokey.write(SEROUT, 0x32)
    bus.run_until(bus.now + 1)  # no tick yet: still in the holding register
    bus.pokey.write(SKCTL, 0x00)
    bus.pokey.write(SKCTL, 0x23)
    bus.run_until(bus.now + 10_000)
    assert bus.port.holding is None and not bus.port.sending
    assert bus.pokey.irqst & 0x08 == 0  # idle: "transmission finished"


@pytest.fixture
def disk(tmp_path: Path) -> tuple[Atr, Path]:
    image = Atr.blank(720)
    for sector in (1, 2, 19, 720):
        image.write_sector(sector, bytes((sector * 7 + i) & 0xFF for i in range(128)))
    path = tmp_path / "d.atr"
    image.save(path)
    return Atr.load(path), path


def test_read_sector_frame_and_timing(disk) -> None:
    atr, _ = disk
    bus = Bus()
    bus.port.bus.attach(DiskDrive(1, atr))
    rose = bus.command(bytes((0x31, 0x52, 2, 0)))
    answer = bus.answer()
    data = atr.read_sector(2)
    assert answer == bytes((ACK, COMPLETE)) + data + bytes((checksum(data),))
    ack_at = bus.received[0][0]
    assert rose < ack_at <= rose + 16 * MS + 10 * 94, "ACK within t2 (16 ms) after COMMAND rises"
    complete_at = bus.received[1][0]
    assert complete_at - ack_at >= MS // 4, "COMPLETE at least 250 us after ACK (t5)"
    gaps = {b - a for (a, _), (b, _) in zip(bus.received[1:], bus.received[2:])}
    assert gaps <= {round(10 * CPU_HZ / 19_200)}, "the data frame at 19,200 baud"


def test_seek_and_rotation_of_an_810(disk) -> None:
    atr, _ = disk
    drive = DiskDrive(1, atr)
    turn = CPU_HZ * 60 / 288
    times = [drive.access_cycles(sector, 0) for sector in range(1, 19)]
    assert all(0 < t <= turn + turn / 18 + 1 for t in times), "on track 0: at most a turn and a sector"
    far = DiskDrive(1, atr).access_cycles(720, 0)
    assert far >= (39 * 5.3 + 10) * MS, "stepping 39 tracks"


def test_no_device_bad_checksum_and_bit_rate_get_no_answer(disk) -> None:
    atr, _ = disk
    bus = Bus()
    bus.port.bus.attach(DiskDrive(1, atr))
    bus.command(bytes((0x32, 0x52, 1, 0)))
    bus.command(bytes((0x31, 0x52, 1, 0, 0x00)), add_checksum=False)
    assert bus.answer() == b""
    slow = Bus(0x05CC)  # 600 baud: the drive does not understand the frame
    slow.port.bus.attach(DiskDrive(1, atr))
    slow.command(bytes((0x31, 0x52, 1, 0)))
    assert slow.answer() == b""
    assert [what for _, what in bus.port.bus.log] == ["no device", "checksum"]


def test_nak_for_a_missing_sector_or_an_unknown_command(disk) -> None:
    atr, _ = disk
    bus = Bus()
    bus.port.bus.attach(DiskDrive(1, atr))
    bus.command(bytes((0x31, 0x52, 0, 0)))
    assert bus.answer() == bytes((NAK,))
    bus.received.clear()
    bus.command(bytes((0x31, 0x58, 1, 0)))
    assert bus.answer() == bytes((NAK,))


def test_write_sector_data_frame_and_write_protect(disk, tmp_path: Path) -> None:
    atr, path = disk
    bus = Bus()
    bus.port.bus.attach(DiskDrive(1, atr))
    data = bytes(range(128))
    bus.command(bytes((0x31, 0x57, 5, 0)))
    bus.run_until(bus.now + 2 * MS)
    bus.send(data + bytes((checksum(data),)))
    assert bus.answer() == bytes((ACK, ACK, COMPLETE))
    assert Atr.load(path).read_sector(5) == data, "the sector reached the file"
    atr.read_only = True
    bus.received.clear()
    bus.command(bytes((0x31, 0x50, 6, 0)))
    bus.run_until(bus.now + 2 * MS)
    bus.send(data + bytes((checksum(data),)))
    assert bus.answer() == bytes((ACK, ACK, ERROR))
    bus.received.clear()
    bus.command(bytes((0x31, 0x50, 6, 0)))
    bus.run_until(bus.now + 2 * MS)
    bus.send(data + bytes(((checksum(data) + 1) & 0xFF,)))
    assert bus.answer() == bytes((ACK, NAK)), "a data frame with a bad checksum"


def test_a_new_command_frame_drops_the_answer_still_coming_to_the_last(disk) -> None:
    """A computer that gave up waiting and sends its command again hears one answer, to the
    new frame (before, both answers came, one over the other: an overrun on every byte)."""
    atr, _ = disk
    bus = Bus()
    bus.port.bus.attach(DiskDrive(1, atr))
    bus.command(bytes((0x31, 0x52, 19, 0)))
    bus.run_until(bus.now + 3 * MS)  # its ACK came; COMPLETE waits for the seek
    assert bus.answer_so_far() == bytes((ACK,))
    bus.command(bytes((0x31, 0x52, 1, 0)))
    data = atr.read_sector(1)
    assert bus.answer() == bytes((ACK, ACK, COMPLETE)) + data + bytes((checksum(data),))


def test_status_frame(disk) -> None:
    atr, _ = disk
    bus = Bus()
    bus.port.bus.attach(DiskDrive(1, atr))
    bus.command(bytes((0x31, 0x53, 0, 0)))
    answer = bus.answer()
    assert answer[:2] == bytes((ACK, COMPLETE)) and len(answer) == 7
    assert answer[6] == checksum(answer[2:6]) and answer[2] & 0x10, "motor on"


def test_overrun_and_framing_flags() -> None:
    bus = Bus()
    bus.port.receive(0x41, BIT_19200)
    bus.port.receive(0x42, BIT_19200)
    assert not bus.pokey.skstat & 0x20, "a byte over one not yet acknowledged: overrun"
    bus.pokey.write(SKRES, 0)
    assert bus.pokey.skstat & 0xA0 == 0xA0
    bus.port.receive(0x41, 2982)
    assert not bus.pokey.skstat & 0x80, "a byte at another bit rate: framing error"


def test_printer_prints_a_record_as_a_line(tmp_path: Path) -> None:
    bus = Bus()
    out = tmp_path / "printer.txt"
    bus.port.bus.attach(Printer(out))
    record = b"HELLO\x9b".ljust(40, b" ")
    bus.command(bytes((0x40, 0x57, 0x4E, 0)))
    bus.run_until(bus.now + 2 * MS)
    bus.send(record + bytes((checksum(record),)))
    assert bus.answer() == bytes((ACK, ACK, COMPLETE))
    assert out.read_text() == "HELLO\n"


def test_cas_images_round_trip(tmp_path: Path) -> None:
    blocks = [(20000, b"\x55\x55\xfc" + bytes(129)), (250, b"\x55\x55\xfe" + bytes(129))]
    write_cas(tmp_path / "t.cas", blocks)
    assert read_cas(tmp_path / "t.cas") == blocks


@given(st.integers(0, 255))
@settings(max_examples=30)
def test_skstat_bit_4_shows_the_data_in_line_bit_by_bit(value: int) -> None:
    """Start bit 0, the data bits LSB first, stop bit 1, mark (1) at rest: what a program
    sees when it times the line (the XL OS's cassette speed measurement)."""
    bus = Bus()
    device = DiskDrive(1, Atr.blank(720))
    start = bus.port.bus.send(device, bytes((value,)), 1000) - round(10 * CPU_HZ / 19_200)
    bits = CPU_HZ / 19_200
    expected = [0] + [(value >> i) & 1 for i in range(8)] + [1]
    seen = []
    for bit in range(10):
        bus.run_until(start + round((bit + 0.5) * bits))
        seen.append(bus.pokey.read(0x0F) >> 4 & 1)
    assert seen == expected
    bus.run_idle()
    assert bus.pokey.read(0x0F) >> 4 & 1 == 1 and bus.pokey.read(SEROUT) == value


def test_skstat_bit_1_is_0_while_a_byte_comes_in() -> None:
    """The input shift register is busy from the start bit to the stop bit (Acid800's "POKEY:
    Serial status" waits for bit 1 to go 0 and back to 1)."""
    bus = Bus()
    device = DiskDrive(1, Atr.blank(720))
    bits = CPU_HZ / 19_200
    end = bus.port.bus.send(device, bytes((0x43,)), 1000)
    seen = []
    for cycle in (999, 1000, round(1000 + 5 * bits), end - 1):
        bus.run_until(cycle)
        seen.append(bus.pokey.read(0x0F) & 0x02)
    bus.run_idle()
    seen.append(bus.pokey.read(0x0F) & 0x02)
    assert seen == [0x02, 0, 0, 0, 0x02]


def test_an_ejected_device_answers_no_more(disk, tmp_path: Path) -> None:
    atr, _ = disk
    bus = Bus()
    bus.port.bus.attach(Printer(tmp_path / "p.txt"))
    assert bus.port.bus.insert_disk(2, atr) is atr and bus.port.bus.disk(2) is atr
    bus.port.bus.eject(0x32)
    bus.port.bus.eject(0x40)
    assert bus.port.bus.disk(2) is None and bus.port.bus.devices == {}
    bus.command(bytes((0x32, 0x53, 0, 0)))
    assert bus.answer() == b"" and bus.port.bus.log[-1][1] == "no device"


def test_pokey_and_its_serial_port_meet_only_through_protocols() -> None:
    """Issue 24: no import between pokey.py and serial.py, not even one for type checking;
    the devices of sio.py import no chip at all."""
    graph = grimp.build_graph("emulator", exclude_type_checking_imports=False)
    assert "emulator.serial" not in graph.find_modules_directly_imported_by("emulator.pokey")
    assert "emulator.pokey" not in graph.find_modules_directly_imported_by("emulator.serial")
    chips = {f"emulator.{name}" for name in ("pokey", "serial", "pia", "gtia", "antic", "memory", "cpu", "machine")}
    assert not chips & graph.find_modules_directly_imported_by("emulator.sio")


# -- one device, two paths: the wire and the SIO patch give the same result ---------------------------------------

SHAPES = {"single": (720, 128), "enhanced": (1040, 128), "double": (720, 256)}
READS = {0x52, 0x53, 0x21, 0x22}  # R, S, ! and ": DSTATS $40


def shaped_disk(shape: str, read_only: bool) -> Atr:
    sectors, size = SHAPES[shape]
    atr = Atr.blank(sectors, sector_size=size)
    for sector in (1, 4, sectors):
        atr.write_sector(sector, bytes((sector * 3 + i) & 0xFF for i in range(atr.size_of(sector))))
    atr.read_only = read_only
    return atr


def over_the_wire(atr: Atr, command: int, sector: int, outgoing: bytes) -> tuple[int, bytes]:
    """The request over the bus, and what the OS's SIO makes of the answer: the status and the
    data frame (without its checksum)."""
    bus = Bus()
    bus.port.bus.attach(DiskDrive(1, atr))
    bus.command(bytes((0x31, command, sector & 0xFF, sector >> 8)))
    answer = bus.answer()
    if answer == bytes((ACK,)) and command in (0x50, 0x57):
        bus.send(outgoing + bytes((checksum(outgoing),)))
        answer = bus.answer()[1:]
    if answer[:1] != bytes((ACK,)):
        return 139, b""
    done = answer[1:]
    if done[:1] == bytes((ACK,)):  # the data frame's ACK
        done = done[1:]
    status = {COMPLETE: 1, ERROR: 144}[done[0]]
    return status, done[1:-1]


def at_once(atr: Atr, command: int, sector: int, outgoing: bytes) -> tuple[int, bytes]:
    """The same request through the device control block (the SIO patch of --sio fast)."""
    bus = Bus()
    bus.port.bus.attach(DiskDrive(1, atr))
    memory = Memory()
    ram = memory.ram
    length = len(outgoing) if command in (0x50, 0x57) else 256
    ram[0x300:0x30C] = bytes((0x31, 1, command, 0x40 if command in READS else 0x80, 0x00, 0x40, 7, 0,
                              length & 0xFF, length >> 8, sector & 0xFF, sector >> 8))
    ram[0x4000:0x4000 + len(outgoing)] = outgoing
    status = bus.port.bus.fast_request(memory, 0)
    return status, bytes(ram[0x4000:0x4100])


@settings(max_examples=60, deadline=None)
@given(shape=st.sampled_from(sorted(SHAPES)), read_only=st.booleans(),
       command=st.sampled_from([0x52, 0x57, 0x50, 0x53, 0x21, 0x22, 0x3F]),
       sector=st.one_of(st.sampled_from([0, 1, 3, 4, 719, 720, 721, 1040, 1041]), st.integers(0, 1100)),
       fill=st.integers(0, 255))
def test_the_wire_and_the_sio_patch_agree(shape: str, read_only: bool, command: int, sector: int,
                                           fill: int) -> None:
    """Every disk command, on every density, write-protected or not: the same status, the same
    bytes into the buffer and the same image after, over the wire and at once."""
    wire_disk, fast_disk = shaped_disk(shape, read_only), shaped_disk(shape, read_only)
    size = wire_disk.size_of(sector) if wire_disk.has_sector(sector) else 128
    outgoing = bytes((fill + i) & 0xFF for i in range(size))
    wire_status, frame = over_the_wire(wire_disk, command, sector, outgoing)
    fast_status, buffer = at_once(fast_disk, command, sector, outgoing)
    assert wire_status == fast_status
    if command in READS and wire_status != 139:
        assert buffer[:len(frame)] == frame, "the data frame reached the buffer"
    assert wire_disk.to_bytes() == fast_disk.to_bytes(), "the same image after"
