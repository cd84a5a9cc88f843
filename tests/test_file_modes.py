"""Issue 17, item 6: every file the project writes gets the mode a plain open() would give it
(0666 less the umask), though each is written atomically through a temporary file, whose own
mode is 0600. One test per kind of output, under umask 002 (0664 expected, not 0600 or 0644)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

UMASK = 0o002
EXPECTED = 0o664


@pytest.fixture(autouse=True)
def group_writable_umask():
    previous = os.umask(UMASK)
    try:
        yield
    finally:
        os.umask(previous)


def mode(path: Path) -> int:
    assert path.is_file(), path
    return path.stat().st_mode & 0o777


def test_disk_images_made_and_changed_by_the_atr_command(tmp_path: Path) -> None:
    from host.cli import main

    image, extra = tmp_path / "new.atr", tmp_path / "hello.txt"
    extra.write_bytes(b"hello")
    assert main(["atr", "new", str(image)]) == 0
    assert mode(image) == EXPECTED
    image.chmod(0o640)
    assert main(["atr", "add", str(image), str(extra)]) == 0
    assert mode(image) == 0o640, "an existing file keeps its mode"
    out = tmp_path / "out"
    out.mkdir()
    assert main(["atr", "extract", str(image), "HELLO.TXT", "-o", str(out)]) == 0
    assert mode(out / "HELLO.TXT") == EXPECTED


def test_a_sector_written_through_sio_keeps_a_new_image_readable(tmp_path: Path) -> None:
    from emulator.atr import Atr

    image = tmp_path / "fresh.atr"
    atr = Atr.blank(720, 128, path=image)
    atr.write_sector(4, bytes(range(128)))
    atr.save()
    assert mode(image) == EXPECTED


def test_screenshots(tmp_path: Path) -> None:
    import numpy as np

    from emulator.headless import save_png

    save_png(np.zeros((240, 384, 3), dtype=np.uint8), tmp_path / "shot.png")
    assert mode(tmp_path / "shot.png") == EXPECTED


def test_a_basic_save_through_h(tmp_path: Path) -> None:
    from emulator.headless import HeadlessAtari

    atari = HeadlessAtari(basic_rom="free")
    atari.use_h_device(tmp_path)
    atari.boot()
    atari.type_text('10 PRINT 1\nSAVE "H:PROG.BAS"\n', max_frames_per_key=600)
    saved = [path for path in tmp_path.iterdir() if path.name.upper() == "PROG.BAS"]
    assert saved and mode(saved[0]) == EXPECTED


def test_black_lists(tmp_path: Path) -> None:
    from host.game.blacklist_store import BlacklistStore
    from host.game.rules import BLACKLIST_BYTES

    store = BlacklistStore.open(str(tmp_path / "wolf.blk"))
    assert store.save_if_changed(bytes([1]) + bytes(BLACKLIST_BYTES - 1))
    assert mode(tmp_path / "wolf.blk") == EXPECTED


def test_game_records(tmp_path: Path) -> None:
    from host.game.records import write_records
    from host.game.rules import Position

    write_records(tmp_path / "games.txt", [[Position.parse("1,2,4-6")]])
    assert mode(tmp_path / "games.txt") == EXPECTED


def test_build_outputs(tmp_path: Path) -> None:
    from host.toolchain.assembler import assemble

    source = tmp_path / "tiny.s"
    source.write_text(".org $2000\n    rts\n")
    outputs = [tmp_path / "tiny.bin", tmp_path / "tiny.lst", tmp_path / "tiny.map"]
    assemble(source, *outputs)
    assert [mode(path) for path in outputs] == [EXPECTED] * 3
