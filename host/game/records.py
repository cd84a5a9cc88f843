"""Game records in the seed's notation: one game per line, one position per half-move.

    1,2,4-6 2,3,4-6 2,3,4-8 2,3,6-8 ...

A game starts at 1,2,4-6; after that the sheep and the wolf take turns, and each position
must follow from the one before by a legal move of the side to move. A line may stop in
the middle of a game (a game so far) but not go on after the game ended. Blank lines and
lines starting with '#' are ignored. A malformed line raises SurroundError naming the
file, the line number and the problem.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from host.errors import SurroundError
from host.files import write_atomically
from host.game.game import SHEEP_TO_MOVE, Game
from host.game.rules import START, Move, Position


def format_game(positions: Iterable[Position]) -> str:
    """One record line: the positions separated by single spaces."""
    return " ".join(str(position) for position in positions)


def move_between(before: Position, after: Position) -> Move:
    """The move that turns ``before`` into ``after`` (sheep or wolf), or SurroundError."""
    if before.wolf == after.wolf:
        gone = set(before.sheep) - set(after.sheep)
        came = set(after.sheep) - set(before.sheep)
        if len(gone) == 1 and len(came) == 1:
            return Move(gone.pop(), came.pop())
    elif before.sheep == after.sheep:
        return Move(before.wolf, after.wolf)
    raise SurroundError(f"{after} does not follow from {before} by moving one piece")


def parse_game(text: str) -> list[Position]:
    """Check one record line move by move; SurroundError says what is wrong."""
    tokens = text.split()
    if not tokens:
        raise SurroundError("the line holds no positions")
    positions = []
    for number, token in enumerate(tokens, start=1):
        try:
            positions.append(Position.parse(token))
        except SurroundError as error:
            raise SurroundError(f"position {number} ({token!r}): {error}") from None
    if positions[0] != START:
        raise SurroundError(f"a game starts at {START}, not at {positions[0]}")
    game = Game()
    for number, (before, after) in enumerate(zip(positions, positions[1:]), start=2):
        if game.over:
            raise SurroundError(f"position {number} ({after}) comes after the game ended ({game.result})")
        try:
            move = move_between(before, after)
            if game.state == SHEEP_TO_MOVE:
                game.play_sheep(*move)
            else:
                game.play_wolf(*move)
        except SurroundError as error:
            raise SurroundError(f"position {number} ({after}): {error}") from None
    return positions


def parse_records(text: str, source: str = "<records>") -> list[list[Position]]:
    """Every game of a records text; errors name ``source`` and the line number."""
    games = []
    for line_number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        try:
            games.append(parse_game(stripped))
        except SurroundError as error:
            raise SurroundError(f"{source}, line {line_number}: {error}") from None
    return games


def read_records(path: str | os.PathLike) -> list[list[Position]]:
    """Read a records file (see the module doc)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise SurroundError(f"{path}: a records file is UTF-8 text; this file is not") from None
    except OSError as error:
        raise SurroundError(f"{path}: cannot read records ({error.strerror or error})") from None
    return parse_records(text, str(path))


def write_records(path: str | os.PathLike, games: Iterable[Sequence[Position]]) -> None:
    """Write games one per line, replacing the file atomically."""
    text = "".join(format_game(positions) + "\n" for positions in games)
    write_atomically(path, text.encode("utf-8"))


def sheep_moves_of(positions: Sequence[Position]) -> list[Move]:
    """The sheep's moves of a recorded game (every other move, starting with the first)."""
    return [move_between(a, b) for a, b in zip(positions[0::2], positions[1::2])]
