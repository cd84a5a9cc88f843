"""A small evaluator of tokenized Atari BASIC assignments, for checking a listing's arithmetic
in Python before (and independently of) the 6502 interpreter.

It runs the LET / implied-LET statements of chosen lines (numeric assignments, and string
element assignments of CHR$), stopping at RETURN, with every operation through the math-pack
model host/atari_fp.py, so results are the bytes Atari BASIC would compute. Precedence is
the "Atari BASIC Reference Manual"'s (chapter 1, operator precedence): string comparisons,
unary minus, ^, * /, + -, numeric comparisons, NOT, AND, OR; operators of one level from
left to right.
"""

from __future__ import annotations

from decimal import ROUND_FLOOR
from typing import Callable

from host import atari_fp as fp
from host.atari_basic import tokens as T

ONE, ZERO = fp.from_int(1), fp.from_int(0)


def _compare(test: Callable[[int], bool]) -> Callable[[bytes, bytes], bytes]:
    def operation(a: bytes, b: bytes) -> bytes:
        difference = fp.to_decimal(a) - fp.to_decimal(b)
        return ONE if test((difference > 0) - (difference < 0)) else ZERO
    return operation


BINARY = {
    T.C_POWER: (5, None), T.C_MUL: (4, fp.mul), T.C_DIV: (4, fp.div), T.C_PLUS: (3, fp.add),
    T.C_MINUS: (3, fp.sub),
    T.C_LE: (2, _compare(lambda s: s <= 0)), T.C_NE: (2, _compare(lambda s: s != 0)),
    T.C_GE: (2, _compare(lambda s: s >= 0)), T.C_LT: (2, _compare(lambda s: s < 0)),
    T.C_GT: (2, _compare(lambda s: s > 0)), T.C_EQ: (2, _compare(lambda s: s == 0)),
    T.C_AND: (0, lambda a, b: ONE if not fp.is_zero(a) and not fp.is_zero(b) else ZERO),
    T.C_OR: (-1, lambda a, b: ONE if not fp.is_zero(a) or not fp.is_zero(b) else ZERO),
}


def _int(value: bytes) -> bytes:
    return fp.from_decimal(fp.to_decimal(value).to_integral_value(rounding=ROUND_FLOOR))


class Evaluator:
    """Variables by name: numbers (6 bytes), arrays (lists of 6 bytes), strings (bytearray)."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.numbers: dict[str, bytes] = {}
        self.arrays: dict[str, list[bytes]] = {}
        self.strings: dict[str, bytearray] = {}

    # --- operands --------------------------------------------------------------------
    def _subscripts(self, line: bytes, i: int) -> tuple[list[int], int]:
        """(indexes, position after ")") for the "(" token at i."""
        indexes = []
        i += 1
        while True:
            value, i = self._expression(line, i)
            indexes.append(fp.to_int(value))
            if line[i] == T.C_ARRAY_COMMA:
                i += 1
                continue
            assert line[i] == T.C_RPAREN
            return indexes, i + 1

    def _string(self, line: bytes, i: int) -> tuple[bytes, int]:
        token = line[i]
        if token == T.STRING_CONSTANT:
            return line[i + 2:i + 2 + line[i + 1]], i + 2 + line[i + 1]
        name = self.names[token - T.VARIABLE_BASE]
        text = bytes(self.strings[name])
        i += 1
        if i < len(line) and line[i] == T.C_STR_LPAREN:
            (start, *rest), i = self._subscripts(line, i)
            end = rest[0] if rest else len(text)
            text = text[start - 1:end]
        return text, i

    def _operand(self, line: bytes, i: int) -> tuple[bytes, int]:
        token = line[i]
        if token == T.NUMERIC_CONSTANT:
            return bytes(line[i + 1:i + 7]), i + 7
        if token >= T.VARIABLE_BASE:
            name = self.names[token - T.VARIABLE_BASE]
            if name.endswith("("):
                indexes, i = self._subscripts(line, i + 1)
                width = getattr(self, "widths", {}).get(name, 1)
                flat = indexes[0] * width + (indexes[1] if len(indexes) > 1 else 0)
                return self.arrays[name][flat], i
            return self.numbers[name], i + 1
        if token == T.C_LPAREN:
            value, i = self._expression(line, i + 1)
            assert line[i] == T.C_RPAREN
            return value, i + 1
        if token == T.C_UMINUS:
            value, i = self._operand(line, i + 1)
            return fp.sub(ZERO, value), i
        if token == 0x50:  # INT
            value, i = self._expression(line, i + 2)
            return _int(value), i + 1
        if token == 0x40:  # ASC
            text, i = self._string(line, i + 2)
            return fp.from_int(text[0]), i + 1
        raise NotImplementedError(f"token ${token:02X}")

    def _expression(self, line: bytes, i: int, minimum: int = -1) -> tuple[bytes, int]:
        left, i = self._operand(line, i)
        while line[i] in BINARY and BINARY[line[i]][0] >= minimum:
            level, operation = BINARY[line[i]]
            right, i = self._expression(line, i + 1, level + 1)
            left = operation(left, right)
        return left, i

    # --- statements --------------------------------------------------------------------
    def run_line(self, line: bytes, count: int | None = None) -> bool:
        """Run the assignments of one tokenized line (only the first `count` statements if
        given); False once a RETURN is reached."""
        position = 3
        while position < len(line) and count != 0:
            count = None if count is None else count - 1
            following, token = line[position], line[position + 1]
            if token == T.S_RETURN:
                return False
            if token in (T.S_LET, T.S_ILET):
                self._assignment(line[:following], position + 2)
            elif token != T.S_REM:
                raise NotImplementedError(f"statement {T.STATEMENT_NAMES[token]}")
            position = following
        return True

    def _assignment(self, line: bytes, i: int) -> None:
        name = self.names[line[i] - T.VARIABLE_BASE]
        if name.endswith("$"):
            (start, *_), i = self._subscripts(line, i + 1)
            assert line[i] == T.C_STR_ASSIGN and line[i + 1] == 0x3E  # CHR$
            value, _ = self._expression(line, i + 3)
            self.strings[name][start - 1] = fp.to_int(value)
            return
        if name.endswith("("):
            indexes, i = self._subscripts(line, i + 1)
            width = getattr(self, "widths", {}).get(name, 1)
            target = ("array", name, indexes[0] * width + (indexes[1] if len(indexes) > 1 else 0))
        else:
            target = ("number", name, 0)
            i += 1
        assert line[i] == T.C_NUM_ASSIGN
        value, _ = self._expression(line, i + 1)
        if target[0] == "array":
            self.arrays[name][target[2]] = value
        else:
            self.numbers[name] = value
