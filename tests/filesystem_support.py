"""Real file systems that refuse writes, for the tests of what a failed write shows.

``mount -t tmpfs`` needs root (CAP_SYS_ADMIN); without it a read-only folder falls back to
a folder without write permission (which only root may write), and a full one is skipped."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def _mount(folder: Path, options: str) -> bool:
    """Mount a small tmpfs on ``folder``; False if this process may not mount."""
    result = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)],
                            capture_output=True, text=True)
    return result.returncode == 0


@contextmanager
def read_only_folder(folder: Path) -> Iterator[Path]:
    """``folder`` on a read-only file system (or, not being root, without write permission)."""
    folder.mkdir(parents=True, exist_ok=True)
    if _mount(folder, "ro,size=64k"):
        try:
            yield folder
        finally:
            subprocess.run(["umount", str(folder)], check=True)
        return
    if os.geteuid() == 0:
        pytest.skip("root without the right to mount: no folder refuses root's writes")
    folder.chmod(0o555)
    try:
        yield folder
    finally:
        folder.chmod(0o755)


@contextmanager
def full_folder(folder: Path, free: int = 0) -> Iterator[Path]:
    """``folder`` on a 64 KiB tmpfs filled up to ``free`` bytes (rounded to its 4 KiB pages)."""
    folder.mkdir(parents=True, exist_ok=True)
    if not _mount(folder, "size=64k"):
        pytest.skip("cannot mount a small tmpfs here (not root)")
    try:
        handle = os.open(folder / ".filler", os.O_WRONLY | os.O_CREAT)
        try:
            for _ in range((64 * 1024 - free) // 4096):
                os.write(handle, bytes(4096))
        except OSError:
            pass  # full before the count: full enough
        finally:
            os.close(handle)
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)
