"""Writing files so that nothing is lost: one atomic replace for every file the project writes.

Disk images, screenshots, SAVEs through H:, black lists, build outputs: each is written to a
temporary file beside its target and renamed over it, so a reader (or a crash) sees the old
file or the new one, never half of either. The new file gets the mode a plain ``open()``
would give it: an existing file keeps its mode, a new one gets 0666 less the umask
(``mkstemp`` alone would leave 0600 and hide the file from the user's group).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def current_umask() -> int:
    """The process's umask (read by setting it and setting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def atomic_write(path: str | os.PathLike[str], data: bytes, sync: bool = True) -> None:
    """Replace ``path`` with ``data`` atomically; OSError if it cannot be written (nothing changes then)."""
    target = Path(path)
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
