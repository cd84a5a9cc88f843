"""The free OS's SIO, disk, printer and cassette handlers over the emulated serial bus
(``sio="serial"``: no interception, POKEY's serial port and the devices of
emulator/serial.py), and the same requests through the fast SIO mode.

Error codes (Atari OS User's Manual, appendix "Error codes"): 138 timeout, 139 NAK,
140 framing error, 142 overrun, 143 checksum, 144 device done error.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from emulator.atr import Atr
from emulator.headless import HeadlessAtari
from emulator.rom import ROMS
from emulator.serial import read_cas
from emulator.sio import ACK, COMPLETE, MS, T2_ACK, Answer, SioDevice, checksum
from host.cli import main
from host.toolchain.disk import build_disk, read_disk_blacklist
from tests.cio_support import call_cio

CIOV, DSKINV, SIOV = 0xE456, 0xE453, 0xE459
DDEVIC, DUNIT, DCOMND, DSTATS, DBUFLO, DTIMLO, DBYTLO, DAUX1 = 0x300, 0x301, 0x302, 0x303, 0x304, 0x306, 0x308, 0x30A
NAME, BUFFER = 0x0680, 0x0700
MODES = ("serial", "fast")


def booted(sio: str = "serial", **options) -> HeadlessAtari:
    atari = HeadlessAtari(sio=sio, **options)
    assert atari.boot(max_frames=300)
    return atari


def dskinv(atari: HeadlessAtari, command: str, sector: int, buffer: int, unit: int = 1,
           seconds: int = 10) -> int:
    atari.poke(DUNIT, unit)
    atari.poke(DCOMND, ord(command))
    atari.poke_word(DBUFLO, buffer)
    atari.poke_word(DAUX1, sector)
    _, _, y, flags = atari.call(DSKINV, max_cycles=seconds * 1000 * MS)
    assert y == atari.peek(DSTATS) and bool(flags & 0x80) == (y >= 128), "Y = DSTATS, N on an error"
    return y


def cio(atari: HeadlessAtari, iocb: int, command: int, buffer: int = 0, length: int = 0,
        aux1: int = 0, aux2: int = 0, data: int = 0) -> int:
    return call_cio(atari, iocb, command, buffer, length, aux1, aux2, data)[2]


def open_device(atari: HeadlessAtari, iocb: int, name: str, aux1: int, aux2: int = 0) -> int:
    for offset, char in enumerate(name.encode() + b"\x9b"):
        atari.poke(NAME + offset, char)
    return cio(atari, iocb, 3, NAME, 0, aux1, aux2)


def put_record(atari: HeadlessAtari, iocb: int, text: bytes) -> int:
    for offset, value in enumerate(text):
        atari.poke(BUFFER + offset, value)
    return cio(atari, iocb, 9, BUFFER, len(text))


@pytest.fixture
def image(tmp_path: Path) -> Path:
    atr = Atr.blank(720)
    for sector in (1, 5, 360, 720):
        atr.write_sector(sector, bytes((sector + 3 * i) & 0xFF for i in range(128)))
    path = tmp_path / "disk.atr"
    atr.save(path)
    return path


# -- the disk over the bus -----------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_dskinv_reads_writes_and_asks_status(mode: str, image: Path) -> None:
    atari = booted(mode)
    atari.insert_disk(1, image)
    for sector in (5, 720, 360):
        assert dskinv(atari, "R", sector, 0x4000) == 1
        assert atari.peek_bytes(0x4000, 128) == Atr.load(image).read_sector(sector)
    data = bytes(255 - i for i in range(128))
    for offset, value in enumerate(data):
        atari.poke(0x4100 + offset, value)
    assert dskinv(atari, "W", 6, 0x4100) == 1 and dskinv(atari, "P", 7, 0x4100) == 1
    assert Atr.load(image).read_sector(6) == data == Atr.load(image).read_sector(7)
    assert dskinv(atari, "S", 0, 0) == 1
    assert atari.peek(0x02EA) & 0x10, "DVSTAT: the drive's status byte"
    frames = [frame for frame, _ in atari.machine.serial.bus.log]
    if mode == "serial":
        assert frames[-3:] == [b"1W\x06\x00", b"1P\x07\x00", b"1S\x00\x00"], "the command frames went over the wire"
    else:
        assert frames == [], "the fast mode never touches the wire"


@pytest.mark.parametrize("mode", MODES)
def test_disk_errors(mode: str, image: Path) -> None:
    atari = booted(mode)
    assert dskinv(atari, "R", 1, 0x4000) == 138, "no drive: timeout"
    atari.insert_disk(1, image)
    assert dskinv(atari, "R", 0, 0x4000) == 139, "no sector 0: NAK"
    assert dskinv(atari, "R", 721, 0x4000) == 139
    assert dskinv(atari, "R", 1, 0x4000, unit=2) == 138, "nothing in D2:"
    atari.write_protect(1)
    assert dskinv(atari, "W", 8, 0x4000) == 144, "write-protected: the drive reports ERROR"


#: every density a drive knows: (sectors, bytes a sector, the STATUS command's first byte).
#: The 810/1050 status byte ("SIOCMD.TXT", the 810/1050 command set): bit 4 motor on,
#: bit 5 double density, bit 7 enhanced (dual) density; bit 3 write-protected.
DENSITIES = {"single": (720, 128, 0x10), "enhanced": (1040, 128, 0x90), "double": (720, 256, 0x30)}
DVSTAT = 0x02EA


def density_image(tmp_path: Path, density: str, mode: str) -> tuple[Path, list[int]]:
    """A disk of ``density`` with a pattern in its boot sector, its middle and its last sector."""
    sectors, size, _ = DENSITIES[density]
    atr = Atr.blank(sectors, sector_size=size)
    probes = [1, sectors // 2, sectors]
    for sector in probes:
        atr.write_sector(sector, bytes((sector + 5 * i) & 0xFF for i in range(atr.size_of(sector))))
    path = tmp_path / f"{density}-{mode}.atr"
    atr.save(path)
    return path, probes


@pytest.mark.parametrize("density", DENSITIES)
def test_status_read_write_put_the_same_in_both_modes(density: str, tmp_path: Path) -> None:
    """One disk model behind both SIO modes (issue 24): the four STATUS bytes are the same
    byte for byte, with and without the write-protect tab, and R, W and P move the same
    sectors, in every density."""
    seen: dict[str, list[bytes]] = {}
    for mode in MODES:
        path, probes = density_image(tmp_path, density, mode)
        atari = booted(mode)
        atari.insert_disk(1, path)
        answers = []
        assert dskinv(atari, "S", 0, 0) == 1
        answers.append(atari.peek_bytes(DVSTAT, 4))
        atr = Atr.load(path)
        for sector in probes:
            assert dskinv(atari, "R", sector, 0x4000) == 1
            answers.append(atari.peek_bytes(0x4000, atr.size_of(sector)))
        for command, sector in (("W", probes[1] + 1), ("P", probes[2] - 1)):
            data = bytes((ord(command) ^ i) & 0xFF for i in range(atr.size_of(sector)))
            for offset, value in enumerate(data):
                atari.poke(0x4400 + offset, value)
            assert dskinv(atari, command, sector, 0x4400) == 1
            assert Atr.load(path).read_sector(sector) == data, f"{command} reached the file ({mode})"
            assert dskinv(atari, "R", sector, 0x4000) == 1
            answers.append(atari.peek_bytes(0x4000, len(data)))
        atari.write_protect(1)
        assert dskinv(atari, "S", 0, 0) == 1
        answers.append(atari.peek_bytes(DVSTAT, 4))
        assert dskinv(atari, "P", probes[1], 0x4400) == 144, "write-protected: ERROR"
        seen[mode] = answers
    assert seen["fast"] == seen["serial"]
    flags = DENSITIES[density][2]
    assert seen["fast"][0] == bytes((flags, 0xFF, 0xE0, 0x00)), "the drive's status: flags, controller, timeout"
    assert seen["fast"][-1] == bytes((flags | 0x08, 0xFF, 0xE0, 0x00)), "bit 3: write-protected"


@pytest.mark.parametrize("mode", MODES)
def test_an_ejected_drive_answers_in_neither_mode(mode: str, image: Path) -> None:
    atari = booted(mode)
    atari.insert_disk(1, image)
    assert dskinv(atari, "R", 1, 0x4000) == 1
    atari.machine.serial.bus.eject(0x31)
    assert atari.machine.serial.bus.disk(1) is None
    assert dskinv(atari, "R", 1, 0x4000) == 138, "no drive: timeout"


@pytest.mark.parametrize("mode", MODES)
def test_siov_stores_a_read_only_when_dstats_asks_for_it(mode: str, image: Path) -> None:
    """DSTATS $40 takes the drive's data frame into the buffer; 0 leaves the buffer alone."""
    atari = booted(mode)
    atari.insert_disk(1, image)
    for direction, expected in ((0x00, bytes(128)), (0x40, Atr.load(image).read_sector(5))):
        for offset in range(128):
            atari.poke(0x4000 + offset, 0)
        for address, value in ((DDEVIC, 0x31), (DUNIT, 1), (DCOMND, ord("R")), (DSTATS, direction),
                               (DTIMLO, 7)):
            atari.poke(address, value)
        atari.poke_word(DBUFLO, 0x4000)
        atari.poke_word(DBYTLO, 128)
        atari.poke_word(DAUX1, 5)
        assert atari.call(SIOV, max_cycles=10 * 1000 * MS)[2] == 1
        atari.run_frames(10)  # over the wire the data frame comes all the same: let it pass
        assert atari.peek_bytes(0x4000, 128) == expected, f"DSTATS ${direction:02X}"


def test_a_read_takes_an_810s_time(image: Path) -> None:
    """Sequential sectors at 288 rpm, half a turn apart: about a ninth of a second each."""
    atari = booted("serial")
    atari.insert_disk(1, image)
    start = atari.cycles
    for sector in range(1, 19):
        assert dskinv(atari, "R", sector, 0x4000) == 1
    per_sector = (atari.cycles - start) / 18 / (1000 * MS)
    assert 0.08 < per_sector < 0.22, per_sector


def test_sio_starts_clean_after_a_program_left_the_serial_port_in_error(image: Path) -> None:
    """A byte left unread, overrun and framing error latched in SKSTAT (Acid800's serial tests
    leave the port so): SIO resets the status (SKRES) and drops the old byte before its command
    frame, so its first try succeeds."""
    atari = booted("serial")
    atari.insert_disk(1, image)
    pokey, bus = atari.machine.pokey, atari.machine.serial.bus
    atari.poke(0xD20E, 0x20)  # IRQEN: serial input data ready
    for _ in range(2):
        pokey.serial_byte_received(0xA7, framing_error=True)
    assert pokey.read(0xD20F) & 0xA0 == 0, "overrun and framing error latched"
    frames = len(bus.log)
    assert dskinv(atari, "R", 5, 0x4000) == 1
    assert atari.peek_bytes(0x4000, 128) == Atr.load(image).read_sector(5)
    assert len(bus.log) == frames + 1, "one command frame: no retry"


def test_the_fast_sio_leaves_the_serial_status_reset_as_the_os_does(image: Path) -> None:
    """The OS's SIO resets SKSTAT's latches on the wire; the SIO patch does the same, so a
    program loaded either way finds no old framing error (Acid800's "POKEY: Serial status")."""
    atari = booted("fast")
    atari.insert_disk(1, image)
    pokey = atari.machine.pokey
    pokey.serial_byte_received(0xA7, framing_error=True)
    assert dskinv(atari, "R", 5, 0x4000) == 1
    assert pokey.read(0xD20F) & 0xA0 == 0xA0


class FaultyDrive(SioDevice):
    """D1: that ACKs a read and then sends a damaged frame: a wrong checksum, bytes at
    another bit rate, or bytes faster than they can be read."""

    device_id = 0x31

    def __init__(self, port, fault: str) -> None:
        self.port = port
        self.fault = fault

    def command(self, frame: bytes, cycle: int) -> Answer:
        data = bytes(range(128))
        reply = bytes((COMPLETE,)) + data + bytes((checksum(data) ^ (1 if self.fault == "checksum" else 0),))
        bits = {"framing": 2 * 94 * 2}.get(self.fault, 94)
        spacing = 40 if self.fault == "overrun" else 10 * bits
        start = cycle + T2_ACK + 5 * MS
        for index, value in enumerate(reply):
            self.port.schedule(start + index * spacing, lambda _, v=value: self.port.receive(v, bits))
        return Answer(ack=True, finish=lambda _: (0, b""))


@pytest.mark.parametrize("fault, status", [("checksum", 143), ("framing", 140), ("overrun", 142)])
def test_serial_bus_errors(fault: str, status: int) -> None:
    atari = booted("serial")
    port = atari.machine.serial
    port.bus.attach(FaultyDrive(port, fault))
    assert dskinv(atari, "R", 1, 0x4000) == status


def test_sio_gives_up_after_its_retries_when_nothing_answers() -> None:
    atari = booted("serial")
    start = atari.cycles
    assert dskinv(atari, "R", 1, 0x4000) == 138
    seconds = (atari.cycles - start) / (1000 * MS)
    assert 0.3 < seconds < 2.0, "14 command frames, each waiting a few frames for ACK"


# -- the printer P: -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_p_handler_prints_lines_of_forty(mode: str, tmp_path: Path) -> None:
    out = tmp_path / "printer.txt"
    atari = booted(mode)
    assert open_device(atari, 1, "P:", 8) == 138, "no printer: timeout, as on the XL"
    atari = booted(mode, printer=out)
    assert open_device(atari, 1, "P:", 8) == 1
    assert put_record(atari, 1, b"HELLO\x9b") == 1
    assert put_record(atari, 1, b"X" * 45 + b"\x9b") == 1
    for offset, value in enumerate(b"NO EOL"):
        atari.poke(BUFFER + offset, value)
    assert cio(atari, 1, 11, BUFFER, 6) == 1, "PUT BYTES: no EOL yet"
    assert cio(atari, 1, 7) == 131, "opened for writing"
    assert cio(atari, 1, 17) == 146, "no SPECIAL for a printer"
    assert out.read_text() == "HELLO\n" + "X" * 40 + "\n" + "X" * 5 + "\n"
    assert cio(atari, 1, 12) == 1, "CLOSE prints the rest"
    assert out.read_text().endswith("X" * 5 + "\nNO EOL\n")


@pytest.mark.parametrize("mode", MODES)
def test_lprint_and_list_p_from_basic(mode: str, tmp_path: Path) -> None:
    out = tmp_path / "printer.txt"
    atari = HeadlessAtari(basic_rom="free", sio=mode, printer=out)
    assert atari.boot()
    atari.type_text('LPRINT "SCORE";7*6\n10 REM PRINTED\nLIST "P:"\n', max_frames_per_key=600)
    assert atari.run_until_idle(600)
    assert out.read_text().splitlines()[:2] == ["SCORE42", "10 REM PRINTED"]


# -- the program recorder C: ------------------------------------------------------------------------------------


@pytest.mark.slow
def test_csave_and_cload_round_trip_over_the_bus(tmp_path: Path) -> None:
    """CSAVE writes the leader and 132-byte records at 600 baud; CLOAD reads them back."""
    tape = tmp_path / "prog.cas"
    atari = HeadlessAtari(basic_rom="free", sio="serial", cassette=tape)
    assert atari.boot()
    program = ['10 PRINT "TAPE";I', "20 FOR I=1 TO 3:NEXT I", "30 REM " + "Z" * 100]
    atari.type_text("\n".join(program) + "\nCSAVE\n", max_frames_per_key=600)
    atari.type_text("\n", max_frames_per_key=6000)  # PLAY and RECORD pressed: any key
    assert atari.run_until_idle(6000)
    records = read_cas(tape)
    assert records[0][0] >= 19_000, "the 20-second leader"
    assert all(len(data) == 132 and data[:2] == b"\x55\x55" for _, data in records)
    assert all(data[131] == checksum(data[:131]) for _, data in records)
    assert [data[2] for _, data in records][-2:] in ([0xFA, 0xFE], [0xFC, 0xFE])
    again = HeadlessAtari(basic_rom="free", sio="serial", cassette=tape)
    assert again.boot()
    again.type_text("CLOAD\n", max_frames_per_key=600)
    again.type_text("\n", max_frames_per_key=6000)
    assert again.run_until_idle(6000)
    again.type_text("LIST\n", max_frames_per_key=600)
    assert again.run_until_idle(600)
    listed = [line.strip() for line in again.screen_text().splitlines()]
    assert all(line in listed for line in program[:2])


def test_save_c_and_load_c_in_the_fast_mode(tmp_path: Path) -> None:
    tape = tmp_path / "save.cas"
    atari = HeadlessAtari(basic_rom="free", sio="fast", cassette=tape)
    assert atari.boot()
    atari.type_text('10 PRINT "FAST TAPE"\nSAVE "C:"\n', max_frames_per_key=600)
    atari.type_text("\n", max_frames_per_key=6000)
    assert atari.run_until_idle(6000)
    again = HeadlessAtari(basic_rom="free", sio="fast", cassette=tape)
    assert again.boot()
    again.type_text('LOAD "C:"\n', max_frames_per_key=600)
    again.type_text("\n", max_frames_per_key=6000)
    assert again.run_until_idle(6000)
    again.type_text("RUN\n", max_frames_per_key=600)
    assert again.run_until_idle(600) and "FAST TAPE" in again.screen_text()


def test_hatabs_is_the_xl_oss() -> None:
    atari = booted("serial")
    letters = bytes(atari.peek(0x031A + 3 * i) for i in range(5))
    assert letters == b"PCESK"


# -- whole programs over the bus ---------------------------------------------------------------------------------


@pytest.mark.slow
def test_surround_disk_boots_and_saves_a_lesson_over_the_bus(tmp_path: Path, capsys) -> None:
    path = tmp_path / "surround.atr"
    build_disk(path)
    argv = ["check", "--engine", "asm", "--disk", str(path), "--sio", "serial", "--sheep", "perfect", "--games", "2",
            "--seed", "3", "--json"]
    assert main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["disk_blacklist_equal"] is True and report["learned"] > 0
    assert read_disk_blacklist(path) == bytes.fromhex(report["final_blacklist"])


@pytest.mark.skipif(not ROMS.original_os.exists(), reason=f"no original XL OS in {ROMS.original_os} (a user's own ROM)")
def test_the_users_own_os_boots_the_surround_disk_over_the_bus(tmp_path: Path) -> None:
    path = tmp_path / "surround.atr"
    build_disk(path)
    atari = HeadlessAtari(os_rom="original", sio="serial")
    atari.insert_disk(1, path)
    atari.machine.power_on(hold_option=True)
    assert atari.machine.run_until_idle(3600)
    assert "SURROUND XL DISK" in atari.screen_text()
    assert atari.machine.serial.bus.devices[0x31].sectors_read > 3


# -- an interrupt-driven SIO, as the XL OS's: what a user's own OS ROM needs of POKEY --------------------------

IRQ_SIO = r"""
.include "{equates}"
.org $3000
; START - read sector 1 of D1: by interrupts: VSEROR sends the next command byte,
; VSEROC raises COMMAND when the last has gone, VSERIN stores what comes back
start:  sei
        lda #<onseror
        sta VSEROR
        lda #>onseror
        sta VSEROR+1
        lda #<onseroc
        sta VSEROC
        lda #>onseroc
        sta VSEROC+1
        lda #<onserin
        sta VSERIN
        lda #>onserin
        sta VSERIN+1
        lda #$28
        sta AUDF3
        lda #0
        sta AUDF4
        sta got
        sta done
        lda #$28
        sta AUDCTL
        lda #$23
        sta SKCTL
        sta SKRES
        lda #$34                ; COMMAND down
        sta PBCTL
        lda POKMSK
        ora #$30
        sta POKMSK
        sta IRQEN
        lda #1
        sta sent
        lda frame
        sta SEROUT
        cli
*       lda done
        beq -
        rts

onseror:  txa
        pha
        ldx sent
        cpx #5
        bcs _last
        lda frame,x
        sta SEROUT
        inc sent
        bne _out
_last:  lda POKMSK              ; all five sent: wait for "finished"
        ora #$08
        sta POKMSK
        sta IRQEN
_out:   pla
        tax
        pla
        rti

onseroc:  lda POKMSK
        and #$E7
        sta POKMSK
        sta IRQEN
        lda #$3C                ; COMMAND up
        sta PBCTL
        pla
        rti

onserin:  txa
        pha
        lda SERIN
        ldx got
        sta buf,x
        inc got
        cpx #130
        bne +
        inc done
*       pla
        tax
        pla
        rti

frame:  .byte $31, $52, 1, 0, $84
sent:   .byte 0
got:    .byte 0
done:   .byte 0
buf:    .advance buf+132
"""


def test_an_interrupt_driven_sio_reads_a_sector(image: Path, tmp_path: Path) -> None:
    from host.toolchain.assembler import assemble, label_map

    source = tmp_path / "irqsio.s"
    source.write_text(IRQ_SIO.replace("{equates}", str(Path(__file__).resolve().parents[1] / "asm/os/equates.s")))
    assemble(source, tmp_path / "irqsio.bin", labels=tmp_path / "irqsio.map")
    labels = label_map(tmp_path / "irqsio.map")
    atari = booted("serial")
    atari.insert_disk(1, image)
    for offset, value in enumerate((tmp_path / "irqsio.bin").read_bytes()):
        atari.poke(0x3000 + offset, value)
    atari.call(labels["start"], max_cycles=1_789_773)
    data = Atr.load(image).read_sector(1)
    assert atari.peek_bytes(labels["buf"], 131) == bytes((ACK, COMPLETE)) + data + bytes((checksum(data),))


@pytest.mark.parametrize("mode", MODES)
def test_double_density_sectors_after_a_status(mode: str, tmp_path: Path) -> None:
    """A 256-byte-sector image: DSKINV reads 128 bytes from sectors 1-3 and, once a
    status request has told the density, 256 from the others."""
    atr = Atr.blank(720, sector_size=256)
    atr.write_sector(2, bytes(range(128)))
    atr.write_sector(10, bytes(i ^ 0x5A for i in range(256)))
    path = tmp_path / "dd.atr"
    atr.save(path)
    atari = booted(mode)
    atari.insert_disk(1, path)
    assert dskinv(atari, "S", 0, 0) == 1 and atari.peek_word(0x02D5) == 256, "DSCTLN"
    assert dskinv(atari, "R", 2, 0x4000) == 1 and atari.peek_bytes(0x4000, 128) == bytes(range(128))
    assert dskinv(atari, "R", 10, 0x4000) == 1
    assert atari.peek_bytes(0x4000, 256) == bytes(i ^ 0x5A for i in range(256))


# -- the command line ---------------------------------------------------------------------------------------------


def test_emu_boots_the_disk_over_the_bus_and_prints(tmp_path: Path, capsys) -> None:
    path = tmp_path / "surround.atr"
    build_disk(path)
    assert main(["emu", str(path), "--sio", "serial", "--frontend", "headless", "--screen"]) == 0
    assert "SURROUND XL DISK" in capsys.readouterr().out
    out = tmp_path / "p.txt"
    assert main(["emu", "--frontend", "headless", "--basic", "free", "--printer", str(out),
                 "--type", 'LPRINT "FROM THE CLI"\\n']) == 0
    assert out.read_text() == "FROM THE CLI\n"


def test_bad_bus_files_are_one_line_errors(tmp_path: Path, capsys) -> None:
    junk = tmp_path / "junk.cas"
    junk.write_bytes(b"not a tape")
    assert main(["emu", "--frontend", "headless", "--cassette", str(junk)]) != 0
    # a folder that cannot be made (a file stands in its way; a missing one is made: issue 28 item 12)
    assert main(["emu", "--frontend", "headless", "--cassette", str(junk / "t.cas")]) != 0
    assert main(["emu", "--frontend", "headless", "--printer", str(junk / "p.txt")]) != 0
    errors = capsys.readouterr().err.strip().splitlines()
    assert len(errors) == 3 and all("Traceback" not in line for line in errors)
    assert "junk.cas: not a .cas image" in errors[0]
    assert "cannot make the folder for the cassette image (Not a directory)" in errors[1]
    assert "cannot write the printer file (Not a directory)" in errors[2]


# -- the disk over the bus against a model ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def bus_machine(tmp_path_factory) -> tuple[HeadlessAtari, Path, dict[int, bytes]]:
    path = tmp_path_factory.mktemp("model") / "model.atr"
    Atr.blank(720).save(path)
    atari = booted("serial")
    atari.insert_disk(1, path)
    return atari, path, {}


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(writes=st.lists(st.tuples(st.integers(1, 720), st.binary(min_size=128, max_size=128)), min_size=1, max_size=4),
       reads=st.lists(st.integers(1, 720), min_size=1, max_size=4))
@pytest.mark.slow
def test_sectors_written_and_read_over_the_bus_follow_the_model(bus_machine, writes, reads) -> None:
    atari, path, model = bus_machine
    for sector, data in writes:
        for offset, value in enumerate(data):
            atari.poke(0x4100 + offset, value)
        assert dskinv(atari, "P", sector, 0x4100) == 1
        model[sector] = data
    on_file = Atr.load(path)
    for sector in reads + [sector for sector, _ in writes]:
        assert dskinv(atari, "R", sector, 0x4000) == 1
        expected = model.get(sector, bytes(128))
        assert atari.peek_bytes(0x4000, 128) == expected == on_file.read_sector(sector)


@pytest.mark.slow
def test_format_over_the_bus_and_an_enhanced_density_1050(tmp_path: Path) -> None:
    """'!' formats (the drive answers with its list of bad sectors, $FFFF = none) and is
    refused on a write-protected disk; a 1040-sector image is a 1050 in enhanced density,
    26 sectors a track."""
    path = tmp_path / "ed.atr"
    atr = Atr.blank(1040)
    atr.write_sector(1040, b"\x77" * 128)
    atr.save(path)
    atari = booted("serial")
    atari.insert_disk(1, path)
    assert dskinv(atari, "R", 1040, 0x4000) == 1 and atari.peek_bytes(0x4000, 128) == b"\x77" * 128
    drive = atari.machine.serial.bus.devices[0x31]
    assert drive.sectors_per_track == 26 and drive.track == 39
    assert dskinv(atari, "S", 0, 0) == 1 and atari.peek(0x02EA) & 0x80, "status: enhanced density"
    start = atari.cycles
    assert dskinv(atari, "!", 0, 0x4000, seconds=60) == 1
    assert atari.peek_bytes(0x4000, 2) == b"\xff\xff", "no bad sectors"
    assert Atr.load(path).read_sector(1040) == bytes(128), "formatted"
    assert (atari.cycles - start) / (1000 * MS) > 10, "every track written and checked: seconds, not a blink"
    atari.write_protect(1)
    assert dskinv(atari, "!", 0, 0x4000, seconds=60) == 144


@pytest.mark.parametrize("mode, width", [("N", 40), ("D", 20), ("S", 29), ("?", 40)])
def test_print_modes_set_the_line_length(mode: str, width: int, tmp_path: Path) -> None:
    out = tmp_path / "printer.txt"
    atari = booted("serial", printer=out)
    assert open_device(atari, 1, "P:", 8, ord(mode)) == 1
    assert put_record(atari, 1, b"Y" * 50 + b"\x9b") == 1
    assert out.read_text().splitlines() == ["Y" * min(width, 50 - start) for start in range(0, 50, width)]
    assert atari.machine.serial.bus.log[-1][0][2] == (ord(mode) if mode != "?" else ord("N")), "the mode as aux 1"
