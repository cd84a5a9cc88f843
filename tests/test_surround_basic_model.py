"""basic/surround.lst played on the Python model of the BASIC runtime (tests/basic_model_support.py),
checked move by move against the reference by the project's own lockstep harness (the
engine, tests/basic_engines_support.py, types "FROM,TO" RETURN and reads the program's variables by
name, as the emulator's will).
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host.engines.harness import LockstepChecker
from host.game.players import parse_sheep_spec
from host.game.rules import BLACKLIST_BYTES, Position, nr_of
from tests.basic_engines_support import BLACKLIST_FILE, ModelEngine
from tests.basic_model_support import BasicModel
from tests.game_support import SEED_EXAMPLE


@pytest.mark.parametrize(("sheep", "seed"), [("mix:0.5", 1), ("random", 2), ("perfect", 3)])
def test_lockstep_against_the_reference(sheep, seed):
    engine = ModelEngine(seed=seed)
    summary = LockstepChecker(engine, parse_sheep_spec(sheep, seed=seed)).run(12)
    assert summary.mismatch is None, summary.mismatch.report()
    assert summary.final_blacklists_equal
    if summary.learned:  # the file holds what was learned (saved after every lesson)
        assert engine.model.files[BLACKLIST_FILE] == engine.blacklist_bytes()


def test_the_seeds_example_game_teaches_6_8_10_11():
    engine = ModelEngine()
    positions = [Position.parse(text) for text in SEED_EXAMPLE.split()]
    wanted_targets = iter(after.wolf for before, after in zip(positions[1::2], positions[2::2]))
    state = {}

    def choose(model: BasicModel) -> Decimal:
        """RND for the example's wolf moves: the fraction that picks the wanted target."""
        good = int(model.value("NG"))
        table, count = ("GD(", good) if good else ("MV(", int(model.value("NM")))
        targets = [int(model.array_value(table, index)) for index in range(count)]
        return (Decimal(targets.index(state["target"])) + Decimal("0.5")) / count

    engine.model.rnd_source = choose
    for before, after in zip(positions[:-1:2], positions[1::2]):
        src, = set(before.sheep) - set(after.sheep)
        dst, = set(after.sheep) - set(before.sheep)
        state["target"] = next(wanted_targets, None)
        reply = engine.sheep_move(src, dst)
    assert reply.result == "trapped"
    assert engine.var("LNR") == 1310 == nr_of((6, 8, 10), 11)
    assert engine.var("LEARNED") == 1
    assert "LEARNED: 6,8,10-11 IS LOST (NR 1310)" in engine.model.screen.text()
    assert engine.model.files[BLACKLIST_FILE] == engine.blacklist_bytes()


def test_black_list_file_round_trip_and_broken_files():
    data = bytes(((index * 37) % 256) for index in range(BLACKLIST_BYTES))
    engine = ModelEngine(files={BLACKLIST_FILE: data})
    assert engine.blacklist_bytes() == data
    assert engine.var("CANSAVE") == 1
    short = ModelEngine(files={BLACKLIST_FILE: data[:100]})
    assert short.blacklist_bytes() == bytes(BLACKLIST_BYTES) and short.var("CANSAVE") == 0
    long = ModelEngine(files={BLACKLIST_FILE: data + b"X"})
    assert long.var("CANSAVE") == 0 and long.var("LEARNED") == 0
    fresh = ModelEngine()
    assert fresh.var("CANSAVE") == 1 and fresh.var("LEARNED") == 0


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(
    st.text(alphabet=" 0123456789,NCYnxc-!.", max_size=40),
    st.sampled_from(["\x7e", "\x7d", "\x9c", "\x1c", "\x1f", "\x1b", "\xa0", "\x7f"]),
), max_size=8))
@pytest.mark.slow
def test_no_input_breaks_the_screen(lines):
    """Any keys (overlong lines, DELETE, CLEAR, cursor keys, ESC, inverse): the model raises
    if the program ever prints into the last column or scrolls; rows outside 17-21 keep
    their texts."""
    engine = ModelEngine()
    fixed = [engine.model.screen.row_text(row) for row in (0, 12, 23)]
    for text in lines:
        engine.model.type(text + "\n")
        engine.expect_waiting(f"after {text!r}")
    assert [engine.model.screen.row_text(row) for row in (0, 12, 23)] == fixed


def test_the_screen_is_the_6502_games(tmp_path):
    """Start screen (both with a D: that holds no SURROUND.BLK yet), a refused move and the rules
    page, cell for cell as the 6502 game's; only the help row differs: BASIC's GET never sees the
    HELP key, so the rules are "H"."""
    from emulator.headless import HeadlessAtari
    from host.engines.asm import ensure_built

    atari = HeadlessAtari(seed=1)
    atari.use_h_device(tmp_path, letter="D")
    assert atari.load_xex(ensure_built())
    engine = ModelEngine(seed=1)
    assert "NO SURROUND.BLK YET: EMPTY LIST." in engine.model.screen.unicode_text()
    screens = engine.model.screen.unicode_text().split("\n"), atari.screen_text().split("\n")
    assert screens[0][:23] == screens[1][:23]
    assert screens[0][23].strip() == "N NEW GAME  C CLEAR LIST  H: RULES"
    assert screens[1][23].strip() == "N NEW GAME  C CLEAR LIST  HELP: RULES"
    atari.type_text("9,9\n")
    engine.model.type("9,9\n")
    assert engine.model.screen.unicode_text().split("\n")[:23] == atari.screen_text().split("\n")[:23]
    game_screen = engine.model.screen.unicode_text().split("\n")
    atari.type_script("{HELP}")
    engine.type_line("H", enter=False)  # a command key: no RETURN
    assert engine.model.screen.unicode_text() == atari.screen_text()
    engine.model.type(" ")  # any key: the game screen is drawn again (board, counters, news)
    engine.expect_waiting("after the rules page")
    assert engine.model.screen.unicode_text().split("\n")[:18] == game_screen[:18]
