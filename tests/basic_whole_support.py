"""The whole free BASIC (editor and runtime, asm/basic/basic.s) in the headless emulator.

The product's cartridge is built from source once per test module (with the OS, so the
math pack is the real 6502 one), and `WholeBasic` boots it to READY with the helpers of
tests/basic_machine_support.py (type a line, read the screen, inspect BASIC's tables).
"""

from __future__ import annotations

from pathlib import Path

from tests.basic_machine_support import BasicAtari, EditorImages

REPO = Path(__file__).resolve().parents[1]


#: the same images as the editor tests': the OS and the product cartridge
WholeImages = EditorImages


class WholeBasic(BasicAtari):
    """BasicAtari booted into the product BASIC (READY)."""
