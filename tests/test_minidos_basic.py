"""BASIC's LOAD/SAVE/ENTER/LIST/RUN "D:..." through the mini-DOS and "H:..." on a host folder,
on the whole free BASIC (the product's cartridge, tests/basic_whole_support.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from emulator.headless import HeadlessAtari
from host.atari.basic import list_program, read_save_file
from host.atari.dos2 import Dos2Disk
from host.toolchain.minidos import new_system_disk
from tests.basic_whole_support import WholeBasic, WholeImages


@pytest.fixture(scope="module")
def images(tmp_path_factory) -> WholeImages:
    return WholeImages(tmp_path_factory.mktemp("basic-whole-disk"))


def basic_from_disk(images: WholeImages, path, choice: str = "3") -> WholeBasic:
    """Boot the system disk with BASIC on and choose from the mini-DOS's menu."""
    basic = WholeBasic.__new__(WholeBasic)
    basic.images = images
    basic.atari = atari = HeadlessAtari(os_rom=images.os_rom, basic_rom=images.basic_rom)
    atari.insert_disk(1, path)
    assert atari.boot(basic=True) and "3  READY (BASIC)" in atari.screen_text()
    atari.type_text(choice)
    assert atari.run_until_idle(3000)
    return basic


def basic_on_device(images: WholeImages, device: str, tmp_path: Path) -> tuple[WholeBasic, Callable[[str], bytes]]:
    """BASIC with D: (the mini-DOS on a fresh system disk) or H: (a host folder), and a reader
    of the files it wrote."""
    if device == "H":
        return WholeBasic(images, hdir=tmp_path), lambda name: (tmp_path / name).read_bytes()
    path = tmp_path / "basic.atr"
    new_system_disk(path=path).save()

    def on_disk(name: str) -> bytes:
        disk = Dos2Disk.open(path)
        assert disk.problems() == []
        return disk.read(name)
    return basic_from_disk(images, path), on_disk


@pytest.mark.parametrize("device", ["D", "H"])
def test_save_load_run_list_enter_through(images, tmp_path: Path, device: str) -> None:
    """The same statements on the mini-DOS's D: and on H: (twins, one test)."""
    basic, read = basic_on_device(images, device, tmp_path)
    basic.type('10 PRINT "SAVED";7')
    basic.type(f'SAVE "{device}:T.BAS"')
    basic.type(f'LIST "{device}:T.LST"')
    basic.type("NEW")
    assert basic.output_of("LIST") == []
    basic.type(f'LOAD "{device}:T.BAS"')
    assert basic.output_of("RUN") == ["SAVED7"]
    basic.type("NEW")
    assert basic.output_of(f'RUN "{device}:T.BAS"') == ["SAVED7"]
    basic.type("NEW")
    basic.type(f'ENTER "{device}:T.LST"')
    assert basic.output_of("LIST") == ['10 PRINT "SAVED";7']
    assert basic.output_of(f'LOAD "{device}:NOPE.BAS"') == ["ERROR-  170"]
    assert read("T.LST") == b'10 PRINT "SAVED";7\x9b'
    saved = tmp_path / "saved.bas"
    saved.write_bytes(read("T.BAS"))
    assert list_program(read_save_file(saved)) == ['10 PRINT "SAVED";7']
