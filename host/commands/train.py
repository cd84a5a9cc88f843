"""`surround train`: a learning run of an engine's wolf, measured against the exact solver."""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from host.commands import add_learning_run_options, check_learning_run_options, counted
from host.commands.machine_options import add_machine_options, machine_options_from_args
from host.commands.signals import StopRequest, stop_requests
from host.errors import SurroundError

if TYPE_CHECKING:
    from host.game.blacklist_store import BlacklistStore

#: with --blacklist, the lessons so far are saved this often (seconds) while the run goes on
SAVE_EVERY_SECONDS = 10.0


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "train",
        help="let the wolf learn over many games and compare it with the solver",
        description=(
            "Play learning games and report the wolf's win rate per block of games, the black list, "
            "how much of it the solver confirms, and a perfect wolf's win rate against the same sheep."
        ),
    )
    add_learning_run_options(parser, "train", default_games=1000)
    parser.add_argument("--block", type=int, default=None,
                        help="games per block of the learning curve (default: games/10)")
    parser.add_argument("--blacklist", metavar="FILE",
                        help="start from the black list in FILE if it exists and keep the run's lessons there: "
                        "saved as the run goes (every --save-every seconds), at its end and on Ctrl-C, SIGTERM "
                        "or SIGHUP; each save takes the file's lock and merges with what is on disk, so runs "
                        "and games sharing the file keep each other's lessons")
    parser.add_argument("--save-every", type=float, default=SAVE_EVERY_SECONDS, metavar="SECONDS",
                        help=f"with --blacklist: save the lessons so far this often (default: {SAVE_EVERY_SECONDS:g})")
    parser.add_argument("--plot", metavar="FILE",
                        help="draw the learning curve and the black list's growth as a PNG (needs the 'plots' extra)")
    add_machine_options(parser, basic_default="free, for --engine basic")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from host.engines.harness import derive_seed
    from host.engines.registry import make_engine
    from host.game.players import parse_sheep_spec

    check_learning_run_options(args)
    if args.plot:
        from host.lab.plots import check_target, pyplot

        pyplot()  # a clear message now, not after the run, if matplotlib is missing
        check_target(args.plot)
    if args.block is not None and args.block < 1:
        raise SurroundError(f"--block must be at least 1, not {args.block}")
    if args.save_every <= 0:
        raise SurroundError(f"--save-every must be positive, not {args.save_every}")
    block = args.block or max(1, math.ceil(args.games / 10))
    store = _open_store(args.blacklist)  # an unusable place is refused now, not after the run
    sheep = parse_sheep_spec(args.sheep, derive_seed(args.seed, "sheep"))
    engine = make_engine(args.engine, machine_options_from_args(args), seed=derive_seed(args.seed, "engine"))
    try:
        if store.path is not None:
            engine.load_blacklist(store.saved)
        played = _learn(engine, sheep, store, args, block)
    finally:
        engine.close()
    closing = store.closing_line()
    if played.stopped_by.signum is not None:
        print(f"surround train: stopped by {played.stopped_by.name} after {counted(len(played.wins), 'game')} of "
              f"{args.games}; {_what_was_kept(store)}", file=sys.stderr)
        if closing:
            print(closing, file=sys.stderr)
        return played.stopped_by.exit_status
    data = _report(args, played, store.started, block)
    if args.plot:
        from host.lab.plots import plot_training

        plot_training(args.plot, data)
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        print(_text(data))
    if closing:
        print(closing, file=sys.stderr)
    if store.problem:
        return 1
    return 0 if not data["unconfirmed"] else 1


def _what_was_kept(store: BlacklistStore) -> str:
    if store.path is None:
        return "nothing is saved (no --blacklist)"
    return "its lessons could NOT be saved" if store.problem else "its lessons are saved"


def _open_store(option: str | None) -> BlacklistStore:
    """The store of --blacklist FILE (location checked, the file read), or one that keeps nothing."""
    from host.game.blacklist_store import BlacklistStore

    store = BlacklistStore.open(option, empty=option is None)
    for line in store.opening_lines() if store.path is not None else []:
        print(line, file=sys.stderr)
    return store


@dataclass
class LearningRun:
    """What a run played: the wolf's wins game by game, the black list's size after each block,
    and the signal that stopped it early (if one did)."""

    wins: list[bool]
    blacklist_sizes: list[int]
    stopped_by: StopRequest
    learned: list[int]


def _learn(engine, sheep, store: BlacklistStore, args: argparse.Namespace, block: int) -> LearningRun:
    """Play the games, saving the black list every --save-every seconds and at the end; an ending
    signal stops the run between two games (the lessons so far are saved)."""
    from host.engines.harness import play_learning_game, progress_bar
    from host.game.rules import SHEEP, blacklist_bytes_to_nrs

    wins: list[bool] = []
    sizes: list[int] = []
    next_save = time.monotonic() + args.save_every
    with stop_requests() as stop, progress_bar(args.games, f"train {args.engine}", quiet=args.json) as bar:
        for number in range(1, args.games + 1):
            wins.append(play_learning_game(engine, sheep).winner != SHEEP)
            if number % block == 0 or number == args.games:
                sizes.append(len(blacklist_bytes_to_nrs(engine.blacklist_bytes())))
            bar.update()
            if stop.signum is not None:
                break
            if store.path is not None and time.monotonic() >= next_save:
                store.save_if_changed(engine.blacklist_bytes())
                next_save = time.monotonic() + args.save_every
        store.flush(engine.blacklist_bytes())
    return LearningRun(wins, sizes, stop, blacklist_bytes_to_nrs(engine.blacklist_bytes()))


def _report(args: argparse.Namespace, run: LearningRun, started: bytes, block: int) -> dict:
    """The run's figures, with the solver's verdict on every position learned. Positions that
    came from the --blacklist file are not the learner's: the solver's doubts about them are
    told apart (unconfirmed_from_file) and do not count as a learner error."""
    from host.engines.harness import derive_seed, play_learning_game
    from host.engines.reference import PerfectWolfEngine
    from host.game.players import parse_sheep_spec
    from host.game.rules import SHEEP, blacklist_bytes_to_nrs
    from host.game.solver import solve

    solution = solve()
    perfect_sheep = parse_sheep_spec(args.sheep, derive_seed(args.seed, "sheep"))
    perfect_wolf = PerfectWolfEngine(derive_seed(args.seed, "perfect wolf"))
    perfect_wins = sum(play_learning_game(perfect_wolf, perfect_sheep).winner != SHEEP for _ in range(args.games))
    wins, learned = run.wins, run.learned
    from_file = set(blacklist_bytes_to_nrs(started))
    confirmed = [nr for nr in learned if solution.is_lost(nr)]
    return {
        "engine": args.engine,
        "sheep": args.sheep,
        "seed": args.seed,
        "games": args.games,
        "wolf_wins": sum(wins),
        "wolf_win_rate": round(sum(wins) / args.games, 4),
        "learned": len(learned),
        "learned_this_run": len(set(learned) - from_file),
        "learned_confirmed_lost": len(confirmed),
        "lost_total": len(solution.lost_positions()),
        "coverage": round(len(confirmed) / len(solution.lost_positions()), 4),
        "perfect_wolf_win_rate": round(perfect_wins / args.games, 4),
        "blocks": [
            {"first": first + 1, "last": min(first + block, args.games),
             "wolf_win_rate": round(sum(wins[first:first + block]) / len(wins[first:first + block]), 4),
             "blacklist": size}
            for first, size in zip(range(0, args.games, block), run.blacklist_sizes)
        ],
        "unconfirmed": [nr for nr in learned if not solution.is_lost(nr) and nr not in from_file],
        "unconfirmed_from_file": [nr for nr in learned if not solution.is_lost(nr) and nr in from_file],
    }


def _text(data: dict) -> str:
    lines = [
        f"{data['engine']} wolf vs sheep {data['sheep']}, {counted(data['games'], 'game')}, seed {data['seed']}",
        "",
    ]
    this_run = data.get("learned_this_run", data["learned"])
    width = len(str(data["games"]))  # the block numbers line up however many games there are
    ranges = [f"{block['first']:>{width}}-{block['last']:<{width}}" for block in data["blocks"]]
    lines.append(f"{'games':<{len(ranges[0])}}  wolf wins")
    for span, block in zip(ranges, data["blocks"]):
        bar = "#" * round(block["wolf_win_rate"] * 40)
        lines.append(f"{span}  {block['wolf_win_rate']:6.1%}  {bar}")
    lines += [
        "",
        f"wolf won {data['wolf_wins']} of {data['games']} ({data['wolf_win_rate']:.1%})",
        f"black list: {data['learned']} positions"
        + (f" ({this_run} learned in this run)" if this_run != data["learned"] else "")
        + f", {data['learned_confirmed_lost']} confirmed lost by the solver",
        f"coverage of the {data['lost_total']} lost positions: {data['coverage']:.1%}",
        f"a perfect wolf wins {data['perfect_wolf_win_rate']:.1%} against the same sheep",
    ]
    if data["unconfirmed"]:
        lines.append(f"NOT CONFIRMED (a learner error!): {data['unconfirmed']}")
    if data.get("unconfirmed_from_file"):
        lines.append(f"{counted(len(data['unconfirmed_from_file']), 'position')} from the --blacklist file "
                     "the solver does not confirm (not learned in this run; they stay in the list)")
    return "\n".join(lines)
