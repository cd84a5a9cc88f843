"""The free OS through the emulator: start-up screen, vertical blank, timers, resets, disk boot."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from emulator.atr import Atr
from emulator.headless import HeadlessAtari
from emulator.palette import PALETTE

SETVBV, XITVBV, SLFTSV = 0xE45C, 0xE462, 0xE483
MARK = 0x0610  # a counter the little routines below increment


@pytest.fixture()
def atari() -> HeadlessAtari:
    machine = HeadlessAtari()
    assert machine.boot(max_frames=120), "the OS reaches its keyboard wait"
    return machine


def poke_code(atari: HeadlessAtari, address: int, code: bytes) -> None:
    for offset, value in enumerate(code):
        atari.poke(address + offset, value)


INC_MARK_RTS = bytes([0xEE, MARK & 0xFF, MARK >> 8, 0x60])  # INC MARK / RTS


def test_boot_shows_our_memo_pad_screen(atari: HeadlessAtari) -> None:
    rows = atari.screen_text().split("\n")
    assert len(rows) == 24 and all(len(row) == 40 for row in rows)
    assert rows[0] == "  SURROUND XL OS" + " " * 24
    assert rows[4].startswith("  No disk, no cartridge: memo pad")
    assert rows[6] == "  █" + " " * 37, "the cursor waits at the left margin"
    assert atari.machine.waiting_for_key()
    assert atari.frames < 60, "booting takes less than a second"


def test_the_screen_looks_like_an_atari_screen(atari: HeadlessAtari, tmp_path: Path) -> None:
    path = tmp_path / "boot.png"
    atari.screenshot(path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    colours = atari.machine.frame_colours()
    playfield = colours[24:216, 32:352]  # 192 lines of 320 pixels of GRAPHICS 0
    assert set(np.unique(playfield)) == {0x94, 0x9A}, "blue background, light text in the same hue"
    assert colours[5, 5] == 0x00, "black border (COLOR4)"
    assert (PALETTE[0x94] != PALETTE[0x9A]).any()
    # the first row: the glyphs of "SURROUND" are drawn where the text is
    first = playfield[0:8, 16:80]
    assert (first == 0x9A).sum() > 60


def test_a_typed_line_is_echoed_on_the_memo_pad(atari: HeadlessAtari) -> None:
    atari.type_text("HELLO 123\n")
    rows = atari.screen_text().split("\n")
    assert rows[6].startswith("  HELLO 123") and rows[7].startswith("  █")


def test_vertical_blank_counts_rtclock_every_frame(atari: HeadlessAtari) -> None:
    before = int.from_bytes(atari.peek_bytes(0x12, 3), "big")
    atari.run_frames(300)
    after = int.from_bytes(atari.peek_bytes(0x12, 3), "big")
    assert after - before == 300


def test_shadow_colours_reach_the_display(atari: HeadlessAtari) -> None:
    atari.poke(0x02C6, 0x36)  # COLOR2: red background
    atari.poke(0x02C8, 0x0E)  # COLOR4: white border
    atari.run_frames(2)
    colours = atari.machine.frame_colours()
    assert colours[100, 300] == 0x36 and colours[5, 5] == 0x0E


def test_setvbv_timers_and_their_flags(atari: HeadlessAtari) -> None:
    poke_code(atari, 0x0600, INC_MARK_RTS)
    atari.poke_word(0x0226, 0x0600)  # CDTMA1
    atari.call(SETVBV, a=1, x=0, y=10)
    atari.poke(0x022A, 0xFF)  # CDTMF3
    atari.call(SETVBV, a=3, x=0, y=20)
    atari.run_frames(9)
    assert atari.peek(MARK) == 0 and atari.peek(0x022A) == 0xFF
    atari.run_frames(2)
    assert atari.peek(MARK) == 1, "timer 1 called its routine once"
    atari.run_frames(10)
    assert atari.peek(0x022A) == 0, "timer 3 cleared its flag"
    atari.run_frames(30)
    assert atari.peek(MARK) == 1 and atari.peek_word(0x0218) == 0


def test_deferred_vbi_vector_runs_every_frame(atari: HeadlessAtari) -> None:
    # INC MARK / JMP XITVBV
    poke_code(atari, 0x0600, INC_MARK_RTS[:3] + bytes([0x4C, XITVBV & 0xFF, XITVBV >> 8]))
    atari.call(SETVBV, a=7, x=0x06, y=0x00)
    atari.run_frames(25)
    assert atari.peek(MARK) in (24, 25)


def test_critic_skips_the_second_stage(atari: HeadlessAtari) -> None:
    atari.poke(0x42, 1)  # CRITIC
    atari.poke(0x02C6, 0x36)
    before = atari.peek(0x14)
    atari.run_frames(3)
    assert atari.peek(0x14) == (before + 3) & 0xFF, "the clock still runs"
    assert atari.machine.frame_colours()[100, 300] == 0x94, "no shadow copies"
    atari.poke(0x42, 0)


def test_attract_mode_dims_the_colours_until_a_key(atari: HeadlessAtari) -> None:
    atari.poke(0x4D, 0x7F)  # ATRACT: one step before attract mode
    atari.poke(0x14, 0xFF)
    atari.poke(0x13, 0x20)  # the colour shift comes from RTCLOK+1
    atari.run_frames(3)
    assert atari.peek(0x4D) >= 0x80 and atari.peek(0x4E) == 0xF6
    colours = atari.machine.frame_colours()
    assert colours[100, 300] != 0x94
    atari.type_text("X")
    atari.run_frames(2)
    assert atari.peek(0x4D) == 0 and atari.machine.frame_colours()[100, 300] == 0x94


def test_warm_start_keeps_ram_and_returns_to_the_memo_pad(atari: HeadlessAtari) -> None:
    atari.poke(0x5000, 0xA5)
    atari.type_text("SOMETHING\n")
    atari.reset(warm=True)
    assert atari.run_until_idle(120)
    assert atari.peek(0x08) == 0xFF, "WARMST"
    assert atari.peek(0x5000) == 0xA5, "user RAM survives"
    assert atari.screen_text().startswith("  SURROUND XL OS")
    assert "SOMETHING" not in atari.screen_text()
    # E: is HATABS entry 3 (P, C, E, S, K), as on the XL
    assert atari.peek_word(0x02E7) == 0x0700 and atari.peek(0x0340) == 6


def test_broken_check_bytes_make_reset_a_cold_start(atari: HeadlessAtari) -> None:
    atari.poke(0x5000, 0xA5)
    atari.poke(0x033D, 0)  # PUPBT1
    atari.reset(warm=True)
    assert atari.run_until_idle(120)
    assert atari.peek(0x08) == 0 and atari.peek(0x5000) == 0, "cold start cleared the RAM"
    assert atari.peek(0x033D) == 0x5C


def boot_disk(path: Path) -> None:
    """A one-sector boot disk: header, code at $0706 that counts and sets DOSVEC, DOSINI at $0713."""
    sector = bytes([0x00, 0x01, 0x00, 0x07, 0x13, 0x07])
    sector += bytes([
        0xA9, 0x71, 0x85, 0x0A,  # LDA #<BLKBDV / STA DOSVEC
        0xA9, 0xE4, 0x85, 0x0B,  # LDA #>BLKBDV / STA DOSVEC+1
        0xEE, 0x81, 0x06,        # INC $0681: the boot code ran
        0x18, 0x60,              # CLC / RTS: success
        0xEE, 0x80, 0x06, 0x60,  # $0713 DOSINI: INC $0680 / RTS
    ])
    image = Atr.blank(720)
    image.write_sector(1, sector.ljust(128, b"\x00"))
    image.save(path)


def test_disk_boot_runs_the_boot_code_and_dosini(tmp_path: Path) -> None:
    path = tmp_path / "boot.atr"
    boot_disk(path)
    atari = HeadlessAtari()
    atari.insert_disk(1, path)
    assert atari.boot(max_frames=120)
    assert atari.peek(0x0681) == 1 and atari.peek(0x0680) == 1
    assert atari.peek(0x09) & 1, "BOOT? says a disk was booted"
    assert atari.peek_word(0x0C) == 0x0713 and atari.peek_word(0x0242) == 0x0700
    atari.reset(warm=True)
    assert atari.run_until_idle(120)
    assert atari.peek(0x0681) == 1 and atari.peek(0x0680) == 2, "a warm start calls DOSINI again"


def test_a_bad_boot_sector_chain_reports_boot_error(tmp_path: Path) -> None:
    path = tmp_path / "short.atr"
    image = Atr.blank(3)
    image.write_sector(1, bytes([0, 9, 0, 0x30, 0x60, 0xE4]).ljust(128, b"\x00"))  # 9 sectors, disk has 3
    image.save(path)
    atari = HeadlessAtari()
    atari.insert_disk(1, path)
    assert atari.boot(max_frames=120)
    text = atari.screen_text()
    assert "BOOT ERROR" in text and "SURROUND XL OS" in text


def numbered_boot_disk(path: Path, sectors: int, load: int = 0x0700) -> None:
    """A boot disk of ``sectors`` boot sectors loaded at ``load``, each sector filled with its
    own number; the boot code (CLC / RTS) and DOSINI (RTS) sit in sector 1's header."""
    code = load + 6
    header = bytes([0x00, sectors, load & 0xFF, load >> 8, (code + 1) & 0xFF, (code + 1) >> 8, 0x18, 0x60])
    image = Atr.blank(720)
    image.write_sector(1, header.ljust(128, b"\x01"))
    for sector in range(2, sectors + 1):
        image.write_sector(sector, bytes([sector]) * 128)
    image.save(path)


@pytest.mark.parametrize("sio", ["fast", "serial"])
@pytest.mark.parametrize("sectors", [5, 19])
def test_every_boot_sector_lands_at_its_address(tmp_path: Path, sio: str, sectors: int) -> None:
    """Issue 25: over the bus SIO leaves BUFRLO/HI at the end of the sector it read, so the
    boot loop keeps its own pointer; sector n lands at load + 128 * (n - 1) in both modes."""
    path = tmp_path / "numbered.atr"
    numbered_boot_disk(path, sectors)
    atari = HeadlessAtari(sio=sio)
    atari.insert_disk(1, path)
    assert atari.boot(max_frames=240 if sio == "serial" else 120)
    assert atari.peek(0x09) & 1, "BOOT? says a disk was booted"
    for sector in range(2, sectors + 1):
        start = 0x0700 + 128 * (sector - 1)
        landed = bytes(atari.peek(start + offset) for offset in range(128))
        assert landed == bytes([sector]) * 128, f"sector {sector} at ${start:04X}"
    assert atari.peek(0x0700 + 128 * sectors) == 0, "nothing after the last boot sector"


def test_self_test_slice_says_what_it_is(atari: HeadlessAtari) -> None:
    atari.machine.start_program(SLFTSV)
    assert atari.run_until_idle(60)
    assert "SELF TEST" in atari.screen_text()
    assert atari.peek(0xD301) & 0x80, "the self-test ROM is mapped out again"
