"""Build step of the surround-xl distribution (everything else is in pyproject.toml).

The compiled 6502 core (emulator/_cpucore.c, see emulator/cpu.py) is an optional C extension:
if it does not compile, the install still succeeds and the emulator runs its Python core
(and says so once on stderr).  The compiled picture (emulator/_videocore.c, see
emulator/picture.py) is optional the same way: without it the Python renderer draws.

A wheel gets the 6502 sources (asm/), the BASIC programs (basic/) and the ROM images the project ships (roms/surround-*)
as package data in host/_data/, where host.resources finds them after a normal install
(`pip install .`, pipx). Original Atari ROMs a user copied into roms/ are never packaged.
"""

import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
SHIPPED_ROMS = "surround-*"

CPU_CORE = Extension(
    "emulator._cpucore",
    sources=["emulator/_cpucore.c"],
    depends=["emulator/_cpucore_ops.h"],
    extra_compile_args=["-O2"],
    optional=True,  # a failed compile must not fail the install: the Python core runs instead
)

VIDEO_CORE = Extension(
    "emulator._videocore",
    sources=["emulator/_videocore.c"],
    extra_compile_args=["-O2"],
    optional=True,  # without it the Python renderer (emulator/antic.py, pmg.py) makes the picture
)


def copy_package_data(target: Path, source: Path = HERE) -> None:
    """asm/, basic/ and the shipped ROMs of `source` into `target` (host/_data/ of a build)."""
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source / "asm", target / "asm", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    if (source / "basic").is_dir():  # the BASIC programs (benchmarks, the game's listing)
        shutil.copytree(source / "basic", target / "basic")
    (target / "roms").mkdir(parents=True)
    for rom in sorted((source / "roms").glob(SHIPPED_ROMS)):
        shutil.copy2(rom, target / "roms" / rom.name)


class BuildPyWithData(build_py):
    """build_py, then the package data into host/_data/ of the build."""

    def run(self) -> None:
        super().run()
        copy_package_data(Path(self.build_lib) / "host" / "_data")


if __name__ == "__main__":  # as setuptools runs it (a test imports copy_package_data)
    from setuptools import find_packages

    # host and emulator, and the import name surround (for `python -m surround`), which is the
    # small folder host/_surround
    packages = find_packages(include=["host*", "emulator*"], exclude=["host._surround"]) + ["surround"]
    setup(
        cmdclass={"build_py": BuildPyWithData},
        packages=packages,
        package_dir={"surround": "host/_surround"},
        ext_modules=[CPU_CORE, VIDEO_CORE],
    )
