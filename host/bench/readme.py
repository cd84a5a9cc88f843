"""The README's measured figures, from the commands that measure them (`surround bench --readme`).

Each figure comes from one command a user can run (``FIGURE_COMMANDS``), run as a process of
this checkout and read from its ``--json``. The results go to ``docs/figures.json`` (the
record: the commands, their JSON, the date and the machine), and every README block between
``<!-- figures:NAME -->`` and ``<!-- /figures:NAME -->`` is written again from that record
(``render``). Figures of the emulated machine (positions learned, emulated seconds, cycles per
call) are exact and the same on every host; figures of the host (games per second, host
seconds) are printed with the machine they were measured on. tests/test_readme_figures.py
checks that the README holds what the record renders, and (fast ones by default, the rest
with ``-m slow``) that the commands still print the recorded emulated figures.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from host.errors import SurroundError

Record = dict[str, Any]

#: name -> the `surround` arguments whose --json output is recorded under that name
FIGURE_COMMANDS: dict[str, list[str]] = {
    "check_asm": ["check", "--engine", "asm", "--sheep", "mix:0.5", "--games", "300", "--seed", "1", "--json"],
    "check_basic": ["check", "--engine", "basic", "--sheep", "mix:0.5", "--games", "100", "--seed", "1", "--json"],
    "bench_basic": ["bench", "--basic", "--json"],
    "bench_fp": ["bench", "--fp", "--json"],
    "bench_emulator": ["bench", "--emulator", "--json"],
}
#: the recorded keys that are emulated figures (exact on every host), per command
EMULATED_KEYS: dict[str, tuple[str, ...]] = {
    "check_asm": ("learned", "mismatches", "final_blacklists_equal", "wolf_wins", "sheep_wins"),
    "check_basic": ("learned", "mismatches", "final_blacklists_equal", "wolf_wins", "sheep_wins"),
    "bench_basic": ("ahl_emulated_seconds", "ahl_accuracy", "sieve_emulated_seconds",
                    *(f"rugg{n}_emulated_seconds" for n in range(1, 9)), "goto_emulated_seconds",
                    "gosub_emulated_seconds", "enter_surround_lst_frames"),
    "bench_fp": ("cycles_per_call",),
    "bench_emulator": (),  # host speeds only (its emulated figures move with the chips' timing)
}
#: bench --emulator's keys in the host table: (key, what it measures)
EMULATOR_SPEEDS = (
    ("realtime_ratio", "no pictures"),
    ("render_realtime_ratio", "a GR.0 screen, its picture every frame"),
    ("pmg_realtime_ratio", "players, missiles, a DLI and collisions, RGB every frame"),
    ("gr7_player_realtime_ratio", "a BASIC player over a GR.7 picture, RGB every frame"),
    ("sound_realtime_ratio", "four channels of sound"),
)
FP_ROUTINES = ("FADD", "FSUB", "FMUL", "FDIV", "AFP", "FASC", "IFP", "FPI", "EXP", "LOG")
#: AltirraOS 3.11's math pack, cycles per call: figures measured on an independent emulator
#: (not on ours); and ours before 25 Nov 2026 (the routine only, without the JSR)
ALTIRRA_FP = (227, 248, 2571, 7789, 971, 454, 916, 166, 37105, 48935)
OURS_BEFORE_FP = (170, 185, 2812, 5039, 1024, 479, 853, 516, 40311, 48919)
#: (program, its key in bench --basic's JSON, Altirra BASIC 1.58 on AltirraOS 3.11 (an
#: independent emulator's figures), ours before issue 27 (as published)); emulated seconds,
#: ENTER in frames
BASIC_PROGRAMS = (
    ("Rugg/Feldman 1 (FOR loop)", "rugg1_emulated_seconds", "0.98-1.00", "1.06"),
    ("Rugg/Feldman 2 (IF loop)", "rugg2_emulated_seconds", "2.92", "2.72"),
    ("Rugg/Feldman 3 (K/K*K+K-K)", "rugg3_emulated_seconds", "11.01", "8.87"),
    ("Rugg/Feldman 4 (K/2*3+4-5)", "rugg4_emulated_seconds", "12.05", "9.51"),
    ("Rugg/Feldman 5 (+ GOSUB)", "rugg5_emulated_seconds", "13.25", "11.47"),
    ("Rugg/Feldman 6 (+ FOR 1 TO 5)", "rugg6_emulated_seconds", "19.56", "18.69"),
    ("Rugg/Feldman 7 (+ M(L)=A)", "rugg7_emulated_seconds", "27.17", "25.28"),
    ("Rugg/Feldman 8 (K^2, LOG, SIN)", "rugg8_emulated_seconds", "14.95", "13.56"),
    ("Ahl's benchmark", "ahl_emulated_seconds", "118.45", "114.01"),
    ("BYTE Sieve (string flags)", "sieve_emulated_seconds", "205.2", "188.37"),
    ("GOTO to line 4000 of 310 lines, 1000 times (`goto.lst`)", "goto_emulated_seconds", "not measured", "14.33"),
    ("GOSUB line 4000 and RETURN, 1000 times (`gosub.lst`)", "gosub_emulated_seconds", "not measured", "15.30"),
    ("ENTER of `basic/surround.lst` (frames)", "enter_surround_lst_frames", "1,358", "2,164"),
)


def repository_root() -> Path:
    return Path(__file__).resolve().parents[2]


def record_path(root: Path | None = None) -> Path:
    return (root or repository_root()) / "docs" / "figures.json"


def machine_name() -> str:
    """The host the timings come from: CPU model and cores, OS, Python."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"{model}, {os.cpu_count()} cores, {platform.system()}, "
            f"{platform.python_implementation()} {platform.python_version()}")


def run_figure(name: str, root: Path | None = None) -> dict[str, Any]:
    """Run FIGURE_COMMANDS[name] as `python -m host ...` in the checkout; its JSON."""
    root = root or repository_root()
    command = [sys.executable, "-m", "host", *FIGURE_COMMANDS[name]]
    completed = subprocess.run(command, capture_output=True, text=True, cwd=root,
                               env={**os.environ, "PYTHONPATH": str(root)})
    if completed.returncode != 0:
        last = (completed.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise SurroundError(f"surround {' '.join(FIGURE_COMMANDS[name])}: exit {completed.returncode}: {last}")
    result: dict[str, Any] = json.loads(completed.stdout)
    result.pop("final_blacklist", None)  # 330 hex digits the README does not show
    result.pop("acid800", None)  # each test's verdict: the README's Conformance section has them
    return result


def measure(root: Path | None = None, progress: Callable[[str], None] | None = None) -> Record:
    """Run every figure command; the record docs/figures.json keeps."""
    results = {}
    for name in FIGURE_COMMANDS:
        if progress is not None:
            progress(f"surround {' '.join(FIGURE_COMMANDS[name])}")
        results[name] = run_figure(name, root)
    return {"date": datetime.date.today().isoformat(), "machine": machine_name(),
            "commands": {name: " ".join(["surround", *args]) for name, args in FIGURE_COMMANDS.items()},
            "results": results}


def emulated_figures(name: str, result: dict[str, Any]) -> dict[str, Any]:
    """The emulated (host-independent) figures of one command's result."""
    return {key: result[key] for key in EMULATED_KEYS[name]}


# -- rendering ---------------------------------------------------------------------------------


def _thousands(value: float) -> str:
    return f"{round(value):,}"


def _check_row(record: Record, name: str) -> str:
    result = record["results"][name]
    equal = "final black lists equal" if result["final_blacklists_equal"] else "final black lists DIFFER"
    return (f"| `{record['commands'][name]}` | {result['mismatches']} mismatches, {equal}, "
            f"{result['learned']} positions learned ({result['wolf_wins']} games won by the wolf, "
            f"{result['sheep_wins']} by the sheep) |")


def _basic_row(record: Record) -> str:
    result = record["results"]["bench_basic"]
    rugg = ", ".join(f"{result[f'rugg{n}_emulated_seconds']:.2f}" for n in range(1, 9))
    return (f"| `{record['commands']['bench_basic']}` | Ahl's benchmark {result['ahl_emulated_seconds']:.2f} "
            f"emulated s (accuracy {result['ahl_accuracy']}), BYTE Sieve {result['sieve_emulated_seconds']:.2f} "
            f"emulated s, Rugg/Feldman 1-8: {rugg} emulated s, GOTO {result['goto_emulated_seconds']:.2f} and "
            f"GOSUB {result['gosub_emulated_seconds']:.2f} emulated s, ENTER of `basic/surround.lst` "
            f"{_thousands(result['enter_surround_lst_frames'])} frames |")


def _fp_row(record: Record) -> str:
    cycles = record["results"]["bench_fp"]["cycles_per_call"]
    listed = ", ".join(f"{routine} {_thousands(cycles[routine])}" for routine in FP_ROUTINES)
    return f"| `{record['commands']['bench_fp']}` | {listed} cycles per call, JSR to RTS |"


def render_emulated(record: Record) -> str:
    """The table of emulated figures: the same on every host."""
    return "\n".join([
        "| command | emulated figure (exact on every host) |",
        "|---|---|",
        _check_row(record, "check_asm"),
        _check_row(record, "check_basic"),
        _basic_row(record),
        _fp_row(record),
    ])


def render_host(record: Record) -> str:
    """The host timings of the same runs, naming the machine and the date."""
    results = record["results"]
    basic = results["bench_basic"]
    return "\n".join([
        f"| command | host figure ({record['date']}, {record['machine']}) |",
        "|---|---|",
        f"| `{record['commands']['check_asm']}` | {results['check_asm']['games_per_second']} games/s |",
        f"| `{record['commands']['check_basic']}` | {results['check_basic']['games_per_second']} games/s |",
        f"| `{record['commands']['bench_basic']}` | Ahl's benchmark in {basic['ahl_host_seconds']} host s, "
        f"BYTE Sieve in {basic['sieve_host_seconds']} host s |",
        _emulator_row(record),
    ])


def _emulator_row(record: Record) -> str:
    """bench --emulator: emulated seconds per host second of each workload, the window's rate."""
    result = record["results"]["bench_emulator"]
    speeds = "; ".join(f"`{key}` {result[key]:.0f}x ({what})" for key, what in EMULATOR_SPEEDS)
    window = "not measured (no display)" if result["window_fps"] is None else _thousands(result["window_fps"])
    return (f"| `{record['commands']['bench_emulator']}` | {speeds}; `window_fps` {window} "
            f"(load average {result['load_average']}) |")


def render_basic_speed(record: Record) -> str:
    """Emulated seconds (ENTER: frames) against Altirra BASIC: "ours now" from the record."""
    result = record["results"]["bench_basic"]
    rows = ["| program | Altirra BASIC | ours before | ours now |", "|---|---|---|---|"]
    for program, key, altirra, before in BASIC_PROGRAMS:
        now = result[key]
        shown = f"**{_thousands(now)}**" if key.endswith("_frames") else f"**{now:.2f}**"
        if key.startswith(("goto", "gosub")):
            shown += f" ({float(before) / now:.1f}x)"
        rows.append(f"| {program} | {altirra} | {before} | {shown} |")
    return "\n".join(rows)


def render_fp(record: Record) -> str:
    """Cycles per call against AltirraOS: "ours now" from the record."""
    cycles = record["results"]["bench_fp"]["cycles_per_call"]
    return "\n".join([
        "| routine | " + " | ".join(FP_ROUTINES) + " |",
        "|---|" + "---|" * len(FP_ROUTINES),
        "| AltirraOS 3.11 | " + " | ".join(_thousands(value) for value in ALTIRRA_FP) + " |",
        "| ours before (routine only) | " + " | ".join(_thousands(value) for value in OURS_BEFORE_FP) + " |",
        "| ours now (JSR to RTS) | " + " | ".join(f"**{_thousands(cycles[r])}**" for r in FP_ROUTINES) + " |",
    ])


#: README block name -> how it is written from the record
BLOCKS: dict[str, Callable[[Record], str]] = {
    "emulated": render_emulated,
    "host": render_host,
    "basic-speed": render_basic_speed,
    "fp": render_fp,
}
BLOCK = re.compile(r"(<!-- figures:(?P<name>[\w-]+) -->\n)(?P<body>.*?)(<!-- /figures:(?P=name) -->)", re.S)


def readme_blocks(text: str) -> dict[str, str]:
    """The bodies of the README's figure blocks by name."""
    return {match["name"]: match["body"].rstrip("\n") for match in BLOCK.finditer(text)}


def rewrite(text: str, record: Record) -> str:
    """``text`` with every figure block written from ``record``; SurroundError for an unknown or
    missing block."""
    found = readme_blocks(text)
    unknown = sorted(set(found) - set(BLOCKS))
    missing = sorted(set(BLOCKS) - set(found))
    if unknown or missing:
        raise SurroundError(f"README.md: figure blocks unknown {unknown}, missing {missing}")
    return BLOCK.sub(lambda match: match[1] + BLOCKS[match["name"]](record) + "\n" + match[4], text)


def update_readme(root: Path | None = None, progress: Callable[[str], None] | None = None) -> Record:
    """Measure, write docs/figures.json and README.md's figure blocks; the record."""
    from host.files import write_atomically

    root = root or repository_root()
    readme = root / "README.md"
    if not readme.is_file():
        raise SurroundError(f"{readme}: no README here; --readme works in a checkout of the project")
    text = readme.read_text(encoding="utf-8")
    record = measure(root, progress)
    updated = rewrite(text, record)  # fails before anything is written if a block is missing
    write_atomically(record_path(root), (json.dumps(record, indent=2) + "\n").encode())
    write_atomically(readme, updated.encode("utf-8"))
    return record


def load_record(root: Path | None = None) -> Record:
    record: Record = json.loads(record_path(root).read_text(encoding="utf-8"))
    return record
