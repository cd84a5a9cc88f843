"""The math pack's conversions and moves in 6502 (asm/os/mp_convert.s, mp_scan.s,
mp_move.s) against the Python model (host/atari/fp.py), byte for byte.

Each routine is called in the emulator on the bare CPU (tests/mathpack_support.py)
with our OS built from source.  Known values name their source: "listing" is the
published OS source listing (Atari, 1984: AFP, FASC, IFP, FPI, ZFR0 ...), "Altirra"
the math pack notes and tests of the Altirra emulator (run against the original ROM),
"Manual" the Atari OS User's Manual's floating point chapter.
"""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from host.atari import fp
from tests.mathpack_support import CIX, FLPTR, FR0, FR1, INBUFF, LBUFF, MathPackMachine

SETTINGS = settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: Where each routine may write besides the stack: what the original writes for it
#: (listing; Altirra's table of the math pack's memory use).  Ours writes a subset.
AFP_AREA = {*range(0xD4, 0xDA), 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, CIX}
FASC_AREA = {*range(LBUFF - 2, LBUFF + 16), INBUFF, INBUFF + 1, 0xED, 0xF2, 0xF7}
IFP_AREA = {*range(0xD4, 0xDB), 0xF7, 0xF8}
FPI_AREA = {*range(0xD4, 0xDA), 0xEC, 0xF5, 0xF6, 0xF7, 0xF8, 0xF9, 0xFA}


@pytest.fixture(scope="module")
def machine() -> MathPackMachine:
    return MathPackMachine()


def value(text: str) -> bytes:
    """The number a decimal literal stands for (ten digits where they fit)."""
    return fp.from_decimal(Decimal(text))


def writes_outside(result, area: set[int]) -> list[int]:
    return sorted(a for a in result.writes if a not in area and not 0x100 <= a < 0x200)


def bcd(pair: int) -> int:
    return (pair // 10) << 4 | pair % 10


@st.composite
def numbers(draw, min_exp: int = fp.MIN_EXP, max_exp: int = fp.MAX_EXP) -> bytes:
    """Valid normalised numbers, zero included; mantissas with runs of 0s and 9s."""
    if draw(st.integers(0, 30)) == 0:
        return fp.ZERO
    sign = draw(st.sampled_from([0, 0x80]))
    exponent = draw(st.integers(min_exp, max_exp))
    length = draw(st.integers(1, 5))
    filler = draw(st.sampled_from([0, 0, 99]))
    mantissa = [draw(st.integers(1, 99))] + [draw(st.integers(0, 99)) for _ in range(length - 1)]
    mantissa += [filler] * (5 - length)
    return bytes([sign | exponent, *map(bcd, mantissa)])


# -- the entry points -----------------------------------------------------------------


def test_entry_points_are_where_programs_call_them(machine: MathPackMachine) -> None:
    # Manual / Mapping the Atari (host.atari.fp.ENTRY_POINTS); Altirra's notes for the
    # undocumented ones programs call: ZFL, LDBUFA, SHL16 (MAC/65), SKPSPC, ISDIGT
    documented = {name: fp.ENTRY_POINTS[name] for name in (
        "AFP", "FASC", "IFP", "FPI", "ZFR0", "ZF1", "FLD0R", "FLD0P", "FLD1R", "FLD1P",
        "FST0R", "FST0P", "FMOVE")}
    documented.update(ZFL=0xDA48, LDBUFA=0xDA51, SHL16=0xDA5A, SKPSPC=0xDBA1, ISDIGT=0xDBAF)
    for name, address in documented.items():
        assert machine.address(name) == address, name


# -- AFP ------------------------------------------------------------------------------


def run_afp(machine: MathPackMachine, text: bytes | str, start: int = 0, record: bool = False):
    machine.fr0 = bytes([0xA5] * 6)
    machine.set_text(text, cix=start)
    return machine.call("AFP", record_writes=record)


def check_afp(machine: MathPackMachine, text: bytes | str, start: int = 0) -> None:
    result = run_afp(machine, text, start, record=True)
    assert writes_outside(result, AFP_AREA) == []
    try:
        expected, end = fp.from_text(text, start)
    except fp.FPSyntaxError as error:
        assert result.carry, text
        assert machine.cix == error.index, text
        assert machine.fr0 == bytes([0xA5] * 6), "FR0 changed by a failed AFP"
        return
    except fp.FPOverflow as error:
        assert result.carry, text
        assert machine.cix == error.index, text
        return
    assert not result.carry, text
    assert (machine.fr0.hex(), machine.cix) == (expected.hex(), end), text


@pytest.mark.parametrize(
    "text, start, encoded, end",
    [
        ("1", 0, "400100000000", 1),  # Manual: 1 is 40 01 00 00 00 00
        ("-1", 0, "c00100000000", 2),
        ("0.5", 0, "3f5000000000", 3),
        ("  -1.5E+3XYZ", 0, "c11500000000", 9),  # leading blanks, sign, exponent
        ("X=12,", 2, "401200000000", 4),
        ("1E-98", 0, "0f0100000000", 5),
        ("9.99999999E97", 0, "709999999990", 13),
        # Altirra: "Only up to 9 significant digits are parsed ... 000000123456789100 is
        # parsed as 123456789000"; the listing shifts digits in only while FR0+1 is zero
        ("000000123456789100", 0, "451234567890", 18),
        ("123456789012", 0, "451234567890", 12),
        ("9.999999999E97", 0, "709999999990", 14),
        ("1234567891", 0, "441234567890", 10),
        # Altirra: "1E012 is parsed as 1E01 with CIX pointing to the 2"
        ("1E012", 0, "401000000000", 4),
        # Altirra: "1E+001 is parsed as just 1 with CIX pointing to the E"
        ("1E+001", 0, "400100000000", 1),
        ("1E", 0, "400100000000", 1),
        ("1E+", 0, "400100000000", 1),
        ("1.2.3", 0, "400120000000", 3),  # a second point ends the number
        ("5.", 0, "400500000000", 2),
        (".5", 0, "3f5000000000", 2),
        ("1e5", 0, "400100000000", 1),  # only a capital E
        # Altirra: AFP returns the invalid signed zero for -0 (the listing sets the
        # sign after NORM whatever the result)
        ("-0", 0, "800000000000", 2),
        ("-1E-99", 0, "800000000000", 6),
        ("1E-99", 0, "000000000000", 5),  # Altirra: 1E-99 underflows to 0
        # listing, AFP12: the exponent plus the dropped digits is 0, so CIX goes back to
        # the 'E' although the value uses it
        ("1234567890123E-4", 0, "440123456789", 13),
    ],
)
def test_afp_known(machine: MathPackMachine, text: str, start: int, encoded: str, end: int) -> None:
    assert fp.from_text(text, start) == (bytes.fromhex(encoded), end)
    result = run_afp(machine, text, start)
    assert not result.carry
    assert (machine.fr0.hex(), machine.cix) == (encoded, end)


@pytest.mark.parametrize(
    "text, cix",
    [  # listing, TVN: CIX is left after the characters it looked at
        ("", 1), (" ", 2), ("A1", 1), ("E5", 1), (".", 2), (".E", 2), ("+", 2),
        ("-", 2), ("+-1", 2), ("--1", 2), ("+.", 3), ("-.X", 3), ("  X", 3),
    ],
)
def test_afp_rejects(machine: MathPackMachine, text: str, cix: int) -> None:
    with pytest.raises(fp.FPSyntaxError) as error:
        fp.from_text(text)
    assert error.value.index == cix
    result = run_afp(machine, text)
    assert result.carry
    assert machine.cix == cix
    assert machine.fr0 == bytes([0xA5] * 6)


@pytest.mark.parametrize("text", ["1E98", "1E99", "99999999999E88", "1" + "0" * 120, "-1E98"])
def test_afp_overflow(machine: MathPackMachine, text: str) -> None:
    check_afp(machine, text)
    assert run_afp(machine, text).carry


@st.composite
def number_texts(draw) -> str:
    blanks = " " * draw(st.integers(0, 2))
    sign = draw(st.sampled_from(["", "", "-", "+"]))
    digits = st.text("0123456789", max_size=14)
    whole = draw(st.one_of(digits, st.text("0", max_size=12).map(lambda z: z + "1")))
    point = draw(st.sampled_from(["", ".", "."]))
    fraction = draw(digits) if point else ""
    exponent = ""
    if draw(st.booleans()):
        exponent = "E" + draw(st.sampled_from(["", "+", "-"])) + draw(st.text("0123456789", max_size=3))
    tail = draw(st.sampled_from(["", "", " ", ",", "X", "E", ".", "-"]))
    return blanks + sign + whole + point + fraction + exponent + tail


@SETTINGS
@given(number_texts())
@example("0.0000000000000000000000000000000000000001")
@example("1" * 40)
@example("0." + "0" * 130 + "5")  # DIGRT stops at $80: the listing then treats "." as 'E'
@example("0." + "0" * 130 + ".5")
def test_afp_against_the_model(machine: MathPackMachine, text: str) -> None:
    check_afp(machine, text)


@SETTINGS
@given(st.text(" +-.E0123456789X", max_size=24), st.integers(0, 3))
def test_afp_any_text(machine: MathPackMachine, text: str, start: int) -> None:
    check_afp(machine, text, min(start, len(text)))


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=20))
def test_afp_any_bytes(machine: MathPackMachine, data: bytes) -> None:
    check_afp(machine, data)


# -- FASC -----------------------------------------------------------------------------


def run_fasc(machine: MathPackMachine, number: bytes):
    machine.poke_bytes(LBUFF - 4, bytes([0xEE] * 40))
    machine.fr0 = number
    return machine.call("FASC", record_writes=True)


def check_fasc(machine: MathPackMachine, number: bytes) -> None:
    result = run_fasc(machine, number)
    offset, image = fp.fasc_image(number)
    assert machine.inbuff - LBUFF == offset, number.hex()
    got = {k: machine.peek(LBUFF + k) for k in image}
    assert got == image, number.hex()
    untouched = [k for k in range(-4, 36) if k not in image and machine.peek(LBUFF + k) != 0xEE]
    assert untouched == [], number.hex()
    assert writes_outside(result, FASC_AREA) == []
    assert machine.fr0 == number  # FASC only reads FR0


@pytest.mark.parametrize(
    "number, shown, offset",
    [
        # Altirra (FASC on the original ROM: the text and INBUFF - LBUFF)
        ("0", "0", 0), ("0.1", "0.1", -1), ("0.01", "0.01", -1), ("1", "1", 1),
        ("10", "10", 0), ("100", "100", 1), ("1000000000", "1000000000", 0),
        ("1E10", "1E+10", 1), ("12345678900", "1.23456789E+10", 1), ("1E11", "1.0E+11", 0),
        ("123456789100", "1.234567891E+11", 0), ("-0.1", "-0.1", -2), ("-1", "-1", 0),
        ("-10000000000", "-1E+10", 0),
        # the examples, from the listing's rules: 123456789012 reads as nine
        # digits (AFP), 0.001 in E notation with the point moved ("1.0E-03")
        ("123456789012", "1.23456789E+11", 0), ("0.001", "1.0E-03", 0), ("0.0001", "1E-04", 1),
        ("1E-98", "1E-98", 1), ("9.999999999E97", "9.999999999E+97", 0),
    ],
)
def test_fasc_known(machine: MathPackMachine, number: str, shown: str, offset: int) -> None:
    check_fasc(machine, value(number))
    text = machine.fasc_text()
    assert text[:-1] + bytes([text[-1] & 0x7F]) == shown.encode()
    assert machine.inbuff - LBUFF == offset


def test_fasc_of_one_third(machine: MathPackMachine) -> None:
    # 1/3: FDIV truncates to 3F 33 33 33 33 33 (listing, FDIV); the listing's C0A puts
    # the '.' before the first byte, FNZ keeps all ten digits, INBUFF moves back onto
    # the '0' in front: "0.3333333333", as BASIC prints PRINT 1/3
    check_fasc(machine, fp.div(value("1"), value("3")))
    assert machine.fasc_text() == b"0.333333333\xb3"


def test_fasc_of_an_integer_leaves_its_point(machine: MathPackMachine) -> None:
    # listing, C0A: the '.' is always written; an integer's text ends just before it
    check_fasc(machine, value("1234"))
    assert machine.peek_bytes(LBUFF, 5) == b"123\xb4."


def test_fasc_of_the_signed_zero_is_the_originals(machine: MathPackMachine) -> None:
    # Altirra: "FASC will produce garbage on a signed zero" - the listing's garbage
    check_fasc(machine, bytes([0x80, 0, 0, 0, 0, 0]))
    assert machine.fasc_text() == b"-0E-<\xb8"


@SETTINGS
@given(numbers())
def test_fasc_against_the_model(machine: MathPackMachine, number: bytes) -> None:
    check_fasc(machine, number)


@settings(max_examples=500, deadline=None)
@given(st.integers(1, 0xFF), st.lists(st.integers(0, 99), min_size=5, max_size=5))
def test_fasc_any_exponent_byte(machine: MathPackMachine, head: int, pairs: list[int]) -> None:
    number = bytes([head, *map(bcd, pairs)])
    try:
        fp.fasc_image(number)
    except ValueError:  # $3F with a zero mantissa: the original reads outside LBUFF
        return
    check_fasc(machine, number)


@settings(max_examples=500, deadline=None)
@given(st.binary(min_size=6, max_size=6))
def test_fasc_any_six_bytes(machine: MathPackMachine, number: bytes) -> None:
    """Not numbers either (non-BCD nibbles print as ':'..'?', as the listing's ORA #$30)."""
    try:
        fp.fasc_image(number)
    except ValueError:
        return
    check_fasc(machine, number)


# -- IFP ------------------------------------------------------------------------------


def check_ifp(machine: MathPackMachine, number: int) -> None:
    machine.poke_bytes(FR0, bytes([number & 0xFF, number >> 8, 0xA5, 0xA5, 0xA5, 0xA5]))
    machine.poke_bytes(0xDE, b"\x5a\x5b")
    machine.fr1 = b"\x11\x22\x33\x44\x55\x66"
    result = machine.call("IFP", record_writes=True)
    assert not result.carry
    assert machine.fr0 == fp.from_int(number), number
    assert writes_outside(result, IFP_AREA) == []
    assert machine.peek_bytes(0xDE, 2) == b"\x5a\x5b"  # Altirra: MAC/65 keeps $DE/$DF
    assert machine.fr1 == b"\x11\x22\x33\x44\x55\x66"


def test_ifp_small_and_edge_integers(machine: MathPackMachine) -> None:
    for number in [*range(0, 1100), 9999, 10000, 65535, 65534, 32768, 32767, 255, 256]:
        check_ifp(machine, number)


@SETTINGS
@given(st.integers(0, 65535))
def test_ifp_against_the_model(machine: MathPackMachine, number: int) -> None:
    check_ifp(machine, number)


# -- FPI ------------------------------------------------------------------------------


def check_fpi(machine: MathPackMachine, number: bytes) -> None:
    machine.fr0 = number
    machine.fr1 = b"\x11\x22\x33\x44\x55\x66"
    result = machine.call("FPI", record_writes=True)
    assert writes_outside(result, FPI_AREA) == []
    assert machine.fr1 == b"\x11\x22\x33\x44\x55\x66"  # Altirra: DARG keeps FR1 across FPI
    try:
        expected = fp.to_int(number)
    except fp.FPOverflow:
        assert result.carry, number.hex()
        return
    assert not result.carry, number.hex()
    assert machine.peek_word(FR0) == expected, number.hex()


@pytest.mark.parametrize(
    "number, expected",
    [
        ("0", 0), ("0.49", 0), ("0.5", 1), ("1.5", 2), ("2.5", 3), ("65534.5", 65535),
        ("65535", 65535), ("65535.49", 65535),
        ("65535.5", 0),  # Altirra: "[65535, 65536) are rounded up to 65536 and then truncated to 0"
        ("0.05", 0), ("0.005", 1),  # listing: below 1 only the first digit rounds
        ("12345.678", 12346), ("99.5", 100),
        ("65536", None), ("100000", None), ("1000000", None), ("-1", None),
        ("-0.4", None),  # Altirra: "Negative numbers in [-0.5, 0) cause an error"
    ],
)
def test_fpi_known(machine: MathPackMachine, number: str, expected: int | None) -> None:
    assert (fp.to_int(value(number)) if expected is not None else expected) == expected
    check_fpi(machine, value(number))
    if expected is None:
        with pytest.raises(fp.FPOverflow):
            fp.to_int(value(number))
    else:
        assert machine.peek_word(FR0) == expected


@SETTINGS
@given(numbers(max_exp=0x43))
def test_fpi_against_the_model(machine: MathPackMachine, number: bytes) -> None:
    check_fpi(machine, number)


@settings(max_examples=500, deadline=None)
@given(st.binary(min_size=6, max_size=6))
def test_fpi_any_six_bytes(machine: MathPackMachine, number: bytes) -> None:
    check_fpi(machine, number)


def test_ifp_then_fpi_gives_the_integer_back(machine: MathPackMachine) -> None:
    for number in random.Random(5).sample(range(65536), 300) + [0, 1, 65535]:
        check_ifp(machine, number)
        check_fpi(machine, machine.fr0)
        assert machine.peek_word(FR0) == number


def test_every_integer_both_ways(machine: MathPackMachine) -> None:
    """IFP of 0..65535 is the model's (exact) number, and FPI gives the integer back."""
    wrong = []
    for number in range(65536):
        machine.poke_word(FR0, number)
        machine.call("IFP")
        if machine.fr0 != fp.from_int(number):
            wrong.append(("IFP", number))
        machine.call("FPI")
        if machine.peek_word(FR0) != number:
            wrong.append(("FPI", number))
    assert wrong == []


# -- ZFR0 ZF1 ZFL LDBUFA SHL16 --------------------------------------------------------


def test_zfr0_zf1_zfl(machine: MathPackMachine) -> None:
    machine.poke_bytes(0xD4, bytes(range(1, 44)))
    result = machine.call("ZFR0", record_writes=True)
    assert machine.fr0 == fp.ZERO and writes_outside(result, set(range(0xD4, 0xDA))) == []
    assert machine.peek(0xDA) == 7
    result = machine.call("ZF1", x=FR1, record_writes=True)
    assert machine.fr1 == fp.ZERO and writes_outside(result, set(range(0xE0, 0xE6))) == []
    assert machine.peek(0xE6) == 19
    result = machine.call("ZFL", x=0xE6, y=3, record_writes=True)  # listing: ZXLY
    assert machine.peek_bytes(0xE6, 4) == bytes([0, 0, 0, 22])
    assert result.a == 0 and result.y == 0


def test_ldbufa_points_inbuff_at_lbuff(machine: MathPackMachine) -> None:
    machine.poke_word(INBUFF, 0x1234)
    machine.call("LDBUFA")
    assert machine.inbuff == LBUFF


def test_shl16_shifts_ztemp4_high_first(machine: MathPackMachine) -> None:
    # listing, SIL; Altirra: MAC/65 calls $DA5A ("even the byte ordering is wrong")
    machine.poke_bytes(0xF7, b"\x81\x80")
    result = machine.call("SHL16")
    assert machine.peek_bytes(0xF7, 2) == b"\x03\x00" and result.carry


# -- SKPSPC ISDIGT --------------------------------------------------------------------


def test_skpspc_and_isdigt(machine: MathPackMachine) -> None:
    machine.set_text("   7A", cix=1)
    result = machine.call("SKPSPC")
    assert machine.cix == 3 and result.y == 3
    result = machine.call("ISDIGT")
    assert not result.carry and result.a == 7 and result.y == 3 and machine.cix == 3
    machine.poke(CIX, 4)
    for char in b"A/:.E \x9b":
        machine.poke(LBUFF + 4, char)
        assert machine.call("ISDIGT").carry
    for char in b"0123456789":
        machine.poke(LBUFF + 4, char)
        result = machine.call("ISDIGT")
        assert not result.carry and result.a == char - 0x30


# -- FLD0R ... FMOVE ------------------------------------------------------------------


def test_loads_and_stores(machine: MathPackMachine) -> None:
    one, two = bytes.fromhex("400100000000"), bytes.fromhex("c11234567890")
    machine.poke_bytes(0x0600, one)
    machine.poke_bytes(0x0610, two)
    result = machine.call("FLD0R", x=0x00, y=0x06, record_writes=True)
    assert machine.fr0 == one and machine.peek_word(FLPTR) == 0x0600
    assert result.p & 0x80 and result.y == 0xFF  # listing's PLYEVL: BMI after FLD1R
    assert writes_outside(result, {*range(0xD4, 0xDA), FLPTR, FLPTR + 1}) == []
    machine.poke_word(FLPTR, 0x0610)
    machine.call("FLD0P")
    assert machine.fr0 == two
    result = machine.call("FLD1R", x=0x00, y=0x06, record_writes=True)
    assert machine.fr1 == one and result.p & 0x80
    assert writes_outside(result, {*range(0xE0, 0xE6), FLPTR, FLPTR + 1}) == []
    machine.poke_word(FLPTR, 0x0610)
    machine.call("FLD1P")
    assert machine.fr1 == two
    machine.fr0 = one
    result = machine.call("FST0R", x=0x20, y=0x06, record_writes=True)
    assert machine.peek_bytes(0x0620, 6) == one and machine.peek_word(FLPTR) == 0x0620
    assert writes_outside(result, {*range(0x0620, 0x0626), FLPTR, FLPTR + 1}) == []
    machine.fr0 = two
    machine.poke_word(FLPTR, 0x0630)
    machine.call("FST0P")
    assert machine.peek_bytes(0x0630, 6) == two
    machine.fr1 = fp.ZERO
    result = machine.call("FMOVE", y=0x42, record_writes=True)
    assert machine.fr1 == two and result.y == 0x42 and result.p & 0x80
    assert writes_outside(result, set(range(0xE0, 0xE6))) == []


# -- speed ----------------------------------------------------------------------------


def test_ten_digit_operands_take_fewer_cycles_than_the_original(machine: MathPackMachine) -> None:
    """Upper bounds well under the original's (counted from the listing's code:
    AFP about 3000 cycles for ten digits, FASC about 1100, IFP about 1250, FPI about
    1500 for five integer digits)."""
    run_afp(machine, "1234567891")
    afp_cycles = run_afp(machine, "-1.234567891E-12").cycles
    fasc_cycles = run_fasc(machine, value("-1.234567891E-12")).cycles
    machine.poke_word(FR0, 65535)
    ifp_cycles = machine.call("IFP").cycles
    machine.fr0 = value("65535.49")
    fpi_cycles = machine.call("FPI").cycles
    assert afp_cycles < 2000, afp_cycles
    assert fasc_cycles < 800, fasc_cycles
    assert ifp_cycles < 1100, ifp_cycles
    assert fpi_cycles < 1000, fpi_cycles
