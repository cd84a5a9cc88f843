"""BASIC's LOAD/SAVE/ENTER/LIST/RUN "D:..." through the mini-DOS, on the whole free BASIC
(the product's cartridge, tests/basic_whole.py)."""

from __future__ import annotations

import pytest

from emulator.headless import HeadlessAtari
from host.atari.basic import list_program, read_save_file
from host.atari.dos2 import Dos2Disk
from host.toolchain.minidos import new_system_disk
from tests.basic_whole import WholeBasic, WholeImages


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


def test_save_load_run_list_enter_through_d(images, tmp_path) -> None:
    path = tmp_path / "basic.atr"
    new_system_disk(path=path).save()
    basic = basic_from_disk(images, path)
    basic.type('10 PRINT "SAVED";7')
    basic.type('SAVE "D:T.BAS"')
    basic.type('LIST "D:T.LST"')
    basic.type("NEW")
    assert basic.output_of("LIST") == []
    basic.type('LOAD "D:T.BAS"')
    assert basic.output_of("RUN") == ["SAVED7"]
    basic.type("NEW")
    assert basic.output_of('RUN "D:T.BAS"') == ["SAVED7"]
    basic.type("NEW")
    basic.type('ENTER "D:T.LST"')
    assert basic.output_of("LIST") == ['10 PRINT "SAVED";7']
    assert basic.output_of('LOAD "D:NOPE.BAS"') == ["ERROR-  170"]
    disk = Dos2Disk.open(path)
    assert disk.problems() == []
    assert disk.read("T.LST") == b'10 PRINT "SAVED";7\x9b'
    saved = tmp_path / "T.BAS"
    saved.write_bytes(disk.read("T.BAS"))
    assert list_program(read_save_file(saved)) == ['10 PRINT "SAVED";7']
