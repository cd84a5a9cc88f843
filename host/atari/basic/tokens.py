"""Atari BASIC Rev. C token values and names.

Facts (token values, table order, abbreviations, the operator and function names) from
"The Atari BASIC Source Book" (Wilkinson, O'Brien, Laughton; COMPUTE! Books 1983), chapter 2
("token values": 00-0D unused, 0E numeric constant, 0F string constant, 10-3C operators,
3D-54 functions, 80-FF variables) and its Statement Name Table / Operator Name Table, and
from the "Atari BASIC Reference Manual" (abbreviations). The tables below are written here.

Statement tokens are a statement's index in the Statement Name Table. The tokenizer finds a
statement name by scanning the table in this order and taking the first entry that either
matches completely or matches up to a "." typed by the user (so "L." is LIST, "GR." is
GRAPHICS and "." alone is REM). Token 54 is the implied LET (an assignment without LET,
listed without a name) and token 55 a line that did not pass the syntax check; neither can
be typed by name.
"""

from __future__ import annotations

# --- statements -------------------------------------------------------------------------

STATEMENT_NAMES: tuple[str, ...] = (
    "REM", "DATA", "INPUT", "COLOR", "LIST", "ENTER", "LET", "IF", "FOR", "NEXT",
    "GOTO", "GO TO", "GOSUB", "TRAP", "BYE", "CONT", "COM", "CLOSE", "CLR", "DEG",
    "DIM", "END", "NEW", "OPEN", "LOAD", "SAVE", "STATUS", "NOTE", "POINT", "XIO",
    "ON", "POKE", "PRINT", "RAD", "READ", "RESTORE", "RETURN", "RUN", "STOP", "POP",
    "?", "GET", "PUT", "GRAPHICS", "PLOT", "POSITION", "DOS", "DRAWTO", "SETCOLOR", "LOCATE",
    "SOUND", "LPRINT", "CSAVE", "CLOAD", "", "ERROR-",
)
STATEMENT_TOKEN: dict[str, int] = {name: token for token, name in enumerate(STATEMENT_NAMES) if name}

S_REM, S_DATA, S_INPUT, S_COLOR, S_LIST, S_ENTER, S_LET, S_IF, S_FOR, S_NEXT = range(10)
S_GOTO, S_GO_TO, S_GOSUB, S_TRAP, S_BYE, S_CONT, S_COM, S_CLOSE, S_CLR, S_DEG = range(10, 20)
S_DIM, S_END, S_NEW, S_OPEN, S_LOAD, S_SAVE, S_STATUS, S_NOTE, S_POINT, S_XIO = range(20, 30)
S_ON, S_POKE, S_PRINT, S_RAD, S_READ, S_RESTORE, S_RETURN, S_RUN, S_STOP, S_POP = range(30, 40)
S_QPRINT, S_GET, S_PUT, S_GRAPHICS, S_PLOT, S_POSITION, S_DOS, S_DRAWTO, S_SETCOLOR, S_LOCATE = range(40, 50)
S_SOUND, S_LPRINT, S_CSAVE, S_CLOAD, S_ILET, S_ERROR = range(50, 56)

# Statements whose rest of line is kept as typed (up to the EOL byte $9B).
RAW_TEXT_STATEMENTS = frozenset({S_REM, S_DATA, S_ERROR})
# Statements that can be typed by name (the implied LET and the error line cannot).
TYPABLE_STATEMENTS: tuple[tuple[int, str], ...] = tuple(
    (token, name) for token, name in enumerate(STATEMENT_NAMES) if token not in (S_ILET, S_ERROR)
)

# --- operand tokens ---------------------------------------------------------------------

NUMERIC_CONSTANT = 0x0E   # followed by 6 bytes of BCD floating point
STRING_CONSTANT = 0x0F    # followed by a length byte and the characters
VARIABLE_BASE = 0x80      # $80 + variable number (0..127)
MAX_VARIABLES = 128
EOL = 0x9B                # ATASCII end of line: ends REM/DATA text and each LIST line

C_COMMA = 0x12            # ',' (print, input, statement operands)
C_DOLLAR = 0x13           # '$' (not produced by the tokenizer)
C_EOS = 0x14              # ':' end of statement
C_SEMICOLON = 0x15        # ';'
C_EOL = 0x16              # end of line (listed as nothing)
C_ON_GOTO = 0x17
C_ON_GOSUB = 0x18
C_TO = 0x19
C_STEP = 0x1A
C_THEN = 0x1B
C_HASH = 0x1C             # '#' before an IOCB number
C_LE, C_NE, C_GE, C_LT, C_GT, C_EQ = range(0x1D, 0x23)          # numeric comparisons
C_POWER, C_MUL, C_PLUS, C_MINUS, C_DIV = range(0x23, 0x28)
C_NOT, C_OR, C_AND = 0x28, 0x29, 0x2A
C_LPAREN, C_RPAREN = 0x2B, 0x2C
C_NUM_ASSIGN, C_STR_ASSIGN = 0x2D, 0x2E
C_SLE, C_SNE, C_SGE, C_SLT, C_SGT, C_SEQ = range(0x2F, 0x35)    # string comparisons
C_UPLUS, C_UMINUS = 0x35, 0x36
C_STR_LPAREN = 0x37       # substring A$(
C_ARRAY_LPAREN = 0x38     # array element A( -- the "(" is part of the array's name
C_DIM_LPAREN = 0x39       # DIM A( -- likewise
C_FUNC_LPAREN = 0x3A      # SIN(
C_DIMSTR_LPAREN = 0x3B    # DIM A$(
C_ARRAY_COMMA = 0x3C      # the comma between subscripts

# What LIST prints for each operator token $12..$3C ("" = nothing: the "(" of an array is
# already the last character of the array's name in the variable name table).
# Operators whose name starts with a letter are printed with a blank before, and those whose
# name ends with a letter with a blank after (so " THEN ", " TO ", " AND ", " NOT ").
OPERATOR_NAMES: dict[int, str] = {
    C_COMMA: ",", C_DOLLAR: "$", C_EOS: ":", C_SEMICOLON: ";", C_EOL: "",
    C_ON_GOTO: "GOTO", C_ON_GOSUB: "GOSUB", C_TO: "TO", C_STEP: "STEP", C_THEN: "THEN",
    C_HASH: "#",
    C_LE: "<=", C_NE: "<>", C_GE: ">=", C_LT: "<", C_GT: ">", C_EQ: "=",
    C_POWER: "^", C_MUL: "*", C_PLUS: "+", C_MINUS: "-", C_DIV: "/",
    C_NOT: "NOT", C_OR: "OR", C_AND: "AND", C_LPAREN: "(", C_RPAREN: ")",
    C_NUM_ASSIGN: "=", C_STR_ASSIGN: "=",
    C_SLE: "<=", C_SNE: "<>", C_SGE: ">=", C_SLT: "<", C_SGT: ">", C_SEQ: "=",
    C_UPLUS: "+", C_UMINUS: "-",
    C_STR_LPAREN: "(", C_ARRAY_LPAREN: "", C_DIM_LPAREN: "", C_FUNC_LPAREN: "(",
    C_DIMSTR_LPAREN: "(", C_ARRAY_COMMA: ",",
}

# Binary operators as typed, longest first, with their numeric token.
BINARY_OPERATORS: tuple[tuple[str, int], ...] = (
    ("<=", C_LE), ("<>", C_NE), (">=", C_GE), ("<", C_LT), (">", C_GT), ("=", C_EQ),
    ("^", C_POWER), ("*", C_MUL), ("+", C_PLUS), ("-", C_MINUS), ("/", C_DIV),
    ("AND", C_AND), ("OR", C_OR),
)
# String comparison operators as typed, longest first.
STRING_COMPARISONS: tuple[tuple[str, int], ...] = (
    ("<=", C_SLE), ("<>", C_SNE), (">=", C_SGE), ("<", C_SLT), (">", C_SGT), ("=", C_SEQ),
)

# --- functions ----------------------------------------------------------------------------

FUNCTION_NAMES: dict[int, str] = {
    0x3D: "STR$", 0x3E: "CHR$", 0x3F: "USR", 0x40: "ASC", 0x41: "VAL", 0x42: "LEN",
    0x43: "ADR", 0x44: "ATN", 0x45: "COS", 0x46: "PEEK", 0x47: "SIN", 0x48: "RND",
    0x49: "FRE", 0x4A: "EXP", 0x4B: "LOG", 0x4C: "CLOG", 0x4D: "SQR", 0x4E: "SGN",
    0x4F: "ABS", 0x50: "INT", 0x51: "PADDLE", 0x52: "STICK", 0x53: "PTRIG", 0x54: "STRIG",
}
FUNCTION_TOKEN: dict[str, int] = {name: token for token, name in FUNCTION_NAMES.items()}
F_USR = 0x3F
STRING_FUNCTIONS = frozenset({0x3D, 0x3E})              # STR$(n), CHR$(n): string results
STRING_ARGUMENT_FUNCTIONS = frozenset({0x40, 0x41, 0x42, 0x43})  # ASC VAL LEN ADR take a string
FIRST_FUNCTION, LAST_FUNCTION = 0x3D, 0x54
FIRST_OPERATOR, LAST_OPERATOR = 0x12, 0x3C

# --- the SAVE file -------------------------------------------------------------------------

HEADER_SIZE = 14          # seven little-endian words: LOMEM VNTP VNTD VVTP STMTAB STMCUR STARP
VNT_OFFSET = 0x0100       # VNTP - LOMEM: the first 256 bytes above LOMEM are the token buffer
VVT_ENTRY_SIZE = 8
IMMEDIATE_LINE = 0x8000   # the line number SAVE's own (immediate-mode) line carries
MAX_LINE_NUMBER = 32767
VVT_SCALAR, VVT_ARRAY, VVT_STRING = 0x00, 0x40, 0x80


def operator_text(token: int) -> str:
    """What LIST prints for operator token $12..$3C, blanks included."""
    name = OPERATOR_NAMES[token]
    if not name:
        return name
    before = " " if name[0].isalpha() else ""
    after = " " if name[-1].isalpha() else ""
    return before + name + after
