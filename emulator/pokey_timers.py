"""POKEY's clocks and the cycles at which its four counters underflow (emulator/pokey.py).

The facts (Altirra Hardware Reference Manual, "POKEY": timers, initialization mode; Atari
Hardware Manual, POKEY's AUDCTL and SKCTL):

* Each channel counts down the clock AUDCTL gives it: the 1.79 MHz machine clock (channel 1
  with AUDCTL bit 6, channel 3 with bit 5), else the 64 kHz clock (one tick every 28 cycles)
  or, with AUDCTL bit 0, the 15 kHz clock (every 114 cycles).  Joined (AUDCTL bit 4: 1+2,
  bit 3: 3+4) the pair is one 16-bit counter on the low channel's clock.  A counter loaded
  with AUDF underflows on the (AUDF + 1)th tick; at 1.79 MHz the reload costs three more
  cycles, so a period is AUDF + 4 cycles (16-bit: N + 7).
* The 64 kHz and 15 kHz clocks are dividers of the machine clock that run freely, except in
  initialization mode (SKCTL bits 0-1 = 00), which holds them; leaving it starts them again,
  so a ticked timer's first underflow depends on where STIMER falls between their ticks.
* STIMER loads every counter from its AUDF.

* Joined, the low channel underflows each time its byte runs out: AUDF(low) + 1 ticks after
  the pair was loaded, then every 256 ticks, the last time (at 1.79 MHz three cycles) before
  the 16-bit underflow that reloads both; its IRQ (timer 1) comes at each of these (Acid800's
  "Timer timing", its "16-bit lo timer" loops).
* A new AUDF leaves the count under way alone: the counter takes it when it reloads, at its
  underflow (joined: the pair's 16-bit underflow), if written at least a cycle before it.

"Underflow" here is the cycle in which the channel's IRQST bit goes to 0 (if IRQEN enables
it): a read of IRQST in the next cycle sees it.  The delays after a tick and after STIMER are
set so that Acid800's "POKEY: Timer timing" and "POKEY: Init timing" (which record what real
hardware does to the cycle) pass.
"""

from __future__ import annotations

from dataclasses import dataclass

from emulator.audio import channel_periods

FAST_CLOCK, CLOCK_64K, CLOCK_15K = 1, 28, 114
AUDCTL_15K, AUDCTL_CH1_FAST, AUDCTL_CH3_FAST = 0x01, 0x40, 0x20
AUDCTL_JOIN_12, AUDCTL_JOIN_34 = 0x10, 0x08

#: cycles from the STIMER write to a 1.79 MHz counter's first underflow, beyond its period:
#: Acid800's "Timer timing" reads IRQST bit 0 set exactly AUDF + 8 cycles after the write
FAST_LOAD_DELAY = 3
#: cycles from a 64 kHz or 15 kHz tick that ends a count to the IRQST bit
TICK_DELAY = 3
#: where the first tick of each slow clock comes after initialization mode ends (the write
#: to SKCTL): the ticks are at start + phase + k * period
CLOCK_PHASE = {CLOCK_64K: 21, CLOCK_15K: 80}


def channel_clocks(audctl: int) -> list[int]:
    """Cycles between the ticks each channel (1-4) counts: 1, 28 or 114."""
    base = CLOCK_15K if audctl & AUDCTL_15K else CLOCK_64K
    first = FAST_CLOCK if audctl & AUDCTL_CH1_FAST else base
    third = FAST_CLOCK if audctl & AUDCTL_CH3_FAST else base
    second = first if audctl & AUDCTL_JOIN_12 else base
    fourth = third if audctl & AUDCTL_JOIN_34 else base
    return [first, second, third, fourth]


class PokeyClocks:
    """The 64 kHz and 15 kHz dividers: where their ticks fall."""

    def __init__(self) -> None:
        self.start = 0  # the cycle the dividers last started (power-on, or leaving init mode)

    def restart(self, cycle: int) -> None:
        """Initialization mode ended at ``cycle``: the dividers count from there."""
        self.start = cycle

    def tick_after(self, clock: int, cycle: int) -> int:
        """The first tick of ``clock`` (28 or 114) after ``cycle``."""
        first = self.start + CLOCK_PHASE[clock]
        if cycle < first:
            return first
        return first + ((cycle - first) // clock + 1) * clock


def first_underflow(clocks: PokeyClocks, audf: bytes | list[int], audctl: int, channel: int, loaded: int) -> int:
    """The cycle of ``channel``'s (0-3) first underflow after STIMER loaded it at ``loaded``."""
    clock = channel_clocks(audctl)[channel]
    period = channel_periods(audf, audctl)[channel]
    if clock == FAST_CLOCK:
        return loaded + FAST_LOAD_DELAY + period
    return clocks.tick_after(clock, loaded) + period - clock + TICK_DELAY


@dataclass(frozen=True)
class Countdown:
    """When a channel underflows: at ``start + k * period + offset`` for k >= 0 and each of
    ``offsets`` (ascending, in 1..period; one, ``period``, unless it is the low half of a pair)."""

    start: int
    period: int
    offsets: tuple[int, ...]

    def next_after(self, cycle: int) -> int:
        """The first underflow after ``cycle``."""
        laps, into = divmod(max(0, cycle - self.start), self.period)
        for offset in self.offsets:
            if offset > into:
                return self.start + laps * self.period + offset
        return self.start + (laps + 1) * self.period + self.offsets[0]


def countdown(audf: list[int], audctl: int, channel: int, start: int) -> Countdown:
    """``channel``'s (0-3) underflows for a count that (re)starts at ``start``: the cycle of the
    last reload's underflow (after STIMER: its write + FAST_LOAD_DELAY, or the tick before)."""
    high = pair_high(audctl, channel)
    period = channel_periods(audf, audctl)[high]  # a joined pair's: the 16-bit count's
    if high == channel:
        return Countdown(start, period, (period,))
    low, high, clock = audf[channel], audf[channel + 1], channel_clocks(audctl)[channel]
    if clock == FAST_CLOCK:
        return Countdown(start, period, tuple(low + 4 + 256 * lap for lap in range(high + 1)))
    return Countdown(start, period, tuple((low + 1 + 256 * lap) * clock for lap in range(high + 1)))


def stimer_countdown(clocks: PokeyClocks, audf: list[int], audctl: int, channel: int, loaded: int) -> Countdown:
    """``channel``'s underflows after STIMER loaded it at ``loaded``."""
    high = pair_high(audctl, channel)
    first_reload = first_underflow(clocks, audf, audctl, high, loaded) - channel_periods(audf, audctl)[high]
    return countdown(audf, audctl, channel, first_reload)


def pair_high(audctl: int, channel: int) -> int:
    """The channel whose underflow reloads ``channel``: the high one of a joined pair, else itself."""
    joined = AUDCTL_JOIN_12 if channel == 0 else AUDCTL_JOIN_34 if channel == 2 else 0
    return channel + 1 if audctl & joined else channel
