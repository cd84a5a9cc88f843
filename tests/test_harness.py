"""The lockstep checker: it passes the reference and catches each kind of broken engine."""

import json

import pytest

from host import cli
from host.engines import registry
from host.engines.base import EngineReply
from host.engines.harness import LockstepChecker, first_blacklist_difference, play_learning_game
from host.engines.reference import ReferenceEngine
from host.errors import SurroundError
from host.game.players import MixedSheep, RandomSheep
from host.game.records import move_between, parse_game
from host.game.rules import WOLF_MOVES, Blacklist, Move, Position


def trained_blacklist(games: int = 3000) -> bytes:
    engine = ReferenceEngine(seed=7)
    sheep = MixedSheep(0.5, seed=8)
    for _ in range(games):
        play_learning_game(engine, sheep)
    return engine.blacklist_bytes()


class ForgetfulEngine(ReferenceEngine):
    """Plays like the reference but never reports what it learned."""

    name = "forgetful"

    def sheep_move(self, src, dst):
        reply = super().sheep_move(src, dst)
        return EngineReply(reply.wolf_move, reply.result, bytes(165))

    def blacklist_bytes(self):
        return bytes(165)


class FirstMoveEngine(ReferenceEngine):
    """Learns like the reference but always plays the wolf's lowest-target move."""

    name = "first-move"

    def __init__(self, seed=None, **options):
        super().__init__(seed=seed, chooser=lambda moves: moves[0], **options)
        self.learner.blacklist.flags = _NeverBad()


class _NeverBad(list):
    """Membership flags that say no position is on the black list (the bug)."""

    def __init__(self):
        super().__init__([False] * 1321)

    def __getitem__(self, index):
        return False


class WrongResultEngine(ReferenceEngine):
    name = "wrong-result"

    def sheep_move(self, src, dst):
        reply = super().sheep_move(src, dst)
        result = "time" if reply.result == "escaped" else reply.result
        return EngineReply(reply.wolf_move, result, reply.blacklist)


class CrashingEngine(ReferenceEngine):
    name = "crashing"

    def sheep_move(self, src, dst):
        if self.game.sheep_moves_made == 2:
            raise SurroundError("emulated CPU jammed")
        return super().sheep_move(src, dst)


def test_reference_agrees_with_an_independent_reference():
    checker = LockstepChecker(ReferenceEngine(seed=1), MixedSheep(0.5, seed=2))
    summary = checker.run(400)
    assert summary.mismatches == 0 and summary.mismatch is None
    assert summary.games == 400
    assert summary.sheep_wins + summary.wolf_wins == 400
    assert summary.wolf_moves > 400
    assert summary.learned > 0
    assert summary.final_blacklists_equal is True
    assert bytes.fromhex(summary.final_blacklist) == checker.engine.blacklist_bytes()
    assert bin(int(summary.final_blacklist, 16)).count("1") == summary.learned


def test_reference_with_a_loaded_blacklist_agrees():
    checker = LockstepChecker(ReferenceEngine(seed=3), RandomSheep(seed=4), blacklist=trained_blacklist(500))
    assert checker.run(300).mismatches == 0


def test_forgotten_learning_is_caught():
    summary = LockstepChecker(ForgetfulEngine(seed=1), MixedSheep(0.8, seed=2)).run(500)
    mismatch = summary.mismatch
    assert summary.mismatches == 1 and mismatch is not None
    assert "black lists differ" in mismatch.problem
    assert mismatch.engine_blacklist == []
    assert len(mismatch.reference_blacklist) == 1
    assert "on the reference's list, not the engine's" in mismatch.first_difference
    assert summary.final_blacklists_equal is None  # the run stopped at the mismatch
    parse_game(" ".join(mismatch.positions))  # the game so far is a valid record
    report = mismatch.report()
    assert "game so far: 1,2,4-6" in report and "first black-list difference: NR" in report


def test_a_bad_wolf_move_is_caught():
    learned = trained_blacklist()
    summary = LockstepChecker(FirstMoveEngine(seed=1), RandomSheep(seed=2), blacklist=learned).run(500)
    mismatch = summary.mismatch
    assert mismatch is not None
    assert "bad move" in mismatch.problem and "allowed:" in mismatch.problem


def test_a_wrong_result_is_caught():
    summary = LockstepChecker(WrongResultEngine(seed=1), RandomSheep(seed=2)).run(50)
    assert summary.mismatch is not None
    assert "result 'time'" in summary.mismatch.problem and "'escaped'" in summary.mismatch.problem


def test_an_engine_error_becomes_a_mismatch():
    summary = LockstepChecker(CrashingEngine(seed=1), RandomSheep(seed=2)).run(5)
    assert summary.mismatch is not None
    mismatch = summary.mismatch
    last, before = Position.parse(mismatch.positions[-1]), Position.parse(mismatch.positions[-2])
    assert mismatch.problem.startswith(f"the engine failed on the sheep's move {move_between(before, last)}")
    assert mismatch.problem.endswith(": emulated CPU jammed")
    assert len(mismatch.positions) == 6  # start, 2 sheep and 2 wolf moves, the third sheep move


def test_first_blacklist_difference():
    mine, theirs = Blacklist(), Blacklist()
    for nr in (5, 1310):
        mine.add(nr)
    theirs.add(5)
    assert first_blacklist_difference(mine.to_bytes(), mine.to_bytes()) is None
    text = first_blacklist_difference(mine.to_bytes(), theirs.to_bytes())
    assert text.startswith("NR 1310 (6,8,10-11) is on the engine's list") and "byte 163, bit 5" in text


def test_play_learning_game_stops_an_engine_that_does_not_move():
    class Lazy(ReferenceEngine):
        def sheep_move(self, src, dst):
            reply = super().sheep_move(src, dst)
            return EngineReply(None, None, reply.blacklist)

    with pytest.raises(SurroundError, match="made no move"):
        play_learning_game(Lazy(seed=1), RandomSheep(seed=1))


def test_check_command_exits_1_on_a_mismatch(monkeypatch, capsys):
    monkeypatch.setitem(registry.ENGINES, "forgetful", (__name__, "ForgetfulEngine"))
    status = cli.main(["check", "--engine", "forgetful", "--games", "300", "--sheep", "perfect", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert status == 1
    assert data["mismatches"] == 1 and data["engine"] == "forgetful"
    assert data["mismatch"]["positions"][0] == "1,2,4-6"


def test_unknown_engines_and_the_one_list_of_names():
    with pytest.raises(SurroundError, match="unknown engine"):
        registry.make_engine("z80")
    assert registry.engine_names() == ["reference", "asm", "basic"]
    assert registry.emulated_engine_names() == ["asm", "basic"]


def test_engine_reply_moves_are_legal_moves():
    engine = ReferenceEngine(seed=5)
    reply = engine.sheep_move(1, 3)
    assert reply.wolf_move in [move for move, _ in WOLF_MOVES[engine.game.history[1]]]
    assert isinstance(reply.wolf_move, Move)
