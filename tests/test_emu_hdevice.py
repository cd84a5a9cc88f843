"""H: through CIO in the emulator: the free OS's CIOV is called with real IOCBs, and the
host directory is checked from Python."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from emulator.hdevice import HATABS
from emulator.headless import HeadlessAtari
from tests.cio_support import (
    CLOSE,
    DELETE,
    GET_BYTES,
    GET_RECORD,
    ICAX3,
    LOCK,
    NOTE,
    OPEN,
    POINT,
    PUT_BYTES,
    RENAME,
    STATUS,
    UNLOCK,
    Cio,
    booted_cio,
)


@pytest.fixture()
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "hroot"
    root.mkdir()
    return root


@pytest.fixture()
def cio(folder: Path) -> Cio:
    return booted_cio(folder)


def hatabs_letters(atari: HeadlessAtari) -> bytes:
    return bytes(atari.peek(HATABS + 3 * i) for i in range(11))


def test_h_is_in_hatabs_like_the_os_handlers(cio: Cio) -> None:
    letters = hatabs_letters(cio.atari)
    assert letters.startswith(b"PCESK") and b"H" in letters
    slot = HATABS + 3 * letters.index(b"H")
    table = cio.atari.machine.hdevice.table
    assert table is not None and 0xD700 <= table < 0xD800, "the table lies in the emulator's page $D7"
    assert cio.atari.peek_word(slot + 1) == table
    assert cio.atari.peek(table + 12) == 0x4C, "the table ends with JMP INIT, as the OS's do"


def test_written_bytes_reach_the_host_file_on_close(cio: Cio, folder: Path) -> None:
    status = [cio.call(OPEN, "H:HELLO.TXT", 8), cio.call(PUT_BYTES, length=5, data=b"HELLO")]
    assert status == [1, 1]
    assert not (folder / "HELLO.TXT").exists(), "nothing reaches the host before CLOSE"
    assert cio.call(CLOSE) == 1
    assert (folder / "HELLO.TXT").read_bytes() == b"HELLO"
    assert [p.name for p in folder.iterdir()] == ["HELLO.TXT"], "no temporary file is left"


def test_records_are_read_line_by_line_until_end_of_file(cio: Cio, folder: Path) -> None:
    (folder / "LINES.LST").write_bytes(b"10 PRINT 1\x9b20 END\x9b")
    assert cio.call(OPEN, "H:LINES.LST", 4) == 1
    assert cio.call(GET_RECORD, length=120) == 1 and cio.transferred() == b"10 PRINT 1\x9b"
    assert cio.call(GET_RECORD, length=120) == 1 and cio.transferred() == b"20 END\x9b"
    assert cio.call(GET_RECORD, length=120) == 136, "end of file"
    assert cio.call(CLOSE) == 1


def test_single_bytes_in_a(cio: Cio, folder: Path) -> None:
    assert cio.call(OPEN, "H:BYTE.DAT", 8) == 1
    assert cio.call(PUT_BYTES, length=0, a=0xA5) == 1
    assert cio.call(CLOSE) == 1
    assert cio.call(OPEN, "H:BYTE.DAT", 4) == 1
    assert cio.call(GET_BYTES, length=0) == 1 and cio.a == 0xA5
    assert cio.call(GET_BYTES, length=0) == 136
    cio.call(CLOSE)


def test_existing_names_are_found_whatever_their_case(cio: Cio, folder: Path) -> None:
    (folder / "prog.lst").write_bytes(b"10 REM\x9b")
    assert cio.read_file("H:PROG.LST") == (136, b"10 REM\x9b"), "136: the file was shorter than the buffer"
    assert cio.write_file("H:PROG.LST", b"20 REM\x9b") == [1, 1, 1]
    assert sorted(p.name for p in folder.iterdir()) == ["prog.lst"]
    assert (folder / "prog.lst").read_bytes() == b"20 REM\x9b"


def test_append_and_update_modes(cio: Cio, folder: Path) -> None:
    (folder / "LOG").write_bytes(b"ONE")
    assert cio.write_file("H:LOG", b"TWO", mode=9) == [1, 1, 1]
    assert (folder / "LOG").read_bytes() == b"ONETWO"
    assert cio.write_file("H:LOG", b"XY", mode=12) == [1, 1, 1]
    assert (folder / "LOG").read_bytes() == b"XYETWO"


def test_note_and_point_use_a_byte_offset(cio: Cio, folder: Path) -> None:
    (folder / "DATA").write_bytes(bytes(range(200)))
    assert cio.call(OPEN, "H:DATA", 4) == 1
    assert cio.call(GET_BYTES, length=150) == 1
    assert cio.call(NOTE) == 1 and cio.atari.peek_bytes(ICAX3 + cio.x, 3) == bytes((150, 0, 0))
    for offset, value in enumerate((10, 0, 0)):
        cio.atari.poke(ICAX3 + cio.x + offset, value)
    assert cio.call(POINT) == 1
    assert cio.call(GET_BYTES, length=0) == 1 and cio.a == 10
    cio.call(CLOSE)


def test_directory_listing_in_dos_2_layout(cio: Cio, folder: Path) -> None:
    (folder / "AHL.LST").write_bytes(bytes(300))
    (folder / "sieve.bas").write_bytes(bytes(10))
    (folder / "LOCKED.DAT").write_bytes(b"")
    os.chmod(folder / "LOCKED.DAT", 0o444)
    (folder / "sub").mkdir()
    assert cio.call(OPEN, "H:*.*", 6) == 1
    lines = []
    while cio.call(GET_RECORD, length=40) == 1:
        lines.append(cio.transferred()[:-1].decode())
    cio.call(CLOSE)
    assert lines == [
        "  AHL     LST 003",
        "* LOCKED  DAT 001",
        "  SIEVE   BAS 001",
        "999 FREE SECTORS",
    ]
    assert cio.call(OPEN, "H:S*.BAS", 6) == 1
    assert cio.call(GET_RECORD, length=40) == 1 and cio.transferred() == b"  SIEVE   BAS 001\x9b"
    cio.call(CLOSE)


def test_rename_delete_lock_and_status(cio: Cio, folder: Path) -> None:
    (folder / "OLD.TXT").write_bytes(b"X")
    assert cio.call(STATUS, "H:OLD.TXT") == 1
    assert cio.call(RENAME, "H:OLD.TXT,NEW.TXT") == 1
    assert [p.name for p in folder.iterdir()] == ["NEW.TXT"]
    assert cio.call(STATUS, "H:OLD.TXT") == 170
    assert cio.call(LOCK, "H:NEW.TXT") == 1
    assert cio.call(DELETE, "H:NEW.TXT") == 167, "locked"
    assert cio.write_file("H:NEW.TXT", b"Y")[0] == 167
    assert cio.call(UNLOCK, "H:NEW.TXT") == 1
    assert cio.call(DELETE, "H:NEW.TXT") == 1
    assert list(folder.iterdir()) == []


@pytest.mark.parametrize("name", ["H:../ESCAPE", "H:/etc/passwd", "H:SUB/../../X", "H:A\\B", "H:", "H:..", "H:A B"])
def test_names_outside_the_directory_are_refused(cio: Cio, folder: Path, name: str) -> None:
    status = cio.write_file(name, b"NO")[0]
    assert status in (165, 170) if name != "H:A B" else status == 1, name
    assert not (folder.parent / "ESCAPE").exists() and not (folder.parent / "X").exists()


def test_a_symbolic_link_out_of_the_directory_is_refused(cio: Cio, folder: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_bytes(b"SECRET")
    (folder / "LINK").symlink_to(secret)
    assert cio.read_file("H:LINK")[0] == 165
    assert cio.write_file("H:LINK", b"X")[0] == 165
    assert secret.read_bytes() == b"SECRET"


def test_errors_for_missing_files_and_units(cio: Cio) -> None:
    assert cio.read_file("H:NOSUCH.BAS")[0] == 170
    assert cio.read_file("H2:FILE")[0] == 160, "H2: is not mapped"
    assert cio.call(OPEN, "H:SUB/FILE", 8) == 170, "no such folder"


def test_subfolders_inside_the_directory(cio: Cio, folder: Path) -> None:
    (folder / "bench").mkdir()
    assert cio.write_file("H:BENCH/AHL.LST", b"10 REM") == [1, 1, 1]
    assert (folder / "bench" / "AHL.LST").read_bytes() == b"10 REM"


def test_h_comes_back_after_reset_and_power_on(cio: Cio) -> None:
    atari = cio.atari
    atari.reset(warm=True)
    assert atari.run_until_idle(120)
    assert b"H" in hatabs_letters(atari)
    atari.boot(max_frames=120)
    atari.run_frames(1)
    assert b"H" in hatabs_letters(atari)
    assert cio.read_file("H:NONE")[0] == 170


def test_without_h_the_device_does_not_exist(folder: Path) -> None:
    atari = HeadlessAtari()
    assert atari.boot(max_frames=120)
    assert Cio(atari).read_file("H:ANY")[0] == 130, "nonexistent device"


names = st.text(alphabet=st.sampled_from(list("AB./*?-_:x\\ 1")), min_size=0, max_size=12)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=names, data=st.binary(min_size=1, max_size=300))
def test_fuzzed_names_write_inside_the_directory_or_fail(cio: Cio, folder: Path, name: str, data: bytes) -> None:
    before = set(folder.parent.iterdir())
    statuses = cio.write_file("H:" + name, data)
    assert set(folder.parent.iterdir()) == before, "nothing appears beside the directory"
    if statuses == [1, 1, 1]:
        status, back = cio.read_file("H:" + name.split(" ")[0], size=len(data))
        assert status == 1 and back == data
    else:
        assert statuses[0] >= 128, "a bad name fails at OPEN"


def test_h_takes_the_first_free_slot_of_an_xl_style_table() -> None:
    from emulator.hdevice import HDevice

    ram = bytearray(0x10000)
    table = b"P\x00\x01C\x00\x02E\x00\x03S\x00\x04K\x00\x05"  # the XL OS's order (Mapping the Atari)
    ram[HATABS:HATABS + len(table)] = table
    device = HDevice(table=0xD710)  # as if installed with its table at $D710
    assert device.register(ram)
    assert ram[HATABS + 15:HATABS + 18] == bytes((ord("H"), 0x10, 0xD7))
    assert not device.register(ram), "only once"
    assert not HDevice().register(bytearray(0x10000)), "not before the OS has built its table"


def test_the_folder_can_answer_as_d_instead_of_h(folder: Path) -> None:
    """use_h_device(letter="D"): a program that wants D: (and boots no DOS) finds its files in
    the folder; H: is then not offered (one host-folder device per machine)."""
    (folder / "SURROUND.BLK").write_bytes(bytes(range(165)))
    atari = HeadlessAtari()
    atari.use_h_device(folder, letter="D")
    assert atari.boot(max_frames=120)
    atari.run_frames(1)
    letters = [atari.peek(HATABS + 3 * entry) for entry in range(12)]
    assert ord("D") in letters and ord("H") not in letters
    cio = Cio(atari)
    assert cio.read_file("D:SURROUND.BLK") == (136, bytes(range(165)))
    cio.call(CLOSE)
    assert cio.write_file("D1:NEW.DAT", b"ABC") == [1, 1, 1]
    assert (folder / "NEW.DAT").read_bytes() == b"ABC"
    assert cio.call(OPEN, "H:SURROUND.BLK", 4) == 130  # nonexistent device
    cio.call(CLOSE)


def test_a_host_folder_cannot_take_the_screen_editors_letter(folder: Path) -> None:
    from emulator.errors import EmulatorError

    with pytest.raises(EmulatorError, match="not E:"):
        HeadlessAtari().use_h_device(folder, letter="E")
