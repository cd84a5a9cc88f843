"""`surround build [--check]`: assemble the free OS and every 6502 program in asm/."""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from host import resources
from host.build import OS_ROM, build_all, build_os
from host.errors import SurroundError


def repo_root() -> Path:
    """The folder holding asm/ and roms/: the checkout, or an installed package's data."""
    return resources.data_root()


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
    if resources.is_checkout() and resources.build_dir() == root / "build":
        images = build_all(root)
    else:  # an installed package (or a read-only checkout): everything into the cache
        out = resources.build_dir()
        images = build_all(root, build_dir=out, rom=out / "surround-os.rom")
    for image in images:
        print(image.relative_to(root) if image.is_relative_to(root) else image)
    return 0
