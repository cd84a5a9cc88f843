"""`surround acid800`: reading the suite's screen, and the CI ratchet on its verdicts.

The suite itself (Altirra's Acid800, MIT licence) is not part of the repository: the tests
that run it read ``shared/conformance/acid800/acid800.atr`` beside the checkout and skip
without it.  The ratchet: tests/acid800_passing.json lists, per configuration, the tests
that pass; a listed test that fails breaks the build, and so does a pass that is not listed
yet (add it to the record in the same commit); so does a run that stops before the suite's
end (a jam or a hang).  A run takes about five seconds (fast SIO) or twenty (over the bus).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from emulator.atascii import atascii_to_internal
from emulator.headless import HeadlessAtari
from host.atari.acid800 import TEST_NAMES, VerdictReader, default_suite_path, run_suite, screen_lines

SUITE = default_suite_path()
RECORD = Path(__file__).with_name("acid800_passing.json")
REPO = Path(__file__).resolve().parent.parent
needs_suite = pytest.mark.skipif(not SUITE.is_file(), reason=f"no Acid800 disk image at {SUITE} (suite absent)")


# -- reading the screen ------------------------------------------------------------------------------


def _show(atari: HeadlessAtari, rows: list[str], starts: list[int]) -> None:
    """Write text rows (columns 2-39) into the E: screen and mark the rows that start a logical line."""
    screen = atari.peek_word(0x58)
    for row, text in enumerate(rows):
        codes = bytes(atascii_to_internal(ord(char)) for char in text.ljust(38))
        atari.poke_bytes(screen + row * 40, bytes(2) + codes)
    bits = sum(1 << (23 - row) for row in starts)
    atari.poke_bytes(0x02B2, bits.to_bytes(3, "big"))


def test_screen_lines_join_the_rows_of_a_logical_line():
    atari = HeadlessAtari()
    atari.boot()
    message = "Pattern #2 was not correct for the line twelve: 00 != $05 and so on"
    _show(atari, ["ANTIC: Virtual DMA...FAIL.", message[:38], message[38:]] + [""] * 21, [0, 1, 3])
    assert screen_lines(atari) == ["ANTIC: Virtual DMA...FAIL.", message]


def test_verdicts_are_read_from_stable_screens_only():
    reader = VerdictReader()
    screen = ["CPU: Bugs...FAIL.", "BRK handler should not have executed.", "CPU: CLI/SEI timing..."]
    assert not reader.read(screen)  # the first frame of a screen may be caught mid-scroll
    assert reader.read(screen)
    assert reader.verdicts["CPU: Bugs"].verdict == "fail"
    assert reader.verdicts["CPU: Bugs"].message == "BRK handler should not have executed."
    assert reader.running == "CPU: CLI/SEI timing"


def test_a_message_still_being_printed_is_completed_by_a_later_screen():
    reader = VerdictReader()
    for screen in (["POKEY: Two-tone mode...FAIL."],
                   ["POKEY: Two-tone mode...FAIL.", "Too many interrupts.", "Loading test 37"]):
        reader.read(screen)
        reader.read(screen)
    verdict = reader.verdicts["POKEY: Two-tone mode"]
    assert (verdict.number, verdict.message) == (36, "Too many interrupts.")
    assert reader.unfinished() == "POKEY: Serial output complete IRQ"  # test 37 is loading


def test_the_suite_totals_end_the_run():
    reader = VerdictReader()
    screen = ["MMU: XL banking...Pass", "All tests complete.", "Passed: 30  Failed: 25  Skipped: 3", "Press a key..."]
    reader.read(screen)
    reader.read(screen)
    assert reader.suite_totals == (30, 25, 3)
    assert len(TEST_NAMES) == 58


# -- the command --------------------------------------------------------------------------------------


def _surround(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "host", *args], capture_output=True, text=True, cwd=REPO,
                          timeout=600)


@pytest.mark.parametrize("content, complaint", [(None, "no such file"), (b"not a disk", "not an ATR image")])
def test_a_bad_disk_image_is_one_clear_line(tmp_path, content, complaint):
    path = tmp_path / "acid800.atr"
    if content is not None:
        path.write_bytes(content)
    result = _surround("acid800", str(path))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and complaint in result.stderr and str(path) in result.stderr


@needs_suite
def test_a_test_without_a_verdict_in_time_is_reported_as_a_hang():
    result = _surround("acid800", str(SUITE), "--illegal", "off", "--frame-limit", "5", "--json")
    assert result.returncode == 1  # the suite did not run to its end
    run = json.loads(result.stdout)
    stopped = [test for test in run["tests"] if test["verdict"] == "hang"]
    assert len(stopped) == 1 and stopped[0]["message"] == "no verdict within 5 frames"
    assert run["tests"][-1]["verdict"] == "not run"
    assert not run["completed"]


# -- the ratchet --------------------------------------------------------------------------------------


def _configurations() -> list[str]:
    return [key for key in json.loads(RECORD.read_text()) if key.startswith("sio=")]


@pytest.mark.slow
@needs_suite
@pytest.mark.parametrize("configuration", _configurations())
def test_no_recorded_pass_fails_and_every_pass_is_recorded(configuration):
    options = dict(part.split("=") for part in configuration.split())
    recorded = set(json.loads(RECORD.read_text())[configuration])
    run = run_suite(SUITE, sio=options["sio"], illegal=options["illegal"] == "on")
    stopped = [f"{test.number} {test.name}: {test.verdict} {test.message}" for test in run.verdicts
               if test.verdict in ("hang", "jam")]
    assert run.completed, f"the suite did not run to its end ({configuration}): {stopped}"
    # the screen reader agrees with the suite's own count
    assert (run.count("pass"), run.count("fail"), run.count("skip")) == run.suite_totals
    passed = set(run.passed)
    lost = {test.name: f"{test.verdict}: {test.message}" for test in run.verdicts if test.name in recorded - passed}
    assert not lost, f"Acid800 tests that passed before fail now ({configuration}): {lost}"
    new = sorted(passed - recorded, key=TEST_NAMES.index)
    assert not new, (f"Acid800 tests that pass now ({configuration}); add them to {RECORD.name} "
                     f"in this commit: {new}")


@pytest.mark.slow
@needs_suite
def test_the_python_reference_gives_the_compiled_paths_verdicts(monkeypatch):
    """The Python CPU core and picture (the reference, SURROUND_CPU/SURROUND_VIDEO=python) run
    the whole suite to the same verdicts and messages, in the same number of frames, as the
    compiled core and picture: the timing and GTIA rules live in both."""
    runs = []
    for path in ("python", "compiled"):
        monkeypatch.setenv("SURROUND_CPU", path)
        monkeypatch.setenv("SURROUND_VIDEO", path)
        run = run_suite(SUITE, sio="fast", illegal=True)
        runs.append((run.completed, run.frames, [(test.name, test.verdict, test.message) for test in run.verdicts]))
    assert runs[0] == runs[1]


def test_tests_without_a_verdict_are_unread_after_a_finished_run_else_not_run():
    from host.atari.acid800 import TestVerdict, all_verdicts

    found = {"CPU: Flags": TestVerdict(2, "CPU: Flags", "pass")}
    finished = all_verdicts(found, None, completed=True)
    assert [test.verdict for test in finished[:3]] == ["unread", "pass", "unread"]
    stopped = all_verdicts(found, TestVerdict(3, "CPU: Decimal mode", "hang", "no verdict"), completed=False)
    assert [test.verdict for test in stopped[:4]] == ["not run", "pass", "hang", "not run"]
    assert len(stopped) == 58
