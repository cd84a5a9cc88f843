"""Issue 28 items 7 and 12: `surround basic tokenize` on a listing no Atari BASIC could hold
says so in one line (no traceback), and a non-ASCII character in a text listing is warned
about, naming the line and the character. Real processes on real files."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from host.atari.basic.program import LARGEST_PROGRAM, non_ascii_warnings

ROOT = Path(__file__).resolve().parents[1]


def tokenize(listing: Path, output: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "host", "basic", "tokenize", str(listing), "-o", str(output)],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)


def test_a_10000_line_listing_is_too_large_in_one_line(tmp_path: Path) -> None:
    listing = tmp_path / "big.lst"
    listing.write_text("".join(f"{number} PRINT {number}\n" for number in range(1, 10001)))
    completed = tokenize(listing, tmp_path / "big.bas")
    assert completed.returncode == 2 and completed.stdout == ""
    assert completed.stderr.count("\n") == 1 and "Traceback" not in completed.stderr
    assert completed.stderr.startswith(f"surround: {listing}: program too large: ")
    assert f"at most {LARGEST_PROGRAM}" in completed.stderr and "line 2916 is the first" in completed.stderr
    assert not (tmp_path / "big.bas").exists()


def test_a_listing_that_just_fits_is_written(tmp_path: Path) -> None:
    listing = tmp_path / "fits.lst"
    listing.write_text("".join(f"{number} PRINT {number}\n" for number in range(1, 2900)))
    completed = tokenize(listing, tmp_path / "fits.bas")
    assert completed.returncode == 0, completed.stderr
    assert LARGEST_PROGRAM - 300 < (tmp_path / "fits.bas").stat().st_size - 14 + 256 <= LARGEST_PROGRAM


def test_non_ascii_characters_are_warned_about_by_line_and_character(tmp_path: Path) -> None:
    listing = tmp_path / "cafe.lst"
    listing.write_bytes('10 PRINT "café"\n20 END\n'.encode())
    completed = tokenize(listing, tmp_path / "cafe.bas")
    assert completed.returncode == 0
    assert completed.stderr == (f"surround: warning: {listing}: line 10 (row 1), column 14: non-ASCII character "
                                "'é' goes into the program as the bytes $C3 $A9\n")


def test_an_atascii_listing_has_no_warnings(tmp_path: Path) -> None:
    listing = tmp_path / "inverse.lst"
    listing.write_bytes(b'10 PRINT "\xc8\xc9"\x9b20 END\x9b')
    completed = tokenize(listing, tmp_path / "inverse.bas")
    assert completed.returncode == 0 and completed.stderr == ""


def test_a_byte_that_is_no_utf8_is_named_as_a_byte() -> None:
    warnings = non_ascii_warnings(b'10 PRINT "caf\xe9"\n', "latin1.lst")
    assert warnings == ["latin1.lst: line 10 (row 1), column 14: the byte $E9 (not UTF-8, no ASCII character) "
                        "goes into the program as it is"]


@given(st.binary(max_size=300))
def test_any_listing_bytes_give_warnings_not_errors(data: bytes) -> None:
    warnings = non_ascii_warnings(data, "fuzz.lst", most=3)
    if b"\x9b" in data or data.isascii():
        assert warnings == []
    else:
        assert 1 <= len(warnings) <= 4 and all(warning.startswith("fuzz.lst: ") for warning in warnings)
