"""Generate the instruction switch of the compiled 6502 core from cpu.py's instruction table.

``python -m emulator.cpu_cgen`` writes emulator/_cpucore_ops.h, which emulator/_cpucore.c
includes; the generated file is committed (building the extension needs no Python
code), and tests/test_emu_cpu_core.py checks that regenerating it gives the same text.

The templates mirror cpu.py's Python templates line by line: same order of effects
(PC first, then the operand read, then flags, then the write), same cycle counts, the
same I/O rules (zero page and stack never are I/O; 16-bit reads of $D000-$D7FF go to
``io_read``; writes to pages that are not ``writable`` go to ``write_special``).
Opcodes that are rare or need Python (BRK, RTI, PLP, CLI: they look at the IRQ line or
the jam rule; $02 traps and the KIL opcodes) have no case: the core runs cpu.py's Python
handler for them, and for any instruction at $FFFE/$FFFF, whose operands wrap to $0000.
"""

from __future__ import annotations

import sys
from pathlib import Path

from emulator.cpu import (
    _INSTRUCTION_LENGTH,
    _PAGE_CROSS_MODES,
    _READ_CYCLES,
    _RMW_CYCLES,
    _STORE_CYCLES,
    _ZERO_PAGE_MODES,
    ANE_MAGIC,
    BRANCH_FLAGS,
    COMBINED_OPS,
    HIGH_BYTE_STORE_OPS,
    IMPLIED_CYCLES,
    LXA_MAGIC,
    READ_OPS,
    RMW_OPS,
    STORE_OPS,
    instruction_table,
)

OUTPUT = Path(__file__).resolve().parent / "_cpucore_ops.h"

#: Opcodes the compiled core leaves to the Python handler.
PYTHON_ONLY = {("BRK", "imp"), ("RTI", "imp"), ("PLP", "imp"), ("CLI", "imp")}

_ADDRESS = {
    "zpg": "addr = mem[opc + 1];",
    "zpx": "addr = (mem[opc + 1] + x) & 0xFF;",
    "zpy": "addr = (mem[opc + 1] + y) & 0xFF;",
    "abs": "addr = mem[opc + 1] | (mem[opc + 2] << 8);",
    "abx": "base = mem[opc + 1] | (mem[opc + 2] << 8); addr = (base + x) & 0xFFFF;",
    "aby": "base = mem[opc + 1] | (mem[opc + 2] << 8); addr = (base + y) & 0xFFFF;",
    "inx": "zp = (mem[opc + 1] + x) & 0xFF; addr = mem[zp] | (mem[(zp + 1) & 0xFF] << 8);",
    "iny": "zp = mem[opc + 1]; base = mem[zp] | (mem[(zp + 1) & 0xFF] << 8); addr = (base + y) & 0xFFFF;",
}

_ALU = {
    "LDA": "a = v; p = (p & 0x7D) | nz[v];",
    "LDX": "x = v; p = (p & 0x7D) | nz[v];",
    "LDY": "y = v; p = (p & 0x7D) | nz[v];",
    "LAX": "a = x = v; p = (p & 0x7D) | nz[v];",
    "ORA": "v = a = a | v; p = (p & 0x7D) | nz[v];",
    "AND": "v = a = a & v; p = (p & 0x7D) | nz[v];",
    "EOR": "v = a = a ^ v; p = (p & 0x7D) | nz[v];",
    "BIT": "p = (p & 0x3D) | (v & 0xC0) | ((a & v) ? 0 : 0x02);",
    "CMP": "r = (int)a - (int)v; p = (p & 0x7C) | (r >= 0) | nz[r & 0xFF];",
    "CPX": "r = (int)x - (int)v; p = (p & 0x7C) | (r >= 0) | nz[r & 0xFF];",
    "CPY": "r = (int)y - (int)v; p = (p & 0x7C) | (r >= 0) | nz[r & 0xFF];",
    "ADC": "if (p & 0x08) { t = adc_decimal(a, p, v); a = t >> 8; p = t & 0xFF; } "
           "else { r = a + v + (p & 1); t = r & 0xFF; "
           "p = (p & 0x3C) | (r > 0xFF) | (((~(a ^ v) & (a ^ r)) & 0x80) >> 1) | nz[t]; a = t; }",
    "SBC": "if (p & 0x08) { t = sbc_decimal(a, p, v); a = t >> 8; p = t & 0xFF; } "
           "else { r = a + (v ^ 0xFF) + (p & 1); t = r & 0xFF; "
           "p = (p & 0x3C) | (r > 0xFF) | ((((a ^ v) & (a ^ r)) & 0x80) >> 1) | nz[t]; a = t; }",
    "NOP": "",
    "ANC": "v = a = a & v; p = (p & 0x7C) | nz[v] | (v >> 7);",
    "ALR": "t = a & v; v = a = t >> 1; p = (p & 0x7C) | nz[v] | (t & 1);",
    "ARR": "t = arr(a, p, v); a = t >> 8; p = t & 0xFF;",
    "ANE": f"v = a = (a | {ANE_MAGIC:#04x}) & x & v; p = (p & 0x7D) | nz[v];",
    "LXA": f"v = a = x = (a | {LXA_MAGIC:#04x}) & v; p = (p & 0x7D) | nz[v];",
    "SBX": "r = (int)(a & x) - (int)v; v = x = r & 0xFF; p = (p & 0x7C) | (r >= 0) | nz[v];",
    "LAS": "v = a = x = sp = v & sp; p = (p & 0x7D) | nz[v];",
}

_RMW = {  # old value t -> new value t, flags without N/Z in np
    "ASL": "np = (p & 0x7C) | (t >> 7); t = (t << 1) & 0xFF;",
    "LSR": "np = (p & 0x7C) | (t & 1); t = t >> 1;",
    "ROL": "np = (p & 0x7C) | (t >> 7); t = ((t << 1) | (p & 1)) & 0xFF;",
    "ROR": "np = (p & 0x7C) | (t & 1); t = (t >> 1) | ((p & 1) << 7);",
    "INC": "np = p & 0x7D; t = (t + 1) & 0xFF;",
    "DEC": "np = p & 0x7D; t = (t - 1) & 0xFF;",
}

_STORE_VALUE = {"STA": "a", "STX": "x", "STY": "y", "SAX": "(a & x)"}
_HIGH_BYTE_STORE_VALUE = {"SHA": "v = a & x;", "SHX": "v = x;", "SHY": "v = y;", "TAS": "v = sp = a & x;"}

_IMPLIED = {
    "CLC": "p &= 0xFE;", "SEC": "p |= 0x01;", "CLD": "p &= 0xF7;", "SED": "p |= 0x08;",
    "CLV": "p &= 0xBF;", "SEI": "p |= 0x04;",
    "TAX": "v = x = a; p = (p & 0x7D) | nz[v];",
    "TAY": "v = y = a; p = (p & 0x7D) | nz[v];",
    "TXA": "v = a = x; p = (p & 0x7D) | nz[v];",
    "TYA": "v = a = y; p = (p & 0x7D) | nz[v];",
    "TSX": "v = x = sp; p = (p & 0x7D) | nz[v];",
    "TXS": "sp = x;",
    "INX": "v = x = (x + 1) & 0xFF; p = (p & 0x7D) | nz[v];",
    "INY": "v = y = (y + 1) & 0xFF; p = (p & 0x7D) | nz[v];",
    "DEX": "v = x = (x - 1) & 0xFF; p = (p & 0x7D) | nz[v];",
    "DEY": "v = y = (y - 1) & 0xFF; p = (p & 0x7D) | nz[v];",
    "NOP": "",
    "PHA": "mem[0x100 | sp] = a; sp = (sp - 1) & 0xFF;",
    "PHP": "mem[0x100 | sp] = p | 0x30; sp = (sp - 1) & 0xFF;",
    "PLA": "sp = (sp + 1) & 0xFF; v = a = mem[0x100 | sp]; p = (p & 0x7D) | nz[v];",
}

_SPECIAL = {
    ("JMP", "abs"): "pc = mem[opc + 1] | (mem[opc + 2] << 8); c = 3;",
    ("JMP", "ind"): ("addr = mem[opc + 1] | (mem[opc + 2] << 8); base = (addr & 0xFF00) | ((addr + 1) & 0xFF); "
                     "READ(v, addr); READ(t, base); pc = v | (t << 8); c = 5;"),
    ("JSR", "abs"): ("t = opc + 2; mem[0x100 | sp] = t >> 8; mem[0x100 | ((sp - 1) & 0xFF)] = t & 0xFF; "
                     "sp = (sp - 2) & 0xFF; pc = mem[opc + 1] | (mem[opc + 2] << 8); c = 6;"),
    ("RTS", "imp"): ("v = mem[0x100 | ((sp + 1) & 0xFF)]; t = mem[0x100 | ((sp + 2) & 0xFF)]; "
                     "sp = (sp + 2) & 0xFF; pc = ((v | (t << 8)) + 1) & 0xFFFF; c = 6;"),
}


def _read(mode: str) -> str:
    """C that leaves the operand byte in ``v`` (``addr`` computed first)."""
    if mode == "imm":
        return "v = mem[opc + 1];"
    if mode in _ZERO_PAGE_MODES:
        return _ADDRESS[mode] + " v = mem[addr];"
    return _ADDRESS[mode] + " READ(v, addr);"


def _write(mode: str, value: str) -> str:
    """C that stores ``value`` at ``addr``; stalls from write_special go into ``c``."""
    if mode in _ZERO_PAGE_MODES:
        return f"mem[addr] = {value};"
    return f"WRITE(addr, {value});"


def case_body(mnemonic: str, mode: str, fixed: int | None) -> str | None:
    """The C statements of one opcode (ending with ``c`` set), or None for a Python-only opcode."""
    if (mnemonic, mode) in PYTHON_ONLY:
        return None
    length = _INSTRUCTION_LENGTH[mode]
    if mnemonic in READ_OPS and mode != "imp":
        base = fixed or _READ_CYCLES[mode]
        cycles = f"c = ((base ^ addr) & 0xFF00) ? {base + 1} : {base};" if mode in _PAGE_CROSS_MODES else f"c = {base};"
        return f"pc = opc + {length}; {_read(mode)} {_ALU[mnemonic]} {cycles}"
    if mnemonic in STORE_OPS:
        base = fixed or _STORE_CYCLES[mode]
        return f"pc = opc + {length}; c = {base}; {_ADDRESS[mode]} {_write(mode, _STORE_VALUE[mnemonic])}"
    if mnemonic in RMW_OPS:
        base = fixed or _RMW_CYCLES[mode]
        if mode == "acc":
            return f"pc = opc + 1; t = a; {_RMW[mnemonic]} a = t; p = np | nz[t]; c = {base};"
        return (f"pc = opc + {length}; c = {base}; {_read(mode)} t = v; {_RMW[mnemonic]} "
                f"p = np | nz[t]; {_write(mode, 't')}")
    if mnemonic in COMBINED_OPS:
        rmw, alu = COMBINED_OPS[mnemonic]
        base = fixed or _RMW_CYCLES[mode]
        return (f"pc = opc + {length}; c = {base}; {_read(mode)} t = v; {_RMW[rmw]} "
                f"p = np | nz[t]; {_write(mode, 't')} v = t; {_ALU[alu]}")
    if mnemonic in HIGH_BYTE_STORE_OPS:
        base = fixed or _STORE_CYCLES[mode]
        return (f"pc = opc + {length}; c = {base}; {_ADDRESS[mode]} {_HIGH_BYTE_STORE_VALUE[mnemonic]} "
                f"v &= (base >> 8) + 1; if ((base ^ addr) & 0xFF00) addr = (addr & 0xFF) | (v << 8); "
                f"{_write(mode, 'v')}")
    if mnemonic in BRANCH_FLAGS:
        mask, when_set = BRANCH_FLAGS[mnemonic]
        test = f"(p & {mask:#04x})" if when_set else f"!(p & {mask:#04x})"
        return (f"if ({test}) {{ v = mem[opc + 1]; base = opc + 2; "
                f"addr = ((v & 0x80) ? base + v - 256 : base + v) & 0xFFFF; pc = addr; "
                f"c = ((addr ^ base) & 0xFF00) ? 4 : 3; }} else {{ pc = opc + 2; c = 2; }}")
    if mnemonic in _IMPLIED and mode == "imp":
        base = fixed or IMPLIED_CYCLES.get(mnemonic, 2)
        return f"pc = opc + 1; {_IMPLIED[mnemonic]} c = {base};"
    special = _SPECIAL.get((mnemonic, mode))
    if special is not None:
        return special
    raise ValueError(f"no C template for {mnemonic} {mode}")


def generate() -> str:
    """The text of _cpucore_ops.h."""
    lines = [
        "/* Generated by emulator/cpu_cgen.py from emulator/cpu.py's instruction table: do not edit. */",
        "/* One case per opcode that the compiled core executes itself; the rest run in Python. */",
    ]
    for opcode, (mnemonic, mode, fixed) in instruction_table().items():
        body = case_body(mnemonic, mode, fixed)
        if body is not None:
            body = " ".join(body.split())
            lines.append(f"case 0x{opcode:02X}: /* {mnemonic} {mode} */ {{ {body} }} break;")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write (or with --check, compare) emulator/_cpucore_ops.h."""
    args = sys.argv[1:] if argv is None else argv
    text = generate()
    if "--check" in args:
        same = OUTPUT.exists() and OUTPUT.read_text() == text
        print(f"{OUTPUT.name}: {'up to date' if same else 'differs from the generator'}")
        return 0 if same else 1
    OUTPUT.write_text(text)
    print(f"wrote {OUTPUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
