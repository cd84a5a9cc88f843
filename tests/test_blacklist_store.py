"""The wolf remembers by default: the per-user black-list file, --blacklist, --empty-blacklist,
broken files, and no lesson lost when the process is killed (SIGTERM, SIGHUP) right after it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from host.errors import SurroundError
from host.game.blacklist_file import positions_in
from host.game.blacklist_store import BlacklistStore, default_path
from host.game.rules import (
    BLACKLIST_BYTES,
    Blacklist,
)
from tests.blacklist_support import START_NR, PtySession, every_reply_lost_after, wait_for_file_bit

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch) -> Path:
    """A private user data directory (platformdirs follows XDG_DATA_HOME on Linux)."""
    home = tmp_path / "data-home"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


def test_the_default_file_is_in_the_user_data_directory(data_home: Path) -> None:
    if sys.platform.startswith("linux"):
        assert default_path() == data_home / "surround-xl" / "blacklist.bin"
    store = BlacklistStore.open()
    assert store.path == default_path() and store.saved == bytes(BLACKLIST_BYTES)
    assert "per-user file" in store.describe() and str(store.path) in store.describe()
    assert store.save_if_changed(bytes([1]) + bytes(BLACKLIST_BYTES - 1))
    assert not store.save_if_changed(bytes([1]) + bytes(BLACKLIST_BYTES - 1)), "unchanged: not written again"
    assert BlacklistStore.open().saved[0] == 1, "the next session starts with what was saved"


def test_an_option_starts_empty_and_leaves_the_saved_list_alone(data_home: Path) -> None:
    BlacklistStore.open().save_if_changed(bytes([0xFF]) * BLACKLIST_BYTES)
    store = BlacklistStore.open(empty=True)
    assert store.path is None and positions_in(store.saved) == 0
    assert not store.save_if_changed(bytes([3]) + bytes(BLACKLIST_BYTES - 1))
    assert "not saved" in store.describe()
    assert default_path().read_bytes() == bytes([0xFF]) * BLACKLIST_BYTES


@pytest.mark.parametrize("content", [b"", b"x" * 10, bytes(BLACKLIST_BYTES + 1)])
def test_a_broken_file_stops_with_a_message_and_is_not_overwritten(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "wolf.blk"
    path.write_bytes(content)
    with pytest.raises(SurroundError) as raised:
        BlacklistStore.open(str(path))
    message = str(raised.value)
    assert str(path) in message and "165 bytes" in message and "left as it is" in message
    assert path.read_bytes() == content


def test_a_directory_in_the_way_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(SurroundError, match="it is a folder"):
        BlacklistStore.open(str(tmp_path))


def test_cli_reports_a_broken_default_file_without_a_traceback(data_home: Path) -> None:
    broken = data_home / "surround-xl" / "blacklist.bin"
    broken.parent.mkdir(parents=True)
    broken.write_bytes(b"garbage")
    for engine in ("asm", "reference"):
        completed = subprocess.run(
            [sys.executable, "-m", "host", "play", "--engine", engine,
             *(["--frontend", "headless"] if engine == "asm" else [])], capture_output=True, text=True,
            timeout=120, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, stdin=subprocess.DEVNULL,
        )
        assert completed.returncode == 2 and str(broken) in completed.stderr, completed.stderr
        assert "Traceback" not in completed.stderr
        assert broken.read_bytes() == b"garbage"


# ------------------------------------------------------------------------------ killed sessions


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_asm_game_killed_after_a_lesson_keeps_it(tmp_path: Path, data_home: Path, signum: int) -> None:
    default = data_home / "surround-xl" / "blacklist.bin"
    default.parent.mkdir(parents=True)
    default.write_bytes(every_reply_lost_after((2, 3)))
    session = PtySession("--engine", "asm", "--frontend", "terminal", "--seed", "1", env={})
    session.wait_for_output(b"SHEEP (FROM,TO)?")
    session.type("2,3\r")
    wait_for_file_bit(default, START_NR)
    status = session.kill(signum)
    assert status != 0 or signum == signal.SIGHUP
    saved = Blacklist(default.read_bytes())
    assert START_NR in saved.nrs()
    assert set(Blacklist(every_reply_lost_after((2, 3))).nrs()) < set(saved.nrs())


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_reference_game_killed_after_a_lesson_keeps_it(tmp_path: Path, data_home: Path, signum: int) -> None:
    path = tmp_path / "wolf.blk"
    path.write_bytes(every_reply_lost_after((2, 3)))
    session = PtySession("--engine", "reference", "--blacklist", str(path), "--seed", "1", env={})
    session.wait_for_output(b"Your move")
    session.type("2 3\r")
    wait_for_file_bit(path, START_NR)
    session.kill(signum)
    assert START_NR in Blacklist(path.read_bytes()).nrs()
    assert not list(tmp_path.glob(".wolf.blk.*")), "no temporary file left behind"
