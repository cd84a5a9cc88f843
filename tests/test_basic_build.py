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


def test_the_readmes_state_the_sizes_the_build_prints(tmp_path: Path) -> None:
    """README.md's `surround build` row and asm/basic/README.md's size line are written by hand:
    after issue 28 they still said 7 (and 27) bytes free where the build printed 21."""
    from host.toolchain.assembler import os_free_space

    build_basic(REPO, rom=tmp_path / "basic.rom", build_dir=tmp_path)
    size = basic_size_report(tmp_path)
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert (f"BASIC {size['used']:,} of {0x1FFA:,} bytes (editor {size['editor']:,}, run-time "
            f"{size['runtime']:,}, {size['free']} free)") in readme
    for _, start, end, free in os_free_space((REPO / "roms" / "surround-os.rom").read_bytes()):
        assert f"${start:04X}–${end - 1:04X} {free:,} of {end - start:,}" in readme
    assert (f"{BASIC_ROM}: {size['used']} bytes used (editor {size['editor']}, run-time {size['runtime']}), "
            f"{size['free']} bytes free") in (REPO / "asm" / "basic" / "README.md").read_text(encoding="utf-8")
