"""An exclusive lock on a file, for sessions that share one black list.

``locked(path)`` holds an exclusive lock on ``path + ".lock"`` (created beside it, never
removed: removing a lock file while another process waits on it would let a third one in).
The lock is the operating system's own, so it goes with the process if that dies:
``fcntl.flock`` on Linux and macOS, ``msvcrt.locking`` on Windows. It guards a
read-merge-write of the file; the write itself stays an atomic replace.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

#: how long to wait for another session's lock before giving up (it holds it for milliseconds)
LOCK_TIMEOUT_SECONDS = 10.0


def lock_path(path: str | os.PathLike[str]) -> Path:
    """The lock file that guards ``path``."""
    target = Path(path)
    return target.with_name(target.name + ".lock")


@contextmanager
def locked(path: str | os.PathLike[str], timeout: float | None = None) -> Iterator[None]:
    """Hold the exclusive lock of ``path`` for the ``with`` block (waiting at most ``timeout``
    seconds, default LOCK_TIMEOUT_SECONDS); OSError (TimeoutError) if it cannot be had."""
    timeout = LOCK_TIMEOUT_SECONDS if timeout is None else timeout
    name = lock_path(path)
    descriptor = os.open(name, os.O_RDWR | os.O_CREAT, 0o666)
    try:
        _acquire(descriptor, timeout, name)
        try:
            yield
        finally:
            _release(descriptor)
    finally:
        os.close(descriptor)


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _acquire(descriptor: int, timeout: float, name: Path) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                os.lseek(descriptor, 0, os.SEEK_SET)
                msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
                return
            except OSError:
                if time.monotonic() >= deadline:
                    raise TimeoutError(f"{name} is held by another session") from None
                time.sleep(0.05)

    def _release(descriptor: int) -> None:
        os.lseek(descriptor, 0, os.SEEK_SET)
        msvcrt.locking(descriptor, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _acquire(descriptor: int, timeout: float, name: Path) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise TimeoutError(f"{name} is held by another session") from None
                time.sleep(0.02)

    def _release(descriptor: int) -> None:
        fcntl.flock(descriptor, fcntl.LOCK_UN)

