"""Issue 28 item 8: a disk whose boot sectors are garbage ends `emu` and `check --disk` with
one line naming the file and saying the disk did not boot (not a CPU-jam dump)."""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

from emulator.atr import Atr
from tests.cli_support import surround


def spoil_boot_sectors(image: Path) -> None:
    """Sectors 1-3 full of random bytes (seeded: the same garbage every run, which jams)."""
    atr = Atr.load(image)
    garbage = random.Random(5)
    for sector in (1, 2, 3):
        atr.write_sector(sector, bytes(garbage.randrange(256) for _ in range(128)))
    atr.save()


def assert_did_not_boot(completed: subprocess.CompletedProcess[str], image: Path) -> None:
    assert completed.returncode == 2
    assert completed.stderr.count("\n") == 1, completed.stderr
    assert completed.stderr.startswith(f"surround: {image}: the disk did not boot: ")


def test_emu_says_the_disk_did_not_boot(tmp_path: Path) -> None:
    image = tmp_path / "garbage.atr"
    Atr.blank(720, 128, image).save()
    spoil_boot_sectors(image)
    assert_did_not_boot(surround("emu", str(image), "--frontend", "headless", "--frames", "600"), image)


def test_check_disk_says_the_disk_did_not_boot(tmp_path: Path) -> None:
    from host.toolchain.disk import build_disk

    image = tmp_path / "surround.atr"
    build_disk(image)
    spoil_boot_sectors(image)
    assert_did_not_boot(surround("check", "--engine", "asm", "--disk", str(image), "--games", "1"), image)
