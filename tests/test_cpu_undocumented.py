"""The whole NMOS 6502 (the Atari's 6502C): the undocumented opcodes against a model written
from the documentation (tests/cpu_undoc_model.py), on both cores; the program counter
wrapping at $FFFF; the IRQ timing around CLI, SEI, PLP and RTI (AHRM 3.4)."""

from __future__ import annotations

import functools
import random

import pytest
from cpu_undoc_model import KIL, TABLE, State, execute
from hypothesis import given, settings
from hypothesis import strategies as st

from emulator.cpu import AtariCPU, compiled_core_available, instruction_table
from emulator.errors import CpuJam
from tests.emu_support import plain_cpu

needs_compiled = pytest.mark.skipif(not compiled_core_available(),
                                    reason="the compiled core is not built here: the Python core runs alone")
CORES = ["python", pytest.param("compiled", marks=needs_compiled)]
BOTH = ("python", "compiled") if compiled_core_available() else ("python",)
UNDOCUMENTED = sorted(TABLE)
IRQ_HANDLER = 0x0400


@functools.cache
def _cpu(core: str) -> AtariCPU:
    """One CPU per core for the generated cases (its memory is overwritten case by case)."""
    return plain_cpu(bytearray(0x10000), core)


def test_every_opcode_but_kil_has_a_handler() -> None:
    table = instruction_table()
    assert sorted(set(range(256)) - set(table)) == sorted(KIL)
    assert len(table) == 256 - 12
    assert {op for op, (name, _, _) in table.items() if name not in ("???",)} >= set(UNDOCUMENTED)


@pytest.mark.slow  # about 6 s: 4000 cases, two cores
@settings(max_examples=4000, deadline=None)
@given(
    opcode=st.sampled_from(UNDOCUMENTED),
    operands=st.binary(min_size=2, max_size=2),
    pc=st.integers(0x0000, 0xFFFF),
    registers=st.tuples(*[st.integers(0, 255)] * 5),
    seed=st.integers(0, 2**32 - 1),
)
def test_undocumented_opcodes_match_the_model_on_both_cores(opcode, operands, pc, registers, seed) -> None:
    """Registers, flags (decimal mode too), memory, the next PC and the cycles (page crossings)."""
    a, x, y, p, sp = registers
    memory = bytearray(random.Random(seed).randbytes(0x10000))
    memory[pc] = opcode
    memory[(pc + 1) & 0xFFFF] = operands[0]
    memory[(pc + 2) & 0xFFFF] = operands[1]
    model = State(a, x, y, p | 0x30, sp, bytearray(memory))
    cycles = execute(model, pc)
    expected = (model.pc, model.a, model.x, model.y, model.p, model.sp, cycles)
    for core in BOTH:
        cpu = _cpu(core)
        cpu.memory[:] = memory
        cpu.pc, cpu.a, cpu.x, cpu.y, cpu.p, cpu.sp = pc, a, x, y, p | 0x30, sp
        cpu.processorCycles = 0
        cpu.run(1)  # exactly one instruction
        got = (cpu.pc, cpu.a, cpu.x, cpu.y, cpu.p, cpu.sp, cpu.processorCycles)
        name = f"${opcode:02X} {TABLE[opcode]} on the {core} core"
        assert got == expected, name
        assert cpu.memory == model.memory, name


@pytest.mark.parametrize("core", CORES)
def test_shx_ands_the_high_byte_plus_one_and_a_page_crossing_moves_the_store(core: str) -> None:
    # SHX $1200,Y (Y=$10, X=$FF): $FF AND $13 stored at $1210, 5 cycles
    cpu = _run_at(core, {0x0600: b"\x9E\x00\x12"}, 0x0600, 1, x=0xFF, y=0x10)
    assert (cpu.memory[0x1210], cpu.processorCycles) == (0x13, 5)
    # SHX $12F0,Y (Y=$20, X=$05): $05 AND $13 = $01, which becomes the high byte: stored at $0110
    cpu = _run_at(core, {0x0600: b"\x9E\xF0\x12"}, 0x0600, 1, x=0x05, y=0x20)
    assert (cpu.memory[0x0110], cpu.memory[0x1310], cpu.processorCycles) == (0x01, 0x00, 5)


@pytest.mark.parametrize("core", CORES)
def test_unstable_immediates_and_las_as_documented_for_the_atari(core: str) -> None:
    cpu = _run_at(core, {0x0600: b"\x8B\x3C"}, 0x0600, 1, a=0xF0, x=0x9F)  # ANE #$3C: A AND X AND imm
    assert cpu.a == 0x10
    cpu = _run_at(core, {0x0600: b"\xAB\x3C"}, 0x0600, 1, a=0x0F)  # LXA #$3C: the immediate
    assert (cpu.a, cpu.x) == (0x3C, 0x3C)
    cpu = _run_at(core, {0x0600: b"\xBB\xF0\x12", 0x1310: b"\xF7"}, 0x0600, 1, y=0x20, sp=0x3E)
    assert (cpu.a, cpu.x, cpu.sp, cpu.processorCycles) == (0x36, 0x36, 0x36, 5)  # LAS, page crossed


@pytest.mark.parametrize("core", CORES)
@pytest.mark.parametrize("opcode", [op for op in KIL if op != 0x02] + [0x02])
def test_kil_jams_and_names_the_opcode_and_address(core: str, opcode: int) -> None:
    memory = bytearray(0x10000)
    memory[0x2000:0x2003] = bytes((0xEA, 0xEA, opcode))
    cpu = plain_cpu(memory, core)
    cpu.pc = 0x2000
    with pytest.raises(CpuJam, match=rf"CPU jam at \$2002: KIL opcode \${opcode:02X}"):
        cpu.run(100)


# ---------------------------------------------------------------------------
# The program counter wraps at $FFFF
# ---------------------------------------------------------------------------


def _run_at(core: str, code: dict[int, bytes], pc: int, instructions: int, **registers: int) -> AtariCPU:
    memory = bytearray(0x10000)
    for address, data in code.items():
        for offset, byte in enumerate(data):
            memory[(address + offset) & 0xFFFF] = byte
    cpu = plain_cpu(memory, core)
    cpu.pc = pc
    cpu.p = registers.pop("p", 0x34)
    for name, value in registers.items():
        setattr(cpu, name, value)
    cpu.processorCycles = 0
    for _ in range(instructions):
        cpu.run(cpu.processorCycles + 1)
    return cpu


@pytest.mark.parametrize("core", CORES)
def test_branch_at_fffe_wraps_to_page_zero(core: str) -> None:
    cpu = _run_at(core, {0xFFFE: bytes((0x30, 0x02))}, 0xFFFE, 1, p=0xB4)  # BMI +2 with N set
    assert (cpu.pc, cpu.processorCycles) == (0x0002, 3)
    cpu = _run_at(core, {0xFFFE: bytes((0x30, 0xFC))}, 0xFFFE, 1, p=0xB4)  # BMI -4: back across the wrap
    assert (cpu.pc, cpu.processorCycles) == (0xFFFC, 4)


@pytest.mark.parametrize("core", CORES)
def test_operands_past_ffff_come_from_page_zero(core: str) -> None:
    # LDA $1234 at $FFFF: the operand bytes are $0000 and $0001
    cpu = _run_at(core, {0xFFFF: b"\xAD", 0x0000: b"\x34\x12", 0x1234: b"\x5A"}, 0xFFFF, 1)
    assert (cpu.a, cpu.pc, cpu.processorCycles) == (0x5A, 0x0002, 4)
    # JSR $2000 at $FFFE: pushes $0000 (its last byte), runs on at $2000
    cpu = _run_at(core, {0xFFFE: b"\x20\x00", 0x0000: b"\x20"}, 0xFFFE, 1, sp=0xFF)
    assert (cpu.pc, cpu.sp, cpu.memory[0x1FF], cpu.memory[0x1FE]) == (0x2000, 0xFD, 0x00, 0x00)
    # NOP at $FFFF, then INX at $0000
    cpu = _run_at(core, {0xFFFF: b"\xEA", 0x0000: b"\xE8"}, 0xFFFF, 2, x=7)
    assert (cpu.pc, cpu.x, cpu.processorCycles) == (0x0001, 8, 4)


@pytest.mark.parametrize("core", CORES)
def test_zero_page_indexing_and_the_jmp_indirect_page_bug(core: str) -> None:
    # LDA $F0,X with X=$20 reads $0010; LDA ($FF,X) with X=0 takes its pointer from $FF and $00
    cpu = _run_at(core, {0x0600: b"\xB5\xF0", 0x0010: b"\x77"}, 0x0600, 1, x=0x20)
    assert cpu.a == 0x77
    cpu = _run_at(core, {0x0600: b"\xA1\xFF", 0x00FF: b"\x00", 0x0000: b"\x30", 0x3000: b"\x66"}, 0x0600, 1, x=0)
    assert cpu.a == 0x66
    # JMP ($10FF) takes the high byte from $1000, not $1100
    cpu = _run_at(core, {0x0600: b"\x6C\xFF\x10", 0x10FF: b"\x34", 0x1000: b"\x12", 0x1100: b"\x56"}, 0x0600, 1)
    assert cpu.pc == 0x1234


# ---------------------------------------------------------------------------
# IRQs around CLI, SEI, PLP, RTI (AHRM 3.4)
# ---------------------------------------------------------------------------


def _irq_cpu(core: str, code: bytes, p: int = 0x34, stack: bytes = b"") -> AtariCPU:
    """``code`` at $0600 with an IRQ pending; the IRQ handler at $0400 is a KIL-free NOP loop."""
    memory = bytearray(0x10000)
    memory[0x0600:0x0600 + len(code)] = code
    memory[IRQ_HANDLER:IRQ_HANDLER + 3] = bytes((0x4C, IRQ_HANDLER & 0xFF, IRQ_HANDLER >> 8))  # JMP *
    memory[0xFFFE:0x10000] = bytes((IRQ_HANDLER & 0xFF, IRQ_HANDLER >> 8))
    cpu = plain_cpu(memory, core)
    cpu.pc, cpu.p, cpu.sp = 0x0600, p, 0xFF - len(stack)
    memory[0x100 + cpu.sp + 1:0x100 + cpu.sp + 1 + len(stack)] = stack
    cpu.irq_line = True
    cpu.processorCycles = 0
    return cpu


def _irq_taken(cpu: AtariCPU) -> tuple[int, int] | None:
    """(return address, pushed P) if the IRQ handler runs, else None."""
    if cpu.pc != IRQ_HANDLER:
        return None
    stack = cpu.memory
    return stack[0x100 + cpu.sp + 2] | (stack[0x100 + cpu.sp + 3] << 8), stack[0x100 + cpu.sp + 1]


@pytest.mark.parametrize("core", CORES)
def test_cli_lets_one_more_instruction_run_before_the_irq(core: str) -> None:
    cpu = _irq_cpu(core, bytes((0x58, 0xE8, 0xE8)))  # CLI / INX / INX
    cpu.run(1)
    assert _irq_taken(cpu) == (0x0602, 0x20)  # after the first INX; I clear in the pushed flags
    assert cpu.x == 1 and cpu.processorCycles == 2 + 2 + 7


@pytest.mark.parametrize("core", CORES)
def test_cli_sei_lets_the_irq_in_with_i_set(core: str) -> None:
    cpu = _irq_cpu(core, bytes((0x58, 0x78, 0xE8)))  # CLI / SEI / INX
    cpu.run(1)
    assert _irq_taken(cpu) == (0x0602, 0x24)


@pytest.mark.parametrize("core", CORES)
def test_plp_clearing_i_delays_the_irq_and_plp_sei_holds_it_off(core: str) -> None:
    cpu = _irq_cpu(core, bytes((0x28, 0xE8, 0xE8)), stack=b"\x30")  # PLP (I clear) / INX
    cpu.run(1)
    assert _irq_taken(cpu) == (0x0602, 0x20) and cpu.x == 1
    cpu = _irq_cpu(core, bytes((0x28, 0x78, 0xE8)), stack=b"\x30")  # PLP (I clear) / SEI
    cpu.run(1)
    assert _irq_taken(cpu) is None and cpu.pc == 0x0602


@pytest.mark.parametrize("core", CORES)
def test_cli_then_plp_clearing_i_takes_the_irq_once(core: str) -> None:
    cpu = _irq_cpu(core, bytes((0x58, 0x28, 0xE8)), stack=b"\x30")  # CLI / PLP (I clear) / INX
    cpu.run(1)
    assert _irq_taken(cpu) == (0x0602, 0x20) and cpu.sp == 0xFC


@pytest.mark.parametrize("core", CORES)
def test_rti_clearing_i_takes_the_irq_at_once(core: str) -> None:
    cpu = _irq_cpu(core, bytes((0x40,)), stack=bytes((0x30, 0x00, 0x07)))  # RTI to $0700 with I clear
    cpu.memory[0x0700] = 0xE8
    cpu.run(1)
    assert _irq_taken(cpu) == (0x0700, 0x20) and cpu.x == 0


# ---------------------------------------------------------------------------
# An NMI in the first cycles of a BRK hijacks it (AHRM 3.4, "Overlapping interrupts")
# ---------------------------------------------------------------------------

NMI_HANDLER = 0x0500


def _after_brk(core: str) -> AtariCPU:
    """A CPU that has just run BRK at $0600 (IRQ vector $0400, NMI vector $0500)."""
    cpu = _irq_cpu(core, bytes((0x00, 0xFF, 0xE8)))
    cpu.memory[0xFFFA:0xFFFC] = bytes((NMI_HANDLER & 0xFF, NMI_HANDLER >> 8))
    cpu.irq_line = False
    cpu.run(1)
    assert cpu.pc == IRQ_HANDLER and cpu.sp == 0xFC
    return cpu


@pytest.mark.parametrize("core", CORES)
@pytest.mark.parametrize("late_by", [4, 5, 6])
def test_an_nmi_early_in_a_brk_takes_it_over(core: str, late_by: int) -> None:
    cpu = _after_brk(core)
    assert cpu.take_nmi(late_by) == 0
    assert (cpu.pc, cpu.sp) == (NMI_HANDLER, 0xFC)  # the BRK's pushes only
    assert (cpu.memory[0x1FF], cpu.memory[0x1FE], cpu.memory[0x1FD]) == (0x06, 0x02, 0x34 | 0x10)


@pytest.mark.parametrize("core", CORES)
def test_an_nmi_a_cycle_too_late_to_take_over_a_brk_is_lost(core: str) -> None:
    cpu = _after_brk(core)
    assert cpu.take_nmi(3) == 0
    assert (cpu.pc, cpu.sp) == (IRQ_HANDLER, 0xFC)


@pytest.mark.parametrize("core", CORES)
def test_an_nmi_late_in_a_brk_or_after_it_comes_after_it(core: str) -> None:
    cpu = _after_brk(core)
    assert cpu.take_nmi(2) == 7
    assert (cpu.pc, cpu.sp) == (NMI_HANDLER, 0xF9)
    assert (cpu.memory[0x1FC], cpu.memory[0x1FB]) == (IRQ_HANDLER >> 8, IRQ_HANDLER & 0xFF)
    cpu = _after_brk(core)
    cpu.run(cpu.processorCycles + 1)  # the handler's first instruction (JMP *)
    assert cpu.take_nmi(5) == 7 and cpu.sp == 0xF9


@pytest.mark.parametrize("core", CORES)
def test_an_nmi_early_in_an_irq_sequence_takes_it_over(core: str) -> None:
    cpu = _irq_cpu(core, bytes((0xE8,)), p=0x30)
    cpu.memory[0xFFFA:0xFFFC] = bytes((NMI_HANDLER & 0xFF, NMI_HANDLER >> 8))
    cpu.run(1)  # INX, then the run ends
    cpu.take_irq()
    assert cpu.take_nmi(5) == 0
    assert (cpu.pc, cpu.sp, cpu.memory[0x1FD]) == (NMI_HANDLER, 0xFC, 0x20)  # the IRQ's pushes, B clear
