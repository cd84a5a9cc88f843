"""The built-in BASIC as on the XL: PORTB bit 1 maps an 8 KiB ROM at $A000-$BFFF, the OS
switches it on at power-on unless OPTION is held and starts it like a cartridge.

The ROM here is a tiny test cartridge made in the test (no interpreter needed): its init
routine and its start routine each leave a mark, and the start routine then waits for a
key the way the OS does, so the machine idles there.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from emulator import rom as rom_module
from emulator.errors import EmulatorError
from emulator.headless import HeadlessAtari
from emulator.xex import build_xex
from host.cli import main as cli_main
from host.commands.emu import start_program

BASICF, RAMTOP, PORTB = 0x03F8, 0x006A, 0xD301
INIT_MARK, START_MARK, XEX_MARK = 0x0600, 0x0601, 0x0602
CART_INIT, CART_START = 0xA000, 0xA010
CARTFG_BOOT_DISK, CARTFG_START = 0x01, 0x04


def test_cartridge(flags: int = CARTFG_START) -> bytes:
    """An 8 KiB cartridge: init does INC INIT_MARK, start does INC START_MARK then waits for keys."""
    image = bytearray([0xFF] * 0x2000)

    def put(address: int, code: bytes) -> None:
        image[address - 0xA000:address - 0xA000 + len(code)] = code

    put(CART_INIT, bytes((0xEE, INIT_MARK & 0xFF, INIT_MARK >> 8, 0x60)))  # INC INIT_MARK / RTS
    put(CART_START, bytes((
        0xEE, START_MARK & 0xFF, START_MARK >> 8,  # INC START_MARK
        0xA9, 0xFF, 0x8D, 0xFC, 0x02,  # LDA #$FF / STA CH
        0xAD, 0xFC, 0x02, 0xC9, 0xFF, 0xF0, 0xF9,  # WAIT: LDA CH / CMP #$FF / BEQ WAIT
        0xA9, 0xFF, 0x8D, 0xFC, 0x02,  # LDA #$FF / STA CH (a key: forget it, wait again)
        0x4C, (CART_START + 8) & 0xFF, (CART_START + 8) >> 8,  # JMP WAIT
    )))
    # the header (Mapping the Atari, $BFFA-$BFFF): CARTCS, CART = 0, CARTFG, CARTAD
    put(0xBFFA, bytes((CART_START & 0xFF, CART_START >> 8, 0x00, flags, CART_INIT & 0xFF, CART_INIT >> 8)))
    return bytes(image)


test_cartridge.__test__ = False  # a builder, not a test


def booted(cartridge: bytes, basic: bool = True) -> HeadlessAtari:
    atari = HeadlessAtari(basic_rom=cartridge)
    assert atari.boot(max_frames=120, basic=basic), "the machine reaches a keyboard wait"
    return atari


def basic_mapped(atari: HeadlessAtari) -> bool:
    return not atari.machine.memory.writable[0xA0]


def test_power_on_maps_basic_and_starts_it_like_a_cartridge() -> None:
    cartridge = test_cartridge()
    atari = booted(cartridge)
    assert atari.peek(PORTB) & 0x02 == 0, "PORTB bit 1 = 0: BASIC on"
    assert atari.peek(BASICF) == 0
    assert basic_mapped(atari) and atari.peek_bytes(0xBFFA, 6) == cartridge[-6:]
    assert atari.peek(RAMTOP) == 0xA0, "the RAM ends where the ROM begins"
    assert (atari.peek(INIT_MARK), atari.peek(START_MARK)) == (1, 1), "init once, then started"
    assert 0xA000 <= atari.machine.cpu.pc < 0xC000, "the cartridge has the CPU"


def test_option_held_at_power_on_keeps_basic_off() -> None:
    atari = booted(test_cartridge(), basic=False)
    assert atari.peek(PORTB) & 0x02 == 0x02
    assert atari.peek(BASICF) != 0
    assert not basic_mapped(atari) and atari.peek(RAMTOP) == 0xC0
    atari.poke(0xA000, 0x5A)
    assert atari.peek(0xA000) == 0x5A, "RAM at $A000"
    assert (atari.peek(INIT_MARK), atari.peek(START_MARK)) == (0, 0)
    assert "memo pad" in atari.screen_text()


@pytest.mark.parametrize("basic", [True, False])
def test_reset_keeps_basic_as_it_was_at_power_on(basic: bool) -> None:
    atari = booted(test_cartridge(), basic=basic)
    atari.reset(warm=True)  # OPTION is not held now: BASICF decides
    assert atari.run_until_idle(120)
    assert basic_mapped(atari) == basic
    assert atari.peek(START_MARK) == (2 if basic else 0), "a warm start runs the cartridge again"


def test_a_cartridge_without_the_start_flag_is_initialised_but_not_run() -> None:
    atari = booted(test_cartridge(flags=CARTFG_BOOT_DISK))
    assert basic_mapped(atari)
    assert (atari.peek(INIT_MARK), atari.peek(START_MARK)) == (1, 0)
    assert "memo pad" in atari.screen_text(), "then DOSVEC: the memo pad"


def mark_xex(tmp_path: Path) -> Path:
    """A program at $0680 that marks XEX_MARK with its view of $A000 (RAM or ROM) and waits for keys."""
    code = bytes((
        0xA9, 0x5A, 0x8D, 0x00, 0xA0,  # LDA #$5A / STA $A000
        0xAD, 0x00, 0xA0, 0x8D, XEX_MARK & 0xFF, XEX_MARK >> 8,  # LDA $A000 / STA XEX_MARK
        0xAD, 0xFC, 0x02, 0xC9, 0xFF, 0xF0, 0xF9,  # WAIT: LDA CH / CMP #$FF / BEQ WAIT
        0xA9, 0xFF, 0x8D, 0xFC, 0x02, 0x4C, 0x8B, 0x06,  # LDA #$FF / STA CH / JMP WAIT
    ))
    path = tmp_path / "mark.xex"
    path.write_bytes(build_xex([(0x0680, code), (0x02E0, bytes((0x80, 0x06)))]))
    return path


def test_machine_language_programs_load_with_basic_off(tmp_path: Path) -> None:
    atari = HeadlessAtari(basic_rom=test_cartridge())
    assert atari.load_xex(mark_xex(tmp_path), max_frames=60)
    assert atari.peek(XEX_MARK) == 0x5A, "the program found RAM at $A000"
    assert atari.peek(START_MARK) == 0


def test_a_program_may_ask_for_basic(tmp_path: Path) -> None:
    atari = HeadlessAtari(basic_rom=test_cartridge())
    assert atari.boot(max_frames=120) and atari.peek(START_MARK) == 1
    assert atari.load_xex(mark_xex(tmp_path), max_frames=60, basic=True)
    assert atari.peek(XEX_MARK) == 0xEE, "ROM at $A000 (the cartridge's INC opcode): the write was ignored"


@pytest.mark.parametrize("keep_basic", [False, True])
def test_emu_starts_a_xex_with_basic_off_unless_kept(tmp_path: Path, keep_basic: bool) -> None:
    atari = HeadlessAtari(basic_rom=test_cartridge())
    start_program(atari, str(mark_xex(tmp_path)), keep_basic=keep_basic)
    assert atari.run_until_idle(120)
    assert atari.peek(XEX_MARK) == (0xEE if keep_basic else 0x5A)


def test_emu_command_takes_a_basic_rom(tmp_path: Path, capsys) -> None:
    cartridge = tmp_path / "cart.rom"
    cartridge.write_bytes(test_cartridge())
    xex = mark_xex(tmp_path)
    assert cli_main(["emu", str(xex), "--basic", str(cartridge), "--frontend", "headless", "--screen"]) == 0
    assert "memo pad" in capsys.readouterr().out, "BASIC off for the program: the OS showed its memo pad"
    assert cli_main(["emu", "--basic", str(cartridge), "--frontend", "headless", "--screen"]) == 0
    assert "memo pad" not in capsys.readouterr().out, "no program: BASIC (here the test cartridge) runs"
    assert cli_main(["emu", "--basic", str(tmp_path / "none.rom"), "--frontend", "headless"]) == 2
    assert "none.rom: BASIC ROM not found" in capsys.readouterr().err


def test_free_basic_missing_is_a_clear_error(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(rom_module.ROMS, "free_basic", tmp_path / "surround-basic.rom")
    with pytest.raises(EmulatorError, match=r"surround-basic\.rom: free BASIC ROM not found \(build it"):
        rom_module.load_basic_rom("free")


def test_original_basic_missing_names_the_file(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(rom_module.ROMS, "original_basic", tmp_path / "ataribas.rom")
    with pytest.raises(EmulatorError, match=r"ataribas\.rom: original Atari BASIC ROM not found"):
        rom_module.load_basic_rom("original")


def test_a_basic_image_of_the_wrong_size_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "short.rom"
    path.write_bytes(bytes(4096))
    with pytest.raises(EmulatorError, match="must be 8192 bytes, this file has 4096"):
        rom_module.load_basic_rom(path)
