"""Tokenized lines back to text: Atari BASIC's LIST, in Python.

What LIST prints ("The Atari BASIC Source Book", chapter 7, LIST): the line number and a
blank; for each statement its name and a blank (nothing for an implied LET); then each
operand token: numbers as the math pack's FASC prints them, strings between quotes,
variables by their name in the variable name table (an array's name ends with its "("),
operators by their name (a name that starts with a letter gets a blank before it, one that
ends with a letter a blank after it), functions by their name. ":" separates statements;
the end-of-line token prints nothing. REM, DATA and error lines print their text as stored.

Every byte is checked on the way: a broken line raises BrokenProgram naming the line, the
byte offset and the problem, never an IndexError.
"""

from __future__ import annotations

from host.atari.basic import tokens as T
from host.atari.basic.numbers import NUMBER_SIZE, NumberError, number_text
from host.errors import SurroundError


class BrokenProgram(SurroundError):
    """A SAVE file or tokenized line that is not what Atari BASIC writes."""


def _name(token: int) -> str:
    return T.STATEMENT_NAMES[token]


def list_statement_operands(line: bytes, start: int, end: int, names: list[str], where: str) -> str:
    """The text of the operand tokens line[start:end] of one statement."""
    pieces: list[str] = []
    position = start
    while position < end:
        token = line[position]
        position += 1
        if token == T.NUMERIC_CONSTANT:
            if position + NUMBER_SIZE > end:
                raise BrokenProgram(f"{where}: numeric constant cut off at byte {position - 1}")
            value = line[position:position + NUMBER_SIZE]
            try:
                pieces.append(number_text(value))
            except (NumberError, ValueError) as error:
                raise BrokenProgram(
                    f"{where}: bad numeric constant {value.hex()} at byte {position - 1} ({error})"
                ) from None
            position += NUMBER_SIZE
        elif token == T.STRING_CONSTANT:
            if position >= end or position + 1 + line[position] > end:
                raise BrokenProgram(f"{where}: string constant cut off at byte {position - 1}")
            length = line[position]
            pieces.append('"' + line[position + 1:position + 1 + length].decode("latin-1") + '"')
            position += 1 + length
        elif token >= T.VARIABLE_BASE:
            number = token - T.VARIABLE_BASE
            if number >= len(names):
                raise BrokenProgram(
                    f"{where}: variable {number} at byte {position - 1}, but the program has only {len(names)}"
                )
            pieces.append(names[number])
        elif T.FIRST_OPERATOR <= token <= T.LAST_OPERATOR:
            pieces.append(T.operator_text(token))
        elif T.FIRST_FUNCTION <= token <= T.LAST_FUNCTION:
            pieces.append(T.FUNCTION_NAMES[token])
        else:
            raise BrokenProgram(f"{where}: ${token:02X} at byte {position - 1} is not an Atari BASIC token")
    return "".join(pieces)


def list_line(line: bytes, names: list[str], where: str = "") -> str:
    """One tokenized line (number, length, statements) as LIST prints it."""
    if len(line) < 3:
        raise BrokenProgram(f"{where}: a line needs at least 3 bytes, found {len(line)}")
    number = line[0] | line[1] << 8
    where = where or f"line {number}"
    if line[2] != len(line):
        raise BrokenProgram(f"{where}: line length byte says {line[2]}, the line has {len(line)} bytes")
    text = [str(number) if number != T.IMMEDIATE_LINE else "", " " if number != T.IMMEDIATE_LINE else ""]
    position = 3
    if position >= len(line):
        raise BrokenProgram(f"{where}: line without statements")
    while position < len(line):
        following = line[position]
        if following <= position + 1 or following > len(line):
            raise BrokenProgram(
                f"{where}: statement at byte {position} says the next one starts at byte {following}"
            )
        token = line[position + 1]
        if token >= len(T.STATEMENT_NAMES):
            raise BrokenProgram(f"{where}: ${token:02X} at byte {position + 1} is not a statement token")
        if token != T.S_ILET:
            text.append(_name(token) + " ")
        if token in T.RAW_TEXT_STATEMENTS:
            if following != len(line) or line[following - 1] != T.EOL:
                raise BrokenProgram(f"{where}: {_name(token)} text does not run to the end of the line with $9B")
            text.append(line[position + 2:following - 1].decode("latin-1"))
        else:
            last = line[following - 1]
            if following == len(line) and last != T.C_EOL:
                raise BrokenProgram(f"{where}: the last statement does not end with the end-of-line token")
            if following < len(line) and last not in (T.C_EOS, T.C_THEN):
                raise BrokenProgram(f"{where}: statement at byte {position} does not end with ':' or THEN")
            text.append(list_statement_operands(line, position + 2, following, names, where))
        position = following
    return "".join(text)
