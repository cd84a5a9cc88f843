"""A reference model of the NMOS 6502's undocumented opcodes, written from the documentation
and independent of emulator/cpu.py, for tests/test_cpu_undocumented.py.

Sources (facts only):
* Altirra Hardware Reference Manual (AHRM), 3.5 "Undocumented instructions": the opcode
  table, what each instruction does, the unstable ones as seen on the Atari; 3.4: "a delay
  of 8 cycles is possible with undocumented read-modify-write instructions that use
  indirect indexed or indexed indirect mode".
* "6502 undocumented opcodes" (64doc, J. West and M. Mäkelä): ARR's flags and decimal mode.
* B. Clark, "Decimal mode" (6502.org tutorial), appendix A: the NMOS decimal ADC and SBC
  (sequences 1-3), which RRA and ISC run after their rotate or increment.

``execute(state, pc)`` runs the instruction at ``pc`` on a ``State`` (registers and a flat
64 KiB memory: no I/O) and returns its cycles.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

C, Z, D, V, N = 0x01, 0x02, 0x08, 0x40, 0x80  # the P flags the model changes

#: ANE: A AND X AND imm (AHRM 3.5); LXA: the immediate into A and X, "without the bitwise
#: AND on an Atari 800" (AHRM 3.5)
ANE_CONSTANT = 0x00
LXA_CONSTANT = 0xFF


@dataclass
class State:
    """The registers and memory the model changes."""

    a: int
    x: int
    y: int
    p: int
    sp: int
    memory: bytearray
    pc: int = 0


@dataclass
class Operand:
    """Where an instruction's operand is: its address (None for immediate), the value for
    immediate, the base address before indexing and whether indexing crossed a page."""

    address: int | None
    immediate: int
    base: int
    crossed: bool


def _byte(state: State, address: int) -> int:
    return state.memory[address & 0xFFFF]


def _word_in_zero_page(state: State, zp: int) -> int:
    return _byte(state, zp & 0xFF) | (_byte(state, (zp + 1) & 0xFF) << 8)


def _indexed(base: int, index: int) -> Operand:
    address = (base + index) & 0xFFFF
    return Operand(address, 0, base, (address ^ base) & 0xFF00 != 0)


def operand(state: State, mode: str, pc: int) -> Operand:
    """The operand of the instruction at ``pc`` in addressing ``mode``."""
    first = _byte(state, pc + 1)
    absolute = first | (_byte(state, pc + 2) << 8)
    if mode == "imm":
        return Operand(None, first, 0, False)
    if mode == "zpg":
        return Operand(first, 0, first, False)
    if mode in ("zpx", "zpy"):
        address = (first + (state.x if mode == "zpx" else state.y)) & 0xFF
        return Operand(address, 0, first, False)
    if mode == "abs":
        return Operand(absolute, 0, absolute, False)
    if mode == "abx":
        return _indexed(absolute, state.x)
    if mode == "aby":
        return _indexed(absolute, state.y)
    if mode == "inx":
        address = _word_in_zero_page(state, first + state.x)
        return Operand(address, 0, address, False)
    if mode == "iny":
        return _indexed(_word_in_zero_page(state, first), state.y)
    return Operand(None, 0, 0, False)  # implied


LENGTH = {"imp": 1, "imm": 2, "zpg": 2, "zpx": 2, "zpy": 2, "inx": 2, "iny": 2, "abs": 3, "abx": 3, "aby": 3}

# ---------------------------------------------------------------------------
# The documented operations the undocumented ones are made of
# ---------------------------------------------------------------------------


def set_nz(state: State, value: int) -> None:
    state.p = (state.p & ~(N | Z)) | (value & N) | (Z if value == 0 else 0)


def set_flag(state: State, flag: int, on: bool) -> None:
    state.p = (state.p | flag) if on else (state.p & ~flag)


def adc(state: State, value: int) -> None:
    """ADC: binary, or NMOS decimal (Clark, sequences 1 and 2; Z from the binary sum)."""
    carry = state.p & C
    binary = state.a + value + carry
    if not state.p & D:
        set_flag(state, V, bool(~(state.a ^ value) & (state.a ^ binary) & 0x80))
        set_flag(state, C, binary > 0xFF)
        state.a = binary & 0xFF
        set_nz(state, state.a)
        return
    low = (state.a & 0x0F) + (value & 0x0F) + carry
    if low >= 0x0A:
        low = ((low + 0x06) & 0x0F) + 0x10
    total = (state.a & 0xF0) + (value & 0xF0) + low
    signed = _signed(state.a & 0xF0) + _signed(value & 0xF0) + low
    set_flag(state, N, bool(total & 0x80))
    set_flag(state, V, not -128 <= signed <= 127)
    set_flag(state, Z, binary & 0xFF == 0)
    if total >= 0xA0:
        total += 0x60
    set_flag(state, C, total >= 0x100)
    state.a = total & 0xFF


def _signed(value: int) -> int:
    return value - 0x100 if value & 0x80 else value


def sbc(state: State, value: int) -> None:
    """SBC: flags from the binary difference; in decimal mode A as Clark's sequence 3."""
    borrow = 1 - (state.p & C)
    binary = state.a - value - borrow
    result = binary & 0xFF
    set_flag(state, V, bool((state.a ^ value) & (state.a ^ result) & 0x80))
    set_flag(state, C, binary >= 0)
    set_nz(state, result)
    if state.p & D:
        low = (state.a & 0x0F) - (value & 0x0F) - borrow
        if low < 0:
            low = ((low - 0x06) & 0x0F) - 0x10
        total = (state.a & 0xF0) - (value & 0xF0) + low
        if total < 0:
            total -= 0x60
        result = total & 0xFF
    state.a = result


def compare(state: State, register: int, value: int) -> None:
    set_flag(state, C, register >= value)
    set_nz(state, (register - value) & 0xFF)


# read-modify-write steps: old value -> new value (and C where the instruction sets it)
def asl(state: State, value: int) -> int:
    set_flag(state, C, bool(value & 0x80))
    return (value << 1) & 0xFF


def lsr(state: State, value: int) -> int:
    set_flag(state, C, bool(value & 1))
    return value >> 1


def rol(state: State, value: int) -> int:
    carry = state.p & C
    set_flag(state, C, bool(value & 0x80))
    return ((value << 1) | carry) & 0xFF


def ror(state: State, value: int) -> int:
    carry = state.p & C
    set_flag(state, C, bool(value & 1))
    return (value >> 1) | (carry << 7)


def increment(state: State, value: int) -> int:
    return (value + 1) & 0xFF


def decrement(state: State, value: int) -> int:
    return (value - 1) & 0xFF


# ---------------------------------------------------------------------------
# The undocumented instructions
# ---------------------------------------------------------------------------


def _ora(state: State, value: int) -> None:
    state.a |= value
    set_nz(state, state.a)


def _and(state: State, value: int) -> None:
    state.a &= value
    set_nz(state, state.a)


def _eor(state: State, value: int) -> None:
    state.a ^= value
    set_nz(state, state.a)


#: SLO = ASL + ORA, RLA = ROL + AND, SRE = LSR + EOR, RRA = ROR + ADC, DCP = DEC + CMP,
#: ISC = INC + SBC (AHRM 3.5: the RMW result is the ALU instruction's argument)
COMBINED: dict[str, tuple[Callable[[State, int], int], Callable[[State, int], None]]] = {
    "SLO": (asl, _ora), "RLA": (rol, _and), "SRE": (lsr, _eor), "RRA": (ror, adc),
    "DCP": (decrement, lambda state, value: compare(state, state.a, value)), "ISC": (increment, sbc),
}
COMBINED_CYCLES = {"zpg": 5, "zpx": 6, "abs": 6, "abx": 7, "aby": 7, "inx": 8, "iny": 8}


def arr(state: State, value: int) -> None:
    """AND, then ROR A; C and V from bits 6 and 5 (binary) or the 64doc decimal fix-up."""
    anded = state.a & value
    rotated = (anded >> 1) | ((state.p & C) << 7)
    set_nz(state, rotated)
    if not state.p & D:
        set_flag(state, C, bool(rotated & 0x40))
        set_flag(state, V, bool(((rotated >> 6) ^ (rotated >> 5)) & 1))
        state.a = rotated
        return
    set_flag(state, V, bool((anded ^ rotated) & 0x40))
    if (anded & 0x0F) + (anded & 0x01) > 5:
        rotated = (rotated & 0xF0) | ((rotated + 6) & 0x0F)
    high_fix = (anded & 0xF0) + (anded & 0x10) > 0x50
    if high_fix:
        rotated = (rotated + 0x60) & 0xFF
    set_flag(state, C, high_fix)
    state.a = rotated


def anc(state: State, value: int) -> None:
    _and(state, value)
    set_flag(state, C, bool(state.a & 0x80))


def alr(state: State, value: int) -> None:
    state.a = lsr(state, state.a & value)
    set_nz(state, state.a)


def ane(state: State, value: int) -> None:
    state.a = (state.a | ANE_CONSTANT) & state.x & value
    set_nz(state, state.a)


def lxa(state: State, value: int) -> None:
    state.a = state.x = (state.a | LXA_CONSTANT) & value
    set_nz(state, state.a)


def sbx(state: State, value: int) -> None:
    """X = (A AND X) - imm, flags as CMP (no borrow in, no decimal mode)."""
    anded = state.a & state.x
    compare(state, anded, value)
    state.x = (anded - value) & 0xFF


def lax(state: State, value: int) -> None:
    state.a = state.x = value
    set_nz(state, value)


def las(state: State, value: int) -> None:
    state.a = state.x = state.sp = value & state.sp
    set_nz(state, state.a)


def nop(state: State, value: int) -> None:
    pass


READS: dict[str, Callable[[State, int], None]] = {
    "ARR": arr, "ANC": anc, "ALR": alr, "ANE": ane, "LXA": lxa, "SBX": sbx, "LAX": lax, "LAS": las,
    "NOP": nop, "SBC": sbc,
}
READ_CYCLES = {"imp": 2, "imm": 2, "zpg": 3, "zpx": 4, "zpy": 4, "abs": 4, "abx": 4, "aby": 4, "inx": 6, "iny": 5}


def _high_byte_store(state: State, mnemonic: str, where: Operand) -> None:
    """SHA SHX SHY TAS: register(s) AND (base high byte + 1); a page crossing puts the value
    into the address's high byte (AHRM 3.5)."""
    if mnemonic == "TAS":
        state.sp = state.a & state.x
    register = {"SHA": state.a & state.x, "SHX": state.x, "SHY": state.y, "TAS": state.sp}[mnemonic]
    value = register & ((where.base >> 8) + 1) & 0xFF
    assert where.address is not None
    address = where.address
    if where.crossed:
        address = (address & 0xFF) | (value << 8)
    state.memory[address] = value


# ---------------------------------------------------------------------------
# The opcode table (AHRM 3.5, table 2)
# ---------------------------------------------------------------------------

TABLE: dict[int, tuple[str, str]] = {}
for _row, _name in ((0x00, "SLO"), (0x20, "RLA"), (0x40, "SRE"), (0x60, "RRA"), (0xC0, "DCP"), (0xE0, "ISC")):
    for _column, _mode in ((0x03, "inx"), (0x07, "zpg"), (0x0F, "abs"), (0x13, "iny"), (0x17, "zpx"),
                           (0x1B, "aby"), (0x1F, "abx")):
        TABLE[_row + _column] = (_name, _mode)
for _opcode in (0x1A, 0x3A, 0x5A, 0x7A, 0xDA, 0xFA):
    TABLE[_opcode] = ("NOP", "imp")
for _opcode in (0x80, 0x82, 0x89, 0xC2, 0xE2):
    TABLE[_opcode] = ("NOP", "imm")
for _opcode in (0x04, 0x44, 0x64):
    TABLE[_opcode] = ("NOP", "zpg")
for _opcode in (0x14, 0x34, 0x54, 0x74, 0xD4, 0xF4):
    TABLE[_opcode] = ("NOP", "zpx")
TABLE[0x0C] = ("NOP", "abs")
for _opcode in (0x1C, 0x3C, 0x5C, 0x7C, 0xDC, 0xFC):
    TABLE[_opcode] = ("NOP", "abx")
TABLE.update({
    0xA3: ("LAX", "inx"), 0xA7: ("LAX", "zpg"), 0xAF: ("LAX", "abs"), 0xB3: ("LAX", "iny"),
    0xB7: ("LAX", "zpy"), 0xBF: ("LAX", "aby"),
    0x83: ("SAX", "inx"), 0x87: ("SAX", "zpg"), 0x8F: ("SAX", "abs"), 0x97: ("SAX", "zpy"),
    0x0B: ("ANC", "imm"), 0x2B: ("ANC", "imm"), 0x4B: ("ALR", "imm"), 0x6B: ("ARR", "imm"),
    0x8B: ("ANE", "imm"), 0xAB: ("LXA", "imm"), 0xCB: ("SBX", "imm"), 0xEB: ("SBC", "imm"),
    0xBB: ("LAS", "aby"),
    0x93: ("SHA", "iny"), 0x9F: ("SHA", "aby"), 0x9E: ("SHX", "aby"), 0x9C: ("SHY", "abx"), 0x9B: ("TAS", "aby"),
})
KIL = (0x02, 0x12, 0x22, 0x32, 0x42, 0x52, 0x62, 0x72, 0x92, 0xB2, 0xD2, 0xF2)
HIGH_BYTE_STORE_CYCLES = {"iny": 6, "aby": 5, "abx": 5}


def execute(state: State, pc: int) -> int:
    """Run the undocumented instruction at ``pc``; returns its cycles (PC in ``state.pc``)."""
    mnemonic, mode = TABLE[state.memory[pc]]
    where = operand(state, mode, pc)
    state.pc = (pc + LENGTH[mode]) & 0xFFFF
    if mnemonic in COMBINED:
        assert where.address is not None
        modify, combine = COMBINED[mnemonic]
        value = modify(state, state.memory[where.address])
        state.memory[where.address] = value
        combine(state, value)
        return COMBINED_CYCLES[mode]
    if mnemonic in ("SHA", "SHX", "SHY", "TAS"):
        _high_byte_store(state, mnemonic, where)
        return HIGH_BYTE_STORE_CYCLES[mode]
    if mnemonic == "SAX":
        assert where.address is not None
        state.memory[where.address] = state.a & state.x
        return {"zpg": 3, "zpy": 4, "abs": 4, "inx": 6}[mode]
    value = where.immediate if where.address is None else state.memory[where.address]
    READS[mnemonic](state, value)
    return READ_CYCLES[mode] + (1 if where.crossed else 0)
