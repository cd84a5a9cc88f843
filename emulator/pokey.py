"""POKEY ($D200-$D20F, mirrored through $D2FF): keyboard, IRQs, RANDOM, sound registers.

* KBCODE ($D209): the last key, keycode | $40 with SHIFT | $80 with CONTROL.
* SKSTAT ($D20F): bit 2 = 0 while a key is held, bit 3 = 0 while SHIFT is held.
* IRQEN ($D20E write) / IRQST ($D20E read): bit 7 BREAK key, bit 6 keyboard.
  A status bit goes to 0 when its event happens and it is enabled; clearing the
  enable bit forces the status bit back to 1.  The IRQ line is asserted while
  any status bit is 0.
* RANDOM ($D20A): the high 8 bits of a 17-bit polynomial counter
  (x^17 + x^12 + 1, period 131071) stepped once per CPU cycle.  The value is
  computed lazily from the cycle count, so it costs nothing until read; the
  seed picks the counter's starting point so runs are reproducible.
  (The 9-bit polynomial mode of AUDCTL bit 7 is not modelled.)
* SEROUT ($D20D write) / SERIN ($D20D read): the serial port, emulator/serial.py
  (attached as ``serial``); with it IRQST bits 5, 4 and 3.
* AUDF1-4, AUDC1-4, AUDCTL, STIMER, SKRES, POTGO, SKCTL writes are
  stored (AUDF3/AUDF4/AUDCTL set the serial bit rate) and otherwise ignored: no
  sound, no timers.  POT0-7 read 228.
"""

from __future__ import annotations

from collections.abc import Callable

POLY17_PERIOD = (1 << 17) - 1

KBCODE, RANDOM, IRQST, SKSTAT, ALLPOT = 0x09, 0x0A, 0x0E, 0x0F, 0x08
IRQEN, SKCTL = 0x0E, 0x0F
SERIO = 0x0D  # SEROUT (write) / SERIN (read)
IRQ_BREAK, IRQ_KEYBOARD = 0x80, 0x40
SKSTAT_KEY_UP, SKSTAT_SHIFT_UP = 0x04, 0x08

_random_table: bytes | None = None


def random_table() -> bytes:
    """The RANDOM byte for every step of the 17-bit counter (built once, ~0.1 s)."""
    global _random_table
    if _random_table is None:
        state = POLY17_PERIOD  # all ones: any non-zero start gives the full period
        out = bytearray(POLY17_PERIOD)
        for step in range(POLY17_PERIOD):
            out[step] = state >> 9
            feedback = (state ^ (state >> 5)) & 1  # taps 17 and 12 of x^17 + x^12 + 1
            state = (state >> 1) | (feedback << 16)
        _random_table = bytes(out)
    return _random_table


class Pokey:
    """Keyboard, interrupt status and the random number generator."""

    def __init__(
        self,
        cycles: Callable[[], int] = lambda: 0,
        irq_changed: Callable[[bool], None] = lambda line: None,
        seed: int = 0,
    ) -> None:
        self.cycles = cycles
        self.irq_changed = irq_changed
        self.seed_offset = (seed * 40503) % POLY17_PERIOD
        self.registers = bytearray(0x10)
        self.serial = None  # emulator.serial.SerialPort, attached by the machine
        self.reset()

    def reset(self) -> None:
        self.irqen = 0
        self.irqst = 0xFF
        self.kbcode = 0xFF
        self.skstat = 0xFF
        self.registers = bytearray(0x10)
        self.irq_changed(False)

    # -- host side: keys --------------------------------------------------------

    def key_down(self, keycode: int, shift: bool = False, ctrl: bool = False) -> None:
        """A key goes down: KBCODE, SKSTAT and (if enabled) the keyboard IRQ."""
        self.kbcode = (keycode & 0x3F) | (0x40 if shift else 0) | (0x80 if ctrl else 0)
        self.skstat &= ~SKSTAT_KEY_UP & 0xFF
        if shift:
            self.skstat &= ~SKSTAT_SHIFT_UP & 0xFF
        self._raise(IRQ_KEYBOARD)

    def key_up(self) -> None:
        """All keys released."""
        self.skstat |= SKSTAT_KEY_UP | SKSTAT_SHIFT_UP

    def press_break(self) -> None:
        """The BREAK key: its own IRQ (IRQST bit 7)."""
        self._raise(IRQ_BREAK)

    def raise_irq(self, bit: int) -> None:
        """An IRQ event (the serial port's): its IRQST bit goes to 0 if enabled."""
        self._raise(bit)

    def _raise(self, bit: int) -> None:
        if self.irqen & bit:
            self.irqst &= ~bit & 0xFF
        self.irq_changed(self.irq_line)

    @property
    def irq_line(self) -> bool:
        return self.irqst != 0xFF

    # -- RANDOM -------------------------------------------------------------------

    def random_at(self, cycle: int) -> int:
        """The RANDOM value at a given CPU cycle."""
        return random_table()[(cycle + self.seed_offset) % POLY17_PERIOD]

    # -- CPU side ---------------------------------------------------------------------

    def read(self, addr: int) -> int:
        reg = addr & 0x0F
        if reg == RANDOM:
            return self.random_at(self.cycles())
        if reg == KBCODE:
            return self.kbcode
        if reg == IRQST:
            return self.irqst
        if reg == SKSTAT:
            if self.serial is not None:  # bit 4: the serial data-in line
                return (self.skstat & 0xEF) | (self.serial.data_line() << 4)
            return self.skstat
        if reg == ALLPOT:
            return 0x00
        if reg == SERIO and self.serial is not None:
            return self.serial.serin
        if reg < 8:
            return 228
        return 0xFF

    def write(self, addr: int, value: int) -> int:
        reg = addr & 0x0F
        self.registers[reg] = value
        if reg == IRQEN:
            self.irqen = value
            self.irqst |= ~value & 0xFF  # disabled sources read as "no interrupt"
            if self.serial is not None:
                self.serial.update_complete()
            self.irq_changed(self.irq_line)
        elif reg == SERIO and self.serial is not None:
            self.serial.write_serout(value)
        elif reg == 0x0A:  # SKRES: reset serial status bits
            self.skstat |= 0xE0
        return 0
