"""Seed 000's problem constellations (section "Problemkonstellationen", Table 1).

A problem constellation is an action system (for each figure, the probability of each
applicable action; what is left to 1 is the probability of choosing no action and stopping),
a reaction system (the effect of each action on each figure of its domain), a judgement
system (a judgement for every figure) and an initial figure. Every figure-action sequence
ends when the action system chooses no action (necessarily so in an end figure), and the last
figure is judged. For a finite, cycle-free figure world the probability of every judgement
follows exactly; this module computes it with fractions.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction

from host.errors import SurroundError


@dataclass(frozen=True)
class Constellation:
    effects: dict[tuple[Hashable, Hashable], Hashable]  # (figure, action) -> next figure
    choice: dict[Hashable, dict[Hashable, Fraction]]  # figure -> {action: probability}
    judgement: dict[Hashable, Hashable]  # figure -> judgement
    start: Hashable

    def sequences(self) -> list[tuple[tuple, Fraction, Hashable]]:
        """Every judged figure-action sequence (f0, a1; f1, ...; fl) with its probability and judgement."""
        found: list[tuple[tuple, Fraction, Hashable]] = []
        self._walk(self.start, (self.start,), Fraction(1), found, depth=0)
        return found

    def _walk(self, figure, sequence: tuple, probability: Fraction, found: list, depth: int) -> None:
        if depth > len(self.judgement):
            raise SurroundError("the figure world has a cycle; judgement probabilities need a cycle-free world")
        row = self.choice.get(figure, {})
        total = sum(row.values(), Fraction(0))
        if total > 1 or any(p < 0 for p in row.values()):
            raise SurroundError(f"figure {figure}: the action probabilities must be at least 0 and add up to at most 1")
        if total < 1:
            found.append((sequence, probability * (1 - total), self.judgement[figure]))
        for action, p in row.items():
            if p == 0:
                continue
            if (figure, action) not in self.effects:
                raise SurroundError(f"action {action} is not applicable to figure {figure} but has probability {p}")
            after = self.effects[(figure, action)]
            self._walk(after, sequence + (action, after), probability * p, found, depth + 1)

    def judgement_probabilities(self) -> dict[Hashable, Fraction]:
        result: dict[Hashable, Fraction] = {}
        for _, probability, judgement in self.sequences():
            result[judgement] = result.get(judgement, Fraction(0)) + probability
        return result


def table_1() -> Constellation:
    """The example constellation of seed 000, Table 1: figures f0..f3, actions a1, a2, f0 the
    origin; a1 takes f0 to f1 and f1 to f2, a2 takes f0 to f2 and f1 to f3; the action system
    chooses a1 in f0 with 3/4 and a2 with 1/4, in f1 a1 with 1/2, a2 with 1/4 (and stops with
    1/4); f2 is judged u1, the others u2."""
    return Constellation(
        effects={("f0", "a1"): "f1", ("f1", "a1"): "f2", ("f0", "a2"): "f2", ("f1", "a2"): "f3"},
        choice={"f0": {"a1": Fraction(3, 4), "a2": Fraction(1, 4)},
                "f1": {"a1": Fraction(1, 2), "a2": Fraction(1, 4)}},
        judgement={"f0": "u2", "f1": "u2", "f2": "u1", "f3": "u2"},
        start="f0",
    )
