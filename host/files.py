"""Writing the host's files atomically, with one clear error line when that fails."""

from __future__ import annotations

import os
from pathlib import Path

from emulator.files import atomic_write
from host.errors import SurroundError


def write_atomically(path: str | os.PathLike[str], data: bytes, make_folder: bool = False) -> None:
    """Replace ``path`` with ``data`` atomically (emulator/files.py); SurroundError names what failed.

    ``make_folder``: create the file's folder first if it is missing (build outputs)."""
    target = Path(path)
    if make_folder:
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise SurroundError(f"{target.parent}: cannot create the folder ({error.strerror or error})") from None
    try:
        atomic_write(target, data, sync=False)
    except OSError as error:
        raise SurroundError(f"{path}: cannot write ({error.strerror or error})") from None
