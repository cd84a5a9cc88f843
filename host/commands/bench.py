"""`surround bench`: learning games per second against a random sheep, for any engine.

With --emulator it measures the emulator instead (emulator.bench.measure, and a BASIC program
moving a player over a GR.7 picture, host/bench/gr7.py); with --basic
the BASIC benchmarks (Ahl's and the BYTE Sieve, host/bench/basic.py) in emulated and host seconds;
with --fp the math pack's routines in emulated CPU cycles per call (host/bench/fp.py);
with --profile where the free BASIC's cycles go while it ENTERs (and RUNs) a listing
(host/bench/profile.py); with --readme the README's measured figures from the checks,
--basic and --fp (host/bench/readme.py).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path
from types import ModuleType

from host.commands.machine_options import add_machine_options, machine_options_from_args, refuse_machine_options
from host.errors import SurroundError


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "bench",
        help="measure learning games per second (or the emulator's speed)",
        description="Play learning games of an engine against a random sheep and measure the speed.",
    )
    parser.add_argument("--engine", default="reference", help="engine to measure (default: reference)")
    parser.add_argument("--emulator", action="store_true", help="measure the emulator instead of an engine")
    parser.add_argument("--basic", nargs="?", const="free", default=None, choices=("free", "original"),
                        help="run Ahl's benchmark and the BYTE Sieve on the free (default) or original BASIC")
    parser.add_argument("--fp", action="store_true",
                        help="measure our OS math pack: average emulated 6502 cycles per call of FADD FSUB "
                             "FMUL FDIV AFP FASC IFP FPI EXP LOG over a fixed set of ten-digit operands "
                             "(the CPU's own cycles on the bare CPU: no ANTIC DMA, no interrupts; "
                             "JSON key cycles_per_call)")
    parser.add_argument("--profile", metavar="LISTING", default=None,
                        help="sample where the free BASIC's 6502 cycles go while it ENTERs LISTING "
                             "(built from the sources with label maps; per routine: self and inclusive "
                             "share of the samples)")
    parser.add_argument("--profile-run", action="store_true", help="--profile: also RUN the listing")
    parser.add_argument("--seconds", type=float, default=3.0, help="how long to measure (default: 3)")
    parser.add_argument("--games", type=int, default=None, help="play exactly this many games instead")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default: 1)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--readme", action="store_true",
                        help="run every command README.md's measured figures come from (checks, --basic, --fp), "
                             "record them in docs/figures.json and rewrite the README's figure blocks")
    add_machine_options(parser, basic_default=None)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.seconds <= 0:
        raise SurroundError(f"--seconds must be positive, not {args.seconds}")
    if args.games is not None and args.games < 1:
        raise SurroundError(f"--games must be at least 1, not {args.games}")
    _refuse_two_measurements(args)
    if args.readme:
        refuse_machine_options(args, "--readme runs the README's own commands", ignore=("--basic",))
        return _update_readme()
    _refuse_unused_machine_options(args)
    if args.profile_run and args.profile is None:
        raise SurroundError("--profile-run needs --profile LISTING")
    if args.profile is not None:
        from host.bench.profile import profile

        figures = profile(args.profile, run=args.profile_run)
    elif args.fp:
        from host.bench.fp import measure as measure_fp

        figures = measure_fp()
    elif args.basic:
        from host.bench.basic import measure as measure_basic

        figures = measure_basic(args.basic, progress=not args.json)
    elif args.emulator:
        figures = measure_emulator(args.seconds, args.video)
    else:
        figures = measure_engine(args)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(_text(figures))
    return 0


def _update_readme() -> int:
    from host.bench.readme import record_path, update_readme

    record = update_readme(progress=lambda command: print(command, flush=True))
    print(f"{record_path()}: recorded ({record['machine']}); README.md: figure blocks rewritten")
    return 0


def _refuse_two_measurements(args: argparse.Namespace) -> None:
    """One measurement a run: `--emulator --fp` measured only the math pack, silently."""
    chosen = [name for name, given in (("--emulator", args.emulator), ("--fp", args.fp), ("--basic", args.basic),
                                       ("--profile", args.profile is not None), ("--readme", args.readme))
              if given]
    if args.engine != "reference" and chosen:
        chosen.insert(0, f"--engine {args.engine}")
    if len(chosen) > 1:
        raise SurroundError(f"{' and '.join(chosen)}: one measurement at a time, please choose one")


def _refuse_unused_machine_options(args: argparse.Namespace) -> None:
    """The machine options apply to an emulated engine's machine (and --video to --emulator);
    the other measurements build machines of their own."""
    if args.fp:
        refuse_machine_options(args, "--fp measures the math pack on the bare CPU", ignore=("--basic",))
    elif args.basic:
        refuse_machine_options(args, "--basic measures BASIC on the standard machine", ignore=("--basic",))
    elif args.emulator:
        refuse_machine_options(args, "--emulator measures machines of its own (only --video applies)",
                               ignore=("--basic", "--video"))
    elif args.engine == "reference":
        refuse_machine_options(args, "the reference engine runs no emulated machine", ignore=("--basic",))


def _text(figures: dict, indent: str = "") -> str:
    """The figures one per line, names aligned; a nested table indented under its name."""
    width = max(len(str(key)) for key in figures)
    lines = []
    for key, value in figures.items():
        if isinstance(value, dict):
            lines += [f"{indent}{key}:", _text(value, indent + "  ")]
        else:
            lines.append(f"{indent}{str(key) + ':':<{width + 1}} {value}")
    return "\n".join(lines)


def measure_emulator(seconds: float, video: str = "ntsc") -> dict:
    """The emulator's own benchmark (emulator/bench.py) on the chosen TV standard, issue 26's
    BASIC program (a player over a GR.7 picture, host/bench/gr7.py), the Surround disk's boot
    over the serial bus, and Acid800's verdicts."""
    from emulator import bench
    from host.bench import gr7

    load = os.getloadavg()[0]  # the speeds are host seconds: on a shared machine they follow its load
    figures = dict(bench.measure(seconds, video=video))
    figures.update(gr7.measure(video))
    figures["load_average"] = round(load, 2)
    figures.update(measure_serial_boot(bench))
    figures.update(measure_acid800())
    return figures


def measure_acid800() -> dict:
    """Acid800's verdicts on our OS (`surround acid800`, default options), if the suite is found
    beside the checkout (shared/conformance/acid800/acid800.atr); nothing otherwise."""
    from host.atari.acid800 import default_suite_path, run_suite

    path = default_suite_path()
    if not path.is_file():
        return {}
    run = run_suite(path)
    return {"acid800_passed": len(run.passed), "acid800": {test.name: test.verdict for test in run.verdicts}}


def measure_serial_boot(module: ModuleType) -> dict:
    """The Surround disk (`surround disk`) from power-on to its menu over the serial bus."""
    import tempfile

    from host.toolchain.disk import build_disk

    with tempfile.TemporaryDirectory() as folder:
        image = Path(folder) / "surround.atr"
        build_disk(image)
        return dict(module.measure_serial_boot(image))


def measure_engine(args: argparse.Namespace) -> dict:
    """Learning games of the engine against a random sheep for a time or a number of games.

    The reference is measured on its own. Every other engine is measured the way it is
    used: cross-checked move by move against the reference (the lockstep checker), so the
    figure includes the checking and a mismatch ends the benchmark with an error.
    """
    from host.engines.harness import LockstepChecker, derive_seed, play_learning_game
    from host.engines.registry import make_engine
    from host.game.players import RandomSheep

    engine = make_engine(args.engine, machine_options_from_args(args), seed=derive_seed(args.seed, "engine"))
    sheep = RandomSheep(derive_seed(args.seed, "sheep"))
    cross_checked = args.engine != "reference"
    checker = LockstepChecker(engine, sheep) if cross_checked else None
    games = sheep_moves = wolf_wins = 0
    try:
        started = time.perf_counter()
        deadline = started + args.seconds
        while True:
            if checker is not None:
                mismatch = checker.check_game(games + 1)
                if mismatch is not None:
                    raise SurroundError(
                        f"bench: the {args.engine} engine disagrees with the reference:\n{mismatch.report()}"
                    )
                game = checker.game
            else:
                game = play_learning_game(engine, sheep)
            games += 1
            sheep_moves += game.sheep_moves_made
            wolf_wins += game.winner == "wolf"
            if args.games is not None:
                if games >= args.games:
                    break
            elif time.perf_counter() >= deadline:
                break
        seconds = time.perf_counter() - started
        learned = bin(int.from_bytes(engine.blacklist_bytes(), "little")).count("1")
    finally:
        engine.close()
    return {
        "engine": args.engine,
        "sheep": "random",
        "cross_checked": cross_checked,
        "games": games,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 1),
        "sheep_moves_per_second": round(sheep_moves / seconds, 1),
        "wolf_win_rate": round(wolf_wins / games, 4),
        "learned": learned,
        # engines in the emulator: what a player waits per move on a real machine
        **(engine.move_wait_figures() if hasattr(engine, "move_wait_figures") else {}),
    }
