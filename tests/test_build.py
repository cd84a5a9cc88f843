"""host/toolchain/assembler.py and `surround build`: Ophis runs, errors as file:line, label maps, reproducibility."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from host.cli import main
from host.errors import SurroundError
from host.toolchain.assembler import OS_ROM, OS_ROM_SIZE, assemble, label_map
from host.toolchain.targets import build_all, build_os

REPO = Path(__file__).resolve().parents[1]


def test_a_fresh_os_build_is_byte_identical_to_the_committed_rom(tmp_path: Path) -> None:
    rom = build_os(REPO, rom=tmp_path / "os.rom", build_dir=tmp_path)
    assert rom.stat().st_size == OS_ROM_SIZE
    assert rom.read_bytes() == (REPO / OS_ROM).read_bytes(), "run `surround build` and commit roms/"
    assert (tmp_path / "os.lst").exists() and (tmp_path / "os.map").exists()


def test_two_builds_give_the_same_image_listing_and_map(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    for folder in (first, second):
        build_os(REPO, rom=folder / "os.rom", build_dir=folder)
    for name in ("os.rom", "os.lst", "os.map"):
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_assemble_writes_program_listing_and_labels(tmp_path: Path) -> None:
    source = tmp_path / "tiny.s"
    source.write_text(".org $2000\nstart:  lda #1\n        rts\nvalue:  .byte 7\n")
    assemble(source, tmp_path / "tiny.bin", tmp_path / "tiny.lst", tmp_path / "tiny.map")
    assert (tmp_path / "tiny.bin").read_bytes() == bytes([0xA9, 0x01, 0x60, 0x07])
    assert label_map(tmp_path / "tiny.map") == {"start": 0x2000, "value": 0x2003}
    assert "LDA  #$01" in (tmp_path / "tiny.lst").read_text()


def test_assembler_errors_name_file_and_line(tmp_path: Path) -> None:
    source = tmp_path / "bad.s"
    source.write_text(".org $2000\n        lda #1\n        jmp nowhere\n        jmp elsewhere\n")
    with pytest.raises(SurroundError) as caught:
        assemble(source, tmp_path / "bad.bin")
    message = str(caught.value)
    assert "2 assembler error(s)" in message
    assert "bad.s:3: Unknown label 'nowhere'" in message
    assert "bad.s:4: Unknown label 'elsewhere'" in message
    assert not (tmp_path / "bad.bin").exists(), "no output after errors"
    source.write_text(".org $2000\n        frob $12\n")
    with pytest.raises(SurroundError, match=r"bad\.s:2: Expected"):
        assemble(source, tmp_path / "bad.bin")


def test_errors_in_included_files_name_the_included_file(tmp_path: Path) -> None:
    (tmp_path / "part.s").write_text("        lda ($12\n")
    (tmp_path / "main.s").write_text(".org $2000\n.include \"part.s\"\n")
    with pytest.raises(SurroundError, match=r"part\.s:1: "):
        assemble(tmp_path / "main.s", tmp_path / "main.bin")


def test_a_missing_source_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(SurroundError, match="no such assembler source"):
        assemble(tmp_path / "absent.s", tmp_path / "x.bin")


def test_label_map_rejects_a_file_that_is_not_a_label_map(tmp_path: Path) -> None:
    bad = tmp_path / "bad.map"
    bad.write_text("$2000 | start | a.s:1\nhello world\n")
    with pytest.raises(SurroundError, match=r"bad\.map:2: not an Ophis label map line"):
        label_map(bad)
    with pytest.raises(SurroundError, match="cannot read label map"):
        label_map(tmp_path / "missing.map")


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=200))
def test_label_map_never_crashes_on_garbage(tmp_path_factory, text: str) -> None:
    path = tmp_path_factory.mktemp("maps") / "garbage.map"
    path.write_text(text, encoding="utf-8")
    try:
        result = label_map(path)
    except SurroundError as error:
        assert "garbage.map" in str(error)
    else:
        assert all(isinstance(value, int) for value in result.values())


def test_the_os_label_map_knows_the_entry_points(tmp_path: Path) -> None:
    build_os(REPO, rom=tmp_path / "os.rom", build_dir=tmp_path)
    labels = label_map(tmp_path / "os.map")
    assert labels["ciov"] == 0xE456 and labels["siov"] == 0xE459 and labels["charset"] == 0xE000
    assert labels["kwait"] < 0xD000


def test_build_all_builds_the_os_and_each_top_level_program(tmp_path: Path) -> None:
    shutil.copytree(REPO / "asm" / "os", tmp_path / "asm" / "os")
    shutil.copytree(REPO / "asm" / "basic", tmp_path / "asm" / "basic")
    shutil.copytree(REPO / "asm" / "dos", tmp_path / "asm" / "dos")
    (tmp_path / "asm" / "hello.s").write_text(
        ".word $FFFF, start, finish-1\n.org $3000\nstart: rts\nfinish:\n"
    )
    built = build_all(tmp_path)
    assert built == [
        tmp_path / "roms" / "surround-os.rom",
        tmp_path / "roms" / "surround-basic.rom",
        tmp_path / "build" / "hello.xex",
        tmp_path / "build" / "dosboot.bin",
        tmp_path / "build" / "DOS.SYS",
    ]
    assert (tmp_path / "build" / "hello.xex").read_bytes() == bytes([0xFF, 0xFF, 0x00, 0x30, 0x00, 0x30, 0x60])
    assert (tmp_path / "build" / "hello.map").exists() and (tmp_path / "build" / "os.map").exists()


def test_surround_build_check_accepts_the_committed_rom(capsys) -> None:
    assert main(["build", "--check"]) == 0
    out, err = capsys.readouterr()
    assert "up to date" in out
    assert "warning" not in err, "the sources assemble without Ophis's warnings (e.g. a branch out of range)"


def test_os_free_space_counts_fill_runs() -> None:
    from host.toolchain.assembler import OS_BASE, os_free_space

    image = bytearray(b"\xea" * 16384)
    image[0xD800 - OS_BASE : 0xD810 - OS_BASE] = b"\xff" * 16  # a gap between entry points
    image[0xD900 - OS_BASE : 0xD903 - OS_BASE] = b"\xff" * 3  # too short: code, not fill
    image[0xDFF0 - OS_BASE : 0xE000 - OS_BASE] = b"\xff" * 16
    report = {name: free for name, _, _, free in os_free_space(bytes(image))}
    assert report["floating point package"] == 32
    assert report["CIO, keyboard, editor"] == 0
