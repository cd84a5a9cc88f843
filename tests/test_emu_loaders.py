"""XEX loading (segments, INITAD, RUNAD), ATR images, and SIO disk I/O through the SIOV patch."""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from emulator.atr import Atr
from emulator.errors import EmulatorError
from emulator.headless import HeadlessAtari
from emulator.xex import build_xex, parse_xex
from tests.emu_support import mini_os_rom

INIT1 = bytes((0xAD, 0x00, 0x52, 0x8D, 0x20, 0x06, 0xEE, 0x21, 0x06, 0x60))  # LDA $5200 / STA $0620 / INC $0621 / RTS
INIT2 = bytes((0xAD, 0x00, 0x52, 0x8D, 0x22, 0x06, 0x60))  # LDA $5200 / STA $0622 / RTS
RUN = bytes((0xA9, 0x77, 0x8D, 0x23, 0x06,  # LDA #$77 / STA $0623
             0xAD, 0xFC, 0x02, 0xC9, 0xFF, 0xF0, 0xF9,  # wait: LDA CH / CMP #$FF / BEQ wait
             0x4C, 0x25, 0x50))  # JMP wait


def _atari() -> HeadlessAtari:
    return HeadlessAtari(os_rom=mini_os_rom())


# -- XEX --------------------------------------------------------------------------------------


def test_multi_segment_xex_calls_each_initad_before_the_next_segment_and_runs_runad(tmp_path):
    xex = build_xex([
        (0x5000, INIT1), (0x5010, INIT2), (0x5020, RUN),
        (0x02E2, b"\x00\x50"),           # INITAD -> INIT1, called now
        (0x5200, b"\xAA"),
        (0x02E2, b"\x10\x50"),           # INITAD -> INIT2, sees $5200 loaded
        (0x02E0, b"\x20\x50"),           # RUNAD
    ])
    path = tmp_path / "prog.xex"
    path.write_bytes(xex)
    atari = _atari()
    assert atari.load_xex(path, max_frames=30)
    assert atari.peek(0x0620) == 0x00  # INIT1 ran before $5200 was loaded
    assert atari.peek(0x0621) == 1     # ... exactly once
    assert atari.peek(0x0622) == 0xAA  # INIT2 ran after
    assert atari.peek(0x0623) == 0x77  # RUNAD started the program
    assert 0x5025 <= atari.machine.cpu.pc <= 0x502A


def test_xex_without_runad_starts_at_the_first_segment(tmp_path):
    path = tmp_path / "norun.xex"
    path.write_bytes(build_xex([(0x5020, RUN)]) + b"\xff\xff" + bytes((0x00, 0x52, 0x00, 0x52, 0x01)))
    atari = _atari()
    assert atari.load_xex(path, max_frames=30)
    assert atari.peek(0x0623) == 0x77 and atari.peek(0x5200) == 0x01


def test_parse_xex_reports_file_problem_and_offset():
    good = build_xex([(0x2000, b"\x01\x02\x03"), (0x3000, b"\x04")])
    assert [(s.start, s.data) for s in parse_xex(good)] == [(0x2000, b"\x01\x02\x03"), (0x3000, b"\x04")]
    with pytest.raises(EmulatorError, match=r"^game.xex: .*\(offset 0\)"):
        parse_xex(b"\x00\x01", "game.xex")
    with pytest.raises(EmulatorError, match=r"truncated segment \$3000-\$3000.*\(offset 13\)"):
        parse_xex(good[:-1], "game.xex")
    with pytest.raises(EmulatorError, match=r"truncated segment header \(offset 9\)"):
        parse_xex(good[:-3], "game.xex")
    with pytest.raises(EmulatorError, match=r"end \$1FFF before start \$2000 \(offset 2\)"):
        parse_xex(b"\xff\xff\x00\x20\xff\x1f", "game.xex")


def test_truncated_xex_at_every_length_is_parsed_or_a_clear_error():
    good = build_xex([(0x2000, bytes(range(20))), (0x02E0, b"\x00\x20")])
    for length in range(len(good)):
        try:
            parse_xex(good[:length], "t.xex")
        except EmulatorError as error:
            assert str(error).startswith("t.xex: ") and "offset" in str(error)


@settings(max_examples=400, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_give_segments_or_emulator_error(data):
    try:
        segments = parse_xex(b"\xff\xff" + data, "fuzz.xex")
    except EmulatorError as error:
        assert "fuzz.xex" in str(error) and "\n" not in str(error)
    else:
        assert all(0 <= s.start <= s.end <= 0xFFFF for s in segments)


def test_bad_xex_through_headless_names_the_file(tmp_path):
    path = tmp_path / "broken.xex"
    path.write_bytes(b"\xff\xff\x00\x20\x10\x20\x01")
    with pytest.raises(EmulatorError, match="broken.xex"):
        _atari().load_xex(path)


# -- ATR ---------------------------------------------------------------------------------------


def test_atr_blank_round_trip_and_double_density_boot_sectors(tmp_path):
    single = Atr.blank(720, 128)
    assert single.sector_count == 720 and len(single.to_bytes()) == 16 + 720 * 128
    double = Atr.blank(720, 256, path=tmp_path / "dd.atr")
    assert double.size_of(3) == 128 and double.size_of(4) == 256
    double.write_sector(4, bytes(range(256)))
    double.write_sector(1, b"\x11" * 128)
    double.save()
    again = Atr.load(tmp_path / "dd.atr")
    assert again.read_sector(4) == bytes(range(256)) and again.read_sector(1) == b"\x11" * 128
    assert len(again.to_bytes()) == 16 + 3 * 128 + 717 * 256


def test_bad_atr_files_give_one_line_errors(tmp_path):
    path = tmp_path / "disk.atr"
    for data, problem in [
        (b"", "not an ATR"), (b"\x00" * 16, "bad magic"),
        (Atr.blank(10).to_bytes()[:-16], r"cut short: its header announces 1280 bytes of sectors, the file holds "
                                          r"1264 \(16 bytes missing"),
        (b"\x96\x02\x08\x00\x00\x02" + bytes(10) + bytes(128), "sector size 512"),
    ]:
        path.write_bytes(data)
        with pytest.raises(EmulatorError, match=problem) as caught:
            Atr.load(path)
        assert str(caught.value).startswith(str(path)) and "\n" not in str(caught.value)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=600))
def test_any_bytes_give_an_atr_or_emulator_error(data):
    for candidate in (data, b"\x96\x02" + data):
        try:
            atr = Atr(candidate, name="fuzz.atr")
        except EmulatorError as error:
            assert str(error).startswith("fuzz.atr: ")
        else:
            assert atr.sector_count >= 1
            atr.read_sector(atr.sector_count)


# -- SIO -----------------------------------------------------------------------------------------


def _sio(atari: HeadlessAtari, unit: int, command: int, sector: int, buffer: int = 0x4800, length: int = 128):
    dcb = bytes((0x31, unit, command, 0x40, buffer & 0xFF, buffer >> 8, 7, 0, length & 0xFF, length >> 8,
                 sector & 0xFF, sector >> 8))
    for i, byte in enumerate(dcb):
        atari.poke(0x0300 + i, byte)
    a, x, y, p = atari.call(0xE459)
    assert atari.peek(0x0303) == y
    assert bool(p & 0x80) == (y >= 128)
    return y


def test_sio_read_and_write_round_trip_reaches_the_file_atomically(tmp_path):
    path = tmp_path / "d1.atr"
    image = Atr.blank(720)
    image.write_sector(17, bytes(range(128)))
    image.save(path)
    atari = _atari()
    atari.boot(max_frames=10)
    atari.insert_disk(1, path)
    assert _sio(atari, 1, 0x52, 17) == 1
    assert atari.peek_bytes(0x4800, 128) == bytes(range(128))
    for i in range(128):
        atari.poke(0x4900 + i, 255 - i)
    assert _sio(atari, 1, 0x57, 300, buffer=0x4900) == 1
    assert Atr.load(path).read_sector(300) == bytes(255 - i for i in range(128))
    assert sorted(os.listdir(tmp_path)) == ["d1.atr"]  # no temporary file left behind
    assert _sio(atari, 1, 0x50, 301, buffer=0x4900) == 1
    assert _sio(atari, 1, 0x52, 301, buffer=0x4A00) == 1
    assert atari.peek_bytes(0x4A00, 128) == bytes(255 - i for i in range(128))


def test_sio_status_codes(tmp_path):
    path = tmp_path / "ro.atr"
    Atr.blank(720).save(path)
    atari = _atari()
    atari.boot(max_frames=10)
    assert _sio(atari, 2, 0x52, 1) == 138  # no disk in D2:
    atari.insert_disk(1, path)
    assert _sio(atari, 1, 0x52, 721) == 139  # no such sector
    assert _sio(atari, 1, 0x52, 0) == 139
    assert _sio(atari, 1, 0x99, 1) == 139  # unknown command
    assert _sio(atari, 1, 0x53, 0, length=4) == 1
    assert atari.peek(0x4800) & 0x20 == 0  # single density
    atari.write_protect(1)  # as Atr.load sets it for a file we may not write
    assert _sio(atari, 1, 0x57, 5) == 144
    assert _sio(atari, 1, 0x21, 0) == 144


def test_sio_format_clears_the_disk(tmp_path):
    path = tmp_path / "f.atr"
    image = Atr.blank(720)
    image.write_sector(5, b"\x55" * 128)
    image.save(path)
    atari = _atari()
    atari.boot(max_frames=10)
    atari.insert_disk(1, path)
    assert _sio(atari, 1, 0x21, 0) == 1
    assert Atr.load(path).read_sector(5) == bytes(128)
    assert atari.peek_bytes(0x4800, 2) == b"\xff\xff"


def _waiting_init(frames: int) -> bytes:
    """An INIT routine that waits ``frames`` ticks of RTCLOK's low byte ($14, counted by the VBI)."""
    return bytes((0xA5, 0x14, 0x18, 0x69, frames,  # LDA RTCLOK+2 / CLC / ADC #frames
                  0xC5, 0x14, 0xD0, 0xFC, 0x60))  # wait: CMP RTCLOK+2 / BNE wait / RTS


@pytest.mark.parametrize("video", ["ntsc", "pal"])
def test_an_init_routine_gets_boot_frames_of_the_machines_own_standard(tmp_path, video: str) -> None:
    """The INIT budget is ``boot_frames`` frames of the machine's standard: 40 PAL frames are
    more cycles than 40 NTSC frames."""
    path = tmp_path / "slow.xex"
    path.write_bytes(build_xex([(0x5000, _waiting_init(38)), (0x5020, RUN), (0x02E2, b"\x00\x50"),
                                (0x02E0, b"\x20\x50")]))
    atari = HeadlessAtari(video=video)
    assert atari.boot(basic=False)
    assert atari.load_xex(path, max_frames=30, boot_frames=40)
    assert atari.peek(0x0623) == 0x77
    too_slow = tmp_path / "too_slow.xex"
    too_slow.write_bytes(build_xex([(0x5000, _waiting_init(42)), (0x02E2, b"\x00\x50")]))
    with pytest.raises(EmulatorError, match="did not return"):
        atari.load_xex(too_slow, max_frames=0, boot_frames=40)
