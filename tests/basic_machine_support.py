"""The free BASIC (asm/basic/basic.s, the product's cartridge) in the headless emulator.

``EditorImages`` builds the OS and the BASIC cartridge from the sources once per test module;
``BasicAtari`` boots them to READY and offers helpers to type lines, read the screen and
inspect BASIC's tables (tests/test_basic_editor.py, tests/basic_whole_support.py).
"""

from __future__ import annotations

from pathlib import Path

from emulator.headless import HeadlessAtari
from host.toolchain.assembler import label_map
from host.toolchain.targets import build_basic, build_os

REPO = Path(__file__).resolve().parents[1]

LOMEM, VNTP, VNTD, VVTP, STMTAB, STMCUR, STARP, RUNSTK, BMEMTOP = range(0x80, 0x92, 2)
POINTER_NAMES = ("LOMEM", "VNTP", "VNTD", "VVTP", "STMTAB", "STMCUR", "STARP", "RUNSTK", "MEMTOP")
MEMTOP_OS, MEMLO = 0x02E5, 0x02E7


class EditorImages:
    """The OS ROM and the BASIC cartridge, built from the sources once (with the BASIC's label map)."""

    def __init__(self, directory: Path) -> None:
        self.os_rom = build_os(REPO, rom=directory / "os.rom", build_dir=directory).read_bytes()
        self.basic_rom = build_basic(REPO, rom=directory / "basic.rom", build_dir=directory).read_bytes()
        self.labels = label_map(directory / "basic.map")


class BasicAtari:
    """An Atari booted into the free BASIC, with helpers to type and inspect."""

    def __init__(self, images: EditorImages, hdir: Path | None = None) -> None:
        self.images = images
        self.atari = HeadlessAtari(os_rom=images.os_rom, basic_rom=images.basic_rom)
        if hdir is not None:
            self.atari.use_h_device(hdir)
        assert self.atari.boot(), "BASIC did not reach READY"

    def type(self, line: str, max_frames: int = 600) -> None:
        """Type one line and RETURN, then run until BASIC waits for the next line."""
        self.atari.type_text(line)
        self.atari.type_text("\n", max_frames_per_key=max_frames)
        self.atari.run_frames(2)
        if not self.atari.machine.run_until_idle(max_frames):
            raise AssertionError(f"BASIC did not come back within {max_frames} frames after {line!r}")

    def rows(self) -> list[str]:
        """The screen's rows without the margin and the trailing blanks."""
        return [row[2:].rstrip() for row in self.atari.screen_text().split("\n")]

    def output_of(self, line: str) -> list[str]:
        """Type a short line; the non-blank rows it printed, up to READY (not included)."""
        self.type(line)
        rows = self.rows()
        start = max(index for index, row in enumerate(rows) if row == line[:38])
        printed = []
        for row in rows[start + max(1, -(-len(line) // 38)):]:  # after the typed line's rows
            if row == "READY":
                break
            if row and row != "\u2588":
                printed.append(row)
        return printed

    def word(self, address: int) -> int:
        return self.atari.peek_word(address)

    def pointers(self) -> dict[str, int]:
        return {name: self.word(0x80 + 2 * i) for i, name in enumerate(POINTER_NAMES)}

    def statement_table(self) -> bytes:
        """The program's lines (without the immediate line)."""
        start, end = self.word(STMTAB), self.word(STARP)
        data = bytes(self.atari.peek_bytes(start, end - start))
        index = 0
        while index < len(data):
            number, length = data[index] | data[index + 1] << 8, data[index + 2]
            if number >= 0x8000 or length == 0:
                break
            index += length
        return data[:index]

    def variable_names(self) -> list[str]:
        start, end = self.word(VNTP), self.word(VNTD)
        names, current = [], ""
        for byte in self.atari.peek_bytes(start, end - start):
            current += chr(byte & 0x7F)
            if byte & 0x80:
                names.append(current)
                current = ""
        return names
