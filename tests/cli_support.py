"""Running the `surround` command as a user does: a real process from the checkout."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def surround(*argv: str) -> subprocess.CompletedProcess[str]:
    """`python -m host ARGV...` from the checkout; its exit status, stdout and stderr."""
    return subprocess.run([sys.executable, "-m", "host", *argv], capture_output=True, text=True, timeout=300,
                          cwd=ROOT)
