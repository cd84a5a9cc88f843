"""The HeadlessAtari API and `surround emu --frontend headless`."""

from __future__ import annotations

import pytest

from emulator.atascii import atascii_to_internal
from emulator.errors import CpuJam, EmulatorError
from emulator.headless import HeadlessAtari
from emulator.xex import build_xex
from host.cli import main
from tests.emu_support import KEY_COUNT, KEYS, SCREEN, mini_os_rom

# A program that writes "READY" to the top line and then waits for a key (in the OS loop pattern).
SHOW_READY = bytes((0xA2, 0x00, 0xBD, 0x20, 0x50, 0x9D, 0x00, 0x40, 0xE8, 0xE0, 0x05, 0xD0, 0xF5,
                    0xAD, 0xFC, 0x02, 0xC9, 0xFF, 0xF0, 0xF9, 0x4C, 0x0D, 0x50))
READY = bytes(atascii_to_internal(c) for c in b"READY")


@pytest.fixture()
def atari() -> HeadlessAtari:
    machine = HeadlessAtari(os_rom=mini_os_rom())
    assert machine.boot(max_frames=30)
    return machine


def test_call_runs_a_routine_and_restores_the_interrupted_program(atari):
    code = bytes((0x8A, 0x18, 0x65, 0x80, 0xA8, 0x60))  # TXA / CLC / ADC $80 / TAY / RTS
    for i, byte in enumerate(code):
        atari.poke(0x0500 + i, byte)
    atari.poke(0x80, 0x30)
    pc_before = atari.machine.cpu.pc
    a, x, y, flags = atari.call(0x0500, x=0x12)
    assert (a, x, y) == (0x42, 0x12, 0x42) and not flags & 0x01
    assert atari.machine.cpu.pc == pc_before
    assert atari.run_until_idle(5)


def test_call_of_a_routine_that_never_returns_is_a_cpu_jam(atari):
    for i, byte in enumerate((0x4C, 0x00, 0x05)):  # JMP $0500
        atari.poke(0x0500 + i, byte)
    with pytest.raises(CpuJam, match=r"\$0500 did not return"):
        atari.call(0x0500, max_cycles=50_000)


def test_peek_poke_words_and_bytes(atari):
    atari.poke(0x0600, 0x34)
    atari.poke(0x0601, 0x12)
    assert atari.peek_word(0x0600) == 0x1234
    assert atari.peek_bytes(0x0600, 2) == b"\x34\x12"
    atari.poke(0xE000, 0x00)  # ROM: ignored
    assert atari.peek(0xE000) == mini_os_rom()[0x2000]


def test_type_text_presses_every_key_in_order(atari):
    atari.type_text("Ab1,\n")
    keys = atari.peek_bytes(KEYS, atari.peek(KEY_COUNT))
    assert keys == bytes((0x3F | 0x40, 0x15, 0x1F, 0x20, 0x0C))
    with pytest.raises(EmulatorError, match="no ATASCII"):
        atari.type_text("€")


def test_type_text_fails_clearly_if_the_program_stops_waiting(atari):
    for i, byte in enumerate((0xEE, 0x00, 0x06, 0x4C, 0x00, 0x05)):  # loop: INC $0600 / JMP loop
        atari.poke(0x0500 + i, byte)
    atari.machine.start_program(0x0500)
    with pytest.raises(EmulatorError, match="did not wait for the next key within 5 frames"):
        atari.type_text("A", max_frames_per_key=5)


def test_screenshot_is_a_png_of_the_frame(atari, tmp_path):
    import pygame

    atari.poke(SCREEN, 0x21)
    atari.run_frames(2)
    path = tmp_path / "shot.png"
    atari.screenshot(path)
    image = pygame.image.load(str(path))
    assert image.get_size() == (384, 240)
    frame = atari.frame_rgb()
    assert tuple(image.get_at((40, 30)))[:3] == tuple(int(v) for v in frame[30, 40])


def test_reset_warm_keeps_ram_and_cold_clears_it(atari):
    atari.poke(0x0600, 0x5A)
    atari.reset(warm=True)
    assert atari.peek(0x0600) == 0x5A and atari.machine.cpu.pc == 0xC000
    atari.reset(warm=False)
    assert atari.peek(0x0600) == 0x00


def test_cli_emu_headless_prints_the_screen(tmp_path, capsys):
    rom = tmp_path / "mini.rom"
    rom.write_bytes(mini_os_rom())
    program = tmp_path / "ready.xex"
    program.write_bytes(build_xex([(0x5000, SHOW_READY), (0x5020, READY)]))
    status = main(["emu", str(program), "--os", str(rom), "--frontend", "headless", "--frames", "3", "--screen"])
    lines = capsys.readouterr().out.split("\n")
    assert status == 0
    assert lines[0] == "READY" + " " * 35 and len(lines) >= 24


@pytest.mark.parametrize("content, message", [(b"\x01\x02", "must start with $FF $FF"), (None, "no such file")])
def test_cli_emu_bad_files_give_one_line(tmp_path, capsys, content, message):
    path = tmp_path / "bad.xex"
    if content is not None:
        path.write_bytes(content)
    rom = tmp_path / "mini.rom"
    rom.write_bytes(mini_os_rom())
    assert main(["emu", str(path), "--os", str(rom), "--frontend", "headless"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("surround: ") and str(path) in err and message in err and "\n" not in err


def test_free_os_boots_to_an_atari_screen_and_echoes_a_typed_line():
    atari = HeadlessAtari()
    assert atari.boot()
    atari.type_text("HELLO 4,6\n")
    assert "HELLO 4,6" in atari.screen_text()
    frame = atari.machine.frame_colours()
    playfield = frame[24:216, 32:352]
    values, counts = __import__("numpy").unique(playfield, return_counts=True)
    background = values[counts.argmax()]
    assert background >> 4 != 0  # a coloured (blue on the real OS) background, not black
