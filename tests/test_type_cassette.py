"""Issue 28 item 5: `surround basic --type` with CSAVE writes the tape as `surround emu --basic
free --type` does (one road for --type), and a headless run that ends while the cassette
motor runs says the recording was cut off (exit 3). Real processes, real .cas files."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = {"basic": ["basic"], "emu": ["emu", "--basic", "free"]}


def surround(command: str, tape: Path, keys: str, frames: int) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "host", *COMMANDS[command], "--frontend", "headless", "--cassette", str(tape),
         "--type", keys, "--frames", str(frames), "--screen"],
        capture_output=True, text=True, timeout=300, cwd=ROOT)


def test_csave_through_basic_type_writes_the_same_tape_as_emu(tmp_path: Path) -> None:
    tapes = {}
    for command in COMMANDS:
        tape = tmp_path / f"{command}.cas"
        completed = surround(command, tape, "10 PRINT 1\\nCSAVE\\n\\n", 5000)
        assert completed.returncode == 0, completed.stderr
        assert completed.stdout.split()[-2:] == ["READY", "█"], completed.stdout
        tapes[command] = tape.read_bytes()
    assert tapes["basic"] == tapes["emu"] and tapes["basic"].startswith(b"FUJI") and len(tapes["basic"]) > 100


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_run_that_ends_with_the_motor_on_says_the_recording_was_cut_off(tmp_path: Path, command: str) -> None:
    keys = '10 OPEN #1,8,128,"C:":PUT #1,1:INPUT A$\\nRUN\\n\\n'  # the motor runs while INPUT waits
    completed = surround(command, tmp_path / "cut.cas", keys, 60)
    assert completed.returncode == 3
    assert "the cassette motor was still running when the run ended" in completed.stderr
    assert completed.stderr.count("\n") == 1
