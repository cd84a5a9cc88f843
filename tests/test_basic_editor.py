"""The free BASIC's editor side (asm/basic/editor.s) in the headless emulator.

Lines are typed at READY (or ENTERed from the H: device) into the editor test cartridge
(tests/basic_machine_support.py) and compared with what Atari BASIC (Rev. C) does, as the project's
Python tokenizer host/atari/basic models it from the documented token values and layouts
("The Atari BASIC Source Book"; "Mapping the Atari"; "De Re Atari", chapter 10): the tokens
of every line, the variable name table, the SAVE file byte for byte, and LIST's text.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host.atari.basic import BasicSyntaxError, Program, enter_listing, list_program, tokenize_listing
from tests.basic_machine_support import MEMLO, BasicAtari, EditorImages
from tests.basic_support import LINE_PIECES, STATEMENTS, check_pointers

REPO = Path(__file__).resolve().parents[1]
SURROUND = REPO / "basic" / "surround.lst"
STOPLN = 0x00BA  # the line of the last STOP or error ("Mapping the Atari", 186)


@pytest.fixture(scope="module")
def images(tmp_path_factory) -> EditorImages:
    return EditorImages(tmp_path_factory.mktemp("basic-editor"))


@pytest.fixture
def basic(images) -> BasicAtari:
    return BasicAtari(images)


def python_program(*lines: str) -> Program:
    return enter_listing("\n".join(lines))


# -- the empty program ------------------------------------------------------------------------


def test_cold_start_shows_ready_and_the_empty_program(basic) -> None:
    assert "READY" in basic.rows()
    p = basic.pointers()
    assert p["LOMEM"] == basic.word(MEMLO)
    assert p["VNTP"] == p["LOMEM"] + 256 == p["VNTD"]
    assert p["VVTP"] == p["STMTAB"] == p["STMCUR"] == p["VNTP"] + 1
    assert p["STARP"] == p["RUNSTK"] == p["MEMTOP"] == p["STMTAB"] + 3
    assert basic.atari.peek_bytes(p["VNTP"], 4) == bytes([0, 0x00, 0x80, 3])
    assert basic.word(0x0E) == p["MEMTOP"]  # APPMHI


# -- entering, replacing, deleting lines ------------------------------------------------------


def test_lines_are_kept_in_order_replaced_and_deleted(basic) -> None:
    for line in ("20 PRINT 2", "10 PRINT 1", "30 PRINT 3", "20 PRINT 22;X"):
        basic.type(line)
    assert basic.statement_table() == python_program("10 PRINT 1", "20 PRINT 22;X", "30 PRINT 3").statement_table()
    basic.type("20")
    assert basic.statement_table() == python_program("10 PRINT 1", "30 PRINT 3").statement_table()
    basic.type("25")  # deleting a line that does not exist changes nothing
    assert basic.statement_table() == python_program("10 PRINT 1", "30 PRINT 3").statement_table()
    assert basic.variable_names() == ["X"]  # variables stay, as in Atari BASIC
    check_pointers(basic)


def test_new_empties_the_program(basic) -> None:
    basic.type("10 DIM A$(5),B(2,3):A$=\"X\"")
    basic.type("NEW")
    assert basic.statement_table() == b"" and basic.variable_names() == []
    p = basic.pointers()
    assert p["VNTP"] == p["VNTD"] and p["STARP"] == p["STMTAB"] + 3


STATEMENT_LINES = [
    '10 PRINT "HELLO";A,B:GOTO 10',
    "20 IF A=1 AND NOT B THEN PRINT A$(1,2);STR$(3)",
    "30 FOR I=1 TO 10 STEP -2:NEXT I",
    "40 DIM A(3,4),B$(10):A(1,2)=SIN(3)+-2^3",
    "50 ON X GOTO 10,20:ON X GOSUB 30",
    "60 INPUT #1;A,B$:INPUT C",
    '70 LIST "P:",10,20',
    "80 GR.3:POS.1,2:?\"X\";",
    "90 DATA 1,2,,\"A:B\"",
    "100 IF A$<\"B\" THEN 20",
    "110 X=1E10*.5-1.5E-05/7",
    '120 OPEN #1,4,0,"D:X":CLOSE #1:XIO 18,#6,0,0,"S:"',
    "130 GET #1,K:PUT #1,65:STATUS #1,S:NOTE #1,A,B:POINT #1,A,B",
    "140 SETCOLOR 2,0,0:SOUND 0,121,10,8:LOCATE 1,2,C:PLOT 1,1:DRAWTO 5,5",
    "150 X=USR(1536,1,2)+ADR(B$)+LEN(\"AB\")+ASC(B$)+VAL(\"1\")+PEEK(88)",
    "160 A$=CHR$(65):B$=A$(2):A$(1,1)=\"Z\":COM C(5)",
    "170 POKE 710,0:TRAP 100:RESTORE 90:RESTORE:RUN:RUN \"D:X\"",
    "180 REM ANYTHING: \"GOES\" HERE",
    "190 LET X=1:Y=X<>2:Z=X>=1 OR X<=3",
    "200 END:STOP:CONT:RETURN:POP:CLR:DEG:RAD:BYE:DOS:NEW:CSAVE:CLOAD",
    "210 PRINT #6;\"A\":LPRINT \"B\",1:PRINT:? #6",
    '220 SAVE "D:A":LOAD "D:A":ENTER "D:B":GO TO 10:GOSUB 20',
    "230 X=RND(0)*STICK(0)+STRIG(0)+PADDLE(1)+PTRIG(1)+FRE(0)+INT(-1.5)",
    "240 X=ATN(1)+COS(0)+EXP(1)+LOG(2)+CLOG(10)+SQR(4)+SGN(-2)+ABS(-2)",
    "250 IF X THEN 10",
    "260 X=(1+2)*((3))",
]


def test_every_statement_tokenizes_as_atari_basic(basic) -> None:
    for line in STATEMENT_LINES:
        basic.type(line)
    expected = python_program(*STATEMENT_LINES)
    assert basic.statement_table() == expected.statement_table()
    assert basic.variable_names() == expected.variables.names
    check_pointers(basic)


def test_abbreviations_list_in_full(basic, tmp_path) -> None:
    basic.type("10 GR.3:POS.1,2:?1:.A")
    basic.type("20 L.:D.1,2:GO TO 5")
    assert basic.output_of("LIST") == ["10 GRAPHICS 3:POSITION 1,2:? 1:REM A", "20 LIST :DATA 1,2:GO TO 5"]


def test_list_ranges(basic) -> None:
    for number in (10, 20, 30, 40):
        basic.type(f"{number} PRINT {number}")
    assert basic.output_of("LIST 20") == ["20 PRINT 20"]
    assert basic.output_of("LIST 15,30") == ["20 PRINT 20", "30 PRINT 30"]
    assert basic.output_of("LIST 41") == []
    assert basic.output_of("LIST") == [f"{n} PRINT {n}" for n in (10, 20, 30, 40)]


# -- syntax errors ------------------------------------------------------------------------------


def error_line(basic: BasicAtari, number: int) -> tuple[str, int]:
    """The text of the ERROR- statement of line `number` and the index of its inverse character."""
    table = basic.statement_table()
    index = 0
    while index < len(table):
        line = table[index:index + table[index + 2]]
        if line[0] | line[1] << 8 == number:
            assert line[4] == 0x37, "not an ERROR- line"
            text = line[5:-1]
            marked = [i for i, byte in enumerate(text) if byte & 0x80]
            return bytes(byte & 0x7F for byte in text).decode(), marked[0]
        index += len(line)
    raise AssertionError(f"line {number} not found")


@pytest.mark.parametrize(
    "typed, marked",
    [
        ("10 PRUNT X", "X"),  # an implied LET: "=" expected at X
        ("10 PRINT (1", " "),  # ")" expected at the end of the line
        ('10 A$=1', "1"),  # a number for a string
        ("10 A=B$", "B"),  # a string where a number belongs
        ("10 FOR I=1 T 5", "T"),
        ("10 GOTO", " "),
        ("10 DIM A", " "),
    ],
)
def test_a_wrong_line_is_kept_as_error_line_and_shown(basic, typed, marked) -> None:
    basic.type(typed)
    text, position = error_line(basic, 10)
    assert text.rstrip() == typed[3:].rstrip() or text == typed[3:] + " "
    assert (text + " ")[position] == marked
    with pytest.raises(BasicSyntaxError):
        python_program(typed)
    shown = [row for row in basic.rows() if row.startswith("10 ERROR- ")]
    assert shown and shown[-1].startswith("10 ERROR- " + typed[3:].split()[0])
    check_pointers(basic)


def test_an_error_in_an_immediate_line_is_shown_without_number(basic) -> None:
    assert basic.output_of("PRUNT 1") == ["ERROR- PRUNT 1"]


# -- the whole Surround program: ENTER, LIST, SAVE, NEW, LOAD -------------------------------------


@pytest.fixture(scope="module")
def surround_session(images, tmp_path_factory):
    folder = tmp_path_factory.mktemp("h")
    (folder / "IN.LST").write_text(SURROUND.read_text().replace("\n", "\x9b"), encoding="latin-1")
    basic = BasicAtari(images, hdir=folder)
    basic.type('ENTER "H:IN.LST"', max_frames=60000)
    return basic, folder


def test_enter_tokenizes_the_surround_program_as_atari_basic(surround_session) -> None:
    basic, _ = surround_session
    expected = enter_listing(SURROUND.read_text())
    assert basic.statement_table() == expected.statement_table()
    assert basic.variable_names() == expected.variables.names
    check_pointers(basic)


def test_list_to_a_file_gives_back_the_listing(surround_session) -> None:
    basic, folder = surround_session
    basic.type('LIST "H:OUT.LST"', max_frames=5000)
    listed = (folder / "OUT.LST").read_bytes().decode("latin-1").split("\x9b")
    assert listed[-1] == ""
    assert listed[:-1] == SURROUND.read_text().splitlines()
    assert listed[:-1] == list_program(enter_listing(SURROUND.read_text()))


def test_save_new_load_list(surround_session) -> None:
    basic, folder = surround_session
    basic.type('SAVE "H:P.BAS"', max_frames=5000)
    assert (folder / "P.BAS").read_bytes() == tokenize_listing(SURROUND.read_text(), immediate='SAVE "H:P.BAS"')
    basic.type("NEW")
    assert basic.statement_table() == b""
    basic.type('LOAD "H:P.BAS"', max_frames=5000)
    basic.type('LIST "H:AGAIN.LST"', max_frames=5000)
    assert (folder / "AGAIN.LST").read_text(encoding="latin-1") == SURROUND.read_text().replace("\n", "\x9b")
    check_pointers(basic)


def test_load_refuses_a_file_that_is_not_a_save_file(surround_session) -> None:
    basic, folder = surround_session
    (folder / "JUNK.BAS").write_bytes(b"\x01\x02" + bytes(20))
    before = basic.statement_table()
    assert basic.output_of('LOAD "H:JUNK.BAS"') == ["ERROR-  21"]
    assert basic.statement_table() == before


# -- fuzz: any line typed at READY --------------------------------------------------------------

@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pieces=st.lists(LINE_PIECES, min_size=1, max_size=12))
def test_any_typed_line_is_tokenized_as_atari_basic_or_marked_wrong(basic, pieces) -> None:
    text = "10 " + "".join(pieces)
    basic.type("NEW")  # (one machine for all examples: start each with no variables)
    basic.type(text[:110])
    check_pointers(basic)
    typed = as_the_screen_editor_returns(text[:110])
    if typed == "10":  # a line number alone deletes the line
        assert basic.statement_table() == b""
        return
    try:
        expected = python_program(typed)
    except BasicSyntaxError:
        assert basic.statement_table()[4] == 0x37  # an ERROR- line
    else:
        assert basic.statement_table() == expected.statement_table()


def as_the_screen_editor_returns(line: str) -> str:
    """A typed line as E: hands it to BASIC: without the blanks at its end (the screen editor
    returns a logical line up to its last non-blank character; Atari OS User's Manual, "Screen
    editor"). An ENTERed file keeps them, which the ENTER tests cover."""
    return line.rstrip(" ")


def test_reset_keeps_the_program(basic) -> None:
    basic.type("10 PRINT 1")
    before = basic.statement_table()
    basic.atari.reset(warm=True)
    assert basic.atari.machine.run_until_idle(600)
    assert "READY" in basic.rows()
    assert basic.statement_table() == before
    assert basic.output_of("LIST") == ["10 PRINT 1"]


def test_enter_stops_at_a_missing_file_with_its_error(images, tmp_path) -> None:
    basic = BasicAtari(images, hdir=tmp_path)
    assert basic.output_of('ENTER "H:NONE.LST"') == ["ERROR-  170"]  # file not found
    basic.type("10 PRINT 2")  # lines come from the keyboard again
    assert basic.output_of("LIST") == ["10 PRINT 2"]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(alphabet=st.sampled_from([chr(c) for c in range(0x20, 0x7B) if chr(c) not in "`"]),
                    min_size=1, max_size=60))
def test_any_characters_typed_at_ready_never_jam(basic, text) -> None:
    basic.type("NEW")
    basic.type("5 " + text)
    basic.type(text)  # the same as an immediate line (only the editor's statements run)
    check_pointers(basic)
    assert "READY" in basic.rows() or basic.statement_table()


def test_a_line_number_above_32767_is_an_error(basic) -> None:
    basic.type("10 PRINT 1")
    before = basic.statement_table()
    assert basic.output_of("40000 PRINT 1") == ["ERROR- 40000 PRINT 1"]
    assert basic.statement_table() == before


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(program_lines=st.dictionaries(st.integers(0, 32767), st.lists(STATEMENTS, min_size=1, max_size=3),
                                     min_size=1, max_size=5))
def test_generated_programs_enter_save_and_list_as_atari_basic(images, tmp_path_factory, program_lines) -> None:
    """The Python tokenizer's generated programs (tests/test_atari_basic.py), ENTERed into the
    6502 editor: the SAVE file and LIST's text are the same bytes as host/atari/basic's."""
    lines = []
    for number, body in sorted(program_lines.items()):
        rem = [statement for statement in body if statement.startswith("REM")]
        text = f"{number} " + ":".join([s for s in body if not s.startswith("REM")] + rem[:1])
        if len(text) <= 110:
            lines.append(text)
    if not lines:
        return
    folder = tmp_path_factory.mktemp("gen")
    (folder / "IN.LST").write_bytes("\x9b".join(lines).encode("latin-1") + b"\x9b")
    basic = BasicAtari(images, hdir=folder)
    basic.type('ENTER "H:IN.LST"', max_frames=20000)
    basic.type('SAVE "H:P.BAS"')
    basic.type('LIST "H:OUT.LST"')
    listing = "\n".join(lines)
    assert (folder / "P.BAS").read_bytes() == tokenize_listing(listing, immediate='SAVE "H:P.BAS"')
    listed = (folder / "OUT.LST").read_bytes().decode("latin-1").split("\x9b")[:-1]
    assert listed == list_program(enter_listing(listing))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(alphabet='0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZ$(),:;"=+-*/<>.#?^', min_size=1, max_size=60))
def test_typed_text_is_accepted_exactly_when_atari_basic_accepts_it(basic, text) -> None:
    """Characters of BASIC text in any order: where the Python tokenizer accepts the line the
    tokens are the same; where it refuses it, the 6502 editor keeps an ERROR- line."""
    line = "10 " + text
    basic.type("NEW")
    basic.type(line)
    check_pointers(basic)
    table = basic.statement_table()
    typed = as_the_screen_editor_returns(line)
    if typed == "10":
        assert table == b""
        return
    try:
        expected = python_program(typed)
    except BasicSyntaxError:
        assert table == b"" or table[4] == 0x37, f"{line!r} accepted"
    else:
        assert table == expected.statement_table(), line


def test_the_129th_variable_is_error_4(images, tmp_path) -> None:
    """An error the tokenizer raises (here 4, in Rev. C from its variable lookup) names the line
    at STMCUR, which the tokenizer never moves: the line stored last (by ENTER), or none once a
    direct statement has run.  Rev. C does the same: ERROR calls STOP, which takes the line at
    STMCUR into STOPLN, and prints " AT LINE" unless that line is the immediate one ("The Atari
    BASIC Source Book", ERROR, STOP and SYNTAX; STMCUR is set only when a line is stored)."""
    names = [f"V{i}" for i in range(128)]
    lines = [f"{10 + i} " + ":".join(f"{name}=0" for name in names[8 * i:8 * i + 8]) for i in range(16)]
    (tmp_path / "VARS.LST").write_bytes("\x9b".join(lines).encode() + b"\x9b")
    basic = BasicAtari(images, hdir=tmp_path)
    basic.type('ENTER "H:VARS.LST"', max_frames=20000)
    assert len(basic.variable_names()) == 128
    assert basic.output_of("W=1") == ["ERROR-  4 AT LINE 25"]  # too many variables
    assert basic.word(STOPLN) == 25
    basic.type("CLR")  # a direct statement ran: STMCUR is the immediate line
    assert basic.output_of("W=1") == ["ERROR-  4"]
    assert len(basic.variable_names()) == 128
    check_pointers(basic)


def test_a_line_of_more_than_255_token_bytes_is_error_14(basic) -> None:
    """Error 14 while a line is tokenized names the line at STMCUR, as in Rev. C (see above)."""
    too_long = "20 X=" + "+".join(["1"] * 36)  # 36 numbers: 7 bytes each
    basic.type("10 PRINT 1")
    before = basic.statement_table()
    assert basic.output_of(too_long) == ["ERROR-  14 AT LINE 10"]  # STMCUR: the line stored last
    assert basic.statement_table() == before
    basic.type("CLR")
    assert basic.output_of(too_long) == ["ERROR-  14"]  # STMCUR: the immediate line
    assert basic.statement_table() == before
    check_pointers(basic)
