"""A Python model of the Atari BASIC runtime, for checking basic/surround.lst's logic on the host.

It runs a tokenized program (host/atari/basic) statement by statement with the documented
semantics of Atari BASIC Rev. C ("Atari BASIC Reference Manual"; "The Atari BASIC Source
Book"), every number through the math-pack model host/atari/fp.py, and models just the
devices the game uses: the GRAPHICS 0 screen as E: writes it (40x24 ATASCII cells, POSITION,
PRINT), the keyboard K: (GET #1 from a queue; the model stops when the queue is empty and the
program waits for a key), and D: files in a dict. It is strict where the game must be careful:
printing into the last column, scrolling, a substring outside a string, or any statement or
function the game does not use is an error of the model, so a slip in the listing shows up.

It is not the product's BASIC (that is the 6502 interpreter in asm/basic/); it is a second,
independent reading of the same documents, used by the tests until and beside that one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import ROUND_FLOOR, Decimal

from emulator.atascii import atascii_to_internal, internal_to_text
from host.atari import fp
from host.atari.basic import Program
from host.atari.basic import tokens as T

ONE, ZERO = fp.from_int(1), fp.from_int(0)
ROWS, COLUMNS, LEFT_MARGIN = 24, 40, 2
EOL, CLEAR = 0x9B, 0x7D
ERRSAVE = 195  # PEEK(195): the number of the last error ("Mapping the Atari")


class BasicError(Exception):
    """An Atari BASIC run-time error (number as in the Reference Manual, appendix B)."""

    def __init__(self, number: int, message: str = "") -> None:
        super().__init__(f"ERROR- {number} {message}".rstrip())
        self.number = number


class ModelError(AssertionError):
    """The program did something the game must never do (or the model does not know)."""


class WaitingForKey(Exception):
    """GET #1 found no key: the program waits for the player."""


@dataclass
class StringVar:
    capacity: int
    data: bytearray = field(default_factory=bytearray)


def _compare(test):
    def operation(a, b):
        if isinstance(a, bytes) and len(a) == 6 and not isinstance(b, bytearray):
            difference = fp.to_decimal(a) - fp.to_decimal(b)
            sign = (difference > 0) - (difference < 0)
        else:
            sign = (bytes(a) > bytes(b)) - (bytes(a) < bytes(b))
        return ONE if test(sign) else ZERO
    return operation


def _truth(value: bytes) -> bool:
    return not fp.is_zero(value)


# Binding power of each binary operator (higher binds tighter), Reference Manual order:
# ^ above * / above + - above comparisons above AND above OR.
BINARY = {
    T.C_MUL: (4, fp.mul), T.C_DIV: (4, fp.div), T.C_PLUS: (3, fp.add), T.C_MINUS: (3, fp.sub),
    T.C_LE: (2, _compare(lambda s: s <= 0)), T.C_NE: (2, _compare(lambda s: s != 0)),
    T.C_GE: (2, _compare(lambda s: s >= 0)), T.C_LT: (2, _compare(lambda s: s < 0)),
    T.C_GT: (2, _compare(lambda s: s > 0)), T.C_EQ: (2, _compare(lambda s: s == 0)),
    T.C_AND: (1, lambda a, b: ONE if _truth(a) and _truth(b) else ZERO),
    T.C_OR: (0, lambda a, b: ONE if _truth(a) or _truth(b) else ZERO),
}
STRING_COMPARISONS = {
    T.C_SLE: _compare(lambda s: s <= 0), T.C_SNE: _compare(lambda s: s != 0),
    T.C_SGE: _compare(lambda s: s >= 0), T.C_SLT: _compare(lambda s: s < 0),
    T.C_SGT: _compare(lambda s: s > 0), T.C_SEQ: _compare(lambda s: s == 0),
}
F_STR, F_CHR, F_ASC, F_LEN, F_PEEK, F_RND, F_INT = 0x3D, 0x3E, 0x40, 0x42, 0x46, 0x48, 0x50


def integer(value: bytes) -> int:
    """FPI: a number as an integer 0..65535 (error 3 otherwise)."""
    try:
        return fp.to_int(value)
    except fp.FPError:
        raise BasicError(3, "value error") from None


class Screen:
    """The GRAPHICS 0 screen as E: writes it: ATASCII per cell, a cursor, LMARGN 2."""

    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        self.cells = [[0x20] * COLUMNS for _ in range(ROWS)]
        self.row, self.column = 0, LEFT_MARGIN

    def position(self, column: int, row: int) -> None:
        if not (0 <= column < COLUMNS and 0 <= row < ROWS):
            raise BasicError(141, "cursor out of range")
        self.row, self.column = row, column

    def put(self, byte: int) -> None:
        if byte == EOL:
            if self.row == ROWS - 1:
                raise ModelError("an EOL on the last row would scroll the screen")
            self.row, self.column = self.row + 1, LEFT_MARGIN
            return
        if byte == CLEAR:
            self.clear()
            return
        if byte in (0x1B, 0x1C, 0x1D, 0x1E, 0x1F, 0x7E, 0x7F, 0x9C, 0x9D, 0x9E, 0x9F, 0xFD, 0xFE, 0xFF):
            raise ModelError(f"the program prints the editor control code ${byte:02X}")
        if self.column >= COLUMNS - 1:
            raise ModelError(f"printing into column {self.column} of row {self.row} would extend the logical line")
        self.cells[self.row][self.column] = byte
        self.column += 1

    def row_text(self, row: int) -> str:
        """A row as text: printable ASCII as is, inverse video as the plain character."""
        return "".join(chr(cell & 0x7F) if 0x20 <= cell & 0x7F < 0x7F else "?" for cell in self.cells[row])

    def text(self) -> str:
        return "\n".join(self.row_text(row) for row in range(ROWS))

    def unicode_text(self) -> str:
        """The screen as the emulator's screen_text() shows one (emulator/atascii.py)."""
        return "\n".join(internal_to_text(bytes(atascii_to_internal(cell) for cell in row)) for row in self.cells)


@dataclass
class Frame:
    kind: str           # "FOR" or "GOSUB"
    line_index: int     # where to go back to: the statement after FOR / GOSUB
    offset: int
    variable: str = ""
    limit: bytes = ZERO
    step: bytes = ONE


# --- Rev. C's SIN, COS, ATN and RND (The Atari BASIC Source Book), on the math-pack model ---

#: SIN's series sin(pi/2 * t) = t * P(t^2) (Rev. C's SCOEF, highest power first; PIOV2 last)
SCOEF: tuple[bytes, ...] = (
    bytes([0xBD, 0x03, 0x55, 0x14, 0x99, 0x39]), bytes([0x3E, 0x01, 0x60, 0x44, 0x27, 0x52]),
    bytes([0xBE, 0x46, 0x81, 0x75, 0x43, 0x55]), bytes([0x3F, 0x07, 0x96, 0x92, 0x62, 0x39]),
    bytes([0xBF, 0x64, 0x59, 0x64, 0x08, 0x67]), bytes([0x40, 0x01, 0x57, 0x07, 0x96, 0x32]))
NINETY = bytes([0x40, 0x90, 0, 0, 0, 0])
PIOV18 = bytes([0x3F, 0x01, 0x74, 0x53, 0x29, 0x25])  # pi/180
#: ATN's series (the OS's ATCOEF $DFAE, ending in FP9S $DFEA), and PIOV4 $DFF0
ATCOEF: tuple[bytes, ...] = tuple(bytes.fromhex(h) for h in (
    "3e1605444900", "be9568384500", "3f0268799416", "bf0492789080", "3f0703152000",
    "bf0892291244", "3f1108400911", "bf1428315604", "3f1999987744", "bf3333333113",
    "3f9999999999"))
FP9S, PIOV4 = ATCOEF[-1], bytes.fromhex("3f7853981634")
RNDDIV = bytes([0x42, 0x06, 0x55, 0x36, 0, 0])  # 65536


def _checked(result: tuple[bytes, bool]) -> bytes:
    """FMUL/FDIV's result; the carry is BASIC's error 11."""
    if result[1]:
        raise BasicError(11, "floating point overflow")
    return result[0]


def _odd_series(t: bytes, coefficients: tuple[bytes, ...]) -> bytes:
    """t * P(t^2) through PLYEVL, as SIN and ATN evaluate it."""
    return _checked(fp.mul_raw(fp.plyevl(_checked(fp.mul_raw(t, t)), coefficients), t))


def revc_sin(x: bytes, cos: bool = False, degrees: bool = False) -> bytes:
    """SIN (or COS) as Rev. C: t = |x| / (pi/2) (or / 90); INT(t) mod 4 from its units byte
    added to the flag (4 SIN, 2 SIN of x < 0, 1 COS) and t its fraction (error 3 from
    t >= 100^4); an odd flag takes 1 - t; t * P(t^2) by SCOEF; the flag's next bit negates."""
    flag = 1 if cos else (2 if x[0] & 0x80 else 4)
    t = _checked(fp.div_raw(bytes([x[0] & 0x7F]) + x[1:], NINETY if degrees else SCOEF[-1]))
    if t[0] >= 0x40:
        units = t[0] - 0x40
        if units >= 4:
            raise BasicError(3, "SIN/COS argument out of range")
        byte = t[1 + units]
        flag += ((byte & 3) + (2 if byte & 0x10 else 0)) & 3
        t = fp.sub(t, t[:2 + units] + bytes(4 - units))
    if flag & 1:
        t = fp.sub(ONE, t)
    result = _odd_series(t, SCOEF)
    if flag & 2 and result[0]:
        result = bytes([result[0] ^ 0x80]) + result[1:]
    return result


def revc_atn(x: bytes, degrees: bool = False) -> bytes:
    """ATN as Rev. C: |x| >= 1 becomes (|x| - FP9S) / (|x| + FP9S) (the math pack's XFORM),
    x * P(x^2) by ATCOEF, then + pi/4 and x's sign back; degrees: / (pi/180)."""
    sign, transformed = 0, x[0] & 0x7F >= 0x40
    if transformed:
        sign, x = x[0] & 0x80, bytes([x[0] & 0x7F]) + x[1:]
        x = fp.div_raw(fp.sub(x, FP9S), fp.add(x, FP9S))[0]
    result = _odd_series(x, ATCOEF)
    if transformed:
        result = fp.add(result, PIOV4)
        result = bytes([result[0] | sign]) + result[1:]
    return _checked(fp.div_raw(result, PIOV18)) if degrees else result


def revc_rnd(random_word: int) -> bytes:
    """RND as Rev. C: two bytes of RANDOM as an integer 0..65535, divided by 65536."""
    return fp.div(fp.from_int(random_word), RNDDIV)


class BasicModel:
    """One RUN of a program; `run()` goes on until the program waits for a key or ends."""

    def __init__(self, program: Program, seed: int = 0, files: dict[str, bytes] | None = None) -> None:
        self.program = program
        self.names = program.variables.names
        self.numbers = [program.lines[number] for number in sorted(program.lines)]
        self.line_numbers = sorted(program.lines)
        self.random = random.Random(seed)
        self.rnd_source: Callable[[BasicModel], Decimal] | None = None  # replaces RND(0) if set
        self.files: dict[str, bytes] = dict(files or {})
        self.screen = Screen()
        self.keys: list[int] = []
        self.ended = False
        self.statements_run = 0
        self.clear_variables()
        self.line_index, self.offset = 0, 3
        self.channels: dict[int, dict] = {}
        self.trap_line: int | None = None
        self.errsave = 0
        self.data_line, self.data_items = 0, []

    # --- variables ----------------------------------------------------------------------
    def clear_variables(self) -> None:
        self.scalars: dict[str, bytes] = {}
        self.arrays: dict[str, tuple[list[bytes], int]] = {}
        self.strings: dict[str, StringVar] = {}
        self.stack: list[Frame] = []

    def number(self, name: str) -> bytes:
        return self.scalars.get(name, ZERO)

    def value(self, name: str) -> Decimal:
        """A numeric variable's value (for tests and the engine)."""
        return fp.to_decimal(self.number(name))

    def array_value(self, name: str, index: int) -> Decimal:
        """One element of a one-dimensional array (name with its "(")."""
        return fp.to_decimal(self.arrays[name][0][index])

    def string(self, name: str) -> bytes:
        return bytes(self.strings[name].data)

    # --- running --------------------------------------------------------------------------
    def run(self, max_statements: int = 2_000_000) -> None:
        """Run until the program waits for a key (WaitingForKey is caught) or ends."""
        limit = self.statements_run + max_statements
        while not self.ended:
            if self.statements_run >= limit:
                raise ModelError(f"more than {max_statements} statements without waiting for a key")
            saved = (self.line_index, self.offset)
            try:
                self.step()
            except WaitingForKey:
                self.line_index, self.offset = saved
                return
            except BasicError as error:
                self.error(error)

    def call(self, number: int, max_statements: int = 100_000) -> None:
        """GOSUB line `number` from outside the program and run until its RETURN (the place
        the program was waiting at is kept)."""
        saved = (self.line_index, self.offset)
        self.stack.append(Frame("GOSUB", -1, 0))
        self.goto(number)
        for _ in range(max_statements):
            if self.line_index == -1:
                self.line_index, self.offset = saved
                return
            try:
                self.step()
            except BasicError as error:
                self.error(error)
        raise ModelError(f"GOSUB {number} did not return within {max_statements} statements")

    def type(self, text: str) -> None:
        """Queue keys (\\n is RETURN) and run until the program waits again."""
        self.keys += [EOL if character == "\n" else ord(character) for character in text]
        self.run()

    def error(self, error: BasicError) -> None:
        if self.trap_line is None:
            line = self.line_numbers[self.line_index] if self.line_index < len(self.line_numbers) else None
            raise ModelError(f"{error} AT LINE {line}") from error
        self.errsave = error.number
        target, self.trap_line = self.trap_line, None
        self.goto(target)

    def goto(self, number: int) -> None:
        if number not in self.program.lines:
            raise BasicError(12, f"line {number} not found")
        self.line_index, self.offset = self.line_numbers.index(number), 3

    @property
    def line(self) -> bytes:
        return self.numbers[self.line_index]

    def step(self) -> None:
        """Run one statement."""
        if self.line_index >= len(self.numbers):
            self.ended = True
            return
        line = self.line
        if self.offset >= len(line):
            self.line_index, self.offset = self.line_index + 1, 3
            return
        following, token = line[self.offset], line[self.offset + 1]
        self.statements_run += 1
        here = (self.line_index, self.offset)
        self.cursor = self.offset + 2
        self.next_statement = following
        handler = getattr(self, "s_" + T.STATEMENT_NAMES[token].replace(" ", "_").replace("?", "PRINT"), None)
        if token == T.S_ILET:
            handler = self.s_LET
        if handler is None:
            raise ModelError(f"the model has no statement {T.STATEMENT_NAMES[token]}")
        handler()
        if (self.line_index, self.offset) == here:
            self.offset = following

    # --- token reading --------------------------------------------------------------------
    def peek_token(self) -> int:
        return self.line[self.cursor]

    def take(self, token: int | None = None) -> int:
        value = self.line[self.cursor]
        if token is not None and value != token:
            raise ModelError(f"expected token ${token:02X}, found ${value:02X}")
        self.cursor += 1
        return value

    def at_end(self) -> bool:
        return self.line[self.cursor] in (T.C_EOS, T.C_EOL)

    # --- expressions ----------------------------------------------------------------------
    def expression(self, minimum: int = 0) -> bytes:
        left = self.operand()
        while self.peek_token() in BINARY and BINARY[self.peek_token()][0] >= minimum:
            level, operation = BINARY[self.take()]
            left = operation(left, self.expression(level + 1))
        return left

    def operand(self) -> bytes:
        token = self.take()
        if token == T.NUMERIC_CONSTANT:
            value = bytes(self.line[self.cursor:self.cursor + 6])
            self.cursor += 6
            return value
        if token == T.C_LPAREN:
            value = self.expression()
            self.take(T.C_RPAREN)
            return value
        if token == T.C_UMINUS:
            return fp.sub(ZERO, self.operand())
        if token == T.C_NOT:
            return ZERO if _truth(self.expression(1)) else ONE
        if token >= T.VARIABLE_BASE:
            name = self.names[token - T.VARIABLE_BASE]
            if name.endswith("$"):
                self.cursor -= 1
                return self.string_comparison()
            if name.endswith("("):
                values, index = self.element(name)
                return values[index]
            return self.number(name)
        if token in (F_STR, F_CHR) or token == T.STRING_CONSTANT:
            self.cursor -= 1
            return self.string_comparison()
        return self.function(token)

    def string_comparison(self) -> bytes:
        left = self.string_operand()
        operation = STRING_COMPARISONS.get(self.take())
        if operation is None:
            raise ModelError("a string where a number belongs")
        return operation(bytearray(left), bytearray(self.string_operand()))

    def function(self, token: int) -> bytes:
        self.take(T.C_FUNC_LPAREN)
        if token in (F_ASC, F_LEN):
            text = self.string_operand()
            self.take(T.C_RPAREN)
            if token == F_LEN:
                return fp.from_int(len(text))
            if not text:
                raise BasicError(5, "ASC of an empty string")
            return fp.from_int(text[0])
        argument = self.expression()
        self.take(T.C_RPAREN)
        if token == F_INT:
            return fp.from_decimal(fp.to_decimal(argument).to_integral_value(rounding=ROUND_FLOOR))
        if token == F_RND:
            if self.rnd_source is not None:
                return fp.from_decimal(self.rnd_source(self))
            return revc_rnd(self.random.randrange(65536))
        if token == F_PEEK:
            address = integer(argument)
            if address != ERRSAVE:
                raise ModelError(f"the model knows PEEK({ERRSAVE}) only, not PEEK({address})")
            return fp.from_int(self.errsave)
        raise ModelError(f"the model has no function {T.FUNCTION_NAMES.get(token, hex(token))}")

    def string_operand(self) -> bytes:
        token = self.take()
        if token == T.STRING_CONSTANT:
            length = self.take()
            text = bytes(self.line[self.cursor:self.cursor + length])
            self.cursor += length
            return text
        if token in (F_STR, F_CHR):
            self.take(T.C_FUNC_LPAREN)
            value = self.expression()
            self.take(T.C_RPAREN)
            if token == F_STR:
                return fp.to_text(value).encode("latin-1")
            return bytes([integer(value) & 0xFF])
        if token < T.VARIABLE_BASE or not self.names[token - T.VARIABLE_BASE].endswith("$"):
            raise ModelError("a number where a string belongs")
        variable = self.string_variable(self.names[token - T.VARIABLE_BASE])
        if self.peek_token() != T.C_STR_LPAREN:
            return bytes(variable.data)
        start, end, _ = self.substring_bounds(len(variable.data))
        if end > len(variable.data) or end < start:
            raise BasicError(5, f"substring ({start},{end}) of a string of length {len(variable.data)}")
        return bytes(variable.data[start - 1:end])

    def substring_bounds(self, default_end: int) -> tuple[int, int, bool]:
        """(start, end, whether the end was given) of a "(" substring."""
        self.take(T.C_STR_LPAREN)
        start = integer(self.expression())
        end, explicit = default_end, False
        if self.peek_token() == T.C_ARRAY_COMMA:
            self.take()
            end, explicit = integer(self.expression()), True
        self.take(T.C_RPAREN)
        if start < 1:
            raise BasicError(5, f"substring from {start}")
        return start, end, explicit

    def string_variable(self, name: str) -> StringVar:
        if name not in self.strings:
            raise BasicError(9, f"{name} not dimensioned")
        return self.strings[name]

    def subscripts(self, opener: int) -> tuple[int, int | None]:
        """(i, j or None) of "(i[,j])", the "(" token `opener` next."""
        self.take(opener)
        first = integer(self.expression())
        second = None
        if self.peek_token() == T.C_ARRAY_COMMA:
            self.take()
            second = integer(self.expression())
        self.take(T.C_RPAREN)
        return first, second

    def element(self, name: str) -> tuple[list[bytes], int]:
        """The array and the flat index of NAME(i[,j]) (the "(" token next)."""
        first, second = self.subscripts(T.C_ARRAY_LPAREN)
        if name not in self.arrays:
            raise BasicError(9, f"{name} not dimensioned")
        values, width = self.arrays[name]
        index = first * width + (second or 0)
        if (second or 0) >= width or index >= len(values):
            raise BasicError(9, f"{name}{first},{second}) out of range")
        return values, index

    # --- statements -----------------------------------------------------------------------
    def finish(self) -> None:
        """After a statement's operands: ":" or the end of the line."""
        if not self.at_end():
            raise ModelError(f"unread operand ${self.peek_token():02X}")

    def s_REM(self) -> None:
        pass

    s_DATA = s_REM

    def s_LET(self) -> None:
        name = self.names[self.take() - T.VARIABLE_BASE]
        if name.endswith("$"):
            self.assign_string(name)
        elif name.endswith("("):
            values, index = self.element(name)
            self.take(T.C_NUM_ASSIGN)
            values[index] = self.expression()
        else:
            self.take(T.C_NUM_ASSIGN)
            self.scalars[name] = self.expression()
        self.finish()

    def assign_string(self, name: str) -> None:
        """A$=X sets the string; A$(i)=X writes from i and ends the string after X;
        A$(i,j)=X writes at most j-i+1 characters from i, the rest of the string stays."""
        variable = self.string_variable(name)
        start, end, explicit = 1, variable.capacity, False
        if self.peek_token() == T.C_STR_LPAREN:
            start, end, explicit = self.substring_bounds(variable.capacity)
        self.take(T.C_STR_ASSIGN)
        text = self.string_operand()
        data = variable.data
        if start > len(data) + 1:
            raise ModelError(f"{name}({start}) assigned beyond its length {len(data)} + 1")
        if end > variable.capacity or end < start:
            raise BasicError(5, f"{name}({start},{end}) with DIM {variable.capacity}")
        text = text[:end - start + 1]
        if explicit:
            data[start - 1:start - 1 + len(text)] = text
        else:
            data[start - 1:] = text
        self.finish()

    def s_DIM(self) -> None:
        while True:
            name = self.names[self.take() - T.VARIABLE_BASE]
            opener = self.peek_token()
            first, second = self.subscripts(opener)
            if opener == T.C_DIMSTR_LPAREN:
                self.strings[name] = StringVar(first)
            else:
                width = (second + 1) if second is not None else 1
                self.arrays[name] = ([ZERO] * ((first + 1) * width), width)
            if self.peek_token() != T.C_COMMA:
                break
            self.take()
        self.finish()

    def s_GRAPHICS(self) -> None:
        if integer(self.expression()) != 0:
            raise ModelError("the model has GRAPHICS 0 only")
        self.screen.clear()
        self.finish()

    def s_POKE(self) -> None:
        self.expression()
        self.take(T.C_COMMA)
        self.expression()
        self.finish()

    def s_SETCOLOR(self) -> None:
        for _ in range(3):
            self.expression()
            if self.peek_token() == T.C_COMMA:
                self.take()
        self.finish()

    def s_POSITION(self) -> None:
        column = integer(self.expression())
        self.take(T.C_COMMA)
        self.screen.position(column, integer(self.expression()))
        self.finish()

    def s_FOR(self) -> None:
        name = self.names[self.take() - T.VARIABLE_BASE]
        self.take(T.C_NUM_ASSIGN)
        self.scalars[name] = self.expression()
        self.take(T.C_TO)
        limit, step = self.expression(), ONE
        if self.peek_token() == T.C_STEP:
            self.take()
            step = self.expression()
        self.finish()
        self.stack = [frame for frame in self.stack if not (frame.kind == "FOR" and frame.variable == name)]
        self.stack.append(Frame("FOR", self.line_index, self.next_statement, name, limit, step))

    def s_NEXT(self) -> None:
        name = self.names[self.take() - T.VARIABLE_BASE]
        self.finish()
        while self.stack and not (self.stack[-1].kind == "FOR" and self.stack[-1].variable == name):
            if self.stack[-1].kind == "GOSUB":
                raise BasicError(13, "NEXT without FOR")
            self.stack.pop()
        if not self.stack:
            raise BasicError(13, "NEXT without FOR")
        frame = self.stack[-1]
        value = fp.add(self.number(name), frame.step)
        self.scalars[name] = value
        ahead = fp.to_decimal(value) - fp.to_decimal(frame.limit)
        if (ahead > 0) if fp.to_decimal(frame.step) >= 0 else (ahead < 0):
            self.stack.pop()
            return
        self.line_index, self.offset = frame.line_index, frame.offset
        if self.offset >= len(self.line):
            self.line_index, self.offset = self.line_index + 1, 3

    def s_GOTO(self) -> None:
        self.goto(integer(self.expression()))

    def s_GOSUB(self) -> None:
        target = integer(self.expression())
        self.finish()
        self.stack.append(Frame("GOSUB", self.line_index, self.next_statement))
        self.goto(target)

    def s_RETURN(self) -> None:
        while self.stack and self.stack[-1].kind != "GOSUB":
            self.stack.pop()
        if not self.stack:
            raise BasicError(16, "RETURN without GOSUB")
        frame = self.stack.pop()
        self.line_index, self.offset = frame.line_index, frame.offset
        if frame.line_index >= 0 and self.offset >= len(self.line):
            self.line_index, self.offset = self.line_index + 1, 3

    def s_IF(self) -> None:
        condition = _truth(self.expression())
        self.take(T.C_THEN)
        if not condition:
            self.line_index, self.offset = self.line_index + 1, 3
        elif self.line[self.cursor] == T.NUMERIC_CONSTANT:
            self.goto(integer(self.expression()))

    def s_ON(self) -> None:
        index = integer(self.expression())
        kind = self.take()
        targets = [integer(self.expression())]
        while self.peek_token() == T.C_COMMA:
            self.take()
            targets.append(integer(self.expression()))
        self.finish()
        if not 1 <= index <= len(targets):
            return
        if kind == T.C_ON_GOSUB:
            self.stack.append(Frame("GOSUB", self.line_index, self.next_statement))
        self.goto(targets[index - 1])

    def s_END(self) -> None:
        self.ended = True

    def s_TRAP(self) -> None:
        target = integer(self.expression())
        self.trap_line = target if target < 32768 else None
        self.finish()

    def s_RESTORE(self) -> None:
        target = integer(self.expression()) if not self.at_end() else 0
        self.data_line = next(index for index, number in enumerate(self.line_numbers) if number >= target)
        self.data_items = []

    def s_READ(self) -> None:
        while True:
            name = self.names[self.take() - T.VARIABLE_BASE]
            item = self.next_data_item()
            if name.endswith("$"):
                variable = self.string_variable(name)
                variable.data[:] = item[:variable.capacity]
            else:
                value, end = fp.from_text(item.decode("latin-1").strip(" "))
                self.scalars[name] = value
            if self.peek_token() != T.C_COMMA:
                break
            self.take()
        self.finish()

    def next_data_item(self) -> bytes:
        while not self.data_items:
            while self.data_line < len(self.numbers) and self.numbers[self.data_line][4] != T.S_DATA:
                self.data_line += 1
            if self.data_line >= len(self.numbers):
                raise BasicError(6, "out of data")
            line = self.numbers[self.data_line]
            self.data_items = line[5:-1].split(b",")
            self.data_line += 1
        return self.data_items.pop(0)

    def s_PRINT(self) -> None:
        channel = 0
        if self.peek_token() == T.C_HASH:
            self.take()
            channel = integer(self.expression())
        last = None
        while not self.at_end():
            token = self.peek_token()
            if token in (T.C_SEMICOLON, T.C_COMMA):
                if token == T.C_COMMA:
                    raise ModelError("the model does not tab with ',' in PRINT")
                self.take()
                last = token
                continue
            last = None
            try:
                saved = self.cursor
                text = fp.to_text(self.expression()).encode("latin-1")
            except ModelError:
                self.cursor = saved
                text = self.string_operand()
            self.output(channel, text)
        if last is None:
            self.output(channel, bytes([EOL]))

    def output(self, channel: int, text: bytes) -> None:
        if channel == 0:
            for byte in text:
                self.screen.put(byte)
            return
        stream = self.channels.get(channel)
        if stream is None or stream["mode"] != 8:
            raise BasicError(135 if stream else 133, f"#{channel} not open for writing")
        stream["data"] += text

    def s_OPEN(self) -> None:
        self.take(T.C_HASH)
        channel = integer(self.expression())
        self.take(T.C_COMMA)
        mode = integer(self.expression())
        self.take(T.C_COMMA)
        self.expression()
        self.take(T.C_COMMA)
        name = self.string_operand().decode("latin-1")
        self.finish()
        if channel in self.channels:
            raise BasicError(129, "IOCB already open")
        if name == "K:":
            self.channels[channel] = {"device": "K", "mode": mode}
        elif mode == 4:
            if name not in self.files:
                raise BasicError(170, f"{name} not found")
            self.channels[channel] = {"device": "D", "mode": 4, "name": name, "data": self.files[name], "at": 0}
        elif mode == 8:
            self.channels[channel] = {"device": "D", "mode": 8, "name": name, "data": bytearray()}
        else:
            raise ModelError(f"the model has no OPEN mode {mode}")

    def s_CLOSE(self) -> None:
        self.take(T.C_HASH)
        stream = self.channels.pop(integer(self.expression()), None)
        self.finish()
        if stream and stream["device"] == "D" and stream["mode"] == 8:
            self.files[stream["name"]] = bytes(stream["data"])

    def s_GET(self) -> None:
        self.take(T.C_HASH)
        channel = integer(self.expression())
        self.take(T.C_COMMA)
        name = self.names[self.take() - T.VARIABLE_BASE]
        self.finish()
        stream = self.channels.get(channel)
        if stream is None:
            raise BasicError(133, f"#{channel} not open")
        if stream["device"] == "K":
            if not self.keys:
                raise WaitingForKey
            self.scalars[name] = fp.from_int(self.keys.pop(0))
            return
        if stream["at"] >= len(stream["data"]):
            raise BasicError(136, "end of file")
        self.scalars[name] = fp.from_int(stream["data"][stream["at"]])
        stream["at"] += 1
