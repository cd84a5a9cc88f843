"""The text a headless run shows (`--screen`, the terminal front-end): a split screen's text
window on the rows the Atari shows it on (rows 20-23 of the OS's 24-row screen)."""

from __future__ import annotations

from pathlib import Path

from tests.cli_support import surround


def screen_lines(tmp_path: Path, program: str) -> list[str]:
    listing = tmp_path / "PROGRAM.LST"
    listing.write_text(program)
    run = surround("basic", str(listing), "--frontend", "headless", "--screen")
    assert run.returncode == 0, run.stderr
    return run.stdout.splitlines()


def test_the_text_window_of_a_split_screen_is_at_the_bottom(tmp_path: Path) -> None:
    lines = screen_lines(tmp_path, '10 GRAPHICS 7\n20 COLOR 1:PLOT 0,0:DRAWTO 100,50\n30 PRINT "IN THE WINDOW"\n')
    assert "IN THE WINDOW" in lines[20] and "READY" in lines[22]
    assert not any(line.strip() for line in lines[:20])


def test_a_text_screen_starts_at_the_top(tmp_path: Path) -> None:
    lines = screen_lines(tmp_path, '10 PRINT "AT THE TOP"\n')
    assert "READY" in lines[1]  # the power-on READY, on the text screen's second row
