"""A small Atari BASIC tokenizer for the runtime's tests (not a product tool).

It turns the lines of a test program into Atari BASIC's tokenized form (token values from
asm/basic/tokens.s: The Atari BASIC Source Book's statement and operator tables) so the
6502 runtime can be tested before the editor's own tokenizer can enter lines.  It knows the
syntax the tests use and raises ValueError for anything it does not understand; it does
not syntax-check programs the way Atari BASIC does.

``tokenize_program(text)`` returns a :class:`Program` with the variable name table, the
variable value table (all zero) and the statement table (the lines, then an immediate line).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal

from host import atari_fp

STATEMENTS = [
    "REM", "DATA", "INPUT", "COLOR", "LIST", "ENTER", "LET", "IF", "FOR", "NEXT", "GOTO", "GO TO",
    "GOSUB", "TRAP", "BYE", "CONT", "COM", "CLOSE", "CLR", "DEG", "DIM", "END", "NEW", "OPEN", "LOAD",
    "SAVE", "STATUS", "NOTE", "POINT", "XIO", "ON", "POKE", "PRINT", "RAD", "READ", "RESTORE",
    "RETURN", "RUN", "STOP", "POP", "?", "GET", "PUT", "GRAPHICS", "PLOT", "POSITION", "DOS",
    "DRAWTO", "SETCOLOR", "LOCATE", "SOUND", "LPRINT", "CSAVE", "CLOAD",
]
IMPLIED_LET = 0x36
FUNCTIONS = [
    "STR$", "CHR$", "USR", "ASC", "VAL", "LEN", "ADR", "ATN", "COS", "PEEK", "SIN", "RND", "FRE",
    "EXP", "LOG", "CLOG", "SQR", "SGN", "ABS", "INT", "PADDLE", "STICK", "PTRIG", "STRIG",
]
STRING_FUNCTIONS = {"STR$", "CHR$"}
NCONST, SCONST, COMMA, EOS, SEMI, EOL = 0x0E, 0x0F, 0x12, 0x14, 0x15, 0x16
ON_GOTO, ON_GOSUB, TO, STEP, THEN, SHARP = 0x17, 0x18, 0x19, 0x1A, 0x1B, 0x1C
NUM_REL = {"<=": 0x1D, "<>": 0x1E, ">=": 0x1F, "<": 0x20, ">": 0x21, "=": 0x22}
STR_REL = {"<=": 0x2F, "<>": 0x30, ">=": 0x31, "<": 0x32, ">": 0x33, "=": 0x34}
BINARY = {"^": 0x23, "*": 0x24, "+": 0x25, "-": 0x26, "/": 0x27, "OR": 0x29, "AND": 0x2A}
NOT, LPAREN, RPAREN, NASSIGN, SASSIGN = 0x28, 0x2B, 0x2C, 0x2D, 0x2E
UPLUS, UMINUS, SLPAREN, ALPAREN, DLPAREN, FLPAREN, DSLPAREN, ACOMMA = (
    0x35, 0x36, 0x37, 0x38, 0x39, 0x3A, 0x3B, 0x3C)
FUNC_BASE = 0x3D
ATASCII_EOL = 0x9B

_LEXEME = re.compile(
    r'\s*(?:(?P<str>"[^"]*"?)|(?P<num>(?:\d+\.?\d*|\.\d+)(?:E[+-]?\d+)?)'
    r"|(?P<word>[A-Z][A-Z0-9]*\$?)|(?P<op><=|>=|<>|[-+*/^=<>(),;:#?]))"
)


@dataclass
class Program:
    names: list[str] = field(default_factory=list)  # "A", "B$", "C(" as in the VNT
    lines: list[bytes] = field(default_factory=list)

    def variable(self, name: str) -> int:
        if name not in self.names:
            self.names.append(name)
        return 0x80 + self.names.index(name)

    def vnt(self) -> bytes:
        out = bytearray()
        for name in self.names:
            data = bytearray(name.encode("ascii"))
            data[-1] |= 0x80
            out += data
        return bytes(out) + b"\x00"

    def vvt(self) -> bytes:
        out = bytearray()
        for number, name in enumerate(self.names):
            kind = 0x80 if name.endswith("$") else 0x40 if name.endswith("(") else 0x00
            out += bytes((kind, number)) + bytes(6)
        return bytes(out)


class _Line:
    """Tokens of one line being built (statements with their length bytes)."""

    def __init__(self, program: Program, text: str) -> None:
        self.program = program
        self.text = text.upper() if '"' not in text else _upper_outside_strings(text)
        self.pos = 0
        self.out = bytearray()

    # -- lexing ------------------------------------------------------------------------
    def peek(self) -> str | None:
        match = _LEXEME.match(self.text, self.pos)
        if not match or match.end() == match.start():
            rest = self.text[self.pos:].strip()
            if rest:
                raise ValueError(f"cannot tokenize {rest!r}")
            return None
        return match.group(match.lastgroup)

    def take(self) -> str:
        match = _LEXEME.match(self.text, self.pos)
        if not match:
            raise ValueError(f"cannot tokenize {self.text[self.pos:]!r}")
        self.pos = match.end()
        return match.group(match.lastgroup)

    def expect(self, lexeme: str) -> None:
        got = self.take()
        if got != lexeme:
            raise ValueError(f"expected {lexeme!r}, got {got!r} in {self.text!r}")

    # -- statements ----------------------------------------------------------------------
    def statement(self) -> None:
        start = len(self.out)
        self.out.append(0)  # statement length, patched below
        word = self.keyword()
        if word is None:
            self.out.append(IMPLIED_LET)
            self.assignment()
        else:
            self.out.append(STATEMENTS.index(word))
            self.operands(word)
        if word == "IF" and self.peek() not in (None, ":") and not _is_number(self.peek()):
            self.out[start] = len(self.out) + 3  # THEN statements: IF ends after THEN
            return
        if word in ("REM", "DATA"):
            self.out[start] = len(self.out) + 3
            return
        nxt = self.peek()
        if nxt == ":":
            self.take()
            self.out.append(EOS)
        elif nxt is None:
            self.out.append(EOL)
        else:
            raise ValueError(f"junk {self.text[self.pos:]!r} in {self.text!r}")
        self.out[start] = len(self.out) + 3

    def keyword(self) -> str | None:
        rest = self.text[self.pos:].lstrip()
        if rest.startswith("?"):
            self.take()
            return "?"
        for name in sorted(STATEMENTS, key=len, reverse=True):
            if rest.startswith(name) and name != "?":
                self.pos = len(self.text) - len(rest) + len(name)
                return name
        return None

    def operands(self, word: str) -> None:
        if word in ("REM", "DATA"):
            self.out += self.text[self.pos:].lstrip(" " if word == "DATA" else "").encode("ascii")
            self.out.append(ATASCII_EOL)
            self.pos = len(self.text)
            return
        if word == "LET":
            self.assignment()
        elif word == "IF":
            self.expression()
            self.expect("THEN")
            self.out.append(THEN)
            if _is_number(self.peek()):
                self.expression()
        elif word == "FOR":
            self.assignment()
            self.expect("TO")
            self.out.append(TO)
            self.expression()
            if self.peek() == "STEP":
                self.take()
                self.out.append(STEP)
                self.expression()
        elif word == "ON":
            self.expression()
            kind = self.take()
            self.out.append({"GOTO": ON_GOTO, "GOSUB": ON_GOSUB}[kind])
            self.list_of_expressions()
        elif word in ("DIM", "COM"):
            self.dims()
        elif word in ("NEXT",):
            self.variable_ref()
        elif word in ("READ", "INPUT", "GET", "STATUS", "NOTE", "LOCATE", "PUT", "PRINT", "?",
                      "LPRINT", "OPEN", "CLOSE", "XIO", "POINT"):
            self.io_list(word)
        elif self.peek() not in (None, ":"):
            self.list_of_expressions()

    def io_list(self, word: str) -> None:
        while self.peek() not in (None, ":"):
            lexeme = self.peek()
            if lexeme == "#":
                self.take()
                self.out.append(SHARP)
            elif lexeme == ",":
                self.take()
                self.out.append(COMMA)
            elif lexeme == ";":
                self.take()
                self.out.append(SEMI)
            else:
                self.expression()

    def list_of_expressions(self) -> None:
        self.expression()
        while self.peek() == ",":
            self.take()
            self.out.append(COMMA)
            self.expression()

    def dims(self) -> None:
        while True:
            name = self.take()
            self.expect("(")
            if name.endswith("$"):
                self.out.append(self.program.variable(name))
                self.subscripts(DSLPAREN)
            else:
                self.out.append(self.program.variable(name + "("))
                self.subscripts(DLPAREN)
            if self.peek() != ",":
                return
            self.take()
            self.out.append(COMMA)

    def subscripts(self, paren: int) -> None:
        """ "(" already read: the paren token, one or two subscripts, ")"."""
        self.out.append(paren)
        self.expression()
        if self.peek() == ",":
            self.take()
            self.out.append(ACOMMA)
            self.expression()
        self.expect(")")
        self.out.append(RPAREN)

    def assignment(self) -> None:
        is_string = self.variable_ref()
        self.expect("=")
        self.out.append(SASSIGN if is_string else NASSIGN)
        self.expression()

    def variable_ref(self) -> bool:
        """A variable (with subscripts); True if it is a string."""
        name = self.take()
        if not re.fullmatch(r"[A-Z][A-Z0-9]*\$?", name):
            raise ValueError(f"not a variable: {name!r}")
        if name.endswith("$"):
            self.out.append(self.program.variable(name))
            if self.peek() == "(":
                self.take()
                self.subscripts(SLPAREN)
            return True
        if self.peek() == "(":
            self.take()
            self.out.append(self.program.variable(name + "("))
            self.subscripts(ALPAREN)
        else:
            self.out.append(self.program.variable(name))
        return False

    # -- expressions ----------------------------------------------------------------------
    def expression(self) -> bool:
        """An expression in infix tokens; True if it is a (single) string."""
        is_string = self.operand()
        while True:
            lexeme = self.peek()
            if lexeme in NUM_REL:
                self.take()
                self.out.append(STR_REL[lexeme] if is_string else NUM_REL[lexeme])
                is_string = self.operand() and False
            elif lexeme in BINARY:
                self.take()
                self.out.append(BINARY[lexeme])
                is_string = self.operand()
            else:
                return is_string

    def operand(self) -> bool:
        before = self.pos
        lexeme = self.take()
        if lexeme in ("-", "+"):
            self.out.append(UMINUS if lexeme == "-" else UPLUS)
            return self.operand()
        if lexeme == "NOT":
            self.out.append(NOT)
            return self.operand()
        if lexeme == "(":
            self.out.append(LPAREN)
            result = self.expression()
            self.expect(")")
            self.out.append(RPAREN)
            return result
        if lexeme.startswith('"'):
            text = lexeme[1:-1] if lexeme.endswith('"') and len(lexeme) > 1 else lexeme[1:]
            self.out += bytes((SCONST, len(text))) + text.encode("latin-1")
            return True
        if _is_number(lexeme):
            self.out.append(NCONST)
            self.out += atari_fp.from_decimal(Decimal(lexeme))
            return False
        if lexeme in FUNCTIONS:
            self.out.append(FUNC_BASE + FUNCTIONS.index(lexeme))
            self.expect("(")
            self.out.append(FLPAREN)
            self.expression()
            while self.peek() == ",":
                self.take()
                self.out.append(COMMA)
                self.expression()
            self.expect(")")
            self.out.append(RPAREN)
            return lexeme in STRING_FUNCTIONS
        self.pos = before
        return self.variable_ref()


def _is_number(lexeme: str | None) -> bool:
    return lexeme is not None and bool(re.fullmatch(r"(?:\d+\.?\d*|\.\d+)(?:E[+-]?\d+)?", lexeme))


def _upper_outside_strings(text: str) -> str:
    parts = text.split('"')
    return '"'.join(part if index % 2 else part.upper() for index, part in enumerate(parts))


def tokenize_line(program: Program, number: int, text: str) -> bytes:
    """One numbered line: line number, length, statements."""
    line = _Line(program, text)
    while True:
        line.statement()
        if line.peek() is None:
            break
    body = bytes(line.out)
    if body and body[-1] not in (EOL, ATASCII_EOL):
        raise ValueError(f"line {number} does not end properly")
    return bytes((number & 0xFF, number >> 8, len(body) + 3)) + body


def tokenize_program(text: str, immediate: str = "RUN") -> Program:
    """The numbered lines of ``text`` and an immediate line (line 32768) to execute."""
    program = Program()
    for raw in text.strip().splitlines():
        raw = raw.strip()
        if not raw:
            continue
        match = re.fullmatch(r"(\d+)\s*(.*)", raw)
        if not match:
            raise ValueError(f"no line number: {raw!r}")
        program.lines.append(tokenize_line(program, int(match[1]), match[2]))
    program.lines.sort(key=lambda line: line[0] | (line[1] << 8))
    program.lines.append(tokenize_line(program, 0x8000, immediate))
    return program
