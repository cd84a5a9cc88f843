"""Terminal drawing of the board: the point numbers of docs/rules.md beside the pieces.

        02----05----08                SS----··----··
      /  |  \\  |  /  |  \\            /  |  \\  |  /  |  \\
    01--03----06----09--11        SS--··----WW----··--··
      \\  |  /  |  \\  |  /            \\  |  /  |  \\  |  /
        04----07----10                SS----··----··
"""

from __future__ import annotations

from host.game.rules import POINTS, Position

BOARD_TEMPLATE = (
    "        {2}----{5}----{8}",
    "      /  |  \\  |  /  |  \\",
    "    {1}--{3}----{6}----{9}--{11}",
    "      \\  |  /  |  \\  |  /",
    "        {4}----{7}----{10}",
)

SHEEP_MARK = "SS"
WOLF_MARK = "WW"
EMPTY_MARK = "\u00b7\u00b7"  # two middle dots
GAP = "    "


def _fill(labels: dict[int, str]) -> list[str]:
    return [line.format(*([""] + [labels[point] for point in POINTS])) for line in BOARD_TEMPLATE]


def number_lines() -> list[str]:
    """The board with its point numbers (02, 05, ...), as in docs/rules.md."""
    return _fill({point: f"{point:02d}" for point in POINTS})


def piece_lines(position: Position) -> list[str]:
    """The board with SS for a sheep, WW for the wolf and dots for empty points."""
    def mark(point: int) -> str:
        if point == position.wolf:
            return WOLF_MARK
        return SHEEP_MARK if point in position.sheep else EMPTY_MARK

    return _fill({point: mark(point) for point in POINTS})


def draw_board(position: Position) -> str:
    """Numbers on the left, pieces on the right, and the position in the seed's notation."""
    numbers = number_lines()
    width = max(len(line) for line in numbers)
    rows = [f"{left:<{width}}{GAP}{right}" for left, right in zip(numbers, piece_lines(position))]
    sheep = ", ".join(str(point) for point in position.sheep)
    rows.append("")
    rows.append(f"Sheep (SS) on {sheep}; wolf (WW) on {position.wolf}.   Position {position}")
    return "\n".join(rows)
