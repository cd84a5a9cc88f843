"""The `surround` command line: a thin dispatcher over host/commands/*.

Each sub-command lives in its own module with a ``register(subparsers)`` function
that adds its parser and sets ``handler`` (a function taking the parsed args and
returning the exit status).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from emulator.errors import CpuJam, EmulatorError
from host.commands import ExactOptionParser
from host.errors import SurroundError
from host.resources import check_emulator_package

COMMAND_MODULES = (
    "host.commands.play",
    "host.commands.train",
    "host.commands.check",
    "host.commands.solve",
    "host.commands.bench",
    "host.commands.build",
    "host.commands.emu",
    "host.commands.basic",
    "host.commands.atr",
    "host.commands.disk",
    "host.commands.lab",
    "host.commands.acid800",
)


def installed_version() -> str:
    """The installed package's version (pyproject.toml's), or a note if it is not installed."""
    from importlib import metadata

    try:
        return metadata.version("surround-xl")
    except metadata.PackageNotFoundError:
        return "(not installed: run from a checkout)"


def build_parser() -> argparse.ArgumentParser:
    """Collect the parsers of every sub-command module.

    The parsed arguments carry the parser itself (``root_parser``), so a command that runs
    others (``lab pictures``) needs no import of this module."""
    parser = ExactOptionParser(
        prog="surround",
        description="Surround XL: the self-learning wolf of an Atari XL/XE magazine, three times over.",
    )
    parser.add_argument("--version", action="version", version=f"surround {installed_version()}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module_name in COMMAND_MODULES:
        importlib.import_module(module_name).register(subparsers)
    parser.set_defaults(commands=subparsers.choices, root_parser=parser)
    return parser


def own_os_rom(args: argparse.Namespace) -> str:
    """"PATH as the OS ROM: " when the machine ran a user's OS image (a jam names it), else ""."""
    rom = getattr(args, "os", None)
    return f"{rom} as the OS ROM: " if rom not in (None, "ours", "original") else ""


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console command; returns the exit status."""
    try:
        check_emulator_package()
    except SurroundError as error:
        print(f"surround: {error}", file=sys.stderr)
        return 2
    args, unknown = build_parser().parse_known_args(argv)
    if unknown:  # the sub-command's own usage, not the top-level one
        args.commands[args.command].error(f"unrecognized arguments: {' '.join(unknown)}")
    try:
        return int(args.handler(args) or 0)
    except CpuJam as jam:
        print(f"surround: {own_os_rom(args)}{jam}", file=sys.stderr)
        return 2
    except (SurroundError, EmulatorError) as error:
        print(f"surround: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("surround: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (`surround ... | head`): not an error of ours
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
