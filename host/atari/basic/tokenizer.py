"""LIST text to tokenized lines: Atari BASIC's syntax check and tokenizer, in Python.

One logical line is checked and tokenized the way Atari BASIC Rev. C does it when a line is
typed or ENTERed ("The Atari BASIC Source Book", chapters 3-5: the syntax tables and the
pre-compiler): statement names are looked up in table order with "." abbreviations, an
unknown name starts an implied LET, blanks between tokens are skipped and not stored,
numbers become 6-byte BCD constants, variables are numbered in the order they first appear,
and each operator gets the token that says what it works on (numeric or string comparison,
numeric or string assignment, the four kinds of "(").

A tokenized line (Source Book, chapter 2) is: line number (2 bytes, low first), line length
(1 byte), then for each statement: the offset of the next statement from the line's start
(1 byte), the statement token, its operand tokens, and $14 (":") or $16 (end of line).
REM, DATA and error lines keep the rest of the line as typed, ended by $9B. A statement
"IF ... THEN" followed by another statement ends with THEN itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from host.atari.basic import tokens as T
from host.atari.basic.numbers import NumberError, read_number
from host.atari.fp import FPSyntaxError
from host.errors import SurroundError

MAX_LINE_CHARACTERS = 120   # a logical line of the screen editor: three rows of 40
MAX_LINE_BYTES = 255        # the line length byte (error 14 "line too long" beyond it)


class BasicSyntaxError(SurroundError):
    """A line that Atari BASIC would not accept; names the line and the column."""

    def __init__(self, message: str, line_number: int | None, column: int, text: str, source: str = "") -> None:
        self.line_number = line_number
        self.column = column
        self.text = text
        self.reason = message
        where = f"line {line_number}" if line_number is not None else "immediate line"
        prefix = f"{source}: " if source else ""
        pointer = " " * (column - 1) + "^"
        super().__init__(f"{prefix}{where}, column {column}: {message}\n    {text}\n    {pointer}")


class _NoMatch(Exception):
    """One alternative of the grammar did not match (the parser backs up)."""


@dataclass
class VariableTable:
    """The variable name table: names in number order ("A", "A$" for strings, "A(" for arrays)."""

    names: list[str] = field(default_factory=list)

    def token(self, name: str) -> int:
        """The token of variable `name`, adding it at the end if it is new."""
        if name not in self.names:
            if len(self.names) >= T.MAX_VARIABLES:
                raise OverflowError(name)
            self.names.append(name)
        return T.VARIABLE_BASE + self.names.index(name)


class LineParser:
    """Checks and tokenizes the statements of one line (the text after the line number)."""

    def __init__(self, text: str, start: int, variables: VariableTable) -> None:
        self.text = text
        self.pos = start
        self.out = bytearray()
        self.variables = variables
        self.furthest = start
        self.line_done = False

    # --- scanning ------------------------------------------------------------------------

    def skip_blanks(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] == " ":
            self.pos += 1

    def at_end(self) -> bool:
        self.skip_blanks()
        return self.pos >= len(self.text)

    def peek(self) -> str:
        self.skip_blanks()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def no_match(self) -> None:
        self.furthest = max(self.furthest, self.pos)
        raise _NoMatch

    def accept(self, word: str) -> bool:
        """Consume `word` (after blanks) if it comes next."""
        self.skip_blanks()
        if self.text.startswith(word, self.pos):
            self.pos += len(word)
            self.furthest = max(self.furthest, self.pos)
            return True
        self.furthest = max(self.furthest, self.pos)
        return False

    def expect(self, word: str, token: int) -> None:
        if not self.accept(word):
            self.no_match()
        self.out.append(token)

    def attempt(self, rule) -> bool:
        """Try one alternative; on failure put position and output back and return False."""
        saved_pos, saved_len = self.pos, len(self.out)
        try:
            rule()
        except _NoMatch:
            self.pos = saved_pos
            del self.out[saved_len:]
            return False
        return True

    def name_at(self, position: int) -> str:
        """The variable name (a letter, then letters and digits) starting at `position`."""
        end = position
        if end < len(self.text) and "A" <= self.text[end] <= "Z":
            end += 1
            while end < len(self.text) and ("A" <= self.text[end] <= "Z" or self.text[end].isdigit()):
                end += 1
        return self.text[position:end]

    # --- statements -----------------------------------------------------------------------

    def statement_token(self) -> int:
        """Find the statement name at the position (table order, "." abbreviates); ILET if none."""
        self.skip_blanks()
        for token, name in T.TYPABLE_STATEMENTS:
            position = self.pos
            for character in name:
                typed = self.text[position] if position < len(self.text) else ""
                if typed == ".":
                    self.pos = position + 1
                    return token
                if typed != character:
                    break
                position += 1
            else:
                self.pos = position
                return token
        return T.S_ILET

    def statement(self) -> None:
        """One statement: offset byte, token, operands, end."""
        if self.at_end():
            self.no_match()
        offset_at = len(self.out)
        self.out.append(0)
        token = self.statement_token()
        self.out.append(token)
        handler = _STATEMENT_SYNTAX.get(token)
        assert handler is not None, f"no syntax for statement token {token}"
        handler(self)
        self.out[offset_at] = len(self.out) + 3

    def end_of_statement(self) -> None:
        if self.at_end():
            self.out.append(T.C_EOL)
            self.line_done = True
        elif self.accept(":"):
            self.out.append(T.C_EOS)
        else:
            self.no_match()

    def raw_text(self) -> None:
        """REM and DATA: the rest of the line as typed, ended by EOL."""
        self.skip_blanks()
        self.out += self.text[self.pos:].encode("latin-1")
        self.out.append(T.EOL)
        self.pos = len(self.text)
        self.line_done = True

    # --- operands -------------------------------------------------------------------------

    def numeric_constant(self) -> None:
        character = self.peek()
        if not (character.isdigit() or character == "."):
            self.no_match()
        try:
            value, end = read_number(self.text, self.pos)
        except NumberError as error:
            if isinstance(error, FPSyntaxError):
                self.no_match()
            raise _Fatal(self.pos, f"number out of range ({error})") from None
        self.out.append(T.NUMERIC_CONSTANT)
        self.out += value
        self.pos = end

    def string_constant(self) -> None:
        self.skip_blanks()
        if not self.text.startswith('"', self.pos):
            self.no_match()
        close = self.text.find('"', self.pos + 1)
        end = close if close >= 0 else len(self.text)
        body = self.text[self.pos + 1:end].encode("latin-1")
        self.out.append(T.STRING_CONSTANT)
        self.out.append(len(body))
        self.out += body
        self.pos = end + 1 if close >= 0 else end

    def variable(self, name: str) -> None:
        try:
            self.out.append(self.variables.token(name))
        except OverflowError:
            raise _Fatal(self.pos, f"too many variables (Atari BASIC allows {T.MAX_VARIABLES}, error 4)") from None

    def function_at(self) -> int | None:
        """The function token whose name starts here and is followed by "(", else None."""
        self.skip_blanks()
        for token, name in T.FUNCTION_NAMES.items():
            if self.text.startswith(name, self.pos):
                after = self.pos + len(name)
                while after < len(self.text) and self.text[after] == " ":
                    after += 1
                if after < len(self.text) and self.text[after] == "(":
                    return token
        return None

    def function_call(self, token: int) -> None:
        self.pos += len(T.FUNCTION_NAMES[token])
        self.out.append(token)
        self.expect("(", T.C_FUNC_LPAREN)
        if token in T.STRING_ARGUMENT_FUNCTIONS:
            self.string_operand()
        else:
            self.expression()
            while token == T.F_USR and self.accept(","):
                self.out.append(T.C_COMMA)
                self.expression()
        self.expect(")", T.C_RPAREN)

    def subscripts(self, open_token: int, allow_two: bool = True) -> None:
        """(n) or (n,m) after an array or string name; the "(" already consumed."""
        self.out.append(open_token)
        self.expression()
        if allow_two and self.accept(","):
            self.out.append(T.C_ARRAY_COMMA)
            self.expression()
        self.expect(")", T.C_RPAREN)

    def numeric_variable(self, scalar_only: bool = False) -> None:
        """A numeric variable or array element (or, with scalar_only, a plain variable)."""
        self.skip_blanks()
        name = self.name_at(self.pos)
        if not name:
            self.no_match()
        after = self.pos + len(name)
        following = self.text[after] if after < len(self.text) else ""
        if following == "$" or (following == "(" and scalar_only):
            self.pos = after
            self.no_match()
        self.pos = after
        if following == "(":
            self.variable(name + "(")
            self.pos += 1
            self.subscripts(T.C_ARRAY_LPAREN)
        else:
            self.variable(name)

    def string_variable(self, plain_only: bool = False) -> None:
        """A string variable, optionally with a substring (start[,end]); with plain_only none."""
        self.skip_blanks()
        name = self.name_at(self.pos)
        after = self.pos + len(name)
        if not name or not self.text.startswith("$", after):
            self.no_match()
        self.pos = after + 1
        self.variable(name + "$")
        if plain_only and self.peek() == "(":
            self.no_match()
        if self.text.startswith("(", self.pos):
            self.pos += 1
            self.subscripts(T.C_STR_LPAREN)

    def string_operand(self) -> None:
        """A string constant, string variable (substring) or STR$/CHR$ call."""
        character = self.peek()
        if character == '"':
            self.string_constant()
            return
        token = self.function_at()
        if token is not None and token in T.STRING_FUNCTIONS:
            self.function_call(token)
            return
        self.string_variable()

    def string_comparison(self) -> None:
        self.string_operand()
        for text, token in T.STRING_COMPARISONS:
            if self.accept(text):
                self.out.append(token)
                break
        else:
            self.no_match()
        self.string_operand()

    def operand(self) -> None:
        """A number, numeric variable, numeric function call or string comparison."""
        character = self.peek()
        token = self.function_at()
        if token is not None and token not in T.STRING_FUNCTIONS:
            self.function_call(token)
        elif character.isdigit() or character == ".":
            self.numeric_constant()
        elif token is None and "A" <= character <= "Z" and not self.text.startswith(
            "$", self.pos + len(self.name_at(self.pos))
        ):
            self.numeric_variable()
        else:
            self.string_comparison()

    def expression(self) -> None:
        """A numeric expression, tokens in the order typed (precedence is the runtime's)."""
        while True:
            character = self.peek()
            if character == "(":
                self.pos += 1
                self.out.append(T.C_LPAREN)
                self.expression()
                self.expect(")", T.C_RPAREN)
            elif character in ("+", "-"):
                self.pos += 1
                self.out.append(T.C_UPLUS if character == "+" else T.C_UMINUS)
                continue
            elif self.text.startswith("NOT", self.pos):
                self.pos += 3
                self.out.append(T.C_NOT)
                continue
            else:
                self.operand()
            for text, token in T.BINARY_OPERATORS:
                if self.accept(text):
                    self.out.append(token)
                    break
            else:
                return

    def expression_or_string(self) -> None:
        if not self.attempt(self.expression):
            self.string_operand()

    def iocb(self) -> None:
        """#n (an IOCB number)."""
        self.expect("#", T.C_HASH)
        self.expression()

    def comma(self) -> None:
        self.expect(",", T.C_COMMA)

    def expressions(self, count: int) -> None:
        self.expression()
        for _ in range(count - 1):
            self.comma()
            self.expression()

    def input_variable(self) -> None:
        """INPUT's and READ's variables: plain numeric and string variables only, no array
        elements or substrings (Atari BASIC's variable-list rule; COMPUTE! 52: "READ X(I)
        is just as illegal as INPUT X(I)")."""
        if not self.attempt(lambda: self.numeric_variable(scalar_only=True)):
            self.string_variable(plain_only=True)

    def variable_list(self) -> None:
        self.input_variable()
        while self.accept(","):
            self.out.append(T.C_COMMA)
            self.input_variable()


class _Fatal(Exception):
    """An error that no other alternative can repair (number out of range, too many variables)."""

    def __init__(self, position: int, message: str) -> None:
        super().__init__(message)
        self.position = position
        self.message = message


# --- statement syntax ---------------------------------------------------------------------


def _no_operands(parser: LineParser) -> None:
    parser.end_of_statement()


def _one_expression(parser: LineParser) -> None:
    parser.expression()
    parser.end_of_statement()


def _expressions(count: int):
    def rule(parser: LineParser) -> None:
        parser.expressions(count)
        parser.end_of_statement()
    return rule


def _assignment(parser: LineParser) -> None:
    def string_assignment() -> None:
        parser.string_variable()
        parser.expect("=", T.C_STR_ASSIGN)
        parser.string_operand()

    def numeric_assignment() -> None:
        parser.numeric_variable()
        parser.expect("=", T.C_NUM_ASSIGN)
        parser.expression()

    if not parser.attempt(string_assignment):
        numeric_assignment()
    parser.end_of_statement()


def _input(parser: LineParser) -> None:
    if parser.peek() == "#":
        parser.iocb()
        if parser.accept(","):
            parser.out.append(T.C_COMMA)
        elif parser.accept(";"):
            parser.out.append(T.C_SEMICOLON)
        else:
            parser.no_match()
    parser.variable_list()
    parser.end_of_statement()


def _read(parser: LineParser) -> None:
    parser.variable_list()
    parser.end_of_statement()


def _list(parser: LineParser) -> None:
    if parser.at_end() or parser.peek() == ":":
        parser.end_of_statement()
        return
    if parser.attempt(parser.string_operand):
        if parser.accept(","):
            parser.out.append(T.C_COMMA)
        else:
            parser.end_of_statement()
            return
    parser.expression()
    if parser.accept(","):
        parser.out.append(T.C_COMMA)
        parser.expression()
    parser.end_of_statement()


def _file_name(parser: LineParser) -> None:
    parser.string_operand()
    parser.end_of_statement()


def _if(parser: LineParser) -> None:
    parser.expression()
    parser.expect("THEN", T.C_THEN)
    character = parser.peek()
    if character.isdigit() or character == ".":
        parser.numeric_constant()
        parser.end_of_statement()
    elif parser.at_end():
        parser.no_match()
    # otherwise the IF statement ends with THEN and the next statement follows directly


def _for(parser: LineParser) -> None:
    parser.numeric_variable(scalar_only=True)
    parser.expect("=", T.C_NUM_ASSIGN)
    parser.expression()
    parser.expect("TO", T.C_TO)
    parser.expression()
    if parser.accept("STEP"):
        parser.out.append(T.C_STEP)
        parser.expression()
    parser.end_of_statement()


def _next(parser: LineParser) -> None:
    parser.numeric_variable(scalar_only=True)
    parser.end_of_statement()


def _dim(parser: LineParser) -> None:
    def item() -> None:
        parser.skip_blanks()
        name = parser.name_at(parser.pos)
        if not name:
            parser.no_match()
        parser.pos += len(name)
        if parser.text.startswith("$(", parser.pos):
            parser.pos += 2
            parser.variable(name + "$")
            parser.subscripts(T.C_DIMSTR_LPAREN, allow_two=False)
        elif parser.text.startswith("(", parser.pos):
            parser.pos += 1
            parser.variable(name + "(")
            parser.subscripts(T.C_DIM_LPAREN)
        else:
            parser.no_match()

    item()
    while parser.accept(","):
        parser.out.append(T.C_COMMA)
        item()
    parser.end_of_statement()


def _close(parser: LineParser) -> None:
    parser.iocb()
    parser.end_of_statement()


def _open(parser: LineParser) -> None:
    parser.iocb()
    parser.comma()
    parser.expressions(2)
    parser.comma()
    parser.string_operand()
    parser.end_of_statement()


def _iocb_then(*parts: str):
    """#n followed by comma-separated parts: "e" an expression, "v" a numeric variable."""
    def rule(parser: LineParser) -> None:
        parser.iocb()
        for part in parts:
            parser.comma()
            if part == "e":
                parser.expression()
            else:
                parser.numeric_variable()
        parser.end_of_statement()
    return rule


def _xio(parser: LineParser) -> None:
    parser.expression()
    parser.comma()
    parser.iocb()
    parser.comma()
    parser.expressions(2)
    parser.comma()
    parser.string_operand()
    parser.end_of_statement()


def _on(parser: LineParser) -> None:
    parser.expression()
    if parser.accept("GOTO"):
        parser.out.append(T.C_ON_GOTO)
    elif parser.accept("GOSUB"):
        parser.out.append(T.C_ON_GOSUB)
    else:
        parser.no_match()
    parser.expression()
    while parser.accept(","):
        parser.out.append(T.C_COMMA)
        parser.expression()
    parser.end_of_statement()


def _print_items(parser: LineParser) -> None:
    expect_separator = False
    while not (parser.at_end() or parser.peek() == ":"):
        if parser.accept(","):
            parser.out.append(T.C_COMMA)
            expect_separator = False
        elif parser.accept(";"):
            parser.out.append(T.C_SEMICOLON)
            expect_separator = False
        elif expect_separator:
            parser.no_match()
        else:
            parser.expression_or_string()
            expect_separator = True
    parser.end_of_statement()


def _print(parser: LineParser) -> None:
    if parser.peek() == "#":
        parser.iocb()
    _print_items(parser)


def _restore(parser: LineParser) -> None:
    if not (parser.at_end() or parser.peek() == ":"):
        parser.expression()
    parser.end_of_statement()


def _run(parser: LineParser) -> None:
    if not (parser.at_end() or parser.peek() == ":"):
        parser.string_operand()
    parser.end_of_statement()


def _locate(parser: LineParser) -> None:
    parser.expressions(2)
    parser.comma()
    parser.numeric_variable()
    parser.end_of_statement()


_STATEMENT_SYNTAX = {
    T.S_REM: LineParser.raw_text, T.S_DATA: LineParser.raw_text,
    T.S_INPUT: _input, T.S_COLOR: _one_expression, T.S_LIST: _list, T.S_ENTER: _file_name,
    T.S_LET: _assignment, T.S_IF: _if, T.S_FOR: _for, T.S_NEXT: _next,
    T.S_GOTO: _one_expression, T.S_GO_TO: _one_expression, T.S_GOSUB: _one_expression,
    T.S_TRAP: _one_expression, T.S_BYE: _no_operands, T.S_CONT: _no_operands, T.S_COM: _dim,
    T.S_CLOSE: _close, T.S_CLR: _no_operands, T.S_DEG: _no_operands, T.S_DIM: _dim,
    T.S_END: _no_operands, T.S_NEW: _no_operands, T.S_OPEN: _open, T.S_LOAD: _file_name,
    T.S_SAVE: _file_name, T.S_STATUS: _iocb_then("v"), T.S_NOTE: _iocb_then("v", "v"),
    T.S_POINT: _iocb_then("e", "e"), T.S_XIO: _xio, T.S_ON: _on, T.S_POKE: _expressions(2),
    T.S_PRINT: _print, T.S_RAD: _no_operands, T.S_READ: _read, T.S_RESTORE: _restore,
    T.S_RETURN: _no_operands, T.S_RUN: _run, T.S_STOP: _no_operands, T.S_POP: _no_operands,
    T.S_QPRINT: _print, T.S_GET: _iocb_then("v"), T.S_PUT: _iocb_then("e"),
    T.S_GRAPHICS: _one_expression, T.S_PLOT: _expressions(2), T.S_POSITION: _expressions(2),
    T.S_DOS: _no_operands, T.S_DRAWTO: _expressions(2), T.S_SETCOLOR: _expressions(3),
    T.S_LOCATE: _locate, T.S_SOUND: _expressions(4), T.S_LPRINT: _print_items,
    T.S_CSAVE: _no_operands, T.S_CLOAD: _no_operands, T.S_ILET: _assignment,
}


def tokenize_statements(text: str, start: int, variables: VariableTable, line_number: int | None,
                        source: str = "") -> bytes:
    """Tokenize the statements of `text` from index `start`: the bytes after the line header.

    Raises BasicSyntaxError at the furthest column the syntax check reached, as Atari BASIC
    marks it.
    """
    parser = LineParser(text, start, variables)
    try:
        while not parser.line_done:
            parser.statement()
    except _NoMatch:
        column = min(parser.furthest, len(text)) + 1
        raise BasicSyntaxError("syntax error", line_number, column, text, source) from None
    except _Fatal as fatal:
        raise BasicSyntaxError(fatal.message, line_number, fatal.position + 1, text, source) from None
    if len(parser.out) + 3 > MAX_LINE_BYTES:
        raise BasicSyntaxError(
            f"line too long: {len(parser.out) + 3} bytes tokenized, at most {MAX_LINE_BYTES} (error 14)",
            line_number, 1, text, source,
        )
    return bytes(parser.out)
