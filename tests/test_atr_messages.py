"""Issue 17, item 8: `surround atr` prints only what happened: add is all or nothing, delete
takes DOS 2 wildcards, lock and unlock say what they did."""

from __future__ import annotations

from pathlib import Path

from host.atari.dos2 import Dos2Disk
from host.cli import main


def image_with(tmp_path: Path, *names: str) -> Path:
    image = tmp_path / "disk.atr"
    assert main(["atr", "new", str(image)]) == 0
    files = []
    for name in names:
        (tmp_path / name).write_bytes(name.encode())
        files.append(str(tmp_path / name))
    if files:
        assert main(["atr", "add", str(image), *files]) == 0
    return image


def test_add_with_a_missing_file_adds_nothing_and_says_so(tmp_path: Path, capsys) -> None:
    image = image_with(tmp_path)
    before = image.read_bytes()
    for name in ("a", "b"):
        (tmp_path / name).write_bytes(b"x")
    capsys.readouterr()
    assert main(["atr", "add", str(image), str(tmp_path / "a"), str(tmp_path / "b"), str(tmp_path / "bad")]) == 2
    out, err = capsys.readouterr()
    assert out == "", "nothing was added, so nothing is reported as added"
    assert "bad" in err and "nothing was added" in err and err.count("\n") == 1
    assert image.read_bytes() == before


def test_add_reports_each_file_once_written(tmp_path: Path, capsys) -> None:
    image = image_with(tmp_path)
    (tmp_path / "a").write_bytes(b"x" * 200)
    capsys.readouterr()
    assert main(["atr", "add", str(image), str(tmp_path / "a")]) == 0
    assert capsys.readouterr().out == "A: 200 bytes, 2 sectors\n"


def test_delete_takes_dos_wildcards(tmp_path: Path, capsys) -> None:
    image = image_with(tmp_path, "OK.TXT", "OK.DAT", "KEEP.TXT")
    capsys.readouterr()
    assert main(["atr", "delete", str(image), "OK.*"]) == 0
    assert capsys.readouterr().out.splitlines() == ["OK.TXT: deleted", "OK.DAT: deleted"]
    assert [entry.name for entry in Dos2Disk.open(image).entries()] == ["KEEP.TXT"]


def test_delete_with_a_locked_or_missing_match_deletes_nothing(tmp_path: Path, capsys) -> None:
    image = image_with(tmp_path, "OK.TXT", "OK.DAT")
    assert main(["atr", "lock", str(image), "OK.DAT"]) == 0
    before = image.read_bytes()
    capsys.readouterr()
    assert main(["atr", "delete", str(image), "OK.*"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "locked" in err and "nothing was deleted" in err
    assert main(["atr", "delete", str(image), "NONE.*"]) == 2
    assert "no file NONE.*" in capsys.readouterr().err
    assert image.read_bytes() == before


def test_lock_and_unlock_say_what_they_did(tmp_path: Path, capsys) -> None:
    image = image_with(tmp_path, "OK.TXT", "OK.DAT", "KEEP.TXT")
    capsys.readouterr()
    assert main(["atr", "lock", str(image), "OK.*"]) == 0
    assert capsys.readouterr().out.splitlines() == ["OK.TXT: locked", "OK.DAT: locked"]
    assert main(["atr", "unlock", str(image), "*.DAT"]) == 0
    assert capsys.readouterr().out.splitlines() == ["OK.DAT: unlocked"]
