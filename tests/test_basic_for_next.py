"""FOR/NEXT as Atari BASIC Rev. C runs it (Atari BASIC Reference Manual, FOR; The Atari BASIC
Source Book, XFOR/XNEXT): the body runs at least once; NEXT adds the step and loops back
unless the variable has passed the limit, beyond it in the direction of the step's sign.
NEXT compares the variable with the limit in place on the run-time stack (asm/basic/
stmt_flow.s); generated loops with every sign of start, limit and step check it against
this model.  Starts, limits and steps are multiples of 1/4, exact in BCD and in binary."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.basic_whole_support import WholeBasic, WholeImages


@pytest.fixture(scope="module")
def images(tmp_path_factory) -> WholeImages:
    return WholeImages(tmp_path_factory.mktemp("basic-for-next"))


@pytest.fixture
def basic(images) -> WholeBasic:
    return WholeBasic(images)


def model(start: Fraction, limit: Fraction, step: Fraction) -> tuple[int, Fraction]:
    """(times the body runs, the variable after the loop)."""
    value, count = start, 0
    while True:
        count += 1
        value += step
        if (value < limit) if step < 0 else (value > limit):
            return count, value


def text(value: Fraction) -> str:
    """A multiple of 1/4 as PRINT shows it (0.5, -1.25, 3)."""
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


QUARTERS = st.integers(min_value=-40, max_value=40).map(lambda n: Fraction(n, 4))
STEPS = st.integers(min_value=-12, max_value=12).filter(lambda n: n != 0).map(lambda n: Fraction(n, 4))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(loops=st.lists(st.tuples(QUARTERS, QUARTERS, STEPS), min_size=1, max_size=4))
def test_generated_loops_run_as_the_model_says(basic, loops) -> None:
    lines = [f"{10 * (n + 1)} N=0:FOR I={text(a)} TO {text(b)} STEP {text(s)}:N=N+1:NEXT I:? N;\" \";I"
             for n, (a, b, s) in enumerate(loops)]
    for line in ["NEW", *lines]:
        basic.type(line, max_frames=3000)
    expected = []
    for start, limit, step in loops:
        count, value = model(start, limit, step)
        expected.append(f"{count} {text(value)}")
    assert basic.output_of("RUN") == expected


def test_nested_loops_and_next_of_an_outer_loop(basic) -> None:
    for line in ("10 FOR I=3 TO 1 STEP -1:FOR J=1 TO 2", "20 ? I;J;\" \";", "30 NEXT J:NEXT I:?",
                 "40 FOR I=1 TO 2:FOR J=1 TO 5:NEXT I:? J", "50 NEXT J"):
        basic.type(line)
    assert basic.output_of("RUN") == ["31 32 21 22 11 12", "1", "ERROR-  13 AT LINE 50"]


def test_next_past_the_largest_number_is_error_11(basic) -> None:
    basic.type("10 FOR I=9E97 TO 9.9E97 STEP 9E97:NEXT I")
    assert basic.output_of("RUN") == ["ERROR-  11 AT LINE 10"]
