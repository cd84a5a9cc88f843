"""The compiled 6502 core against the Python core (the reference) and py65.

* random instruction streams (every opcode with a handler, decimal mode, page crossings,
  I/O reads and writes that look at the cycle counter, stalls and STOPs, IRQs through
  CLI/PLP/RTI, NMIs between runs, traps, jams): both cores must leave the same registers,
  memory, cycle count, history and trace of I/O calls, or raise the same CpuJam;
* streams of documented opcodes against py65, one instruction at a time;
* whole programs (the OS booting, a BASIC program with RND and floating point, the
  6502 game) compared cycle for cycle: the same machine time, CPU cycles, RAM and screen.

These need the compiled core (pip builds it at install; where it could not be built they
are skipped and the suite runs on the Python core alone); `pytest --python-core` leaves them
out and runs the tests marked python_core on the Python core instead.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from py65.devices.mpu6502 import MPU

from emulator import cpu_cgen
from emulator.cpu import (
    KIL_OPCODES,
    STOP,
    TRAP_OPCODE,
    AtariCPU,
    choose_core,
    compiled_core_available,
    instruction_table,
)
from emulator.errors import CpuJam, EmulatorError
from tests.emu_support import plain_cpu

needs_compiled = pytest.mark.skipif(not compiled_core_available(),
                                    reason="the compiled core is not built here: the Python core runs alone")

OPCODES = sorted(instruction_table())
LENGTHS = {op: {"imp": 1, "acc": 1, "imm": 2, "zpg": 2, "zpx": 2, "zpy": 2, "rel": 2, "inx": 2, "iny": 2,
                "abs": 3, "abx": 3, "aby": 3, "ind": 3}[mode] for op, (_, mode, _) in instruction_table().items()}
PY65_CYCLE_BUGS = {0xCE}  # py65 counts DEC abs as 3 cycles; the 6502 takes 6
DECIMAL_SENSITIVE = {0x69, 0x65, 0x75, 0x6D, 0x7D, 0x79, 0x61, 0x71, 0xE9, 0xE5, 0xF5, 0xED, 0xFD, 0xF9, 0xE1, 0xF1}
#: documented opcodes whose effect py65 shares exactly when D is clear (no BRK, RTI, PLP, SED, interrupts)
PY65_STREAM_OPCODES = sorted(
    op for op in range(256)
    if MPU.disassemble[op][0] != "???" and op not in PY65_CYCLE_BUGS | {0x00, 0x40, 0x28, 0xF8}
)
IRQ_SWITCH = 0xD20E  # in these tests a write here (or a mirror: $D2xE) sets the IRQ line to bit 0 of the value
WSYNC = 0xD40A  # and a write here (or $D4xA) stops the run


def test_the_generated_switch_is_up_to_date() -> None:
    """emulator/_cpucore_ops.h is what emulator/cpu_cgen.py makes of cpu.py's table."""
    assert cpu_cgen.OUTPUT.read_text() == cpu_cgen.generate()


def test_an_unknown_core_name_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SURROUND_CPU", "fast")
    with pytest.raises(EmulatorError, match="SURROUND_CPU='fast'"):
        choose_core()


def test_surround_cpu_python_forces_the_python_core(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SURROUND_CPU", "python")
    assert AtariCPU(bytearray(0x10000)).cpu_core == "python"
    monkeypatch.setenv("SURROUND_CPU", "auto")
    assert AtariCPU(bytearray(0x10000)).cpu_core == ("compiled" if compiled_core_available() else "python")


def test_without_the_extension_the_python_core_runs_and_says_so_once(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    import emulator.cpu as cpu_module

    monkeypatch.setattr(cpu_module, "_compiled_module", lambda: (None, "No module named 'emulator._cpucore'"))
    monkeypatch.setattr(cpu_module, "_warned_about_fallback", False)
    monkeypatch.setenv("SURROUND_CPU", "auto")
    assert AtariCPU(bytearray(0x10000)).cpu_core == "python"
    assert AtariCPU(bytearray(0x10000)).cpu_core == "python"
    lines = capsys.readouterr().err.splitlines()
    assert lines == ["surround: compiled 6502 core not available (No module named 'emulator._cpucore'); "
                     "using the slower Python core"]
    monkeypatch.setenv("SURROUND_CPU", "compiled")
    with pytest.raises(EmulatorError, match="not built"):
        AtariCPU(bytearray(0x10000))


# ---------------------------------------------------------------------------
# Random instruction streams: compiled core against the Python core
# ---------------------------------------------------------------------------


def _traced_cpu(core: str, memory: bytearray, writable: bytearray, trace: list) -> AtariCPU:
    """A CPU whose I/O page answers from the cycle counter and logs every call to ``trace``."""
    cpu: AtariCPU

    def io_read(addr: int) -> int:
        value = (addr * 7 + cpu.processorCycles * 13 + len(trace)) & 0xFF
        trace.append(("read", addr, value, cpu.processorCycles, cpu.pc, cpu.a, cpu.x, cpu.y, cpu.p, cpu.sp))
        return value

    def write_special(addr: int, value: int) -> int:
        trace.append(("write", addr, value, cpu.processorCycles, cpu.pc, cpu.a, cpu.x, cpu.y, cpu.p, cpu.sp))
        if not 0xD000 <= addr < 0xD800:
            return 0  # ROM: ignored
        if addr & 0xFF0F == IRQ_SWITCH:
            cpu.irq_line = bool(value & 1)
        if addr & 0xFF0F == WSYNC:
            cpu.stop_reason = "wsync"
            return STOP
        return addr & 1  # an odd register stalls the CPU one cycle

    cpu = AtariCPU(memory, io_read, write_special, writable, core=core)
    cpu.jam_on_empty_memory = False
    return cpu


def _trap(cpu: AtariCPU) -> int:
    """A test trap: changes A and returns like RTS would not (just skips itself)."""
    cpu.a = (cpu.a + 1) & 0xFF
    cpu.pc = (cpu.pc + 1) & 0xFFFF
    return 5


def _run_slices(cpu: AtariCPU, slices: list[tuple[int, bool]]) -> tuple:
    """Run ``cpu`` slice by slice (cycles, NMI before it?); (events, error text)."""
    events = []
    try:
        for length, nmi in slices:
            if nmi:
                cpu.processorCycles += cpu.take_nmi()
            cpu.run(cpu.processorCycles + length)
            if cpu.processorCycles >= STOP:
                cpu.processorCycles -= STOP
                events.append(("stop", cpu.stop_reason, cpu.processorCycles))
                cpu.stop_reason = None
    except Exception as error:  # noqa: BLE001 - a jam, or whatever the reference core raises
        return events, f"{type(error).__name__}: {error}"
    return events, None


def _state(cpu: AtariCPU) -> tuple:
    return (cpu.pc, cpu.a, cpu.x, cpu.y, cpu.p, cpu.sp, cpu.processorCycles, cpu.irq_line, list(cpu.history),
            hashlib.sha1(cpu.memory).hexdigest())


@st.composite
def programs(draw: Callable) -> tuple[int, list[int], int, list[int]]:
    """(memory seed, instruction stream, its start, ROM pages) of a random program."""
    pool = OPCODES + [TRAP_OPCODE, 0x12] + [0x8D, 0x9D, 0x2C, 0xAD, 0xEE] * 4  # more stores and I/O
    stream = []
    for _ in range(draw(st.integers(1, 60))):
        opcode = draw(st.sampled_from(pool))
        stream.append(opcode)
        if draw(st.integers(0, 3)) == 0 and LENGTHS.get(opcode) == 3:  # an operand in the I/O page
            stream[-1] |= draw(st.sampled_from([0xD0, 0xD2, 0xD4, 0xD7])) << 8
    rom_pages = draw(st.lists(st.integers(0, 255), max_size=8))
    return draw(st.integers(0, 2**32 - 1)), stream, draw(st.integers(0x0000, 0xFFFF)), rom_pages


#: maps a random byte to an opcode with a handler, so that random memory runs on instead of jamming
RUNNABLE = bytes(OPCODES[value % len(OPCODES)] for value in range(256))


def _program_memory(seed: int, stream: list[int], start: int,
                    rom_pages: list[int]) -> tuple[bytearray, bytearray, list[int]]:
    """Random memory (bytes that are runnable opcodes) with ``stream`` at ``start`` (an entry above
    $FF also sets the operand's high byte); returns (memory, writable, addresses of the stream's
    $02 opcodes at even addresses: the traps)."""
    memory = bytearray(random.Random(seed).randbytes(0x10000).translate(RUNNABLE))
    pc = start
    traps = []
    for entry in stream:
        opcode = entry & 0xFF
        memory[pc] = opcode
        if opcode == TRAP_OPCODE and pc % 2 == 0:
            traps.append(pc)
        if entry >> 8:
            memory[(pc + 2) & 0xFFFF] = entry >> 8
        pc = (pc + LENGTHS.get(opcode, 1)) & 0xFFFF
    writable = bytearray([1] * 256)
    for page in list(range(0xD0, 0xD8)) + rom_pages:
        writable[page] = 0
    return memory, writable, traps


@needs_compiled
@settings(max_examples=400, deadline=None)
@given(
    program=programs(),
    registers=st.tuples(*[st.integers(0, 255)] * 5),
    irq=st.booleans(),
    slices=st.lists(st.tuples(st.integers(1, 400), st.booleans()), min_size=1, max_size=6),
)
@pytest.mark.slow
def test_random_streams_run_alike_on_both_cores(program, registers, irq, slices) -> None:
    _assert_cores_alike(program, registers, irq, slices)


@needs_compiled
@settings(max_examples=200, deadline=None)
@given(
    program=programs(),
    top=st.integers(0xFFF0, 0xFFFF),
    registers=st.tuples(*[st.integers(0, 255)] * 5),
    irq=st.booleans(),
    slices=st.lists(st.tuples(st.integers(1, 400), st.booleans()), min_size=1, max_size=6),
)
def test_streams_across_ffff_run_alike_on_both_cores(program, top, registers, irq, slices) -> None:
    """Streams that start just below $FFFF: operands and the PC wrap to $0000 alike."""
    seed, stream, _, rom_pages = program
    _assert_cores_alike((seed, stream, top, rom_pages), registers, irq, slices)


def _assert_cores_alike(program: tuple, registers: tuple, irq: bool, slices: list) -> None:
    """Run ``program`` on both cores: the same jams, STOPs, I/O calls, registers, cycles, memory."""
    memory, writable, traps = _program_memory(*program)
    start = program[2]
    a, x, y, p, sp = registers
    results = []
    for core in ("python", "compiled"):
        trace: list = []
        cpu = _traced_cpu(core, bytearray(memory), bytearray(writable), trace)
        cpu.pc, cpu.a, cpu.x, cpu.y, cpu.p, cpu.sp = start, a, x, y, p | 0x30, sp
        cpu.irq_line = irq
        for address in traps:  # the other $02 opcodes jam
            cpu.traps[address] = _trap
        events, error = _run_slices(cpu, slices)
        results.append((events, error, trace, _state(cpu)))
    python, compiled = results
    assert compiled[1] == python[1]  # the same jam (message with PC and disassembly), or none
    assert compiled[0] == python[0]  # the same STOPs at the same cycles
    assert compiled[2] == python[2]  # the same I/O calls, with the same cycle counts and registers
    assert compiled[3] == python[3]  # the same registers, cycles, history and memory


@needs_compiled
@pytest.mark.parametrize("opcode", [op for op in KIL_OPCODES if op != TRAP_OPCODE] + [0x02, 0x03, 0xFF])
def test_jams_are_the_same_on_both_cores(opcode: int) -> None:
    messages = []
    for core in ("python", "compiled"):
        memory = bytearray(0x10000)
        memory[0x2000:0x2004] = bytes((0xA9, 0x05, 0xEA, opcode))
        cpu = AtariCPU(memory, core=core)
        cpu.pc = 0x2000
        with pytest.raises(CpuJam) as error:
            cpu.run(1000)
        messages.append((str(error.value), cpu.pc, cpu.processorCycles))
    assert messages[0] == messages[1]


@needs_compiled
@pytest.mark.parametrize("code", [bytes((0xEA, 0xEA, 0xEA, 0xEA)), bytes((0xEA, 0xEA, 0x20, 0x00)),
                                  bytes((0xEA, 0xEA, 0xAD, 0x00)), bytes((0xEA, 0xEA, 0xEA, 0xD0))])
def test_running_past_ffff_wraps_alike_on_both_cores(code: bytes) -> None:
    """NOPs into $10000; JSR, LDA abs and a branch whose operands lie past $FFFF: PC wraps."""
    states = []
    for core in ("python", "compiled"):
        memory = bytearray(random.Random(7).randbytes(0x10000).translate(RUNNABLE))
        memory[0xFFFC:0x10000] = code
        cpu = AtariCPU(memory, core=core)
        cpu.jam_on_empty_memory = False
        cpu.pc = 0xFFFC
        cpu.run(40)
        states.append(_state(cpu))
    assert states[0] == states[1]


# ---------------------------------------------------------------------------
# The compiled core against py65
# ---------------------------------------------------------------------------


def _plain_cpu(memory: bytearray) -> AtariCPU:
    """A compiled-core CPU whose I/O page behaves like RAM (tests/emu_support.py's plain_cpu)."""
    return plain_cpu(memory, "compiled")


@needs_compiled
@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    stream=st.lists(st.tuples(st.sampled_from(PY65_STREAM_OPCODES), st.binary(min_size=2, max_size=2)),
                    min_size=1, max_size=40),
    pc=st.integers(0x0200, 0xF000),
    registers=st.tuples(*[st.integers(0, 255)] * 5),
)
@pytest.mark.slow
def test_documented_streams_match_py65(seed, stream, pc, registers) -> None:
    rng = random.Random(seed)
    memory = bytearray(rng.randbytes(0x10000))
    address = pc
    for opcode, operands in stream:
        memory[address] = opcode
        memory[address + 1:address + 3] = operands
        address += LENGTHS[opcode]
    a, x, y, sp, p = registers
    reference = MPU(memory=bytearray(memory), pc=pc)
    ours = _plain_cpu(bytearray(memory))
    for cpu in (reference, ours):
        cpu.pc, cpu.a, cpu.x, cpu.y, cpu.sp, cpu.p = pc, a, x, y, sp, (p | 0x30) & ~0x08
        cpu.processorCycles = 0
    for _ in range(len(stream) * 2):  # branches and jumps may go anywhere in the random memory
        opcode = ours.memory[ours.pc]
        if opcode not in PY65_STREAM_OPCODES or ours.pc > 0xFFF0:
            break
        reference.step()
        ours.run(ours.processorCycles + 1)  # exactly one instruction
        state = (ours.pc, ours.a, ours.x, ours.y, ours.sp, ours.p, ours.processorCycles)
        assert state == (reference.pc, reference.a, reference.x, reference.y, reference.sp, reference.p,
                         reference.processorCycles), f"after ${opcode:02X} {MPU.disassemble[opcode]}"
    assert ours.memory == reference.memory


def _bcd(value: int) -> int:
    return ((value // 10) << 4) | (value % 10)


@needs_compiled
@pytest.mark.parametrize("opcode", [0x69, 0xE9])
def test_decimal_mode_is_the_same_on_both_cores_for_every_operand(opcode: int) -> None:
    """All 256 x 256 x 2 (A, operand, carry) of decimal ADC/SBC: A and P alike on both cores."""
    results = {}
    for core in ("python", "compiled"):
        memory = bytearray(0x10000)
        cpu = AtariCPU(memory, core=core)
        out = bytearray()
        for value in range(256):
            memory[0x1000:0x1002] = bytes((opcode, value))
            for a in range(256):
                for carry in (0, 1):
                    cpu.pc, cpu.a, cpu.p, cpu.processorCycles = 0x1000, a, 0x38 | carry, 0
                    cpu.run(1)
                    out += bytes((cpu.a, cpu.p))
        results[core] = bytes(out)
    assert results["compiled"] == results["python"]
    # and the results are BCD sums where the inputs are BCD
    cpu = AtariCPU(bytearray(0x10000), core="compiled")
    cpu.memory[0x1000:0x1002] = bytes((opcode, _bcd(38)))
    cpu.pc, cpu.a, cpu.p = 0x1000, _bcd(45), 0x39
    cpu.run(1)
    assert cpu.a == (_bcd(84) if opcode == 0x69 else _bcd(7))


# ---------------------------------------------------------------------------
# Whole programs, cycle for cycle
# ---------------------------------------------------------------------------


def _machine_state(atari) -> tuple:
    machine = atari.machine
    cpu = machine.cpu
    return (machine.cycles, machine.cpu_cycles, machine.frames, cpu.pc, cpu.a, cpu.x, cpu.y, cpu.p, cpu.sp,
            hashlib.sha1(machine.memory.ram).hexdigest(), atari.screen_text(),
            hashlib.sha1(machine.frame_colours().tobytes()).hexdigest())


def _on_both_cores(monkeypatch: pytest.MonkeyPatch, scenario: Callable) -> list:
    states = []
    for core in ("python", "compiled"):
        monkeypatch.setenv("SURROUND_CPU", core)
        states.append(scenario())
    return states


@needs_compiled
@pytest.mark.parametrize("video", ["ntsc", "pal"])
def test_the_os_boots_alike_on_both_cores(monkeypatch: pytest.MonkeyPatch, video: str) -> None:
    """Also PAL's 312-line frames: the compiled core takes a frame's length from the DMA timeline."""
    from emulator.headless import HeadlessAtari

    def boot() -> tuple:
        atari = HeadlessAtari(video=video)
        assert atari.machine.cpu.cpu_core == __import__("os").environ["SURROUND_CPU"]
        assert atari.boot()
        atari.type_text("HELLO\n")
        atari.run_frames(30)
        return _machine_state(atari)

    python, compiled = _on_both_cores(monkeypatch, boot)
    assert compiled == python


BASIC_PROGRAM = (
    "10 S=0:R=0\n"
    "20 FOR N=1 TO 3:A=N\n"
    "30 FOR I=1 TO 4:A=SQR(A):R=R+RND(0):NEXT I\n"
    "40 FOR I=1 TO 4:A=A*A:NEXT I\n"
    "50 S=S+A:POKE 712,PEEK(53770):NEXT N\n"
    "60 PRINT S-3;\" \";R\n"
    "RUN\n"
)


@needs_compiled
def test_a_basic_program_with_rnd_runs_alike_on_both_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    """Floating point (decimal mode), RND and PEEK(RANDOM) (read mid-chunk from the cycle counter)."""
    from emulator.headless import HeadlessAtari

    def run() -> tuple:
        atari = HeadlessAtari(basic_rom="free", seed=3)
        assert atari.boot()
        atari.type_text(BASIC_PROGRAM, max_frames_per_key=3000)
        assert atari.run_until_idle(3000)
        return _machine_state(atari)

    python, compiled = _on_both_cores(monkeypatch, run)
    assert "READY" in compiled[10]
    assert compiled == python


@needs_compiled
def test_the_6502_game_plays_alike_on_both_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    from host.engines.asm import AsmEngine
    from host.engines.harness import LockstepChecker
    from host.game.players import RandomSheep

    def play() -> tuple:
        engine = AsmEngine(seed=4)
        LockstepChecker(engine, RandomSheep(seed=9)).run(1)
        return _machine_state(engine.atari)

    python, compiled = _on_both_cores(monkeypatch, play)
    assert compiled == python


def _timed_rom(wsync: bool = True) -> bytes:
    """A ROM that writes and reads an I/O page of the test ($D100), waits on WSYNC (or not) and
    takes VBIs."""
    from emulator.bench import bench_rom

    rom = bytearray(bench_rom())
    loop = bytes((
        0x8D, 0x00, 0xD1,  # C01F LOOP: STA $D100   (schedules an event)
        0xA2, 0x07,        #            LDX #7
        0xCA,              # C024 WAIT: DEX
        0xD0, 0xFD,        #            BNE WAIT
        0xAD, 0x01, 0xD1,  #            LDA $D101   (real time, low byte)
        0x65, 0x80,        #            ADC $80
        0x85, 0x80,        #            STA $80
        0x8D, 0x0A, 0xD4,  #            STA WSYNC   (or NOP NOP NOP)
        0x4C, 0x1F, 0xC0,  #            JMP LOOP
    ))
    if not wsync:
        loop = loop.replace(bytes((0x8D, 0x0A, 0xD4)), bytes((0xEA, 0xEA, 0xEA)))
    rom[0x001F:0x001F + len(loop)] = loop
    return bytes(rom)


@needs_compiled
def test_events_scheduled_from_io_callbacks_fire_alike_on_both_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    """A chip that schedules a timed event from a register write (as POKEY's timers do): the
    compiled core's long runs of chunks must end where the Python loop's chunks do."""
    from emulator.machine import Machine

    def run() -> tuple:
        machine = Machine(_timed_rom())
        log: list[tuple[int, int]] = []

        def fired(cycle: int) -> None:
            log.append((cycle, machine.cycles, machine.memory.ram[0x80]))

        def write(addr: int, value: int) -> int:
            machine.schedule(machine.real_cycle() + 40 + value * 3, fired)
            return 0

        machine.memory.attach_io(1, lambda addr: machine.real_cycle() & 0xFF, write)
        machine.run_frames(30)
        assert machine.cpu.cpu_core == __import__("os").environ["SURROUND_CPU"]
        return log, machine.cycles, machine.cpu_cycles, bytes(machine.memory.ram), machine.cpu.pc

    python, compiled = _on_both_cores(monkeypatch, run)
    assert len(compiled[0]) > 1000
    assert compiled == python


@needs_compiled
def test_a_dma_timeline_changed_mid_frame_counts_alike_on_both_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    """Should a chip re-plan the frame's DMA from a register write, the compiled core's runs
    of chunks must pick the new timeline up where the Python loop does."""
    from emulator.dma import timeline
    from emulator.machine import Machine

    def run() -> tuple:
        machine = Machine(_timed_rom(wsync=False))
        writes = [0]

        def write(addr: int, value: int) -> int:
            writes[0] += 1
            if writes[0] % 7 == 0:  # every 7th write: player/missile DMA switched on or off
                dmactl = 0x3E if writes[0] % 14 else 0x22
                machine.dma = timeline(machine.antic.display_list, dmactl)
            return 0

        machine.memory.attach_io(1, lambda addr: machine.real_cycle() & 0xFF, write)
        machine.run_frames(20)
        return machine.cycles, machine.cpu_cycles, bytes(machine.memory.ram), machine.cpu.pc, writes[0]

    python, compiled = _on_both_cores(monkeypatch, run)
    assert compiled == python


@needs_compiled
def test_bare_routine_calls_count_alike_on_both_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    """call_bare (the math pack's harness and `bench --fp`): every routine's cycles and the
    registers, memory and untouched processorCycles alike on both cores."""
    from emulator.machine import Machine
    from emulator.rom import ROMS

    def run() -> tuple:
        machine = Machine(ROMS.free_os.read_bytes())
        cpu, ram = machine.cpu, machine.memory.ram
        results = []
        for value in range(0, 256, 5):  # IFP (integer in FR0 to floating point), then FASC
            ram[0xD4], ram[0xD5] = value, value ^ 0x5A
            results.append(cpu.call_bare(0xD9AA))
            results.append(cpu.call_bare(0xD8E6))
            results.append((cpu.a, cpu.x, cpu.y, cpu.p, cpu.sp, cpu.processorCycles, bytes(ram[0x580:0x5A0])))
        with pytest.raises(CpuJam, match="did not return within 50 cycles"):
            cpu.call_bare(0xD8E6, max_cycles=50)
        return results, hashlib.sha1(ram).hexdigest(), list(cpu.history)

    python, compiled = _on_both_cores(monkeypatch, run)
    assert compiled == python


@pytest.mark.slow
@needs_compiled
def test_the_basic_game_plays_alike_on_both_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Surround game in Atari BASIC on the free BASIC: a game against a random sheep."""
    from host.engines.basic import BasicEngine
    from host.engines.harness import LockstepChecker
    from host.game.players import RandomSheep

    def play() -> tuple:
        engine = BasicEngine(seed=2)
        try:
            # (the wolf's RND reads POKEY's RANDOM, so the games follow the machine's timing: two
            # games, so that any timing gives more than a few wolf moves to compare)
            summary = LockstepChecker(engine, RandomSheep(seed=6)).run(2)
            assert summary.mismatches == 0 and summary.wolf_moves > 5
            outcome = (summary.wolf_moves, summary.wolf_wins, summary.learned, summary.final_blacklist)
            return outcome, _machine_state(engine.atari)
        finally:
            engine.close()

    python, compiled = _on_both_cores(monkeypatch, play)
    assert compiled == python


def _random_program_rom(nmien: int, dli_rows: list[int], seed: int) -> bytes:
    """bench_rom's start-up (display list, NMIEN = ``nmien``, DLIs on ``dli_rows``), then JMP $2000;
    the rest of the ROM (the character set at $E000 too) random runnable bytes."""
    from emulator.bench import bench_rom

    rom = bytearray(bench_rom())
    rom[0x001A] = nmien  # LDA #nmien / STA NMIEN
    rom[0x001F:0x0022] = bytes((0x4C, 0x00, 0x20))  # JMP $2000
    for row in dli_rows:  # mode lines of the display list at $C100 (after 3 blank lines and the LMS)
        rom[0x0106 + row] |= 0x80
    filler = random.Random(seed).randbytes(len(rom)).translate(RUNNABLE)
    used = [(0x0000, 0x0080), (0x0100, 0x0120), (0x3FFA, 0x4000)]  # code, display list, vectors
    for index in range(len(rom)):
        if not any(start <= index < end for start, end in used):
            rom[index] = filler[index]
    return bytes(rom)


@needs_compiled
@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    nmien=st.sampled_from([0x00, 0x40, 0xC0]),
    dli_rows=st.lists(st.integers(0, 22), max_size=4),
    frames=st.integers(1, 12),
    key_frame=st.integers(0, 12),
)
@pytest.mark.slow
def test_random_programs_on_the_machine_run_alike(seed, nmien, dli_rows, frames, key_frame) -> None:
    """Random runnable code in RAM on the whole machine (DMA, VBI and DLI NMIs, WSYNC, I/O
    registers, banking, a key's IRQ): the same machine time, screen, RAM, or the same jam."""
    from emulator.machine import Machine

    code = random.Random(seed).randbytes(0xC000).translate(RUNNABLE)

    def run() -> tuple:
        machine = Machine(_random_program_rom(nmien, dli_rows, seed))
        machine.memory.ram[0x0000:0xC000] = code
        error = None
        try:
            for frame in range(frames):
                if frame == key_frame:
                    machine.key_down(0x12, hold_frames=2)
                machine.run_frames(1)
        except CpuJam as jam:
            error = str(jam)
        cpu = machine.cpu
        return (error, machine.cycles, machine.cpu_cycles, machine.frames, cpu.pc, cpu.a, cpu.x, cpu.y, cpu.p,
                cpu.sp, list(cpu.history), hashlib.sha1(machine.memory.ram).hexdigest(),
                hashlib.sha1(machine.frame_colours().tobytes()).hexdigest())

    with pytest.MonkeyPatch.context() as monkeypatch:
        python, compiled = _on_both_cores(monkeypatch, run)
    assert compiled == python


@needs_compiled
@pytest.mark.parametrize("sp", [0x00, 0x01, 0x02, 0x03])
def test_jsr_whose_pushes_overwrite_its_own_operand_acts_like_py65(sp: int) -> None:
    """JSR in the stack page: the return address is pushed before the target is read (as py65)."""
    results = []
    for cpu in (MPU(memory=bytearray(0x10000), pc=0x0100), AtariCPU(bytearray(0x10000), core="python"),
                AtariCPU(bytearray(0x10000), core="compiled")):
        cpu.memory[0x0100:0x0103] = bytes((0x20, 0x34, 0x12))
        cpu.pc, cpu.sp, cpu.processorCycles = 0x0100, sp, 0
        if isinstance(cpu, AtariCPU):
            cpu.run(1)
        else:
            cpu.step()
        results.append((cpu.pc, cpu.sp, cpu.processorCycles, bytes(cpu.memory[0x100:0x104])))
    assert results[0] == results[1] == results[2]
