"""An Atari BASIC program in memory, ENTERed from LIST text or LOADed from a SAVE file.

The SAVE format ("Mapping the Atari", locations 128-141: LOMEM ... STARP; "The Atari BASIC
Source Book", chapter 2: the variable name table, variable value table and statement table):

* a 14-byte header: seven little-endian words LOMEM, VNTP, VNTD, VVTP, STMTAB, STMCUR and
  STARP, each minus LOMEM (so the first word is 0 and VNTP is $0100, above the 256-byte
  token buffer);
* the variable name table (VNTP .. VNTD): each name with bit 7 set on its last character,
  "$" ending a string's name and "(" an array's, then one zero byte (VNTD points at it);
* the variable value table (VVTP .. STMTAB): 8 bytes per variable, type ($00 number,
  $40 array, $80 string; +1 once dimensioned), variable number, 6 bytes of value;
* the statement table (STMTAB .. STMCUR): the tokenized lines in line-number order;
* the immediate line at STMCUR: line 32768, the SAVE statement that wrote the file
  (STARP points just after it).

A program ENTERed but never RUN has all value bytes zero, which is what `to_save_bytes`
writes; a file LOADed keeps its value table byte for byte, so LOAD + SAVE is exact.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

from host.atari.basic import tokens as T
from host.atari.basic.tokenizer import MAX_LINE_CHARACTERS, BasicSyntaxError, VariableTable, tokenize_statements
from host.errors import SurroundError

DEFAULT_IMMEDIATE = 'SAVE "D:PROGRAM.BAS"'

#: the most a program (token buffer, tables, lines, immediate line) may take above LOMEM: from
#: MEMLO $0700 (no DOS) to MEMTOP $9C1F (GRAPHICS 0 with the BASIC cartridge) of an XL, the
#: largest room Atari BASIC ever has ("Mapping the Atari", locations 743-744 and 741-742);
#: a larger file gives ERROR 2 (insufficient memory) at LOAD
LARGEST_PROGRAM = 0x9C1F - 0x0700


@dataclass
class Program:
    """Variables, numbered lines (number -> tokenized bytes) and the immediate line."""

    variables: VariableTable = field(default_factory=VariableTable)
    lines: dict[int, bytes] = field(default_factory=dict)
    immediate: bytes = b""
    values: bytes | None = None   # the value table as LOADed; None = all zero (never RUN)

    def enter_line(self, text: str, source: str = "", max_characters: int = MAX_LINE_CHARACTERS) -> None:
        """ENTER one logical line: store, replace or (a number alone) delete a program line,
        or, without a line number, make it the immediate line."""
        if len(text) > max_characters:
            raise BasicSyntaxError(
                f"line is {len(text)} characters long, a logical line holds at most {max_characters}",
                _leading_number(text), max_characters + 1, text, source,
            )
        number, start = _line_number(text, source)
        if number is None:
            self.immediate = _line_bytes(
                T.IMMEDIATE_LINE, tokenize_statements(text, start, self.variables, None, source)
            )
            return
        if text[start:].strip(" ") == "":
            self.lines.pop(number, None)
            return
        body = tokenize_statements(text, start, self.variables, number, source)
        self.lines[number] = _line_bytes(number, body)
        self.values = None

    def statement_table(self) -> bytes:
        return b"".join(self.lines[number] for number in sorted(self.lines))

    def vnt_bytes(self) -> bytes:
        table = bytearray()
        for name in self.variables.names:
            encoded = bytearray(name.encode("latin-1"))
            encoded[-1] |= 0x80
            table += encoded
        table.append(0)
        return bytes(table)

    def vvt_bytes(self) -> bytes:
        if self.values is not None:
            return self.values
        table = bytearray()
        for number, name in enumerate(self.variables.names):
            kind = T.VVT_STRING if name.endswith("$") else T.VVT_ARRAY if name.endswith("(") else T.VVT_SCALAR
            table += bytes([kind, number, 0, 0, 0, 0, 0, 0])
        return bytes(table)

    def to_save_bytes(self, immediate: str | None = None, source: str = "") -> bytes:
        """The program as Atari BASIC's SAVE writes it (header, VNT, VVT, lines, immediate line);
        SurroundError (naming ``source`` and the first line that does not fit) if it is larger
        than any Atari BASIC could LOAD."""
        if immediate is not None:
            self.enter_line(immediate)
        if not self.immediate:
            self.enter_line(DEFAULT_IMMEDIATE)
        vnt, vvt, statements = self.vnt_bytes(), self.vvt_bytes(), self.statement_table()
        self._check_size(T.VNT_OFFSET + len(vnt) + len(vvt) + len(self.immediate), source)
        vntp = T.VNT_OFFSET
        vntd = vntp + len(vnt) - 1
        vvtp = vntp + len(vnt)
        stmtab = vvtp + len(vvt)
        stmcur = stmtab + len(statements)
        starp = stmcur + len(self.immediate)
        header = struct.pack("<7H", 0, vntp, vntd, vvtp, stmtab, stmcur, starp)
        return header + vnt + vvt + statements + self.immediate

    def _check_size(self, fixed: int, source: str) -> None:
        """Refuse a program whose ``fixed`` bytes plus its lines exceed LARGEST_PROGRAM."""
        size = fixed + sum(len(line) for line in self.lines.values())
        if size <= LARGEST_PROGRAM:
            return
        used = fixed
        for number in sorted(self.lines):
            used += len(self.lines[number])
            if used > LARGEST_PROGRAM:
                break
        prefix = f"{source}: " if source else ""
        raise SurroundError(
            f"{prefix}program too large: {size} bytes with {len(self.lines)} lines, Atari BASIC has at most "
            f"{LARGEST_PROGRAM} (LOMEM $0700 to MEMTOP $9C1F; ERROR 2 at LOAD); line {number} is the first that "
            f"does not fit"
        )


def _line_bytes(number: int, body: bytes) -> bytes:
    return struct.pack("<HB", number, len(body) + 3) + body


def _leading_number(text: str) -> int | None:
    digits = ""
    for character in text.lstrip(" "):
        if not character.isdigit():
            break
        digits += character
    return int(digits) if digits else None


def _line_number(text: str, source: str) -> tuple[int | None, int]:
    """The line number at the start of `text` (None for an immediate line) and where the rest starts."""
    position = 0
    while position < len(text) and text[position] == " ":
        position += 1
    start = position
    while position < len(text) and text[position].isdigit():
        position += 1
    if position == start:
        return None, start
    number = int(text[start:position])
    if number > T.MAX_LINE_NUMBER:
        raise BasicSyntaxError(
            f"line number {number} is above {T.MAX_LINE_NUMBER}", None, start + 1, text, source
        )
    return number, position


def split_listing(data: bytes) -> tuple[list[str], bool]:
    """Split LIST output into logical lines: ATASCII ($9B ends a line) or ASCII with LF (or CRLF).

    Returns the lines (characters as latin-1, one per byte) and whether the text was ATASCII.
    Empty lines are skipped.
    """
    atascii = bytes([T.EOL]) in data
    if atascii:
        raw_lines = data.split(bytes([T.EOL]))
    else:
        raw_lines = [line[:-1] if line.endswith(b"\r") else line for line in data.split(b"\n")]
    return [line.decode("latin-1") for line in raw_lines if line.strip(b" ")], atascii


def non_ascii_warnings(data: bytes, source: str = "", most: int = 5) -> list[str]:
    """One warning per non-ASCII character of a text listing (LF lines; an ATASCII listing's
    bytes above $7F are its inverse and graphics characters, no warning), naming the line and
    the character: it would go into the program as raw bytes, not as the character shown."""
    if bytes([T.EOL]) in data:
        return []
    warnings: list[str] = []
    found = 0
    prefix = f"{source}: " if source else ""
    for row, raw in enumerate(data.split(b"\n"), start=1):
        if raw.isascii():
            continue
        text = raw.decode("utf-8", errors="surrogateescape")  # a byte that is no UTF-8 stays itself
        number = _leading_number(text)
        where = f"line {number} (row {row})" if number is not None else f"row {row}"
        for column, character in enumerate(text, start=1):
            if ord(character) < 128:
                continue
            found += 1
            if len(warnings) < most:
                warnings.append(f"{prefix}{where}, column {column}: {_non_ascii(character)}")
    if found > most:
        warnings.append(f"{prefix}{found - most} more non-ASCII characters")
    return warnings


def _non_ascii(character: str) -> str:
    """What a warning says about one non-ASCII character of a listing."""
    if 0xDC80 <= ord(character) <= 0xDCFF:  # surrogateescape: a byte that is no UTF-8
        return f"the byte ${ord(character) - 0xDC00:02X} (not UTF-8, no ASCII character) goes into the program as it is"
    encoded = " ".join(f"${byte:02X}" for byte in character.encode("utf-8"))
    return f"non-ASCII character {character!r} goes into the program as the bytes {encoded}"


def enter_listing(data: bytes | str, source: str = "", max_characters: int = MAX_LINE_CHARACTERS) -> Program:
    """ENTER a whole listing into a new program (immediate lines in it are tokenized but kept
    only as the last immediate line, as BASIC would have executed them)."""
    if isinstance(data, str):
        data = data.encode("latin-1")
    program = Program()
    lines, _ = split_listing(data)
    for text in lines:
        program.enter_line(text, source, max_characters)
    program.immediate = b""
    return program


def tokenize_listing(data: bytes | str, source: str = "", immediate: str = DEFAULT_IMMEDIATE,
                     max_characters: int = MAX_LINE_CHARACTERS) -> bytes:
    """LIST text to the bytes of a SAVE file whose immediate line is `immediate`."""
    return enter_listing(data, source, max_characters).to_save_bytes(immediate)


__all__ = [
    "Program", "enter_listing", "non_ascii_warnings", "tokenize_listing", "split_listing", "SurroundError",
    "DEFAULT_IMMEDIATE",
]
