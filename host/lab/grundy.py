"""Grundy's game, the Nim variant of seed 002 (a lecture on two-player games).

A pile of n coins; a move splits one pile into two non-empty piles of different sizes; the
player who cannot move loses. A state is the multiset of piles, kept as a tuple sorted from
the largest pile down. The lecture computes minimax values on the complete game tree (Max
begins; a leaf is +1 when Max has won, -1 when Min has) and prunes it with alpha-beta.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from host.errors import SurroundError

Piles = tuple[int, ...]
Split = tuple[int, int, int]  # (pile, larger part, smaller part)

# The Sprague-Grundy values of a single pile of n = 0, 1, ..., 20 coins in Grundy's game
# (OEIS A002188; Berlekamp, Conway, Guy, "Winning Ways", ch. 4). Value 0 means the player to
# move loses.
KNOWN_GRUNDY_VALUES = (0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0)


@dataclass(frozen=True)
class GrundyGame:
    """Grundy's game starting from one pile of ``coins`` coins."""

    coins: int = 7

    def __post_init__(self):
        if self.coins < 1:
            raise SurroundError(f"Grundy's game needs at least one coin, not {self.coins}")

    @property
    def name(self) -> str:
        return f"Grundy's game, {self.coins} coins"

    def start(self) -> Piles:
        return (self.coins,)

    def moves(self, piles: Piles) -> list[Split]:
        """Every different split: each different pile size, larger part first, from big to small."""
        splits = []
        for pile in sorted(set(piles), reverse=True):
            for larger in range(pile - 1, pile // 2, -1):
                if larger != pile - larger:
                    splits.append((pile, larger, pile - larger))
        return splits

    def play(self, piles: Piles, split: Split) -> Piles:
        pile, larger, smaller = split
        rest = list(piles)
        rest.remove(pile)
        return tuple(sorted(rest + [larger, smaller], reverse=True))

    def result(self, piles: Piles) -> int | None:
        return None if self.moves(piles) else -1


class Counter:
    """Counts the nodes a search visits."""

    def __init__(self):
        self.nodes = 0


def minimax(game: GrundyGame, piles: Piles, maximizing: bool, counter: Counter) -> int:
    """The lecture's m(v) on the complete tree: b(v) at a leaf, max over the successors at a
    Max node, min at a Min node. Every node of the tree is visited."""
    counter.nodes += 1
    moves = game.moves(piles)
    if not moves:
        return -1 if maximizing else 1  # the player to move cannot move and has lost
    values = (minimax(game, game.play(piles, m), not maximizing, counter) for m in moves)
    return max(values) if maximizing else min(values)


def alphabeta(game: GrundyGame, piles: Piles, maximizing: bool, counter: Counter,
              alpha: int = -2, beta: int = 2) -> int:
    """Minimax with alpha-beta pruning: the remaining children of a Min node are cut off as
    soon as beta <= alpha, those of a Max node as soon as alpha >= beta."""
    counter.nodes += 1
    moves = game.moves(piles)
    if not moves:
        return -1 if maximizing else 1
    if maximizing:
        for move in moves:
            alpha = max(alpha, alphabeta(game, game.play(piles, move), False, counter, alpha, beta))
            if alpha >= beta:
                break
        return alpha
    for move in moves:
        beta = min(beta, alphabeta(game, game.play(piles, move), True, counter, alpha, beta))
        if beta <= alpha:
            break
    return beta


def tree_size(game: GrundyGame, piles: Piles | None = None) -> int:
    """Nodes of the complete game tree (what plain minimax visits), counted without visiting them."""

    @cache
    def size(state: Piles) -> int:
        return 1 + sum(size(game.play(state, m)) for m in game.moves(state))

    return size(game.start() if piles is None else piles)


@cache
def grundy_value(pile: int) -> int:
    """Sprague-Grundy value of one pile: the mex of the XORs of the two parts of every split."""
    options = {grundy_value(a) ^ grundy_value(pile - a) for a in range(1, (pile + 1) // 2) if a != pile - a}
    value = 0
    while value in options:
        value += 1
    return value


@dataclass
class SearchFigures:
    coins: int
    value: int  # minimax value of the start for Max, the first player: +1 wins, -1 loses
    nodes_minimax: int
    nodes_alphabeta: int


def search_figures(coins: int, visit_limit: int = 2_000_000) -> SearchFigures:
    """The minimax value and the nodes visited with and without alpha-beta. Trees larger than
    ``visit_limit`` nodes are not walked by plain minimax; their size is counted instead (plain
    minimax visits every node, which the tests check on the smaller trees)."""
    game = GrundyGame(coins)
    pruned = Counter()
    value = alphabeta(game, game.start(), True, pruned)
    size = tree_size(game)
    if size <= visit_limit:
        full = Counter()
        assert minimax(game, game.start(), True, full) == value
        size = full.nodes
    return SearchFigures(coins, value, size, pruned.nodes)


@dataclass
class TreeNode:
    piles: Piles
    maximizing: bool
    value: int
    children: list[TreeNode]


def game_tree(coins: int) -> TreeNode:
    """The complete game tree with minimax values, for drawing."""
    game = GrundyGame(coins)

    def build(piles: Piles, maximizing: bool) -> TreeNode:
        children = [build(game.play(piles, m), not maximizing) for m in game.moves(piles)]
        if children:
            values = [c.value for c in children]
            value = max(values) if maximizing else min(values)
        else:
            value = -1 if maximizing else 1
        return TreeNode(piles, maximizing, value, children)

    return build(game.start(), True)


def alphabeta_visited(root: TreeNode) -> set[int]:
    """The nodes (by id) that alpha-beta visits in a built tree, in the same move order as
    :func:`alphabeta`; the others are cut off."""
    visited: set[int] = set()

    def search(node: TreeNode, alpha: int, beta: int) -> int:
        visited.add(id(node))
        if not node.children:
            return node.value
        for child in node.children:
            value = search(child, alpha, beta)
            if node.maximizing:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha >= beta:
                break
        return alpha if node.maximizing else beta

    search(root, -2, 2)
    return visited
