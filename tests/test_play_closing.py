"""`surround play` and its black list at the start and at the end (issue 28 items 10 and 13):
no terminal means nothing is created or claimed; a list that cannot be saved at quit is an
exit status and one line; the closing line counts the file; `--disk` says where lessons went."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from host.cli import main
from host.errors import SurroundError
from host.game.blacklist_file import LOSABLE, positions_in, write_blacklist_file
from host.game.blacklist_store import BlacklistStore
from host.game.file_lock import locked
from host.game.rules import BLACKLIST_BYTES
from host.toolchain.disk import build_disk

ROOT = Path(__file__).resolve().parents[1]
WAIT_SECONDS = 120


def losable_positions(count: int, skip: int = 0) -> bytes:
    """A black list of ``count`` positions the wolf can lose (after leaving out the first ``skip``)."""
    bits = [(index, bit) for index, byte in enumerate(LOSABLE) for bit in range(8) if byte >> bit & 1]
    data = bytearray(BLACKLIST_BYTES)
    for index, bit in bits[skip:skip + count]:
        data[index] |= 1 << bit
    return bytes(data)


def union(first: bytes, second: bytes) -> bytes:
    return bytes(a | b for a, b in zip(first, second))


@pytest.mark.parametrize("engine", ["asm", "basic"])
def test_play_without_a_terminal_refuses_before_it_creates_or_claims_anything(tmp_path: Path, engine: str) -> None:
    data_home = tmp_path / "data-home"
    chosen = tmp_path / "new-folder" / "wolf.bin"
    for extra in ([], ["--blacklist", str(chosen)]):
        completed = subprocess.run(
            [sys.executable, "-m", "host", "play", "--engine", engine, *extra], cwd=ROOT, capture_output=True,
            text=True, stdin=subprocess.DEVNULL, timeout=WAIT_SECONDS,
            env={**os.environ, "PYTHONPATH": str(ROOT), "XDG_DATA_HOME": str(data_home), "SDL_VIDEODRIVER": "dummy"},
        )
        assert completed.returncode == 2, completed.stderr
        assert completed.stderr.count("\n") == 1 and "interactive terminal" in completed.stderr
        assert "saved" not in completed.stderr + completed.stdout and "kept" not in completed.stderr
    assert not data_home.exists() and not chosen.parent.exists(), "nothing was created"


def test_a_list_that_cannot_be_saved_at_quit_exits_non_zero_with_one_line(tmp_path: Path, capsys,
                                                                          monkeypatch) -> None:
    from host.game import blacklist_store

    def disk_full(path, data) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))

    monkeypatch.setattr(blacklist_store, "write_blacklist_file", disk_full)
    path = tmp_path / "wolf.bin"  # a new file: the game saves it at the end
    assert main(["play", "--frontend", "headless", "--blacklist", str(path)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("surround: the wolf's black list is NOT SAVED")
    assert str(path) in err[-1] and "No space left on device" in err[-1]
    assert sum("NOT SAVED" in line for line in err) == 1


def test_the_reference_game_exits_non_zero_when_the_list_cannot_be_saved(tmp_path: Path) -> None:
    folder = tmp_path / "lists"
    folder.mkdir()
    path = folder / "wolf.bin"
    write_blacklist_file(path, losable_positions(3))
    process = subprocess.Popen(
        [sys.executable, "-m", "host", "play", "--engine", "reference", "--blacklist", str(path), "--seed", "1"],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert process.stdout is not None
    shown = b""
    while b"Sheep move 1 of 15" not in shown:  # the list was read: now the folder goes away
        chunk = os.read(process.stdout.fileno(), 4096)
        assert chunk, shown
        shown += chunk
    path.unlink()
    folder.rmdir()
    folder.write_text("in the way")  # even root cannot save under a regular file
    out, err = process.communicate(b"q\n", timeout=WAIT_SECONDS)
    text = (shown + out).decode()
    assert process.returncode == 1, text + err.decode()
    assert text.count("NOT SAVED") == 1 and "Traceback" not in text + err.decode()


def test_the_closing_line_counts_the_file_and_this_sessions_lessons(tmp_path: Path) -> None:
    path = tmp_path / "wolf.bin"
    write_blacklist_file(path, losable_positions(3))
    store = BlacklistStore.open(str(path))
    ours = union(store.saved, losable_positions(2, skip=3))
    assert store.save_if_changed(ours)
    with locked(path):  # another session adds one more meanwhile
        write_blacklist_file(path, union(ours, losable_positions(1, skip=5)))
    store.flush(union(ours, losable_positions(1, skip=6)))  # and this one learns one more
    assert positions_in(path.read_bytes()) == 7
    expected = f"The wolf's black list in {path} holds 7 positions (3 positions new from this session)."
    assert store.closing_line() == expected


def test_play_disk_says_where_the_lessons_went(tmp_path: Path, capsys) -> None:
    image = tmp_path / "surround.atr"
    build_disk(image, losable_positions(4))
    assert main(["play", "--disk", str(image), "--frontend", "headless"]) == 0
    err = capsys.readouterr().err
    assert f"The wolf's black list is SURROUND.BLK on {image}: 4 positions (unchanged)." in err


def test_the_closing_line_of_a_failed_store_names_the_reason(tmp_path: Path) -> None:
    folder = tmp_path / "lists"
    folder.mkdir()
    store = BlacklistStore.open(str(folder / "wolf.bin"))
    folder.rmdir()
    folder.write_text("in the way")
    store.flush(losable_positions(2))
    line = store.closing_line()
    assert line is not None and line.startswith("surround: the wolf's black list is NOT SAVED (2 positions new")
    assert "is now a file" in line
    with pytest.raises(SurroundError):
        BlacklistStore.open(str(folder / "wolf.bin"))


@pytest.mark.parametrize(("content", "said"), [
    (losable_positions(4), "THE BLACK LIST CAME FROM THE DISK."),
    (None, "NO SURROUND.BLK YET: EMPTY LIST."),
    (b"too short", "SURROUND.BLK IS DAMAGED: EMPTY LIST."),
])
def test_the_basic_game_says_where_its_black_list_came_from(tmp_path: Path, content: bytes | None,
                                                             said: str) -> None:
    from host.engines.basic import BasicEngine

    if content is not None:
        (tmp_path / "SURROUND.BLK").write_bytes(content)
    with BasicEngine(seed=1, files=tmp_path) as engine:
        assert said in engine.screen_text()
        assert engine.var("LEARNED") == (4 if said.startswith("THE BLACK LIST") else 0)


def test_the_basic_game_without_a_disk_says_nothing_about_its_list() -> None:
    from host.engines.basic import BasicEngine

    with BasicEngine(seed=1) as engine:
        screen = engine.screen_text()
    assert "SURROUND.BLK" not in screen and "THE BLACK LIST CAME" not in screen
