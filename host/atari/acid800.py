"""Altirra's Acid800 hardware test suite on the emulated XL (`surround acid800`).

Acid800 (Avery Lee, MIT licence; not part of this project: a user passes their copy's path,
the project's tests read ``../shared/conformance/acid800/acid800.atr``) is a bootable disk of
58 tests.  The runner boots it headless, answers its option menu (the suite waits five seconds
for a key; ``I`` switches its undocumented-opcode tests on or off, ``X`` starts the tests) and
reads the verdicts off the screen the suite prints through E: (its manual: ``Name...Pass``,
``Name...FAIL.`` followed by message lines, ``Name...Skipped``, ``Loading test N`` while the
next test loads, and at the end ``All tests complete.`` and ``Passed: P Failed: F Skipped: S``).
The machine is an XL with its BASIC inside (ours, or the one given) switched off at power-on,
as the suite's manual recommends; its MMU test banks BASIC in.

Reading the screen: every frame the 24 rows at SAVMSC are joined into logical lines (LOGMAP,
$02B2, one bit per row that starts one; Mapping the Atari) with the margins (columns 2-39);
a screen counts only when it is the same in two consecutive frames, so a frame caught in the
middle of a scroll is never read.  A test that gives no verdict within ``frame_limit`` frames
of the last sign of progress is reported as ``hang`` and the run stops there; a CPU jam stops
it as ``jam``; tests after that are ``not run``.  A test the suite finished but whose verdict
never stood on the screen (one that overwrites screen memory) is ``unread``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from emulator.atascii import internal_to_text
from emulator.errors import CpuJam, EmulatorError
from emulator.headless import HeadlessAtari
from emulator.keyboard import key_for_atascii
from emulator.rom import ROMS
from host.errors import SurroundError
from host.resources import CHECKOUT

#: the suite's tests in its order (CPU 9, ANTIC 20, POKEY 15, PIA 2, GTIA 11, MMU 1), as it names them
TEST_NAMES = (
    "CPU: Basic instructions", "CPU: Flags", "CPU: Decimal mode", "CPU: Timing", "CPU: Bugs",
    "CPU: CLI/SEI timing", "CPU: Illegal instructions", "CPU: Illegal insn timing", "CPU: 65C816 tests",
    "ANTIC: Default value", "ANTIC: NMIST/NMIRES test", "ANTIC: Hires bug", "ANTIC: VCOUNT timing",
    "ANTIC: WSYNC timing", "ANTIC: Address wrapping", "ANTIC: Display list wrapping", "ANTIC: DLI timing",
    "ANTIC: Address mirroring", "ANTIC: P/M graphics DMA", "ANTIC: Character control", "ANTIC: DMA pattern",
    "ANTIC: Blocked NMIs", "ANTIC: HSCROL bug", "ANTIC: Virtual DMA", "ANTIC: Vertical scrolling",
    "ANTIC: VSCROL+NMI timing", "ANTIC: Playfield start timing", "ANTIC: Playfield stop timing",
    "ANTIC: Line buffering", "POKEY: Default value", "POKEY: Noise generators", "POKEY: IRQ timing",
    "POKEY: Timer IRQs", "POKEY: Timer timing", "POKEY: 1.79MHz timer granularity", "POKEY: Two-tone mode",
    "POKEY: Serial output complete IRQ", "POKEY: Serial clocking modes", "POKEY: Direct serial input",
    "POKEY: Serial port timing", "POKEY: Serial status", "POKEY: Asynchronous receive mode",
    "POKEY: Address mirroring", "POKEY: Init timing", "PIA: Basic test", "PIA: Interrupt control test",
    "GTIA: Default value", "GTIA: Phantom PMG DMA", "GTIA: CONSOL test", "GTIA: Vertical delay",
    "GTIA: Collision test", "GTIA: Special modes collision test", "GTIA: P/M retriggering",
    "GTIA: Player resizing", "GTIA: Player overlap", "GTIA: Psuedo mode E", "GTIA: Address mirroring",
    "MMU: XL banking",
)
VERDICTS = {"Pass": "pass", "FAIL.": "fail", "Skipped": "skip"}
#: what a test that did not finish is reported as; "unread": the suite ran to its end but the
#: test's verdict never stood on the screen for two frames (a test that overwrites the screen)
HANG, JAM, NOT_RUN, UNREAD = "hang", "jam", "not run", "unread"

TEST_LINE = re.compile(r"^(?P<name>[A-Za-z0-9]+: .+?)\.\.\.(?P<verdict>Pass|FAIL\.|Skipped)?$")
LOADING_LINE = re.compile(r"Loading test (?P<number>\d+)$")
COMPLETE_LINE = re.compile(r"All tests complete")
TOTALS = re.compile(r"Passed: *(\d+) +Failed: *(\d+) +Skipped: *(\d+)")
OPTIONS_PROMPT = "Press key for options"
MENU_PROMPT = "Acid800>"
ILLEGAL_OPTION = re.compile(r"I - Allow illegal instructions: (ON|OFF)")

SAVMSC, LOGMAP = 0x58, 0x02B2
ROWS, COLUMNS, LEFT_MARGIN = 24, 40, 2
CURSOR = "█"
#: frames from power-on to the options prompt (a slow serial boot takes about 900)
BOOT_FRAMES = 3600
#: frames to wait for the menu to answer a key
MENU_FRAMES = 300
#: frames the program gets after a screen appears before the next key is pressed
SETTLE_FRAMES = 10
#: default: frames a test may go without a sign of progress (30 emulated seconds; the slowest
#: test takes a few seconds, loading a test over the serial bus at 19,200 baud about two)
FRAME_LIMIT = 1800


def default_suite_path() -> Path:
    """Where the project keeps the suite for its tests: ``shared/conformance/acid800/acid800.atr``
    beside the checkout (in the first folder above it that has one)."""
    for folder in CHECKOUT.parents:
        candidate = folder / "shared" / "conformance" / "acid800" / "acid800.atr"
        if candidate.is_file():
            return candidate
    return CHECKOUT.parent / "shared" / "conformance" / "acid800" / "acid800.atr"


@dataclass
class TestVerdict:
    """One test's result: ``pass``, ``fail``, ``skip``, ``hang``, ``jam`` or ``not run``."""

    number: int
    name: str
    verdict: str
    message: str = ""


@dataclass
class SuiteRun:
    """The verdicts of one run of the suite, in the suite's order."""

    verdicts: list[TestVerdict]
    completed: bool  # the suite printed "All tests complete"
    frames: int  # emulated frames from power-on to the end of the run
    suite_totals: tuple[int, int, int] | None = None  # (passed, failed, skipped) as the suite counted

    def count(self, verdict: str) -> int:
        return sum(1 for test in self.verdicts if test.verdict == verdict)

    @property
    def passed(self) -> list[str]:
        return [test.name for test in self.verdicts if test.verdict == "pass"]

    def totals(self) -> dict[str, int]:
        kinds = ("pass", "fail", "skip", HANG, JAM, NOT_RUN, UNREAD)
        return {kind: self.count(kind) for kind in kinds}

    def as_json(self) -> dict:
        return {
            "completed": self.completed,
            "frames": self.frames,
            "totals": self.totals(),
            "suite_totals": (dict(zip(("passed", "failed", "skipped"), self.suite_totals))
                             if self.suite_totals else None),
            "tests": [{"number": test.number, "name": test.name, "verdict": test.verdict,
                       "message": test.message} for test in self.verdicts],
        }


def screen_lines(atari: HeadlessAtari) -> list[str]:
    """The E: screen's logical lines (margins 2-39, trailing blanks and the cursor dropped)."""
    ram = atari.machine.memory.ram
    screen = ram[SAVMSC] | (ram[SAVMSC + 1] << 8)
    starts = int.from_bytes(bytes(ram[LOGMAP:LOGMAP + 3]), "big")  # bit 23 = row 0
    lines: list[str] = []
    for row in range(ROWS):
        start = (screen + row * COLUMNS) & 0xFFFF
        text = internal_to_text(bytes(ram[start:start + COLUMNS]))[LEFT_MARGIN:]
        if lines and not starts & (1 << (ROWS - 1 - row)):
            lines[-1] += text
        else:
            lines.append(text)
    cleaned = (line.replace(CURSOR, " ").rstrip() for line in lines)
    return [line.strip() for line in cleaned if line.strip()]


@dataclass
class VerdictReader:
    """Collects the verdicts from the stable screens of a run, as they scroll past."""

    verdicts: dict[str, TestVerdict] = field(default_factory=dict)
    running: str | None = None  # the test whose name is shown without a verdict yet
    loading: int | None = None  # the number of the test being loaded
    suite_totals: tuple[int, int, int] | None = None
    _previous: list[str] | None = None

    def read(self, lines: list[str]) -> bool:
        """Take one frame's lines; True if they showed progress (a new test, a verdict, the end)."""
        stable, self._previous = lines == self._previous, lines
        if not stable:
            return False
        progress = False
        for index, line in enumerate(lines):
            progress |= self._read_line(line, lines[index + 1:])
        return progress

    def _read_line(self, line: str, following: list[str]) -> bool:
        loading = LOADING_LINE.search(line)
        if loading:
            number = int(loading["number"])
            changed, self.loading = number != self.loading, number
            return changed
        if COMPLETE_LINE.search(line):  # the totals follow, on this line or the next
            totals = TOTALS.search(" ".join([line, *following[:1]]))
            if totals is None or self.suite_totals is not None:
                return False
            passed, failed, skipped = (int(group) for group in totals.groups())
            self.suite_totals = (passed, failed, skipped)
            return True
        test = TEST_LINE.match(line)
        if not test:
            return False
        name = test["name"]
        if test["verdict"] is None:
            changed = name != self.running and name not in self.verdicts
            if changed:
                self.running = name
            return changed
        return self._record(name, VERDICTS[test["verdict"]], _message(following))

    def _record(self, name: str, verdict: str, message: str) -> bool:
        known = self.verdicts.get(name)
        if known is not None and len(known.message) >= len(message):
            return False
        self.verdicts[name] = TestVerdict(test_number(name), name, verdict, message)
        if self.running == name:
            self.running = None
        return known is None

    def unfinished(self) -> str | None:
        """The test that is running (or loading) now, if any."""
        if self.running is not None:
            return self.running
        if self.loading is not None and 1 <= self.loading <= len(TEST_NAMES):
            name = TEST_NAMES[self.loading - 1]
            return None if name in self.verdicts else name
        return None


def _message(following: list[str]) -> str:
    """The failure message: the lines after a verdict up to the next test or the end."""
    message = []
    for line in following:
        if TEST_LINE.match(line) or LOADING_LINE.search(line) or COMPLETE_LINE.search(line):
            break
        message.append(line)
    return " ".join(message)


def test_number(name: str) -> int:
    """A test's place in the suite (1-58); a name the suite did not have in V1.2 counts after them."""
    return TEST_NAMES.index(name) + 1 if name in TEST_NAMES else len(TEST_NAMES) + 1


class Acid800Runner:
    """Boots the suite's disk and runs it to its end (or to a hang or jam)."""

    def __init__(self, atr: str | Path, os_rom: str | None = None, sio: str = "fast", illegal: bool = True,
                 frame_limit: int = FRAME_LIMIT, basic_rom: str | None = None) -> None:
        path = Path(atr)
        if not path.is_file():
            problem = "a folder, not the disk image" if path.is_dir() else "no such file"
            raise SurroundError(f"{atr}: {problem} (the Acid800 disk image, acid800.atr)")
        if frame_limit < 1:
            raise SurroundError(f"--frame-limit must be at least 1, not {frame_limit}")
        # an XL has BASIC inside; the suite runs with it switched off (OPTION held at power-on)
        # and banks it in for its MMU test
        if basic_rom is None:
            original = os_rom == "original" and ROMS.original_basic.exists()
            basic_rom = "original" if original else "free"
        self.atari = HeadlessAtari(os_rom=os_rom, basic_rom=basic_rom, sio=sio)
        self.atari.insert_disk(1, path, write_protected=True)
        self.illegal = illegal
        self.frame_limit = frame_limit
        self.reader = VerdictReader()

    def run(self, progress: Callable[[TestVerdict], None] = lambda verdict: None) -> SuiteRun:
        """Boot, answer the menu, run the tests; ``progress`` hears of every verdict as it comes."""
        self.atari.boot(max_frames=0, basic=False)
        stop = self._start_suite()
        if stop is None:
            stop = self._run_tests(progress)
        return self._result(stop)

    # -- the option menu --------------------------------------------------------------------------

    def _start_suite(self) -> TestVerdict | None:
        """Wait for the options prompt, set the illegal-instruction option, start the tests;
        a verdict for the first test if the machine jams or never gets there."""
        try:
            if not self._wait_for(lambda lines: any(OPTIONS_PROMPT in line for line in lines), BOOT_FRAMES):
                return self._stopped(HANG, f"the suite did not boot to its options prompt in {BOOT_FRAMES} frames")
            self._press(" ")
            if not self._wait_for(lambda lines: any(MENU_PROMPT in line for line in lines), MENU_FRAMES):
                return self._stopped(HANG, "the suite's option menu did not come up")
            wanted = "ON" if self.illegal else "OFF"
            if self._illegal_option() != wanted:
                self._press("i")
                if not self._wait_for(lambda lines: self._illegal_option() == wanted, MENU_FRAMES):
                    return self._stopped(HANG, "the suite's menu did not switch illegal instructions")
            self._press("x")
            if not self._wait_for(lambda lines: any(LOADING_LINE.search(line) for line in lines), MENU_FRAMES):
                return self._stopped(HANG, "the suite's menu did not start the tests")
        except CpuJam as jam:
            return self._stopped(JAM, "while the suite starts: " + _first_line(jam))
        return None

    def _illegal_option(self) -> str | None:
        for line in screen_lines(self.atari):
            option = ILLEGAL_OPTION.search(line)
            if option:
                return option[1]
        return None

    def _press(self, key: str) -> None:
        keycode, shift, ctrl = key_for_atascii(ord(key))
        self.atari.press_key(keycode, shift, ctrl)

    def _wait_for(self, seen: Callable[[list[str]], bool], frames: int) -> bool:
        """Run until ``seen`` holds for the screen (then a few frames more, so the program is
        ready for a key); False if it does not within ``frames``."""
        for _ in range(frames):
            self.atari.run_frames(1)
            if seen(screen_lines(self.atari)):
                self.atari.run_frames(SETTLE_FRAMES)
                return True
        return False

    # -- the tests -------------------------------------------------------------------------------------

    def _run_tests(self, progress: Callable[[TestVerdict], None]) -> TestVerdict | None:
        """Frame by frame until the suite's last line; the unfinished test if it hangs or jams."""
        reader = self.reader
        quiet = 0
        while reader.suite_totals is None:
            try:
                self.atari.run_frames(1)
            except CpuJam as jam:
                return self._stopped(JAM, _first_line(jam))
            known = set(reader.verdicts)
            if reader.read(screen_lines(self.atari)):
                quiet = 0
                for name in reader.verdicts.keys() - known:
                    progress(reader.verdicts[name])
            else:
                quiet += 1
                if quiet > self.frame_limit:
                    return self._stopped(HANG, f"no verdict within {self.frame_limit} frames")
        return None

    def _stopped(self, verdict: str, message: str) -> TestVerdict:
        name = self.reader.unfinished() or _next_test(self.reader.verdicts)
        return TestVerdict(test_number(name), name, verdict, message)

    def _result(self, stop: TestVerdict | None) -> SuiteRun:
        completed = self.reader.suite_totals is not None
        return SuiteRun(all_verdicts(self.reader.verdicts, stop, completed), completed, self.atari.frames,
                        self.reader.suite_totals)


def all_verdicts(found: dict[str, TestVerdict], stop: TestVerdict | None, completed: bool) -> list[TestVerdict]:
    """Every test's verdict in the suite's order: those read, the one that stopped the run, and
    for the rest ``unread`` if the suite ran to its end, else ``not run``."""
    found = dict(found)
    if stop is not None:
        found[stop.name] = stop
    missing = UNREAD if completed else NOT_RUN
    verdicts = [found.pop(name) if name in found else TestVerdict(number, name, missing)
                for number, name in enumerate(TEST_NAMES, 1)]
    return verdicts + sorted(found.values(), key=lambda test: test.name)  # names V1.2 did not have


def _next_test(verdicts: dict[str, TestVerdict]) -> str:
    for name in TEST_NAMES:
        if name not in verdicts:
            return name
    return TEST_NAMES[-1]


def _first_line(error: EmulatorError) -> str:
    """A jam's message without the instruction trace that follows it."""
    return str(error).splitlines()[0].split("; last instructions")[0]


def run_suite(atr: str | Path, os_rom: str | None = None, sio: str = "fast", illegal: bool = True,
              frame_limit: int = FRAME_LIMIT,
              progress: Callable[[TestVerdict], None] = lambda verdict: None) -> SuiteRun:
    """Run the Acid800 disk ``atr`` to its end; see Acid800Runner."""
    return Acid800Runner(atr, os_rom, sio, illegal, frame_limit).run(progress)
