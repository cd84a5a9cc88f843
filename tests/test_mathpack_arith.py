"""The math pack's arithmetic in 6502 (asm/os/mp_arith.s, mp_normal.s, mp_poly.s,
mp_explog.s) against the Python model host/atari/fp.py, byte for byte.

Each entry point is called on the bare CPU (tests/mathpack_support.py) with FR0/FR1 set;
FR0 and the carry must equal the model's (for FMUL/FDIV also FR0 on errors: the model's
mul_raw/div_raw say what the original leaves there).  Known values name their source.
Set MATHPACK_ROM and MATHPACK_MAP to test an OS image built elsewhere (e.g. while the
rest of the OS does not assemble).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from host.atari import fp
from host.toolchain.assembler import label_map
from tests.fp_support import numbers  # normalised numbers (runs of 0s and 9s)
from tests.mathpack_support import MathPackImages, MathPackMachine, math_pack_images

FR0, FR1 = 0xD4, 0xE0

#: What FADD/FSUB/FMUL/FDIV may write: FR0 FRE FR1 FR2 FRX EEXP FRSIGN ($D4-$EE),
#: ZTEMP1/4/3 ($F5-$FA) and the stack (return addresses).  Not PLYCNT/SGNFLG/XFMFLG
#: ($EF-$F1: PLYEVL, EXP10 and LOG keep their state there), CIX/INBUFF, DEGFLG,
#: FLPTR/FPTR2, nor LBUFF/PLYARG/FPSCR/FPSCR1.
ARITH_WRITES = set(range(0xD4, 0xEF)) | set(range(0xF5, 0xFB)) | set(range(0x0100, 0x0200))


def _images() -> MathPackImages:
    rom, labels = os.environ.get("MATHPACK_ROM"), os.environ.get("MATHPACK_MAP")
    if rom and labels:
        return MathPackImages(Path(rom).read_bytes(), label_map(Path(labels)))
    return math_pack_images()


@pytest.fixture(scope="module")
def machine() -> MathPackMachine:
    return MathPackMachine(_images())  # an OS that does not assemble fails here (no skip)


def num(text: str) -> bytes:
    return fp.from_decimal(text)


def run(machine: MathPackMachine, name: str, x: bytes, y: bytes | None = None):
    machine.fr0 = x
    if y is not None:
        machine.fr1 = y
    return machine.call(name)


def expected(name: str, x: bytes, y: bytes) -> tuple[bytes | None, bool]:
    """(FR0, carry) as the model says; FR0 None where only the carry is compared."""
    if name == "FMUL":
        return fp.mul_raw(x, y)
    if name == "FDIV":
        return fp.div_raw(x, y) if y[0] else (None, True)
    try:
        return {"FADD": fp.add, "FSUB": fp.sub}[name](x, y), False
    except fp.FPError:
        return None, True


def check(machine: MathPackMachine, name: str, x: bytes, y: bytes) -> None:
    result = run(machine, name, x, y)
    want, carry = expected(name, x, y)
    assert not result.p & 0x08, "returned in decimal mode"
    assert result.carry == carry, (name, x.hex(), y.hex())
    if want is not None:
        assert result.fr0.hex() == want.hex(), (name, x.hex(), y.hex())


# -- strategies -------------------------------------------------------------------------


@st.composite
def pairs(draw: st.DrawFn) -> tuple[bytes, bytes]:
    """Two numbers, mostly with exponents a few apart (where the digits interact)."""
    x = draw(numbers())
    y = draw(numbers())
    if x[0] and y[0] and draw(st.integers(0, 3)):
        exponent = min(max((x[0] & 0x7F) + draw(st.integers(-5, 5)), fp.MIN_EXP), fp.MAX_EXP)
        y = bytes([(y[0] & 0x80) | exponent]) + y[1:]
    return x, y


EDGES = [fp.ZERO, num("1E-98"), num("-1E-98"), num("9.999999999E97"), num("-9.999999999E97"),
         num("1"), num("-1"), num("0.01"), num("99.99999999"), num("9999999999"),
         num("1.000000001"), num("0.9999999999"), num("3.14159265"), num("-2.71828182"),
         num("1E-49"), num("1E49"), num("1E50"), num("1E-50")]

SETTINGS = settings(max_examples=2000, deadline=None, suppress_health_check=list(HealthCheck))


# -- the four operations ------------------------------------------------------------------


@pytest.mark.parametrize("name", ["FADD", "FSUB", "FMUL", "FDIV"])
def test_edge_cases(machine: MathPackMachine, name: str) -> None:
    for x in EDGES:
        for y in EDGES:
            check(machine, name, x, y)


@pytest.mark.parametrize("name", ["FADD", "FSUB"])
@SETTINGS
@given(operands=pairs())
@example(operands=(num("0.1"), num("0.2")))
@example(operands=(num("9999999999"), num("1")))  # a carry across all ten digits
@example(operands=(num("1"), num("-0.9999999999")))  # a borrow across all ten digits
def test_fadd_fsub(machine: MathPackMachine, name: str, operands: tuple[bytes, bytes]) -> None:
    check(machine, name, *operands)


@SETTINGS
@given(operands=pairs())
# FMUL recodes the multiplier's digits 6..9 as negative ones with a carry (mp_normal.s):
# carries through every digit, digits 5 and 6 (the edges of the recoding), a carry left
# after the first byte, and the smallest/largest mantissas
@example(operands=(num("9999999999"), num("9999999999")))
@example(operands=(num("1.000000001"), num("9999999999")))
@example(operands=(num("5555555555"), num("6666666666")))
@example(operands=(num("6666666666"), num("5555555555")))
@example(operands=(num("-4.999999995"), num("9.595959596")))
@example(operands=(num("1"), num("-9.900000001")))
@example(operands=(num("0.01"), num("99.99999999")))
def test_fmul(machine: MathPackMachine, operands: tuple[bytes, bytes]) -> None:
    check(machine, "FMUL", *operands)


@settings(SETTINGS, max_examples=1200)
@given(operands=pairs())
# quotient digits 0 and 9 (the longest runs of subtractions and additions), a first
# quotient byte of 99, equal mantissas
@example(operands=(num("9999999999"), num("1.000000001")))
@example(operands=(num("1"), num("9.999999999")))
@example(operands=(num("99.99999999"), num("1")))
@example(operands=(num("-3.14159265"), num("3.14159265")))
@example(operands=(num("1.000000001"), num("9.000000009")))
def test_fdiv(machine: MathPackMachine, operands: tuple[bytes, bytes]) -> None:
    check(machine, "FDIV", *operands)


def test_fmul_fdiv_cycles(machine: MathPackMachine) -> None:
    """FMUL and FDIV stay about as fast as they are on host/bench/fp.py's operands (both
    orders): about 2,800 and 5,050 cycles a call on average (before the recoded FMUL and
    FDIV's one call per digit: 4,483 and 7,077)."""
    from host.bench.fp import PAIRS
    for name, limit in (("FMUL", 2900), ("FDIV", 5200)):
        cycles = []
        for a, b in PAIRS:
            for x, y in ((num(a), num(b)), (num(b), num(a))):
                cycles.append(run(machine, name, x, y).cycles)
        assert sum(cycles) / len(cycles) <= limit, (name, sum(cycles) / len(cycles))


@pytest.mark.parametrize(
    "name, x, y, result",
    [
        # exact decimal arithmetic where the digits fit (Atari OS User's Manual: BCD)
        ("FADD", "0.1", "0.2", "0.3"),
        ("FSUB", "1", "0.9", "0.1"),
        # Altirra's math pack tests, run against the original ROM (tests/test_atari_fp.py)
        ("FADD", "1", "-0.00000001", "0.99999999"),
        ("FADD", "9999999999", "1", "10000000000"),
        ("FADD", "1", "0.000000009999999999", "1"),
        ("FADD", "-99", "-1", "-100"),
        ("FMUL", "1.11111111", "1.11111111", "1.23456789"),
        ("FMUL", "3.14159265", "3.14159265", "9.86960437"),
        ("FDIV", "2", "3", "0.6666666666"),
        ("FDIV", "1", "3.14159265", "3.183098865E-01"),
        ("FDIV", "1E-98", "1", "1E-98"),
    ],
)
def test_known_values(machine: MathPackMachine, name: str, x: str, y: str, result: str) -> None:
    outcome = run(machine, name, num(x), num(y))
    assert not outcome.carry
    assert outcome.fr0 == num(result)


@pytest.mark.parametrize(
    "name, x, y",
    [
        ("FADD", "9.999999999E97", "9.999999999E97"),  # overflow
        ("FSUB", "-9.999999999E97", "9.999999999E97"),
        ("FMUL", "1E50", "1E50"),
        ("FMUL", "1E-98", "1E-98"),  # the listing's FMUL: an exponent below 0 is an error
        ("FDIV", "1", "0"),  # division by zero
        ("FDIV", "1E90", "1E-90"),
        ("FDIV", "1E-90", "1E90"),
    ],
)
def test_errors_set_the_carry(machine: MathPackMachine, name: str, x: str, y: str) -> None:
    assert run(machine, name, num(x), num(y)).carry


def test_underflow_is_zero(machine: MathPackMachine) -> None:
    outcome = run(machine, "FMUL", num("1E-50"), num("1E-50"))
    assert not outcome.carry and outcome.fr0 == fp.ZERO
    outcome = run(machine, "FSUB", num("1.0002E-98"), num("1.0001E-98"))
    assert not outcome.carry and outcome.fr0 == fp.ZERO


@pytest.mark.parametrize("name", ["FADD", "FSUB", "FMUL", "FDIV"])
def test_writes_only_the_work_areas(machine: MathPackMachine, name: str) -> None:
    for x, y in [(num("123.4567891"), num("-0.009876543219")), (num("-5"), num("7.25")),
                 (num("9.999999999E97"), num("9.999999999E97"))]:
        machine.fr0, machine.fr1 = x, y
        outcome = machine.call(name, record_writes=True)
        assert outcome.writes <= ARITH_WRITES, sorted(hex(a) for a in outcome.writes - ARITH_WRITES)


# -- NORMALIZE, PLYEVL and the functions ----------------------------------------------------


def test_normalize(machine: MathPackMachine) -> None:
    machine.fr0 = bytes([0x42, 0x00, 0x00, 0x12, 0x34, 0x56])
    machine.poke(0xDA, 0x99)  # NORMALIZE clears FRE first: zeros shift in
    assert not machine.call("NORMALIZE").carry
    assert machine.fr0 == bytes([0x40, 0x12, 0x34, 0x56, 0x00, 0x00])
    machine.fr0 = bytes([0x41, 0, 0, 0, 0, 0])
    machine.call("NORMALIZE")
    assert machine.fr0 == fp.ZERO


def _needs(machine: MathPackMachine, *names: str) -> None:
    missing = [name for name in names if name.lower() not in machine.labels]
    assert not missing, f"the math pack has no {', '.join(missing)}"


@SETTINGS
@given(x=numbers(min_exp=0x3D, max_exp=0x41))
def test_plyevl(machine: MathPackMachine, x: bytes) -> None:
    _needs(machine, "FST0R", "FLD0R", "FLD1R", "FMOVE")
    table = 0x0600  # the coefficients in RAM: LGCOEF's ten
    machine.poke_bytes(table, b"".join(fp.LGCOEF))
    machine.fr0 = x
    outcome = machine.call("PLYEVL", a=len(fp.LGCOEF), x=table & 0xFF, y=table >> 8)
    try:
        want, carry = fp.plyevl(x, fp.LGCOEF), False
    except fp.FPError:
        want, carry = None, True
    assert outcome.carry == carry
    if not carry:
        assert outcome.fr0 == want


def test_tables_are_where_basic_reads_them(machine: MathPackMachine) -> None:
    # Mapping the Atari / the published OS listing: P10COF $DE4D, LOG10E $DE89,
    # FONE $DE8F, SQR10 $DF66, FHALF $DF6C, LGCOEF $DF72, ATCOEF $DFAE, FP9S $DFEA,
    # PIOV4 $DFF0
    assert machine.peek_bytes(0xDE4D, 60) == b"".join(fp.P10COF)
    assert machine.peek_bytes(0xDE89, 6) == fp.LOG10E
    assert machine.peek_bytes(0xDE8F, 6) == fp.FONE
    assert machine.peek_bytes(0xDF66, 6) == fp.SQR10
    assert machine.peek_bytes(0xDF6C, 6) == fp.FHALF
    assert machine.peek_bytes(0xDF72, 60) == b"".join(fp.LGCOEF)
    assert machine.peek_bytes(0xDFAE, 6) == bytes([0x3E, 0x16, 0x05, 0x44, 0x49, 0x00])
    assert machine.peek_bytes(0xDFEA, 6) == bytes([0x3F, 0x99, 0x99, 0x99, 0x99, 0x99])
    assert machine.peek_bytes(0xDFF0, 6) == bytes([0x3F, 0x78, 0x53, 0x98, 0x16, 0x34])


FUNCTIONS = {"EXP": fp.exp, "EXP10": fp.exp10, "LOG": fp.log, "LOG10": fp.log10}


def check_function(machine: MathPackMachine, name: str, x: bytes) -> None:
    outcome = run(machine, name, x)
    assert not outcome.p & 0x08, "returned in decimal mode"
    try:
        want, carry = FUNCTIONS[name](x), False
    except fp.FPError:
        want, carry = None, True
    assert outcome.carry == carry, (name, x.hex())
    if not carry:
        assert outcome.fr0.hex() == want.hex(), (name, x.hex())


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
@settings(SETTINGS, max_examples=250)
@given(x=numbers(min_exp=0x3C, max_exp=0x42))
@example(x=fp.ZERO)
@example(x=num("1"))
@example(x=num("-1"))
@example(x=num("2.7"))  # EXP10 rounds: 3 - 0.3
@example(x=num("99.5"))
@example(x=num("-120"))  # 10^120 overflows in FMUL; 1 / that underflows to 0
@example(x=num("127.4"))
@example(x=num("127.5"))
@example(x=num("1E-98"))
@example(x=num("9.999999999E97"))
def test_functions(machine: MathPackMachine, name: str, x: bytes) -> None:
    _needs(machine, "FPI", "IFP", "FST0R", "FLD0R", "FLD1R", "FMOVE")
    check_function(machine, name, x)


@pytest.mark.parametrize(
    "name, x, shown",
    [  # the model's values from the published coefficients (tests/test_atari_fp.py)
        ("EXP", "1", "2.71828179"),
        ("EXP", "0", "0.9999999998"),
        ("EXP10", "2", "99.99999998"),
        ("LOG10", "100", "2"),
        ("LOG10", "1E50", "50"),
        ("LOG", "10", "2.30258509"),
    ],
)
def test_function_known_values(machine: MathPackMachine, name: str, x: str, shown: str) -> None:
    _needs(machine, "FPI", "IFP", "FST0R", "FLD0R", "FLD1R", "FMOVE")
    outcome = run(machine, name, num(x))
    assert not outcome.carry
    assert fp.to_text(outcome.fr0) == shown


@pytest.mark.parametrize("name, x", [("LOG", "0"), ("LOG", "-1"), ("LOG10", "-1E-98"), ("EXP", "300"),
                                     ("EXP10", "128"), ("EXP10", "99")])
def test_function_errors(machine: MathPackMachine, name: str, x: str) -> None:
    _needs(machine, "FPI", "IFP", "FST0R", "FLD0R", "FLD1R", "FMOVE")
    assert run(machine, name, num(x)).carry


#: What PLYEVL, EXP, EXP10, LOG and LOG10 may write besides ARITH_WRITES: PLYCNT,
#: SGNFLG, XFMFLG ($EF-$F1), FLPTR and FPTR2 ($FC-$FF), PLYARG and FPSCR ($05E0-$05EB)
#: (the published listing's use; not CIX/INBUFF, DEGFLG, LBUFF's text or FPSCR1).
FUNCTION_WRITES = ARITH_WRITES | {0xEF, 0xF0, 0xF1, 0xFC, 0xFD, 0xFE, 0xFF} | set(range(0x05E0, 0x05EC))


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_functions_write_only_their_work_areas(machine: MathPackMachine, name: str) -> None:
    _needs(machine, "FPI", "IFP", "FST0R", "FLD0R", "FLD1R", "FMOVE")
    for x in (num("2.5"), num("-0.75"), num("123.456789"), num("1E-40")):
        machine.fr0 = x
        outcome = machine.call(name, record_writes=True)
        assert outcome.writes <= FUNCTION_WRITES, sorted(hex(a) for a in outcome.writes - FUNCTION_WRITES)
