"""`surround atr new|list|add|extract|delete|check IMAGE ...`: DOS 2 disk images (host/atari/dos2.py).

Every command but ``new`` and ``check`` refuses an image whose file system is
not sound (one line naming the image and the problem) and never writes to it.
Images are written atomically.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from emulator.files import atomic_write
from host.atari.dos2 import GEOMETRIES, Dos2Disk, split_name
from host.commands import counted
from host.errors import SurroundError


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `atr` sub-command and its actions."""
    parser = subparsers.add_parser(
        "atr",
        help="create, list, fill and check DOS 2.0S disk images (.atr)",
        description="ATR disk images with an Atari DOS 2.0S file system (720 sectors single "
        "density, or 1040 enhanced density as DOS 2.5 writes them).",
    )
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")

    new = actions.add_parser("new", help="create an empty, formatted image")
    new.add_argument("image")
    new.add_argument("--density", choices=sorted(GEOMETRIES), default="single")
    new.add_argument("--system", action="store_true", help="put the free mini-DOS on it (a disk that boots)")
    new.add_argument("--force", action="store_true", help="replace an existing file")
    new.set_defaults(handler=run_new)

    listing = actions.add_parser("list", help="the directory, as DOS lists it")
    listing.add_argument("image")
    listing.add_argument("--json", action="store_true")
    listing.set_defaults(handler=run_list)

    add = actions.add_parser("add", help="copy host files onto the image (replacing files of the same name)")
    add.add_argument("image")
    add.add_argument("files", nargs="+", metavar="FILE")
    add.add_argument("--name", default=None, help="the name on the disk (only with one FILE)")
    add.set_defaults(handler=run_add)

    extract = actions.add_parser("extract", help="copy files from the image to the host")
    extract.add_argument("image")
    extract.add_argument("names", nargs="+", metavar="NAME")
    extract.add_argument("-o", "--output", default=".", help="folder (or file, with one NAME) to write to")
    extract.set_defaults(handler=run_extract)

    delete = actions.add_parser("delete", help="delete files from the image (DOS wildcards: 'OK.*', '*.BAK')")
    delete.add_argument("image")
    delete.add_argument("names", nargs="+", metavar="NAME")
    delete.set_defaults(handler=run_delete)

    rename = actions.add_parser("rename", help="rename files ('*.DAT' 'OLD' keeps what '?'/'*' stand for)")
    rename.add_argument("image")
    rename.add_argument("pattern", metavar="OLD")
    rename.add_argument("new_name", metavar="NEW")
    rename.set_defaults(handler=run_rename)

    for action, locked, text in (("lock", True, "lock files (DOS refuses to change them)"),
                                 ("unlock", False, "unlock files")):
        locker = actions.add_parser(action, help=text)
        locker.add_argument("image")
        locker.add_argument("patterns", nargs="+", metavar="NAME")
        locker.set_defaults(handler=run_lock, locked=locked)

    check = actions.add_parser("check", help="check every chain, the VTOC and the directory")
    check.add_argument("image")
    check.add_argument("--json", action="store_true")
    check.set_defaults(handler=run_check)


def open_sound(image: str) -> Dos2Disk:
    """Open ``image`` and refuse it unless its file system is sound."""
    disk = Dos2Disk.open(image)
    disk.check()
    return disk


def run_new(args: argparse.Namespace) -> int:
    path = Path(args.image)
    if path.exists() and not args.force:
        raise SurroundError(f"{path}: exists (use --force to replace it)")
    from host.toolchain.minidos import boot_sectors, install

    disk = Dos2Disk.new(args.density, path, boot=boot_sectors(None))
    if args.system:
        install(disk)
    disk.save()
    print(f"{path}: {args.density} density, {disk.free_count()} free sectors")
    return 0


def directory_lines(disk: Dos2Disk) -> list[str]:
    """The listing in DOS 2.0S's layout: lock mark, name, extension, sectors; then the free count."""
    lines = [f"{'*' if e.locked else ' '} {e.base:<8}{e.extension:<3} {e.sector_count:03d}" for e in disk.entries()]
    lines.append(f"{disk.free_count():03d} FREE SECTORS")
    return lines


def run_list(args: argparse.Namespace) -> int:
    disk = open_sound(args.image)
    if args.json:
        files = [{"name": e.name, "sectors": e.sector_count, "start": e.start, "locked": e.locked,
                  "bytes": len(disk.read(e.name))} for e in disk.entries()]
        print(json.dumps({"image": args.image, "density": disk.geometry.name,
                          "free_sectors": disk.free_count(), "files": files}, indent=2))
        return 0
    print("\n".join(directory_lines(disk)))
    return 0


def run_add(args: argparse.Namespace) -> int:
    """All files or none: every FILE is read and added in memory first; the image is written
    (and the files reported) only when all of them went on."""
    if args.name is not None and len(args.files) != 1:
        raise SurroundError("--name needs exactly one FILE")
    disk = open_sound(args.image)
    contents = []
    for file in args.files:
        path = Path(file)
        try:
            contents.append((args.name or path.name, path.read_bytes()))
        except OSError as error:
            raise SurroundError(f"{path}: cannot read ({error.strerror}); nothing was added to {args.image}") from None
    added = []
    for name, data in contents:
        try:
            added.append((disk.add(name, data), len(data)))
        except SurroundError as error:
            raise SurroundError(f"{error}; nothing was added to {args.image}") from None
    disk.save()
    for entry, size in added:
        print(f"{entry.name}: {size} bytes, {counted(entry.sector_count, 'sector')}")
    return 0


def run_extract(args: argparse.Namespace) -> int:
    disk = open_sound(args.image)
    output = Path(args.output)
    for name in args.names:
        data = disk.read(name)
        base, extension = split_name(name, args.image)
        target = (
            output
            if len(args.names) == 1 and not output.is_dir()
            else output / (base + ("." + extension if extension else ""))
        )
        try:
            atomic_write(target, data)
        except OSError as error:
            raise SurroundError(f"{target}: cannot write ({error.strerror})") from None
        print(f"{target}: {len(data)} bytes")
    return 0


def run_delete(args: argparse.Namespace) -> int:
    """Delete the files each NAME matches (DOS 2 wildcards: '*.BAK', 'OK.*', 'SURR?UND.BLK');
    a NAME that matches nothing or a locked file stops it all before anything is written."""
    disk = open_sound(args.image)
    deleted = []
    for pattern in args.names:
        entries = disk.matching(pattern)
        if not entries:
            raise SurroundError(f"{args.image}: no file {pattern.upper()} (DOS error 170); nothing was deleted")
        for entry in entries:
            try:
                disk.delete(entry.name)
            except SurroundError as error:
                raise SurroundError(f"{error}; nothing was deleted") from None
            deleted.append(entry.name)
    disk.save()
    for name in deleted:
        print(f"{name}: deleted")
    return 0


def run_rename(args: argparse.Namespace) -> int:
    disk = open_sound(args.image)
    count = disk.rename(args.pattern, args.new_name)
    disk.save()
    print(f"{args.image}: {counted(count, 'file')} renamed")
    return 0


def run_lock(args: argparse.Namespace) -> int:
    disk = open_sound(args.image)
    changed = []
    for pattern in args.patterns:
        entries = disk.matching(pattern)
        disk.set_locked(pattern, args.locked)
        changed += [entry.name for entry in entries]
    disk.save()
    for name in changed:
        print(f"{name}: {'locked' if args.locked else 'unlocked'}")
    return 0


def run_check(args: argparse.Namespace) -> int:
    disk = Dos2Disk.open(args.image)
    found = disk.problems()
    note = disk.atr.trailer_note()
    if args.json:
        print(json.dumps({"image": args.image, "density": disk.geometry.name, "ok": not found,
                          "problems": found, "extra_bytes": len(disk.atr.trailer)}, indent=2))
        return 1 if found else 0
    if note is not None:
        print(f"{args.image}: {note}")
    if found:
        for problem in found:
            print(f"{args.image}: {problem}")
    else:
        print(f"{args.image}: OK, {counted(len(disk.entries()), 'file')}, {disk.free_count()} free sectors")
    return 1 if found else 0
