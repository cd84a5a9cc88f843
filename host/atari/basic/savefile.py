"""Reading a SAVE file back (LOAD), with a clear error for anything Atari BASIC would not write.

The layout is described in host/atari/basic/program.py. Checks: the header's pointers are in
order and match the file's length, LOMEM is 0, the variable name table ends with its zero byte
and holds one name per value table entry, every line is in order, inside the statement table,
and made of real tokens (host/atari/basic/lister.py), and the last line is the immediate line.
"""

from __future__ import annotations

import re
import struct

from host.atari.basic import tokens as T
from host.atari.basic.lister import BrokenProgram, list_line
from host.atari.basic.program import Program
from host.atari.basic.tokenizer import VariableTable

_VARIABLE_NAME = re.compile(r"[A-Z][A-Z0-9]*[$(]?")
HEADER_FIELDS = ("LOMEM", "VNTP", "VNTD", "VVTP", "STMTAB", "STMCUR", "STARP")


def _header(data: bytes, source: str) -> dict[str, int]:
    if len(data) < T.HEADER_SIZE:
        raise BrokenProgram(f"{source}: {len(data)} bytes, too short for the 14-byte header of a SAVE file")
    header = dict(zip(HEADER_FIELDS, struct.unpack("<7H", data[:T.HEADER_SIZE])))
    if header["LOMEM"] != 0:
        raise BrokenProgram(f"{source}: not an Atari BASIC SAVE file (first word is ${header['LOMEM']:04X}, not 0)")
    order = ["VNTP", "VNTD", "VVTP", "STMTAB", "STMCUR", "STARP"]
    for lower, upper in zip(order, order[1:]):
        if header[lower] > header[upper]:
            raise BrokenProgram(
                f"{source}: header pointers out of order ({lower} ${header[lower]:04X} > {upper} ${header[upper]:04X})"
            )
    if header["VVTP"] != header["VNTD"] + 1:
        raise BrokenProgram(f"{source}: VVTP ${header['VVTP']:04X} does not follow VNTD ${header['VNTD']:04X}")
    expected = T.HEADER_SIZE + header["STARP"] - header["VNTP"]
    if len(data) != expected:
        raise BrokenProgram(f"{source}: {len(data)} bytes, but the header describes {expected}")
    return header


def _names(vnt: bytes, count: int, source: str) -> list[str]:
    if not vnt or vnt[-1] != 0:
        raise BrokenProgram(f"{source}: the variable name table does not end with its zero byte")
    names: list[str] = []
    current = bytearray()
    for byte in vnt[:-1]:
        current.append(byte & 0x7F)
        if byte & 0x80:
            names.append(current.decode("latin-1"))
            current = bytearray()
    if current:
        raise BrokenProgram(f"{source}: the variable name table ends inside a name")
    if len(names) != count:
        raise BrokenProgram(
            f"{source}: {len(names)} variable names but {count} entries in the variable value table"
        )
    for name in names:
        if not _VARIABLE_NAME.fullmatch(name):
            raise BrokenProgram(f"{source}: {name!r} is not an Atari BASIC variable name")
    return names


def _split_lines(table: bytes, source: str, what: str) -> list[bytes]:
    lines = []
    position = 0
    while position < len(table):
        if position + 3 > len(table):
            raise BrokenProgram(f"{source}: {what} ends inside a line header at byte {position}")
        length = table[position + 2]
        if length < 4 or position + length > len(table):
            number = table[position] | table[position + 1] << 8
            raise BrokenProgram(f"{source}: line {number} has length {length}, which does not fit the {what}")
        lines.append(table[position:position + length])
        position += length
    return lines


def load_save_bytes(data: bytes, source: str = "program") -> Program:
    """Parse a SAVE file into a Program, checking every byte; BrokenProgram names the problem."""
    header = _header(data, source)

    def region(start: str, end: str) -> bytes:
        return data[T.HEADER_SIZE + header[start] - header["VNTP"]:T.HEADER_SIZE + header[end] - header["VNTP"]]

    values = region("VVTP", "STMTAB")
    if len(values) % T.VVT_ENTRY_SIZE:
        raise BrokenProgram(f"{source}: the variable value table is {len(values)} bytes, not a multiple of 8")
    count = len(values) // T.VVT_ENTRY_SIZE
    if count > T.MAX_VARIABLES:
        raise BrokenProgram(f"{source}: {count} variables, Atari BASIC has at most {T.MAX_VARIABLES}")
    names = _names(region("VNTP", "VVTP"), count, source)
    for number in range(count):
        kind, stored = values[number * 8], values[number * 8 + 1]
        if stored != number or kind & 0xFE not in (T.VVT_SCALAR, T.VVT_ARRAY, T.VVT_STRING):
            raise BrokenProgram(
                f"{source}: variable value table entry {number} is broken (type ${kind:02X}, number {stored})"
            )
    lines = _split_lines(region("STMTAB", "STMCUR"), source, "statement table")
    immediate = _split_lines(region("STMCUR", "STARP"), source, "immediate line")
    if len(immediate) != 1 or (immediate[0][0] | immediate[0][1] << 8) != T.IMMEDIATE_LINE:
        raise BrokenProgram(f"{source}: STMCUR does not point at one immediate line (line 32768)")
    program = Program(variables=VariableTable(names), immediate=immediate[0], values=values)
    previous = -1
    for line in lines:
        number = line[0] | line[1] << 8
        if number > T.MAX_LINE_NUMBER or number <= previous:
            raise BrokenProgram(f"{source}: line {number} out of order or out of range after line {previous}")
        previous = number
        list_line(line, names, f"{source}: line {number}")
        program.lines[number] = line
    list_line(immediate[0], names, f"{source}: immediate line")
    return program
