"""BASIC speed: Ahl's benchmark, the BYTE Sieve and Rugg/Feldman's eight on the emulated XL
(`surround bench --basic`).

The listings are in basic/bench/ (ahl.lst: Creative Computing, November 1983; sieve.lst:
J. Gilbreath, BYTE, September 1981, with the flags in a string as Atari programs keep them;
rugg1.lst ... rugg8.lst: our own programs written from T. Rugg and P. Feldman's descriptions,
"BASIC timing comparisons", Kilobaud, June 1977: an empty FOR loop, an IF loop, that loop
with variable and with constant arithmetic, plus a GOSUB, plus an inner FOR, plus an array
store, each counting K to 1000, and K^2, LOG and SIN, 100 times; each prints its count;
goto.lst and gosub.lst: ours, a GOTO and a GOSUB/RETURN 1000 times to line 4000 of a
program of 310 lines, each printing its count).  Each is ENTERed through H: and RUN on
BASIC at READY; the emulated time runs from the RETURN after RUN to the machine waiting
for a key again (READY), with ANTIC's DMA modelled, so it is what a stopwatch beside a
real 800XL would show.  Reference points: Atari BASIC
on an Atari 800 took 6 min 58 s for Ahl's benchmark (Creative Computing), Rev. C about
404 s in a mature emulator.  Besides, the frames that ENTER of basic/surround.lst takes,
from typing the ENTER command to READY.

Nothing is estimated: if the interpreter cannot run a program, or prints something else than
the program's results, the benchmark stops with a message naming the program and what the
screen shows.
"""

from __future__ import annotations

import re
from pathlib import Path

from tqdm import tqdm

from emulator.headless import MachineOptions
from host.atari.basic_session import BasicSession
from host.errors import SurroundError
from host.resources import data_root

SLICE_FRAMES = 600
MAX_FRAMES = 150_000  # about 42 emulated minutes
SIEVE_PRIMES = 1899  # primes counted by the BYTE Sieve with SIZE = 8190
#: basic/bench/rugg1.lst ... rugg8.lst print the count of their loop at the end: 1000 each,
#: 100 for the eighth (K^2, LOG and SIN: the published program counts to 100 only)
RUGG_COUNTS = (1000, 1000, 1000, 1000, 1000, 1000, 1000, 100)
#: basic/bench/goto.lst and gosub.lst: the JSON key of each and the count it prints
JUMP_PROGRAMS = (("goto", 1000), ("gosub", 1000))
ENTER_LISTING = "surround.lst"  # in basic/, the game itself
NUMBER = re.compile(r"^-?(\d+\.?\d*|\.\d+)(E[+-]?\d+)?$")


def bench_dir() -> Path:
    return data_root() / "basic" / "bench"


def run_listing(name: str, basic: str = "free", progress: bool = True) -> tuple[float, float, list[str]]:
    """(emulated seconds, host seconds, printed lines) of basic/bench/NAME run to its end."""
    path = bench_dir() / name
    if not path.is_file():
        raise SurroundError(f"{path}: benchmark listing missing")
    session = BasicSession(MachineOptions(basic_rom=basic), h_directory=path.parent)
    session.start_program(path)
    emulated = host = 0.0
    frames = 0
    with tqdm(total=None, unit=" emulated s", desc=name, disable=not progress, leave=False) as bar:
        while frames < MAX_FRAMES:
            result = session.run_until_waiting(SLICE_FRAMES)
            emulated += result.emulated_seconds
            host += result.host_seconds
            frames += result.frames
            bar.update(result.emulated_seconds)
            if result.waiting:
                break
        else:
            raise SurroundError(f"{path}: still running after {MAX_FRAMES} frames ({emulated:.0f} emulated s)")
    printed = program_output(session.screen_lines())
    for line in printed:
        if line.startswith("ERROR"):
            raise SurroundError(f"{path}: the {basic} BASIC stopped with {line!r}; screen:\n{session.screen_text()}")
    return emulated, host, printed


def enter_frames(basic: str = "free") -> int:
    """The frames ENTER of basic/surround.lst takes, from typing the ENTER command to READY
    (about 17 of them typing it; `surround bench --profile` counts from its RETURN)."""
    path = data_root() / "basic" / ENTER_LISTING
    session = BasicSession(MachineOptions(basic_rom=basic), h_directory=path.parent)
    before = session.atari.frames
    session.load(path, max_frames=SLICE_FRAMES)
    return session.atari.frames - before


def program_output(lines: list[str]) -> list[str]:
    """The lines between the last RUN and the READY after it."""
    if "RUN" not in lines:
        return lines
    start = len(lines) - lines[::-1].index("RUN")
    output = lines[start:]
    if output and output[-1] == "READY":
        output = output[:-1]
    return output


def numbers(printed: list[str], count: int, name: str, basic: str) -> list[float]:
    """The last ``count`` printed lines as numbers (SurroundError if they are not)."""
    tail = printed[-count:]
    if len(tail) < count or not all(NUMBER.match(line) for line in tail):
        raise SurroundError(
            f"{name}: no figures: after RUN the {basic} BASIC printed {printed!r}, not the program's "
            f"{count} results (it cannot run the program, or not yet)"
        )
    return [float(line) for line in tail]


def measure(basic: str = "free", progress: bool = True) -> dict:
    """All the benchmarks; the figures `surround bench --basic --json` prints."""
    ahl_emulated, ahl_host, ahl_printed = run_listing("ahl.lst", basic, progress)
    accuracy, randomness = numbers(ahl_printed, 2, "ahl.lst", basic)
    sieve_emulated, sieve_host, sieve_printed = run_listing("sieve.lst", basic, progress)
    match = re.match(r"^(\d+) PRIMES$", sieve_printed[-1]) if sieve_printed else None
    if match is None or int(match.group(1)) != SIEVE_PRIMES:
        raise SurroundError(
            f"sieve.lst: no figures: expected '{SIEVE_PRIMES} PRIMES' after RUN, "
            f"the {basic} BASIC printed {sieve_printed!r}"
        )
    figures = {
        "basic": basic,
        "ahl_emulated_seconds": round(ahl_emulated, 2),
        "ahl_accuracy": accuracy,
        "ahl_randomness": randomness,
        "ahl_host_seconds": round(ahl_host, 2),
        "ahl_printed": ahl_printed,
        "sieve_emulated_seconds": round(sieve_emulated, 2),
        "sieve_host_seconds": round(sieve_host, 2),
        "sieve_printed": sieve_printed,
    }
    for number, count in enumerate(RUGG_COUNTS, start=1):
        name = f"rugg{number}.lst"
        emulated, _, printed = run_listing(name, basic, progress)
        if printed[-1:] != [str(count)]:
            raise SurroundError(
                f"{name}: no figures: expected {count} after RUN, the {basic} BASIC printed {printed!r}"
            )
        figures[f"rugg{number}_emulated_seconds"] = round(emulated, 2)
    for key, count in JUMP_PROGRAMS:
        emulated, _, printed = run_listing(f"{key}.lst", basic, progress)
        if printed[-1:] != [str(count)]:
            raise SurroundError(
                f"{key}.lst: no figures: expected {count} after RUN, the {basic} BASIC printed {printed!r}"
            )
        figures[f"{key}_emulated_seconds"] = round(emulated, 2)
    figures["enter_surround_lst_frames"] = enter_frames(basic)
    return figures
