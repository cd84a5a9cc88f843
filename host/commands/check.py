"""`surround check`: play an engine in lockstep with the reference and stop at the first mismatch."""

from __future__ import annotations

import argparse
import json
import os

from host.commands import add_learning_run_options, check_learning_run_options
from host.commands.machine_options import add_machine_options, machine_options_from_args
from host.errors import SurroundError


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "check",
        help="check an engine move by move against the Python reference",
        description=(
            "Play learning games on an engine and on the reference side by side; after every wolf turn "
            "check the wolf's move was allowed, the black list and the result. Exit status 1 on a mismatch."
        ),
    )
    add_learning_run_options(parser, "check", default_games=500)
    parser.add_argument("--blacklist", metavar="FILE", help="start engine and reference with this saved black list")
    parser.add_argument(
        "--disk", metavar="IMAGE",
        help="asm or basic engine: boot this disk (`surround disk`; basic: with BASIC on, menu item 2) and "
        "play the game loaded from it; the reference "
        "starts with the image's SURROUND.BLK, and at the end SURROUND.BLK read back from the image must "
        "equal the reference's black list (disk_blacklist_equal)",
    )
    add_machine_options(parser, basic_default="free, for --engine basic")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from host.engines.harness import LockstepChecker, derive_seed, progress_bar
    from host.engines.registry import make_engine
    from host.game.blacklist_store import read_blacklist_and_warn
    from host.game.players import parse_sheep_spec

    check_learning_run_options(args)
    blacklist = read_blacklist_and_warn(args.blacklist) if args.blacklist else None
    options = {}
    if args.disk is not None:
        blacklist = _disk_start(args, blacklist)
        options["disk"] = args.disk
    sheep = parse_sheep_spec(args.sheep, derive_seed(args.seed, "sheep"))
    engine = make_engine(args.engine, machine_options_from_args(args), seed=derive_seed(args.seed, "engine"), **options)
    try:
        checker = LockstepChecker(engine, sheep, blacklist)
        with progress_bar(args.games, f"check {args.engine}", quiet=args.json) as bar:
            summary = checker.run(args.games, on_game=lambda _: bar.update())
    finally:
        engine.close()
    data = summary.to_dict()
    data.update(sheep=args.sheep, seed=args.seed)
    if args.disk is not None:
        data.update(disk=args.disk, disk_blacklist_equal=_disk_blacklist_equal(args.disk, summary))
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        print(_text(data))
        if summary.mismatch is not None:
            print(summary.mismatch.report())
    return 1 if summary.mismatches or data.get("disk_blacklist_equal") is False else 0


def _disk_start(args: argparse.Namespace, blacklist: bytes | None) -> bytes | None:
    """The black list the run starts from with --disk: the image's SURROUND.BLK (None: empty)."""
    from host.engines.registry import emulated_engine_names
    from host.toolchain.disk import read_disk_blacklist

    if args.engine not in emulated_engine_names():
        raise SurroundError(f"--disk boots the 6502 or the BASIC game; the {args.engine!r} engine has no disk")
    if blacklist is not None:
        raise SurroundError("--disk starts from the image's SURROUND.BLK; leave out --blacklist")
    return read_disk_blacklist(args.disk)


def _disk_blacklist_equal(image: str, summary) -> bool | None:
    """SURROUND.BLK read back from the image equals the reference's final black list
    (None when the run stopped at a mismatch)."""
    from host.toolchain.disk import read_disk_blacklist

    if summary.mismatches or not summary.final_blacklist:
        return None
    return read_disk_blacklist(image) == bytes.fromhex(summary.final_blacklist)


def _text(data: dict) -> str:
    verdict = "MISMATCH" if data["mismatches"] else "all moves and black lists agree"
    return os.linesep.join([
        f"engine {data['engine']} vs reference, sheep {data['sheep']}, seed {data['seed']}: {verdict}",
        f"games checked: {data['games']}  (sheep won {data['sheep_wins']}, wolf won {data['wolf_wins']})",
        f"wolf moves checked: {data['wolf_moves']}",
        f"positions learned: {data['learned']}",
        f"time: {data['seconds']} s ({data['games_per_second']} games/s)",
        *([f"SURROUND.BLK on {data['disk']} equals the reference's black list: {data['disk_blacklist_equal']}"]
          if "disk" in data else []),
    ])
