"""`surround build [--check]`: assemble the free OS and every 6502 program in asm/."""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from host.build import OS_ROM, build_all, build_os
from host.errors import SurroundError


def repo_root() -> Path:
    """The repository this package lives in (the folder holding asm/ and roms/)."""
    return Path(__file__).resolve().parents[2]


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `build` sub-command."""
    parser = subparsers.add_parser(
        "build",
        help="assemble the free OS ROM and the 6502 programs with Ophis",
        description="Assemble asm/os/os.s into roms/surround-os.rom and every asm/*.s into "
        "build/NAME.xex, with listings (.lst) and label maps (.map) in build/.",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="only verify that the committed roms/surround-os.rom equals a fresh build",
    )
    parser.set_defaults(handler=run)


def check_rom(root: Path) -> None:
    """Raise SurroundError unless the committed OS image equals a fresh build."""
    committed = root / OS_ROM
    if not committed.is_file():
        raise SurroundError(f"{committed}: missing; run `surround build`")
    with tempfile.TemporaryDirectory(prefix="surround-check-") as scratch:
        fresh = build_os(root, rom=Path(scratch) / "os.rom", build_dir=Path(scratch))
        if fresh.read_bytes() != committed.read_bytes():
            raise SurroundError(f"{committed}: differs from a fresh build of asm/os; run `surround build`")


def run(args: argparse.Namespace) -> int:
    """Build everything (or, with --check, verify the committed ROM)."""
    root = repo_root()
    if args.check:
        check_rom(root)
        print(f"{OS_ROM}: up to date")
        return 0
    for image in build_all(root):
        print(image.relative_to(root))
    return 0
