"""What a new user tried after the merge of issues 24-28 (the tester's round): each test runs
the command as a user types it, a real process with real files."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from tests.cli_support import ROOT, surround


def test_the_window_honours_frames_and_screenshot(tmp_path: Path) -> None:
    """`--frames N` closes the window after N frames and `--screenshot PNG` saves its last
    frame, as in the headless front-end (before: the window ran until closed, no PNG)."""
    picture = tmp_path / "shots" / "window.png"
    environment = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "-m", "host", "emu", "--frontend", "window", "--frames", "20",
                             "--mute", "--screenshot", str(picture)],
                            capture_output=True, text=True, timeout=120, cwd=ROOT, env=environment)
    assert result.returncode == 0, result.stderr
    assert pygame.image.load(str(picture)).get_size() == (384, 240)


def test_play_refuses_a_disk_without_the_game(tmp_path: Path) -> None:
    """`play --disk` on a DOS disk without SURROUND.XEX: one line naming the image (before: the
    machine booted to BOOT ERROR and the session ended with exit status 0)."""
    image = tmp_path / "blank.atr"
    assert surround("atr", "new", str(image)).returncode == 0
    result = surround("play", "--disk", str(image), "--frontend", "headless")
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        f"surround: {image}: not the Surround disk (no SURROUND.XEX on it); make one with `surround disk`"]


@pytest.mark.parametrize(("argv", "line"), [
    (["emu", "--frontend", "headless"], "a folder, not a program (.xex) or a disk image (.atr)"),
    (["acid800"], "a folder, not the disk image (the Acid800 disk image, acid800.atr)"),
])
def test_a_folder_given_as_the_file_is_named_a_folder(tmp_path: Path, argv: list[str], line: str) -> None:
    """A folder where a file belongs was "no such file", which sends a user looking for a typo."""
    result = surround(*argv, str(tmp_path))
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [f"surround: {tmp_path}: {line}"]


@pytest.mark.parametrize(("argv", "named"), [
    (["--emulator", "--fp"], "--emulator and --fp"),
    (["--engine", "asm", "--basic"], "--engine asm and --basic"),
])
def test_bench_takes_one_measurement_at_a_time(argv: list[str], named: str) -> None:
    """`bench --emulator --fp` measured the math pack only and said nothing of --emulator."""
    result = surround("bench", *argv)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [f"surround: {named}: one measurement at a time, please choose one"]


def test_a_jam_with_no_instructions_to_show_is_one_line_naming_the_rom(tmp_path: Path) -> None:
    """An OS ROM of zeros jams at $0000 before any instruction worth listing: the message ended
    in "last instructions:" and two empty lines, and did not name the ROM the user gave."""
    rom = tmp_path / "zeros.rom"
    rom.write_bytes(bytes(0x4000))
    result = surround("emu", "--os", str(rom), "--frontend", "headless", "--frames", "5")
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        f"surround: {rom} as the OS ROM: CPU jam at $0000: runaway: executing empty memory (BRK among zero bytes)"]


def test_surround_version_names_the_projects_version() -> None:
    """`surround --version` was "the following arguments are required: COMMAND", exit 2."""
    import tomllib

    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    result = surround("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"surround {version}"


def test_the_terminal_saves_its_last_frame_with_screenshot(tmp_path: Path) -> None:
    """`--screenshot PNG` in the terminal front-end: the frame when the user quits (was ignored)."""
    from tests.terminal_support import run_in_terminal

    picture = tmp_path / "terminal.png"
    run_in_terminal("from emulator.headless import HeadlessAtari\natari = HeadlessAtari(); atari.boot(0)",
                    [], b"memo pad", options=f"title='test', screenshot={str(picture)!r}")
    assert pygame.image.load(str(picture)).get_size() == (384, 240)


def test_one_of_a_thing_is_singular(tmp_path: Path) -> None:
    """"1 sectors", "1 file(s) renamed", "1 lines": the counts now agree with their nouns."""
    listing, image = tmp_path / "one.lst", tmp_path / "one.atr"
    listing.write_text("10 PRINT 1\n")
    tokenized = surround("basic", "tokenize", str(listing), "-o", str(tmp_path / "one.bas"))
    assert tokenized.stdout.startswith(f"{tmp_path / 'one.bas'}: 1 line, 0 variables, ")
    assert surround("atr", "new", str(image)).returncode == 0
    assert surround("atr", "add", str(image), str(listing)).stdout == "ONE.LST: 11 bytes, 1 sector\n"
    assert surround("atr", "rename", str(image), "ONE.LST", "TWO.LST").stdout == f"{image}: 1 file renamed\n"
    assert surround("atr", "check", str(image)).stdout.startswith(f"{image}: OK, 1 file, ")


def test_an_option_is_taken_only_by_its_whole_name() -> None:
    """`--n` is not `--nodes-plot` (argparse's prefix matching is off, here and in the
    sub-commands): a typo is refused, not guessed."""
    result = surround("play", "--n", "--frontend", "headless")
    assert result.returncode == 2
    assert "unrecognized arguments: --n" in result.stderr
    result = surround("basic", "tokenize", "x.lst", "--out", "y.bas")
    assert result.returncode == 2


def test_atr_rename_refuses_a_name_dos_would_not_take(tmp_path: Path) -> None:
    """A new name must be a DOS 2 file name too (a letter first): before, `1ABC` was written."""
    image = tmp_path / "d.atr"
    data = tmp_path / "A.DAT"
    data.write_bytes(b"1")
    assert surround("atr", "new", str(image)).returncode == 0
    assert surround("atr", "add", str(image), str(data)).returncode == 0
    before = image.read_bytes()
    result = surround("atr", "rename", str(image), "A.DAT", "1ABC.DAT")
    assert result.returncode != 0
    assert "not a DOS 2 file name" in result.stderr and "beginning with a letter" in result.stderr
    assert image.read_bytes() == before  # nothing written
