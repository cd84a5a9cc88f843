"""The suite skips only for what a user may lack (matplotlib, Atari's own ROMs), never for a
core part: a broken OS build or a missing emulator module must fail the suite."""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent

#: the reasons a test may skip: an optional package, or a ROM only the user can supply
ALLOWED = (
    re.compile(r'pytest\.importorskip\("matplotlib"\)'),
    re.compile(r"pytest\.skip\(f\"no original Atari BASIC"),
    re.compile(r"skipif\(not ROMS\.original_os\.exists\(\), reason=f\"no original XL OS"),
    # a machine without a C compiler runs the Python core alone (.ci/run insists on the compiled one)
    re.compile(r"needs_compiled = pytest\.mark\.skipif\(not compiled_(core|video)_available\(\),"),
    # a full or read-only file system needs the right to mount a tmpfs (root; CI runs as root)
    re.compile(r'pytest\.skip\("(root without the right to mount|cannot mount a small tmpfs)'),
    # third-party conformance suites live beside the checkout (shared/conformance), never in it
    re.compile(r"needs_suite = pytest\.mark\.skipif\(not SUITE\.is_file\(\), reason=f\"no Acid800 disk image"),
)
SKIPS = re.compile(r"pytest\.(skip\(|importorskip\(|mark\.skip)|@pytest\.mark\.skipif|pytest\.xfail")


def test_no_test_skips_for_a_core_part() -> None:
    offending = []
    for path in sorted(TESTS.glob("*.py")):
        if path.name == Path(__file__).name:
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if SKIPS.search(line) and not any(allowed.search(line) for allowed in ALLOWED):
                offending.append(f"{path.name}:{number}: {line.strip()}")
    assert not offending, "skips for core parts hide failures:\n" + "\n".join(offending)


def test_no_test_module_imports_another() -> None:
    """Shared helpers live in conftest.py or tests/*_support.py (issue 24 item 6): a test module
    imported by another would run its tests' set-up twice and hide what is shared."""
    importing = re.compile(r"^\s*(from (tests\.)?test_\w+ import|import (tests\.)?test_)", re.M)
    offending = [path.name for path in sorted(TESTS.glob("*.py")) if importing.search(path.read_text())]
    assert offending == []
