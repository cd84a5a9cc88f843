"""The whole free BASIC (editor and runtime, asm/basic/basic.s) in the headless emulator.

The product's cartridge is built from source once per test module (with the OS, so the
math pack is the real 6502 one), and `WholeBasic` boots it to READY with the helpers of
tests/basic_machine.py (type a line, read the screen, inspect BASIC's tables).
"""

from __future__ import annotations

from pathlib import Path

from host.atari.fp import rom_has_math_pack
from host.build.assembler import label_map
from host.build.targets import build_basic, build_os
from tests.basic_machine import BasicAtari

REPO = Path(__file__).resolve().parents[1]


class WholeImages:
    """The OS ROM and the product BASIC ROM, built from the sources, with their label maps."""

    def __init__(self, directory: Path) -> None:
        self.os_rom = build_os(REPO, rom=directory / "os.rom", build_dir=directory).read_bytes()
        self.has_math_pack = rom_has_math_pack(label_map(directory / "os.map"))
        self.basic_rom = build_basic(REPO, rom=directory / "basic.rom", build_dir=directory).read_bytes()
        self.labels = label_map(directory / "basic.map")


class WholeBasic(BasicAtari):
    """BasicAtari booted into the product BASIC (READY)."""
