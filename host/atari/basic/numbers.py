"""Numeric constants of a BASIC line through the Python model of the math pack.

host/atari/fp.py models the OS floating point package: AFP (`from_text`) reads a constant
when a line is tokenized and tells where it ends, FASC (`to_text`) prints it when the line is
listed, so the host prints every number exactly as Atari BASIC's LIST does.
"""

from __future__ import annotations

from host.atari import fp as atari_fp

NUMBER_SIZE = 6
NumberError = atari_fp.FPError


def read_number(text: str, start: int) -> tuple[bytes, int]:
    """AFP at text[start:]: (6 BCD bytes, index after the constant).

    Raises NumberError (FPSyntaxError when there is no number, FPOverflow when too large).
    """
    value, end = atari_fp.from_text(text, start)
    return bytes(value), end


def number_text(value: bytes) -> str:
    """FASC: the constant as LIST prints it (NumberError/ValueError for a broken value)."""
    return atari_fp.to_text(bytes(value))
