"""`surround basic`: Atari BASIC programs as LIST text and SAVE files, and running them.

* ``surround basic tokenize FILE.lst -o FILE.bas [--immediate TEXT]``: ENTER + SAVE on the
  host (host/atari/basic): the SAVE file a real Atari BASIC writes for the same listing.
* ``surround basic list FILE.bas [-o FILE.lst] [--atascii]``: LOAD + LIST on the host.
* Anything else (``surround basic [FILE] [--frontend F] [--type TEXT] [--screen]
  [--frames N] [--basic free|original]``) runs BASIC in the emulator (host/commands/basic_run.py).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from host.atari.basic import (
    immediate_save_line,
    list_program,
    listing_bytes,
    read_listing_file,
    read_save_file,
    write_file_atomically,
)
from host.commands import ExactOptionParser, basic_run, counted

TOOLS = ("tokenize", "list")


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add `basic`; its own arguments are parsed by `run` (tools or the runner)."""
    parser = subparsers.add_parser(
        "basic",
        help="Atari BASIC: tokenize/list programs, or run BASIC in the emulator",
        description="surround basic tokenize FILE.lst -o FILE.bas | surround basic list FILE.bas | "
        "surround basic [FILE] [--frontend F] [--type TEXT] [--screen] [--frames N] [--basic free|original]",
        prefix_chars="+",
        add_help=False,
    )
    parser.add_argument("arguments", nargs="*", help="a tool (tokenize, list) and its arguments, or runner options")
    parser.set_defaults(handler=run)


def tools_parser() -> argparse.ArgumentParser:
    """The parser of the host tools `tokenize` and `list`."""
    parser = ExactOptionParser(prog="surround basic", description="Atari BASIC programs on the host.")
    tools = parser.add_subparsers(dest="tool", required=True, metavar="TOOL")
    tokenize = tools.add_parser(
        "tokenize",
        help="LIST text -> SAVE file, byte for byte what Atari BASIC writes after ENTER and SAVE",
        description="Read a LIST file (ASCII with LF, or ATASCII with $9B) and write the SAVE file. "
        "Syntax errors name the line and the column.",
    )
    tokenize.add_argument("listing", type=Path, help="the LIST text, e.g. basic/surround.lst")
    tokenize.add_argument("-o", "--output", type=Path, required=True, help="the SAVE file to write (.bas)")
    tokenize.add_argument(
        "--immediate",
        help='the immediate line stored at the end, as typed (default: SAVE "D:NAME.BAS" for the output name)',
    )
    tokenize.set_defaults(tool_handler=run_tokenize)
    listing = tools.add_parser(
        "list",
        help="SAVE file -> LIST text, as Atari BASIC's LIST prints it",
        description="Read a SAVE file (checked byte by byte) and print or write its listing.",
    )
    listing.add_argument("program", type=Path, help="the SAVE file (.bas)")
    listing.add_argument("-o", "--output", type=Path, help="write the listing to this file instead of stdout")
    listing.add_argument("--atascii", action="store_true", help="end lines with ATASCII EOL ($9B) instead of LF")
    listing.set_defaults(tool_handler=run_list)
    return parser


def run_tokenize(args: argparse.Namespace) -> int:
    program = read_listing_file(args.listing)
    immediate = args.immediate if args.immediate is not None else immediate_save_line(args.output)
    data = program.to_save_bytes(immediate, source=str(args.listing))
    write_file_atomically(args.output, data)
    print(f"{args.output}: {counted(len(program.lines), 'line')}, {counted(len(program.variables.names), 'variable')}, "
          f"{len(data)} bytes")
    return 0


def run_list(args: argparse.Namespace) -> int:
    program = read_save_file(args.program)
    data = listing_bytes(list_program(program), atascii=args.atascii)
    if args.output is not None:
        write_file_atomically(args.output, data)
    else:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    return 0


def runner_parser() -> argparse.ArgumentParser:
    """The runner's parser; its help also names the host tools, so `--help` prints one usage."""
    parser = ExactOptionParser(
        prog="surround basic",
        description="Run Atari BASIC in the emulator: READY, or a program (a SAVEd .bas or a LISTed .lst).",
        epilog="Host tools (no emulator): `surround basic tokenize FILE.lst -o FILE.bas [--immediate TEXT]` "
        "(ENTER + SAVE) and `surround basic list FILE.bas [-o FILE.lst] [--atascii]` (LOAD + LIST); "
        "each has its own --help.",
    )
    basic_run.register_runner(parser)
    return parser


def run(args: argparse.Namespace) -> int:
    """Dispatch to a host tool or to the emulator runner (host/commands/basic_run.py)."""
    argv = list(args.arguments)
    if argv and argv[0] in TOOLS:
        options = tools_parser().parse_args(argv)
        return int(options.tool_handler(options))
    return int(basic_run.run(runner_parser().parse_args(argv)))
