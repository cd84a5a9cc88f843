"""Issue 17, item 7: `python -m surround`; `pip install .` keeps setuptools' build folder apart
from the project's build/; an installed package creates nothing on --help and its help texts
say what is true for it (no build/... of a checkout, no `pip install -e`)."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_python_m_surround_runs_the_cli_in_the_editable_install(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "surround", "solve", "--json"], capture_output=True,
                            text=True, cwd=tmp_path, timeout=120)
    assert result.returncode == 0, result.stderr
    assert '"lost_positions": 316' in result.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The wheel `pip install .` builds, installed (without dependencies) into a folder of its own."""
    scratch = tmp_path_factory.mktemp("install")
    project_build = sorted(path.name for path in (ROOT / "build").iterdir()) if (ROOT / "build").is_dir() else []
    wheel = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(scratch / "wheel"), str(ROOT)],
        capture_output=True, text=True, timeout=600,
    )
    assert wheel.returncode == 0, wheel.stderr
    after = sorted(path.name for path in (ROOT / "build").iterdir()) if (ROOT / "build").is_dir() else []
    assert after == project_build, "setuptools wrote into the project's build/"
    target = scratch / "site"
    (built,) = (scratch / "wheel").glob("*.whl")
    install = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(built)],
        capture_output=True, text=True, timeout=600,
    )
    assert install.returncode == 0, install.stderr
    return target


def run_installed(installed: Path, home: Path, *args: str) -> subprocess.CompletedProcess:
    """`python -m surround ARGS` from the installed copy alone (no site: the checkout's editable
    finder stays out; the dependencies come from this venv's site-packages), in an empty home."""
    environment = {
        "PATH": os.environ.get("PATH", ""), "HOME": str(home), "COLUMNS": "1000",
        "XDG_CACHE_HOME": str(home / "cache"), "XDG_DATA_HOME": str(home / "data"),
        "PYTHONPATH": os.pathsep.join([str(installed), sysconfig.get_paths()["purelib"]]),
    }
    return subprocess.run([sys.executable, "-S", "-m", "surround", *args], capture_output=True, text=True,
                          cwd=home, env=environment, timeout=120)


@pytest.mark.slow
def test_an_installed_package_creates_nothing_on_help_and_tells_its_own_folders(
    installed: Path, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    for command in ([], ["build"], ["disk"], ["emu"], ["basic"], ["play"], ["lab", "pictures"]):
        result = run_installed(installed, home, *command, "--help")
        assert result.returncode == 0, result.stderr
        text = " ".join(result.stdout.split())
        assert "pip install -e" not in text, text
        assert "(build/" not in text and " build/" not in text and "in build/." not in text, text
        assert "roms/ataribas.rom" not in text.replace("surround-xl/roms/ataribas.rom", ""), text
    assert list(home.iterdir()) == [], "--help created files"
    result = run_installed(installed, home, "disk", "--help")
    assert "~/cache/surround-xl/build/surround.atr" in " ".join(result.stdout.split())
    from_installed = run_installed(installed, home, "solve", "--json")
    assert from_installed.returncode == 0 and '"lost_positions": 316' in from_installed.stdout
