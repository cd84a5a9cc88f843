"""The 6502 CPU: a py65 MPU subclass with a fast, generated instruction table.

Why not plain py65?  py65 routes every instruction through several small method
calls (addressing mode -> WordAt -> ByteAt ...), and memory-mapped I/O through
ObservableMemory would halve its speed again.  This module keeps py65's MPU
(register names, flags, reset/irq/nmi, the disassembler and its opcode tables)
but replaces the execution of every opcode with one flat generated function:

* RAM is a plain ``bytearray`` of 64 KiB that the handlers index directly.
* Reads through 16-bit addresses check ``addr & 0xF800 == 0xD000`` (the I/O
  page $D000-$D7FF) and only then call ``io_read``; zero page and stack never
  can be I/O and are read directly.
* Writes through 16-bit addresses look up a 256-entry page table
  (``writable``): plain RAM pages are stored directly, everything else (I/O
  registers, ROM) goes to ``write_special``, which dispatches to the chips or
  ignores the write.
* Each handler returns the cycles it took, so the run loop is only
  ``cycles += ops[mem[pc]](cpu)`` until a cycle limit.  A handler that needs the
  run loop to stop (WSYNC, an emulator trap, a host-call return) adds
  ``STOP`` to its result; the caller subtracts it and looks at ``stop_reason``.

Decimal mode follows py65 (and so NMOS 6502 behaviour for N/Z/V as py65 models
it); the differential tests compare every documented opcode with py65 itself.

Every opcode of the NMOS 6502 (the Atari's 6502C "SALLY") runs, the 105
undocumented ones included (``UNDOCUMENTED``: the NOPs with their operands, the
read-modify-write + ALU pairs SLO RLA SRE RRA DCP ISC, LAX SAX ANC ALR ARR SBX LAS,
and the unstable ANE LXA SHA SHX SHY TAS as the Altirra Hardware Reference Manual,
section 3.5, describes them), with their cycle counts and page-crossing penalties.
The program counter and operand fetches wrap from $FFFF to $0000.

Opcode $02 (a KIL opcode on the NMOS 6502) serves as the emulator trap: if the
trap's address is registered in ``traps`` its Python function runs, otherwise
it jams like the other KIL opcodes ($12, $22, ... $F2), raising ``CpuJam``: on the
chip a KIL opcode stops the CPU until a reset.

Two cores run these handlers' instruction set.  The compiled core
(emulator/_cpucore.c, a C extension that pip builds at install; its instruction
switch is generated from the same table by emulator/cpu_cgen.py) replaces ``run``
and, for the machine, whole runs of chunks (``run_chunks``); it calls back into
Python for I/O registers, traps and the rare opcodes (BRK, RTI, PLP, CLI, KIL).
The Python core is the reference and the fallback: it runs when the extension is
missing (with a one-line note on stderr) or when ``SURROUND_CPU=python``.
"""

from __future__ import annotations

import functools
import os
import re
import sys
from collections.abc import Callable
from types import CodeType, ModuleType
from typing import TYPE_CHECKING, Any

from py65.devices.mpu6502 import MPU as Py65MPU
from py65.disassembler import Disassembler

from emulator.errors import CpuJam, EmulatorError
from emulator.runplan import LOOK, REACHED, STOPPED, RunPlan

if TYPE_CHECKING:
    from emulator._cpucore import Core

#: Added to a handler's cycle count to make the run loop stop after it.
STOP = 1 << 40

#: NMOS KIL (jam) opcodes; $02 doubles as the emulator trap.
KIL_OPCODES = (0x02, 0x12, 0x22, 0x32, 0x42, 0x52, 0x62, 0x72, 0x92, 0xB2, 0xD2, 0xF2)
TRAP_OPCODE = 0x02
SEI_OPCODE = 0x78
PLP_OPCODE = 0x28
#: how late (in cycles) an NMI taken right after a BRK or IRQ sequence is when it hijacks it, or
#: when it is lost (see AtariCPU.take_nmi)
HIJACK_LATENESS = range(4, 7)
NMI_LOST_LATENESS = 3

#: N and Z flags for every byte value, OR-ed into P after a load or ALU result.
NZ_TABLE = bytes((0x02 if v == 0 else v & 0x80) for v in range(256))

# ---------------------------------------------------------------------------
# Instruction set description: (mnemonic, mode) -> opcode, standard NMOS cycles
# ---------------------------------------------------------------------------

# Base cycle counts by addressing mode for the ordinary read instructions.
_READ_CYCLES = {"imm": 2, "zpg": 3, "zpx": 4, "zpy": 4, "abs": 4, "abx": 4, "aby": 4, "inx": 6, "iny": 5}
_STORE_CYCLES = {"zpg": 3, "zpx": 4, "zpy": 4, "abs": 4, "abx": 5, "aby": 5, "inx": 6, "iny": 6}
_RMW_CYCLES = {"acc": 2, "zpg": 5, "zpx": 6, "abs": 6, "abx": 7, "aby": 7, "inx": 8, "iny": 8}
_INSTRUCTION_LENGTH = {
    "imp": 1, "acc": 1, "imm": 2, "zpg": 2, "zpx": 2, "zpy": 2, "rel": 2,
    "inx": 2, "iny": 2, "abs": 3, "abx": 3, "aby": 3, "ind": 3,
}

READ_OPS = {"LDA", "LDX", "LDY", "ORA", "AND", "EOR", "ADC", "SBC", "CMP", "CPX", "CPY", "BIT", "LAX", "NOP",
            "ANC", "ALR", "ARR", "ANE", "LXA", "SBX", "LAS"}
STORE_OPS = {"STA", "STX", "STY", "SAX"}
RMW_OPS = {"ASL", "LSR", "ROL", "ROR", "INC", "DEC"}
#: undocumented read-modify-write + ALU pairs: the RMW result is the ALU operand (AHRM 3.5)
COMBINED_OPS = {"SLO": ("ASL", "ORA"), "RLA": ("ROL", "AND"), "SRE": ("LSR", "EOR"),
                "RRA": ("ROR", "ADC"), "DCP": ("DEC", "CMP"), "ISC": ("INC", "SBC")}
#: undocumented stores of a register AND (high byte of the base address + 1); on a page
#: crossing the stored value also becomes the high byte of the address (AHRM 3.5, SHA/SHX/SHS)
HIGH_BYTE_STORE_OPS = {"SHA", "SHX", "SHY", "TAS"}
#: ANE (XAA) and LXA OR A with a constant that differs from chip to chip before the AND.
#: ANE: A & X & imm, as the Altirra Hardware Reference Manual (AHRM) 3.5 gives it (constant $00);
#: LXA: "reported to load the immediate argument to A and X without the bitwise AND on an
#: Atari 800" (AHRM 3.5), so the constant is $FF.
ANE_MAGIC = 0x00
LXA_MAGIC = 0xFF
BRANCH_FLAGS = {  # mnemonic -> (flag mask, branch when flag set?)
    "BPL": (0x80, False), "BMI": (0x80, True), "BVC": (0x40, False), "BVS": (0x40, True),
    "BCC": (0x01, False), "BCS": (0x01, True), "BNE": (0x02, False), "BEQ": (0x02, True),
}
IMPLIED_CODE = {
    "CLC": "cpu.p &= 0xFE", "SEC": "cpu.p |= 0x01", "CLD": "cpu.p &= 0xF7", "SED": "cpu.p |= 0x08",
    "CLV": "cpu.p &= 0xBF", "SEI": "cpu.p |= 0x04",
    "TAX": "v = cpu.x = cpu.a\n    cpu.p = (cpu.p & 0x7D) | nz[v]",
    "TAY": "v = cpu.y = cpu.a\n    cpu.p = (cpu.p & 0x7D) | nz[v]",
    "TXA": "v = cpu.a = cpu.x\n    cpu.p = (cpu.p & 0x7D) | nz[v]",
    "TYA": "v = cpu.a = cpu.y\n    cpu.p = (cpu.p & 0x7D) | nz[v]",
    "TSX": "v = cpu.x = cpu.sp\n    cpu.p = (cpu.p & 0x7D) | nz[v]",
    "TXS": "cpu.sp = cpu.x",
    "INX": "v = cpu.x = (cpu.x + 1) & 0xFF\n    cpu.p = (cpu.p & 0x7D) | nz[v]",
    "INY": "v = cpu.y = (cpu.y + 1) & 0xFF\n    cpu.p = (cpu.p & 0x7D) | nz[v]",
    "DEX": "v = cpu.x = (cpu.x - 1) & 0xFF\n    cpu.p = (cpu.p & 0x7D) | nz[v]",
    "DEY": "v = cpu.y = (cpu.y - 1) & 0xFF\n    cpu.p = (cpu.p & 0x7D) | nz[v]",
    "NOP": "pass",
    "PHA": "sp = cpu.sp\n    mem[0x100 | sp] = cpu.a\n    cpu.sp = (sp - 1) & 0xFF",
    "PHP": "sp = cpu.sp\n    mem[0x100 | sp] = cpu.p | 0x30\n    cpu.sp = (sp - 1) & 0xFF",
    "PLA": "sp = cpu.sp = (cpu.sp + 1) & 0xFF\n    v = cpu.a = mem[0x100 | sp]\n    cpu.p = (cpu.p & 0x7D) | nz[v]",
}
IMPLIED_CYCLES = {"PHA": 3, "PHP": 3, "PLA": 4}


def _combined_opcodes() -> dict[int, tuple[str, str, None]]:
    """SLO RLA SRE RRA DCP ISC in their seven modes: columns 3, 7, F of rows 0-7 and C-F."""
    columns = {0x03: "inx", 0x07: "zpg", 0x0F: "abs", 0x13: "iny", 0x17: "zpx", 0x1B: "aby", 0x1F: "abx"}
    rows = {0x00: "SLO", 0x20: "RLA", 0x40: "SRE", 0x60: "RRA", 0xC0: "DCP", 0xE0: "ISC"}
    return {row + column: (mnemonic, mode, None) for row, mnemonic in rows.items() for column, mode in columns.items()}


# The undocumented opcodes: opcode -> (mnemonic, mode, cycles or None for the mode's usual count).
# Names, modes and cycles: Altirra Hardware Reference Manual (AHRM) 3.5, table 2, and 3.4
# ("A delay of 8 cycles is possible with undocumented read-modify-write instructions
# that use indirect indexed or indexed indirect mode").
UNDOCUMENTED: dict[int, tuple[str, str, int | None]] = {
    0x1A: ("NOP", "imp", 2), 0x3A: ("NOP", "imp", 2), 0x5A: ("NOP", "imp", 2),
    0x7A: ("NOP", "imp", 2), 0xDA: ("NOP", "imp", 2), 0xFA: ("NOP", "imp", 2),
    0x80: ("NOP", "imm", 2), 0x82: ("NOP", "imm", 2), 0x89: ("NOP", "imm", 2),
    0xC2: ("NOP", "imm", 2), 0xE2: ("NOP", "imm", 2),
    0x04: ("NOP", "zpg", 3), 0x44: ("NOP", "zpg", 3), 0x64: ("NOP", "zpg", 3),
    0x14: ("NOP", "zpx", 4), 0x34: ("NOP", "zpx", 4), 0x54: ("NOP", "zpx", 4),
    0x74: ("NOP", "zpx", 4), 0xD4: ("NOP", "zpx", 4), 0xF4: ("NOP", "zpx", 4),
    0x0C: ("NOP", "abs", 4),
    0x1C: ("NOP", "abx", 4), 0x3C: ("NOP", "abx", 4), 0x5C: ("NOP", "abx", 4),
    0x7C: ("NOP", "abx", 4), 0xDC: ("NOP", "abx", 4), 0xFC: ("NOP", "abx", 4),
    0xA7: ("LAX", "zpg", 3), 0xB7: ("LAX", "zpy", 4), 0xAF: ("LAX", "abs", 4),
    0xBF: ("LAX", "aby", 4), 0xA3: ("LAX", "inx", 6), 0xB3: ("LAX", "iny", 5),
    0x87: ("SAX", "zpg", 3), 0x97: ("SAX", "zpy", 4), 0x8F: ("SAX", "abs", 4), 0x83: ("SAX", "inx", 6),
    0xEB: ("SBC", "imm", 2),
    0x0B: ("ANC", "imm", 2), 0x2B: ("ANC", "imm", 2), 0x4B: ("ALR", "imm", 2), 0x6B: ("ARR", "imm", 2),
    0x8B: ("ANE", "imm", 2), 0xAB: ("LXA", "imm", 2), 0xCB: ("SBX", "imm", 2), 0xBB: ("LAS", "aby", None),
    0x93: ("SHA", "iny", 6), 0x9F: ("SHA", "aby", 5), 0x9E: ("SHX", "aby", 5), 0x9C: ("SHY", "abx", 5),
    0x9B: ("TAS", "aby", 5),
    **_combined_opcodes(),
}

# ---------------------------------------------------------------------------
# Code generation
# ---------------------------------------------------------------------------

_ADDRESS_CODE = {
    "zpg": "addr = mem[pc + 1]",
    "zpx": "addr = (mem[pc + 1] + cpu.x) & 0xFF",
    "zpy": "addr = (mem[pc + 1] + cpu.y) & 0xFF",
    "abs": "addr = mem[pc + 1] | (mem[pc + 2] << 8)",
    "abx": "base = mem[pc + 1] | (mem[pc + 2] << 8)\n    addr = (base + cpu.x) & 0xFFFF",
    "aby": "base = mem[pc + 1] | (mem[pc + 2] << 8)\n    addr = (base + cpu.y) & 0xFFFF",
    "inx": "zp = (mem[pc + 1] + cpu.x) & 0xFF\n    addr = mem[zp] | (mem[(zp + 1) & 0xFF] << 8)",
    "iny": ("zp = mem[pc + 1]\n    base = mem[zp] | (mem[(zp + 1) & 0xFF] << 8)\n"
            "    addr = (base + cpu.y) & 0xFFFF"),
}
_ZERO_PAGE_MODES = {"zpg", "zpx", "zpy"}
_PAGE_CROSS_MODES = {"abx", "aby", "iny"}


def _read_code(mode: str) -> str:
    """Code that leaves the operand byte in ``v``."""
    if mode == "imm":
        return "v = mem[pc + 1]"
    if mode in _ZERO_PAGE_MODES:
        return _ADDRESS_CODE[mode] + "\n    v = mem[addr]"
    return _ADDRESS_CODE[mode] + "\n    v = mem[addr] if (addr & 0xF800) != 0xD000 else io_read(addr)"


def _write_code(mode: str, value: str) -> str:
    """Code that stores ``value`` at ``addr`` (already computed); adds stalls to ``c``."""
    if mode in _ZERO_PAGE_MODES:
        return f"mem[addr] = {value}"
    return f"if writable[addr >> 8]:\n        mem[addr] = {value}\n    else:\n        c += write_special(addr, {value})"


_ALU_CODE = {
    "LDA": "cpu.a = v\n    cpu.p = (cpu.p & 0x7D) | nz[v]",
    "LDX": "cpu.x = v\n    cpu.p = (cpu.p & 0x7D) | nz[v]",
    "LDY": "cpu.y = v\n    cpu.p = (cpu.p & 0x7D) | nz[v]",
    "LAX": "cpu.a = cpu.x = v\n    cpu.p = (cpu.p & 0x7D) | nz[v]",
    "ORA": "v = cpu.a = cpu.a | v\n    cpu.p = (cpu.p & 0x7D) | nz[v]",
    "AND": "v = cpu.a = cpu.a & v\n    cpu.p = (cpu.p & 0x7D) | nz[v]",
    "EOR": "v = cpu.a = cpu.a ^ v\n    cpu.p = (cpu.p & 0x7D) | nz[v]",
    "BIT": "cpu.p = (cpu.p & 0x3D) | (v & 0xC0) | (0 if cpu.a & v else 0x02)",
    "CMP": "r = cpu.a - v\n    cpu.p = (cpu.p & 0x7C) | (r >= 0) | nz[r & 0xFF]",
    "CPX": "r = cpu.x - v\n    cpu.p = (cpu.p & 0x7C) | (r >= 0) | nz[r & 0xFF]",
    "CPY": "r = cpu.y - v\n    cpu.p = (cpu.p & 0x7C) | (r >= 0) | nz[r & 0xFF]",
    "ADC": ("p = cpu.p\n    if p & 0x08:\n        adc_decimal(cpu, v)\n    else:\n"
            "        a = cpu.a\n        r = a + v + (p & 1)\n        res = r & 0xFF\n"
            "        cpu.a = res\n"
            "        cpu.p = (p & 0x3C) | (r > 0xFF) | (((~(a ^ v) & (a ^ r)) & 0x80) >> 1) | nz[res]"),
    "SBC": ("p = cpu.p\n    if p & 0x08:\n        sbc_decimal(cpu, v)\n    else:\n"
            "        a = cpu.a\n        r = a + (v ^ 0xFF) + (p & 1)\n        res = r & 0xFF\n"
            "        cpu.a = res\n"
            "        cpu.p = (p & 0x3C) | (r > 0xFF) | ((((a ^ v) & (a ^ r)) & 0x80) >> 1) | nz[res]"),
    "NOP": "pass",
    "ANC": "v = cpu.a = cpu.a & v\n    cpu.p = (cpu.p & 0x7C) | nz[v] | (v >> 7)",
    "ALR": "t = cpu.a & v\n    v = cpu.a = t >> 1\n    cpu.p = (cpu.p & 0x7C) | nz[v] | (t & 1)",
    "ARR": "arr(cpu, v)",
    "ANE": f"v = cpu.a = (cpu.a | {ANE_MAGIC:#04x}) & cpu.x & v\n    cpu.p = (cpu.p & 0x7D) | nz[v]",
    "LXA": f"v = cpu.a = cpu.x = (cpu.a | {LXA_MAGIC:#04x}) & v\n    cpu.p = (cpu.p & 0x7D) | nz[v]",
    "SBX": "r = (cpu.a & cpu.x) - v\n    v = cpu.x = r & 0xFF\n    cpu.p = (cpu.p & 0x7C) | (r >= 0) | nz[v]",
    "LAS": "v = cpu.a = cpu.x = cpu.sp = v & cpu.sp\n    cpu.p = (cpu.p & 0x7D) | nz[v]",
}

_RMW_CODE = {  # from t (old value) compute t (new value) and the carry part of P in "p"
    "ASL": "p = (cpu.p & 0x7C) | (t >> 7)\n    t = (t << 1) & 0xFF",
    "LSR": "p = (cpu.p & 0x7C) | (t & 1)\n    t = t >> 1",
    "ROL": "p = (cpu.p & 0x7C) | (t >> 7)\n    t = ((t << 1) | (cpu.p & 1)) & 0xFF",
    "ROR": "p = (cpu.p & 0x7C) | (t & 1)\n    t = (t >> 1) | ((cpu.p & 1) << 7)",
    "INC": "p = cpu.p & 0x7D\n    t = (t + 1) & 0xFF",
    "DEC": "p = cpu.p & 0x7D\n    t = (t - 1) & 0xFF",
}

_STORE_VALUE = {"STA": "cpu.a", "STX": "cpu.x", "STY": "cpu.y", "SAX": "(cpu.a & cpu.x)"}
#: code leaving in v what SHA/SHX/SHY/TAS AND with the base address's high byte + 1 (TAS also sets S)
_HIGH_BYTE_STORE_VALUE = {"SHA": "v = cpu.a & cpu.x", "SHX": "v = cpu.x", "SHY": "v = cpu.y",
                          "TAS": "v = cpu.sp = cpu.a & cpu.x"}


def _handler_source(name: str, opcode: int, mnemonic: str, mode: str, cycles: int | None) -> tuple[str, int]:
    """Python source of one opcode handler and its base cycle count."""
    length = _INSTRUCTION_LENGTH[mode]
    head = f"def {name}(cpu):\n    pc = cpu.pc\n"
    if mnemonic in READ_OPS and mode != "imp":
        base = cycles or _READ_CYCLES[mode]
        if mode in _PAGE_CROSS_MODES:
            cycle_expr = f"({base + 1} if (base ^ addr) & 0xFF00 else {base})"
        else:
            cycle_expr = str(base)
        body = (f"    cpu.pc = pc + {length}\n    {_read_code(mode)}\n    {_ALU_CODE[mnemonic]}\n"
                f"    return {cycle_expr}\n")
        return head + body, base
    if mnemonic in STORE_OPS:
        base = cycles or _STORE_CYCLES[mode]
        body = (f"    cpu.pc = pc + {length}\n    c = {base}\n    {_ADDRESS_CODE[mode]}\n"
                f"    {_write_code(mode, _STORE_VALUE[mnemonic])}\n    return c\n")
        return head + body, base
    if mnemonic in RMW_OPS:
        base = cycles or _RMW_CYCLES[mode]
        if mode == "acc":
            body = (f"    cpu.pc = pc + 1\n    t = cpu.a\n    {_RMW_CODE[mnemonic]}\n"
                    f"    cpu.a = t\n    cpu.p = p | nz[t]\n    return {base}\n")
            return head + body, base
        body = (f"    cpu.pc = pc + {length}\n    c = {base}\n    {_read_code(mode)}\n    t = v\n"
                f"    {_RMW_CODE[mnemonic]}\n    cpu.p = p | nz[t]\n    {_write_code(mode, 't')}\n    return c\n")
        return head + body, base
    if mnemonic in COMBINED_OPS:
        rmw, alu = COMBINED_OPS[mnemonic]
        base = cycles or _RMW_CYCLES[mode]
        body = (f"    cpu.pc = pc + {length}\n    c = {base}\n    {_read_code(mode)}\n    t = v\n"
                f"    {_RMW_CODE[rmw]}\n    cpu.p = p | nz[t]\n    {_write_code(mode, 't')}\n"
                f"    v = t\n    {_ALU_CODE[alu]}\n    return c\n")
        return head + body, base
    if mnemonic in HIGH_BYTE_STORE_OPS:
        base = cycles or _STORE_CYCLES[mode]
        body = (f"    cpu.pc = pc + {length}\n    c = {base}\n    {_ADDRESS_CODE[mode]}\n"
                f"    {_HIGH_BYTE_STORE_VALUE[mnemonic]}\n    v &= (base >> 8) + 1\n"
                f"    if (base ^ addr) & 0xFF00:\n        addr = (addr & 0xFF) | (v << 8)\n"
                f"    {_write_code(mode, 'v')}\n    return c\n")
        return head + body, base
    if mnemonic in BRANCH_FLAGS:
        mask, when_set = BRANCH_FLAGS[mnemonic]
        test = f"cpu.p & {mask}" if when_set else f"not cpu.p & {mask}"
        body = (f"    if {test}:\n        off = mem[pc + 1]\n        nxt = pc + 2\n"
                f"        tgt = (nxt + off - 256 if off & 0x80 else nxt + off) & 0xFFFF\n"
                f"        cpu.pc = tgt\n        return 4 if (tgt ^ nxt) & 0xFF00 else 3\n"
                f"    cpu.pc = pc + 2\n    return 2\n")
        return head + body, 2
    if mnemonic in IMPLIED_CODE and mode == "imp":
        base = cycles or IMPLIED_CYCLES.get(mnemonic, 2)
        return head + f"    cpu.pc = pc + 1\n    {IMPLIED_CODE[mnemonic]}\n    return {base}\n", base
    special = _SPECIAL_SOURCES.get((mnemonic, mode))
    if special is not None:
        source, base = special
        return head + source, base
    raise ValueError(f"no handler template for {mnemonic} {mode} (${opcode:02X})")


_SPECIAL_SOURCES = {
    ("JMP", "abs"): ("    cpu.pc = mem[pc + 1] | (mem[pc + 2] << 8)\n    return 3\n", 3),
    ("JMP", "ind"): ("    ptr = mem[pc + 1] | (mem[pc + 2] << 8)\n"
                     "    hi = (ptr & 0xFF00) | ((ptr + 1) & 0xFF)\n"
                     "    lo_v = mem[ptr] if (ptr & 0xF800) != 0xD000 else io_read(ptr)\n"
                     "    hi_v = mem[hi] if (hi & 0xF800) != 0xD000 else io_read(hi)\n"
                     "    cpu.pc = lo_v | (hi_v << 8)\n    return 5\n", 5),
    ("JSR", "abs"): ("    mem[pc + 2]\n"  # at $FFFE: past $FFFF (IndexError) before the pushes
                     "    ret = pc + 2\n    sp = cpu.sp\n    mem[0x100 | sp] = ret >> 8\n"
                     "    mem[0x100 | ((sp - 1) & 0xFF)] = ret & 0xFF\n    cpu.sp = (sp - 2) & 0xFF\n"
                     "    cpu.pc = mem[pc + 1] | (mem[pc + 2] << 8)\n    return 6\n", 6),
    ("RTS", "imp"): ("    sp = cpu.sp\n    lo = mem[0x100 | ((sp + 1) & 0xFF)]\n"
                     "    hi = mem[0x100 | ((sp + 2) & 0xFF)]\n    cpu.sp = (sp + 2) & 0xFF\n"
                     "    cpu.pc = ((lo | (hi << 8)) + 1) & 0xFFFF\n    return 6\n", 6),
    ("RTI", "imp"): ("    sp = cpu.sp\n    cpu.p = mem[0x100 | ((sp + 1) & 0xFF)] | 0x30\n"
                     "    lo = mem[0x100 | ((sp + 2) & 0xFF)]\n    hi = mem[0x100 | ((sp + 3) & 0xFF)]\n"
                     "    cpu.sp = (sp + 3) & 0xFF\n    cpu.pc = lo | (hi << 8)\n"
                     "    if cpu.irq_line and not cpu.p & 0x04:\n        return 6 + cpu.take_irq()\n"
                     "    return 6\n", 6),
    ("PLP", "imp"): ("    cpu.pc = pc + 1\n    sp = cpu.sp = (cpu.sp + 1) & 0xFF\n    old = cpu.p\n"
                     "    cpu.p = mem[0x100 | sp] | 0x30\n"
                     "    if cpu.irq_line and not cpu.p & 0x04:\n"
                     "        return 4 + (cpu.irq_after_next(4, False) if old & 0x04 else cpu.take_irq())\n"
                     "    return 4\n", 4),
    ("CLI", "imp"): ("    cpu.pc = pc + 1\n    old = cpu.p\n    cpu.p &= 0xFB\n"
                     "    if cpu.irq_line:\n"
                     "        return 2 + (cpu.irq_after_next(2, True) if old & 0x04 else cpu.take_irq())\n"
                     "    return 2\n", 2),
    ("BRK", "imp"): ("    return cpu.brk(pc)\n", 7),
}


def instruction_table() -> dict[int, tuple[str, str, int | None]]:
    """opcode -> (mnemonic, mode, fixed cycles or None) of every opcode with a handler.

    The one description both cores are generated from: the Python handlers here and
    the C switch of the compiled core (emulator/cpu_cgen.py)."""
    entries: dict[int, tuple[str, str, int | None]] = {}
    for opcode in range(256):
        mnemonic, mode = Py65MPU.disassemble[opcode]
        if mnemonic != "???":
            entries[opcode] = (mnemonic, mode, None)
    entries.update(UNDOCUMENTED)
    return dict(sorted(entries.items()))


def _wrapping(source: str) -> str:
    """A handler's source for an instruction at $FFFE/$FFFF: every ``pc + n`` wraps to $0000."""
    return re.sub(r"\bpc \+ (\d)", r"((pc + \1) & 0xFFFF)", source)


@functools.lru_cache(maxsize=1)
def _compiled_handlers() -> tuple[CodeType, tuple[int, ...], tuple[int, ...]]:
    """Generate and compile the source of all handlers once: (code, opcodes, base cycles).

    Each opcode gets ``op_xx`` and ``wrap_xx``, the same with its operand fetches and the next
    PC wrapping at $FFFF (used only at the top of memory, to keep ``op_xx`` short)."""
    cycles = [0] * 256
    sources, wrapping = [], []
    entries = instruction_table()
    for opcode, (mnemonic, mode, fixed_cycles) in entries.items():
        source, base = _handler_source(f"op_{opcode:02x}", opcode, mnemonic, mode, fixed_cycles)
        sources.append(source)
        wrapping.append(_wrapping(source.replace(f"def op_{opcode:02x}(", f"def wrap_{opcode:02x}(", 1)))
        cycles[opcode] = base
    code = compile("\n".join(sources + wrapping), "<generated 6502 handlers>", "exec")
    return code, tuple(sorted(entries)), tuple(cycles)


Handlers = list[Callable[["AtariCPU"], int] | None]
_DISASSEMBLY = [instruction_table().get(opcode, ("???", "imp", None)) for opcode in range(256)]


def _build_handlers(namespace: dict[str, Any]) -> tuple[Handlers, Handlers, list[int]]:
    """Bind the handlers to ``namespace`` (memory, hooks); returns (handlers, wrapping handlers, base cycles)."""
    code, opcodes, cycles = _compiled_handlers()
    exec(code, namespace)  # noqa: S102 - generated from the fixed tables above
    handlers: Handlers = [None] * 256
    wrapping: Handlers = [None] * 256
    for opcode in opcodes:
        handlers[opcode] = namespace[f"op_{opcode:02x}"]
        wrapping[opcode] = namespace[f"wrap_{opcode:02x}"]
    return handlers, wrapping, list(cycles)


def bind_handlers(memory: Any, io_read: Callable[[int], int], writable: bytearray,
                  write_special: Callable[[int, int], int]) -> tuple[Handlers, Handlers, list[int]]:
    """The generated handlers bound to ``memory`` (a bytearray, or anything indexable like it)
    and the I/O hooks: (handlers, wrapping handlers, base cycles); None where an opcode jams."""
    return _build_handlers({
        "mem": memory, "nz": NZ_TABLE, "io_read": io_read, "writable": writable, "write_special": write_special,
        "adc_decimal": adc_decimal, "sbc_decimal": sbc_decimal, "arr": arr,
    })


def arr(cpu: AtariCPU, v: int) -> None:
    """ARR #imm: A AND v, rotated right through carry.

    Binary mode: N/Z from the result, C = its bit 6, V = bit 6 XOR bit 5.  Decimal mode (NMOS:
    "6502 undocumented opcodes", 64doc by J. West and M. Mäkelä, ARR in decimal mode): N/Z from
    the rotated value, V = bit 6 changed by the rotate, then each nibble of the AND result that
    is above 5 (counting its low bit twice) adds 6 to that nibble of A, and the high one sets C."""
    anded = cpu.a & v
    result = (anded >> 1) | ((cpu.p & 1) << 7)
    p = (cpu.p & 0x3C) | NZ_TABLE[result]
    if not cpu.p & 0x08:
        cpu.a = result
        cpu.p = p | ((result >> 6) & 1) | ((result ^ (result << 1)) & 0x40)
        return
    p |= (anded ^ result) & 0x40
    if (anded & 0x0F) + (anded & 0x01) > 5:
        result = (result & 0xF0) | ((result + 6) & 0x0F)
    if (anded & 0xF0) + (anded & 0x10) > 0x50:
        result = (result + 0x60) & 0xFF
        p |= 0x01
    cpu.a = result
    cpu.p = p


def adc_decimal(cpu: AtariCPU, v: int) -> None:
    """ADC in decimal mode, NMOS style: Z from the binary sum, N and V from the half-adjusted sum."""
    a, carry = cpu.a, cpu.p & 1
    low = (a & 0x0F) + (v & 0x0F) + carry
    if low > 9:
        low += 6
    total = (low & 0x0F) + (a & 0xF0) + (v & 0xF0) + (0x10 if low > 0x0F else 0)
    p = cpu.p & 0x3C
    if ((a + v + carry) & 0xFF) == 0:
        p |= 0x02
    p |= total & 0x80
    if (a ^ total) & 0x80 and not (a ^ v) & 0x80:
        p |= 0x40
    if (total & 0x1F0) > 0x90:
        total += 0x60
    if (total & 0xFF0) > 0xF0:
        p |= 0x01
    cpu.a = total & 0xFF
    cpu.p = p


def sbc_decimal(cpu: AtariCPU, v: int) -> None:
    """SBC in decimal mode, NMOS style: flags from the binary difference, A decimally adjusted."""
    a, borrow = cpu.a, 1 - (cpu.p & 1)
    binary = a - v - borrow
    result = binary & 0xFF
    p = cpu.p & 0x3C
    p |= NZ_TABLE[result]
    if binary >= 0:
        p |= 0x01
    if (a ^ v) & (a ^ result) & 0x80:
        p |= 0x40
    low = (a & 0x0F) - (v & 0x0F) - borrow
    high = (a >> 4) - (v >> 4)
    if low < 0:
        low = (low - 6) & 0x0F
        high -= 1
    if high < 0:
        high = (high - 6) & 0x0F
    cpu.a = ((high & 0x0F) << 4) | (low & 0x0F)
    cpu.p = p


def _kil(cpu: AtariCPU) -> int:
    """A KIL opcode: the emulator trap registered at this address, or else the 6502 jams."""
    opcode = cpu.memory[cpu.pc]
    if opcode == TRAP_OPCODE and cpu.pc in cpu.traps:
        return cpu.traps[cpu.pc](cpu)
    raise cpu.jam(f"KIL opcode ${opcode:02X} (the 6502 stops until a reset)")


# ---------------------------------------------------------------------------
# Choosing the core
# ---------------------------------------------------------------------------

#: Environment variable: "python" forces the Python core, "compiled" requires the compiled one.
CORE_ENV = "SURROUND_CPU"
CORE_CHOICES = ("auto", "compiled", "python")
_warned_about_fallback = False


@functools.lru_cache(maxsize=1)
def _compiled_module() -> tuple[ModuleType | None, str]:
    """(the extension module or None, why it could not be loaded)."""
    try:
        from emulator import _cpucore
    except ImportError as error:
        return None, str(error)
    return _cpucore, ""


def compiled_core_available() -> bool:
    """True if the compiled core (emulator/_cpucore.c) was built and loads."""
    return _compiled_module()[0] is not None


def choose_core(requested: str | None = None) -> str:
    """"compiled" or "python": ``requested`` or else $SURROUND_CPU ("auto" by default).

    "auto" takes the compiled core if it loads, else the Python one, and then says so
    once on stderr; "compiled" without a built extension is an EmulatorError."""
    global _warned_about_fallback
    choice = (requested or os.environ.get(CORE_ENV) or "auto").strip().lower()
    if choice not in CORE_CHOICES:
        raise EmulatorError(f"{CORE_ENV}={choice!r}: expected one of {', '.join(CORE_CHOICES)}")
    if choice == "python":
        return "python"
    module, problem = _compiled_module()
    if module is not None:
        return "compiled"
    if choice == "compiled":
        raise EmulatorError(f"the compiled 6502 core is not built ({problem}); reinstall with pip")
    if not _warned_about_fallback:
        _warned_about_fallback = True
        print(f"surround: compiled 6502 core not available ({problem}); using the slower Python core",
              file=sys.stderr)
    return "python"


# ---------------------------------------------------------------------------
# The CPU class
# ---------------------------------------------------------------------------


def _no_io_read(addr: int) -> int:
    return 0xFF


def _no_special_write(addr: int, value: int) -> int:
    return 0


class AtariCPU(Py65MPU):  # type: ignore[misc]  # py65 has no type information
    """A 6502 with fast generated handlers, I/O hooks, traps and a cycle-limited run loop.

    ``memory`` must be a bytearray of at least 65536 bytes; ``io_read(addr)``
    returns a byte for $D000-$D7FF; ``write_special(addr, value)`` handles writes
    to pages whose ``writable`` flag is 0 and returns extra cycles (or STOP).
    """

    # set by py65's MPU
    memory: bytearray
    pc: int
    sp: int
    a: int
    x: int
    y: int
    p: int
    processorCycles: int  # noqa: N815 - py65's name

    def __init__(
        self,
        memory: bytearray,
        io_read: Callable[[int], int] = _no_io_read,
        write_special: Callable[[int, int], int] = _no_special_write,
        writable: bytearray | None = None,
        core: str | None = None,
    ) -> None:
        self.irq_line = False
        self.stop_reason: str | None = None
        self.traps: dict[int, Callable[[AtariCPU], int]] = {}
        self.io_read = io_read
        self.write_special = write_special
        self.writable = writable if writable is not None else bytearray([1] * 256)
        self.history = [0] * 8
        #: the last BRK or IRQ sequence, which an NMI right after it may hijack: (the last
        #: instruction's address as the history will show it, PC and SP after the sequence)
        self._sequence: tuple[int, int, int] | None = None
        self.jam_on_empty_memory = True
        super().__init__(memory=memory, pc=0)
        #: py65's disassembly table with the undocumented opcodes named (KIL stays "???")
        self.disassemble = [(mnemonic, mode) for mnemonic, mode, _ in _DISASSEMBLY]
        self._install_handlers()
        #: which core runs ``run``: "compiled" or "python" (see choose_core)
        self.cpu_core = choose_core(core)
        self._core: Core | None = None
        if self.cpu_core == "compiled":
            module = _compiled_module()[0]
            assert module is not None  # choose_core said "compiled": the extension loaded
            self._core = module.Core(self, self.memory, self.writable)

    # -- generated handlers -------------------------------------------------

    def _install_handlers(self) -> None:
        handlers, wrapping, cycles = bind_handlers(self.memory, self._read_io, self.writable, self._write_special)
        self.fast_ops = [h if h is not None else _kil for h in handlers]
        #: the same for an instruction whose operands lie past $FFFF (they wrap to $0000)
        self.wrapping_ops = [h if h is not None else _kil for h in wrapping]
        self.base_cycles = cycles

    def _read_io(self, addr: int) -> int:
        return self.io_read(addr)

    def _write_special(self, addr: int, value: int) -> int:
        return self.write_special(addr, value)

    # -- py65 compatibility: reads and single steps go through the I/O hooks --

    def ByteAt(self, addr: int) -> int:  # noqa: N802 - py65's name
        addr &= 0xFFFF
        if (addr & 0xF800) == 0xD000:
            return self.io_read(addr)
        return self.memory[addr]

    def WordAt(self, addr: int) -> int:  # noqa: N802 - py65's name
        return self.ByteAt(addr) | (self.ByteAt(addr + 1) << 8)

    def write(self, addr: int, value: int) -> int:
        """Store a byte as the CPU would (RAM, ignored ROM, or an I/O register)."""
        addr &= 0xFFFF
        if self.writable[addr >> 8]:
            self.memory[addr] = value & 0xFF
            return 0
        return self.write_special(addr, value & 0xFF)

    def step(self) -> AtariCPU:
        """Execute one instruction (slow path for debugging; uses the fast handlers)."""
        self.processorCycles += self.step_one()
        return self

    def step_one(self) -> int:
        """Execute the instruction at PC; returns its cycles."""
        if self.pc > 0xFFFD:
            return self.run_wrapping()
        return self.fast_ops[self.memory[self.pc]](self)

    def run_wrapping(self) -> int:
        """Execute the instruction at PC ($FFFE and up, or just past $FFFF) with the program
        counter wrapping from $FFFF to $0000, as on the 6502; returns its cycles.

        The plain handler runs if its operands fit below $10000 (it may leave PC at $10000,
        which the next instruction wraps); one that would fetch past $FFFF raises IndexError
        before it has any effect, and its wrapping twin runs instead."""
        pc = self.pc = self.pc & 0xFFFF
        try:
            return self.fast_ops[self.memory[pc]](self)
        except IndexError:
            self.pc = pc
            return self.wrapping_ops[self.memory[pc]](self)

    # -- interrupts -----------------------------------------------------------

    def _push(self, value: int) -> None:
        self.memory[0x100 | self.sp] = value & 0xFF
        self.sp = (self.sp - 1) & 0xFF

    def irq_after_next(self, cycles: int, after_cli: bool) -> int:
        """CLI or PLP (of ``cycles``) just cleared I with an IRQ pending: the 6502 runs the next
        instruction first and takes the IRQ after it; returns that instruction's cycles plus
        the interrupt's.  After CLI an SEI or PLP still lets the IRQ in, which then runs with
        I set in the pushed flags; after PLP they hold it off (Altirra Hardware Reference Manual
        3.4, "Clearing I with an interrupt pending", "Setting the I flag with an interrupt
        pending").  An RTI there takes the IRQ itself if it clears I.  If that instruction
        stops the run (WSYNC), the machine takes the IRQ once it goes on."""
        saved, sequence = self.processorCycles, self._sequence
        self.processorCycles = saved + cycles  # what I/O registers see during the instruction
        opcode = self.memory[self.pc & 0xFFFF]
        try:
            used = self.step_one()
        finally:
            self.processorCycles = saved
        if used >= STOP or not self.irq_line or self._sequence is not sequence:
            return used  # stopped; no IRQ any more; or the instruction took it (RTI, PLP, BRK, CLI)
        if not self.p & 0x04 or (after_cli and opcode in (SEI_OPCODE, PLP_OPCODE)):
            used += self.take_irq()
        return used

    def take_irq(self) -> int:
        """Enter the IRQ handler now (I flag assumed clear); returns 7 cycles."""
        cycles = self._interrupt(0xFFFE)
        self._sequence = (self.history[-1], self.pc, self.sp)
        return cycles

    def take_nmi(self, late_by: int = 0) -> int:
        """Enter the NMI handler now; returns its cycles (7, or 0 when it meets a BRK or IRQ).

        ``late_by``: the cycles since the NMI was asserted (the machine takes it after the
        instruction it arrived in).  An NMI asserted in the first cycles of a BRK or an IRQ
        sequence that just ran (late by 4 to 6 of its 7 cycles) hijacks it: its pushes stand
        (B set in the pushed flags for BRK), and the CPU goes on through the NMI vector instead
        of the IRQ vector; one asserted a cycle later (late by 3) is lost: the sequence runs its
        handler and the NMI never comes (Altirra Hardware Reference Manual 3.4, "Overlapping
        interrupts": the sequence that begins one cycle before those it takes over loses it)."""
        just_entered = self._sequence == (self.history[-1], self.pc, self.sp)
        if just_entered and (late_by in HIJACK_LATENESS or late_by == NMI_LOST_LATENESS):
            self._sequence = None
            if late_by != NMI_LOST_LATENESS:
                self.pc = self.WordAt(0xFFFA)
            return 0
        return self._interrupt(0xFFFA)

    def _interrupt(self, vector: int) -> int:
        """The interrupt sequence: push PC and P (B clear), set I, jump through ``vector``."""
        self._push(self.pc >> 8)
        self._push(self.pc)
        self._push((self.p & ~0x10) | 0x20)
        self.p |= 0x04
        self.pc = self.WordAt(vector)
        return 7

    def brk(self, pc: int) -> int:
        """BRK: push PC+2 and P with B set, jump through the IRQ vector.

        A BRK in the middle of eight zero bytes means the program ran into empty
        memory: that raises CpuJam (set ``jam_on_empty_memory`` False to allow it).
        """
        if self.jam_on_empty_memory and not any(self.memory[pc:pc + 8]) and pc + 8 <= 0x10000:
            raise self.jam("runaway: executing empty memory (BRK among zero bytes)")
        ret = (pc + 2) & 0xFFFF
        self._push(ret >> 8)
        self._push(ret)
        self.p |= 0x10
        self._push(self.p | 0x30)
        self.p |= 0x04
        self.pc = self.WordAt(0xFFFE)
        self._sequence = (pc, self.pc, self.sp)
        return 7

    # -- a routine on its own ---------------------------------------------------

    def call_bare(self, address: int, a: int = 0, x: int = 0, y: int = 0, p: int = 0x34,
                  max_cycles: int = 1_000_000, ops: list[Callable[[AtariCPU], int]] | None = None,
                  return_address: int = 0xD7F0) -> int:
        """JSR ``address`` on the bare CPU (no ANTIC, no interrupts) and run to its RTS;
        returns the cycles the routine itself executed (the caller's JSR not counted).

        The RTS lands at ``return_address`` (by default unused RAM behind the I/O page, as
        Machine.CALL_RETURN); the stack pointer is restored afterwards. ``ops`` replaces the
        instruction table (e.g. one that records stores). A routine that does not return
        within ``max_cycles`` raises CpuJam."""
        ops = ops if ops is not None else self.fast_ops
        memory = self.memory
        saved_sp = self.sp
        self._push((return_address - 1) >> 8)
        self._push((return_address - 1) & 0xFF)
        self.pc, self.a, self.x, self.y, self.p = address & 0xFFFF, a & 0xFF, x & 0xFF, y & 0xFF, p
        cycles = 0
        try:
            if self._core is not None and ops is self.fast_ops:
                cycles = self._core.call_bare(return_address, max_cycles)
            while self.pc != return_address:
                if cycles >= max_cycles or cycles < 0:  # the compiled core returns -1 for a runaway
                    raise self.jam(f"runaway: routine ${address:04X} did not return within {max_cycles} cycles")
                cycles += ops[memory[self.pc]](self) % STOP
        finally:
            self.sp = saved_sp
        return cycles

    # -- the run loop -----------------------------------------------------------

    def run(self, limit: int) -> None:
        """Execute instructions until ``processorCycles >= limit`` (or a STOP)."""
        if self._core is None:
            self.run_python(limit)
            return
        try:
            self._core.run(limit)
        except (IndexError, CpuJam) as error:
            raise self._jam_after_run(error) from None

    def run_chunks(self, plan: RunPlan) -> int:
        """The machine's chunks of CPU work from ``plan.now`` up to ``plan.stop_at`` (emulator/runplan.py).

        The compiled core runs chunk after chunk while nothing needs the machine; the Python
        core runs one.  Returns REACHED, STOPPED (processorCycles includes STOP) or LOOK."""
        plan.executed = 0
        try:
            if self._core is None:
                return self._run_chunk_python(plan)
            try:
                return self._core.run_chunks(plan)
            except (IndexError, CpuJam) as error:
                raise self._jam_after_run(error) from None  # the chunk's start still set, as run_python has it
        finally:
            plan.chunk_start = None

    def _run_chunk_python(self, plan: RunPlan) -> int:
        """One chunk of ``run_chunks`` in Python: the free cycles up to the chunk's end, then
        the cycles used turned back into machine time."""
        now, timeline = plan.now, plan.timeline
        offset = now - plan.frame_start
        end = min(plan.stop_at, now + plan.chunk_cycles)
        budget = timeline.free_between(offset, end - plan.frame_start)
        if budget <= 0:  # ANTIC has the bus all the time up to ``end``
            self.processorCycles = end
            return REACHED if end >= plan.stop_at else LOOK
        plan.chunk_start = now
        self.run_python(now + budget)
        stopped = self.processorCycles >= STOP
        used = self.processorCycles - now - (STOP if stopped else 0)
        plan.executed = used
        self.processorCycles = now + timeline.real_span(offset, used) + (STOP if stopped else 0)
        if stopped:
            return STOPPED
        return REACHED if self.processorCycles >= plan.stop_at else LOOK

    def _jam_after_run(self, error: Exception) -> Exception:
        """The CpuJam that ``run`` raises for an error of the compiled core (as run_python does)."""
        if isinstance(error, IndexError):
            return self.jam("program counter ran past $FFFF")
        problem = getattr(error, "problem", None)
        return error if problem is None else self.jam(problem)

    def run_python(self, limit: int) -> None:
        """``run`` in Python: the reference core."""
        ops = self.fast_ops
        mem = self.memory
        cycles = self.processorCycles
        history = self.history
        index = 0
        try:
            while True:
                try:
                    while cycles < limit:
                        pc = self.pc
                        history[index] = pc
                        index = (index + 1) & 7
                        self.processorCycles = cycles
                        cycles += ops[mem[pc]](self)
                    break
                except IndexError:  # at $FFFE/$FFFF or just past $FFFF: PC wraps to $0000
                    if pc <= 0xFFFD:
                        raise
                    self.pc = history[(index - 1) & 7] = pc & 0xFFFF
                    cycles += self.run_wrapping()
            self.pc &= 0xFFFF
        except IndexError:
            self.processorCycles = cycles
            self._rotate_history(index)
            raise self.jam("program counter ran past $FFFF") from None
        except CpuJam as error:
            self._rotate_history(index)
            problem = getattr(error, "problem", None)
            if problem is None:
                raise
            raise self.jam(problem) from None
        self.processorCycles = cycles
        self._rotate_history(index)

    def _rotate_history(self, index: int) -> None:
        """Put the recorded PCs in execution order (oldest first)."""
        self.history[:] = self.history[index:] + self.history[:index]

    # -- diagnostics ---------------------------------------------------------

    def disassemble_at(self, addr: int) -> tuple[int, str]:
        """(length, text) of the instruction at ``addr``."""
        instruction: tuple[int, str] = Disassembler(self).instruction_at(addr & 0xFFFF)
        return instruction

    def recent_disassembly(self) -> str:
        """The last (up to 8) executed instructions, one per line."""
        lines = []
        seen_real = False
        for pc in self.history:
            if pc == 0 and not seen_real:
                continue
            seen_real = True
            try:
                _, text = self.disassemble_at(pc)
            except Exception:  # noqa: BLE001 - diagnostics must never fail
                text = "???"
            if self.memory[pc & 0xFFFF] in KIL_OPCODES:
                text = "TRAP" if pc in self.traps else "KIL"
            raw = " ".join(f"{self.memory[(pc + i) & 0xFFFF]:02X}" for i in range(_length_at(self, pc)))
            lines.append(f"  ${pc:04X}  {raw:<8}  {text}")
        return "\n".join(lines)

    def jam(self, problem: str) -> CpuJam:
        """A CpuJam naming the problem, the PC and the last instructions."""
        pc = self.pc & 0xFFFF
        recent = self.recent_disassembly()  # empty when nothing but $0000 ran (an OS ROM of zeros)
        error = CpuJam(f"CPU jam at ${pc:04X}: {problem}" + (f"; last instructions:\n{recent}" if recent else ""))
        error.problem = problem  # type: ignore[attr-defined]  # lets run() rebuild it in order
        return error


def _length_at(cpu: AtariCPU, pc: int) -> int:
    mnemonic, mode = cpu.disassemble[cpu.memory[pc & 0xFFFF]]
    return _INSTRUCTION_LENGTH.get(mode, 1) if mnemonic != "???" else 1
