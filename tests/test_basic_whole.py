"""The whole free BASIC, editor and runtime together (the product's cartridge, built from
source by tests/basic_whole_support.py): typed programs run, and the editor's statements work in
programs.  Expected output from the Atari BASIC Reference Manual."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.basic_support import LINE_PIECES, check_pointers
from tests.basic_whole_support import WholeBasic, WholeImages


@pytest.fixture(scope="module")
def images(tmp_path_factory) -> WholeImages:
    return WholeImages(tmp_path_factory.mktemp("basic-whole"))


@pytest.fixture
def basic(images) -> WholeBasic:
    return WholeBasic(images)


def run(basic: WholeBasic, *lines: str) -> list[str]:
    for line in lines:
        basic.type(line, max_frames=3000)
    return basic.output_of("RUN")


def test_a_typed_program_runs(basic) -> None:
    assert run(basic, '10 FOR I=1 TO 3:PRINT I;" ";:NEXT I', '20 PRINT "DONE"') == ["1 2 3 DONE"]


def test_immediate_lines_run_and_errors_name_the_line(basic) -> None:
    assert basic.output_of("PRINT 1+2*3") == ["7"]
    assert run(basic, '10 A$="HI"') == ["ERROR-  9 AT LINE 10"]  # A$ not DIMensioned
    basic.type("10 DIM A$(5):A$=\"HI\":PRINT A$;LEN(A$)")
    assert basic.output_of("RUN") == ["HI2"]


def test_list_after_run_and_a_replaced_line(basic) -> None:
    run(basic, "10 X=5", "20 PRINT X*2")
    basic.type("20 PRINT X*3")
    assert basic.output_of("LIST") == ["10 X=5", "20 PRINT X*3"]
    assert basic.output_of("RUN") == ["15"]


def test_a_syntax_error_line_stops_the_program(basic) -> None:
    basic.type("10 PRINT 1")
    basic.type("20 PRUNT 2")
    assert run(basic) == ["1", "ERROR-  17 AT LINE 20"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(st.tuples(st.sampled_from(["", "10 ", "20 "]), st.lists(LINE_PIECES, min_size=1, max_size=10)),
                      min_size=1, max_size=6))
def test_fuzzed_lines_run_or_fail_but_never_jam(basic, lines) -> None:
    """Random lines, numbered or run at once by the real runtime: BASIC always comes back to
    READY (a loop is stopped with BREAK) and its tables stay in order."""
    for prefix, pieces in lines:
        line = (prefix + "".join(pieces))[:100]
        basic.atari.type_text(line)
        basic.atari.type_text("\n", max_frames_per_key=600)
        basic.atari.run_frames(2)
        if not basic.atari.machine.run_until_idle(300):
            basic.atari.machine.pokey.press_break()
            assert basic.atari.machine.run_until_idle(300), f"no READY after BREAK: {line!r}"
        check_pointers(basic)
