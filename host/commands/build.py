"""`surround build [--check]`: assemble the free OS, the free BASIC and every 6502 program in asm/."""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from host import resources
from host.errors import SurroundError
from host.toolchain.assembler import BASIC_ROM, OS_ROM, basic_size_report, os_free_space
from host.toolchain.targets import build_all, build_basic, build_os


def repo_root() -> Path:
    """The folder holding asm/ and roms/: the checkout, or an installed package's data."""
    return resources.data_root()


def rom_target(name: str) -> str:
    """Where `surround build` writes ROM ``name``: roms/ in a checkout, else the build folder."""
    if resources.is_checkout() and resources.build_dir() == resources.CHECKOUT / "build":
        return f"roms/{name}"
    return resources.build_label(name)


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `build` sub-command."""
    parser = subparsers.add_parser(
        "build",
        help="assemble the free OS ROM, the free BASIC ROM and the 6502 programs with Ophis",
        description=f"Assemble asm/os/os.s into {rom_target('surround-os.rom')}, asm/basic/basic.s into "
        f"{rom_target('surround-basic.rom')} and every asm/*.s into {resources.build_label('NAME.xex')}, "
        f"with listings (.lst) and label maps (.map) in {resources.build_label()}.",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="only verify that the committed ROM images in roms/ equal a fresh build",
    )
    parser.set_defaults(handler=run)


_ROM_BUILDERS = ((OS_ROM, build_os, "asm/os"), (BASIC_ROM, build_basic, "asm/basic"))


def check_rom(root: Path) -> None:
    """Raise SurroundError unless every committed ROM image equals a fresh build."""
    for rom, builder, sources in _ROM_BUILDERS:
        committed = root / rom
        if not committed.is_file():
            raise SurroundError(f"{committed}: missing; run `surround build`")
        with tempfile.TemporaryDirectory(prefix="surround-check-") as scratch:
            fresh = builder(root, rom=Path(scratch) / rom.name, build_dir=Path(scratch))
            if fresh.read_bytes() != committed.read_bytes():
                raise SurroundError(f"{committed}: differs from a fresh build of {sources}; run `surround build`")


def print_basic_size(build_dir: Path) -> None:
    """One line: how the BASIC cartridge's 8 KiB are spent (from the label map in build_dir)."""
    report = basic_size_report(build_dir)
    print(
        f"{BASIC_ROM}: {report['used']} bytes used (editor {report['editor']}, run-time "
        f"{report['runtime']}), {report['free']} bytes free"
    )


def run(args: argparse.Namespace) -> int:
    """Build everything (or, with --check, verify the committed ROM)."""
    root = repo_root()
    if args.check:
        check_rom(root)
        for rom, _, _ in _ROM_BUILDERS:
            print(f"{rom}: up to date")
        return 0
    if resources.is_checkout() and resources.build_dir() == root / "build":
        out = root / "build"
        images = build_all(root)
    else:  # an installed package (or a read-only checkout): everything into the cache
        out = resources.build_dir()
        images = build_all(root, build_dir=out, rom=out / "surround-os.rom", basic_rom=out / "surround-basic.rom")
    for image in images:
        print(image.relative_to(root) if image.is_relative_to(root) else image)
    print_basic_size(out)
    print_rom_space(images[0].read_bytes())  # the OS image comes first
    from host.toolchain.minidos import size_report

    print(size_report(out))
    return 0


def print_rom_space(image: bytes) -> None:
    """The size report: free bytes in each code region of the OS ROM."""
    for name, start, end, free in os_free_space(image):
        print(f"  ${start:04X}-${end - 1:04X} {name}: {free} of {end - start} bytes free")
