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
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

#: how long to wait for another session's lock before giving up (it holds it for milliseconds)
LOCK_TIMEOUT_SECONDS = 10.0


def lock_path(path: str | os.PathLike[str]) -> Path:
    """The lock file that guards ``path``."""
    target = Path(path)
    return target.with_name(target.name + ".lock")


@contextmanager
def locked(path: str | os.PathLike[str], timeout: float = LOCK_TIMEOUT_SECONDS) -> Iterator[None]:
    """Hold the exclusive lock of ``path`` for the ``with`` block; OSError if it cannot be had."""
    descriptor = os.open(lock_path(path), os.O_RDWR | os.O_CREAT, 0o666)
    try:
        _acquire(descriptor, timeout)
        try:
            yield
        finally:
            _release(descriptor)
    finally:
        os.close(descriptor)


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _acquire(descriptor: int, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                os.lseek(descriptor, 0, os.SEEK_SET)
                msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
                return
            except OSError:
                if time.monotonic() >= deadline:
                    raise
                time.sleep(0.05)

    def _release(descriptor: int) -> None:
        os.lseek(descriptor, 0, os.SEEK_SET)
        msvcrt.locking(descriptor, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _acquire(descriptor: int, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise TimeoutError(f"{lock_path_name(descriptor)} is held by another session") from None
                time.sleep(0.02)

    def _release(descriptor: int) -> None:
        fcntl.flock(descriptor, fcntl.LOCK_UN)


def lock_path_name(descriptor: int) -> str:
    """A name for the lock file in messages (its path where the platform tells it)."""
    try:
        return os.readlink(f"/proc/self/fd/{descriptor}")
    except OSError:
        return "the black list's lock file"
