"""Writing files so that nothing is lost: one atomic replace for every file the project writes,
and one rule for a missing output folder: it is made (``make_folder_for``), for every option
that names an output (screenshots, WAV, printer, cassette, H:, disks, listings, pictures).

Disk images, screenshots, SAVEs through H:, black lists, build outputs: each is written to a
temporary file beside its target and renamed over it, so a reader (or a crash) sees the old
file or the new one, never half of either. The new file gets the mode a plain ``open()``
would give it: an existing file keeps its mode, a new one gets 0666 less the umask
(``mkstemp`` alone would leave 0600 and hide the file from the user's group).
"""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path


def current_umask() -> int:
    """The process's umask (read by setting it and setting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def make_folder_for(path: str | os.PathLike[str], folder: bool = False) -> Path:
    """Make the missing folders a file at ``path`` needs (``folder``: ``path`` is a folder
    itself); returns ``path`` as a Path. OSError (naming the folder) if that cannot be done."""
    target = Path(path)
    needed = target if folder else target.parent
    blocker = next((part for part in (needed, *needed.parents) if part.exists()), None)
    if blocker is not None and not blocker.is_dir():  # mkdir would only say "File exists"
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(blocker))
    needed.mkdir(parents=True, exist_ok=True)
    return target


def atomic_write(path: str | os.PathLike[str], data: bytes, sync: bool = True) -> None:
    """Replace ``path`` with ``data`` atomically (its folder made if missing); OSError if it
    cannot be written (nothing changes then), naming ``path`` and never the temporary file."""
    target = make_folder_for(path)
    try:
        _replace(target, data, sync)
    except OSError as error:
        raise OSError(error.errno, error.strerror, str(target)) from None


def _replace(target: Path, data: bytes, sync: bool) -> None:
    mode = target.stat().st_mode & 0o777 if target.exists() else 0o666 & ~current_umask()
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            if sync:
                stream.flush()
                os.fsync(stream.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
