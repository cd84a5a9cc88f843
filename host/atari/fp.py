"""The Atari floating-point math pack, modelled in Python (the oracle of asm/os/mathpack.s).

A number is 6 bytes, as in the Atari OS (Atari OS User's Manual, "Floating point
arithmetic package"; Mapping the Atari, locations 212-255):

* byte 0: bit 7 the sign, bits 0-6 the exponent of 100 in excess 64;
* bytes 1-5: ten BCD digits, the decimal point after the first byte (two digits),
  normalised so that byte 1 is not zero; zero is six zero bytes.

So ``40 01 00 00 00 00`` is 1, ``41 12 34 00 00 00`` is 1234 and ``3F 50 00 ..`` is 0.5.
Valid exponent bytes are $0F-$70 (1E-98 ... 9.999999999E+97); a result above that is
an overflow (the 6502 routines return with the carry set), one below it becomes zero.

Every function takes and returns ``bytes`` and mirrors one entry point digit for digit,
including how the original truncates:

==================  =======  ===========================================================
function            routine  what it does
==================  =======  ===========================================================
from_text           AFP      ASCII at ``text[start:]`` -> (number, index after it) (CIX)
to_text             FASC     number -> its text (FASC's rules for E notation and zeros)
fasc_layout         FASC     where FASC puts that text relative to LBUFF, as bytes
from_int            IFP      0..65535 -> number (exact)
to_int              FPI      number -> 0..65535, rounded at .5 as FPI does
add, sub, mul, div  FADD...  the four operations, truncating (never rounding)
plyevl              PLYEVL   Horner polynomial through mul/add
exp, exp10          EXP...   10**x as PLYEVL(x)**2 with the published coefficients
log, log10          LOG...   through (x-sqrt 10)/(x+sqrt 10) and PLYEVL
to_decimal          -        number -> decimal.Decimal (exact)
from_decimal        -        Decimal/int/str -> number, truncated as AFP truncates
==================  =======  ===========================================================

Errors: every case where the 6502 routine returns with the carry set raises a subclass
of :class:`FPError` (``FPOverflow``, ``FPDivisionByZero``, ``FPDomainError``,
``FPSyntaxError``).  Underflow is not an error: the result is zero, as in the original.
Arguments that are not 6 bytes raise ``ValueError``.

Arithmetic semantics (the published OS listing's algorithms; tested known values from
Altirra's test suite run against the original ROM are in tests/test_atari_fp.py):

* FADD/FSUB: the operand with the smaller exponent is shifted right by whole bytes
  (digits that fall off are lost; if the exponents differ by 5 or more it vanishes),
  the mantissas are added or subtracted, a carry out shifts right one byte (losing
  the last two digits), then the result is normalised.  0.1 + 0.2 is exactly 0.3.
* FMUL: the exact 20-digit product, truncated to ten digits after dropping one
  leading zero byte.  FDIV: the quotient's digits by long division, truncated.
* FPI: the integer part plus one when the next two digits are >= 50; an integer part
  of 65536 or more (or a negative number) is an error, and 65535.5 "rounds" to 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

SIZE = 6
EXP_BIAS = 0x40
MIN_EXP = 0x0F  # 1E-98
MAX_EXP = 0x70  # 9.999999999E+97
MANTISSA_LIMIT = 10**10  # ten digits
LBUFF = 0x0580

ZERO = bytes(SIZE)

# The math pack's entry points, where the original OS has them: programs call these
# addresses directly (there is no vector table).  Mapping the Atari, locations
# 55296-57343 ($D800-$DFFF); Atari OS User's Manual, "Floating point arithmetic package".
ENTRY_POINTS: dict[str, int] = {
    "AFP": 0xD800, "FASC": 0xD8E6, "IFP": 0xD9AA, "FPI": 0xD9D2,
    "ZFR0": 0xDA44, "ZF1": 0xDA46,
    "FSUB": 0xDA60, "FADD": 0xDA66, "FMUL": 0xDADB, "FDIV": 0xDB28,
    "PLYEVL": 0xDD40,
    "FLD0R": 0xDD89, "FLD0P": 0xDD8D, "FLD1R": 0xDD98, "FLD1P": 0xDD9C,
    "FST0R": 0xDDA7, "FST0P": 0xDDAB, "FMOVE": 0xDDB6,
    "EXP": 0xDDC0, "EXP10": 0xDDCC, "LOG": 0xDECD, "LOG10": 0xDED1,
}


class FPError(ArithmeticError):
    """The math pack returned with the carry set (``index``: where AFP left CIX)."""

    def __init__(self, message: str = "", index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


class FPOverflow(FPError):
    """The result is 1E+98 or more in magnitude (or does not fit FPI's 0..65535)."""


class FPDivisionByZero(FPError):
    """FDIV with FR1 = 0."""


class FPDomainError(FPError):
    """LOG/LOG10 of a number <= 0."""


class FPSyntaxError(FPError, ValueError):
    """AFP found no number at CIX."""


# ---------------------------------------------------------------------------
# the 6-byte format
# ---------------------------------------------------------------------------


def _check(value: bytes) -> bytes:
    value = bytes(value)
    if len(value) != SIZE:
        raise ValueError(f"an Atari floating-point number is {SIZE} bytes, not {len(value)}")
    return value


def _bcd_to_int(data: bytes) -> int:
    number = 0
    for byte in data:
        number = number * 100 + (byte >> 4) * 10 + (byte & 0x0F)
    return number


def _int_to_bcd(number: int, size: int = 5) -> bytes:
    out = bytearray(size)
    for index in range(size - 1, -1, -1):
        number, pair = divmod(number, 100)
        out[index] = (pair // 10) << 4 | pair % 10
    return bytes(out)


def _unpack(value: bytes) -> tuple[int, int, int]:
    """(sign bit $00/$80, exponent byte without the sign, mantissa 0..10**10-1)."""
    value = _check(value)
    return value[0] & 0x80, value[0] & 0x7F, _bcd_to_int(value[1:])


def is_zero(value: bytes) -> bool:
    """True for zero (exponent byte 0 or a zero first mantissa byte)."""
    value = _check(value)
    return value[0] == 0 or value[1] == 0


def _normalize(sign: int, exponent: int, mantissa: int) -> bytes:
    """NORMALIZE: shift whole bytes left until the first is non-zero, then range-check.

    `exponent` is the biased exponent of 100 without the sign (an int, not wrapped).
    Raises FPOverflow above $70; below $0F the result is zero.
    """
    if mantissa == 0:
        return ZERO
    while mantissa < MANTISSA_LIMIT // 100:
        mantissa *= 100
        exponent -= 1
    if exponent > MAX_EXP:
        raise FPOverflow("floating-point overflow (1E+98 or more)")
    if exponent < MIN_EXP:
        return ZERO
    return bytes([sign | exponent]) + _int_to_bcd(mantissa)


# ---------------------------------------------------------------------------
# the four operations
# ---------------------------------------------------------------------------


def add(a: bytes, b: bytes) -> bytes:
    """FADD: FR0 + FR1, aligned by whole bytes with truncation."""
    sign_a, exp_a, man_a = _unpack(a)
    sign_b, exp_b, man_b = _unpack(b)
    if exp_a < exp_b:
        sign_a, exp_a, man_a, sign_b, exp_b, man_b = sign_b, exp_b, man_b, sign_a, exp_a, man_a
    shift = exp_a - exp_b
    if shift >= 5:
        return _normalize(sign_a, exp_a, man_a)
    man_b //= 100**shift
    if sign_a == sign_b:
        total = man_a + man_b
        if total >= MANTISSA_LIMIT:
            return _normalize(sign_a, exp_a + 1, total // 100)
        return _normalize(sign_a, exp_a, total)
    difference = man_a - man_b
    if difference < 0:
        return _normalize(sign_a ^ 0x80, exp_a, -difference)
    return _normalize(sign_a, exp_a, difference)


def _negate(value: bytes) -> bytes:
    return bytes([value[0] ^ 0x80]) + value[1:]


def sub(a: bytes, b: bytes) -> bytes:
    """FSUB: FR0 - FR1 (FR1's sign flipped, then FADD)."""
    return add(a, _negate(_check(b)))


def _finish(eexp: int, result: bytes) -> tuple[bytes, bool]:
    """N0E after FMUL/FDIV (published OS listing): FR0 = `eexp` (sign | exponent),
    mantissa result[0:5], result[5] shifted in once when result[0] is 0 (the exponent
    byte decremented, sign bit and all).  An exponent byte of 0 returns at once, the
    mantissa unnormalised; $71 or more (after masking the sign) sets the carry and
    leaves FR0 as it is; below $0F gives zero.  Returns (FR0, carry)."""
    if eexp == 0:
        return bytes([0]) + result[0:5], False
    if result[0] == 0:
        eexp, result = (eexp - 1) & 0xFF, result[1:6]
    else:
        result = result[0:5]
    exponent = eexp & 0x7F
    if exponent >= MAX_EXP + 1:
        return bytes([eexp]) + result, True
    if exponent < MIN_EXP:
        return ZERO, False
    return bytes([eexp]) + result, False


def mul_raw(a: bytes, b: bytes) -> tuple[bytes, bool]:
    """FMUL as the published listing: (FR0, carry), FR0 as the 6502 leaves it.

    FR0's exponent byte 0: FR0 stays; FR1's 0: zero.  The exponent |e0| + |e1| - $3F
    outside 0..$7F is an error with FR0 unchanged (so a product far below 1E-98 is an
    error, not zero); then the 20-digit product's bytes through _finish."""
    a, b = _check(a), _check(b)
    if a[0] == 0:
        return a, False
    if b[0] == 0:
        return ZERO, False
    exponent = (a[0] & 0x7F) + (b[0] & 0x7F) - 0x3F
    if not 0 <= exponent < 0x80:
        return a, True
    product = _int_to_bcd(_bcd_to_int(a[1:]) * _bcd_to_int(b[1:]), 10)
    return _finish(((a[0] ^ b[0]) & 0x80) | exponent, product)


def div_raw(a: bytes, b: bytes) -> tuple[bytes, bool]:
    """FDIV as the published listing: (FR0, carry).  FR1's exponent byte 0: error;
    FR0's 0: FR0 stays; |e0| - |e1| + $40 outside 0..$7F: error, FR0 unchanged; then
    six quotient bytes (the first is mantissa0 // mantissa1, 0..99) through _finish."""
    a, b = _check(a), _check(b)
    if b[0] == 0:
        return a, True
    if a[0] == 0:
        return a, False
    exponent = (a[0] & 0x7F) - (b[0] & 0x7F) + EXP_BIAS
    if not 0 <= exponent < 0x80:
        return a, True
    quotient = _int_to_bcd(_bcd_to_int(a[1:]) * 100**5 // _bcd_to_int(b[1:]), 6)
    return _finish(((a[0] ^ b[0]) & 0x80) | exponent, quotient)


def mul(a: bytes, b: bytes) -> bytes:
    """FMUL: FR0 * FR1, the 20-digit product truncated to ten digits (FPOverflow when
    the carry is set, also for an exponent underflow: see mul_raw)."""
    result, carry = mul_raw(a, b)
    if carry:
        raise FPOverflow("FMUL: exponent out of range")
    return result


def div(a: bytes, b: bytes) -> bytes:
    """FDIV: FR0 / FR1, the quotient's ten digits truncated (see div_raw)."""
    if is_zero(b):
        raise FPDivisionByZero("division by zero")
    result, carry = div_raw(a, b)
    if carry:
        raise FPOverflow("FDIV: exponent out of range")
    return result


# ---------------------------------------------------------------------------
# integers
# ---------------------------------------------------------------------------


def from_int(number: int) -> bytes:
    """IFP: an unsigned 16-bit integer -> number (exact)."""
    if not 0 <= number <= 0xFFFF:
        raise ValueError(f"IFP takes 0..65535, not {number}")
    return _normalize(0, EXP_BIAS + 2, number * 10**4)


def to_int(value: bytes) -> int:
    """FPI: number -> 0..65535, adding one when the next digit is 5 or more.

    Raises FPOverflow for negative numbers and integer parts of 65536 or more;
    an integer part of 65535 that rounds up gives 0, as in the original.  Below 1 the
    published listing only looks at the first mantissa digit, so 0.5 and also 0.005
    ($3E 50 ...) give 1, while 0.05 ($3F 05 ...) gives 0.
    """
    value = _check(value)
    exponent = value[0]
    if exponent >= EXP_BIAS + 3:  # >= 1,000,000 or negative
        raise FPOverflow("FPI: not in 0..65535")
    if exponent < EXP_BIAS:  # < 1: the first digit rounds
        return int(value[1] >= 0x50)
    whole_bytes = exponent - (EXP_BIAS - 1)  # 1..3 bytes before the point
    whole = _bcd_to_int(value[1 : 1 + whole_bytes])
    if whole > 0xFFFF:
        raise FPOverflow("FPI: not in 0..65535")
    round_up = value[1 + whole_bytes] >= 0x50
    return (whole + round_up) & 0xFFFF


# ---------------------------------------------------------------------------
# text
# ---------------------------------------------------------------------------


_EOL = 0x9B  # what AFP finds after the end of the text (ATASCII end of line)


class _Scanner:
    """INBUFF and CIX as AFP sees them: an 8-bit index into up to 256 bytes."""

    def __init__(self, data: bytes, cix: int) -> None:
        self.data = data
        self.cix = cix & 0xFF

    def char(self, index: int) -> int:
        index &= 0xFF
        return self.data[index] if index < len(self.data) else _EOL

    def next(self) -> tuple[bool, int]:
        """GNC: (is a digit, the digit or the character); CIX moves on either way."""
        char = self.char(self.cix)
        self.cix = (self.cix + 1) & 0xFF
        if 0x30 <= char <= 0x39:
            return True, char - 0x30
        return False, char


def _bcd_mantissa(mantissa: int) -> list[int]:
    return list(_int_to_bcd(mantissa % MANTISSA_LIMIT))


def _norm(exponent: int, mantissa: list[int]) -> tuple[int, list[int], bool]:
    """The original NORM on FR0 (exponent byte, five mantissa bytes); the byte shifted
    in from the right is FRE, zero.  Returns (exponent, mantissa, carry).  An exponent
    byte of zero means zero and is left alone, mantissa and all (listing, N0E)."""
    if exponent == 0:
        return exponent, mantissa, False
    for _ in range(4):
        if mantissa[0]:
            break
        mantissa = mantissa[1:] + [0]
        exponent = (exponent - 1) & 0xFF
    else:
        if not mantissa[0]:
            return 0, mantissa, False
    if exponent & 0x7F >= EXP_BIAS + 49:
        return exponent, mantissa, True
    if exponent & 0x7F < EXP_BIAS - 49:
        return 0, [0] * 5, False
    return exponent, mantissa, False


def _afp(data: bytes, cix: int) -> tuple[bytes, int]:
    """AFP step by step as the published OS listing does it (8-bit counters and all).

    * Blanks are skipped (SKPSPC); the number must then start with a digit, '.' and a
      digit, or a sign followed by either; otherwise the carry is set and CIX is left
      after the characters looked at (the listing's TVN).
    * Digits are shifted into FR0 while its first mantissa byte is zero: nine
      significant digits at most (Altirra's math pack notes: "Only up to 9 significant
      digits are parsed"); later digits before the point only count in EEXP.
    * 'E', an optional sign and one or two digits give the exponent; when there is no
      digit, or when exponent plus dropped digits is zero, CIX goes back to the 'E'.
    * The power of ten is halved into a power of 100 (an odd one shifts the mantissa
      one digit left), biased by $44 and normalised by NORM; then the sign is set even
      on a zero result ("-0" gives $80 00 00 00 00 00, as Altirra's notes say).
    """
    scan = _Scanner(data, cix)
    index = scan.cix
    while scan.char(index) == 0x20:  # SKPSPC
        index = (index + 1) & 0xFF
        if index == 0:
            break
    scan.cix = start = index
    # TVN: is this a number at all?
    digit, char = scan.next()
    if not digit:
        valid = False
        if char in (0x2B, 0x2D):
            digit, char = scan.next()
        if digit:
            valid = True
        elif char == 0x2E:
            valid, _ = scan.next()
        if not valid:
            raise FPSyntaxError(f"no number at index {start}", scan.cix)
    scan.cix = start
    eexp = nsign = esign = 0
    first = True
    digrt = 0xFF
    mantissa = 0  # FR0+1..FR0+5 as a ten-digit integer
    at_exponent = False
    while True:
        digit, char = scan.next()
        if digit:
            if mantissa >= 10**8:  # first mantissa byte not zero: the digit is dropped
                if digrt & 0x80:
                    eexp = (eexp + 1) & 0xFF
            else:
                mantissa = mantissa * 10 + char
                if not digrt & 0x80:
                    digrt = (digrt + 1) & 0xFF
            first = False
            continue
        if char == 0x2E:
            if not digrt & 0x80:
                break  # a second point ends the number
            digrt = (digrt + 1) & 0xFF
            if digrt == 0:
                first = False
                continue
            at_exponent = True  # the listing falls through into its 'E' code here
        elif char == 0x45:
            at_exponent = True
        elif not first:
            break
        elif char == 0x2B:
            first = False
            continue
        else:  # '-' (TVN let nothing else through)
            nsign = char
            first = False
            continue
        break
    if at_exponent:
        saved = scan.cix
        digit, char = scan.next()
        if not digit and char in (0x2B, 0x2D):
            if char == 0x2D:
                esign = char
            digit, char = scan.next()
        rolled_back = True
        if digit:
            dropped = eexp
            eexp = char
            digit, second = scan.next()
            if digit:
                eexp = eexp * 10 + second
                scan.cix = (scan.cix + 1) & 0xFF
            if esign:
                eexp = -eexp & 0xFF
            eexp = (dropped + eexp) & 0xFF
            rolled_back = eexp == 0
        if rolled_back:
            scan.cix = saved
    scan.cix = (scan.cix - 1) & 0xFF
    power = eexp
    if not digrt & 0x80 and digrt:
        power = (power - digrt) & 0xFF
    odd = power & 1
    power = (power >> 1) | (power & 0x80)
    if odd:
        mantissa *= 10
    exponent, digits, carry = _norm((power + EXP_BIAS + 4) & 0xFF, _bcd_mantissa(mantissa))
    if carry:
        raise FPOverflow("floating-point overflow (1E+98 or more)", scan.cix)
    if nsign:
        exponent |= 0x80
    return bytes([exponent, *digits]), scan.cix


def from_text(text: bytes | str, start: int = 0) -> tuple[bytes, int]:
    """AFP: parse the number at ``text[start:]`` -> (number, CIX after it).

    What AFP parses and where it leaves CIX follow the published OS listing (see
    ``_afp``): leading blanks, a sign, digits with at most one '.', an exponent 'E'
    [sign] one or two digits.  Nine significant digits are kept, the rest truncated.
    FPSyntaxError when there is no number, FPOverflow for 1E+98 or more (both carry
    ``index``, where CIX is left); below 1E-98 the result is zero.  Text beyond the
    end reads as an end of line; CIX is an 8-bit index.
    """
    data = text.encode("latin-1") if isinstance(text, str) else bytes(text)
    return _afp(data, start)


def _from_digits(negative: bool, digits: list[int], decimal_exponent: int) -> bytes:
    """0.d1d2d3... * 10**decimal_exponent (at most ten digits, d1 != 0) -> number.

    An odd decimal exponent costs the tenth digit: the digits move right by one nibble.
    """
    if not digits:
        return ZERO
    digits = digits + [0] * (10 - len(digits))
    if decimal_exponent % 2:
        digits = [0] + digits[:9]
        decimal_exponent += 1
    mantissa = int("".join(map(str, digits)))
    return _normalize(0x80 if negative else 0, EXP_BIAS + decimal_exponent // 2 - 1, mantissa)


def fasc_image(value: bytes) -> tuple[int, dict[int, int]]:
    """FASC step by step as the published OS listing does it: (INBUFF - LBUFF, the
    bytes it writes as {offset from LBUFF: byte}).

    * LBUFF-1 (LBPR2) always gets a '0', so that INBUFF can move back onto it.
    * An exponent byte of zero prints "0" (the mantissa is not looked at).
    * $3F-$44 (0.01 <= x < 1E10): the ten digits with a '.' after (exponent-$3F)
      bytes; trailing zeros after the point and then the point are dropped; a leading
      '0' digit is skipped (INBUFF+1); ".ddd" becomes "0.ddd" (INBUFF-1 onto LBPR2).
    * otherwise E notation: the digits with the '.' after the first byte, trailing
      zeros dropped (never the two digits before the point); a leading '0' is skipped
      and the exponent is 2*(exponent-$40); else the point moves one digit left (the
      exponent + 1, "1.0E+11" keeps its zero); then 'E', the sign, two digits.
    * the last character has bit 7 set; a '-' goes in front (INBUFF-1).
    Raises ValueError for the one input where the original reads outside its buffer
    (exponent $3F with a zero mantissa: not a number FASC can be given).
    """
    value = _check(value)
    buf: dict[int, int] = {-1: 0x30}
    inbuff = 0
    head = value[0]
    if head == 0:
        buf[0] = 0xB0
        return inbuff, buf
    exponent = head & 0x7F

    def c0a(point: int) -> None:  # the ten digits, '.' when the counter reaches zero
        y = 0
        for byte in value[1:]:
            if point == 0:
                buf[y] = 0x2E
                y += 1
            point = (point - 1) & 0xFF
            buf[y], buf[y + 1] = 0x30 | byte >> 4, 0x30 | byte & 0x0F
            y += 2
        if point == 0:
            buf[y] = 0x2E

    def last_significant() -> int:  # FNZ
        for x in range(10, 0, -1):
            if buf[x] == 0x2E:
                return x - 1
            if buf[x] != 0x30:
                return x
        raise ValueError("FASC would read outside LBUFF for this number")

    if EXP_BIAS - 1 <= exponent < EXP_BIAS + 5:
        c0a(exponent - (EXP_BIAS - 1))
        buf[last_significant()] |= 0x80
        if buf[0] == 0x2E:
            inbuff -= 1
        elif buf[0] == 0x30:
            inbuff += 1
    else:
        c0a(1)
        cix = last_significant() + 1
        power = ((head << 1) - 2 * EXP_BIAS) & 0xFF
        if buf[0] != 0x30:
            buf[1], buf[2] = buf[2], buf[1]
            if cix == 2:
                cix = 3
            power = (power + 1) & 0xFF
        buf[cix] = 0x45
        sign = 0x2B
        if power & 0x80:
            power, sign = -power & 0xFF, 0x2D
        buf[cix + 1] = sign
        buf[cix + 2] = 0x30 | power // 10
        buf[cix + 3] = 0xB0 | power % 10
        if buf[0] == 0x30:
            inbuff += 1
    if head & 0x80:
        inbuff -= 1
        buf[inbuff] = 0x2D
    return inbuff, buf


def to_text(value: bytes) -> str:
    """FASC: the text FASC writes (without the bit 7 of its last character)."""
    offset, data = fasc_layout(value)
    for index, byte in enumerate(data):
        if byte & 0x80:
            return (data[:index] + bytes([byte & 0x7F])).decode("latin-1")
    raise AssertionError("FASC's text has no last character")  # pragma: no cover


def fasc_layout(value: bytes) -> tuple[int, bytes]:
    """FASC: (INBUFF - LBUFF, the bytes from INBUFF to the last one FASC writes): the
    text's last character has bit 7 set; after an integer comes the '.' that the
    conversion wrote (programs such as SysInfo look for it)."""
    offset, buf = fasc_image(value)
    return offset, bytes(buf[index] for index in range(offset, max(buf) + 1))


# ---------------------------------------------------------------------------
# decimal helpers
# ---------------------------------------------------------------------------


def to_decimal(value: bytes) -> Decimal:
    """The exact value of a number."""
    sign, exponent, mantissa = _unpack(value)
    if is_zero(value):
        return Decimal(0)
    result = Decimal(mantissa).scaleb(2 * (exponent - EXP_BIAS) - 8)
    return -result if sign else result


def from_decimal(number: Decimal | int | str) -> bytes:
    """A Decimal (or int, or numeric string) -> number, truncated toward zero to the
    digits the format holds, as AFP truncates.  FPOverflow for 1E+98 or more."""
    number = Decimal(number)
    if not number.is_finite():
        raise FPOverflow(f"{number} is not a finite number")
    _, digit_tuple, exponent = number.as_tuple()
    assert isinstance(exponent, int)  # finite numbers have an int exponent
    digits = "".join(map(str, digit_tuple)).lstrip("0")
    if not digits:
        return ZERO
    return _from_digits(number < 0, [int(d) for d in digits[:10]], len(digits) + exponent)


# ---------------------------------------------------------------------------
# polynomials and the transcendental functions
# ---------------------------------------------------------------------------


def _fp(*data: int) -> bytes:
    return bytes(data)


#: 10**x ~ P(x)**2 for 0 <= x < 1 (published OS listing, P10COF; highest power first)
P10COF: tuple[bytes, ...] = (
    _fp(0x3D, 0x17, 0x94, 0x19, 0x00, 0x00),  # 0.0000179419
    _fp(0x3D, 0x57, 0x33, 0x05, 0x00, 0x00),  # 0.0000573305
    _fp(0x3E, 0x05, 0x54, 0x76, 0x62, 0x00),  # 0.0005547662
    _fp(0x3E, 0x32, 0x19, 0x62, 0x27, 0x00),  # 0.0032196227
    _fp(0x3F, 0x01, 0x68, 0x60, 0x30, 0x36),  # 0.0168603036
    _fp(0x3F, 0x07, 0x32, 0x03, 0x27, 0x41),  # 0.0732032741
    _fp(0x3F, 0x25, 0x43, 0x34, 0x56, 0x75),  # 0.2543345675
    _fp(0x3F, 0x66, 0x27, 0x37, 0x30, 0x50),  # 0.6627373050
    _fp(0x40, 0x01, 0x15, 0x12, 0x92, 0x55),  # 1.15129255
    _fp(0x3F, 0x99, 0x99, 0x99, 0x99, 0x99),  # 0.9999999999
)

#: log10(x) = 0.5 + z*P(z*z), z = (x - sqrt 10)/(x + sqrt 10) (published listing, LGCOEF)
LGCOEF: tuple[bytes, ...] = (
    _fp(0x3F, 0x49, 0x15, 0x57, 0x11, 0x08),  # 0.4915571108
    _fp(0xBF, 0x51, 0x70, 0x49, 0x47, 0x08),  # -0.5170494708
    _fp(0x3F, 0x39, 0x20, 0x57, 0x61, 0x95),  # 0.3920576195
    _fp(0xBF, 0x04, 0x39, 0x63, 0x03, 0x55),  # -0.0439630355
    _fp(0x3F, 0x10, 0x09, 0x30, 0x12, 0x64),  # 0.1009301264
    _fp(0x3F, 0x09, 0x39, 0x08, 0x04, 0x60),  # 0.0939080460
    _fp(0x3F, 0x12, 0x42, 0x58, 0x47, 0x42),  # 0.1242584742
    _fp(0x3F, 0x17, 0x37, 0x12, 0x06, 0x08),  # 0.1737120608
    _fp(0x3F, 0x28, 0x95, 0x29, 0x71, 0x17),  # 0.2895297117
    _fp(0x3F, 0x86, 0x85, 0x88, 0x96, 0x44),  # 0.8685889644
)

SQR10 = _fp(0x40, 0x03, 0x16, 0x22, 0x77, 0x66)  # 3.16227766
LOG10E = _fp(0x3F, 0x43, 0x42, 0x94, 0x48, 0x19)  # 0.4342944819
FHALF = _fp(0x3F, 0x50, 0x00, 0x00, 0x00, 0x00)  # 0.5
FONE = _fp(0x40, 0x01, 0x00, 0x00, 0x00, 0x00)  # 1


def plyevl(x: bytes, coefficients: Sequence[bytes]) -> bytes:
    """PLYEVL: c[0]*x**(n-1) + ... + c[n-1] by Horner's rule through mul and add."""
    x = _check(x)
    if not coefficients:
        raise ValueError("PLYEVL needs at least one coefficient")
    result = _check(coefficients[0])
    for coefficient in coefficients[1:]:
        result = add(mul(result, x), _check(coefficient))
    return result


def exp10(x: bytes) -> bytes:
    """EXP10 as the published OS listing: n = FPI(|x|) (rounded) for |x| >= 1, f = |x| - n
    by FSUB (else n = 0, f = |x|); P10COF(f)**2 (FMUL), times 10**n (exponent n/2,
    mantissa 1 or 10; n >= 128 is an error), then 1 / that for x < 0.  The carry of the
    last FMUL/FDIV is the result's, and a failed FMUL leaves FR0 for the division as the
    6502 does (mul_raw).  |x| >= 10000 is an error (the original's FPI fails there and
    EXP10 goes on with what FPI left behind; ours does not imitate that)."""
    x = _check(x)
    negative = bool(x[0] & 0x80)
    magnitude = bytes([x[0] & 0x7F]) + x[1:]
    whole = 0
    fraction = magnitude
    if magnitude[0] >= EXP_BIAS:
        if magnitude[0] >= EXP_BIAS + 2:
            raise FPOverflow("EXP10: |argument| >= 10000")
        whole = to_int(magnitude)
        if whole > 0xFF:
            raise FPOverflow("EXP10: argument too large")
        fraction = sub(magnitude, from_int(whole))
    root = plyevl(fraction, P10COF)
    result, carry = mul_raw(root, root)
    if whole:
        half, odd = divmod(whole, 2)
        if EXP_BIAS + half >= 0x80:
            raise FPOverflow("EXP10: argument too large")
        result, carry = mul_raw(result, bytes([EXP_BIAS + half, 0x10 if odd else 0x01, 0, 0, 0, 0]))
    if negative:
        result, carry = div_raw(FONE, result)
    if carry:
        raise FPOverflow("EXP10: overflow")
    return result


def exp(x: bytes) -> bytes:
    """EXP: e**x = EXP10(x * log10(e))."""
    return exp10(mul(_check(x), LOG10E))


def log10(x: bytes) -> bytes:
    """LOG10: FPDomainError for x <= 0."""
    x = _check(x)
    if x[0] & 0x80 or is_zero(x):
        raise FPDomainError("LOG of a number <= 0")
    power = 2 * ((x[0] & 0x7F) - EXP_BIAS)
    mantissa = bytes([EXP_BIAS]) + x[1:]  # 1 <= mantissa < 100
    if mantissa[1] >= 0x10:  # 10 <= mantissa < 100: divide by 10 (a nibble shift)
        power += 1
        mantissa = bytes([EXP_BIAS]) + _int_to_bcd(_bcd_to_int(mantissa[1:]) // 10)
    z = div(sub(mantissa, SQR10), add(mantissa, SQR10))
    result = add(mul(plyevl(mul(z, z), LGCOEF), z), FHALF)
    whole = from_int(abs(power))
    if power < 0:
        whole = _negate(whole)
    return add(whole, result)


def log(x: bytes) -> bytes:
    """LOG: the natural logarithm, LOG10(x) / log10(e)."""
    return div(log10(x), LOG10E)
