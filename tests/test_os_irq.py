"""Our OS's IRQ dispatcher (asm/os/vbi.s, IRQDISP) and POKEY's "serial output complete" bit,
which IRQST shows whether or not IRQEN enables it (emulator/pokey.py)."""

from __future__ import annotations

from emulator.headless import HeadlessAtari

POKMSK, VTIMR1, VSEROC = 0x0010, 0x0210, 0x020E
COUNTER = 0x0680


def test_a_timer_irq_reaches_vtimr1_while_the_serial_output_is_idle():
    atari = HeadlessAtari()
    assert atari.boot()
    atari.poke_bytes(0x0600, bytes((0xEE, 0x80, 0x06, 0x68, 0x40)))  # INC COUNTER / PLA / RTI
    atari.poke_bytes(0x0610, bytes((0xEE, 0x81, 0x06, 0x68, 0x40)))  # the same for VSEROC
    atari.poke_word(VTIMR1, 0x0600)
    atari.poke_word(VSEROC, 0x0610)
    atari.poke(0xD208, 0x00)  # AUDCTL: 64 kHz
    atari.poke(0xD200, 0xFF)  # AUDF1: 256 ticks
    mask = atari.peek(POKMSK) | 0x01
    atari.poke(POKMSK, mask)
    atari.poke(0xD20E, mask)
    atari.poke(0xD209, 0)  # STIMER
    atari.run_frames(3)
    assert atari.peek(0xD20E) & 0x08 == 0  # "output complete" shows, though not enabled
    assert atari.peek(COUNTER) > 0 and atari.peek(COUNTER + 1) == 0
