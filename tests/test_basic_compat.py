"""Compatibility of the free BASIC with Atari BASIC Rev. C, program by program (issue 19).

Each case is a short program typed into the product cartridge (tests/basic_whole_support.py, on our
OS with its 6502 math pack) and the screen the manuals say it gives: the Atari BASIC
Reference Manual (statements, functions, error numbers in Appendix B), Mapping the Atari
(the BASIC zero page: TRAPLN 188-189, PTABW 201) and The Atari BASIC Source Book.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from host.atari import fp as fp
from tests.basic_model_support import revc_atn, revc_rnd, revc_sin
from tests.basic_whole_support import WholeBasic, WholeImages


@pytest.fixture(scope="module")
def images(tmp_path_factory) -> WholeImages:
    return WholeImages(tmp_path_factory.mktemp("basic-compat"))


@pytest.fixture
def basic(images) -> WholeBasic:
    return WholeBasic(images)


def run(basic: WholeBasic, program: str) -> list[str]:
    """Type the program's lines, RUN it; the rows it printed."""
    for line in program.split("\n"):
        basic.type(line, max_frames=3000)
    return basic.output_of("RUN")


# --- item 1: TRAP starts switched off --------------------------------------------------

def test_the_first_error_after_power_on_reports_itself(basic) -> None:
    """Mapping the Atari 188-189: TRAPLN >= 32768 means no TRAP; an immediate 1/0 is
    error 11 (floating point overflow) the first time as every time after."""
    assert basic.output_of("PRINT PEEK(189)>=128") == ["1"]
    assert basic.output_of("? 1/0") == ["ERROR-  11"]
    assert basic.output_of("? 1/0") == ["ERROR-  11"]


def test_new_switches_trap_off(basic) -> None:
    basic.type("TRAP 100")
    basic.type("NEW")
    assert basic.output_of("PRINT PEEK(189)>=128") == ["1"]


# --- item 2: PRINT's comma --------------------------------------------------------------

@pytest.mark.parametrize(("ptabw", "line", "printed"), [
    (10, '? "ABCDEFGH","X"', "ABCDEFGH  X"),      # two blanks reach column 10
    (10, '? "ABCDEFGHI","X"', "ABCDEFGHI           X"),  # one would not: column 20
    (10, "? 1,2", "1         2"),
    (1, "? 1,2,3", "1  2  3"),                      # "POKE 201,1 is treated as three"
    (2, "? 1,2,3", "1   2   3"),                    # "POKE 201,2 ... as four"
    (5, '? "AB","C"', "AB   C"),
])
def test_print_comma_follows_mapping_the_atari(basic, ptabw, line, printed) -> None:
    basic.type(f"POKE 201,{ptabw}")
    assert basic.output_of(line) == [printed]


# --- item 3: the functions give the original math pack's digits ------------------------------

def printed(value: bytes) -> str:
    """PRINT's text of a number: as Rev. C's XPRINT (The Atari BASIC Source Book), a tenth
    digit (two digits in the first mantissa byte) is dropped, then FASC."""
    data = bytearray(value)
    if data[1] >= 0x10:
        data[5] &= 0xF0
    return fp.to_text(bytes(data))


@pytest.mark.parametrize(("expression", "model"), [
    ("EXP(0)", lambda: fp.exp(fp.from_int(0))),
    ("EXP(1)", lambda: fp.exp(fp.from_int(1))),
    ("EXP(-2.5)", lambda: fp.exp(fp.from_decimal("-2.5"))),
    ("LOG(1)", lambda: fp.log(fp.from_int(1))),
    ("LOG(10)", lambda: fp.log(fp.from_int(10))),
    ("LOG(0.5)", lambda: fp.log(fp.from_decimal("0.5"))),
    ("CLOG(1000)", lambda: fp.log10(fp.from_int(1000))),
    ("CLOG(2)", lambda: fp.log10(fp.from_int(2))),
])
def test_exp_and_log_print_the_original_math_packs_digits(basic, expression, model) -> None:
    """Rev. C's EXP, LOG and CLOG are the OS's EXP, LOG and LOG10 ($DDC0, $DECD, $DED1);
    the expected text is the model of the published math pack (host/atari/fp.py), not the
    true value: EXP(0) is 0.999999999 there (P10COF's last coefficient is 0.9999999999)."""
    assert basic.output_of(f"? {expression}") == [printed(model())]


def test_exp_of_one_is_the_published_quirk(basic) -> None:
    """The original math pack's e: 2.71828179 (its EXP10 squares a polynomial)."""
    assert basic.output_of("? EXP(1)") == ["2.71828179"]


def test_rnd_is_rev_c_two_random_bytes_over_65536(basic) -> None:
    """Rev. C's RND (The Atari BASIC Source Book): RANDOM's two bytes as 0..65535 (IFP) over
    65536 (FDIV), so every printed value is the model's text for some k/65536; random BCD
    digits would almost never be."""
    basic.type("10 FOR I=1 TO 18:PRINT RND(0):NEXT I")
    rows = basic.output_of("RUN")
    assert len(rows) == 18
    for row in rows:
        near = int((Decimal(row) * 65536).to_integral_value())
        assert any(printed(revc_rnd(k)) == row for k in (near - 1, near, near + 1) if 0 <= k < 65536), row
    assert len(set(rows)) > 12


_ANGLES = st.builds(lambda m, e: fp.to_text(fp.from_decimal(Decimal(m).scaleb(e))),
                    st.integers(-999999999, 999999999), st.integers(-20, -1))


@settings(max_examples=6, deadline=None, phases=[Phase.explicit, Phase.generate],
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@pytest.mark.slow
@given(values=st.lists(_ANGLES, min_size=6, max_size=6), degrees=st.booleans())
def test_sin_cos_atn_print_rev_c_digits(basic, values, degrees) -> None:
    """SIN, COS and ATN digit for digit as Rev. C computes them (tests/basic_model_support.py: the
    quadrant from the units byte, SCOEF through PLYEVL; ATN by the OS's ATCOEF after the
    (x - FP9S)/(x + FP9S) transform), in radians and in degrees."""
    basic.type("DEG" if degrees else "RAD")
    for text in values + ["0", "1", "-1", "90", "180", "-270", "1.5707963", "45", "0.5", "10000000"]:
        x = fp.from_text(text)[0]
        expected = [printed(v) for v in (
            revc_sin(x, degrees=degrees), revc_sin(x, cos=True, degrees=degrees), revc_atn(x, degrees))]
        basic.type(f"X={text}")
        assert basic.output_of("? SIN(X):? COS(X):? ATN(X)") == expected, text


def test_sin_beyond_its_range_is_error_3(basic) -> None:
    """Rev. C gives up when |x| / (pi/2) reaches 100^4 (its units byte is out of reach)."""
    assert basic.output_of("? SIN(2E8)") == ["ERROR-  3"]
    assert basic.output_of("? COS(1.5E8)") == [printed(revc_sin(fp.from_text("1.5E8")[0], cos=True))]


# --- item 6: the compatibility suite -----------------------------------------------------------
# Each program and the screen the Atari BASIC Reference Manual (chapters 2-9, appendix B)
# documents for it.  Error lines are "ERROR-  n AT LINE l".

SUITE: dict[str, tuple[str, list[str]]] = {
    # statements: LET, implied LET, DIM/COM, strings and substrings
    "let_and_implied_let": ("10 LET A=5:B=A+1:PRINT A;B", ["56"]),
    "com_is_dim": ("10 COM A(2):A(2)=3:PRINT A(2)", ["3"]),
    "string_assign_and_substring_assign": ('10 DIM A$(10):A$="HELLO":A$(6)="!":PRINT A$', ["HELLO!"]),
    "string_append_at_len_plus_one": ('10 DIM A$(10):A$="AB":A$(LEN(A$)+1)="CD":PRINT A$;LEN(A$)', ["ABCD4"]),
    "substrings": ('10 DIM A$(10):A$="ABCDEF":PRINT A$(2,4);A$(5)', ["BCDEF"]),
    "assignment_truncates_to_dim": ('10 DIM A$(3):A$="ABCDE":PRINT A$;LEN(A$)', ["ABC3"]),
    "empty_string": ('10 DIM A$(5):A$="":PRINT LEN(A$);"|";A$;"|"', ["0||"]),
    "string_comparison_is_by_character": ('10 PRINT "ABC"<"ABD";"B">"ABC";"A"="A";"AB">"A"', ["1111"]),
    "numeric_arrays_one_and_two_dimensions": ("10 DIM A(3),B(2,2):A(3)=7:B(2,2)=9:B(0,1)=1:PRINT A(3)+B(2,2)+B(0,1)",
                                              ["17"]),
    "clr_zeroes_and_undimensions": ('10 A=5:DIM B$(3):CLR:PRINT A:B$="X"', ["0", "ERROR-  9 AT LINE 10"]),
    # flow: GOSUB/RETURN/POP, ON, FOR/NEXT, IF, STOP/END, TRAP
    "pop_forgets_the_gosub": ('10 GOSUB 100:PRINT "NO"\n20 PRINT "YES":END\n100 POP:GOTO 20', ["YES"]),
    "on_beyond_the_list_falls_through": ('10 ON 5 GOTO 100:PRINT "FALL"\n100 PRINT "X"', ["FALL", "X"]),
    "on_zero_falls_through": ('10 ON 0 GOSUB 100:PRINT "ZERO":END\n100 PRINT "NO":RETURN', ["ZERO"]),
    "for_with_expression_limits": ("10 N=2:FOR I=N*2 TO N*3 STEP N/2:PRINT I;:NEXT I", ["456"]),
    "for_variable_changed_in_the_body": ("10 FOR I=1 TO 10:PRINT I;:I=I+4:NEXT I", ["16"]),
    "if_with_a_computed_condition": ('10 A=3:IF A*2=6 AND A<>4 THEN PRINT "T"', ["T"]),
    "stop_prints_its_line": ('10 PRINT "A":STOP\n20 PRINT "B"', ["A", "STOPPED AT LINE 10"]),
    "trap_catches_and_errsave": ("10 TRAP 100:X=1/0\n100 PRINT PEEK(195);\" \";PEEK(186)+256*PEEK(187)",
                                 ["11 10"]),
    "trap_is_switched_off_by_the_error": ("10 TRAP 100:X=1/0\n100 X=1/0", ["ERROR-  11 AT LINE 100"]),
    # READ/DATA/RESTORE
    "read_strings_and_numbers": ('10 DIM A$(10):READ A$,B:PRINT A$;B\n20 DATA HELLO,5', ["HELLO5"]),
    "restore_to_a_line": ("10 READ A:RESTORE 40:READ B:PRINT A;B\n30 DATA 1\n40 DATA 2", ["12"]),
    # operators and precedence
    "multiply_before_add": ("10 PRINT 10-2*3+4/2", ["6"]),
    "comparison_below_arithmetic": ("10 PRINT 1+2<4;2*2=4", ["11"]),
    "not_below_comparison": ("10 PRINT NOT 1+1;NOT 0=1", ["01"]),  # NOT (0=1)
    "and_before_or": ("10 PRINT 5 AND 0 OR 1;0 OR 0 AND 1", ["10"]),
    "unary_minus_binds_tightest": ("10 PRINT -2*-3;-(2+3)", ["6-5"]),
    "parentheses": ("10 PRINT ((2+3)*(4-1))/5", ["3"]),
    # functions
    "int_rounds_down": ("10 PRINT INT(-0.5);INT(2.999);INT(7)", ["-127"]),
    "str_and_val_round_trip": ("10 PRINT VAL(STR$(3.5))*2", ["7"]),
    "chr_and_asc": ("10 PRINT ASC(CHR$(200));ASC(\"Z\")", ["20090"]),
    "adr_of_the_first_string_is_starp": ("10 DIM A$(5):PRINT ADR(A$)=PEEK(140)+256*PEEK(141)", ["1"]),
    "fre_counts_free_memory": ("10 PRINT FRE(0)>1000", ["1"]),
    "peek_of_ptabw_is_ten": ("10 PRINT PEEK(201)", ["10"]),
    "usr_returns_fr0": ("10 FOR I=0 TO 9:READ B:POKE 1536+I,B:NEXT I:PRINT USR(1536)\n"
                        "20 DATA 104,169,7,133,212,169,0,133,213,96", ["7"]),
    "usr_passes_its_arguments": ("10 FOR I=0 TO 7:READ B:POKE 1536+I,B:NEXT I:PRINT USR(1536,300)\n"
                                 "20 DATA 104,104,133,213,104,133,212,96", ["300"]),
    "controllers_at_rest": ("10 PRINT STICK(0);STRIG(0);PTRIG(0)", ["1511"]),
    "sgn_and_abs": ("10 PRINT SGN(-0.1);ABS(-0.25)", ["-10.25"]),
    # PRINT formats (FASC)
    "print_large_numbers": ('10 PRINT 1E10;" ";-0.5;" ";123456789012', ["1E+10 -0.5 1.23456789E+11"]),
    "print_thirds_nine_digits": ('10 PRINT 1/3;" ";2/3;" ";10/3', ["0.333333333 0.666666666 3.33333333"]),
    "print_question_mark_and_trailing_semicolon": ('10 ? "A";:? "B"', ["AB"]),
    # graphics
    "setcolor_writes_the_shadow": ("10 SETCOLOR 2,4,6:PRINT PEEK(710)", ["70"]),
    # errors (Reference Manual, appendix B)
    "error_3_poke_value": ("10 POKE 1536,-1", ["ERROR-  3 AT LINE 10"]),
    "error_5_substring_zero": ('10 DIM A$(3):A$="AB":PRINT A$(0)', ["ERROR-  5 AT LINE 10"]),
    "error_8_input_from_data": ("10 READ A\n20 DATA ABC", ["ERROR-  8 AT LINE 10"]),
    "error_9_array_bounds": ("10 DIM A(3):A(4)=1", ["ERROR-  9 AT LINE 10"]),
    "error_9_dim_twice": ("10 DIM A(3):DIM A(3)", ["ERROR-  9 AT LINE 10"]),
    "error_13_next_wrong_variable": ("10 FOR I=1 TO 2:NEXT J", ["ERROR-  13 AT LINE 10"]),
    "error_16_return_without_gosub": ("10 PRINT 1:RETURN", ["1", "ERROR-  16 AT LINE 10"]),
    "error_20_device_number": ("10 CLOSE #9", ["ERROR-  20 AT LINE 10"]),
}


@pytest.mark.parametrize("name", sorted(SUITE))
def test_suite_program_gives_the_documented_screen(basic, name) -> None:
    program, screen = SUITE[name]
    assert run(basic, program) == screen


@pytest.mark.parametrize("number", ["0.01", "0.001", "0.00001", "1E-10", "1234.5", "0.5E-98", "9.99999999E97"])
def test_print_formats_numbers_as_the_math_packs_fasc(basic, number) -> None:
    """A number prints as FASC writes it (Atari BASIC Reference Manual, "PRINT"; the model
    of the published FASC in host/atari/fp.py): 0.001 is "1.0E-03" there, as its mantissa
    byte $10 gives two digits."""
    assert basic.output_of(f"? {number}") == [printed(fp.from_decimal(number))]


def test_plot_drawto_and_locate(basic) -> None:
    """GRAPHICS 3, COLOR 2, a line from PLOT 1,1 to DRAWTO 4,1: LOCATE reads color 2 on it
    and 0 beside it (Reference Manual, chapter 9)."""
    basic.type("10 GRAPHICS 3:COLOR 2:PLOT 1,1:DRAWTO 4,1:LOCATE 3,1,Z:LOCATE 5,1,Y")
    basic.type('20 GRAPHICS 0:PRINT "Z";Z;"Y";Y')
    basic.type("RUN", max_frames=3000)
    assert "Z2Y0" in basic.rows()


def test_position_places_the_cursor(basic) -> None:
    basic.type('10 GRAPHICS 0:POSITION 7,3:PRINT "X";:POSITION 2,5:PRINT "Y"')
    basic.type("RUN", max_frames=3000)
    rows = basic.rows()
    assert rows[3] == "     X" and rows[5] == "Y"


def test_input_reads_a_number_and_a_string(basic) -> None:
    """INPUT prints "?" and reads a line (Reference Manual, INPUT)."""
    basic.type('10 DIM N$(10):INPUT A:INPUT N$:PRINT A*2;N$')
    basic.atari.type_text("RUN\n")
    basic.atari.machine.run_until_idle(600)
    basic.type("21")
    basic.type("HI")
    rows = basic.rows()
    assert "?21" in rows and "?HI" in rows and "42HI" in rows


def test_files_through_h_put_get_print_input(images, tmp_path) -> None:
    """OPEN #1,8 writes, PUT and PRINT # put bytes and a line; OPEN #1,4 reads them back with
    GET and INPUT #; STATUS of an open IOCB is 1 (Reference Manual, chapter 5)."""
    basic = WholeBasic(images, hdir=tmp_path)
    program = ('10 DIM B$(10):OPEN #1,8,0,"H:T.DAT":PUT #1,65:PRINT #1;"BC":CLOSE #1\n'
               '20 OPEN #1,4,0,"H:T.DAT":GET #1,A:INPUT #1,B$:STATUS #1,S:CLOSE #1:PRINT A;B$;S')
    assert run(basic, program) == ["65BC1"]
    assert (tmp_path / "T.DAT").read_bytes() == b"ABC\x9b"


def test_cont_goes_on_after_the_stopped_line(basic) -> None:
    """CONT resumes at the line after STOP's (Reference Manual, CONT)."""
    assert run(basic, '10 PRINT "A":STOP\n20 PRINT "B"') == ["A", "STOPPED AT LINE 10"]
    assert basic.output_of("CONT") == ["B"]


def test_one_and_two_dimensional_arrays_keep_their_elements(basic) -> None:
    program = ("10 DIM A(5),B(3,4):FOR I=0 TO 5:A(I)=I*I:NEXT I:FOR I=0 TO 3:FOR J=0 TO 4:B(I,J)=I*10+J\n"
               "20 NEXT J:NEXT I:PRINT A(0);A(3);A(5);\" \";B(0,0);B(2,3);B(3,4)")
    assert run(basic, program) == ["0925 02334"]


def test_a_line_found_before_an_edit_is_found_again_after_it(basic) -> None:
    """The line search remembers the line it found last; inserting and replacing lines
    (memory moves) must not leave it pointing at the old place."""
    assert run(basic, '10 FOR I=1 TO 3:NEXT I:GOTO 30\n20 PRINT "NO"\n30 PRINT "A"') == ["A"]
    basic.type("15 X=1:Y=2:Z=3")
    basic.type('30 PRINT "C"')
    assert basic.output_of("GOTO 30") == ["C"]
    assert basic.output_of("RUN") == ["C"]


# --- issue 27: what public type-ins caught ---------------------------------------------------

@pytest.mark.parametrize("name", ["INTEREST", "EXPLOSION", "LENGTH", "COST", "SINGLE", "ABSENT", "VALUE",
                                  "LOGIC", "PEEKS", "STRIGGER", "ATNX", "FRED", "RNDX", "SGNAL", "INTO"])
def test_a_variable_may_begin_with_a_functions_name(basic, name) -> None:
    """Atari BASIC's syntax tables try a function only with its "(" and otherwise back up
    to a variable (The Atari BASIC Source Book, the operand rule): INTEREST is a variable,
    INT (2.5) still the function."""
    program = f"10 {name}=7:X={name}*2+INT (2.5):PRINT X;{name}"
    assert run(basic, program) == ["167"]


def test_sound_with_named_variables(basic) -> None:
    """A type-in's SOUND with word-like names: EXPLOSION and VOLUME reach POKEY's AUDF1 and
    AUDC1 (SOUND 0,p,d,v: AUDF1 = p, AUDC1 = d * 16 + v; Reference Manual, SOUND)."""
    basic.type("10 EXPLOSION=50:DISTORTION=8:VOLUME=6:SOUND 0,EXPLOSION,DISTORTION,VOLUME")
    basic.type("20 INPUT A")                      # (waits; END would silence it)
    basic.atari.type_text("RUN\n")
    registers = basic.atari.machine.pokey.registers
    assert (registers[0], registers[1]) == (50, 8 * 16 + 6)


def _error_line_mark(basic: WholeBasic, number: int) -> tuple[str, int]:
    """The text of ERROR- line `number` and the index of its inverse (marked) character."""
    table = basic.statement_table()
    index = 0
    while index < len(table):
        length = table[index + 2]
        if table[index] | table[index + 1] << 8 == number:
            body = table[index + 5:index + length - 1]
            marked = [position for position, byte in enumerate(body) if byte & 0x80]
            return bytes(byte & 0x7F for byte in body).decode("ascii"), marked[0]
        index += length
    raise AssertionError(f"no line {number}")


@pytest.mark.parametrize(("line", "mark"), [
    ("10 INPUT Z(1)", "("), ("10 READ Z(1,2)", "("), ("10 READ A,B$(2)", "("), ("10 INPUT #1;A$ (3)", "("),
])
def test_input_and_read_take_plain_variables_only(basic, line, mark) -> None:
    """Atari BASIC's variable-list rule (The Atari BASIC Source Book's syntax tables: a list
    of plain numeric and string variables); COMPUTE! issue 52, p. 10: "READ X(I) is just as
    illegal as INPUT X(I)".  The line is kept as an ERROR- line marked at the "("."""
    basic.type(line)
    text, marked = _error_line_mark(basic, 10)
    assert text == line[3:] and text[marked] == mark
    assert basic.output_of("LIST") == [f"10 ERROR- {line[3:]}"]


def test_input_and_read_of_plain_variables_still_work(basic) -> None:
    assert run(basic, '10 DIM A$(5):READ A,A$:PRINT A;A$\n20 DATA 3,XY') == ["3XY"]


@pytest.mark.parametrize(("statement", "screen"), [
    ('? #16;"HI"', ["HI"]),                       # 16 * 16 = 256: IOCB 0
    ('? #32;"HO"', ["HO"]),
    ("? #8;1", ["ERROR-  20"]),                   # 128: bit 7, device number larger
    ("CLOSE #24", ["ERROR-  20"]),
    ("? #23;1", ["ERROR-  133"]),                 # IOCB 7, not open
])
def test_the_channel_is_multiplied_by_16_in_one_byte(basic, statement, screen) -> None:
    """Rev. C shifts the channel's low byte four times (The Atari BASIC Source Book; a
    BASIC's own test suite prints on #16): bit 7 set is error 20, the rest an IOCB."""
    assert basic.output_of(statement) == screen


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(channel=st.integers(0, 70000))
def test_any_channel_number_is_its_low_byte_times_16(basic, channel) -> None:
    """Every channel: its low byte * 16 mod 256 names the IOCB (0 is E:, 1-7 are closed:
    error 133), bit 7 set is error 20, a channel above 65535 error 3."""
    iocb = (channel * 16) % 256
    expected = (["ERROR-  3"] if channel > 65535 else ["ERROR-  20"] if iocb >= 128
                else ["HI"] if iocb == 0 else ["ERROR-  133"])
    assert basic.output_of(f'? #{channel};"HI"') == expected


# --- issue 27 items 1 and 6: GTIA modes and split screens as the Atari OS lays them out -------

def run_screen(basic: WholeBasic, program: str) -> list[str]:
    """Type the program, clear the screen, RUN it; the non-blank rows on the screen after it
    (the text window of a split screen, or the GRAPHICS 0 screen), READY and RUN left out."""
    for line in program.split("\n"):
        basic.type(line, max_frames=3000)
    basic.type("? CHR$(125)")
    basic.type("RUN", max_frames=20_000)
    return [row for row in basic.rows() if row and row not in ("READY", "RUN", "\u2588")]


def test_graphics_9_is_full_screen_80_by_192(basic) -> None:
    """The OS User's Manual (the display handler): modes 9-11 have no split screen; BASIC's
    GRAPHICS 9 asks for one, the OS ignores it: 192 rows of 80 pixels, BOTSCR (703) 24,
    and COLOR 5:PLOT 0,160 works where a window would be; row 192 and column 80 are
    ERROR 141 (a public moire program stopped at PLOT 0,160)."""
    program = ("10 GRAPHICS 9:A=PEEK(703):COLOR 5:PLOT 0,160:PLOT 79,191:LOCATE 0,160,B:LOCATE 79,191,C\n"
               "20 TRAP 40:PLOT 80,0\n"
               "40 D=PEEK(195):TRAP 50:PLOT 0,192\n"
               "50 E=PEEK(195):GRAPHICS 0:PRINT A;\" \";B;\" \";C;\" \";D;\" \";E")
    assert run_screen(basic, program) == ["24 5 5 141 141"]


def display_list_modes(basic: WholeBasic) -> list[int]:
    """The ANTIC modes of the display list's mode lines, up to its JVB (LMS operands skipped)."""
    atari = basic.atari
    dl = atari.peek_bytes(atari.peek_word(0x0230), 256)
    modes, index = [], 0
    while dl[index] != 0x41:
        mode = dl[index] & 0x0F
        if mode:
            modes.append(mode)
        index += 3 if mode and dl[index] & 0x40 else 1
    return modes


def test_graphics_9_display_list_has_no_window(basic) -> None:
    basic.type('10 OPEN #1,4,0,"K:":GRAPHICS 9:GET #1,A')   # (waits without E:, which would reopen GR. 0)
    basic.atari.type_text("RUN\n")
    assert display_list_modes(basic) == [0x0F] * 192
    assert basic.atari.peek(0x02BF) == 24 and basic.atari.peek(0x026F) & 0xC0 == 0x40


def test_graphics_8_split_window_follows_the_full_screen(basic) -> None:
    """The Atari OS reserves the full screen and puts the window after it: GR. 8 split,
    TXTMSC = SAVMSC + 7680 + 16 (the screen lowered so a row begins at the 4K boundary);
    PLOT 0,160 and 319,191 land under the window, no error."""
    program = ("10 GRAPHICS 8:SCR=PEEK(88)+256*PEEK(89):WIN=PEEK(660)+256*PEEK(661):COLOR 1:PLOT 0,160:PLOT 319,191\n"
               "20 PRINT WIN-SCR;\" \";PEEK(SCR+6400);\" \";PEEK(SCR+7679);\" \";PEEK(703)")
    assert run_screen(basic, program) == ["7696 128 1 4"]


def test_graphics_8_starts_at_the_same_address_split_full_or_gtia(basic) -> None:
    """The Atari OS allocates each mode's full screen and the window's 160 bytes as one block,
    split or not (its allocation table: 196 units of 40 bytes for modes 8-11), so with
    BASIC (RAMTOP 160) GR. 8, GR. 8+16 and GR. 9 all start at 33104 ($8150: $9F60 - 7680,
    lowered 16 bytes so that a row begins at the 4K boundary $9000)."""
    program = ("10 GRAPHICS 8+16:A=PEEK(88)+256*PEEK(89):GRAPHICS 8:B=PEEK(88)+256*PEEK(89)\n"
               '20 GRAPHICS 9:C=PEEK(88)+256*PEEK(89):GRAPHICS 0:PRINT A;" ";B;" ";C;" ";PEEK(106)')
    assert run_screen(basic, program) == ["33104 33104 33104 160"]


@pytest.mark.parametrize(("mode", "rows", "width"), [(1, 24, 20), (2, 12, 20), (3, 24, 10), (5, 48, 20), (7, 96, 40)])
def test_split_screens_reserve_the_full_screen(basic, mode, rows, width) -> None:
    """Every split mode: the window (TXTMSC, 660-661) is at RAMTOP - 160 and the graphics
    start the full screen's rows * width below it (no 4K boundary inside these)."""
    program = (f"10 GRAPHICS {mode}:SCR=PEEK(88)+256*PEEK(89):WIN=PEEK(660)+256*PEEK(661)\n"
               "20 PRINT WIN-SCR;\" \";PEEK(106)*256-WIN")
    assert run_screen(basic, program) == [f"{rows * width} 160"]


# --- issue 27 item 5: underflow and huge arguments, as the original math pack and Rev. C -------

@pytest.mark.parametrize(("expression", "screen"), [
    ("1E-98*1E-98", ["ERROR-  11"]),     # the exponent sum wraps below 0: FMUL's error, as the listing's
    ("1E-50*1E-50", ["0"]),              # 1E-100 normalises below $0F: zero, no error
    ("1E-60/1E40", ["0"]),               # FDIV likewise
    ("1E-98/1E10", ["0"]),
    ("1E-98/1E90", ["ERROR-  11"]),
    ("SIN(1E10)", ["ERROR-  3"]),        # Rev. C's SIN: x/(pi/2) >= 100^4 gives up
    ("COS(-1E10)", ["ERROR-  3"]),
])
def test_underflow_and_huge_arguments_as_the_original(basic, expression, screen) -> None:
    """The published FPP listing's FMUL/FDIV add the exponents in one byte and report an
    error (C set: BASIC's ERROR 11) when the sum leaves 0..$7F, so 1E-98*1E-98 is ERROR 11
    there too, while a product whose exponent is in range but normalises below 1E-98
    becomes 0 (NORMALIZE); Rev. C's SIN and COS (The Atari BASIC Source Book) give error 3
    once x/(pi/2) reaches 100^4.  Unchanged by issue 27: ours already did this."""
    assert basic.output_of(f"? {expression}") == screen


# --- issue 27: programs written the way magazine type-ins are -----------------------------------
# Each with the screen the Reference Manual, the OS User's Manual and Mapping the Atari give for
# it (the rows after RUN: a split screen's text window, or the GRAPHICS 0 screen it ends on).

MAGAZINE: dict[str, tuple[str, list[str]]] = {
    # a GTIA colour bar: COLOR X/6 rounds (2.0 at 12, 13.17 at 79), GR. 9 has 16 luminances
    "gtia_luminance_bars": ("10 GRAPHICS 9:SETCOLOR 4,8,0\n"
                            "20 FOR X=0 TO 79:COLOR X/6:PLOT X,0:DRAWTO X,191:NEXT X\n"
                            "30 LOCATE 12,100,A:LOCATE 79,191,B:LOCATE 0,0,C:S=PEEK(703)\n"
                            '40 GRAPHICS 0:PRINT A;" ";B;" ";C;" ";S', ["2 13 0 24"]),
    # GR. 10: nine colour registers, a pixel is 4 bits; the moire programs' PLOT 0,160
    "gtia_mode_10_lower_screen": ("10 GRAPHICS 10:COLOR 5:PLOT 0,160:PLOT 79,191:LOCATE 0,160,A:LOCATE 79,191,B\n"
                                  '20 GRAPHICS 0:PRINT A;" ";B', ["5 5"]),
    # GR. 11: GPRIOR (623) bits 6-7 = 3 (Mapping the Atari, 623), no window (703 = 24)
    "gtia_mode_11_gprior": ('10 GRAPHICS 11:P=PEEK(623):R=PEEK(703):GRAPHICS 0:PRINT P;" ";R', ["192 24"]),
    # variables named like words, some beginning with a function's name
    "variables_named_like_words": ("10 INTEREST=5:COST=2:LENGTH=3:SINGLE=1:LIVES=3:TOTAL=INTEREST*COST\n"
                                   '20 VALUE=TOTAL+LENGTH-SINGLE:PRINT VALUE;" ";LIVES;" ";LEN("AB")', ["12 3 2"]),
    # a statement name at the start of a statement is the statement (LETTER is LET TER,
    # PRINTER is PRINT ER=1): Atari BASIC matches statement names first
    "statement_names_take_the_prefix": ("10 LETTER=5:PRINTER=1:PRINT TER;LETTER", ["0", "50"]),
    # COMPUTE! 77, p. 10: "COMP (42) has the same effect as DIM P(42)"
    "comp_is_com_p": ("10 COMP(42):P(42)=7:PRINT P(42)", ["7"]),
    # SOUND with named variables, the notes READ into a plain variable and stored in an array
    "tune_read_into_plain_variables": ("10 DIM TUNE(3):FOR TONE=1 TO 3:READ PITCH:TUNE(TONE)=PITCH:NEXT TONE\n"
                                       "20 FOR TONE=1 TO 3:SOUND 0,TUNE(TONE),10,8:PRINT TUNE(TONE);:NEXT TONE\n"
                                       "30 SOUND 0,0,0,0\n40 DATA 121,108,96", ["12110896"]),
    # a split GR. 3 screen poked directly: the first byte 255 is four pixels of colour 3,
    # the window 24 rows * 10 bytes after SAVMSC (the full screen reserved)
    "gr3_split_screen_poked": ("10 GRAPHICS 3:SCR=PEEK(88)+256*PEEK(89):WIN=PEEK(660)+256*PEEK(661)\n"
                               '20 POKE SCR,255:LOCATE 0,0,A:LOCATE 3,0,B:LOCATE 4,0,C:PRINT A;B;C;" ";WIN-SCR',
                               ["330 240"]),
    # GR. 8 split: row 160 exists under the window; the window 7696 bytes after SAVMSC
    "gr8_split_screen_poked": ("10 GRAPHICS 8+0:SCR=PEEK(88)+256*PEEK(89):WIN=PEEK(660)+256*PEEK(661)\n"
                               "20 POKE SCR+160*40,128:LOCATE 0,160,A:COLOR 1:PLOT 319,191\n"
                               '30 PRINT A;" ";PEEK(SCR+7679);" ";WIN-SCR', ["1 1 7696"]),
    # GR. 1 split: row 23 of the 24 reserved is there for POKE and LOCATE (internal code
    # 33 is ATASCII 65); PRINT #6 writes into the graphics, PRINT into the window
    "gr1_split_hidden_row": ("10 GRAPHICS 1:SCR=PEEK(88)+256*PEEK(89):WIN=PEEK(660)+256*PEEK(661)\n"
                             '20 POKE SCR+23*20,33:LOCATE 0,23,A:POSITION 0,0:PRINT #6;"HI":PRINT WIN-SCR;" ";A',
                             ["480 65"]),
    # the text window poked directly (internal code 40 is "H"), column 2 of its second row
    "text_window_poked": ("10 GRAPHICS 5:WIN=PEEK(660)+256*PEEK(661):POKE WIN+42,40:POKE WIN+43,41\n"
                          "20 PRINT WIN-(PEEK(88)+256*PEEK(89))", ["960", "HI"]),
    # PRINT #16 is PRINT #0 (the channel times 16 in one byte)
    "print_on_channel_16": ('10 PRINT #16;"SIXTEEN":PRINT #32;"THIRTY-TWO"', ["SIXTEEN", "THIRTY-TWO"]),
}


@pytest.mark.parametrize("name", sorted(MAGAZINE))
def test_magazine_type_in_gives_its_screen(basic, name) -> None:
    program, screen = MAGAZINE[name]
    assert run_screen(basic, program) == screen
