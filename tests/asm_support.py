"""Helpers for the tests of the 6502 game in the emulator (AsmEngine): making an engine,
reading its labels, typing, and the checks of the game's screen layout."""

from __future__ import annotations

from host.game.rules import Position


def make_engine(seed: int = 1):
    """An AsmEngine (a missing or broken OS ROM fails the test: it is a core part)."""
    from host.engines.asm import AsmEngine

    return AsmEngine(seed=seed)


def peek(engine, label: str, offset: int = 0) -> int:
    return engine.atari.peek(engine.labels[label] + offset)


def type_line(engine, text: str) -> None:
    engine.atari.type_text(text + "\n")


#: the screen cell (row, column) of each board point: asm/surround/screen.s PTROW/PTCOL + ROW_BOARD
POINT_CELLS = {
    1: (6, 7), 2: (2, 13), 3: (6, 13), 4: (10, 13), 5: (2, 19), 6: (6, 19), 7: (10, 19),
    8: (2, 25), 9: (6, 25), 10: (10, 25), 11: (6, 31),
}
G_NODE, G_SHEEP, G_WOLF_INVERSE = 0x54, 0x50, 0x7B | 0x80
STATIC_ROWS = (0, 1, 11, 12, 13, 22, 23)  # title, board frame rows, legend, footer: never change


def board_shows(engine, position: Position) -> None:
    """Every point's cell shows what stands there (and its number) - nothing stale, nothing shifted."""
    codes = engine.atari.screen_codes()
    for point, (row, col) in POINT_CELLS.items():
        if point == position.wolf:
            expected = G_WOLF_INVERSE
        elif point in position.sheep:
            expected = G_SHEEP
        else:
            expected = G_NODE
        assert codes[row][col] == expected, f"point {point}: screen code ${codes[row][col]:02X}"
        number = f"{point:02d}"
        digits = bytes(ord(d) - 0x20 | (expected & 0x80) for d in number)
        assert codes[row][col + 1:col + 3] == digits, f"point {point}: its number is not drawn"


def assert_layout_intact(engine, before: list[bytes]) -> None:
    """Title, board lines, legend, table headings and footer as before; the prompt in its row."""
    codes = engine.atari.screen_codes()
    for row in STATIC_ROWS:
        assert codes[row] == before[row], f"row {row} changed:\n{engine.screen_text()}"
    for row in range(2, 11):  # the board's lines (the point cells are checked by board_shows)
        cells = set(range(40)) - {c + d for r, c in POINT_CELLS.values() if r == row for d in range(3)}
        assert all(codes[row][c] == before[row][c] for c in cells), f"board row {row} changed"
    text = engine.screen_text().splitlines()
    assert "WON  LOST" in text[14] and "LEARNED" in text[15] and "POSITIONS" in text[16]
    assert "YOUR MOVE, SHEEP (FROM,TO)?" in text[20]
    assert text[22].strip() == "", "nothing may run on below the input row"
