"""POKEY ($D200-$D20F, mirrored through $D2FF): keyboard, IRQs, RANDOM, sound registers.

* KBCODE ($D209): the last key, keycode | $40 with SHIFT | $80 with CONTROL.
* SKSTAT ($D20F): bit 2 = 0 while a key is held, bit 3 = 0 while SHIFT is held.
* IRQEN ($D20E write) / IRQST ($D20E read): bit 7 BREAK key, bit 6 keyboard.
  A status bit goes to 0 when its event happens and it is enabled; clearing the
  enable bit forces the status bit back to 1.  The IRQ line is asserted while
  any status bit is 0; ``irq_changed`` tells the machine the line and the cycle
  it changed in (the CPU takes the IRQ four cycles later at the earliest:
  emulator/machine.py).  Timers, IRQs and the serial port work with the cycle of
  the CPU's access itself (``access_cycle``: its fourth cycle, after any of ANTIC's DMA
  cycles in it), and so does RANDOM; the pots count from the instruction's start (``cycles``).
* RANDOM ($D20A): the high 8 bits of a 17-bit polynomial counter
  (x^17 + x^12 + 1, period 131071) stepped once per CPU cycle.  The value is
  computed lazily from the cycle count, so it costs nothing until read; the
  seed picks the counter's starting point so runs are reproducible.  SKCTL's
  initialization mode (bits 0-1 = 00) holds it at all ones (RANDOM $FF) and it
  starts from there when the program leaves that mode.  With AUDCTL bit 7 RANDOM
  reads the 9-bit counter (x^9 + x^4 + 1) instead.
* Sound: AUDF1-4, AUDC1-4, AUDCTL and STIMER writes go, with their cycle, to
  emulator/audio.py when sound is wanted (``audio``); nothing is logged otherwise.
* Timers (Altirra Hardware Reference Manual, "POKEY timers"): channels 1, 2
  and 4 raise IRQST bits 0, 1 and 2 (if enabled in IRQEN) each time their
  counter underflows; STIMER restarts the counters.  When each underflows
  (clocks, joined pairs, a new AUDF, leaving initialization mode) is worked out
  in emulator/pokey_timers.py.  The underflows are events of the machine
  (``schedule``), planned only while a timer IRQ is enabled (and for timers 1
  and 2 in two-tone mode, SKCTL bit 3, where they restart each other), so unused
  timers cost nothing; a read of IRQST first runs those of the instruction's
  earlier cycles.
* Paddles: POTGO starts a scan; POTn counts up once a scanline (every cycle
  with SKCTL bit 2, the fast scan) until it reaches the paddle's value, and
  ALLPOT's bit n reads 1 while pot n is still counting (De Re Atari, chapter 8;
  Mapping the Atari, $D200-$D208).  A paddle no one turns reads 228.
* SEROUT ($D20D write) / SERIN ($D20D read): the serial port (``serial``, a
  ``SerialPortLink``: emulator/serial.py's SerialPort).  POKEY keeps SERIN, SKSTAT
  and IRQST; the port reports to the ``serial_*`` entries (``PokeySerialEntries``
  in emulator/interfaces.py): a byte received (IRQST bit 5; SKSTAT bit 5 overrun,
  bit 7 framing error), the holding register free (IRQST bit 4), the output idle
  (IRQST bit 3, a level).  Channel 4's period (AUDF3/AUDF4/AUDCTL) sets the input's
  bit rate; the output is clocked by timer 4, timer 2 or the external clock as SKCTL
  bits 4-6 choose (``serial_output_edge``).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from emulator.interfaces import SerialPortLink
from emulator.pokey_timers import AUDCTL_JOIN_12, Countdown, PokeyClocks, countdown, pair_high, stimer_countdown

if TYPE_CHECKING:
    from emulator.audio import PokeyAudio

POLY17_PERIOD = (1 << 17) - 1

KBCODE, RANDOM, IRQST, SKSTAT, ALLPOT = 0x09, 0x0A, 0x0E, 0x0F, 0x08
IRQEN, SKCTL, STIMER, POTGO, AUDCTL = 0x0E, 0x0F, 0x09, 0x0B, 0x08
SERIO = 0x0D  # SEROUT (write) / SERIN (read)
IRQ_BREAK, IRQ_KEYBOARD = 0x80, 0x40
IRQ_SERIN, IRQ_SEROUT, IRQ_SEROC = 0x20, 0x10, 0x08  # byte received, output needed, output complete
SKSTAT_FRAMING, SKSTAT_OVERRUN, SKSTAT_INPUT_BUSY = 0x80, 0x20, 0x02
#: an underflow whose IRQST bit changes in cycle c has happened for STIMER written in c - 2:
#: it no longer cancels it (Acid800's "Timer timing": STIMER preempts AUDF1 = 8 at +12 cycles,
#: not at +13); a two-tone restart at c reads AUDF1 written up to c + 1 (at +16, not at +17)
STIMER_TOO_LATE = 3
#: timer IRQ bits and the channel (0-3) whose underflow raises them
TIMER_IRQS = ((0x01, 0), (0x02, 1), (0x04, 3))
POT_MAX = 228
CYCLES_PER_LINE = 114
SKSTAT_KEY_UP, SKSTAT_SHIFT_UP = 0x04, 0x08
SKCTL_ASYNC_RECEIVE, SKCTL_TWO_TONE, SKCTL_FORCE_BREAK = 0x10, 0x08, 0x80
#: SKCTL bits 4-6 -> the channel (0-3) whose underflows clock the serial output, or None for
#: the external clock on the bus's clock line (Atari Hardware Manual, SKCTL: 000 and 001 the
#: external clock; 010 to 101 channel 4; 110 and 111 channel 2)
SERIAL_OUTPUT_CLOCKS = (None, None, 3, 3, 3, 3, 1, 1)

#: the counters' first step comes a cycle after the write that leaves initialization mode
POLY_START_DELAY = 1
AUDCTL_POLY9 = 0x80

_sequences: dict[int, array[int]] = {}
_positions: dict[int, dict[int, int]] = {}


def poly_sequence(bits: int) -> array[int]:
    """The states of a ``bits``-bit polynomial counter, step by step from all ones (built once).

    POKEY's counters shift right, the new bit entering at the top as the XOR of bits 0 and 5:
    x^17 + x^12 + 1 and x^9 + x^4 + 1 (Altirra Hardware Reference Manual, "POKEY", polynomial
    counters).  RANDOM reads the top 8 bits.  Acid800's "POKEY: Noise generators" records what
    real hardware reads one scanline after leaving initialization mode (step 113: $08 from the
    17-bit counter, $95 from the 9-bit one); these sequences give exactly that.
    """
    if bits not in _sequences:
        period = (1 << bits) - 1
        states = array("I", bytes(4 * period))
        state = period
        for step in range(period):
            states[step] = state
            state = (state >> 1) | (((state ^ (state >> 5)) & 1) << (bits - 1))
        _sequences[bits] = states
    return _sequences[bits]


def random_table() -> array[int]:
    """The 17-bit counter's states from all ones (RANDOM is each state's top 8 bits)."""
    return poly_sequence(17)


def _position(bits: int, state: int) -> int:
    """Where ``state`` comes in the counter's sequence (built once, when first needed)."""
    if bits not in _positions:
        _positions[bits] = {value: step for step, value in enumerate(poly_sequence(bits))}
    return _positions[bits][state]


class PolyCounter:
    """One of POKEY's polynomial counters, stepping once a CPU cycle.

    In initialization mode (``hold``) it shifts in ones instead of its feedback, so within
    ``bits`` cycles it stands at all ones (RANDOM $FF; read sooner it shows the ones coming in,
    the "hot stop" Acid800 checks); ``release`` lets it run on from where it stands.
    """

    def __init__(self, bits: int, start_step: int = 0) -> None:
        self.bits = bits
        self.period = (1 << bits) - 1
        self.anchor_cycle = 0
        self.anchor_step = start_step % self.period
        self.held_state: int | None = None  # the state when initialization mode began

    def state(self, cycle: int) -> int:
        elapsed = cycle - self.anchor_cycle
        if self.held_state is None:
            running: int = poly_sequence(self.bits)[(self.anchor_step + elapsed) % self.period]
            return running
        if elapsed >= self.bits:
            return self.period
        shifted = max(0, elapsed)
        return (self.held_state >> shifted) | (((1 << shifted) - 1) << (self.bits - shifted))

    def random(self, cycle: int) -> int:
        return self.state(cycle) >> (self.bits - 8)

    def hold(self, cycle: int) -> None:
        self.held_state, self.anchor_cycle = self.state(cycle), cycle

    def release(self, cycle: int) -> None:
        state = self.state(cycle)
        self.held_state, self.anchor_cycle = None, cycle
        self.anchor_step = 0 if state == self.period else _position(self.bits, state)


class Pokey:
    """Keyboard, interrupt status and the random number generator."""

    def __init__(
        self,
        cycles: Callable[[], int] = lambda: 0,
        irq_changed: Callable[[bool, int], None] = lambda line, cycle: None,
        seed: int = 0,
        access_cycle: Callable[[], int] | None = None,
    ) -> None:
        self.cycles = cycles  # the instruction's start (the pots)
        #: the machine time of the CPU's access cycle in the instruction now running (timers, IRQs,
        #: the serial port, RANDOM and SKCTL: ANTIC's DMA between an instruction's start and its
        #: access moves the poly's value)
        self.access_cycle = access_cycle or cycles
        self.irq_changed = irq_changed  # the IRQ line, and the cycle in which it changed
        self.seed_offset = (seed * 40503) % POLY17_PERIOD
        self.registers = bytearray(0x10)
        self.audio: PokeyAudio | None = None  # when sound is wanted
        self.schedule: Callable[[int, Callable[[int], None]], int] | None = None  # the machine's
        self.cancel: Callable[[int], None] = lambda handle: None
        self.paddles = [POT_MAX] * 8
        self.serial: SerialPortLink | None = None  # attached by the machine
        self.reset()

    def reset(self) -> None:
        self.irqen = 0
        self.irqst = 0xFF
        self.kbcode = 0xFF
        self.skstat = 0xFF
        self.serin = 0xFF
        self.serial_idle = True  # nothing being sent: IRQST bit 3 while it is enabled
        self.registers = bytearray(0x10)
        self.timer_handles: dict[int, int] = {}
        self.timer_due: dict[int, int] = {}  # channel (0-3) -> its next underflow, when watched
        # each channel's counter: its underflows come at anchor + k * period (k >= 1)
        self.clocks = PokeyClocks()
        self.countdowns = [countdown(self._audf(), 0, channel, 0) for channel in range(4)]
        #: a count under way ends as it was loaded: a new AUDF/AUDCTL takes over at the reload
        #: (the cycle of that underflow, and the countdown from there)
        self.reloads: list[tuple[int, Countdown] | None] = [None] * 4
        self.potgo_cycle: int | None = None
        self.skctl_before = 0
        self.init_mode = False  # at power-on the counters run, from the seed's start
        self.poly17 = PolyCounter(17, self.seed_offset)
        self.poly9 = PolyCounter(9, self.seed_offset)
        self.irq_changed(False, 0)  # (no IRQ: the cycle does not matter)

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

    def _raise(self, bit: int, cycle: int | None = None) -> None:
        """The event of IRQST ``bit`` happened (in ``cycle``, or now): its status bit goes to 0
        if IRQEN enables it."""
        if self.irqen & bit:
            self.irqst &= ~bit & 0xFF
        self._signal(cycle)

    def _signal(self, cycle: int | None = None) -> None:
        """Tell the machine the IRQ line as it is after a change in ``cycle`` (default: now)."""
        self.irq_changed(self.irq_line, self.access_cycle() if cycle is None else cycle)

    @property
    def irq_line(self) -> bool:
        return self.irqst != 0xFF

    # -- RANDOM -------------------------------------------------------------------

    def random_at(self, cycle: int) -> int:
        """The RANDOM value at a given CPU cycle: the 17-bit counter's top 8 bits, or with
        AUDCTL bit 7 the 9-bit counter's."""
        counter = self.poly9 if self.registers[AUDCTL] & AUDCTL_POLY9 else self.poly17
        return counter.random(cycle)

    def _skctl_write(self, value: int) -> None:
        """SKCTL: initialization mode (bits 0-1), two-tone mode (bit 3), asynchronous receive
        (bit 4) and the serial output's clock (bits 4-6)."""
        self._init_mode_write(value)
        changed, self.skctl_before = value ^ self.skctl_before, value
        if changed & SKCTL_ASYNC_RECEIVE:
            self._restart_counters(self.access_cycle(), (2, 3))  # timers 3 and 4 start again from here
        if changed & (SKCTL_ASYNC_RECEIVE | SKCTL_TWO_TONE):
            self._plan_timers()
        if self.serial is not None:
            if self.init_mode:
                self.serial.reset_output()
            else:
                self.serial.output_clock_changed()

    def _init_mode_write(self, value: int) -> None:
        """SKCTL bits 0-1 = 00: initialization mode holds the polynomial counters, which fill
        with ones; leaving it lets them run from there (Altirra Hardware Reference Manual,
        "POKEY", initialization mode; Acid800's "POKEY: Noise generators")."""
        init = not value & 0x03
        if init == self.init_mode:
            return
        self.init_mode = init
        if not init:
            self.clocks.restart(self.access_cycle())
        now = self.access_cycle() + POLY_START_DELAY
        for counter in (self.poly17, self.poly9):
            if init:
                counter.hold(now)
            else:
                counter.release(now)

    # -- CPU side ---------------------------------------------------------------------

    def read(self, addr: int) -> int:
        reg = addr & 0x0F
        if reg == RANDOM:
            return self.random_at(self.access_cycle())
        if reg == KBCODE:
            return self.kbcode
        if reg == IRQST:
            self._catch_up_timers(self.access_cycle())
            return self._irq_status()
        if reg == SKSTAT:
            if self.serial is not None:  # bit 4: the serial data-in line; bit 1: 0 while a byte comes in
                busy = SKSTAT_INPUT_BUSY if self.serial.input_busy() else 0
                return (self.skstat & 0xEF & ~busy) | (self.serial.data_line() << 4)
            return self.skstat
        if reg <= ALLPOT:
            return self._pot(reg)
        if reg == SERIO:
            return self.serin  # $FF until the serial port has received a byte
        return 0xFF

    def write(self, addr: int, value: int) -> int:
        reg = addr & 0x0F
        if reg <= STIMER:  # the underflows before the write, with the registers as they were
            self._catch_up_timers(self.access_cycle() + (STIMER_TOO_LATE if reg == STIMER else -1))
        self.registers[reg] = value
        if reg == IRQEN:
            self.irqen = value
            self.irqst |= ~value & 0xFF  # disabled sources read as "no interrupt"
            if self.serial is not None:
                self._output_complete_level()
            self._signal()
            self._plan_timers()
        elif reg == SERIO and self.serial is not None:
            self.serial.write_serout(value)
        elif reg == SKCTL:
            self._skctl_write(value)
        elif reg == 0x0A:  # SKRES: reset serial status bits
            self.skstat |= 0xE0
        elif reg <= STIMER:  # AUDF1-AUDC4, AUDCTL, STIMER
            self._sound_write(reg, value)
        elif reg == POTGO:
            self.potgo_cycle = self.cycles()
        return 0

    # -- the serial port's entries (PokeySerialEntries) ---------------------------------------

    def serial_bit_cycles(self) -> int:
        """Cycles a serial bit lasts: two periods of channel 4 (Altirra Hardware Reference
        Manual, "POKEY: serial port"): the OS's 19,200 baud, AUDF3 = $28 joined at 1.79 MHz,
        is 2 * ($28 + 7) = 94 cycles."""
        return 2 * self.timer_periods()[3]

    def serial_output_edge(self, after: int) -> int | None:
        """The first tick of the serial output's clock after ``after`` (an underflow of the
        channel SKCTL bits 4-6 choose), or None: the external clock (no device here drives the
        clock line) or initialization mode stops the output."""
        channel = SERIAL_OUTPUT_CLOCKS[(self.registers[SKCTL] >> 4) & 7]
        if channel is None or self.init_mode:
            return None
        return self._next_underflow(channel, after)

    def serial_output_bit_cycles(self) -> int:
        """Cycles a bit of the serial output lasts: two periods of its clock's channel."""
        channel = SERIAL_OUTPUT_CLOCKS[(self.registers[SKCTL] >> 4) & 7]
        return 2 * self.timer_periods()[3 if channel is None else channel]

    def serial_output_needed(self) -> None:
        """SEROUT's holding register went into the shift register: IRQST bit 4."""
        self._raise(IRQ_SEROUT)

    def serial_output_idle(self, idle: bool) -> None:
        """The output started (False) or finished with nothing more to send (True)."""
        self.serial_idle = idle
        self._output_complete_level()
        self._signal()

    def serial_byte_received(self, value: int, framing_error: bool) -> None:
        """A byte's stop bit arrived: SERIN, IRQST bit 5; SKSTAT bit 5 = 0 if the last
        byte's IRQ is still pending (overrun), bit 7 = 0 on a framing error (until SKRES)."""
        if framing_error:
            self.skstat &= ~SKSTAT_FRAMING & 0xFF
        if self.irqen & IRQ_SERIN and not self.irqst & IRQ_SERIN:
            self.skstat &= ~SKSTAT_OVERRUN & 0xFF
        self.serin = value
        self._raise(IRQ_SERIN)

    def _output_complete_level(self) -> None:
        """IRQST bit 3 follows "nothing to send" while it is enabled (a level, not a latch)."""
        if self.serial_idle and self.irqen & IRQ_SEROC:
            self.irqst &= ~IRQ_SEROC & 0xFF
        else:
            self.irqst |= IRQ_SEROC

    def _irq_status(self) -> int:
        """IRQST as read: bit 3 (serial output complete) is no latch but the state of the output
        shift register, shown whether or not IRQEN enables its IRQ (Altirra Hardware Reference
        Manual, "POKEY", serial port IRQs; Acid800's manual, "Serial output complete IRQ")."""
        if self.serial is None:
            return self.irqst
        return (self.irqst & ~IRQ_SEROC & 0xFF) | (0 if self.serial_idle else IRQ_SEROC)

    # -- sound and timers -----------------------------------------------------------------

    def _sound_write(self, reg: int, value: int) -> None:
        now = self.access_cycle()
        if self.audio is not None:
            self.audio.write(now, reg, value)
        if reg == STIMER:
            self._restart_counters(now, range(4))
        else:
            self._reload_at_next_underflow(now)
        if self.irqen & 0x07 or self.registers[SKCTL] & SKCTL_TWO_TONE:
            self._plan_timers()

    def timer_periods(self) -> list[int]:
        from emulator.audio import channel_periods

        regs = self.registers
        return channel_periods([regs[0], regs[2], regs[4], regs[6]], regs[8])

    def _audf(self) -> list[int]:
        return list(self.registers[0:8:2])

    def _next_underflow(self, channel: int, now: int) -> int:
        """The first underflow of ``channel``'s counter after ``now``."""
        reload = self.reloads[channel]
        if reload is not None:
            at, after_reload = reload
            if now < at:
                before = self.countdowns[channel].next_after(now)
                return before if before <= at else after_reload.next_after(at)
            self.countdowns[channel], self.reloads[channel] = after_reload, None
        return self.countdowns[channel].next_after(now)

    def _restart_counters(self, now: int, channels: Iterable[int]) -> None:
        """STIMER (or the end of asynchronous receive) loads the counters from AUDF now
        (emulator/pokey_timers.py: when each then underflows)."""
        audf, audctl = self._audf(), self.registers[AUDCTL]
        for channel in channels:
            self.countdowns[channel] = stimer_countdown(self.clocks, audf, audctl, channel, now)
            self.reloads[channel] = None

    def _reload_at_next_underflow(self, now: int) -> None:
        """A new AUDF or AUDCTL does not disturb a count under way: each counter counts down
        what it was loaded with and takes the new value when it reloads, at its next underflow
        (a joined pair: at its 16-bit underflow) (Altirra Hardware Reference Manual, "POKEY",
        timers: AUDFx is reloaded into the counter on underflow; Acid800's "POKEY: Timer
        timing" and "POKEY: Direct serial input" time it so)."""
        audf, audctl = self._audf(), self.registers[AUDCTL]
        for channel in range(4):
            at = self._next_underflow(pair_high(audctl, channel), now)
            self.reloads[channel] = (at, countdown(audf, audctl, channel, at))

    def _watched_channels(self) -> set[int]:
        """The channels whose underflows are events: those whose timer IRQ is enabled, and in
        two-tone mode channels 1 and 2, which reset each other."""
        watched = {channel for bit, channel in TIMER_IRQS
                   if self.irqen & bit and not self._held_by_async_receive(channel)}
        if self.registers[SKCTL] & SKCTL_TWO_TONE:
            watched |= {0, 1}
        return watched

    def _plan_timers(self) -> None:
        """(Re)schedule the next underflow of every watched channel (one that came before the
        access now, its event not run yet, stays)."""
        now = self.access_cycle()
        watched = self._watched_channels()
        for channel, due in list(self.timer_due.items()):
            if due > now or channel not in watched:
                self.cancel(self.timer_handles.pop(channel))
                del self.timer_due[channel]
        if self.schedule is None:
            return
        for channel in watched - self.timer_due.keys():
            self._plan_underflow(channel, now)

    def _plan_underflow(self, channel: int, after: int) -> None:
        assert self.schedule is not None  # only called while the machine plans events
        due = self._next_underflow(channel, after)
        self.timer_due[channel] = due
        self.timer_handles[channel] = self.schedule(due, lambda cycle: self._underflow(channel, cycle))

    def _held_by_async_receive(self, channel: int) -> bool:
        """SKCTL bit 4 (asynchronous receive) holds timers 3 and 4 at their start until a byte
        comes in (Altirra Hardware Reference Manual, "POKEY", asynchronous receive mode; Acid800's
        "POKEY: Asynchronous receive mode"); no serial input restarts them here."""
        return channel >= 2 and bool(self.registers[SKCTL] & SKCTL_ASYNC_RECEIVE)

    def _underflow(self, channel: int, cycle: int) -> None:
        """Timer ``channel`` underflowed at ``cycle``: its IRQ, two-tone mode's resets, and the
        next underflow planned."""
        if self.timer_due.get(channel) != cycle:
            return  # replanned since
        del self.timer_due[channel]
        self.timer_handles.pop(channel, None)
        for bit, irq_channel in TIMER_IRQS:
            if irq_channel == channel and self.irqen & bit and not self._held_by_async_receive(channel):
                self._raise(bit, cycle)
        if self.registers[SKCTL] & SKCTL_TWO_TONE:
            self._two_tone_reset(channel, cycle)
        if channel in self._watched_channels() and channel not in self.timer_due:
            self._plan_underflow(channel, cycle)

    def _two_tone_reset(self, channel: int, cycle: int) -> None:
        """Two-tone mode (SKCTL bit 3): timer 2's underflow restarts timer 1, and while the
        serial output is a 1 (mark) timer 1's underflow restarts timers 1 and 2, so that only
        the tone of the bit being sent runs freely (Atari Hardware Manual, serial port: channel
        1 for a 1, channel 2 for a 0; Altirra Hardware Reference Manual, "POKEY", two-tone
        mode).  A restart acts as STIMER written the cycle before the underflow (Acid800's
        "Timer timing": AUDF1 = 8 in two-tone mode underflows 12 and then 14 cycles apart; timer
        1 due a cycle after timer 2 still underflows, two or three cycles after it no longer)."""
        if channel == 1:  # joined, timer 1 is the low half of the 16-bit counter timer 2 ends
            restarted = [0, 1] if self.registers[AUDCTL] & AUDCTL_JOIN_12 else [0]
        elif channel == 0 and self._serial_output_level(cycle):
            restarted = [0, 1]
        else:
            return
        for other in restarted:  # as STIMER: an underflow a cycle later has happened already
            due = self.timer_due.get(other)
            if other != channel and due is not None and due < cycle - 1 + STIMER_TOO_LATE:
                self.cancel(self.timer_handles[other])
                self._underflow(other, due)
        self._restart_counters(cycle - 1, restarted)
        for other in restarted:
            if other in self.timer_due:
                self.cancel(self.timer_handles.pop(other))
                del self.timer_due[other]
            self._plan_underflow(other, cycle)

    def _serial_output_level(self, cycle: int) -> int:
        """The serial output line at ``cycle``: 0 while SKCTL bit 7 forces a break."""
        if self.registers[SKCTL] & SKCTL_FORCE_BREAK:
            return 0
        return 1 if self.serial is None else self.serial.output_level(cycle)

    def _catch_up_timers(self, cycle: int) -> None:
        """Before an access in ``cycle``: the underflows of the cycles before it, whose events
        the CPU's instruction under way has not let run yet, in their order."""
        while self.timer_due:
            channel, due = min(self.timer_due.items(), key=lambda item: item[1])
            if due >= cycle:
                return
            self.cancel(self.timer_handles[channel])
            self._underflow(channel, due)

    # -- paddles -----------------------------------------------------------------------------

    def _pot(self, reg: int) -> int:
        """POT0-7 and ALLPOT: the scan started by POTGO, as far as it has come."""
        if self.potgo_cycle is None:
            return 0x00 if reg == ALLPOT else self.paddles[reg]
        elapsed = self.cycles() - self.potgo_cycle
        counted = elapsed if self.registers[SKCTL] & 0x04 else elapsed // CYCLES_PER_LINE
        if reg == ALLPOT:
            return sum(1 << n for n, value in enumerate(self.paddles) if counted < value)
        return min(counted, self.paddles[reg])
