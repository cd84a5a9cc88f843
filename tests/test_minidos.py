"""The free mini-DOS (asm/dos/) in the emulator, against the host's DOS 2 model (host/atari/dos2.py).

A "6502 test program" here is CIO itself: the test fills an IOCB and calls CIOV
($E456) in the emulated machine, so every request runs through the OS's CIO
and our D: handler, exactly as a program's JSR CIOV would.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from emulator.atr import Atr
from emulator.headless import HeadlessAtari
from host.atari.dos2 import Dos2Disk, split_name
from host.commands.atr import directory_lines
from host.toolchain.minidos import DOS_SYS_NAME, new_system_disk

CIOV = 0xE456
IOCB = 0x0340
NAME_AT, DATA_AT = 0x3000, 0x3100  # free RAM above the mini-DOS (MEMLO about $1B00)
OPEN, GET_RECORD, GET_BYTES, PUT_BYTES, CLOSE, STATUS = 3, 5, 7, 11, 12, 13
EOL = 0x9B


class Cio:
    """CIO calls into the emulated machine; each returns the status byte (Y)."""

    def __init__(self, atari: HeadlessAtari) -> None:
        self.atari = atari

    def _call(self, channel: int, command: int, buffer: int = 0, length: int = 0,
              aux1: int | None = None, aux2: int = 0) -> int:
        """Fill the IOCB (the auxiliary bytes only when given: a transfer keeps the open mode)."""
        base = IOCB + 16 * channel
        self.atari.poke(base + 2, command)
        self.atari.poke_word(base + 4, buffer)
        self.atari.poke_word(base + 8, length)
        if aux1 is not None:
            self.atari.poke(base + 10, aux1)
            self.atari.poke(base + 11, aux2)
        _, _, y, _ = self.atari.call(CIOV, x=16 * channel, max_cycles=50_000_000)
        return y

    def _name(self, text: str) -> int:
        for i, byte in enumerate(text.encode("ascii") + bytes((EOL,))):
            self.atari.poke(NAME_AT + i, byte)
        return NAME_AT

    def open(self, channel: int, name: str, mode: int) -> int:
        """OPEN; after an error the channel is closed again, as a program must (CIO keeps it taken)."""
        status = self._call(channel, OPEN, self._name(name), 0, mode, 0)
        if status >= 128:
            self.close(channel)
        return status

    def close(self, channel: int) -> int:
        return self._call(channel, CLOSE)

    def xio(self, command: int, channel: int, name: str) -> int:
        return self._call(channel, command, self._name(name), 0, 0)

    def status(self, channel: int, name: str) -> int:
        return self._call(channel, STATUS, self._name(name), 0, 0)

    def put(self, channel: int, data: bytes) -> int:
        status = 1
        for start in range(0, len(data), 0x800):
            chunk = data[start:start + 0x800]
            for i, byte in enumerate(chunk):
                self.atari.poke(DATA_AT + i, byte)
            status = self._call(channel, PUT_BYTES, DATA_AT, len(chunk))
            if status >= 128:
                return status
        return status

    def get(self, channel: int, length: int) -> tuple[int, bytes]:
        status = self._call(channel, GET_BYTES, DATA_AT, length)
        count = self.atari.peek_word(IOCB + 16 * channel + 8)
        return status, self.atari.peek_bytes(DATA_AT, count)

    def get_line(self, channel: int) -> tuple[int, bytes]:
        status = self._call(channel, GET_RECORD, DATA_AT, 120)
        count = self.atari.peek_word(IOCB + 16 * channel + 8)
        return status, self.atari.peek_bytes(DATA_AT, count)

    # -- whole files --------------------------------------------------------------------------

    def write_file(self, name: str, data: bytes, channel: int = 1) -> int:
        status = self.open(channel, name, 8)
        if status >= 128:
            return status
        put_status = self.put(channel, data) if data else 1
        close_status = self.close(channel)
        return put_status if put_status >= 128 else close_status

    def read_file(self, name: str, channel: int = 2) -> tuple[int, bytes]:
        status = self.open(channel, name, 4)
        if status >= 128:
            return status, b""
        data = b""
        while True:
            status, chunk = self.get(channel, 1000)
            data += chunk
            if status >= 128:
                break
        self.close(channel)
        return status, data

    def directory(self, pattern: str = "*.*", channel: int = 3) -> list[str]:
        assert self.open(channel, f"D:{pattern}", 6) == 1
        lines = []
        while True:
            status, line = self.get_line(channel)
            if status >= 128:
                break
            lines.append(line.rstrip(bytes((EOL,))).decode("ascii"))
        assert status == 136
        self.close(channel)
        return lines


@pytest.fixture(scope="module")
def booted(tmp_path_factory):
    """One machine booted from a system disk (the menu waits for a key)."""
    path = tmp_path_factory.mktemp("minidos") / "system.atr"
    new_system_disk(path=path).save()
    atari = HeadlessAtari(seed=1)
    atari.insert_disk(1, path)
    assert atari.boot(max_frames=600)
    return atari, path


def fresh_disk(atari: HeadlessAtari, path, density: str = "single") -> Dos2Disk:
    """A new system disk in D1: (the booted DOS stays in memory)."""
    disk = new_system_disk(density, path=path)
    disk.save()
    atari.insert_disk(1, path)
    return disk


def disk_in_drive(atari: HeadlessAtari) -> Dos2Disk:
    return Dos2Disk.from_atr(Atr(atari.machine.serial.bus.disk(1).to_bytes(), name="D1:"))


def test_boot_shows_the_menu_and_installs_d(booted):
    atari, _ = booted
    screen = atari.screen_text()
    assert "SURROUND XL DISK" in screen and "1  SURROUND, 6502 MACHINE LANGUAGE" in screen
    assert "SURROUND IN ATARI BASIC" not in screen  # BASIC is off in this machine
    hatabs = atari.peek_bytes(0x031A, 33)
    entries = {chr(hatabs[i]): hatabs[i + 1] | (hatabs[i + 2] << 8) for i in range(0, 33, 3) if hatabs[i]}
    assert entries["D"] == 0x0886  # the handler table right after the two JMPs at $0880
    assert atari.peek_word(0x0C) == 0x0880  # DOSINI
    from host.toolchain.minidos import DOS2_MEMLO, dos_labels

    assert atari.peek_word(0x02E7) == dos_labels()["dosend"]  # MEMLO above the buffers ...
    assert atari.peek_word(0x02E7) <= DOS2_MEMLO  # ... and no higher than DOS 2.0S's


def test_create_write_read_list_delete(booted, tmp_path):
    atari, _ = booted
    fresh_disk(atari, tmp_path / "d.atr")
    cio = Cio(atari)
    data = bytes(range(256)) * 3
    assert cio.write_file("D:TEST.DAT", data) == 1
    host = disk_in_drive(atari)
    assert host.problems() == [] and host.read("TEST.DAT") == data
    assert cio.read_file("D1:TEST.DAT") == (136, data)
    assert cio.read_file("D:T*.D?T") == (136, data)
    assert cio.directory() == directory_lines(host)
    assert cio.directory("TEST.*")[0] == "  TEST    DAT 007"
    assert cio.status(4, "D:TEST.DAT") == 1
    assert cio.xio(33, 4, "D:TEST.DAT") == 1
    assert cio.status(4, "D:TEST.DAT") == 170
    host = disk_in_drive(atari)
    assert host.problems() == [] and [e.name for e in host.entries()] == [DOS_SYS_NAME]


def test_file_not_found_bad_name_and_bad_drive_give_dos_errors(booted, tmp_path):
    atari, _ = booted
    fresh_disk(atari, tmp_path / "d.atr")
    cio = Cio(atari)
    assert cio.read_file("D:NOPE.DAT") == (170, b"")
    assert cio.xio(33, 4, "D:NOPE") == 170
    assert cio.open(1, "D:1BAD", 8) == 165
    assert cio.open(1, "D:*.DAT", 8) == 165
    assert cio.open(1, "D:TOOLONGNAME", 8) == 165
    assert cio.open(1, "D5:A", 4) == 160
    assert disk_in_drive(atari).problems() == []


def test_locked_files_refuse_writes_and_deletes(booted, tmp_path):
    atari, _ = booted
    fresh_disk(atari, tmp_path / "d.atr")
    cio = Cio(atari)
    assert cio.write_file("D:KEEP", b"old") == 1
    assert cio.xio(35, 4, "D:KEEP") == 1
    assert cio.directory("KEEP")[0].startswith("* KEEP")
    assert cio.write_file("D:KEEP", b"new") == 167
    assert cio.xio(33, 4, "D:KEEP") == 167
    assert cio.xio(36, 4, "D:KEEP") == 1
    assert cio.write_file("D:KEEP", b"new") == 1
    assert cio.read_file("D:KEEP") == (136, b"new")
    assert disk_in_drive(atari).problems() == []


def test_disk_full_is_error_162_and_the_disk_stays_sound(booted, tmp_path):
    atari, _ = booted
    disk = fresh_disk(atari, tmp_path / "d.atr")
    free = disk.free_count()
    cio = Cio(atari)
    assert cio.open(1, "D:BIG", 8) == 1
    assert cio.put(1, bytes(125 * free)) == 1  # exactly fills the disk
    assert cio.put(1, b"x") == 162
    assert cio.close(1) == 1
    host = disk_in_drive(atari)
    assert host.problems() == [] and host.free_count() == 0
    assert len(host.read("BIG")) == 125 * free
    assert cio.xio(33, 4, "D:BIG") == 1
    assert disk_in_drive(atari).free_count() == free


def test_sixty_four_files_then_directory_full(booted, tmp_path):
    atari, _ = booted
    fresh_disk(atari, tmp_path / "d.atr")
    cio = Cio(atari)
    for i in range(63):  # DOS.SYS is the 64th
        assert cio.write_file(f"D:F{i}", bytes((i,))) == 1
    assert cio.write_file("D:ONEMORE", b"") == 169
    host = disk_in_drive(atari)
    assert host.problems() == [] and len(host.entries()) == 64
    assert host.read("F62") == bytes((62,))


NAMES = st.builds(
    lambda base, ext: f"{base}.{ext}" if ext else base,
    st.sampled_from(["A", "SURROUND", "B2", "LONGNAME", "X"]),
    st.sampled_from(["", "BLK", "DAT", "Z"]),
)
OPERATIONS = st.lists(
    st.one_of(
        st.tuples(st.just("write"), NAMES, st.binary(max_size=700)),
        st.tuples(st.just("delete"), NAMES, st.just(b"")),
        st.tuples(st.just("read"), NAMES, st.just(b"")),
        st.tuples(st.just("append"), NAMES, st.binary(max_size=300)),
    ),
    min_size=1, max_size=8,
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(operations=OPERATIONS, density=st.sampled_from(["single", "enhanced"]))
def test_the_mini_dos_and_the_host_model_agree(booted, tmp_path, operations, density):
    """Random writes, reads and deletes through the 6502 D: handler; after each, the image
    equals what host/atari/dos2.py makes of the same operations (VTOC, VTOC2 and directory byte
    for byte, every file's contents) and passes every check."""
    atari, _ = booted
    model = fresh_disk(atari, tmp_path / "h.atr", density)
    cio = Cio(atari)
    for action, name, data in operations:
        key = "{}.{}".format(*split_name(name)).rstrip(".")
        exists = model.find(key) is not None
        if action == "write":
            assert cio.write_file(f"D:{name}", data) == 1
            model.add(name, data)
        elif action == "delete":
            assert cio.xio(33, 4, f"D:{name}") == (1 if exists else 170)
            if exists:
                model.delete(name)
        elif action == "append":
            status = cio.open(1, f"D:{name}", 9)
            assert status == (1 if exists else 170)
            if exists:
                assert (cio.put(1, data) if data else 1) == 1 and cio.close(1) == 1
                model.append(name, data)
        else:
            status, content = cio.read_file(f"D:{name}")
            assert (status, content) == ((136, model.read(name)) if exists else (170, b""))
        real = disk_in_drive(atari)
        assert real.problems() == []
        assert real.atr.read_sector(360) == model.atr.read_sector(360)
        if density == "enhanced":
            assert real.atr.read_sector(1024) == model.atr.read_sector(1024)
        for sector in range(361, 369):
            assert real.atr.read_sector(sector) == model.atr.read_sector(sector)
        assert ({e.name: real.read(e.name) for e in real.entries()}
                == {e.name: model.read(e.name) for e in model.entries()})
    assert cio.directory() == directory_lines(model)


# -- from BASIC (the free BASIC's runtime, as tests/test_basic_runtime.py runs it) ----------------

BASIC_PROGRAM = '''10 OPEN #1,8,0,"D:TEST.DAT":PRINT #1;"HI":CLOSE #1
20 OPEN #1,4,0,"D:TEST.DAT":GET #1,A:GET #1,B:GET #1,C:CLOSE #1:PRINT A;" ";B;" ";C
30 OPEN #1,6,0,"D:*.*":TRAP 50
40 GET #1,K:PRINT CHR$(K);:GOTO 40
50 CLOSE #1:PRINT "END ";PEEK(195)
60 TRAP 100:OPEN #2,4,0,"D:NOPE":PRINT "NO ERROR":END
100 PRINT "ERROR ";PEEK(195):CLOSE #2
110 XIO 33,#3,0,0,"D:TEST.DAT":TRAP 130:OPEN #2,4,0,"D:TEST.DAT":END
130 PRINT "GONE ";PEEK(195):CLOSE #2
140 TRAP 170:OPEN #1,8,0,"D:FULL"
150 PUT #1,65:GOTO 150
170 PRINT "FULL ";PEEK(195):CLOSE #1'''


def test_from_basic_create_read_list_delete_not_found_and_disk_full(tmp_path):
    """BASIC booted with the disk (menu item 3, READY), then a program that uses D:."""
    from tests.basic_runtime_support import BasicRunner, Images

    images = Images(tmp_path / "roms")
    path = tmp_path / "basic.atr"
    disk = new_system_disk(path=path)
    disk.add("BIG", bytes(125 * (disk.free_count() - 2)))  # leaves two sectors free
    disk.save()
    runner = BasicRunner.__new__(BasicRunner)  # booted from the disk instead of BasicRunner's plain boot
    runner.images = images
    runner.atari = HeadlessAtari(os_rom=images.os_rom, basic_rom=images.basic_rom)
    runner.atari.insert_disk(1, path)
    assert runner.atari.boot(basic=True)
    assert "2  SURROUND IN ATARI BASIC" in runner.atari.screen_text()  # BASIC is on
    runner.atari.type_text("3")
    printed = runner.run(BASIC_PROGRAM, max_frames=1200)
    dos_sectors = disk.find(DOS_SYS_NAME).sector_count
    assert printed == ["72 73 155", f"  DOS     SYS {dos_sectors:03d}",
                       f"  BIG         {disk.find('BIG').sector_count:03d}",
                       "  TEST    DAT 001", "001 FREE SECTORS", "END 136", "ERROR 170", "GONE 170", "FULL 162"]
    host = Dos2Disk.open(path)
    assert host.problems() == [] and [e.name for e in host.entries()] == ["DOS.SYS", "BIG", "FULL"]
    assert host.read("FULL") == b"A" * 250 and host.free_count() == 0


# -- from a 6502 test program (tests/asm/dostest.s) --------------------------------------------

def test_a_6502_program_creates_reads_lists_deletes_and_fills_the_disk(tmp_path):
    from host.toolchain.assembler import assemble

    program = tmp_path / "dostest.xex"
    assemble(Path(__file__).parent / "asm" / "dostest.s", program)
    path = tmp_path / "prog.atr"
    disk = new_system_disk(path=path)
    disk.add("BIG", bytes(125 * (disk.free_count() - 10)))  # ten sectors stay free
    disk.save()
    atari = HeadlessAtari(seed=1)
    atari.insert_disk(1, path)
    assert atari.boot(basic=False)
    assert atari.load_xex(program, max_frames=1200)
    results = atari.peek_bytes(0x4000, 18)
    assert atari.peek(0x401F) == 1, results.hex()
    assert list(results[:5]) == [1, 1, 1, 1, 136]
    assert results[5] | results[6] << 8 == 300
    pattern = bytes(7 * i & 0xFF for i in range(300))
    assert atari.peek_bytes(0x4400, 300) == pattern
    assert list(results[7:9]) == [1, 1]
    lines = [atari.peek_bytes(0x4800 + 40 * i, 40).split(b"\x9b")[0].decode("ascii") for i in range(results[9])]
    assert lines == [f"  DOS     SYS {disk.find(DOS_SYS_NAME).sector_count:03d}",
                     f"  BIG         {disk.find('BIG').sector_count:03d}", "  PROG    DAT 003", "007 FREE SECTORS"]
    assert list(results[10:17]) == [136, 1, 1, 170, 1, 162, 1]
    assert results[17] == 4  # 4 x 300 bytes fit into the ten sectors (1250 bytes), the 5th only in part
    host = Dos2Disk.open(path)
    assert host.problems() == [] and host.free_count() == 0
    assert [e.name for e in host.entries()] == [DOS_SYS_NAME, "BIG", "FULL"]
    assert host.read("FULL") == (pattern * 5)[:1250]


def test_rename_with_wildcards_as_dos_does(booted, tmp_path):
    atari, _ = booted
    model = fresh_disk(atari, tmp_path / "r.atr")
    cio = Cio(atari)
    for name in ("A.DAT", "BB.DAT", "C.TXT"):
        assert cio.write_file(f"D:{name}", name.encode()) == 1
        model.add(name, name.encode())
    assert cio.xio(32, 4, "D:*.DAT,*.OLD") == 1
    assert model.rename("*.DAT", "*.OLD") == 2
    assert cio.xio(32, 4, "D:C.TXT,README") == 1
    model.rename("C.TXT", "README")
    assert cio.xio(32, 4, "D:B?.OLD,X?") == 1  # BB.OLD -> XB (no extension)
    model.rename("B?.OLD", "X?")
    real = disk_in_drive(atari)
    assert [e.name for e in real.entries()] == [DOS_SYS_NAME, "A.OLD", "XB", "README"]
    for sector in range(361, 369):
        assert real.atr.read_sector(sector) == model.atr.read_sector(sector)
    assert cio.read_file("D:README") == (136, b"C.TXT")
    assert cio.xio(32, 4, "D:NOPE,X") == 170
    assert cio.xio(32, 4, "D:A.OLD") == 165  # no new name
    assert cio.xio(35, 4, "D:A.OLD") == 1
    assert cio.xio(32, 4, "D:A.OLD,Z") == 167
    assert disk_in_drive(atari).problems() == []


def test_host_rename_refuses_locked_missing_and_nameless_results():
    disk = Dos2Disk.new()
    disk.add("A.DAT", b"1")
    with pytest.raises(Exception, match="DOS error 170"):
        disk.rename("NOPE", "X")
    with pytest.raises(Exception, match="not a DOS 2 file name pattern"):
        disk.rename("A.DAT", "TOOLONGNAME")


@pytest.mark.parametrize("damage, error", [
    ("loop", 164),          # the second sector links back to the first
    ("file number", 164),   # a sector of another file
    ("long chain", 164),    # the chain goes on past the directory's sector count
])
def test_reading_a_broken_chain_ends_in_an_error_not_forever(booted, tmp_path, damage, error):
    atari, _ = booted
    path = tmp_path / "b.atr"
    disk = fresh_disk(atari, path)
    disk.add("VICTIM", bytes(range(250)) * 2)  # four sectors
    disk.add("OTHER", b"x" * 10)
    victim, other = disk.find("VICTIM"), disk.find("OTHER")
    chain = [sector for sector, _ in disk.chain(victim)]
    raw = bytearray(disk.atr.read_sector(chain[1]))
    if damage == "loop":
        raw[125], raw[126] = (victim.index << 2) | (chain[0] >> 8), chain[0] & 0xFF
    elif damage == "file number":
        raw[125] = (other.index << 2) | (raw[125] & 3)
    disk.atr.write_sector(chain[1], bytes(raw))
    if damage == "long chain":
        entry = bytearray(disk.atr.read_sector(361))
        entry[16 * victim.index + 1] = 2  # the directory says two sectors, the chain has four
        disk.atr.write_sector(361, bytes(entry))
    disk.save()
    atari.insert_disk(1, path)
    status, data = Cio(atari).read_file("D:VICTIM")
    assert status == error and len(data) <= 500  # never more than the directory's sectors hold


# -- only documented OS locations (like the game's audit in test_asm_build.py) ---------------------

DOS_DOCUMENTED = {
    0x06: "TRAMSZ", 0x0A: "DOSVEC", 0x0B: "DOSVEC+1", 0x0C: "DOSINI", 0x0D: "DOSINI+1",
    **{address: "ZIOCB (ICHIDZ..CIOCHR)" for address in range(0x20, 0x30)},
    **{address: "FMSZPG" for address in range(0x43, 0x4A)},
    0x02E0: "RUNAD", 0x02E1: "RUNAD+1", 0x02E2: "INITAD", 0x02E3: "INITAD+1",
    0x02E7: "MEMLO", 0x02E8: "MEMLO+1",
    **{address: "DCB (DDEVIC..DAUX2)" for address in range(0x0300, 0x030C)},
    **{address: "HATABS" for address in range(0x031A, 0x033D)},
    **{address: "IOCBs" for address in range(0x0340, 0x03C0)},
    0x03F8: "BASICF", 0xBFFA: "CARTCS",
    0xE453: "DSKINV", 0xE456: "CIOV", 0xE471: "BLKBDV",
}
DOS_OWN_MEMORY = range(0x0700, 0x2000)


def test_the_mini_dos_uses_only_documented_os_locations():
    import re

    from host.toolchain.minidos import BUILD_DIR, build_dos

    build_dos()
    operand = re.compile(r"^\s*[0-9A-F]{4}\s+(?:[0-9A-F]{2} ){1,3}\s*([A-Z]{3})\s+\(?\$([0-9A-F]{2,4})")
    strangers = set()
    examined = 0
    for listing in ("dos.lst", "dosboot.lst"):
        for line in (BUILD_DIR / listing).read_text().splitlines():
            match = operand.match(line)
            if match:
                examined += 1
                address = int(match[2], 16)
                if address not in DOS_OWN_MEMORY and address not in DOS_DOCUMENTED:
                    strangers.add(f"{listing}: {match[1]} ${address:04X}")
    assert examined > 500  # the listing's format is the one the pattern reads
    assert not strangers, f"undocumented locations used: {sorted(strangers)}"


# -- damaged disks: every D: call comes back with a status, none runs away ---------------------------

ALLOWED = {1, 3, 136, 139, 160, 162, 163, 164, 165, 167, 169, 170}  # 139: the drive NAKs a sector past its end
SAMPLE_FILES = {"SURROUND.BLK": bytes(range(165)), "README": b"hello\x9b" * 40, "DATA.BIN": bytes(range(256)) * 4}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_damaged_disks_give_status_codes_and_never_hang(booted, tmp_path, data):
    atari, _ = booted
    path = tmp_path / "damaged.atr"
    disk = new_system_disk(path=path)
    for name, content in SAMPLE_FILES.items():
        disk.add(name, content)
    raw = bytearray(disk.atr.to_bytes())
    interesting = [sector for entry in disk.entries() if entry.name != DOS_SYS_NAME
                   for sector, _ in disk.chain(entry)] + [360, 361]
    for _ in range(data.draw(st.integers(1, 8))):
        sector = data.draw(st.sampled_from(interesting))
        offset = 16 + (sector - 1) * 128 + data.draw(st.integers(0, 127))
        raw[offset] = data.draw(st.integers(0, 255))
    path.write_bytes(bytes(raw))
    atari.insert_disk(1, path)
    cio = Cio(atari)
    statuses = [cio.read_file(f"D:{name}")[0] for name in SAMPLE_FILES]
    assert cio.open(3, "D:*.*", 6) == 1
    for _ in range(70):  # at most 64 files and the free line
        status, _ = cio.get_line(3)
        statuses.append(status)
        if status >= 128:
            break
    cio.close(3)
    statuses.append(cio.write_file("D:NEW.DAT", b"new" * 50))
    statuses.append(cio.xio(33, 4, "D:README"))
    assert set(statuses) <= ALLOWED, statuses


def test_enhanced_density_files_go_past_sector_719_into_vtoc2(booted, tmp_path):
    atari, _ = booted
    path = tmp_path / "ed.atr"
    model = fresh_disk(atari, path, "enhanced")
    below_720 = len([sector for sector in model.free_sectors() if sector < 720])
    model.add("LOW", bytes(125 * below_720))  # sectors 1-719 all taken (written by the host)
    model.save()
    atari.insert_disk(1, path)
    cio = Cio(atari)
    data = bytes(range(256)) * 4
    assert cio.write_file("D:HIGH.DAT", data) == 1
    model.add("HIGH.DAT", data)
    real = disk_in_drive(atari)
    assert real.problems() == [] and [s for s, _ in real.chain(real.find("HIGH.DAT"))] == list(range(721, 730))
    for sector in (360, 1024, 361):
        assert real.atr.read_sector(sector) == model.atr.read_sector(sector)
    assert cio.read_file("D:HIGH.DAT") == (136, data)
    assert cio.directory()[-1] == f"{model.free_count():03d} FREE SECTORS"
    assert cio.xio(33, 4, "D:*.*") == 1  # DOS.SYS too: every sector back
    real = disk_in_drive(atari)
    assert real.problems() == [] and real.free_count() == 1010
    assert cio.directory() == ["1010 FREE SECTORS"]


def test_append_links_new_sectors_after_the_last_one_as_dos_2_does(booted, tmp_path):
    atari, _ = booted
    model = fresh_disk(atari, tmp_path / "a.atr")
    cio = Cio(atari)
    assert cio.write_file("D:LOG", b"a" * 130) == 1  # 125 + 5 bytes
    model.add("LOG", b"a" * 130)
    assert cio.open(1, "D:LOG", 9) == 1 and cio.put(1, b"b" * 50) == 1 and cio.close(1) == 1
    model.append("LOG", b"b" * 50)
    real = disk_in_drive(atari)
    assert real.problems() == []
    assert [len(data) for _, data in real.chain(real.find("LOG"))] == [125, 5, 50]  # the short sector stays
    for sector in (360, 361):
        assert real.atr.read_sector(sector) == model.atr.read_sector(sector)
    assert cio.read_file("D:LOG") == (136, b"a" * 130 + b"b" * 50)
    assert cio.open(1, "D:NOPE", 9) == 170
    assert cio.xio(35, 4, "D:LOG") == 1
    assert cio.open(1, "D:LOG", 9) == 167


def test_iocb_0_is_refused_for_d(booted, tmp_path):
    """IOCB 0 is the screen editor's; the mini-DOS keeps no sector buffer for it."""
    atari, _ = booted
    fresh_disk(atari, tmp_path / "z.atr")
    cio = Cio(atari)
    assert cio.close(0) == 1
    try:
        assert cio.open(0, "D:ANY", 4) == 161
    finally:
        assert cio.open(0, "E:", 12) == 1
