"""The 1976 Mühle program's evaluation (seed 003, Abb. 4) and the players built on it.

The article's program judges every possible move by one evaluation routine that adds points
for criteria, with different points in the different phases of the game (C: a stone of the
computer, i.e. the player who judges; S: a stone of its opponent, "der Spieler"):

  A-F  placing (A: both have placed fewer than 7; B-F: the last stones)
  G    both move         H  computer moves, player jumps
  I    computer jumps, player moves          J  both jump

Abb. 4 gives the points for A, G, H, I and J; B-F "differ only slightly" from A and are not
given, so the lab uses A's points for them. The figures of several criteria are damaged in
the seed; docs/lab.md says how each one is read here. The article's two worked examples
(Fall G, Fall A) are reproduced from their criterion counts by the tests.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from host.lab.muehle import (
    EMPTY,
    LINES,
    LINES_THROUGH,
    NEIGHBOURS,
    Move,
    Muehle,
    Position,
    after_step,
    closes_mill,
    finish,
    removable,
    steps,
)

CRITERIA = (
    "neighbour places per stone",  # 1
    "stone on a crossing",  # 2
    "computer mill C-C-C",  # 3
    "new mill of the computer",  # 4
    "computer two C-C-o, C-o-C",  # 5
    "player two S-S-o, S-o-S",  # 6
    "empty crossing of two lines with one C each",  # 7
    "two computer twos sharing a stone",  # 8
    "empty crossing of two lines with one S each",  # 9
    "player line with one stone S-o-o",  # 10
    "computer line with one stone C-o-o",  # 11
    "computer stone next to a player's mill",  # 12
    "player's open mills minus new computer mills",  # 13
    "open unthreatened computer mill",  # 14
    "player has x moves",  # 15
)

# Abb. 4: points per criterion (1..15) in phases A, G, H, I, J. Criterion 4 in H is
# footnote a) (1000 if the player has no mill, else 0), criterion 14 depends on the open mills
# (see open_mill_points), criterion 15 is footnote b): 20 / (x + 0.01).
POINTS = {
    "A": (1.5, 14, 120, 0, 8, -90, 7, 60, -40, -20, 15, 20, 0, 0, 0),
    "G": (1.5, 0, 40, 120, 0, 0, 0, 10, 0, 0, 0, 30, -90, 90, 1),
    "H": (1.5, 0, 40, None, 0, -90, 0, 10, -30, 0, 0, 30, 0, 90, 0),
    "I": (1.5, 0, 0, 1000, 40, 0, 14, 50, 0, 0, 2, 0, -900, 0, 1),
    "J": (1.5, 0, 0, 1000, 8, -900, 7, 800, -700, -600, 2, 0, 0, 0, 0),
}
PHASE_NAMES = {"A": "placing", "B": "placing", "C": "placing", "D": "placing", "E": "placing", "F": "placing",
               "G": "both move", "H": "computer moves, player jumps", "I": "computer jumps, player moves",
               "J": "both jump"}


def phase(position: Position, computer: int) -> str:
    """The article's phase letter A-J for ``computer`` (placed counts before the move)."""
    player = 3 - computer
    mine, theirs = position.placed(computer), position.placed(player)
    if position.hand(computer) or position.hand(player):
        low, high = sorted((mine, theirs))
        return {(6, 7): "B", (7, 7): "C", (7, 8): "D", (8, 8): "E", (8, 9): "F"}.get((low, high), "A")
    return {(False, False): "G", (False, True): "H", (True, False): "I", (True, True): "J"}[
        (position.jumping(computer), position.jumping(player))]


def points_of(letter: str) -> tuple:
    return POINTS["A" if letter in "ABCDEF" else letter]


def open_mills(position: Position, owner: int) -> list[int]:
    """Gaps of ``owner``'s open mills: a line with two of its stones and an empty point that it
    can fill with its next move (a stone in hand, a stone next to the gap, or jumping)."""
    board = position.board
    gaps = []
    for line in LINES:
        cells = [board[p] for p in line]
        if cells.count(owner) == 2 and cells.count(EMPTY) == 1:
            gap = line[cells.index(EMPTY)]
            if position.hand(owner) or position.jumping(owner) or any(
                    board[n] == owner and n not in line for n in NEIGHBOURS[gap]):
                gaps.append(gap)
    return gaps


def threatened(position: Position, gap: int, attacker: int) -> bool:
    """Can ``attacker`` put a stone on ``gap`` with its next move?"""
    board = position.board
    return bool(position.hand(attacker)) or position.jumping(attacker) or any(
        board[n] == attacker for n in NEIGHBOURS[gap])


def mills(board: tuple[int, ...], owner: int) -> int:
    return sum(1 for line in LINES if all(board[p] == owner for p in line))


def counts(position: Position, computer: int, new_mills: int) -> list[float]:
    """The number of times each criterion 1..15 applies (criterion 15: the player's moves x)."""
    board = position.board
    player = 3 - computer
    c = [0.0] * 15
    line_cells = [[board[p] for p in line] for line in LINES]
    for p in range(24):
        if board[p] == computer:
            c[0] += sum(1 for n in NEIGHBOURS[p] if board[n] == EMPTY)
            if len(NEIGHBOURS[p]) == 4:
                c[1] += 1
            if any(board[n] == player and closes_mill(board, n, player) for n in NEIGHBOURS[p]):
                c[11] += 1
            twos = [line for line in LINES_THROUGH[p] if _has(board, line, computer, 2, 1)]
            if len(twos) == 2:
                c[7] += 1
        elif board[p] == EMPTY:
            a, b = LINES_THROUGH[p]
            if _has(board, a, computer, 1, 2) and _has(board, b, computer, 1, 2):
                c[6] += 1
            if _has(board, a, player, 1, 2) and _has(board, b, player, 1, 2):
                c[8] += 1
    for cells in line_cells:
        empty = cells.count(EMPTY)
        if cells.count(computer) == 3:
            c[2] += 1
        elif cells.count(computer) == 2 and empty == 1:
            c[4] += 1
        elif cells.count(player) == 2 and empty == 1:
            c[5] += 1
        elif cells.count(player) == 1 and empty == 2:
            c[9] += 1
        elif cells.count(computer) == 1 and empty == 2:
            c[10] += 1
    c[3] = new_mills
    player_open = open_mills(position, player)
    c[12] = max(0, len(player_open) - new_mills)
    c[13] = sum(1 for gap in open_mills(position, computer) if not threatened(position, gap, player))
    c[14] = len(steps(position, player))
    return c


def _has(board, line, owner: int, own: int, empty: int) -> bool:
    cells = [board[p] for p in line]
    return cells.count(owner) == own and cells.count(EMPTY) == empty


def open_mill_points(position: Position, computer: int, letter: str) -> float:
    """Criterion 14's points per open unthreatened mill: 90 (G, H) if the player has no open
    mill, 45 if both have at least one open and one closed mill, else 0."""
    full = points_of(letter)[13]
    if not full:
        return 0.0
    player = 3 - computer
    if not open_mills(position, player):
        return float(full)
    both = all(open_mills(position, side) and mills(position.board, side) for side in (computer, player))
    return full / 2 if both else 0.0


def score(criterion_counts: list[float], letter: str, player_has_mill: bool = False,
          open_mill_value: float | None = None) -> tuple[float, list[float]]:
    """Total points and the points per criterion for given criterion counts in phase ``letter``."""
    weights = list(points_of(letter))
    if weights[3] is None:  # footnote a)
        weights[3] = 0 if player_has_mill else 1000
    if open_mill_value is not None:
        weights[13] = open_mill_value
    parts = [w * n for w, n in zip(weights[:14], criterion_counts[:14])]
    parts.append(20 / (criterion_counts[14] + 0.01) if weights[14] else 0.0)
    return round(sum(parts), 2), parts


def evaluate(position: Position, computer: int, new_mills: int, letter: str) -> float:
    """The article's evaluation of ``position`` (after the computer's step) for ``computer``."""
    return _judge(position, computer, new_mills, letter)[0]


@dataclass
class Judgement:
    """One candidate step (or removal) with its points, total and per criterion."""

    step: tuple[int | None, int]
    removed: int | None
    total: float
    parts: list[float]
    board: tuple[int, ...]
    new_mills: int


def _judge(position: Position, computer: int, new_mills: int, letter: str) -> tuple[float, list[float]]:
    found = counts(position, computer, new_mills)
    return score(found, letter, player_has_mill=mills(position.board, 3 - computer) > 0,
                 open_mill_value=open_mill_points(position, computer, letter))


def judge_steps(position: Position) -> list[Judgement]:
    """Every step of the player to move, judged by the article's evaluation, best first."""
    computer = position.to_move
    letter = phase(position, computer)
    hand_after = _hand_after(position)
    judged = []
    for step in steps(position, computer):
        board = after_step(position, step)
        made = closes_mill(board, step[1], computer)
        interim = Position(board, computer, hand_after if step[0] is None else position.in_hand)
        total, parts = _judge(interim, computer, made, letter)
        judged.append(Judgement(step, None, total, parts, board, made))
    return sorted(judged, key=lambda j: -j.total)


def judge_removals(position: Position, chosen: Judgement) -> list[Judgement]:
    """After a mill: every stone that may be taken, judged the same way (the article's Fall A), best first."""
    computer = position.to_move
    letter = phase(position, computer)
    judged = []
    for stone in removable(chosen.board, 3 - computer):
        after = finish(position, chosen.board, chosen.step[0] is None, stone)
        total, parts = _judge(Position(after.board, computer, after.in_hand), computer, chosen.new_mills, letter)
        judged.append(Judgement(chosen.step, stone, total, parts, after.board, chosen.new_mills))
    return sorted(judged, key=lambda j: -j.total)


def one_ply_player(rng: random.Random):
    """The article's program: judge every step by the evaluation, take the best; after a mill,
    judge every removal the same way. Ties are broken at random."""

    def choose(position: Position, moves: list[Move]) -> Move:
        steps_judged = judge_steps(position)
        top = steps_judged[0].total
        chosen = rng.choice([j for j in steps_judged if j.total == top])
        if not chosen.new_mills:
            return (chosen.step[0], chosen.step[1], None)
        removals = judge_removals(position, chosen)
        best = removals[0].total
        return (chosen.step[0], chosen.step[1], rng.choice([j.removed for j in removals if j.total == best]))

    return choose


def _hand_after(position: Position) -> tuple[int, int]:
    hand = list(position.in_hand)
    hand[position.to_move - 1] -= 1
    return hand[0], hand[1]


WIN_POINTS = 1_000_000.0
STONE_POINTS = 1_000.0


class AlphaBeta:
    """A deeper player: alpha-beta over whole turns (step and removal) to ``depth`` plies, the
    leaves judged by the same evaluation from the searcher's side (Max = the searcher).

    The article's points hold no count of the stones: a mill is worth something only in the
    move that closes it (criterion 4). Deeper down that move is no longer the last one, so the
    searcher adds STONE_POINTS per stone of difference; without it, a search of depth 2 would
    not see that a mill takes a stone."""

    def __init__(self, depth: int, rng: random.Random):
        self.depth = depth
        self.rng = rng
        self.game = Muehle()
        self.nodes = 0

    def __call__(self, position: Position, moves: Sequence[Move]) -> Move:
        me = position.to_move
        best_value, best = -float("inf"), []
        for move in self._order(moves):
            # a window just below the best so far: moves that tie are valued exactly, worse ones fail low
            value = self._search(self.game.play(position, move), self.depth - 1, best_value - 1e-6, float("inf"), me,
                                 _new_mills(position, move))
            if value > best_value:
                best_value, best = value, [move]
            elif value == best_value:
                best.append(move)
        return self.rng.choice(best)

    def _order(self, moves: Sequence[Move]) -> list[Move]:
        return sorted(moves, key=lambda m: m[2] is None)  # mills first: more cut-offs

    def _search(self, position: Position, depth: int, alpha: float, beta: float, me: int,
                last_new_mills: int) -> float:
        self.nodes += 1
        outcome = self.game.result(position)
        if outcome is not None:
            return WIN_POINTS if (position.to_move != me) else -WIN_POINTS
        if depth == 0:
            made = last_new_mills if position.to_move != me else 0
            material = position.remaining(me) - position.remaining(3 - me)
            return evaluate(position, me, made, phase(position, me)) + STONE_POINTS * material
        moves = self._order(self.game.moves(position))
        if position.to_move == me:
            for move in moves:
                alpha = max(alpha, self._search(self.game.play(position, move), depth - 1, alpha, beta, me,
                                                _new_mills(position, move)))
                if alpha >= beta:
                    break
            return alpha
        for move in moves:
            beta = min(beta, self._search(self.game.play(position, move), depth - 1, alpha, beta, me,
                                          _new_mills(position, move)))
            if beta <= alpha:
                break
        return beta


def _new_mills(position: Position, move: Move) -> int:
    board = after_step(position, (move[0], move[1]))
    return closes_mill(board, move[1], position.to_move)
