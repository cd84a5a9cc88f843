"""One module per `surround` sub-command; each has register(subparsers).

The options that the learning runs (train, check) share are defined once here.
"""

from __future__ import annotations

import argparse
from typing import Any

from host.errors import SurroundError


class ExactOptionParser(argparse.ArgumentParser):
    """An argument parser that takes options only by their whole name ("--n" is not taken for
    "--nodes-plot": a typo is an error, not a guess); its sub-command parsers are of this class too."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """"1 game", "2 games": a number with its noun in the right form."""
    return f"{number} {noun if number == 1 else (plural or noun + 's')}"


def add_learning_run_options(parser: argparse.ArgumentParser, verb: str, default_games: int) -> None:
    """--engine, --sheep, --games, --seed and --json, as train and check both take them."""
    parser.add_argument("--engine", default="reference", help=f"engine to {verb} (default: reference)")
    parser.add_argument(
        "--sheep", default="mix:0.5",
        help="sheep player: random, perfect, mix:P, replay:FILE (default: mix:0.5)",
    )
    parser.add_argument("--games", type=int, default=default_games, help=f"number of games (default: {default_games})")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default: 1)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")


def check_learning_run_options(args: argparse.Namespace) -> None:
    """Refuse option values a learning run cannot use (machine options for the reference, too),
    with a clear message."""
    if args.games < 1:
        raise SurroundError(f"--games must be at least 1, not {args.games}")
    if args.sheep == "human":
        raise SurroundError(
            f"{args.command} needs an automatic sheep player (random, perfect, mix:P, replay:FILE)"
        )
    if args.engine == "reference":
        from host.commands.machine_options import refuse_machine_options

        refuse_machine_options(args, "the reference engine runs no emulated machine (leave them out)")
    if args.engine == "asm" and args.basic is not None:
        raise SurroundError("--basic chooses the BASIC ROM for --engine basic; the 6502 game runs without BASIC")
