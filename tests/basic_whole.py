"""The whole free BASIC (editor and runtime) in the emulator, while it does not fit 8 KiB.

asm/basic/basic.s cannot include the editor yet (asm/basic/README.md, "Size budget"). To test
the two sides together anyway, this module assembles a test image from the same sources: the
editor and as many of the runtime's files (in runtime.s's order) as fit go into the cartridge
at $A000; the remaining runtime files are assembled at $1000 and stored into RAM after the
boot (above the empty program at $0700), MEMLO is raised above them, and NEW gives BASIC its
memory from there. Only the placement differs from the product; every instruction is the
product's.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from emulator.headless import HeadlessAtari
from host.build import assemble, label_map
from host.errors import SurroundError
from tests.basic_machine import BasicAtari, EditorImages

REPO = Path(__file__).resolve().parents[1]
BASIC_DIR = REPO / "asm" / "basic"
RAM_PART = 0x1000

_HEAD = """.include "../os/equates.s"
.include "equates.s"
.org $A000
.include "editor.s"
ED_END:
"""
_TAIL = """.include "pending.s"
.checkpc $BFFA
.advance $BFFA, $FF
        .word COLDSTART
        .byte 0, $05
        .word CARTINIT
"""


def runtime_files() -> list[str]:
    """The run-time side's files in the order runtime.s includes them."""
    text = (BASIC_DIR / "runtime.s").read_text()
    return re.findall(r'^\s*\.include\s+"([^"]+)"', text, flags=re.M)


def _source(in_rom: list[str], in_ram: list[str]) -> str:
    lines = [_HEAD] + [f'.include "{name}"' for name in in_rom]
    lines.append(_TAIL.split(".checkpc")[0])
    lines.append(".checkpc $BFFA\n.advance $BFFA, $FF\n        .word COLDSTART\n        .byte 0, $05\n        .word CARTINIT")
    lines.append(f".org ${RAM_PART:04X}\nRAM_PART:")
    lines += [f'.include "{name}"' for name in in_ram]
    lines.append("RAM_END:")
    return "\n".join(lines) + "\n"


class WholeImages(EditorImages):
    """The OS plus the whole BASIC split between the cartridge and RAM at $1000."""

    def __init__(self, directory: Path) -> None:  # noqa: D107 - see the class
        super().__init__(directory)
        files = runtime_files()
        for split in range(len(files), 0, -1):
            source = BASIC_DIR / f"_whole_test_{os.getpid()}.s"  # next to the includes
            source.write_text(_source(files[:split], files[split:]))
            try:
                image = directory / "whole.bin"
                assemble(source, image, None, directory / "whole.map")
            except SurroundError:
                continue
            finally:
                source.unlink(missing_ok=True)
            data = image.read_bytes()
            self.basic_rom = data[:0x2000]
            self.ram_part = data[0x2000:]
            self.labels = label_map(directory / "whole.map")
            self.split = split
            return
        raise AssertionError("the editor and the runtime's first file do not fit 8 KiB")


class WholeBasic(BasicAtari):
    """BasicAtari with the whole BASIC: the RAM part stored, MEMLO raised, NEW."""

    def __init__(self, images: WholeImages, hdir: Path | None = None) -> None:
        super().__init__(images, hdir)
        atari: HeadlessAtari = self.atari
        for offset, byte in enumerate(images.ram_part):
            atari.poke(RAM_PART + offset, byte)
        memlo = (RAM_PART + len(images.ram_part) + 0xFF) & 0xFF00
        atari.poke(0x02E7, memlo & 0xFF)
        atari.poke(0x02E8, memlo >> 8)
        self.type("NEW")
