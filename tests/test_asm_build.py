"""The 6502 game's build: reproducible, a proper binary-load file, documented OS use only,
and its hash routine checked on a bare py65 CPU (no OS needed)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from py65.devices.mpu6502 import MPU

from host.engines import asm as asm_engine
from host.game.rules import NR_COUNT, position_of
from host.toolchain.assembler import assemble, label_map

# Every address outside the program's own memory that the program may touch, with its
# official name (Atari OS User's Manual, Hardware Manual).
DOCUMENTED = {
    0x12: "RTCLOK", 0x13: "RTCLOK+1", 0x14: "RTCLOK+2", 0x52: "LMARGN", 0x54: "ROWCRS",
    0x55: "COLCRS", 0x56: "COLCRS+1", 0x58: "SAVMSC", 0x59: "SAVMSC+1",
    0x02C4: "COLOR0", 0x02C5: "COLOR1", 0x02C6: "COLOR2", 0x02C7: "COLOR3", 0x02C8: "COLOR4",
    0x02E0: "RUNAD", 0x02E2: "INITAD", 0x02F0: "CRSINH", 0x02F4: "CHBAS", 0x02FC: "CH",
    0x09: "BOOT?", 0x0A: "DOSVEC", 0x0B: "DOSVEC+1", 0x0C: "DOSINI", 0x0D: "DOSINI+1", 0x02DC: "HELPFG",
    0xE45C: "SETVBV", 0xE462: "XITVBV",
    **{0x0340 + offset: "IOCB 0" for offset in range(16)},
    0xE456: "CIOV", 0xD20A: "RANDOM",
}
ZERO_PAGE = range(0x80, 0x100)
PROGRAM_RAM = range(0x2000, 0xC000)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """A fresh build of asm/surround.s into a temporary folder."""
    folder = tmp_path_factory.mktemp("asm")
    assemble(asm_engine.SOURCE, folder / "surround.xex", folder / "surround.lst", folder / "surround.map")
    return folder


def segments(data: bytes) -> list[tuple[int, bytes]]:
    """The (start, bytes) segments of an Atari binary-load file."""
    assert data[:2] == b"\xff\xff", "a binary-load file starts with $FFFF"
    result, index = [], 2
    while index < len(data):
        if data[index:index + 2] == b"\xff\xff":
            index += 2
        start = data[index] | data[index + 1] << 8
        end = data[index + 2] | data[index + 3] << 8
        assert end >= start, f"segment ${start:04X}-${end:04X} is reversed"
        index += 4
        result.append((start, data[index:index + end - start + 1]))
        index += end - start + 1
    assert index == len(data), "the last segment is cut short"
    return result


def test_fresh_builds_are_byte_identical(built: Path, tmp_path: Path) -> None:
    assemble(asm_engine.SOURCE, tmp_path / "again.xex", tmp_path / "again.lst", tmp_path / "again.map")
    assert (tmp_path / "again.xex").read_bytes() == (built / "surround.xex").read_bytes()
    assert (tmp_path / "again.map").read_text() == (built / "surround.map").read_text()
    if not asm_engine.is_stale():
        assert asm_engine.XEX.read_bytes() == (built / "surround.xex").read_bytes(), \
            "build/surround.xex differs from a fresh build of the same sources"


def test_binary_load_file_loads_above_dos_and_sets_runad(built: Path) -> None:
    labels = label_map(built / "surround.map")
    parts = segments((built / "surround.xex").read_bytes())
    program = [(start, data) for start, data in parts if start != 0x02E0]
    runad = [data for start, data in parts if start == 0x02E0]
    assert runad == [bytes([labels["start"] & 0xFF, labels["start"] >> 8])]
    for start, data in program:
        assert start >= 0x2000 and start + len(data) <= 0xBC00, f"segment at ${start:04X} is not above DOS 2.0S"
    blacklist = labels["blacklist"]
    image = {start + offset: value for start, data in program for offset, value in enumerate(data)}
    assert all(image[blacklist + offset] == 0 for offset in range(165)), "the black list loads empty"
    assert labels["charset"] % 1024 == 0, "CHBASE needs a 1K boundary"


def test_only_documented_os_locations_are_used(built: Path) -> None:
    """Every address operand in the listing is the program's own memory or a documented OS/hardware location."""
    operand = re.compile(r"^\s*[0-9A-F]{4}\s+(?:[0-9A-F]{2} ){1,3}\s*([A-Z]{3})\s+\(?\$([0-9A-F]{2,4})")
    strangers = set()
    for line in (built / "surround.lst").read_text().splitlines():
        match = operand.match(line)
        if not match:
            continue
        address = int(match[2], 16)
        if address in ZERO_PAGE or address in PROGRAM_RAM or address in DOCUMENTED:
            continue
        strangers.add(f"{match[1]} ${address:04X}")
    assert not strangers, f"undocumented locations used: {sorted(strangers)}"


def load_on_bare_cpu(folder: Path) -> tuple[MPU, dict[str, int]]:
    """The program's segments in a py65 CPU's memory (no OS: for pure routines only)."""
    memory = [0] * 0x10000
    for start, data in segments((folder / "surround.xex").read_bytes()):
        memory[start:start + len(data)] = list(data)
    return MPU(memory=memory), label_map(folder / "surround.map")


def jsr(cpu: MPU, address: int, limit: int = 10_000) -> int:
    """Run the routine at ``address`` until its RTS; returns the cycles it took."""
    trap = 0xFFF0
    cpu.sp = 0xFF
    cpu.memory[0x1FF], cpu.memory[0x1FE] = (trap - 1) >> 8, (trap - 1) & 0xFF
    cpu.sp = 0xFD
    cpu.pc = address
    before = cpu.processorCycles
    for _ in range(limit):
        if cpu.pc == trap:
            return cpu.processorCycles - before
        cpu.step()
    raise AssertionError(f"the routine at ${address:04X} did not return")


def test_posnr_numbers_every_position_like_rules_md(built: Path) -> None:
    cpu, labels = load_on_bare_cpu(built)
    for nr in range(1, NR_COUNT + 1):
        position = position_of(nr)
        for index, point in enumerate(reversed(position.sheep)):  # any order will do
            cpu.memory[labels["hs1"] + index] = point
        cpu.memory[labels["hw"]] = position.wolf
        jsr(cpu, labels["posnr"])
        got = cpu.memory[labels["nrlo"]] | cpu.memory[labels["nrhi"]] << 8
        assert got == nr, f"{position}: NR {got}, expected {nr}"
        assert cpu.memory[labels["nrbyte"]] == (nr - 1) // 8
        assert cpu.memory[labels["nrmask"]] == 1 << (nr - 1) % 8


#: RULES-reference reason (a phrase of host.game.rules.illegal_sheep_move_reason) -> ERR_ code of board.s
REASON_CODES = {"not on the board": 1, "no sheep": 2, "not joined": 3, "occupied": 4, "back": 5}


def error_code(reason: str | None) -> int:
    if reason is None:
        return 0
    return next(code for phrase, code in REASON_CODES.items() if phrase in reason)


def test_wolf_moves_and_sheep_rules_on_bare_cpu(built: Path) -> None:
    """WOLFMOVES lists the free neighbours ascending; CHECKMOVE gives the reference's reasons in its order."""
    from host.game.rules import Move, illegal_sheep_move_reason, legal_wolf_moves

    cpu, labels = load_on_bare_cpu(built)
    for nr in (602, 1310, 527, 100, 999):
        position = position_of(nr)
        cpu.memory[labels["occ"]:labels["occ"] + 12] = [0] * 12
        for point in position.sheep:
            cpu.memory[labels["occ"] + point] = 1
        cpu.memory[labels["occ"] + position.wolf] = 2
        cpu.memory[labels["sheep"]:labels["sheep"] + 3] = list(position.sheep)
        cpu.memory[labels["wolf"]] = position.wolf
        jsr(cpu, labels["wolfmoves"])
        count = cpu.memory[labels["nwmoves"]]
        targets = cpu.memory[labels["wmoves"]:labels["wmoves"] + count]
        assert targets == [move.dst for move in legal_wolf_moves(position)], str(position)
        for src in range(13):
            for dst in range(13):
                cpu.memory[labels["frompt"]] = src
                cpu.memory[labels["topt"]] = dst
                jsr(cpu, labels["checkmove"])
                reason = illegal_sheep_move_reason(position, Move(src, dst))
                assert cpu.memory[labels["lasterr"]] == error_code(reason), f"{position} {src},{dst}: {reason}"
                assert bool(cpu.p & cpu.ZERO) == (reason is None), f"Z flag after CHECKMOVE {src},{dst}"
