"""Issue 28 item 12: one rule for a missing output folder, for every option that names an
output: it is made. A write that fails names the user's path and the reason in words (no
temporary file, no bare [Errno N]). Real processes, real folders."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_support import surround

EMU = ["emu", "--frontend", "headless", "--frames", "2"]


def listing(tmp_path: Path) -> str:
    (tmp_path / "p.lst").write_text("10 PRINT 1\n")
    return str(tmp_path / "p.lst")


def a_disk(tmp_path: Path) -> str:
    image = tmp_path / "files.atr"
    (tmp_path / "a.txt").write_text("hello")
    assert surround("atr", "new", str(image)).returncode == 0
    assert surround("atr", "add", str(image), str(tmp_path / "a.txt")).returncode == 0
    return str(image)


#: (name, the command line for an output at OUT, the file that must then exist)
CASES = [
    ("tokenize -o", lambda t, out: ["basic", "tokenize", listing(t), "-o", f"{out}/p.bas"], "p.bas"),
    ("atr new", lambda t, out: ["atr", "new", f"{out}/d.atr"], "d.atr"),
    ("atr extract -o", lambda t, out: ["atr", "extract", a_disk(t), "A.TXT", "-o", f"{out}/a.txt"], "a.txt"),
    ("disk -o", lambda t, out: ["disk", "-o", f"{out}/s.atr"], "s.atr"),
    ("--screenshot", lambda t, out: [*EMU, "--screenshot", f"{out}/s.png"], "s.png"),
    ("--audio-out", lambda t, out: [*EMU, "--audio-out", f"{out}/a.wav"], "a.wav"),
    ("--printer", lambda t, out: [*EMU, "--printer", f"{out}/p.txt"], "p.txt"),
    ("--cassette", lambda t, out: [*EMU, "--cassette", f"{out}/c.cas"], ""),
    ("--hdir", lambda t, out: [*EMU, "--hdir", f"{out}/h"], "h"),
]


@pytest.mark.parametrize("name, command, made", CASES, ids=[case[0] for case in CASES])
def test_a_missing_output_folder_is_made(tmp_path: Path, name: str, command, made: str) -> None:
    out = tmp_path / "new" / "folder"
    completed = surround(*command(tmp_path, str(out)))
    assert completed.returncode == 0, completed.stderr
    assert out.is_dir() and (out / made).exists()


def test_a_screenshot_that_cannot_be_written_names_the_users_path(read_only_dir: Path) -> None:
    target = read_only_dir / "shot.png"
    completed = surround(*EMU, "--screenshot", str(target))
    assert completed.returncode == 2
    assert completed.stderr.startswith(f"surround: {target}: cannot write the screenshot (")
    assert ".tmp" not in completed.stderr and "[Errno" not in completed.stderr
    assert completed.stderr.count("\n") == 1
