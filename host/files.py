"""Writing the host's files atomically, with one clear error line when that fails."""

from __future__ import annotations

import os

from emulator.files import atomic_write
from host.errors import SurroundError


def write_atomically(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically, its folder made if missing (emulator/files.py);
    SurroundError names the user's path and what failed."""
    try:
        atomic_write(path, data, sync=False)
    except OSError as error:
        raise SurroundError(f"{path}: cannot write ({error.strerror or error})") from None
