"""Generated Atari floating-point numbers (6-byte BCD) for the model's and the math pack's tests."""

from __future__ import annotations

from hypothesis import strategies as st

from host.atari import fp


def bcd_byte(low: int = 0) -> st.SearchStrategy[int]:
    return st.integers(low, 99).map(lambda pair: (pair // 10) << 4 | pair % 10)


@st.composite
def numbers(draw: st.DrawFn, min_exp: int = fp.MIN_EXP, max_exp: int = fp.MAX_EXP) -> bytes:
    """Valid normalised numbers, zero included; mantissas with runs of 0s and 9s."""
    if draw(st.integers(0, 30)) == 0:
        return fp.ZERO
    sign = draw(st.sampled_from([0, 0x80]))
    exponent = draw(st.integers(min_exp, max_exp))
    style = draw(st.integers(0, 3))
    if style == 0:
        mantissa = [draw(bcd_byte(1))] + [draw(bcd_byte()) for _ in range(4)]
    else:
        filler = {1: 0x00, 2: 0x99, 3: None}[style]
        length = draw(st.integers(1, 5))
        mantissa = [draw(bcd_byte(1))] + [draw(bcd_byte()) for _ in range(length - 1)]
        mantissa += [filler if filler is not None else draw(st.sampled_from([0, 0x99]))] * (5 - length)
        if mantissa[0] == 0:
            mantissa[0] = 0x01
    return bytes([sign | exponent, *mantissa])
