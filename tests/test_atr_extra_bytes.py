"""Issue 28 item 3: an ATR longer than its header says keeps its extra bytes through every
write (`atr add`/`delete`/`lock`, the emulator's disk drive), and `atr check` names them;
a file shorter than its header is refused with one line naming the missing bytes."""

from __future__ import annotations

from pathlib import Path

import pytest

from emulator.atr import HEADER_SIZE, Atr
from host.cli import main

EXTRA = bytes(range(256)) * 8192  # 2 MB after the announced image, as in the issue


def image_with_extra(tmp_path: Path) -> tuple[Path, bytes]:
    image = tmp_path / "disk.atr"
    assert main(["atr", "new", str(image)]) == 0
    image.write_bytes(image.read_bytes() + EXTRA)
    (tmp_path / "a.txt").write_bytes(b"hello")
    return image, image.read_bytes()


@pytest.mark.parametrize("command", [["add", "{dir}/a.txt"], ["lock", "A.TXT"], ["delete", "A.TXT"]])
def test_writes_keep_the_bytes_after_the_announced_size(tmp_path: Path, command: list[str]) -> None:
    image, before = image_with_extra(tmp_path)
    if command[0] != "add":
        assert main(["atr", "add", str(image), str(tmp_path / "a.txt")]) == 0
    assert main(["atr", command[0], str(image), command[1].format(dir=tmp_path)]) == 0
    after = image.read_bytes()
    assert len(after) == len(before) and after.endswith(EXTRA)


def test_the_emulators_disk_drive_keeps_them_too(tmp_path: Path) -> None:
    image, before = image_with_extra(tmp_path)
    atr = Atr.load(image)
    atr.write_sector(4, bytes([0xAA]) * 128)
    atr.save()
    after = image.read_bytes()
    assert after.endswith(EXTRA) and after[HEADER_SIZE + 3 * 128] == 0xAA


def test_check_names_the_extra_bytes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    image, _ = image_with_extra(tmp_path)
    capsys.readouterr()
    assert main(["atr", "check", str(image)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (f"{image}: {len(EXTRA)} bytes after the 92160 bytes of sectors the header announces "
                        f"(offset 92176): not part of the disk, kept as they are on every write")
    assert lines[1].startswith(f"{image}: OK")


def test_check_names_the_missing_bytes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    image = tmp_path / "short.atr"
    assert main(["atr", "new", str(image)]) == 0
    image.write_bytes(image.read_bytes()[:-1000])
    capsys.readouterr()
    assert main(["atr", "check", str(image)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "1000 bytes missing" in err and str(image) in err
