"""Issue 17, items 1 and 2: a black list that cannot be kept stops the program at the start
with one line; a save that fails later says NOT SAVED and the game goes on; two sessions on
one file keep each other's lessons (merged under a lock). Real processes on a pseudo-terminal."""

from __future__ import annotations

import shutil
import signal
import time
from pathlib import Path

import pytest

from host.engines.reference import ReferenceEngine
from host.game.blacklist_file import LOSABLE, impossible_positions
from host.game.blacklist_store import BlacklistStore, merged
from host.game.rules import (
    BLACKLIST_BYTES,
    Blacklist,
    Move,
    Position,
    apply_sheep_move,
    apply_wolf_move,
    legal_sheep_moves,
    legal_wolf_moves,
)
from host.game.solver import solve
from tests.blacklist_support import START_NR, PtySession, every_reply_lost_after, wait_for_file_bit


def finish(session: PtySession, keys: str = "q\r", seconds: float = 60) -> int:
    """Type ``keys`` and wait for the process to end; its exit status."""
    session.type(keys)
    try:
        return session.process.wait(timeout=seconds)
    finally:
        session.process.poll() is None and session.process.kill()


# ------------------------------------------------------------------------ checked at the start


@pytest.mark.parametrize("engine", ["reference", "asm"])
def test_an_unwritable_data_home_stops_at_the_start_with_one_line(tmp_path: Path, engine: str) -> None:
    session = PtySession("--engine", engine, "--frontend", "terminal", env={"XDG_DATA_HOME": "/proc/nope"}) \
        if engine == "asm" else PtySession("--engine", engine, env={"XDG_DATA_HOME": "/proc/nope"})
    status = session.process.wait(timeout=60)
    time.sleep(0.3)
    text = bytes(session.output).decode(errors="replace").strip()
    assert status == 2, text
    assert "Traceback" not in text and text.count("\n") == 0, text
    assert text.startswith("surround: /proc/nope/surround-xl/blacklist.bin: cannot keep the black list there")


def test_a_path_under_a_regular_file_stops_at_the_start(tmp_path: Path) -> None:
    (tmp_path / "somefile").write_text("")
    session = PtySession("--engine", "reference", "--blacklist", str(tmp_path / "somefile" / "bl.bin"), env={})
    assert session.process.wait(timeout=60) == 2
    time.sleep(0.3)
    text = bytes(session.output).decode(errors="replace").strip()
    assert "Traceback" not in text and "is a file, not a folder" in text and text.count("\n") == 0


# -------------------------------------------------------------------- failing in the middle


def block(folder: Path) -> None:
    """Make ``folder`` unusable for saving, even for root: a regular file in its place."""
    shutil.rmtree(folder)
    folder.write_text("in the way")


def unblock(folder: Path) -> None:
    folder.unlink()
    folder.mkdir()


def test_reference_game_says_not_saved_goes_on_and_saves_at_the_end(tmp_path: Path) -> None:
    folder = tmp_path / "lists"
    folder.mkdir()
    path = folder / "wolf.blk"
    path.write_bytes(every_reply_lost_after((2, 3)))
    session = PtySession("--engine", "reference", "--blacklist", str(path), "--seed", "1", env={})
    session.wait_for_output(b"Your move")
    block(folder)
    session.type("2 3\r")
    session.wait_for_output(b"NOT SAVED: ")
    session.wait_for_output(b"Sheep move 2 of 15")  # the game goes on
    assert b"Traceback" not in session.output
    unblock(folder)
    assert finish(session) == 0
    assert START_NR in Blacklist(path.read_bytes()).nrs(), "the lesson is saved when the game ends"


@pytest.mark.slow
def test_asm_game_in_the_terminal_says_not_saved_and_goes_on(tmp_path: Path) -> None:
    folder = tmp_path / "lists"
    folder.mkdir()
    path = folder / "wolf.blk"
    path.write_bytes(every_reply_lost_after((2, 3)))
    session = PtySession("--engine", "asm", "--frontend", "terminal", "--seed", "1", "--blacklist", str(path), env={})
    session.wait_for_output(b"SHEEP (FROM,TO)?")
    block(folder)
    session.type("2,3\r")
    session.wait_for_output(b"NOT SAVED")
    session.wait_for_output(b"THE WOLF MOVES")  # the game goes on
    unblock(folder)
    wait_for_file_bit(path, START_NR)  # tried again by itself once it can be saved
    status = finish(session, "\x03")
    text = bytes(session.output)
    assert status == 0 and b"Traceback" not in text
    assert b"\x1b[?1049l" in text or b"\x1b[?47l" in text, "curses gave the terminal back"


# ------------------------------------------------------------------ two sessions, one file


def second_lesson(base: bytes, seed: int) -> tuple[bytes, list[Move], int]:
    """A list and the sheep moves with which a reference wolf seeded ``seed`` learns a lesson
    other than the start position at its second move: (list to add, moves, NR learned)."""
    first = Move(1, 3)
    extra = bytes(BLACKLIST_BYTES)
    for _ in range(3):  # the wolf's first reply, with the list it will have
        engine = ReferenceEngine(seed=seed)
        engine.load_blacklist(bytes(a | b for a, b in zip(base, extra)))
        engine.new_game()
        reply = engine.sheep_move(*first)
        after = apply_wolf_move(apply_sheep_move(Position.parse("1,2,4-6"), first), reply.wolf_move)
        second = legal_sheep_moves(after)[0]
        lost = Blacklist()
        for move in legal_wolf_moves(apply_sheep_move(after, second)):
            lost.add(apply_wolf_move(apply_sheep_move(after, second), move).nr)
        if lost.to_bytes() == extra:
            return extra, [first, second], after.nr
        extra = lost.to_bytes()
    raise AssertionError("no stable second lesson")


@pytest.mark.slow
def test_two_sessions_on_one_file_keep_both_lessons(tmp_path: Path) -> None:
    path = tmp_path / "wolf.blk"
    base = every_reply_lost_after((2, 3))
    extra, moves, nr_b = second_lesson(base, seed=2)
    path.write_bytes(bytes(a | b for a, b in zip(base, extra)))
    first = PtySession("--engine", "reference", "--blacklist", str(path), "--seed", "1", env={})
    second = PtySession("--engine", "reference", "--blacklist", str(path), "--seed", "2", env={})
    first.wait_for_output(b"Your move")
    second.wait_for_output(b"Your move")
    first.type("2 3\r")
    wait_for_file_bit(path, START_NR)
    second.type(f"{moves[0].src} {moves[0].dst}\r")
    second.wait_for_output(b"Sheep move 2 of 15")
    second.type(f"{moves[1].src} {moves[1].dst}\r")
    wait_for_file_bit(path, nr_b)
    assert START_NR in Blacklist(path.read_bytes()).nrs(), "the second session kept the first one's lesson"
    assert finish(first) == 0 and finish(second) == 0
    assert {START_NR, nr_b} <= set(Blacklist(path.read_bytes()).nrs())


# ---------------------------------------------------------------------------------- units


def test_merge_adds_and_removes_only_what_this_session_changed() -> None:
    other, mine = 0b0000_0110, 0b0001_1000  # bits another session and this one learned
    on_disk = bytes([other | 0b1]) + bytes(BLACKLIST_BYTES - 1)
    base = bytes([0b1]) + bytes(BLACKLIST_BYTES - 1)
    assert merged(on_disk, base, bytes([0b1 | mine]) + bytes(BLACKLIST_BYTES - 1))[0] == other | mine | 0b1
    assert merged(on_disk, base, bytes(BLACKLIST_BYTES))[0] == other, "C clears what this session knew"


def test_the_losable_bitmap_is_the_solvers() -> None:
    lost = Blacklist()
    for nr in solve().lost_positions():
        lost.add(nr)
    assert lost.to_bytes() == LOSABLE and len(solve().lost_positions()) == 316


def test_a_list_with_positions_that_cannot_be_lost_loads_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "wolf.blk"
    path.write_bytes(bytes([0xFF]) * BLACKLIST_BYTES)
    store = BlacklistStore.open(str(path))
    assert impossible_positions(store.saved) == 1320 - 316
    assert store.warning and "1004 positions the wolf cannot lose" in store.warning and "316" in store.warning
    path.write_bytes(LOSABLE)
    assert BlacklistStore.open(str(path)).warning is None


def test_disk_and_check_warn_about_a_list_with_positions_that_cannot_be_lost(tmp_path: Path, capsys) -> None:
    from host.cli import main

    path = tmp_path / "wolf.blk"
    path.write_bytes(bytes([0xFF]) + bytes(BLACKLIST_BYTES - 1))  # NR 1-8: none can be lost
    assert main(["disk", "-o", str(tmp_path / "s.atr"), "--blacklist", str(path)]) == 0
    err = capsys.readouterr().err
    assert f"warning: {path} holds 8 positions the wolf cannot lose" in err


def test_a_failed_save_is_kept_and_retried(tmp_path: Path) -> None:
    folder = tmp_path / "lists"
    folder.mkdir()
    store = BlacklistStore.open(str(folder / "wolf.blk"))
    block(folder)
    lesson = bytes([1]) + bytes(BLACKLIST_BYTES - 1)
    assert not store.save_if_changed(lesson)
    assert store.problem and str(folder / "wolf.blk") in store.problem
    assert store.status().startswith("NOT SAVED: ")
    unblock(folder)
    store.flush(lesson)
    assert store.problem is None and (folder / "wolf.blk").read_bytes() == lesson


def test_the_sigterm_path_still_works_after_a_merge(tmp_path: Path) -> None:
    path = tmp_path / "wolf.blk"
    path.write_bytes(every_reply_lost_after((2, 3)))
    session = PtySession("--engine", "reference", "--blacklist", str(path), "--seed", "1", env={})
    session.wait_for_output(b"Your move")
    session.type("2 3\r")
    wait_for_file_bit(path, START_NR)
    session.kill(signal.SIGTERM)
    assert START_NR in Blacklist(path.read_bytes()).nrs()


def test_a_save_waits_for_another_sessions_lock_and_gives_up_with_a_reason(tmp_path: Path, monkeypatch) -> None:
    from host.game import file_lock

    path = tmp_path / "wolf.blk"
    store = BlacklistStore.open(str(path))
    monkeypatch.setattr(file_lock, "LOCK_TIMEOUT_SECONDS", 0.2)
    with file_lock.locked(path):  # another session holds the lock (a second descriptor: flock is per open file)
        assert not store.save_if_changed(bytes([1]) + bytes(BLACKLIST_BYTES - 1))
    assert store.problem and "held by another session" in store.problem
    store.flush(bytes([1]) + bytes(BLACKLIST_BYTES - 1))
    assert store.problem is None and path.read_bytes()[0] == 1
