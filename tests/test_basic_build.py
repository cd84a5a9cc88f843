"""The free BASIC cartridge: `surround build` assembles asm/basic into an 8 KiB left cartridge."""

from __future__ import annotations

from pathlib import Path

from host.toolchain.assembler import BASIC_ROM, BASIC_ROM_SIZE, basic_size_report, label_map
from host.toolchain.targets import build_basic

REPO = Path(__file__).resolve().parents[1]


def test_a_fresh_basic_build_is_byte_identical_to_the_committed_rom(tmp_path: Path) -> None:
    rom = build_basic(REPO, rom=tmp_path / "basic.rom", build_dir=tmp_path)
    assert rom.stat().st_size == BASIC_ROM_SIZE
    assert rom.read_bytes() == (REPO / BASIC_ROM).read_bytes(), "run `surround build` and commit roms/"


def test_the_cartridge_trailer_starts_basic_as_a_left_cartridge(tmp_path: Path) -> None:
    image = build_basic(REPO, rom=tmp_path / "basic.rom", build_dir=tmp_path).read_bytes()
    labels = label_map(tmp_path / "basic.map")
    trailer = image[0x1FFA:]
    assert int.from_bytes(trailer[0:2], "little") == labels["coldstart"]  # CARTCS
    assert trailer[2] == 0  # CART: present
    assert trailer[3] == 0x05  # CARTFG: boot the disk, then start the cartridge
    init = int.from_bytes(trailer[4:6], "little")  # CARTAD
    assert init == labels["cartinit"] and image[init - 0xA000] == 0x60  # an RTS


def test_the_size_report_adds_up(tmp_path: Path) -> None:
    build_basic(REPO, rom=tmp_path / "basic.rom", build_dir=tmp_path)
    report = basic_size_report(tmp_path)
    assert report["used"] == report["editor"] + report["runtime"]
    assert report["used"] + report["free"] == 0x1FFA
    assert report["free"] >= 0
