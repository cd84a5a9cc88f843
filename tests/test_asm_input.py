"""No input can break the 6502 game's screen: over-long lines, cursor keys over the board,
CLEAR, DELETE. The game reads single keys from K: and draws its own bounded input field; the
harness still drives it by typing, key by key, as a person does."""

from __future__ import annotations

import pytest

from emulator.keyboard import KEYCODES
from host.game.rules import Position
from tests.asm_support import (
    assert_layout_intact,
    board_shows,
    make_engine,
    peek,
    type_line,
)

INFIELD = 30
INPUT_ROW, FIELD_COLUMN = 21, 2


@pytest.fixture(scope="module")
def engine():
    return make_engine(seed=21)


def legal_move_goes_on(engine) -> None:
    """A legal move after the mess: the game continues and the board shows the new position."""
    moves = peek(engine, "movenum")
    reply = engine.sheep_move(2, 3)
    assert peek(engine, "movenum") == moves + 1 and peek(engine, "lasterr") == 0
    board_shows(engine, reply.position)
    assert f"MOVE {moves + 1}/15" in engine.screen_text()


@pytest.mark.parametrize("length", [80, 200])
def test_an_overlong_line_cannot_break_the_screen(engine, length: int) -> None:
    engine.new_game()
    before = engine.atari.screen_codes()
    line = ("9,10 HELLO WOLF 1234567890 ,,, " * 10)[:length]
    engine.atari.type_text(line)
    field = engine.atari.screen_codes()[INPUT_ROW]
    shown = bytes(ord(c) - 0x20 for c in line[:INFIELD])
    assert field[FIELD_COLUMN:FIELD_COLUMN + INFIELD] == shown, "the field keeps the first characters"
    assert field[FIELD_COLUMN + INFIELD] == 0x80, "the cursor stands after the full field"
    assert set(field[FIELD_COLUMN + INFIELD + 1:]) == {0}
    engine.atari.type_text("\n")
    assert peek(engine, "lasterr") == 6 and "TYPE FROM,TO" in engine.screen_text()
    assert_layout_intact(engine, before)
    board_shows(engine, Position.parse("1,2,4-6"))
    legal_move_goes_on(engine)
    assert_layout_intact(engine, before)


def test_cursor_keys_over_the_board_then_return_read_nothing_from_the_screen(engine) -> None:
    engine.new_game()
    before = engine.atari.screen_codes()
    atari = engine.atari
    for name, times in (("-", 12), ("*", 9), ("=", 3), ("+", 2)):  # CONTROL + - * = +: the arrows
        for _ in range(times):
            atari.press_key(KEYCODES[name], ctrl=True)
            atari.run_until_idle(60)
    assert atari.screen_codes() == before, "cursor keys must not move anything on the screen"
    type_line(engine, "")
    assert peek(engine, "lasterr") == 6, "RETURN alone during a game: a hint, not a board line"
    assert_layout_intact(engine, before)
    board_shows(engine, Position.parse("1,2,4-6"))
    legal_move_goes_on(engine)


def test_delete_and_clear_edit_the_field_only(engine) -> None:
    engine.new_game()
    before = engine.atari.screen_codes()
    engine.atari.type_text("7,7,7")
    engine.atari.press_key(KEYCODES["<"], shift=True)      # CLEAR: the field is empty again
    engine.atari.run_until_idle(60)
    engine.atari.type_text("2,4")
    engine.atari.press_key(KEYCODES["BACKSPACE"])           # DELETE BACK S takes the 4 back
    engine.atari.run_until_idle(60)
    engine.atari.type_text("3")
    assert engine.atari.screen_text().splitlines()[INPUT_ROW].startswith("  2,3█")
    engine.atari.type_text("\n")
    assert peek(engine, "lasterr") == 0 and peek(engine, "movenum") == 1
    assert_layout_intact(engine, before)
    assert engine.atari.screen_text().splitlines()[INPUT_ROW].strip() == "█"


# -- issue 17 item 9: the command keys act as the footer reads ("N NEW GAME  C CLEAR LIST") ---------


def test_n_alone_starts_a_new_game_without_return(engine) -> None:
    engine.new_game()
    games, lines = engine.atari.peek_word(engine.labels["gamenum"]), peek(engine, "inputseq")
    engine.atari.type_text("n")
    assert engine.atari.peek_word(engine.labels["gamenum"]) == games + 1, "N acts at once"
    assert peek(engine, "inputseq") == (lines + 1) & 0xFF and peek(engine, "inputwait") == 1
    assert "N NEW GAME  C CLEAR LIST" in engine.screen_text().splitlines()[23]


def test_a_letter_after_spaces_counts_only_alone_on_its_line(engine) -> None:
    engine.new_game()
    games = engine.atari.peek_word(engine.labels["gamenum"])
    for line in (" NNCN1,", " N1,2", " CX"):
        type_line(engine, line)
        assert peek(engine, "lasterr") == 6, line
        assert engine.atari.peek_word(engine.labels["gamenum"]) == games and peek(engine, "asking") == 0, line
    type_line(engine, "  N  ")  # the word alone, RETURN: a new game
    assert engine.atari.peek_word(engine.labels["gamenum"]) == games + 1
