"""Build step of the surround-xl distribution (everything else is in pyproject.toml).

A wheel gets the 6502 sources (asm/), the BASIC programs (basic/) and the ROM images the project ships (roms/surround-*)
as package data in host/_data/, where host.resources finds them after a normal install
(`pip install .`, pipx). Original Atari ROMs a user copied into roms/ are never packaged.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
SHIPPED_ROMS = "surround-*"


class BuildPyWithData(build_py):
    """build_py, then asm/ and the shipped ROMs into host/_data/ of the build."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "host" / "_data"
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(HERE / "asm", target / "asm", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        if (HERE / "basic").is_dir():  # the BASIC programs (benchmarks, the game's listing)
            shutil.copytree(HERE / "basic", target / "basic")
        (target / "roms").mkdir(parents=True)
        for rom in sorted((HERE / "roms").glob(SHIPPED_ROMS)):
            shutil.copy2(rom, target / "roms" / rom.name)


setup(cmdclass={"build_py": BuildPyWithData})
