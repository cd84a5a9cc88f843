"""The host's Atari BASIC tokenizer, lister and SAVE files (host/atari/basic)."""

from __future__ import annotations

import struct

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host.atari.basic import (
    BasicSyntaxError,
    BrokenProgram,
    enter_listing,
    immediate_save_line,
    list_program,
    listing_bytes,
    load_save_bytes,
    tokenize_listing,
)
from host.atari.basic import tokens as T
from host.cli import main as cli_main
from host.errors import SurroundError
from tests.basic_support import CORPUS, STATEMENTS

# Every statement, operator and function token at least once (checked below).


def tokens_of(line: bytes) -> list[int]:
    """Statement and operand tokens of one tokenized line (constants skipped over)."""
    found = []
    position = 3
    while position < len(line):
        following, token = line[position], line[position + 1]
        found.append(("statement", token))
        index = position + 2
        if token in T.RAW_TEXT_STATEMENTS:
            index = following
        while index < following:
            operand = line[index]
            found.append(("operand", operand))
            if operand == T.NUMERIC_CONSTANT:
                index += 7
            elif operand == T.STRING_CONSTANT:
                index += 2 + line[index + 1]
            else:
                index += 1
        position = following
    return found


def test_corpus_uses_every_token_and_round_trips():
    program = enter_listing(CORPUS, "corpus")
    seen = set()
    for line in program.lines.values():
        seen.update(tokens_of(line))
    statements = {token for kind, token in seen if kind == "statement"}
    operands = {token for kind, token in seen if kind == "operand"}
    assert statements == set(range(T.S_ERROR)), set(range(T.S_ERROR)) - statements
    expected_operators = set(range(T.FIRST_OPERATOR, T.LAST_OPERATOR + 1)) - {T.C_DOLLAR}
    assert expected_operators <= operands, expected_operators - operands
    assert set(T.FUNCTION_NAMES) <= operands, set(T.FUNCTION_NAMES) - operands
    listed = list_program(program)
    assert listing_bytes(listed).decode() == CORPUS  # the corpus is written as LIST prints it
    data = program.to_save_bytes('SAVE "D:X"')
    assert tokenize_listing(listing_bytes(listed), immediate='SAVE "D:X"') == data
    assert load_save_bytes(data).to_save_bytes() == data


def test_known_bytes_of_a_small_program():
    data = tokenize_listing('10 A$="HI":PRINT A$;X\n20 GOTO 10\n', immediate='SAVE "D:X"')
    vnt = bytes([0x41, 0x24 | 0x80, 0x58 | 0x80, 0x00])
    vvt = bytes([0x80, 0, 0, 0, 0, 0, 0, 0, 0x00, 1, 0, 0, 0, 0, 0, 0])
    line10 = bytes([10, 0, 18, 12, T.S_ILET, 0x80, T.C_STR_ASSIGN, 0x0F, 2]) + b"HI" + bytes([T.C_EOS])
    line10 += bytes([18, T.S_PRINT, 0x80, T.C_SEMICOLON, 0x81, T.C_EOL])
    line20 = bytes([20, 0, 13, 13, T.S_GOTO, 0x0E, 0x40, 0x10, 0, 0, 0, 0, T.C_EOL])
    immediate = bytes([0x00, 0x80, 0x0B, 0x0B, T.S_SAVE, 0x0F, 0x03]) + b"D:X" + bytes([T.C_EOL])
    body = vnt + vvt + line10 + line20 + immediate
    vntp = 0x100
    header = struct.pack(
        "<7H", 0, vntp, vntp + len(vnt) - 1, vntp + len(vnt), vntp + len(vnt) + len(vvt),
        vntp + len(vnt) + len(vvt) + len(line10) + len(line20), vntp + len(body),
    )
    assert data == header + body


@pytest.mark.parametrize(
    ("typed", "listed"),
    [
        ("10 GR.0", "10 GRAPHICS 0"),
        ("10 ?1", "10 ? 1"),
        ("10 L.", "10 LIST "),
        ("10 . A NOTE", "10 REM A NOTE"),
        ("10 GO TO 20", "10 GO TO 20"),
        ("10 G.20", "10 GOTO 20"),
        ("10 POS.1,2:SE.1,2,3:DR.3,4", "10 POSITION 1,2:SETCOLOR 1,2,3:DRAWTO 3,4"),
        ("10 PRINTX", "10 PRINT X"),
        ("10   A = 1 : B=2", "10 A=1:B=2"),
        ('10 PRINT "OPEN', '10 PRINT "OPEN"'),
        ("10 A=007.50", "10 A=7.5"),
        ("10 IF A THEN B=1", "10 IF A THEN B=1"),
    ],
)
def test_abbreviations_and_canonical_listing(typed, listed):
    assert list_program(enter_listing(typed)) == [listed]


def test_operator_tokens_depend_on_context():
    line = enter_listing('10 IF A$="Y" AND A=1 THEN B$="N":C(1)=D$(2,3)="Z"').lines[10]
    ops = [token for kind, token in tokens_of(line) if kind == "operand"]
    assert T.C_SEQ in ops and T.C_EQ in ops and T.C_STR_ASSIGN in ops and T.C_NUM_ASSIGN in ops
    assert T.C_ARRAY_LPAREN in ops and T.C_STR_LPAREN in ops and T.C_ARRAY_COMMA in ops
    dims = enter_listing("10 DIM A(2,3),B$(4)").lines[10]
    ops = [token for kind, token in tokens_of(dims) if kind == "operand"]
    assert ops.count(T.C_DIM_LPAREN) == 1 and ops.count(T.C_DIMSTR_LPAREN) == 1


def test_variables_are_numbered_in_order_of_appearance_and_typed_in_the_tables():
    program = enter_listing("10 B=1:A$=\"\":DIM C(2)\n5 Z=B")
    assert program.variables.names == ["B", "A$", "C(", "Z"]
    assert program.vnt_bytes() == bytes([0xC2, 0x41, 0xA4, 0x43, 0xA8, 0xDA, 0x00])
    assert program.vvt_bytes()[0::8] == bytes([0x00, 0x80, 0x40, 0x00])
    assert program.vvt_bytes()[1::8] == bytes([0, 1, 2, 3])


def test_lines_are_sorted_replaced_and_deleted_as_enter_does():
    program = enter_listing("30 A=3\n10 A=1\n20 A=2\n20 A=22\n30\n")
    assert list_program(program) == ["10 A=1", "20 A=22"]


def test_atascii_listing_gives_the_same_program():
    text = "10 PRINT \"HI\"\n20 GOTO 10\n"
    atascii = text.replace("\n", "\x9b").encode("latin-1")
    assert tokenize_listing(atascii) == tokenize_listing(text)
    assert tokenize_listing(text.replace("\n", "\r\n")) == tokenize_listing(text)


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        ("10 PRINT A B", 10, 12),
        ("20 FOR I=1 TOO 5", 20, 16),
        ("30 A=(1+2", 30, 10),
        ("40 IF A THEN", 40, 13),
        ("50 DIM A", 50, 9),
        ("60 A=1E99", 60, 6),
        ("70 NEXT", 70, 8),
        ("80 a=1", 80, 4),
        ("90 INPUT Z(1)", 90, 11),      # INPUT and READ: plain variables only
        ("100 READ A,B$(2)", 100, 14),
    ],
)
def test_syntax_errors_name_line_and_column(text, line, column):
    with pytest.raises(BasicSyntaxError) as caught:
        enter_listing(text, "prog.lst")
    assert (caught.value.line_number, caught.value.column) == (line, column)
    assert str(caught.value).startswith(f"prog.lst: line {line}, column {column}:")


def test_limits_line_length_line_number_variables():
    with pytest.raises(BasicSyntaxError, match="at most 120"):
        enter_listing("10 REM " + "X" * 120)
    with pytest.raises(BasicSyntaxError, match="above 32767"):
        enter_listing("32768 END")
    names = [f"V{number}" for number in range(129)]
    listing = "\n".join(f"{10 + number} {name}=1" for number, name in enumerate(names))
    with pytest.raises(BasicSyntaxError, match="too many variables"):
        enter_listing(listing)


def test_immediate_line_default_and_from_target_name():
    assert immediate_save_line("build/surround.bas") == 'SAVE "D:SURROUND.BAS"'
    data = tokenize_listing("10 END", immediate='SAVE "D:SURROUND.BAS"')
    stmcur = struct.unpack("<7H", data[:14])[5]
    assert data[14 + stmcur - 0x100:] == (
        bytes([0, 0x80, 22, 22, T.S_SAVE, 0x0F, 14]) + b"D:SURROUND.BAS" + bytes([0x16])
    )


# --- broken files ---------------------------------------------------------------------------


def _valid_file() -> bytes:
    return tokenize_listing(CORPUS)


@pytest.mark.parametrize(
    ("mangle", "message"),
    [
        (lambda data: data[:10], "too short"),
        (lambda data: b"\x01" + data[1:], "not an Atari BASIC SAVE file"),
        (lambda data: data[:-1], "header describes"),
        (lambda data: data + b"\x00", "header describes"),
    ],
)
def test_broken_files_give_clear_messages(mangle, message):
    with pytest.raises(BrokenProgram, match=message) as caught:
        load_save_bytes(mangle(_valid_file()), "x.bas")
    assert str(caught.value).startswith("x.bas: ")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400))
def test_fuzz_random_bytes_never_crash(data):
    try:
        load_save_bytes(data, "fuzz.bas")
    except BrokenProgram as error:
        assert str(error).startswith("fuzz.bas: ")


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fuzz_corrupted_files_load_exactly_or_fail_clearly(data):
    original = bytearray(_valid_file())
    for _ in range(data.draw(st.integers(1, 4))):
        index = data.draw(st.integers(0, len(original) - 1))
        original[index] = data.draw(st.integers(0, 255))
    try:
        program = load_save_bytes(bytes(original), "fuzz.bas")
    except BrokenProgram as error:
        assert str(error).startswith("fuzz.bas: ")
        return
    assert program.to_save_bytes() == bytes(original)
    list_program(program)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZ$(),:;"=+-*/<>.#?^', max_size=60))
def test_fuzz_random_lines_are_tokenized_or_refused_clearly(text):
    try:
        program = enter_listing("10 " + text)
    except BasicSyntaxError as error:
        assert "line 10, column" in str(error) or "immediate line" in str(error)
        return
    listed = list_program(program)
    again = enter_listing("\n".join(listed), max_characters=255)
    assert again.to_save_bytes() == program.to_save_bytes()


# --- generated programs (tests/basic_support.py) ---

@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.integers(0, 32767), st.lists(STATEMENTS, min_size=1, max_size=3), min_size=1, max_size=6))
def test_generated_programs_round_trip(program_lines):
    """ENTER of a listing in line order, SAVE, LOAD, LIST, ENTER again: the same bytes."""
    lines = []
    for number, body in sorted(program_lines.items()):
        rem = [statement for statement in body if statement.startswith("REM")]
        others = [statement for statement in body if not statement.startswith("REM")]
        text = f"{number} " + ":".join(others + rem[:1])
        if len(text) <= 120:
            lines.append(text)
    if not lines:
        return
    program = enter_listing("\n".join(lines))
    data = program.to_save_bytes()
    listed = list_program(program)
    # LIST spells out abbreviations and blanks, so a listed line may pass 120 characters
    assert tokenize_listing(listing_bytes(listed), max_characters=255) == data
    assert list_program(load_save_bytes(data)) == listed


# --- the command line -----------------------------------------------------------------------


def test_cli_tokenize_and_list(tmp_path, capsys):
    listing = tmp_path / "game.lst"
    listing.write_text('10 PRINT "HELLO"\n20 GOTO 10\n')
    target = tmp_path / "game.bas"
    assert cli_main(["basic", "tokenize", str(listing), "-o", str(target)]) == 0
    assert target.read_bytes() == tokenize_listing(listing.read_bytes(), immediate='SAVE "D:GAME.BAS"')
    capsys.readouterr()
    assert cli_main(["basic", "list", str(target)]) == 0
    assert capsys.readouterr().out == '10 PRINT "HELLO"\n20 GOTO 10\n'
    atascii = tmp_path / "game.atl"
    assert cli_main(["basic", "list", str(target), "-o", str(atascii), "--atascii"]) == 0
    assert atascii.read_bytes() == b'10 PRINT "HELLO"\x9b20 GOTO 10\x9b'


def test_cli_errors_are_one_clear_line(tmp_path, capsys):
    bad = tmp_path / "bad.lst"
    bad.write_text("10 PRINT (\n")
    assert cli_main(["basic", "tokenize", str(bad), "-o", str(tmp_path / "bad.bas")]) == 2
    assert f"{bad}: line 10, column 11: syntax error" in capsys.readouterr().err
    assert not (tmp_path / "bad.bas").exists()
    broken = tmp_path / "broken.bas"
    broken.write_bytes(b"\x00\x00\x00\x01")
    assert cli_main(["basic", "list", str(broken)]) == 2
    assert f"{broken}: 4 bytes, too short" in capsys.readouterr().err


def test_cli_hands_everything_else_to_the_runner(capsys):
    assert cli_main(["basic", "--frontend", "headless", "--frames", "100", "--screen"]) == 0
    assert "READY" in capsys.readouterr().out


def test_basic_help_is_one_usage_that_names_the_tools(capsys):
    with pytest.raises(SystemExit) as stop:
        cli_main(["basic", "--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert out.count("usage:") == 1
    assert "tokenize" in out and "--frontend" in out


def test_surround_error_is_the_base():
    assert issubclass(BasicSyntaxError, SurroundError) and issubclass(BrokenProgram, SurroundError)
