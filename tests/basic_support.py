"""Atari BASIC test material shared by the tokenizer's, the editor's and the whole BASIC's
tests: a listing that uses every token, generated statements and line pieces (hypothesis),
and the check of BASIC's memory pointers in a running machine."""

from __future__ import annotations

from hypothesis import strategies as st

from tests.basic_machine_support import MEMTOP_OS, BasicAtari

CORPUS = """\
10 REM EVERY TOKEN: STATEMENTS
20 DATA 1,2,HELLO:NOT A STATEMENT
30 INPUT A,B$:INPUT #1,C:INPUT #2;D
40 COLOR 1:LIST :LIST 10:LIST 10,20:LIST "P:":LIST "D:X",10,20
50 ENTER "D:X":LET E=1:LET F$="X"
60 IF A<=B THEN 100
70 IF A<>B THEN PRINT "NE":A=A+1
80 FOR I=1 TO 10 STEP 2:NEXT I
90 GOTO 100:GO TO 100:GOSUB 100:TRAP 40000
100 BYE :CONT :COM G(3):CLOSE #1:CLR :DEG :DIM H(2,3),J$(10)
110 END :NEW :OPEN #1,4,0,"K:":LOAD "D:X":SAVE "D:X"
120 STATUS #1,K:NOTE #1,K,L:POINT #1,K,L:XIO 18,#6,0,0,"S:"
130 ON A GOTO 10,20:ON A GOSUB 10,20,30:POKE 752,1
140 PRINT A;B,C:PRINT #6;"X":PRINT :RAD :READ A,B$:RESTORE :RESTORE 20
150 RETURN :RUN :RUN "D:X":STOP :POP :? "Q":GET #1,K:PUT #1,65
160 GRAPHICS 7:PLOT 1,2:POSITION 3,4:DOS :DRAWTO 5,6:SETCOLOR 1,2,3
170 LOCATE 1,2,K:SOUND 0,121,10,8:LPRINT "P";A:CSAVE :CLOAD\x20
180 A=B:REM IMPLIED LET
190 REM OPERATORS
200 A=1+2-3*4/5^6:B=-A+(+A):C= NOT A OR B AND C
210 A=(A<B)+(A>B)+(A=B)+(A>=B)
220 A=(A$<="X")+(A$<>"X")+(A$>="X")+(A$<"X")+(A$>"X")+(A$="X")
230 A$=B$(1,2):A$(3)="Y":H(1,2)=G(1):DIM K$(3)
240 REM FUNCTIONS
250 A$=STR$(1):A$=CHR$(65):A=USR(1536,1,2):A=ASC("A")+VAL("1")+LEN(A$)+ADR(A$)
260 A=ATN(1)+COS(1)+PEEK(106)+SIN(1)+RND(0)+FRE(0)+EXP(1)+LOG(2)+CLOG(3)
270 A=SQR(4)+SGN(-5)+ABS(-6)+INT(7.5)+PADDLE(0)+STICK(0)+PTRIG(0)+STRIG(0)
280 A=0.5+1E+10+1.5E-05+123456789+0.01+1.0E+97
290 REM NAMES THAT BEGIN WITH A FUNCTION'S NAME
300 INTEREST=COST+LENGTH*EXPLOSION:SOUND 0,EXPLOSION,10,VOLUME:PRINT #16;INT(ABSENT)
"""


NUMERIC_NAMES = st.sampled_from(["A", "B", "X", "Y1", "Z", "Q9", "W"])
ARRAY_NAMES = st.sampled_from(["M", "K3"])
STRING_NAMES = st.sampled_from(["H$", "J$", "Y1$"])
NUMBERS = st.one_of(
    st.integers(0, 99999).map(str),
    st.decimals(min_value=0, max_value=10**12, places=4, allow_nan=False).map(lambda d: format(d, "f")),
    st.builds(lambda m, e: f"{m}E{e}", st.integers(1, 9), st.integers(-90, 90).filter(lambda e: e != 0)),
)
STRINGS = st.text(alphabet="ABC XYZ019,:;!", max_size=12).map(lambda s: f'"{s}"')


def string_operand():
    return st.one_of(
        STRINGS,
        STRING_NAMES,
        st.builds(lambda n, a: f"{n}({a})", STRING_NAMES, NUMBERS),
        st.builds(lambda f, a: f"{f}({a})", st.sampled_from(["STR$", "CHR$"]), NUMBERS),
    )


def numeric_expression():
    leaves = st.one_of(
        NUMBERS,
        NUMERIC_NAMES,
        st.builds(lambda n, a: f"{n}({a})", ARRAY_NAMES, NUMBERS),
        st.builds(lambda a, op, b: f"{a}{op}{b}", string_operand(), st.sampled_from(["=", "<>", "<", ">=", "<=", ">"]),
                  string_operand()),
        st.builds(lambda f, a: f"{f}({a})", st.sampled_from(["ASC", "LEN", "VAL", "ADR"]), string_operand()),
    )

    def extend(inner):
        return st.one_of(
            st.builds(lambda a, op, b: f"{a}{op}{b}",
                      inner, st.sampled_from(["+", "-", "*", "/", "^", "=", "<>", "<"]), inner),
            st.builds(lambda a, op, b: f"{a} {op} {b}", inner, st.sampled_from(["AND", "OR"]), inner),
            inner.map(lambda a: f"({a})"),
            inner.map(lambda a: f"-{a}"),
            inner.map(lambda a: f"NOT {a}"),
            st.builds(lambda f, a: f"{f}({a})", st.sampled_from(["SIN", "INT", "ABS", "PEEK", "RND", "SGN"]), inner),
            st.builds(lambda n, a, b: f"{n}({a},{b})", ARRAY_NAMES, inner, inner),
        )

    return st.recursive(leaves, extend, max_leaves=6)


def statements():
    expression = EXPRESSIONS
    return st.one_of(
        st.builds(lambda v, e: f"{v}={e}", NUMERIC_NAMES, expression),
        st.builds(lambda v, e: f"LET {v}={e}", STRING_NAMES, string_operand()),
        st.builds(lambda items: "PRINT " + ";".join(items),
                  st.lists(st.one_of(expression, string_operand()), max_size=3)),
        st.builds(lambda e, n: f"IF {e} THEN {n}", expression, st.integers(0, 32767)),
        st.builds(lambda v, a, b: f"FOR {v}={a} TO {b}", NUMERIC_NAMES, expression, expression),
        st.builds(lambda e, targets: f"ON {e} GOSUB " + ",".join(map(str, targets)), expression,
                  st.lists(st.integers(0, 999), min_size=1, max_size=3)),
        st.builds(lambda a, b: f"POKE {a},{b}", expression, expression),
        st.builds(lambda v: f"NEXT {v}", NUMERIC_NAMES),
        st.just("RETURN"),
        st.builds(lambda t: f"REM {t}", st.text(alphabet="ABC :,\"019", max_size=20)),
    )


EXPRESSIONS = numeric_expression()
STATEMENTS = statements()


LINE_PIECES = st.sampled_from(
    ["PRINT", "?", "A", "B$", "C(", "1", "2.5", "E", '"X"', "(", ")", ",", ";", ":", "=", "<", ">", "+",
     "-", "*", "/", "^", "AND", "OR", "NOT", "IF", "THEN", "FOR", "TO", "STEP", "NEXT", "GOTO", "DIM",
     "SIN(", "STR$(", "LEN(", " ", "#", "REM", "DATA", ".", "LET", "X", "A$(", "99999", "1E99",
     # issue 27: names that begin with a function's or statement's name, INPUT/READ lists
     "INT", "EREST", "COST", "LENGTH", "STRIG", "INPUT", "READ", "Z(1)", "PRINTER"]
)


def check_pointers(basic: BasicAtari) -> None:
    """The tables lie in Atari BASIC's order and the statement table ends in line 32768."""
    p = basic.pointers()
    assert p["LOMEM"] + 256 == p["VNTP"] <= p["VNTD"] < p["VVTP"] <= p["STMTAB"] <= p["STMCUR"]
    assert p["STMCUR"] < p["STARP"] <= p["RUNSTK"] <= p["MEMTOP"] <= basic.word(MEMTOP_OS)
    assert basic.atari.peek(p["VNTD"]) == 0
    assert (p["STMTAB"] - p["VVTP"]) % 8 == 0
    address = p["STMTAB"]
    while basic.word(address) < 0x8000:
        length = basic.atari.peek(address + 2)
        assert length >= 4
        address += length
    assert address + basic.atari.peek(address + 2) == p["STARP"]
