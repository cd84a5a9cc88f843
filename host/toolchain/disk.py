"""The Surround disk: a bootable DOS 2 image with the mini-DOS, the games and the black list.

``build_disk`` writes (atomically) a single-density ATR with, in this order:

=============== ==============================================================
DOS.SYS         the free mini-DOS (asm/dos), loaded by the boot sectors
SURROUND.XEX    the 6502 game (build/surround.xex, built if needed)
SURROUND.BAS    the BASIC game as a SAVE file, when basic/surround.lst exists
SURROUND.LST    the BASIC game as a LIST file (ATASCII, as LIST writes it), likewise
README          what is on the disk, as ATASCII text (EOL line ends)
SURROUND.BLK    the wolf's black list, 165 bytes (empty, or a given one)
=============== ==============================================================
"""

from __future__ import annotations

from pathlib import Path

from emulator.files import make_folder_for
from host import resources
from host.atari.dos2 import Dos2Disk
from host.errors import SurroundError
from host.game.rules import BLACKLIST_BYTES
from host.toolchain import targets
from host.toolchain.minidos import new_system_disk

BLACKLIST_NAME = "SURROUND.BLK"
XEX_NAME = "SURROUND.XEX"
EOL = 0x9B

README_TEXT = """SURROUND XL - THE WOLF THAT LEARNS

Boot this disk (BASIC on or off) and
choose from the menu:
 1 SURROUND, 6502 MACHINE LANGUAGE
 2 SURROUND IN ATARI BASIC (BASIC on)
 3 READY / MEMO PAD

ON THIS DISK
 DOS.SYS      the free mini-DOS
 SURROUND.XEX the 6502 game
 SURROUND.BAS the BASIC game (if here)
 SURROUND.LST its listing (ENTER it)
 SURROUND.BLK what the wolf learned

The wolf writes SURROUND.BLK after
every lesson, so it remembers after
you switch off. Delete the file to
let it start from nothing.

From BASIC: LOAD "D:SURROUND.BAS",
ENTER "D:SURROUND.LST", RUN.
The mini-DOS lists files with
OPEN #1,6,0,"D:*.*" and GET/INPUT.
"""


def atascii_text(text: str) -> bytes:
    """Host text as ATASCII: the same printable characters, EOL ($9B) for each line end."""
    return bytes(EOL if ch == "\n" else ord(ch) for ch in text if ch == "\n" or 32 <= ord(ch) < 127)


def default_output() -> Path:
    return resources.build_dir() / "surround.atr"


def disk_files(blacklist: bytes | None = None) -> list[tuple[str, bytes]]:
    """The files for the disk (name, contents), DOS.SYS excepted, in the order they go on it."""
    files = [(XEX_NAME, targets.ensure_built(targets.GAME).read_bytes())]
    listing = resources.data_root() / "basic" / "surround.lst"
    if listing.is_file():
        from host.atari.basic import list_program, listing_bytes, read_listing_file
        built = {path.name: path for path in targets.build_basic_programs(resources.data_root(), resources.build_dir())}
        files.append(("SURROUND.BAS", built["surround.bas"].read_bytes()))
        files.append(("SURROUND.LST", listing_bytes(list_program(read_listing_file(listing)), atascii=True)))
    files.append(("README", atascii_text(README_TEXT)))
    if blacklist is None:
        blacklist = bytes(BLACKLIST_BYTES)
    if len(blacklist) != BLACKLIST_BYTES:
        raise SurroundError(f"a black list has {BLACKLIST_BYTES} bytes, not {len(blacklist)}")
    files.append((BLACKLIST_NAME, blacklist))
    return files


def build_disk(output: str | Path | None = None, blacklist: bytes | None = None) -> Dos2Disk:
    """Write the Surround disk to ``output`` (default build/surround.atr) and return it."""
    path = Path(output) if output is not None else default_output()
    try:
        make_folder_for(path)
    except OSError as error:
        raise SurroundError(f"{path}: cannot make its folder {path.parent} ({error.strerror})") from None
    disk = new_system_disk(path=path)
    for name, data in disk_files(blacklist):
        disk.add(name, data)
    disk.check()
    disk.save()
    return disk


def read_disk_blacklist(image: str | Path) -> bytes | None:
    """SURROUND.BLK from an image: its 165 bytes, or None when the file is missing.

    A damaged file (another size, a broken chain) is a SurroundError naming the image."""
    disk = Dos2Disk.open(image)
    if disk.find(BLACKLIST_NAME) is None:
        return None
    data = disk.read(BLACKLIST_NAME)
    if len(data) != BLACKLIST_BYTES:
        raise SurroundError(f"{image}: {BLACKLIST_NAME} has {len(data)} bytes, not {BLACKLIST_BYTES}")
    return data
