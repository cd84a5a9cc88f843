"""The black-list file: what it holds and how it is read and written.

A black-list file is exactly the 165 bytes of the black list's bitmap (docs/rules.md): bit
``nr % 8`` of byte ``nr // 8`` is set when position ``nr`` (0-1319) is on the list. The same
bytes are SURROUND.BLK on the Surround disk. Only 316 positions can ever be lost by the wolf
(LOSABLE); a file holding others was not written by this game's learner.

Reading and writing here is the format only: where a list is kept, the lock and the merge of
two sessions' lessons are host.game.blacklist_store's.
"""

from __future__ import annotations

import os
from pathlib import Path

from host.errors import SurroundError
from host.files import write_atomically
from host.game.rules import BLACKLIST_BYTES

#: the 316 positions the wolf can lose (host.game.solver's lost_positions as a bitmap; a test
#: checks it against the solver, which takes a second to run): a lesson is always one of them
LOSABLE = bytes.fromhex(
    "0000000000000000000000000000000b02000000000000000000000000000b05000000000000000000000000"
    "000505000000000000000000000000000f83d56005aa2800050000000000000301000000000000000000000000"
    "000f85c25059008055500200000000005fafddf554cb257534348a200000007fbfdad769af817661411b8650"
    "45003f9fcd737547147552124916010000ff7fd7af5e7fe3fdafafdfd6fa777e"
)


def read_blacklist_file(path: str | os.PathLike[str]) -> bytes:
    """Read a saved black list: exactly the 165 bytes of the bitmap (SurroundError naming the file)."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise SurroundError(f"{path}: cannot read the black list ({error.strerror or error})") from None
    if len(data) != BLACKLIST_BYTES:
        raise SurroundError(
            f"{path}: a black-list file holds exactly {BLACKLIST_BYTES} bytes, this one {len(data)}"
        )
    return data


def write_blacklist_file(path: str | os.PathLike[str], data: bytes) -> None:
    """Save the 165 black-list bytes, replacing the file atomically."""
    if len(data) != BLACKLIST_BYTES:
        raise SurroundError(f"{path}: refusing to save {len(data)} bytes as a black list")
    write_atomically(path, bytes(data))


def positions_in(data: bytes) -> int:
    """How many positions a black-list bitmap holds."""
    return sum(bin(byte).count("1") for byte in data)


def impossible_positions(data: bytes) -> int:
    """How many positions of ``data`` are not among the 316 the wolf can lose."""
    return positions_in(bytes(byte & ~mask & 0xFF for byte, mask in zip(data, LOSABLE)))


def impossible_warning(path: str | os.PathLike[str], data: bytes) -> str | None:
    """A warning for a list holding positions the wolf can never lose (None if it holds none)."""
    odd = impossible_positions(data)
    if not odd:
        return None
    return (f"warning: {path} holds {odd} position{'s' if odd != 1 else ''} the wolf cannot lose "
            f"(only 316 can be lost); they stay, but the file was not written by this game's learner")
