"""Joysticks (PIA port A, GTIA TRIG0-3), paddles (POT0-7, POTGO, ALLPOT), the window's joystick keys, PAL."""

from __future__ import annotations

import os

import pytest

from emulator.headless import HeadlessAtari
from emulator.machine import Machine
from tests.emu_support import rom_with_code

STICK0, STRIG0 = 0x0278, 0x0284  # the OS's shadows (Mapping the Atari)
#: STICK values (Mapping the Atari, STICK0): 15 centre, 14 up, 13 down, 11 left, 7 right, 10 up-left
STICK_VALUES = {(): 15, ("up",): 14, ("down",): 13, ("left",): 11, ("right",): 7, ("up", "left"): 10,
                ("down", "right"): 5}


@pytest.fixture(scope="module")
def atari() -> HeadlessAtari:
    machine = HeadlessAtari()
    machine.boot()
    return machine


@pytest.mark.parametrize("directions, value", sorted(STICK_VALUES.items()))
def test_stick_reads_through_porta_and_the_os_shadow(atari: HeadlessAtari, directions, value: int) -> None:
    atari.set_joystick(0, **{d: True for d in directions}, fire=bool(directions))
    atari.run_frames(2)
    assert atari.peek(STICK0) == value
    assert atari.peek(0xD300) & 0x0F == value  # PORTA, joystick 0 in the low nibble
    assert atari.peek(STRIG0) == (0 if directions else 1)
    atari.set_joystick(0)


def test_joystick_1_uses_the_high_nibble_and_trig1(atari: HeadlessAtari) -> None:
    atari.set_joystick(1, right=True, fire=True)
    assert atari.peek(0xD300) >> 4 == 7 and atari.peek(0xD011) == 0
    atari.set_joystick(1)
    assert atari.peek(0xD300) == 0xFF and atari.peek(0xD011) == 1


def test_gractl_latches_the_trigger() -> None:
    atari = HeadlessAtari()
    atari.boot()
    atari.poke(0xD01D, 0x04)
    atari.set_joystick(0, fire=True)
    assert atari.peek(0xD010) == 0
    atari.set_joystick(0)
    assert atari.peek(0xD010) == 0  # still latched
    atari.poke(0xD01D, 0x00)
    assert atari.peek(0xD010) == 1


def test_paddles_count_one_a_scanline_after_potgo() -> None:
    machine = Machine(rom_with_code("    sei\nloop:\n    nop\n    jmp loop"))
    machine.run_frames(1)
    machine.set_paddle(0, 100)
    machine.set_paddle(1, 20)
    machine.poke(0xD20B, 0)  # POTGO
    start = machine.cycles
    machine.run_until(start + 50 * 114 + 10)
    assert machine.peek(0xD200) == 50 and machine.peek(0xD201) == 20
    assert machine.peek(0xD208) & 0x03 == 0x01  # ALLPOT: pot 0 still counting, pot 1 done
    machine.run_until(start + 229 * 114)
    assert machine.peek(0xD200) == 100 and machine.peek(0xD208) == 0
    assert machine.peek(0xD202) == 228  # no paddle turned: 228


def test_window_keypad_is_joystick_0() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from emulator.frontends.window import AtariWindow

    atari = HeadlessAtari()
    atari.boot()
    pygame.display.init()
    try:
        window = AtariWindow(atari, "test", muted=True)
        window.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_KP7, mod=0))
        window.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_KP0, mod=0))
        window.step()
        window.step()
        assert atari.peek(STICK0) == 10 and atari.peek(STRIG0) == 0
        window.handle_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_KP7, mod=0))
        window.handle_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_KP0, mod=0))
        window.handle_keydown(pygame.K_F11, 0)  # the arrows become the joystick
        window.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0))
        window.step()
        window.step()
        assert atari.peek(STICK0) == 13 and atari.peek(STRIG0) == 1
        assert not window.keys.pending  # the arrow typed no cursor key
        rect = window.renderer.rect
        window.handle_event(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(rect.left, rect.centery), rel=(0, 0), buttons=(0, 0, 0))
        )
        assert atari.machine.pokey.paddles[0] == 228
        window.handle_event(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(rect.right, rect.centery), rel=(0, 0), buttons=(0, 0, 0))
        )
        assert atari.machine.pokey.paddles[0] == 1
    finally:
        pygame.mixer.quit()
        pygame.display.quit()


def test_pal_frames_are_312_lines_and_the_pal_register_says_so() -> None:
    pal = Machine(rom_with_code("    sei\nloop:\n    nop\n    jmp loop"), video="pal")
    ntsc = Machine(rom_with_code("    sei\nloop:\n    nop\n    jmp loop"))
    assert pal.peek(0xD014) == 0x01 and ntsc.peek(0xD014) == 0x0F
    pal.run_frames(50)
    assert pal.frame_start == 50 * 312 * 114 and 0 <= pal.cycles - pal.frame_start < 8
    assert pal.video.frame_rate == pytest.approx(49.86, abs=0.01)
    vcounts = set()
    for _ in range(312):
        pal.run_until(pal.cycles + 114)
        vcounts.add(pal.peek(0xD40B))
    assert max(vcounts) == 155  # scanline 311 / 2


def test_pal_boots_our_os_with_the_vbi_50_times_a_second() -> None:
    atari = HeadlessAtari(video="pal")
    assert atari.boot()
    before = atari.peek(0x14)
    atari.run_frames(50)
    assert (atari.peek(0x14) - before) % 256 == 50
    assert atari.frame_rgb().shape == (240, 384, 3)


def test_the_os_copies_the_paddles_into_paddl0_7(atari: HeadlessAtari) -> None:
    for number, value in enumerate((0, 1, 100, 227, 228, 5, 50, 200)):
        atari.set_paddle(number, value)
    atari.run_frames(3)
    assert atari.peek_bytes(0x0270, 8) == bytes((0, 1, 100, 227, 228, 5, 50, 200))  # PADDL0-7
    for number in range(8):
        atari.set_paddle(number, 228)


def test_window_plays_pokey_through_the_mixer_and_f9_mutes() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame

    from emulator.frontends.window import AtariWindow

    atari = HeadlessAtari()
    atari.boot()
    pygame.display.init()
    try:
        window = AtariWindow(atari, "test")
        assert window.audio is not None and window.audio.channel is not None
        atari.poke(0xD200, 121)
        atari.poke(0xD201, 0xA8)
        busy = False
        for _ in range(60):  # the dummy driver plays in real time: look right after a step
            window.step()
            busy = window.audio.channel.get_busy()
            if busy:
                break
        assert busy
        window.handle_keydown(pygame.K_F9, 0)
        assert window.audio.muted and "MUTED" in pygame.display.get_caption()[0]
    finally:
        pygame.mixer.quit()
        pygame.display.quit()
