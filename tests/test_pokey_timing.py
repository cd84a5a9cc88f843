"""POKEY at the cycle (emulator/pokey.py, emulator/pokey_timers.py) and the CPU's IRQ sampling
(emulator/machine.py): 6502 routines timed headless on both CPU cores, and the timers' rules
on POKEY alone.  The figures are Acid800's records of real hardware ("POKEY: IRQ timing",
"POKEY: Timer timing", "POKEY: Init timing")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from emulator.machine import Machine
from emulator.pokey import Pokey
from emulator.pokey_timers import CLOCK_PHASE, FAST_LOAD_DELAY, TICK_DELAY
from tests.emu_support import assemble

CORES = pytest.mark.parametrize("core", ["python", "compiled"])
RESULT = 0x80

#: no DMA, the CPU at the start of a scanline, interrupts off and POKEY's sources quiet
PROLOGUE = """
    sei
    lda #$00
    sta $D400       ; DMACTL: no DMA but the refresh (which comes later in the line)
    sta $D20E       ; IRQEN
    lda #$03
    sta $D20F       ; SKCTL: out of initialization mode, the serial output idle
    sta $D40A       ; WSYNC
"""


def _run(core: str, code: str, monkeypatch: pytest.MonkeyPatch, tmp_path, irq: str = "    rti\n") -> int:
    """Run ``code`` after PROLOGUE on the ``core`` CPU core, with ``irq`` as the IRQ handler;
    the byte it leaves at RESULT."""
    monkeypatch.setenv("SURROUND_CPU", core)
    source = (".org $C000\nreset:\n" + PROLOGUE + code + "\ndone:\n    inc $81\n    jmp done\nirq:\n" + irq
              + "nmi:\n    rti\n.advance $FFFA, $FF\n.word nmi, reset, irq\n")
    machine = Machine(assemble(source, tmp_path, "timing"))
    machine.run_frames(2)
    return machine.peek(RESULT)


def _irq_count_routine(after_write: str) -> str:
    """IRQEN bit 3 (serial output complete, a level while nothing is sent) raises the IRQ line
    in the STA's write cycle; then ``after_write`` and a row of INX."""
    return f"""
    cli
    ldx #$00
    lda #$08
    sta $D20E
{after_write}
""" + "    inx\n" * 6


#: the IRQ handler of the IRQEN routines: RESULT gets X, the INX counted when the CPU took it
STORE_X = f"""
    stx ${RESULT:02X}
    lda #$00
    sta $D20E
    rti
"""


@CORES
def test_an_irq_raised_by_a_write_lets_two_inx_run_before_the_cpu_takes_it(core, monkeypatch, tmp_path):
    """The 6502 polls IRQ in an instruction's last-but-one cycle, two cycles after the line
    changed at the earliest: the first INX polls one cycle after the write, the second three."""
    assert _run(core, _irq_count_routine(""), monkeypatch, tmp_path, STORE_X) == 2


@CORES
def test_an_irq_raised_by_a_write_is_taken_after_a_three_cycle_instruction(core, monkeypatch, tmp_path):
    """LDX zp polls two cycles after the write: the CPU takes the IRQ right after it."""
    assert _run(core, _irq_count_routine("    ldx $90"), monkeypatch, tmp_path, STORE_X) == 0  # $90 holds 0


@CORES
def test_a_fast_timer_irq_is_polled_nine_cycles_after_stimer(core, monkeypatch, tmp_path):
    """AUDF1 = 0 at 1.79 MHz, STIMER written in cycle W, timer 1's IRQ enabled in W + 6: IRQST
    bit 0 and the line change in W + 3 + 4; the CPU polls the line from W + 9 on, in the
    second INX."""
    code = """
    lda #$40
    sta $D208       ; AUDCTL: channel 1 at 1.79 MHz
    lda #$00
    sta $D200       ; AUDF1 = 0: four cycles
    ldx #$00
    cli
    sta $D40A       ; WSYNC
    sta $D209       ; STIMER
    lda #$01
    sta $D20E       ; IRQEN: timer 1
""" + "    inx\n" * 8
    assert _run(core, code, monkeypatch, tmp_path, STORE_X) == 2


def _pokey_at(clock: dict[str, int]) -> tuple[Pokey, list[int]]:
    """A POKEY alone whose every access comes in ``clock["now"]``; the list gets the cycles
    at which it plans timer underflows."""
    due: list[int] = []
    pokey = Pokey(cycles=lambda: clock["now"])

    def schedule(cycle: int, callback) -> int:
        due.append(cycle)
        return len(due)
    pokey.schedule = schedule
    return pokey, due


@pytest.mark.parametrize("audctl, audf, ticks", [(0x01, 0, 1), (0x00, 2, 3)])
def test_leaving_initialization_mode_starts_the_slow_clocks_at_their_phase(audctl, audf, ticks):
    """Init mode holds the 64 kHz and 15 kHz dividers; after it a timer's count ends on the
    first ticks of the restarted clock (CLOCK_PHASE cycles after the SKCTL write, then every
    28 or 114), whenever STIMER came between."""
    clock = {"now": 1000}
    pokey, due = _pokey_at(clock)
    pokey.write(0xD20F, 0x00)  # SKCTL: initialization mode
    clock["now"] = 1100
    pokey.write(0xD20F, 0x03)  # leave it in cycle 1100
    pokey.write(0xD208, audctl)
    pokey.write(0xD200, audf)
    clock["now"] = 1104
    pokey.write(0xD209, 0)  # STIMER
    pokey.write(0xD20E, 0x01)  # timer 1's IRQ
    period = 114 if audctl & 0x01 else 28
    assert due[-1] == 1100 + CLOCK_PHASE[period] + (ticks - 1) * period + TICK_DELAY


@pytest.mark.parametrize("audf", [0, 16, 255])
def test_a_fast_timer_shows_in_irqst_audf_plus_8_cycles_after_stimer(audf):
    """Channel 1 at 1.79 MHz: STIMER written in cycle W; IRQST bit 0 reads 0 from W + AUDF + 8
    on (Acid800's "Timer timing": a read one cycle sooner finds it still 1)."""
    clock = {"now": 500}
    pokey, _ = _pokey_at(clock)
    pokey.write(0xD208, 0x40)  # AUDCTL: channel 1 at 1.79 MHz
    pokey.write(0xD200, audf)
    pokey.write(0xD209, 0)  # STIMER in cycle 500
    pokey.write(0xD20E, 0x01)  # timer 1's IRQ
    clock["now"] = 500 + audf + 7
    assert pokey.read(0xD20E) & 0x01
    clock["now"] += 1
    assert not pokey.read(0xD20E) & 0x01


@given(first=st.integers(0, 255), second=st.integers(0, 255), written=st.integers(0, 300))
def test_a_new_audf_takes_effect_at_the_next_underflow(first: int, second: int, written: int):
    """Channel 1 at 1.79 MHz: STIMER loads AUDF1 + 4 cycles (the first underflow FAST_LOAD_DELAY
    later); an AUDF1 written while it counts down leaves that count alone and sets the periods
    after it (Altirra Hardware Reference Manual, POKEY timers; Acid800's "POKEY: Direct serial
    input" times its samples so)."""
    clock = {"now": 0}
    pokey, _ = _pokey_at(clock)
    pokey.write(0xD208, 0x40)  # AUDCTL: channel 1 at 1.79 MHz
    pokey.write(0xD200, first)
    pokey.write(0xD20E, 0x01)  # timer 1's IRQ
    pokey.write(0xD209, 0)  # STIMER at cycle 0
    old, new = first + 4, second + 4
    clock["now"] = written
    pokey.write(0xD200, second)
    start = FAST_LOAD_DELAY  # the counts end at start + k * old
    underflow = start + (max(0, written - start) // old + 1) * old  # the count under way ends as loaded
    assert pokey._next_underflow(0, written) == underflow
    assert pokey._next_underflow(0, underflow) == underflow + new


class EventClock:
    """POKEY alone on a queue of timed events standing in for the machine's schedule/cancel."""

    def __init__(self) -> None:
        self.now = 0
        self.events: dict[int, tuple[int, object]] = {}  # handle -> (cycle, callback)
        self.handles = iter(range(1 << 30))
        self.pokey = Pokey(cycles=lambda: self.now)
        self.pokey.schedule = self.plan
        self.pokey.cancel = lambda handle: self.events.pop(handle, None) and None
        self.fired: list[tuple[int, int]] = []  # (channel, cycle) of every underflow
        underflow = self.pokey._underflow

        def recording(channel: int, cycle: int) -> None:
            if self.pokey.timer_due.get(channel) == cycle:
                self.fired.append((channel, cycle))
            underflow(channel, cycle)
        setattr(self.pokey, "_underflow", recording)  # noqa: B010 - the instance's own calls too

    def plan(self, cycle: int, callback) -> int:
        handle = next(self.handles)
        self.events[handle] = (cycle, callback)
        return handle

    def write(self, cycle: int, register: int, value: int) -> None:
        self.now = cycle
        self.pokey.write(0xD200 + register, value)

    def underflows(self, channel: int, until: int) -> list[int]:
        """Run the events up to ``until``; the cycles at which ``channel`` underflowed so far."""
        while self.events:
            handle, (cycle, callback) = min(self.events.items(), key=lambda item: item[1][0])
            if cycle > until:
                break
            del self.events[handle]
            self.now = cycle
            callback(cycle)  # type: ignore[operator]
        return [cycle for fired, cycle in self.fired if fired == channel]


def _two_tone(audctl: int, skctl: int, audf1: int, audf2: int) -> EventClock:
    clock = EventClock()
    for register, value in ((0x08, audctl), (0x0F, skctl), (0x00, audf1), (0x02, audf2)):
        clock.write(10, register, value)
    clock.underflows(0, 999)
    clock.fired.clear()  # what came before STIMER
    clock.write(1000, 0x09, 0)  # STIMER in cycle 1000
    return clock


def test_two_tone_mark_restarts_timer_1_at_each_underflow():
    """Serial output idle (a 1, mark): timer 1's underflow restarts it as STIMER the cycle
    before would, so AUDF1 = 8 at 1.79 MHz underflows after 15, then every 14 cycles (12
    without two-tone: Acid800's "Timer timing")."""
    clock = _two_tone(audctl=0x40, skctl=0x0B, audf1=8, audf2=0xFF)
    assert clock.underflows(0, 1060) == [1015, 1029, 1043, 1057]


def test_two_tone_space_lets_timer_2_restart_the_joined_pair():
    """Forced break (a 0, space), channels 1+2 joined (N = 8: 15 cycles): timer 2's underflow
    restarts the pair, so timer 2 underflows after 18, then every 17 cycles."""
    clock = _two_tone(audctl=0x50, skctl=0x8B, audf1=8, audf2=0)
    assert clock.underflows(1, 1060) == [1018, 1035, 1052]


@pytest.mark.parametrize("skctl, fires", [(0x0B, False), (0x8B, True)])
def test_on_mark_a_faster_timer_1_keeps_timer_2_from_underflowing(skctl, fires):
    """15 kHz, AUDF1 = 0 (a line), AUDF2 = 1 (two lines): on mark timer 1 restarts timer 2
    every line, so timer 2 never underflows (Acid800's "Two-tone mode"); on space it runs."""
    clock = _two_tone(audctl=0x01, skctl=skctl, audf1=0, audf2=1)
    clock.write(1010, 0x0E, 0x02)  # timer 2's IRQ
    assert bool(clock.underflows(1, 1000 + 20 * 114)) == fires


@pytest.mark.parametrize("after, underflows", [(1, True), (2, False), (3, False)])
def test_timer_2_restarting_timer_1_spares_an_underflow_a_cycle_later(after, underflows):
    """Space (forced break): timer 2 (64 kHz, 4 ticks from leaving init mode) restarts timer 1
    as STIMER the cycle before would: timer 1 due 1 cycle after timer 2 still underflows, 2 or
    3 cycles after no longer (Acid800's "Timer timing", its two-tone resync loops)."""
    clock = EventClock()
    clock.write(10, 0x0F, 0x00)  # initialization mode
    for register, value in ((0x08, 0x40), (0x02, 3), (0x00, 97 + after)):
        clock.write(20, register, value)
    clock.write(1000, 0x0F, 0x8B)  # two-tone, forced break; the clocks start
    clock.write(1004, 0x09, 0)  # STIMER: timer 1 due at 1004 + 3 + AUDF1 + 4
    timer_2 = 1000 + CLOCK_PHASE[28] + 3 * 28 + TICK_DELAY
    assert clock.underflows(1, timer_2) == [timer_2]
    assert clock.underflows(0, timer_2 + 5) == ([timer_2 + after] if underflows else [])  # since 1000


def _serout_routine(audf1: int, before_serout: str, after_serout: str) -> str:
    """Timers 1+2 joined at 1.79 MHz (AUDF2 = 0), timer 2 clocking the serial output (SKCTL
    $63), the output complete IRQ enabled (IRQST bit 3 reads 0 while nothing is sent); STIMER
    written in cycle 107 of a line (W), ``before_serout``, SEROUT, ``after_serout``; RESULT gets
    IRQST as the last LDA reads it."""
    return f"""
    lda #$78
    sta $D208       ; AUDCTL: 1+2 and 3+4 joined, channels 1 and 3 at 1.79 MHz
    lda #${audf1:02X}
    sta $D200       ; AUDF1
    lda #$00
    sta $D202       ; AUDF2
    lda #$08
    sta $D20E       ; IRQEN: serial output complete
    sta $D40A       ; WSYNC: the next store's opcode fetch in cycle 104
    sta $D209       ; STIMER in 107 (W)
{before_serout}
    sta $D20D       ; SEROUT
{after_serout}
    lda $D20E
    sta ${RESULT:02X}
"""


@CORES
def test_serout_waits_for_the_clocks_first_tick_after_its_write(core, monkeypatch, tmp_path):
    """SEROUT's byte goes into the shift register at the output clock's first tick after the
    write's own cycle, not after the instruction's first one (the byte is not there before).
    Timer 2 (AUDF1 = AUDF2 = 0: seven cycles) ticks in W + 10 and W + 17 (emulator/pokey_timers.py);
    STA SEROUT runs in W + 9 to W + 12, so the tick in W + 10 passes the byte by; IRQST read in
    W + 16 still shows nothing sent (bit 3 = 0)."""
    before = """
    lda #$63
    sta $D20F       ; SKCTL: timer 2 clocks the output; W + 3 to W + 6
    nop             ; W + 7, W + 8
"""
    assert _run(core, _serout_routine(0x00, before, ""), monkeypatch, tmp_path) == 0xF7


@CORES
@pytest.mark.parametrize(("delay", "irqst"), [("    ldx #$26\nwait:\n    dex\n    bne wait\n    bit $0100", 0xF7),
                                              ("    ldx #$27\nwait:\n    dex\n    bne wait", 0xFF)])
def test_serout_is_loaded_at_timer_2s_underflow_after_stimer(core, delay: str, irqst: int, monkeypatch, tmp_path):
    """Acid800's "POKEY: Serial port timing" on real hardware: timer 2 (AUDF1 = $DD: 228 cycles)
    restarted by STIMER in W, initialization mode left in W + 12, SEROUT written in W + 16; IRQST
    read 199 CPU cycles after the write shows nothing sent yet (bit 3 = 0), read a cycle later
    the byte in the shift register (bit 3 = 1)."""
    before = """
    lda #$00
    sta $D20F       ; SKCTL: initialization mode
    lda #$63
    sta $D20F       ; SKCTL: timer 2 clocks the output
"""
    assert _run(core, _serout_routine(0xDD, before, delay), monkeypatch, tmp_path) == irqst
