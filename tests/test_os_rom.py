"""The free OS image: its layout and contracts, and routines run on a bare py65 CPU.

These tests need no emulator: they read roms/surround-os.rom and the label map of
a fresh build, and run single routines (character conversion, key translation,
SIO/DSKINV) on py65 with a plain 64 KiB memory.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from py65.devices.mpu6502 import MPU

from host.toolchain.assembler import OS_ROM, label_map
from host.toolchain.targets import build_os

REPO = Path(__file__).resolve().parents[1]
ROM = (REPO / OS_ROM).read_bytes()
RETURN_TRAP = 0x0600  # where a called routine returns to


def rom_at(address: int, count: int = 1) -> bytes:
    return ROM[address - 0xC000:address - 0xC000 + count]


def rom_word(address: int) -> int:
    low, high = rom_at(address, 2)
    return low | high << 8


@pytest.fixture(scope="module")
def labels(tmp_path_factory) -> dict[str, int]:
    folder = tmp_path_factory.mktemp("os")
    build_os(REPO, rom=folder / "os.rom", build_dir=folder)
    return label_map(folder / "os.map")


class BareCpu:
    """py65 with 64 KiB of RAM and the OS image at $C000-$FFFF (no I/O chips)."""

    def __init__(self) -> None:
        self.memory = bytearray(0x10000)
        self.memory[0xC000:] = ROM
        self.cpu = MPU(memory=self.memory)

    def call(self, address: int, a: int = 0, x: int = 0, y: int = 0, limit: int = 100_000) -> tuple[int, int, int, int]:
        cpu = self.cpu
        cpu.sp = 0xFF
        back = RETURN_TRAP - 1
        cpu.memory[0x1FF], cpu.memory[0x1FE] = back >> 8, back & 0xFF
        cpu.sp = 0xFD
        cpu.pc, cpu.a, cpu.x, cpu.y = address, a, x, y
        for _ in range(limit):
            if cpu.pc == RETURN_TRAP:
                return cpu.a, cpu.x, cpu.y, cpu.p
            cpu.step()
        raise AssertionError(f"routine ${address:04X} did not return")


# -- layout ------------------------------------------------------------------------------------------


def test_image_is_16k_with_vectors_into_the_rom() -> None:
    assert len(ROM) == 16384
    for vector in (0xFFFA, 0xFFFC, 0xFFFE):
        target = rom_word(vector)
        assert 0xE000 <= target or 0xC000 <= target < 0xD000, f"vector ${vector:04X} -> ${target:04X}"


def test_documented_jump_vectors_are_jmp_instructions(labels: dict[str, int]) -> None:
    names = ["diskiv", "dskinv", "ciov", "siov", "setvbv", "sysvbv", "xitvbv", "sioinv", "sendev",
             "intinv", "cioinv", "blkbdv", "warmsv", "coldsv"]
    for index, name in enumerate(names):
        address = 0xE450 + 3 * index
        assert labels[name] == address
        assert rom_at(address) == b"\x4C", f"{name} at ${address:04X} is not a JMP"
    assert rom_word(0xE457) == labels["cio"]
    assert rom_word(0xE45A) == labels["sio"]
    assert rom_word(0xE475) == labels["warmstart"] and rom_word(0xE478) == labels["coldstart"]


def test_handler_tables_hold_the_entry_points_minus_one(labels: dict[str, int]) -> None:
    for base, prefix in ((0xE400, "e"), (0xE410, "s"), (0xE420, "k")):
        for slot, routine in enumerate(("open", "close", "get", "put", "stat", "spec")):
            assert rom_word(base + 2 * slot) + 1 == labels[prefix + routine], f"{prefix}{routine}"
        assert rom_at(base + 12) == b"\x4C" and rom_word(base + 13) == labels[prefix + "init"]


def test_the_keyboard_wait_loop_is_the_agreed_pattern_exactly_once(labels: dict[str, int]) -> None:
    pattern = bytes.fromhex("AD FC 02 C9 FF F0 F9")
    assert ROM.count(pattern) == 1
    assert rom_at(labels["kwait"], 7) == pattern


def test_sio_polls_pokey_and_waits_on_timer_1(labels: dict[str, int]) -> None:
    """On a bare CPU (no POKEY, no VBI) SIO would wait for ever, so look at its code: it sets
    CDTMA1 to its own routine, which clears TIMFLG when timer 1 runs out."""
    sio = rom_at(labels["sio"], 64)
    low, high = labels["siotim"] & 0xFF, labels["siotim"] >> 8
    assert bytes((0xA9, low, 0x8D, 0x26, 0x02, 0xA9, high, 0x8D, 0x27, 0x02)) in sio, "CDTMA1 = SIOTIM"
    assert rom_at(labels["siotim"], 6) == bytes((0xA9, 0x00, 0x8D, 0x17, 0x03, 0x60)), "TIMFLG = 0, RTS"


def test_dskinv_builds_the_device_control_block(labels: dict[str, int]) -> None:
    bare = BareCpu()
    memory = bare.memory
    memory[labels["sio"]] = 0x60  # RTS: look at the block as SIO gets it
    memory[0x0301], memory[0x030A], memory[0x030B] = 2, 0x68, 0x01  # D2:, sector $168
    memory[0x0304], memory[0x0305] = 0x00, 0x40
    memory[0x0246] = 7  # DSKTIM
    memory[0x02D5], memory[0x02D6] = 128, 0  # DSCTLN
    for command in (ord("R"), ord("W"), ord("P")):
        memory[0x0302] = command
        bare.call(labels["dskio"])
        assert memory[0x0300] == 0x31 and memory[0x0301] == 2 and memory[0x0306] == 7
        assert memory[0x0308] == 128 and memory[0x0309] == 0
        assert memory[0x0304:0x0306] == b"\x00\x40" and memory[0x030A:0x030C] == b"\x68\x01"
    memory[0x02D5], memory[0x02D6] = 0, 1  # 256-byte sectors ...
    bare.call(labels["dskio"])
    assert memory[0x0308] | memory[0x0309] << 8 == 256
    memory[0x030A], memory[0x030B] = 3, 0  # ... but sector 3 is a boot sector
    bare.call(labels["dskio"])
    assert memory[0x0308] | memory[0x0309] << 8 == 128
    memory[0x0302] = ord("S")
    bare.call(labels["dskio"])
    assert memory[0x0308] == 4 and memory[0x0309] == 0 and memory[0x0304] | memory[0x0305] << 8 == 0x02EA


def test_dskinv_sets_the_direction_in_dstats(labels: dict[str, int]) -> None:
    """Stop at SIO to see DSTATS as DSKINV leaves it for SIO."""
    bare = BareCpu()
    bare.memory[labels["sio"]] = 0x60  # RTS: look before SIO's body runs
    for command, direction in ((ord("R"), 0x40), (ord("W"), 0x80), (ord("S"), 0x40), (ord("!"), 0x40)):
        bare.memory[0x0302] = command
        bare.call(labels["dskio"])
        assert bare.memory[0x0303] == direction, chr(command)


def test_charset_has_128_glyphs_in_internal_order() -> None:
    charset = rom_at(0xE000, 1024)
    glyphs = [charset[i:i + 8] for i in range(0, 1024, 8)]
    assert glyphs[0] == bytes(8), "internal $00 is the space"
    assert len(set(glyphs)) == 128, "every glyph is different"
    assert glyphs[0x21] != bytes(8) and glyphs[0x61] != glyphs[0x21], "'A' and 'a' are drawn"
    assert glyphs[0x7C] == bytes([0x18] * 8), "ATASCII '|' is a centred vertical bar"


# -- routines on a bare CPU -------------------------------------------------------------------------------


def atascii_to_internal(code: int) -> int:
    low = code & 0x7F
    internal = low + 0x40 if low < 0x20 else low - 0x20 if low < 0x60 else low
    return internal | (code & 0x80)


def test_character_conversion_both_ways(labels: dict[str, int]) -> None:
    bare = BareCpu()
    for code in range(256):
        internal = bare.call(labels["ataint"], a=code)[0]
        assert internal == atascii_to_internal(code), hex(code)
        assert bare.call(labels["intata"], a=internal)[0] == code


def get_key(
    bare: BareCpu, labels: dict[str, int], keycode: int, shflok: int = 0x40, invflg: int = 0
) -> tuple[int, int]:
    memory = bare.memory
    memory[0x02FC], memory[0x0011], memory[0x02BE], memory[0x02B6] = keycode, 0x80, shflok, invflg
    a, _, y, _ = bare.call(labels["kgetch"], limit=2000)
    assert memory[0x02FC] == 0xFF, "the key was taken"
    return a, y


@pytest.mark.parametrize(
    ("keycode", "shflok", "expected"),
    [
        (0x3F, 0x00, ord("a")), (0x3F, 0x40, ord("A")), (0x7F, 0x00, ord("A")), (0xBF, 0x00, 0x01),
        (0x3F, 0x80, 0x01), (0x1F, 0x40, ord("1")), (0x5F, 0x40, ord("!")), (0x20, 0x40, ord(",")),
        (0x0C, 0x40, 0x9B), (0x34, 0x40, 0x7E), (0x74, 0x40, 0x9C), (0xB4, 0x40, 0xFE),
        (0x8E, 0x40, 0x1C), (0x8F, 0x40, 0x1D), (0x86, 0x40, 0x1E), (0x87, 0x40, 0x1F),
        (0x76, 0x40, 0x7D), (0x2C, 0x40, 0x7F), (0x1C, 0x40, 0x1B), (0x21, 0x40, 0x20),
        (0x9E, 0x40, 0xFD), (0x46, 0x40, ord("\\")), (0x5B, 0x40, ord("&")),
    ],
)
def test_keys_translate_to_atascii(labels: dict[str, int], keycode: int, shflok: int, expected: int) -> None:
    assert get_key(BareCpu(), labels, keycode, shflok) == (expected, 1)


def test_inverse_key_makes_printable_keys_inverse(labels: dict[str, int]) -> None:
    bare = BareCpu()
    assert get_key(bare, labels, 0x3F, 0x40, invflg=0x80) == (ord("A") | 0x80, 1)
    assert get_key(bare, labels, 0x0C, 0x40, invflg=0x80) == (0x9B, 1), "RETURN stays RETURN"
    assert get_key(bare, labels, 0x34, 0x40, invflg=0x80) == (0x7E, 1), "backspace stays"


def test_ctrl_3_is_end_of_file_and_break_is_128(labels: dict[str, int]) -> None:
    bare = BareCpu()
    assert get_key(bare, labels, 0x9A)[1] == 136
    memory = bare.memory
    memory[0x02FC], memory[0x0011] = 0x09, 0x00  # BREAK: BRKKEY = 0 and the BREAK code in CH
    _, _, y, flags = bare.call(labels["kgetch"], limit=2000)
    assert y == 128 and flags & 0x80 and memory[0x0011] != 0


def test_caps_key_changes_the_lock_and_is_not_returned(labels: dict[str, int]) -> None:
    bare = BareCpu()
    memory = bare.memory
    # CAPS (toggles off), then 'a' queued behind it: KGETCH must skip CAPS and wait again,
    # so emulate the second key by letting the loop find CH = 'A' key after the first pass.
    memory[0x02FC], memory[0x0011], memory[0x02BE] = 0x3C, 0x80, 0x40
    memory[0x02DB] = 1  # NOCLIK: no key click (tests/test_os_keyclick.py) within the 200 steps
    cpu = bare.cpu
    cpu.sp, cpu.pc = 0xFD, labels["kgetch"]
    memory[0x1FF], memory[0x1FE] = (RETURN_TRAP - 1) >> 8, (RETURN_TRAP - 1) & 0xFF
    for _ in range(200):
        cpu.step()
    assert memory[0x02BE] == 0x00, "CAPS toggled capitals off"
    assert cpu.pc in range(labels["kwait"], labels["kwait"] + 7), "waiting for the next key"
    memory[0x02FC] = 0x3F
    for _ in range(200):
        if cpu.pc == RETURN_TRAP:
            break
        cpu.step()
    assert cpu.a == ord("a")
