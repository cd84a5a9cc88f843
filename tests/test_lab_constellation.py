"""Seed 000, Table 1: the example problem constellation and its judgement probabilities."""

from fractions import Fraction

import pytest

from host.errors import SurroundError
from host.lab.constellation import Constellation, table_1


def test_table_1_sequences_and_probabilities():
    """pi1 = (f0, a2; f2), pi2 = (f0, a1; f1, a1; f2), pi3 = (f0, a1; f1), pi4 = (f0, a1; f1, a2; f3);
    P(u1) = P(pi1, u1) + P(pi2, u1) = 1/4 + 3/8 = 5/8, P(u2) = 3/16 + 3/16 = 3/8."""
    found = {seq: (p, u) for seq, p, u in table_1().sequences()}
    assert found == {
        ("f0", "a2", "f2"): (Fraction(1, 4), "u1"),
        ("f0", "a1", "f1", "a1", "f2"): (Fraction(3, 8), "u1"),
        ("f0", "a1", "f1"): (Fraction(3, 16), "u2"),
        ("f0", "a1", "f1", "a2", "f3"): (Fraction(3, 16), "u2"),
    }
    assert table_1().judgement_probabilities() == {"u1": Fraction(5, 8), "u2": Fraction(3, 8)}


def test_rows_adding_up_to_more_than_one_are_refused():
    bad = Constellation({("f0", "a"): "f1"}, {"f0": {"a": Fraction(3, 2)}}, {"f0": "u", "f1": "u"}, "f0")
    with pytest.raises(SurroundError, match="add up to at most 1"):
        bad.sequences()


def test_a_cycle_is_refused():
    loop = Constellation({("f0", "a"): "f0"}, {"f0": {"a": Fraction(1, 2)}}, {"f0": "u"}, "f0")
    with pytest.raises(SurroundError, match="cycle"):
        loop.sequences()
