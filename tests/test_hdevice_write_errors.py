"""Issue 28 item 1: a write H: cannot make is reported where it happens, and SAVE and LIST
to H: report it; nothing says READY over a file that was not written.

A read-only folder answers as a write-protected disk does (ERROR 144), a full file system
as a full disk (ERROR 162), on real file systems (tests/filesystem_support.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.cio_support import CLOSE, OPEN, PUT_BYTES, booted_cio
from tests.filesystem_support import full_folder

ROOT = Path(__file__).resolve().parents[1]
WRITE_PROTECTED, DISK_FULL = 144, 162


def basic_screen(folder: Path, keys: str) -> str:
    """`surround basic --frontend headless --hdir FOLDER --type KEYS --screen`, as a process."""
    completed = subprocess.run(
        [sys.executable, "-m", "host", "basic", "--frontend", "headless", "--hdir", str(folder),
         "--type", keys, "--screen"], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert completed.returncode == 0, completed.stderr
    return completed.stdout


def test_open_for_writing_in_a_read_only_folder_fails_at_open(read_only_dir: Path) -> None:
    cio = booted_cio(read_only_dir)
    assert cio.call(OPEN, "H:NEW.DAT", 8) == WRITE_PROTECTED
    assert cio.call(CLOSE) == 1
    assert list(read_only_dir.iterdir()) == []


def test_a_full_file_system_fails_the_put_that_fills_it_and_the_close(tmp_path: Path) -> None:
    with full_folder(tmp_path / "full", free=8192) as full_dir:
        put_until_full(full_dir)


def put_until_full(full_dir: Path) -> None:
    """8 KiB free: 20,000 bytes of PUT fill it; the failing PUT, the later ones and CLOSE say so."""
    (full_dir / "OLD.DAT").write_bytes(b"old")
    cio = booted_cio(full_dir)
    assert cio.call(OPEN, "H:OLD.DAT", 8) == 1
    statuses = [cio.call(PUT_BYTES, length=1000, data=bytes(1000)) for _ in range(20)]
    assert statuses[0] == 1 and DISK_FULL in statuses, statuses
    failed = statuses.index(DISK_FULL)
    assert set(statuses[failed:]) == {DISK_FULL}, "every later PUT reports it again"
    assert cio.call(CLOSE) == DISK_FULL
    assert (full_dir / "OLD.DAT").read_bytes() == b"old", "the old file stays"
    assert sorted(p.name for p in full_dir.iterdir()) == [".filler", "OLD.DAT"], "no temporary file is left"


@pytest.mark.parametrize("statement", ['SAVE "H:X.BAS"', 'LIST "H:X.LST"'])
@pytest.mark.parametrize("fixture, error", [("read_only_dir", WRITE_PROTECTED), ("full_dir", DISK_FULL)])
def test_save_and_list_report_the_failed_write(statement: str, fixture: str, error: int,
                                               request: pytest.FixtureRequest) -> None:
    folder: Path = request.getfixturevalue(fixture)
    screen = basic_screen(folder, f"10 PRINT 1\n{statement}\n")
    lines = [line.strip() for line in screen.splitlines() if line.strip()]
    after = lines[lines.index(statement) + 1]
    assert after == f"ERROR-  {error}", screen
    assert not (folder / statement[-6:-1]).exists()


def test_save_to_a_writable_folder_still_says_ready(tmp_path: Path) -> None:
    screen = basic_screen(tmp_path, '10 PRINT 1\nSAVE "H:X.BAS"\n')
    lines = [line.strip() for line in screen.splitlines() if line.strip()]
    assert lines[lines.index('SAVE "H:X.BAS"') + 1] == "READY"
    assert (tmp_path / "X.BAS").stat().st_size > 14


def test_a_file_never_closed_leaves_no_temporary_file(tmp_path: Path) -> None:
    """The program (or the emulator) stops before CLOSE: nothing was saved, and nothing is left."""
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from tests.cio_support import OPEN, PUT_BYTES, booted_cio\n"
        "cio = booted_cio(Path(sys.argv[1]))\n"
        "assert cio.call(OPEN, 'H:OPEN.DAT', 8) == 1\n"
        "assert cio.call(PUT_BYTES, length=300, data=bytes(300)) == 1\n"
        "assert len(list(Path(sys.argv[1]).iterdir())) == 1, 'the temporary file while it is open'\n"
    )
    completed = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True,
                               timeout=120, cwd=ROOT)
    assert completed.returncode == 0, completed.stderr
    assert list(tmp_path.iterdir()) == []
