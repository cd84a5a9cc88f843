"""The options of every command that builds an emulated machine, and the one value they become.

`add_machine_options(parser)` adds ``--os``, ``--basic``, ``--video``, ``--sio``, ``--printer``
and ``--cassette`` to `emu`, `basic`, `play`, `check`, `train` and `bench` (whose ``--basic``
is its own: the BASIC benchmark); `machine_options_from_args(args)` turns them into an
emulator.headless.MachineOptions. That value goes to make_engine, the BASIC session and
HeadlessAtari; nothing reads a machine option from the environment.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from host import resources
from host.errors import SurroundError

if TYPE_CHECKING:
    from emulator.headless import MachineOptions

#: the options add_machine_options adds: (flag, attribute of the parsed arguments, default)
MACHINE_FLAGS = (
    ("--os", "os", None), ("--basic", "basic", None), ("--video", "video", "ntsc"), ("--sio", "sio", "fast"),
    ("--printer", "printer", None), ("--cassette", "cassette", None),
)


def add_machine_options(parser: argparse.ArgumentParser, basic_default: str | None = "free") -> None:
    """--os, --basic, --video, --sio, --printer and --cassette: the emulated machine (for the
    engines that run in the emulator; the Python reference builds none). ``basic_default``
    says what the command does without --basic; None: the command has a --basic of its own."""
    group = parser.add_argument_group("the emulated machine")
    if basic_default is not None:
        group.add_argument("--basic", default=None, metavar="free|original|PATH",
                           help="BASIC ROM in $A000-$BFFF, enabled as on the XL: 'free' "
                           f"({resources.shipped_rom_label('surround-basic.rom')}), 'original' "
                           f"({resources.original_rom_label('ataribas.rom')}) or an 8 KiB image "
                           f"(default: {basic_default})")
    group.add_argument("--os", default=None, metavar="PATH|original",
                       help=f"OS ROM image (default: {resources.shipped_rom_label('surround-os.rom')}; "
                       f"'original': {resources.original_rom_label('atarixl.rom')})")
    group.add_argument("--video", choices=("ntsc", "pal"), default="ntsc",
                       help="the TV standard: ntsc (default; 262 lines, 59.92 Hz) or pal (312 lines, 49.86 Hz)")
    group.add_argument("--sio", choices=("fast", "serial"), default="fast",
                       help="fast: the emulator carries out SIO requests itself (default); serial: the OS "
                       "talks to the devices over POKEY's serial port at their real speed")
    group.add_argument("--printer", default=None, metavar="FILE",
                       help="a 40-column printer on the bus (P:, LPRINT, LIST \"P:\"): its lines go to FILE")
    group.add_argument("--cassette", default=None, metavar="FILE.cas",
                       help="a program recorder with this .cas tape (C:, CSAVE, CLOAD); made when recorded to")


def machine_options_from_args(args: argparse.Namespace) -> MachineOptions:
    """The MachineOptions of the parsed arguments (``--basic`` if the command has one)."""
    from emulator.headless import MachineOptions

    return MachineOptions(os_rom=args.os, basic_rom=getattr(args, "basic", None), video=args.video,
                          sio=args.sio, printer=args.printer, cassette=args.cassette)


def given_machine_options(args: argparse.Namespace, ignore: tuple[str, ...] = ()) -> list[str]:
    """The machine options given other than their default (their flags), leaving out ``ignore``."""
    return [flag for flag, name, default in MACHINE_FLAGS
            if flag not in ignore and getattr(args, name, default) != default]


def refuse_machine_options(args: argparse.Namespace, reason: str, ignore: tuple[str, ...] = ()) -> None:
    """SurroundError naming the machine options given where no machine is built (``reason`` says why)."""
    given = given_machine_options(args, ignore)
    if given:
        raise SurroundError(f"{', '.join(given)}: {reason}")
