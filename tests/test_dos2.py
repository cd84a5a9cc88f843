"""ATR + DOS 2.0S file system (host/atari/dos2.py) and `surround atr`: layout, round trips, fuzzed images."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from emulator.atr import Atr
from host.atari.dos2 import DIRECTORY_SECTORS, VTOC2_SECTOR, VTOC_SECTOR, Dos2Disk, split_name
from host.cli import main
from host.errors import SurroundError

NAMES = st.builds(
    lambda base, ext: f"{base}.{ext}" if ext else base,
    st.from_regex(r"[A-Z][A-Z0-9]{0,7}", fullmatch=True),
    st.from_regex(r"[A-Z0-9]{0,3}", fullmatch=True),
)


def chain_sectors(disk: Dos2Disk) -> set[int]:
    return {sector for entry in disk.entries() for sector, _ in disk.chain(entry)}


def assert_sound(disk: Dos2Disk) -> None:
    """The free count and the VTOC's bitmap agree with the chains of the directory."""
    assert disk.problems() == []
    used = chain_sectors(disk)
    data = {s for s in range(disk.geometry.mapped) if s not in disk.geometry.reserved()}
    assert disk.free_sectors() == data - used
    assert disk.free_count() == len(data) - len(used)


# -- the documented layout ----------------------------------------------------------------------


def test_new_single_density_disk_has_the_documented_vtoc():
    disk = Dos2Disk.new("single")
    vtoc = disk.atr.read_sector(VTOC_SECTOR)
    assert disk.atr.sector_count == 720 and disk.atr.sector_size == 128
    assert vtoc[0] == 2 and vtoc[1:3] == (707).to_bytes(2, "little") and vtoc[3:5] == (707).to_bytes(2, "little")
    assert vtoc[10] == 0x0F  # sectors 0-3 in use, 4-7 free (bit 7 = sector 0)
    assert vtoc[10 + 360 // 8] == 0x00 and vtoc[10 + 368 // 8] == 0x7F  # 360-367 in use; 368 in use, 369-375 free
    assert vtoc[99] == 0xFF and vtoc[100:] == bytes(28)
    assert all(disk.atr.read_sector(s) == bytes(128) for s in DIRECTORY_SECTORS)
    assert disk.problems() == []


def test_new_enhanced_disk_has_vtoc2_at_1024():
    disk = Dos2Disk.new("enhanced")
    vtoc, vtoc2 = disk.atr.read_sector(VTOC_SECTOR), disk.atr.read_sector(VTOC2_SECTOR)
    assert disk.atr.sector_count == 1040
    assert vtoc[1:3] == (1010).to_bytes(2, "little") and vtoc[3:5] == (707).to_bytes(2, "little")
    assert vtoc2[0:84] == vtoc[16:100]
    assert vtoc2[84] == 0x7F  # 720 in use, 721-727 free
    assert vtoc2[122:124] == (303).to_bytes(2, "little")
    assert disk.free_count() == 1010
    assert disk.problems() == []


def test_a_file_is_laid_out_in_sectors_of_125_bytes_with_links_file_number_and_count():
    disk = Dos2Disk.new()
    disk.add("FIRST.TXT", b"x")
    entry = disk.add("surround.blk", bytes(range(200)))
    assert (entry.index, entry.start, entry.sector_count) == (1, 5, 2)
    raw_entry = disk.atr.read_sector(361)[16:32]
    assert raw_entry == b"\x42\x02\x00\x05\x00SURROUNDBLK"
    first, second = disk.atr.read_sector(5), disk.atr.read_sector(6)
    assert first[:125] == bytes(range(125)) and first[125:] == bytes((1 << 2, 6, 125))
    assert second[:75] == bytes(range(125, 200)) and second[125:] == bytes((1 << 2, 0, 75))
    assert disk.read("SURROUND.BLK") == bytes(range(200))


def test_links_above_255_keep_their_high_bits_in_byte_125():
    disk = Dos2Disk.new()
    disk.add("BIG", bytes(125 * 400))
    (entry,) = disk.entries()
    chain = disk.chain(entry)
    assert [s for s, _ in chain][250:255] == [254, 255, 256, 257, 258]
    raw = disk.atr.read_sector(255)
    assert raw[125] == 0x01 and raw[126] == 0x00  # file 0, next sector $100
    assert 360 not in [s for s, _ in chain] and [s for s, _ in chain][-1] == 369 + (400 - 356) - 1


def test_names_are_checked_and_padded():
    assert split_name("surround.blk") == ("SURROUND", "BLK")
    assert split_name("D1:README") == ("README", "")
    for bad in ("", "TOOLONGNAME.X", "1ABC", "A.LONG", "A B"):
        with pytest.raises(SurroundError, match="not a DOS 2 file name"):
            split_name(bad, "t.atr")


def test_wildcards_match_like_dos():
    disk = Dos2Disk.new()
    for name in ("SURROUND.XEX", "SURROUND.BLK", "README", "SUR.BAS"):
        disk.add(name, b"1")
    assert [e.name for e in disk.matching("*.*")] == ["SURROUND.XEX", "SURROUND.BLK", "README", "SUR.BAS"]
    assert [e.name for e in disk.matching("SURROUND.*")] == ["SURROUND.XEX", "SURROUND.BLK"]
    assert [e.name for e in disk.matching("S*.B??")] == ["SURROUND.BLK", "SUR.BAS"]
    assert [e.name for e in disk.matching("README")] == ["README"]


def test_disk_full_and_missing_file_name_the_dos_errors():
    disk = Dos2Disk.new()
    with pytest.raises(SurroundError, match=r"disk full.*\(DOS error 162\)"):
        disk.add("HUGE", bytes(125 * 708))
    assert disk.problems() == [] and disk.free_count() == 707
    with pytest.raises(SurroundError, match=r"no file NOPE \(DOS error 170\)"):
        disk.read("nope")
    disk.add("EXACT", bytes(125 * 707))
    assert disk.free_count() == 0 and disk.problems() == []


def test_directory_holds_64_files():
    disk = Dos2Disk.new()
    for i in range(64):
        disk.add(f"F{i}", b"")
    with pytest.raises(SurroundError, match="directory full"):
        disk.add("ONEMORE", b"")
    disk.delete("F10")
    assert disk.add("ONEMORE", b"z").index == 10
    assert_sound(disk)


# -- round trips (hypothesis) -------------------------------------------------------------------

OPERATIONS = st.lists(
    st.one_of(
        st.tuples(st.just("add"), NAMES, st.binary(max_size=2000)),
        st.tuples(st.just("delete"), NAMES, st.just(b"")),
    ),
    max_size=25,
)


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(density=st.sampled_from(["single", "enhanced"]), operations=OPERATIONS)
def test_random_files_added_listed_extracted_and_deleted_round_trip(tmp_path_factory, density, operations):
    disk = Dos2Disk.new(density)
    model: dict[str, bytes] = {}
    for action, name, data in operations:
        key = "{}.{}".format(*split_name(name)).rstrip(".")
        if action == "add":
            disk.add(name, data)
            model[key] = data
        elif key in model:
            disk.delete(name)
            del model[key]
        else:
            with pytest.raises(SurroundError, match="DOS error 170"):
                disk.delete(name)
        assert_sound(disk)
    path = tmp_path_factory.mktemp("atr") / "disk.atr"
    disk.save(path)
    again = Dos2Disk.open(path)
    assert sorted(e.name for e in again.entries()) == sorted(model)
    assert {name: again.read(name) for name in model} == model
    assert_sound(again)


# -- broken images: clear errors, no tracebacks, no writes -----------------------------------------


def sample_image() -> bytes:
    disk = Dos2Disk.new()
    disk.add("SURROUND.XEX", bytes(range(256)) * 10)
    disk.add("SURROUND.BLK", bytes(165))
    disk.add("README", b"hello\x9b")
    return disk.atr.to_bytes()


SAMPLE = sample_image()


def problems_of(data: bytes) -> list[str]:
    return Dos2Disk.from_atr(Atr(data, name="x.atr")).problems()


def corrupt(sector: int, offset: int, value: int) -> bytes:
    data = bytearray(SAMPLE)
    data[16 + (sector - 1) * 128 + offset] = value
    return bytes(data)


def test_sample_is_sound():
    assert problems_of(SAMPLE) == []


@pytest.mark.parametrize("sector, offset, value, expected", [
    (4, 126, 4, "loop"),                           # first sector links to itself
    (4, 125, 0x03, "outside the data sectors"),    # link to 4*256+5 > 1023
    (4, 126, 2, "link to sector 2, outside the data sectors"),  # a boot sector
    (4, 125, 0x0C, "belongs to file number 3"),
    (4, 127, 126, "at most 125"),
    (361, 1, 99, "the directory says 99 sectors"),
    (360, 3, 0, "free count 512, the bitmap has 683"),
    (360, 10, 0xFF, "reserved sector 0 is marked free"),
    (360, 10, 0x08, "sector 4 of SURROUND.XEX is marked free"),
    (360, 99, 0x7F, "marked in use that no file holds: 712"),
    (360, 0, 7, "DOS code 7"),
    (361, 5, 0xE9, "not ASCII"),
])
def test_each_kind_of_damage_is_named(sector, offset, value, expected):
    found = problems_of(corrupt(sector, offset, value))
    assert any(expected in problem for problem in found), found


def test_cli_refuses_a_broken_image_in_one_line_and_leaves_it_untouched(tmp_path, capsys):
    image = tmp_path / "broken.atr"
    image.write_bytes(corrupt(4, 126, 4))
    before = image.read_bytes()
    for argv in (["add", str(image), str(image)], ["delete", str(image), "README"], ["list", str(image)]):
        assert main(["atr", *argv]) == 2
        error = capsys.readouterr().err
        assert error.count("\n") == 1 and error.startswith(f"surround: {image}: SURROUND.XEX: sector 4")
    assert main(["atr", "check", str(image)]) == 1
    assert "loop" in capsys.readouterr().out
    assert image.read_bytes() == before


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.data())
def test_fuzzed_images_give_problems_or_clear_errors_never_tracebacks(data):
    blob = bytearray(SAMPLE)
    for _ in range(data.draw(st.integers(1, 12))):
        # mostly the interesting sectors: header, VTOC, directory, the files' first sectors
        region = data.draw(st.sampled_from([(0, 16), (16 + 359 * 128, 16 + 361 * 128), (16 + 3 * 128, 16 + 30 * 128),
                                            (0, len(blob))]))
        blob[data.draw(st.integers(region[0], region[1] - 1))] = data.draw(st.integers(0, 255))
    if data.draw(st.booleans()):
        blob = blob[:data.draw(st.integers(0, len(blob)))]
    try:
        disk = Dos2Disk.from_atr(Atr(bytes(blob), name="fuzz.atr"))
    except Exception as error:  # noqa: BLE001 - the type is what is checked
        assert type(error).__name__ in ("EmulatorError", "SurroundError") and str(error).startswith("fuzz.atr: ")
        return
    found = disk.problems()
    assert all(isinstance(problem, str) and "\n" not in problem for problem in found)
    if not found:
        for entry in disk.entries():
            disk.read(entry.name)
    else:
        with pytest.raises(SurroundError, match=r"^fuzz\.atr: "):
            disk.check()


# -- the command line ----------------------------------------------------------------------------


def test_atr_commands_end_to_end(tmp_path, capsys):
    image = tmp_path / "t.atr"
    payload = tmp_path / "surround.blk"
    payload.write_bytes(bytes(range(165)))
    assert main(["atr", "new", str(image)]) == 0
    assert main(["atr", "new", str(image)]) == 2  # exists
    assert main(["atr", "add", str(image), str(payload)]) == 0
    capsys.readouterr()
    assert main(["atr", "list", str(image)]) == 0
    assert capsys.readouterr().out.splitlines() == ["  SURROUNDBLK 002", "705 FREE SECTORS"]
    assert main(["atr", "list", str(image), "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    assert listing["files"] == [{"name": "SURROUND.BLK", "sectors": 2, "start": 4, "locked": False, "bytes": 165}]
    out = tmp_path / "out"
    out.mkdir()
    assert main(["atr", "extract", str(image), "SURROUND.BLK", "-o", str(out)]) == 0
    assert (out / "SURROUND.BLK").read_bytes() == bytes(range(165))
    assert main(["atr", "delete", str(image), "surround.blk"]) == 0
    capsys.readouterr()
    assert main(["atr", "check", str(image), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is True and report["problems"] == []
    assert Dos2Disk.open(image).free_count() == 707


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzzed_images_are_never_written_by_add_or_delete(tmp_path, capsys, data):
    blob = bytearray(SAMPLE)
    for _ in range(data.draw(st.integers(1, 6))):
        position = data.draw(st.integers(16 + 3 * 128, 16 + 369 * 128 - 1))
        blob[position] = data.draw(st.integers(0, 255))
    image = tmp_path / "fuzz.atr"
    image.write_bytes(bytes(blob))
    extra = tmp_path / "NEW.DAT"
    extra.write_bytes(b"new file")
    broken = bool(Dos2Disk.open(image).problems())
    for argv in (["add", str(image), str(extra)], ["delete", str(image), "README"]):
        status = main(["atr", *argv])
        error = capsys.readouterr().err
        if broken:
            assert status == 2 and error.startswith(f"surround: {image}: ") and error.count("\n") == 1
            assert image.read_bytes() == bytes(blob)
        else:
            assert Dos2Disk.open(image).problems() == []


def test_rename_lock_unlock_commands(tmp_path, capsys):
    image = tmp_path / "r.atr"
    disk = Dos2Disk.new(path=image)
    disk.add("A.DAT", b"a")
    disk.add("B.DAT", b"b")
    disk.save()
    assert main(["atr", "rename", str(image), "*.DAT", "*.OLD"]) == 0
    assert main(["atr", "lock", str(image), "A.OLD"]) == 0
    capsys.readouterr()
    assert main(["atr", "list", str(image)]) == 0
    assert capsys.readouterr().out.splitlines()[:2] == ["* A       OLD 001", "  B       OLD 001"]
    assert main(["atr", "delete", str(image), "A.OLD"]) == 2
    assert "locked (DOS error 167)" in capsys.readouterr().err
    assert main(["atr", "unlock", str(image), "*.*"]) == 0
    assert main(["atr", "delete", str(image), "A.OLD"]) == 0
    assert main(["atr", "rename", str(image), "NOPE", "X"]) == 2
    assert [e.name for e in Dos2Disk.open(image).entries()] == ["B.OLD"]
