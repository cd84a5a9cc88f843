"""The CPU (the core that runs: compiled, or Python with --python-core) against py65 itself,
the emulator traps, and CPU jams; the Python handlers always (step() runs them)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from py65.devices.mpu6502 import MPU

from emulator.cpu import KIL_OPCODES, AtariCPU
from emulator.errors import CpuJam
from emulator.machine import Machine
from tests.emu_support import plain_cpu, rom_with_code

pytestmark = pytest.mark.python_core

DOCUMENTED = [op for op in range(256) if MPU.disassemble[op][0] != "???"]
PY65_CYCLE_BUGS = {0xCE}  # py65 counts DEC abs as 3 cycles; the 6502 takes 6


def _plain_cpu(memory: bytearray) -> AtariCPU:
    """An AtariCPU whose I/O page behaves like RAM (tests/emu_support.py's plain_cpu)."""
    return plain_cpu(memory)


@settings(max_examples=1500, deadline=None)
@given(
    opcode=st.sampled_from(DOCUMENTED),
    operands=st.binary(min_size=2, max_size=2),
    pc=st.integers(0x0200, 0xFFF0),
    a=st.integers(0, 255), x=st.integers(0, 255), y=st.integers(0, 255),
    sp=st.integers(0, 255), p=st.integers(0, 255),
    seed=st.integers(0, 2**32 - 1),
)
@pytest.mark.slow
def test_every_documented_opcode_matches_py65(opcode, operands, pc, a, x, y, sp, p, seed):
    import random

    rng = random.Random(seed)
    memory = bytearray(rng.randbytes(0x10000))
    memory[pc] = opcode
    memory[pc + 1:pc + 3] = operands
    flags = p | 0x30
    if opcode in (0x69, 0x65, 0x75, 0x6D, 0x7D, 0x79, 0x61, 0x71, 0xE9, 0xE5, 0xF5, 0xED, 0xFD, 0xF9, 0xE1, 0xF1):
        flags &= ~0x08  # decimal mode is checked separately (py65 differs in flags)
    if opcode == 0x00:
        memory[pc + 1] |= 1  # not "BRK among zeros"

    reference = MPU(memory=bytearray(memory), pc=pc)
    ours = _plain_cpu(bytearray(memory))
    for cpu in (reference, ours):
        cpu.pc, cpu.a, cpu.x, cpu.y, cpu.sp, cpu.p = pc, a, x, y, sp, flags
        cpu.processorCycles = 0
    reference.step()
    ours.step()
    state = lambda c: (c.pc & 0xFFFF, c.a, c.x, c.y, c.sp, c.p)  # noqa: E731
    assert state(ours) == state(reference), f"opcode ${opcode:02X} {MPU.disassemble[opcode]}"
    assert ours.memory == reference.memory, f"opcode ${opcode:02X} memory"
    if opcode not in PY65_CYCLE_BUGS:
        assert ours.processorCycles == reference.processorCycles, f"opcode ${opcode:02X} cycles"


def _bcd(value: int) -> int:
    return ((value // 10) << 4) | (value % 10)


@pytest.mark.parametrize("opcode", [0x69, 0xE9])
def test_decimal_mode_adc_and_sbc_give_bcd_results(opcode):
    memory = bytearray(0x10000)
    cpu = _plain_cpu(memory)
    for first in range(0, 100, 7):
        for second in range(0, 100, 3):
            for carry in (0, 1):
                memory[0x0200:0x0202] = bytes((opcode, _bcd(second)))
                cpu.pc, cpu.a, cpu.p = 0x0200, _bcd(first), 0x38 | carry
                cpu.step()
                if opcode == 0x69:
                    total = first + second + carry
                    expected, expected_carry = total % 100, int(total >= 100)
                else:
                    total = first - second - (1 - carry)
                    expected, expected_carry = total % 100, int(total >= 0)
                assert (cpu.a, cpu.p & 1) == (_bcd(expected), expected_carry), (first, second, carry)


@pytest.mark.parametrize("opcode", KIL_OPCODES)
def test_kil_opcode_raises_cpu_jam_with_pc_and_disassembly(opcode):
    code = f"    lda #$12\n    ldx #$34\n    .byte ${opcode:02X}\n"
    machine = Machine(rom_with_code(code))
    with pytest.raises(CpuJam) as caught:
        machine.run_frames(1)
    message = str(caught.value)
    assert "$C004" in message  # the jam address: after LDA #, LDX #
    assert "KIL" in message
    assert "LDA #$12" in message and "LDX #$34" in message
    assert message.index("LDA #$12") < message.index("LDX #$34") and message.rstrip().endswith("KIL")


def test_trap_opcode_runs_its_python_function():
    memory = bytearray(0x10000)
    memory[0x0300:0x0303] = bytes((0x02, 0xE8, 0x02))  # trap, INX, (unregistered) $02
    cpu = _plain_cpu(memory)
    seen = []

    def trap(c: AtariCPU) -> int:
        seen.append(c.pc)
        c.pc += 1
        return 5

    cpu.traps[0x0300] = trap
    cpu.pc = 0x0300
    cpu.step()
    cpu.step()
    assert seen == [0x0300] and cpu.x == 1 and cpu.processorCycles == 7
    with pytest.raises(CpuJam):
        cpu.step()


def test_running_into_empty_memory_is_a_jam():
    machine = Machine(rom_with_code("    jmp $3000\n"))
    with pytest.raises(CpuJam, match="empty memory"):
        machine.run_frames(1)


def test_jmp_to_itself_with_interrupts_off_is_a_jam_but_not_with_vbi_on():
    stuck = Machine(rom_with_code("    sei\nhere:\n    jmp here\n"))
    with pytest.raises(CpuJam, match="jumps to itself"):
        stuck.run_frames(1)
    branching = Machine(rom_with_code("    sei\n    lda #0\nhere:\n    beq here\n"))
    with pytest.raises(CpuJam, match=r"\$C003"):
        branching.run_frames(1)
    waiting = Machine(rom_with_code("    lda #$40\n    sta $D40E\nhere:\n    jmp here\n"))
    waiting.run_frames(3)
    assert waiting.frames == 3


def test_undocumented_lax_and_sax():
    memory = bytearray(0x10000)
    memory[0x0200:0x0206] = bytes((0xA7, 0x10, 0x87, 0x11, 0xEA, 0xEA))  # LAX $10 / SAX $11
    memory[0x10] = 0xC3
    cpu = _plain_cpu(memory)
    cpu.pc = 0x0200
    cpu.step()
    assert cpu.a == cpu.x == 0xC3
    cpu.x = 0x0F
    cpu.step()
    assert memory[0x11] == 0x03


def test_call_bare_runs_a_routine_to_its_rts_and_counts_its_cycles() -> None:
    """LDA #5 / INX / RTS at $0600: 2 + 2 + 6 cycles, registers as the routine left them,
    the stack pointer as before; a routine that never returns is a runaway (CpuJam)."""
    import pytest

    from emulator.errors import CpuJam
    from emulator.headless import HeadlessAtari

    cpu = HeadlessAtari().machine.cpu
    cpu.memory[0x0600:0x0604] = bytes((0xA9, 0x05, 0xE8, 0x60))
    sp = cpu.sp
    assert cpu.call_bare(0x0600, x=7) == 10
    assert (cpu.a, cpu.x, cpu.sp) == (5, 8, sp)
    cpu.memory[0x0610:0x0613] = bytes((0x4C, 0x10, 0x06))  # JMP * (never returns)
    with pytest.raises(CpuJam, match="did not return within 100 cycles"):
        cpu.call_bare(0x0610, max_cycles=100)
    assert cpu.sp == sp
