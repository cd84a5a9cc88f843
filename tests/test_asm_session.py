"""The 6502 game as a session: the HELP page, surviving RESET, and honest lesson messages."""

from __future__ import annotations

import pytest

from emulator.keyboard import KEYCODES
from host.game.records import parse_game, sheep_moves_of
from host.game.rules import BLACKLIST_BYTES, Blacklist, Move, Position, apply_sheep_move, legal_sheep_moves
from tests.asm_support import assert_layout_intact, board_shows, make_engine, peek
from tests.game_support import SEED_EXAMPLE, forcing_blacklist


@pytest.fixture(scope="module")
def engine():
    return make_engine(seed=31)


def press(engine, name: str) -> None:
    engine.atari.press_key(KEYCODES[name])
    assert engine.atari.run_until_idle(120)


def test_help_shows_the_rules_and_returns_to_the_game_as_it_was(engine) -> None:
    engine.new_game()
    engine.atari.type_text("2,")
    before = engine.atari.screen_codes()
    press(engine, "HELP")
    text = engine.atari.screen_text().replace("█", " ")  # (inverse blanks)
    assert "HOW TO PLAY" in text and "BLACK" in text and "15 SHEEP MOVES" in text
    assert "PRESS ANY KEY" in text and peek(engine, "inputwait") == 1
    press(engine, "SPACE")
    assert engine.atari.screen_codes() == before, "the game screen comes back unchanged"
    engine.atari.type_text("3\n")                      # the half-typed line goes on
    assert peek(engine, "lasterr") == 0 and peek(engine, "movenum") == 1


def test_reset_brings_back_the_game_and_its_black_list(engine) -> None:
    blacklist = Blacklist()
    for nr in (5, 99, 1000):
        blacklist.add(nr)
    engine.load_blacklist(blacklist.to_bytes())
    engine.new_game()
    reply = engine.sheep_move(2, 3)
    before = engine.atari.screen_codes()
    engine.atari.type_text("1,")                       # RESET in the middle of typing
    engine.atari.reset(warm=True)
    assert engine.atari.run_until_idle(600), "the game waits for keys again after RESET"
    assert peek(engine, "inputwait") == 1
    assert engine.position() == reply.position and peek(engine, "movenum") == 1
    assert engine.blacklist_bytes() == blacklist.to_bytes() and engine.learned() == 3
    text = engine.atari.screen_text()
    assert "MOVE 1/15" in text and "LEARNED     3" in text and "MEMO" not in text.upper()
    assert_layout_intact(engine, before)
    board_shows(engine, reply.position)
    engine.sheep_move(*legal_sheep_moves(reply.position)[0])  # whatever the wolf's random reply was
    assert peek(engine, "movenum") == 2


def replay_seed_example(engine, final_blacklist: bytes) -> None:
    """Play the article's example game (the wolf steered by forcing black lists); before the
    trapping move the black list becomes `final_blacklist`."""
    positions = parse_game(SEED_EXAMPLE)
    engine.new_game()
    sheep_moves = sheep_moves_of(positions)
    for turn, sheep_move in enumerate(sheep_moves):
        after_sheep = apply_sheep_move(positions[2 * turn], sheep_move)
        if turn == len(sheep_moves) - 1:
            engine.load_blacklist(final_blacklist)
        else:
            wanted = Move(after_sheep.wolf, positions[2 * turn + 2].wolf)
            engine.load_blacklist(forcing_blacklist(Blacklist(), after_sheep, wanted))
        engine.sheep_move(*sheep_move)
    assert peek(engine, "gamestate") == 1, "the wolf is trapped"


def test_a_sheep_win_shows_the_new_lesson(engine) -> None:
    replay_seed_example(engine, bytes(BLACKLIST_BYTES))
    text = engine.atari.screen_text()
    assert "LEARNED: 6,8,10-11 IS LOST (NR 1310)" in text
    assert "NOTHING NEW" not in text


def test_a_sheep_win_from_a_known_position_says_nothing_new(engine) -> None:
    known = Blacklist()
    known.add(Position.parse("6,8,10-11").nr)
    known.add(Position.parse("1,2,4-6").nr)
    replay_seed_example(engine, known.to_bytes())
    text = engine.atari.screen_text().replace("█", " ")  # the result is in inverse video
    assert "NOTHING NEW: 6,8,10-11 WAS KNOWN." in text
    assert "IS LOST" not in text, "no older lesson is passed off as this game's"
    assert engine.learned() == 2 and Blacklist(engine.blacklist_bytes()).nrs() == known.nrs()
    assert "THE WOLF IS TRAPPED - THE SHEEP WIN!" in text
