"""`surround disk [-o IMAGE]`: build the bootable Surround disk (host/toolchain/disk.py)."""

from __future__ import annotations

import argparse
import json

from host import resources
from host.commands.atr import directory_lines
from host.toolchain.disk import build_disk, default_output


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `disk` sub-command."""
    parser = subparsers.add_parser(
        "disk",
        help=f"build the bootable Surround disk image ({resources.build_label('surround.atr')})",
        description="Write a single-density DOS 2 disk image with the free mini-DOS, SURROUND.XEX, "
        "SURROUND.BAS/.LST when they exist, a README and SURROUND.BLK (the wolf's black list). "
        "Put it on a real Atari with an SIO2SD, SIO2PC or FujiNet, or boot it with "
        "`surround play --disk IMAGE`.",
    )
    parser.add_argument("-o", "--output", default=None, metavar="IMAGE",
                        help=f"where to write the image (default: {resources.build_label('surround.atr')})")
    parser.add_argument("--blacklist", default=None, metavar="FILE",
                        help="start SURROUND.BLK with this saved black list (165 bytes) instead of an empty one")
    parser.add_argument("--json", action="store_true", help="print the directory as JSON")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from host.game.blacklist_store import read_blacklist_and_warn

    blacklist = read_blacklist_and_warn(args.blacklist) if args.blacklist else None
    output = args.output or default_output()
    disk = build_disk(output, blacklist)
    if args.json:
        files = [{"name": e.name, "sectors": e.sector_count, "start": e.start} for e in disk.entries()]
        print(json.dumps({"image": str(output), "free_sectors": disk.free_count(), "files": files}, indent=2))
    else:
        print(f"{output}:")
        print("\n".join(directory_lines(disk)))
    return 0
