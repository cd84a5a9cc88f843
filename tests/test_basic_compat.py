"""Compatibility of the free BASIC with Atari BASIC Rev. C, program by program (issue 19).

Each case is a short program typed into the product cartridge (tests/basic_whole.py, on our
OS with its 6502 math pack) and the screen the manuals say it gives: the Atari BASIC
Reference Manual (statements, functions, error numbers in Appendix B), Mapping the Atari
(the BASIC zero page: TRAPLN 188-189, PTABW 201) and The Atari BASIC Source Book.
"""

from __future__ import annotations

import pytest

from tests.basic_whole import WholeBasic, WholeImages


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
