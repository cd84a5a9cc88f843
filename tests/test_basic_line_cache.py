"""FIND_LINE's remembered lines (LCACHE, asm/basic/memory.s) are invisible to programs.

GOTO, GOSUB, RETURN, NEXT, RESTORE and TRAP find their lines through a cache of 16
addresses that is emptied whenever the statement table moves.  Rev. C searches from the
start every time (The Atari BASIC Source Book: GOSUB and FOR entries keep the line
*number* and the statement's offset, and RETURN and NEXT search for it again), so a program
that changes its own lines, or is changed while stopped and CONTinued, must find exactly
the lines Rev. C finds: the first one with that number or a higher one.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.basic_whole_support import WholeBasic, WholeImages

PAGE6 = 0x0600  # where the generated programs record their path (POKE 1536+P, ...)


@pytest.fixture(scope="module")
def images(tmp_path_factory) -> WholeImages:
    return WholeImages(tmp_path_factory.mktemp("basic-line-cache"))


@pytest.fixture
def basic(images) -> WholeBasic:
    return WholeBasic(images)


def enter(basic: WholeBasic, *lines: str) -> None:
    for line in lines:
        basic.type(line, max_frames=3000)


def test_a_program_that_rewrites_its_own_lines_jumps_to_the_new_ones(basic) -> None:
    """The magazine type-ins' way: print lines and CONT on the screen, POKE 842,13 (the
    editor's forced read) and STOP; BASIC reads them back as typed and goes on.  Line 450
    is new, so line 500 and the lines after it move while GOSUB 500, GOTO 600 and the FOR
    of line 70 were remembered at their old places."""
    enter(basic,
          "5 DIM Q$(1):Q$=CHR$(34)",
          "10 GOSUB 500:GOTO 600",
          "20 PRINT CHR$(125):POSITION 2,3",
          '30 ? "450 ? ";Q$;"INSERTED";Q$',
          '40 ? "500 ? ";Q$;"NEW";Q$;":RETURN"',
          '50 ? "CONT":POSITION 2,0',
          "60 POKE 842,13:STOP",
          "70 POKE 842,12:FOR I=1 TO 2:GOSUB 500:NEXT I:GOTO 600",
          '500 ? "OLD":RETURN',
          "600 IF PEEK(1536)=0 THEN POKE 1536,1:GOTO 20",
          '610 ? "END"')
    basic.atari.poke(PAGE6, 0)
    basic.type("RUN", max_frames=3000)
    rows = [row for row in basic.rows() if row and row != "\u2588"]
    assert rows[rows.index("CONT") + 1:] == ["NEW", "NEW", "END", "READY"]
    assert basic.output_of("GOTO 450") == ["INSERTED", "NEW", "ERROR-  16 AT LINE 500"]


def test_lines_changed_while_stopped_are_found_after_cont(basic) -> None:
    enter(basic,
          "10 FOR I=1 TO 3",
          "20 GOSUB 100",
          "30 NEXT I",
          '40 ? "END":END',
          '100 ? "A";I',
          "110 IF I=2 THEN STOP",
          "120 RETURN")
    assert basic.output_of("RUN") == ["A1", "A2", "STOPPED AT LINE 110"]
    enter(basic, '15 ? "NEW 15"', '100 ? "B";I;"B"', '105 ? "INSERTED"')
    assert basic.output_of("CONT") == ["NEW 15", "B3B", "INSERTED", "END"]  # NEXT: on after FOR


def test_return_to_a_deleted_line_and_goto_a_deleted_line_fail_as_on_rev_c(basic) -> None:
    enter(basic, "10 GOSUB 100", '20 ? "BACK":END', "100 STOP", "110 RETURN")
    assert basic.output_of("RUN") == ["STOPPED AT LINE 100"]
    enter(basic, "10")  # the GOSUB's line goes: RETURN cannot find it (error 15)
    assert basic.output_of("CONT") == ["ERROR-  15 AT LINE 110"]
    enter(basic, "10 GOTO 30", "30 STOP", "40 GOTO 30")
    assert basic.output_of("RUN") == ["STOPPED AT LINE 30"]
    enter(basic, "30")  # GOTO 30 remembered, then deleted: error 12
    assert basic.output_of("CONT") == ["ERROR-  12 AT LINE 40"]


def test_restore_and_trap_lines_follow_the_program(basic) -> None:
    enter(basic,
          "10 TRAP 200:RESTORE 300:READ A:? A",
          "20 ? 1/0",
          '200 ? "TRAPPED":STOP',
          "300 DATA 1",
          "310 DATA 2")
    assert basic.output_of("RUN") == ["1", "TRAPPED", "STOPPED AT LINE 200"]
    enter(basic, "250 DATA 5", "300")  # RESTORE 300: the first line from 300 on
    assert basic.output_of("RUN") == ["2", "TRAPPED", "STOPPED AT LINE 200"]


#: line numbers that share FIND_LINE's slots (low EOR high * 2, bits 1-4) and some others
COLLIDING = st.sampled_from([32 * k + 8 for k in range(1, 200)] + [1000 + 256 * k for k in range(8)])
NUMBERS = st.one_of(COLLIDING, st.integers(min_value=2, max_value=31999))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(numbers=st.lists(NUMBERS, min_size=3, max_size=16, unique=True), data=st.data())
def test_generated_jumps_visit_the_lines_in_order(basic, numbers, data) -> None:
    """A chain of lines in random order, each recording its place (POKE 1536+P) and going
    on to the next by GOTO, some calling a subroutine by GOSUB on the way; the chain runs
    twice (a computed GOTO ends it), and again after a line was inserted before them all."""
    subroutines = numbers[: len(numbers) // 3]
    chain = data.draw(st.permutations(numbers[len(subroutines):]))
    calls = [data.draw(st.sampled_from([None, *subroutines])) for _ in chain]
    lines = {1: f"P=0:C=0:GOTO {chain[0]}"}
    expected = []
    for index, number in enumerate(chain):
        text = f"POKE 1536+P,{index}:P=P+1"
        expected.append(index)
        if calls[index] is not None:
            text += f":GOSUB {calls[index]}:POKE 1536+P,{100 + index}:P=P+1"
            expected += [200 + subroutines.index(calls[index]), 100 + index]
        if index + 1 < len(chain):
            text += f":GOTO {chain[index + 1]}"
        else:
            text += f":C=C+1:GOTO {chain[0]}+(C=2)*{32000 - chain[0]}"
        lines[number] = text
    for index, number in enumerate(subroutines):
        lines[number] = f"POKE 1536+P,{200 + index}:P=P+1:RETURN"
    lines[32000] = "END"
    enter(basic, "NEW", *(f"{number} {text}" for number, text in sorted(lines.items())))
    for change in ("", "0 REM A LINE BEFORE ALL THE OTHERS"):
        if change:
            enter(basic, change)
        basic.type("RUN", max_frames=6000)
        assert list(basic.atari.peek_bytes(PAGE6, 2 * len(expected))) == expected * 2, basic.rows()


def test_gosub_to_a_line_above_32767_is_error_12_as_goto(basic) -> None:
    """FIND_LINE takes 32768 and above as the immediate line; GOSUB must not run it."""
    enter(basic, '10 ? "A"', "20 GOSUB 40000")
    assert basic.output_of("RUN") == ["A", "ERROR-  12 AT LINE 20"]
    enter(basic, "20 ON 1 GOSUB 32768")
    assert basic.output_of("RUN") == ["A", "ERROR-  12 AT LINE 20"]
    enter(basic, "20 GOTO 32768")
    assert basic.output_of("RUN") == ["A", "ERROR-  12 AT LINE 20"]
