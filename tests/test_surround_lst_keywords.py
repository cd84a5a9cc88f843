"""basic/surround.lst ENTERs on the extended BASICs too: no variable name begins with a word
that Altirra BASIC, Turbo-BASIC XL or BASIC XL/XE reserve (tests/basic_keywords_support.py)."""

from __future__ import annotations

from pathlib import Path

from host.atari.basic import read_listing_file
from tests.basic_keywords_support import EXTENDED_BASICS, clashes

LISTING = Path(__file__).resolve().parents[1] / "basic" / "surround.lst"


def test_no_variable_of_the_listing_begins_with_an_extended_keyword() -> None:
    names = read_listing_file(LISTING).variables.names
    found = {name: clashes(name.rstrip("$(")) for name in names if clashes(name.rstrip("$("))}
    assert found == {}


def test_the_check_catches_the_name_altirra_basic_misread() -> None:
    """The name that broke ENTER on Altirra BASIC (MOVES = MOVE S) is caught, and a plain
    Atari BASIC name is not."""
    assert ("Altirra BASIC", "MOVE") in clashes("MOVES")
    assert clashes("SMOVES") == []
    assert all(word == word.upper() and word for words in EXTENDED_BASICS.values() for word in words)
