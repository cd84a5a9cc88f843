"""The Surround disk (`surround disk`), the wolf's memory on it, and the lockstep run on the booted image."""

from __future__ import annotations

import json

import pytest

from emulator.headless import HeadlessAtari
from host.atari.dos2 import DATA_BYTES, Dos2Disk
from host.cli import main
from host.engines.asm import XEX, boot_disk, ensure_built, load_labels
from host.errors import SurroundError
from host.game.rules import BLACKLIST_BYTES
from host.toolchain.disk import BLACKLIST_NAME, build_disk, read_disk_blacklist
from host.toolchain.minidos import DFLINK, DFSFLG, build_dos


def sectors_for(size: int) -> int:
    return max(1, -(-size // DATA_BYTES))


@pytest.fixture(scope="module")
def image(tmp_path_factory):
    path = tmp_path_factory.mktemp("disk") / "surround.atr"
    build_disk(path)
    return path


def test_golden_layout_of_the_built_disk(image):
    """The files in their order, each in consecutive sectors from sector 4 (skipping the VTOC
    and the directory), the boot sectors pointing at DOS.SYS, the VTOC counting the rest."""
    disk = Dos2Disk.open(image)
    assert disk.problems() == []
    names = [e.name for e in disk.entries()]
    optional = [n for n in ("SURROUND.BAS", "SURROUND.LST") if n in names]
    assert names == ["DOS.SYS", "SURROUND.XEX", *optional, "README", BLACKLIST_NAME]
    _, dos_sys = build_dos()
    sizes = {"DOS.SYS": dos_sys.stat().st_size, "SURROUND.XEX": ensure_built().stat().st_size,
             BLACKLIST_NAME: BLACKLIST_BYTES}
    next_sector = 4
    for index, entry in enumerate(disk.entries()):
        chain = [sector for sector, _ in disk.chain(entry)]
        assert entry.index == index and entry.flags == 0x42 and chain[0] == next_sector
        assert all(b == a + 1 or (a, b) == (359, 369) for a, b in zip(chain, chain[1:]))
        if entry.name in sizes:
            assert entry.sector_count == sectors_for(sizes[entry.name])
        next_sector = chain[-1] + 1 if chain[-1] != 359 else 369
    boot = disk.atr.read_sector(1)
    assert boot[0:6] == bytes((0, 3, 0x00, 0x07, 0x80, 0x08))  # 3 sectors at $0700, DOSINI $0880
    assert boot[DFSFLG] == 1 and boot[DFLINK] | boot[DFLINK + 1] << 8 == 4
    used = sum(e.sector_count for e in disk.entries())
    assert disk.free_count() == 707 - used
    assert disk.read("SURROUND.XEX") == XEX.read_bytes()
    assert disk.read(BLACKLIST_NAME) == bytes(BLACKLIST_BYTES)
    readme = disk.read("README")
    assert b"\n" not in readme and readme.count(b"\x9b") > 10 and all(len(line) <= 38 for line in readme.split(b"\x9b"))


def test_surround_disk_command_writes_the_image(tmp_path, capsys):
    target = tmp_path / "out.atr"
    assert main(["disk", "-o", str(target), "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    assert [f["name"] for f in listing["files"]][:2] == ["DOS.SYS", "SURROUND.XEX"]
    assert Dos2Disk.open(target).problems() == []
    assert main(["disk", "-o", str(tmp_path / "new" / "dir" / "s.atr")]) == 0, "a missing folder is made"
    assert main(["disk", "-o", str(target / "under-a-file.atr")]) == 2


def booted_game(path) -> tuple[HeadlessAtari, dict[str, int]]:
    atari = HeadlessAtari(seed=3)
    boot_disk(atari, path)
    return atari, load_labels()


def test_the_game_reports_a_missing_or_damaged_black_list_and_starts_empty(tmp_path):
    path = tmp_path / "d.atr"
    disk = build_disk(path, bytes([0xFF]) + bytes(BLACKLIST_BYTES - 1))
    atari, labels = booted_game(path)
    assert "THE BLACK LIST CAME FROM THE DISK." in atari.screen_text()
    assert atari.peek_word(labels["learned"]) == 8
    disk.delete(BLACKLIST_NAME)
    disk.save()
    atari, labels = booted_game(path)
    assert "NO SURROUND.BLK YET: EMPTY LIST." in atari.screen_text()
    assert atari.peek_word(labels["learned"]) == 0
    disk.add(BLACKLIST_NAME, bytes([0xFF]) * 100)
    disk.save()
    atari, labels = booted_game(path)
    assert "SURROUND.BLK IS DAMAGED: EMPTY LIST." in atari.screen_text()
    assert atari.peek_bytes(labels["blacklist"], BLACKLIST_BYTES) == bytes(BLACKLIST_BYTES)


def checked_on_the_disk(argv: list[str], capsys) -> dict:
    """Run `surround check ... --disk ... --json`: no mismatch, lessons learned, and the image's
    SURROUND.BLK equal to the reference's black list; the JSON report."""
    assert main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["mismatches"] == 0 and report["final_blacklists_equal"] is True
    assert report["disk_blacklist_equal"] is True and report["learned"] > 0
    return report


def test_check_on_the_booted_disk_keeps_the_lessons_across_a_cold_start(tmp_path, capsys):
    path = tmp_path / "d.atr"
    build_disk(path)
    argv = ["check", "--engine", "asm", "--disk", str(path), "--sheep", "mix:0.5", "--games", "12",
            "--seed", "1", "--json"]
    report = checked_on_the_disk(argv, capsys)
    saved = read_disk_blacklist(path)
    assert saved == bytes.fromhex(report["final_blacklist"])
    assert Dos2Disk.open(path).problems() == []
    atari, labels = booted_game(path)  # a new machine: power on, boot, load
    assert atari.peek_bytes(labels["blacklist"], BLACKLIST_BYTES) == saved
    assert atari.peek_word(labels["learned"]) == report["learned"]
    # a second run starts from what the image remembers
    assert main(argv[:-3] + ["--seed", "2", "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["disk_blacklist_equal"] is True and again["learned"] >= report["learned"]


def test_check_disk_refuses_other_engines_and_a_blacklist_file(image, tmp_path):
    saved = tmp_path / "bl"
    saved.write_bytes(bytes(BLACKLIST_BYTES))
    assert main(["check", "--engine", "reference", "--disk", str(image), "--sheep", "random", "--games", "1"]) == 2
    assert main(["check", "--engine", "basic", "--disk", str(image), "--blacklist", str(saved),
                 "--sheep", "random", "--games", "1"]) == 2
    assert main(["check", "--engine", "asm", "--disk", str(image), "--blacklist", str(saved),
                 "--sheep", "random", "--games", "1"]) == 2


def test_a_disk_with_another_game_build_is_refused(tmp_path):
    path = tmp_path / "old.atr"
    disk = build_disk(path)
    disk.add("SURROUND.XEX", b"\xff\xff\x00\x30\x00\x30\x60")
    disk.save()
    with pytest.raises(SurroundError, match="SURROUND.XEX is not"):
        boot_disk(HeadlessAtari(seed=1), path)


def test_after_reset_the_game_still_saves_to_the_disk(tmp_path):
    """RESET: the OS calls DOSINI (the game chains to the mini-DOS's DINIT, which puts D:
    back into HATABS) and the game goes on; its next save reaches the image."""
    path = tmp_path / "r.atr"
    build_disk(path)
    atari, labels = booted_game(path)
    atari.reset(warm=True)
    assert atari.run_until_idle(600)
    hatabs = atari.peek_bytes(0x031A, 33)
    assert ord("D") in hatabs[0::3]
    assert "SURROUND" in atari.screen_text().split("\n")[0] or "SURROUND XL DISK" in atari.screen_text()
    lesson = bytes([0x80]) + bytes(BLACKLIST_BYTES - 1)
    for offset, value in enumerate(lesson):
        atari.poke(labels["blacklist"] + offset, value)
    atari.call(labels["saveblacklist"])
    assert read_disk_blacklist(path) == lesson


def test_the_basic_game_from_the_disk_keeps_its_lessons_there(tmp_path, capsys):
    """BASIC on, menu item 2: SURROUND.BAS is RUN from D1: on the free BASIC and the OS's math
    pack, cross-checked move by move; it writes SURROUND.BLK to the image after every lesson,
    and the 6502 game, booted from the same image afterwards, starts with what it learned."""
    path = tmp_path / "b.atr"
    build_disk(path)
    argv = ["check", "--engine", "basic", "--disk", str(path), "--sheep", "perfect", "--games", "3",
            "--seed", "2", "--json"]
    report = checked_on_the_disk(argv, capsys)
    saved = read_disk_blacklist(path)
    atari, labels = booted_game(path)
    assert atari.peek_bytes(labels["blacklist"], BLACKLIST_BYTES) == saved
    assert atari.peek_word(labels["learned"]) == report["learned"]


def test_a_disk_with_another_basic_program_is_refused(tmp_path):
    from host.engines.basic import BasicEngine

    path = tmp_path / "old.atr"
    disk = build_disk(path)
    disk.add("SURROUND.BAS", bytes(20))
    disk.save()
    with pytest.raises(SurroundError, match="SURROUND.BAS is not"):
        BasicEngine(seed=1, disk=path)
