"""`surround train`: a learning run of an engine's wolf, measured against the exact solver."""

from __future__ import annotations

import argparse
import json
import math

from host.commands import add_learning_run_options, check_learning_run_options, counted
from host.commands.machine_options import add_machine_options, machine_options_from_args
from host.errors import SurroundError


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
                        help="load the black list from FILE if it exists, save it there at the end")
    parser.add_argument("--plot", metavar="FILE",
                        help="draw the learning curve and the black list's growth as a PNG (needs the 'plots' extra)")
    add_machine_options(parser, basic_default="free, for --engine basic")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from host.engines.harness import derive_seed, play_learning_game, progress_bar
    from host.engines.reference import PerfectWolfEngine
    from host.engines.registry import make_engine
    from host.game.players import parse_sheep_spec
    from host.game.rules import SHEEP, blacklist_bytes_to_nrs
    from host.game.solver import solve

    check_learning_run_options(args)
    if args.plot:
        from host.lab.plots import check_target, pyplot

        pyplot()  # a clear message now, not after the run, if matplotlib is missing
        check_target(args.plot)
    if args.block is not None and args.block < 1:
        raise SurroundError(f"--block must be at least 1, not {args.block}")
    block = args.block or max(1, math.ceil(args.games / 10))
    sheep = parse_sheep_spec(args.sheep, derive_seed(args.seed, "sheep"))
    engine = make_engine(args.engine, machine_options_from_args(args), seed=derive_seed(args.seed, "engine"))
    try:
        _load_if_present(engine, args.blacklist)
        wins, blacklist_sizes = [], []
        with progress_bar(args.games, f"train {args.engine}", quiet=args.json) as bar:
            for number in range(args.games):
                wins.append(play_learning_game(engine, sheep).winner != SHEEP)
                if (number + 1) % block == 0 or number + 1 == args.games:
                    blacklist_sizes.append(len(blacklist_bytes_to_nrs(engine.blacklist_bytes())))
                bar.update()
        learned = blacklist_bytes_to_nrs(engine.blacklist_bytes())
        if args.blacklist:
            from host.game.records import write_blacklist_file

            write_blacklist_file(args.blacklist, engine.blacklist_bytes())
    finally:
        engine.close()

    solution = solve()
    perfect_sheep = parse_sheep_spec(args.sheep, derive_seed(args.seed, "sheep"))
    perfect_wolf = PerfectWolfEngine(derive_seed(args.seed, "perfect wolf"))
    perfect_wins = sum(play_learning_game(perfect_wolf, perfect_sheep).winner != SHEEP for _ in range(args.games))
    confirmed = [nr for nr in learned if solution.is_lost(nr)]
    data = {
        "engine": args.engine,
        "sheep": args.sheep,
        "seed": args.seed,
        "games": args.games,
        "wolf_wins": sum(wins),
        "wolf_win_rate": round(sum(wins) / args.games, 4),
        "learned": len(learned),
        "learned_confirmed_lost": len(confirmed),
        "lost_total": len(solution.lost_positions()),
        "coverage": round(len(confirmed) / len(solution.lost_positions()), 4),
        "perfect_wolf_win_rate": round(perfect_wins / args.games, 4),
        "blocks": [
            {"first": first + 1, "last": min(first + block, args.games),
             "wolf_win_rate": round(sum(wins[first:first + block]) / len(wins[first:first + block]), 4),
             "blacklist": size}
            for first, size in zip(range(0, args.games, block), blacklist_sizes)
        ],
        "unconfirmed": [nr for nr in learned if not solution.is_lost(nr)],
    }
    if args.plot:
        from host.lab.plots import plot_training

        plot_training(args.plot, data)
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        print(_text(data))
    return 0 if not data["unconfirmed"] else 1


def _load_if_present(engine, path: str | None) -> None:
    from pathlib import Path

    from host.game.blacklist_store import read_checked as read_blacklist_file

    if path and Path(path).exists():
        engine.load_blacklist(read_blacklist_file(path))


def _text(data: dict) -> str:
    lines = [
        f"{data['engine']} wolf vs sheep {data['sheep']}, {counted(data['games'], 'game')}, seed {data['seed']}",
        "",
    ]
    width = len(str(data["games"]))  # the block numbers line up however many games there are
    ranges = [f"{block['first']:>{width}}-{block['last']:<{width}}" for block in data["blocks"]]
    lines.append(f"{'games':<{len(ranges[0])}}  wolf wins")
    for span, block in zip(ranges, data["blocks"]):
        bar = "#" * round(block["wolf_win_rate"] * 40)
        lines.append(f"{span}  {block['wolf_win_rate']:6.1%}  {bar}")
    lines += [
        "",
        f"wolf won {data['wolf_wins']} of {data['games']} ({data['wolf_win_rate']:.1%})",
        f"black list: {data['learned']} positions, {data['learned_confirmed_lost']} confirmed lost by the solver",
        f"coverage of the {data['lost_total']} lost positions: {data['coverage']:.1%}",
        f"a perfect wolf wins {data['perfect_wolf_win_rate']:.1%} against the same sheep",
    ]
    if data["unconfirmed"]:
        lines.append(f"NOT CONFIRMED (a learner error!): {data['unconfirmed']}")
    return "\n".join(lines)
