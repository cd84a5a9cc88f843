"""Seed 004's genome for a whole tic-tac-toe player, and the genetic algorithm it sets out.

The genome has eight genes; gene i holds the *reaction pattern* for move i: one reaction to
every situation (class representative) that can occur before move i (s of them), each reaction
one of the z = 10 - i free cells. A gene therefore has z^s patterns and needs the bits of
z^s - 1: 4, 9, 34, 99, 251, 348, 324, 153, together 1,222. Move 9 needs no gene (one free cell).

Decoding as the seed describes it: read the gene as a number d, reduce it to d' = d mod z^s,
and take the reactions by repeated integer division: the reaction to situation 1 is the most
significant base-z digit of d', the reaction to situation s the least significant (d' mod z).
(The sheet writes "d' / z^s" for situation 1; with d' < z^s the digit meant is
(d' div z^(s-1)) mod z, and so on down.) Reaction r is the r-th free cell of the situation's
representative, counted row by row from 0.

The genetic algorithm: bit-flip mutation (each bit with a small probability), single-point
crossover only at the borders between genes, ageing of one generation (the children replace
the parents), parents chosen with probability proportional to their fitness.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, lru_cache

from host.lab.tictactoe import Board, canonical, situations_per_move

GENES = 8


@dataclass(frozen=True)
class GeneLayout:
    move: int  # 1..8
    situations: int  # s
    choices: int  # z, the free cells before this move
    bits: int

    @property
    def patterns(self) -> int:
        return self.choices ** self.situations


@lru_cache(maxsize=1)
def gene_layout() -> tuple[GeneLayout, ...]:
    layout = []
    for move in range(1, GENES + 1):
        s = len(situations_per_move()[move - 1])
        z = 10 - move
        layout.append(GeneLayout(move, s, z, (z ** s - 1).bit_length()))
    return tuple(layout)


def genome_bits() -> int:
    return sum(g.bits for g in gene_layout())


@lru_cache(maxsize=1)
def _situation_index() -> dict[Board, tuple[int, int]]:
    """Representative -> (move, its number among that move's situations, from 0)."""
    return {rep: (move, k) for move, reps in enumerate(situations_per_move(), start=1) for k, rep in enumerate(reps)}


@cache
def _canonical_cached(board: Board):
    return canonical(board)


def decode_gene(value: int, gene: GeneLayout) -> list[int]:
    """The reactions (free-cell numbers) to situations 1..s of the gene's move."""
    reduced = value % gene.patterns
    reactions = [0] * gene.situations
    for k in range(gene.situations - 1, -1, -1):
        reduced, reactions[k] = divmod(reduced, gene.choices)
    return reactions


def encode_gene(reactions: list[int], gene: GeneLayout) -> int:
    """The smallest gene value that decodes to ``reactions`` (the inverse of decode_gene)."""
    value = 0
    for reaction in reactions:
        if not 0 <= reaction < gene.choices:
            raise ValueError(f"move {gene.move}: reaction {reaction} is not one of the {gene.choices} free cells")
        value = value * gene.choices + reaction
    return value


@dataclass
class Genome:
    genes: tuple[int, ...]
    _tables: list[list[int]] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def random(cls, rng: random.Random) -> Genome:
        return cls(tuple(rng.getrandbits(g.bits) for g in gene_layout()))

    def tables(self) -> list[list[int]]:
        if self._tables is None:
            self._tables = [decode_gene(v, g) for v, g in zip(self.genes, gene_layout())]
        return self._tables

    def bits(self) -> str:
        """The genome as one bit string, gene 1 first."""
        return "".join(format(v, f"0{g.bits}b") for v, g in zip(self.genes, gene_layout()))

    def choose(self, board: Board, moves=None) -> int:
        """The genome's move: map the board onto its representative, look up the reaction, map back."""
        free = [i for i, cell in enumerate(board) if cell == 0]
        if len(free) == 1:
            return free[0]
        representative, permutation = _canonical_cached(board)
        move, number = _situation_index()[representative]
        reaction = self.tables()[move - 1][number]
        rep_free = [i for i, cell in enumerate(representative) if cell == 0]
        return permutation[rep_free[reaction]]


def mutate(genome: Genome, rate: float, rng: random.Random) -> Genome:
    """Flip every bit independently with probability ``rate``."""
    genes = []
    for value, gene in zip(genome.genes, gene_layout()):
        for bit in range(gene.bits):
            if rng.random() < rate:
                value ^= 1 << bit
        genes.append(value)
    return Genome(tuple(genes))


def crossover(a: Genome, b: Genome, rng: random.Random) -> tuple[Genome, Genome]:
    """Single-point crossover at a random border between two genes."""
    cut = rng.randrange(1, GENES)
    return Genome(a.genes[:cut] + b.genes[cut:]), Genome(b.genes[:cut] + a.genes[cut:])


@dataclass
class Generation:
    number: int
    best: float
    mean: float


@dataclass
class EvolutionRun:
    history: list[Generation]
    best: Genome
    best_fitness: float


def evolve(fitness: Callable[[Genome], float], rng: random.Random, population: int = 30, generations: int = 20,
           mutation_rate: float = 0.002, crossover_rate: float = 0.9,
           on_generation: Callable[[Generation], None] | None = None) -> EvolutionRun:
    """The seed's genetic algorithm; returns the fitness per generation and the best genome seen."""
    people = [Genome.random(rng) for _ in range(population)]
    history: list[Generation] = []
    best, best_fitness = people[0], -1.0
    for number in range(generations + 1):
        scores = [fitness(g) for g in people]
        top = max(range(population), key=scores.__getitem__)
        if scores[top] > best_fitness:
            best, best_fitness = people[top], scores[top]
        history.append(Generation(number, scores[top], sum(scores) / population))
        if on_generation:
            on_generation(history[-1])
        if number == generations:
            break
        weights = [s + 1e-9 for s in scores]
        children: list[Genome] = []
        while len(children) < population:
            mother, father = rng.choices(people, weights=weights, k=2)
            if rng.random() < crossover_rate:
                mother, father = crossover(mother, father, rng)
            children += [mutate(mother, mutation_rate, rng), mutate(father, mutation_rate, rng)]
        people = children[:population]  # ageing of one generation: the parents die
    return EvolutionRun(history, best, best_fitness)
