"""The free OS through the emulator: CIO, the editor E:, the keyboard K:, the display S:, SIO.

A small test program (Ophis, using the OS's own equates) is assembled once; its
routines are started with the emulator's headless API, and keys are typed
through POKEY's keyboard interrupt as a user would.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from emulator.atr import Atr
from emulator.headless import HeadlessAtari
from host.toolchain.assembler import assemble, label_map
from tests.cio_support import call_cio

REPO = Path(__file__).resolve().parents[1]
CIOV, DSKINV, SETVBV = 0xE456, 0xE453, 0xE45C
NAME = 0x0680  # where device names are poked for OPEN
BUFFER = 0x0700

KIT = r"""
.include "{equates}"
.alias CIOV $E456
.org $3000

; ELOOP - prompt, read a line from E: (IOCB 0) into LINE, count the lines
eloop:  ldx #0
        lda #CPUTBYT
        sta ICCOM
        lda #<prompt
        sta ICBAL
        lda #>prompt
        sta ICBAH
        lda #promptend-prompt
        sta ICBLL
        lda #0
        sta ICBLH
        jsr CIOV
        ldx #0
        lda #CGETREC
        sta ICCOM
        lda #<line
        sta ICBAL
        lda #>line
        sta ICBAH
        lda linemax
        sta ICBLL
        lda #0
        sta ICBLH
        jsr CIOV
        sty lstat
        lda ICBLL
        sta length
        inc count
        jmp eloop

; KLOOP - open K: on IOCB 1 and collect keys and their status
kloop:  ldx #$10
        lda #COPEN
        sta ICCOM,x
        lda #<kname
        sta ICBAL,x
        lda #>kname
        sta ICBAH,x
        lda #4
        sta ICAX1,x
        jsr CIOV
*       ldx #$10
        lda #CGETBYT
        sta ICCOM,x
        lda #0
        sta ICBLL,x
        sta ICBLH,x
        jsr CIOV
        ldx count
        sta keys,x
        tya
        sta stats,x
        inc count
        jmp -

; SPIN - a busy program that reads no keys
spin:   jmp spin

prompt:   .byte "MOVE? "
promptend:
kname:    .byte "K:", EOL
linemax:  .byte 120
lstat:    .byte 0
length:   .byte 0
count:    .byte 0
keys:     .advance keys+32
stats:    .advance stats+32
line:     .advance line+128
"""


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> tuple[bytes, dict[str, int]]:
    folder = tmp_path_factory.mktemp("kit")
    source = folder / "kit.s"
    source.write_text(KIT.replace("{equates}", str(REPO / "asm" / "os" / "equates.s")))
    assemble(source, folder / "kit.bin", labels=folder / "kit.map")
    return (folder / "kit.bin").read_bytes(), label_map(folder / "kit.map")


@pytest.fixture(scope="module")
def booted_image() -> HeadlessAtari:
    atari = HeadlessAtari()
    assert atari.boot(max_frames=120), "the OS reaches its keyboard wait"
    return atari


def fresh(kit: tuple[bytes, dict[str, int]]) -> tuple[HeadlessAtari, dict[str, int]]:
    """A booted machine with the test kit loaded at $3000."""
    code, labels = kit
    atari = HeadlessAtari()
    assert atari.boot(max_frames=120)
    for offset, value in enumerate(code):
        atari.poke(0x3000 + offset, value)
    return atari, labels


def start(atari: HeadlessAtari, address: int) -> None:
    atari.machine.start_program(address)
    assert atari.run_until_idle(60), "the program waits for a key"


def cio(atari: HeadlessAtari, iocb: int, command: int, buffer: int = 0, length: int = 0,
        aux1: int = 0, aux2: int = 0, data: int = 0) -> tuple[int, int, int]:
    """Call CIOV for one request; returns (status Y, A, flags)."""
    a, x, y, flags = call_cio(atari, iocb, command, buffer, length, aux1, aux2, data)
    assert x == 16 * iocb, "CIO keeps X"
    assert bool(flags & 0x80) == (y >= 128), "N flag tells an error"
    return y, a, flags


def open_device(atari: HeadlessAtari, iocb: int, name: str, aux1: int, aux2: int = 0) -> int:
    for offset, char in enumerate(name.encode() + b"\x9b"):
        atari.poke(NAME + offset, char)
    return cio(atari, iocb, 3, NAME, 0, aux1, aux2)[0]


def put_text(atari: HeadlessAtari, text: bytes, iocb: int = 0, record: bool = True) -> int:
    for offset, value in enumerate(text):
        atari.poke(BUFFER + offset, value)
    return cio(atari, iocb, 9 if record else 11, BUFFER, len(text))[0]


def type_keys(atari: HeadlessAtari, *keys: str | tuple[int, bool, bool]) -> None:
    """Type text (Unicode as the emulator maps it) or single (keycode, shift, ctrl) presses."""
    for key in keys:
        if isinstance(key, str):
            atari.type_text(key)
        else:
            atari.press_key(*key)
            assert atari.run_until_idle(60)


def rows(atari: HeadlessAtari) -> list[str]:
    return atari.screen_text().split("\n")


# -- CIO ------------------------------------------------------------------------------------------------


def test_cio_error_codes(kit) -> None:
    atari, _ = fresh(kit)
    assert open_device(atari, 5, "P:", 8) == 138, "no printer on the bus: device timeout, as on the XL"
    assert open_device(atari, 2, "Q:", 8) == 130, "no such handler: nonexistent device"
    assert open_device(atari, 3, "D1:FILE", 4) == 130, "no DOS: no D:"
    assert cio(atari, 1, 7)[0] == 133, "GET on a closed IOCB"
    assert cio(atari, 1, 12)[0] == 1, "CLOSE of a closed IOCB is fine"
    assert cio(atari, 1, 1)[0] == 132, "command 1 is invalid"
    y, _, flags = cio(atari, 0, 11, data=0)
    assert atari.call(CIOV, x=0x11)[2] == 134 and atari.call(CIOV, x=0x80)[2] == 134, "bad IOCB number"
    assert open_device(atari, 1, "K:", 4) == 1
    assert open_device(atari, 1, "K:", 4) == 129, "already open"
    assert cio(atari, 1, 11, data=65)[0] == 135, "K: was opened read-only"
    assert cio(atari, 1, 12)[0] == 1
    assert open_device(atari, 2, "E:", 8) == 1
    assert cio(atari, 2, 7)[0] == 131, "E: opened write-only"
    assert atari.peek(0x0340 + 0x23) == 131, "ICSTA keeps the status"


def test_status_of_a_closed_iocb_asks_the_device(kit) -> None:
    atari, _ = fresh(kit)
    for offset, char in enumerate(b"K:\x9b"):
        atari.poke(NAME + offset, char)
    assert cio(atari, 3, 13, NAME)[0] == 1
    assert atari.peek(0x0340 + 0x30) == 0xFF, "the IOCB stays closed"
    atari.poke_word(NAME, ord("P") | ord(":") << 8)
    assert cio(atari, 3, 13, NAME)[0] == 138, "P: asks the printer, which is not there"
    atari.poke_word(NAME, ord("Q") | ord(":") << 8)
    assert cio(atari, 3, 13, NAME)[0] == 130


def test_hatabs_iocbs_and_memory_after_boot(booted_image: HeadlessAtari) -> None:
    atari = booted_image
    hatabs = atari.peek_bytes(0x031A, 15)
    assert hatabs == bytes([ord("P"), 0x30, 0xE4, ord("C"), 0x40, 0xE4,  # the XL OS's order
                            ord("E"), 0x00, 0xE4, ord("S"), 0x10, 0xE4, ord("K"), 0x20, 0xE4])
    assert atari.peek(0x0340) == 6, "IOCB 0 is E: (HATABS offset 6)"
    assert all(atari.peek(0x0340 + 16 * n) == 0xFF for n in range(1, 8))
    assert atari.peek_word(0x0346) == atari.peek_word(0xE406), "ICPTL/H: E:'s PUT routine - 1"
    assert atari.peek_word(0x02E7) == 0x0700, "MEMLO without DOS"
    assert atari.peek(0x6A) == 0xC0 and atari.peek_word(0x58) == 0xBC40 and atari.peek_word(0x0230) == 0xBC20
    assert atari.peek_word(0x02E5) == 0xBC1F, "MEMTOP below the display list"
    assert atari.peek(0x52) == 2 and atari.peek(0x53) == 39
    assert atari.peek_bytes(0x02C4, 5) == bytes([0x28, 0xCA, 0x94, 0x46, 0x00])


def test_put_record_and_bytes_print_on_the_screen(kit) -> None:
    atari, _ = fresh(kit)
    assert put_text(atari, b"\x7dHELLO, ATARI\x9bSECOND LINE\x9b") == 1
    assert atari.peek_word(0x0348) == 14, "ICBLL: bytes up to and including the first EOL"
    assert put_text(atari, b"NO EOL") == 1, "PUT RECORD adds an EOL when the buffer ends"
    assert put_text(atari, b"A", record=False) == 1
    assert cio(atari, 0, 11, data=ord("B"))[0] == 1, "length 0: the byte in A"
    screen = rows(atari)
    assert screen[0].startswith("  HELLO, ATARI") and screen[1].startswith("  NO EOL")
    assert screen[2].startswith("  AB█"), "the cursor follows the text"


def test_get_record_reads_a_typed_line_after_the_prompt(kit) -> None:
    atari, labels = fresh(kit)
    start(atari, labels["eloop"])
    atari.type_text("4,6\n")
    assert atari.peek(labels["count"]) == 1 and atari.peek(labels["lstat"]) == 1
    assert atari.peek(labels["length"]) == 4
    assert atari.peek_bytes(labels["line"], 4) == b"4,6\x9b"
    screen = rows(atari)
    assert any(row.startswith("  MOVE? 4,6") for row in screen)


def test_typing_edits_the_line_before_return(kit) -> None:
    atari, labels = fresh(kit)
    start(atari, labels["eloop"])
    atari.type_text("ABCDEFG◀◀◀XY\n")  # three backspaces
    assert atari.peek_bytes(labels["line"], atari.peek(labels["length"])) == b"ABCDXY\x9b"
    insert_char, delete_char = (0x37, False, True), (0x34, False, True)
    type_keys(atari, "HELO←", insert_char, "L\n")  # cursor left, insert a blank, type L into it
    assert atari.peek_bytes(labels["line"], atari.peek(labels["length"])) == b"HELLO\x9b"
    type_keys(atari, "WORLD←←←←←", delete_char, "\n")  # delete the W
    assert atari.peek_bytes(labels["line"], atari.peek(labels["length"])) == b"ORLD\x9b"


def test_a_long_typed_line_spans_rows_and_comes_back_whole(kit) -> None:
    atari, labels = fresh(kit)
    start(atari, labels["eloop"])
    text = "".join(chr(ord("A") + i % 26) for i in range(70))
    atari.type_text(text + "\n")
    assert atari.peek(labels["length"]) == 71
    assert atari.peek_bytes(labels["line"], 71) == text.encode() + b"\x9b"


def test_trailing_blanks_are_dropped_across_rows(kit) -> None:
    atari, labels = fresh(kit)
    start(atari, labels["eloop"])
    text = "".join(chr(ord("A") + i % 26) for i in range(30))
    atari.type_text(text + " " * 20 + "\n")  # the blanks run on into the next row
    assert atari.peek_bytes(labels["line"], atari.peek(labels["length"])) == text.encode() + b"\x9b"
    atari.type_text("    \n")  # nothing but blanks
    assert atari.peek_bytes(labels["line"], atari.peek(labels["length"])) == b"\x9b"


def test_return_on_an_earlier_line_reads_that_whole_logical_line(kit) -> None:
    atari, labels = fresh(kit)
    start(atari, labels["eloop"])
    atari.type_text("4,6\n")
    atari.type_text("↑\n")  # cursor up onto "MOVE? 4,6", RETURN
    assert atari.peek_bytes(labels["line"], atari.peek(labels["length"])) == b"MOVE? 4,6\x9b"


def test_truncated_record(kit) -> None:
    atari, labels = fresh(kit)
    atari.poke(labels["linemax"], 2)
    start(atari, labels["eloop"])
    atari.type_text("12345\n")
    assert atari.peek(labels["lstat"]) == 137 and atari.peek(labels["length"]) == 2
    assert atari.peek_bytes(labels["line"], 2) == b"12"


def test_k_gets_keys_with_shift_control_and_caps(kit) -> None:
    atari, labels = fresh(kit)
    start(atari, labels["kloop"])
    atari.type_text("aB1├")  # caps on at power-up: 'a' comes out as 'A'
    atari.press_key(0x3C)  # CAPS: capitals off
    atari.run_until_idle(30)
    atari.type_text("a")
    count = atari.peek(labels["count"])
    assert atari.peek_bytes(labels["keys"], count) == b"AB1\x01a"
    assert atari.peek_bytes(labels["stats"], count) == bytes([1] * 5)
    assert atari.peek(0x02FC) == 0xFF, "CH is free again"


def test_break_ends_a_k_get_with_128(kit) -> None:
    atari, labels = fresh(kit)
    start(atari, labels["kloop"])
    atari.machine.pokey.press_break()
    assert atari.run_until_idle(30)
    assert atari.peek(labels["count"]) == 1 and atari.peek(labels["stats"]) == 128
    assert atari.peek(0x11) != 0, "BRKKEY is re-armed"


def test_keyboard_irq_puts_the_key_code_into_ch(kit) -> None:
    atari, labels = fresh(kit)
    atari.machine.start_program(labels["spin"])
    atari.run_frames(2)
    atari.press_key(0x3F, shift=True)
    assert atari.peek(0x02FC) == 0x7F, "SHIFT-A"
    atari.run_frames(10)
    assert atari.peek(0x02FC) == 0x7F, "nobody took it"
    assert atari.peek(0x4D) == 0, "a key ends attract mode"


# -- the screen editor on output ------------------------------------------------------------------------------


def test_screen_scrolls_at_the_bottom(kit) -> None:
    atari, _ = fresh(kit)
    put_text(atari, b"\x7d")
    for number in range(30):
        put_text(atari, f"LINE {number}".encode())
    screen = rows(atari)
    assert screen[0].startswith("  LINE 7") and screen[22].startswith("  LINE 29")
    assert screen[23].startswith("  █")


def test_long_output_wraps_into_a_logical_line(kit) -> None:
    atari, _ = fresh(kit)
    put_text(atari, b"\x7d" + b"X" * 50 + b"\x9bNEXT", record=False)
    screen = rows(atari)
    assert screen[0] == "  " + "X" * 38 and screen[1].startswith("  " + "X" * 12 + " ")
    assert screen[2].startswith("  NEXT")
    assert atari.peek(0x02B2) & 0x40 == 0, "row 1 continues row 0's logical line"


def test_control_characters_edit_the_screen(kit) -> None:
    atari, _ = fresh(kit)
    put_text(atari, b"\x7dABC\x1c\x1d\x1e\x1eZ\x1b\x1c\x9b", record=False)
    screen = rows(atari)
    assert screen[0].startswith("  AZ↑"), "left twice, Z over B, ESC shows the next control character"
    put_text(atari, b"\x9c", record=False)  # delete line: the line below moves up
    put_text(atari, b"TAB\x7fX", record=False)
    screen = rows(atari)
    assert screen[1].startswith("  TAB  X"), "tab stop at column 7"
    atari.poke(0x02F0, 1)  # CRSINH
    put_text(atari, b"\x7d", record=False)
    assert "█" not in atari.screen_text()


def test_cursor_out_of_range_is_error_141(kit) -> None:
    atari, _ = fresh(kit)
    atari.poke(0x54, 30)
    assert put_text(atari, b"X", record=False) == 141
    atari.poke(0x54, 0)
    assert put_text(atari, b"X", record=False) == 1


# -- the display handler S: ----------------------------------------------------------------------------------------


def display_list(atari: HeadlessAtari) -> bytes:
    return atari.peek_bytes(atari.peek_word(0x0230), 220)


def test_graphics_2_with_a_text_window(kit) -> None:
    atari, _ = fresh(kit)
    assert open_device(atari, 6, "S:", 8 + 16, 2) == 1
    dl = display_list(atari)
    savmsc, txtmsc = atari.peek_word(0x58), atari.peek_word(0x0294)
    # the Atari OS layout: GRAPHICS 2's full 12 rows reserved, the window after them
    assert txtmsc == 0xC000 - 160 and savmsc == txtmsc - 12 * 20
    assert dl[:6] == bytes([0x70, 0x70, 0x70, 0x47, savmsc & 0xFF, savmsc >> 8])
    assert dl[6:15] == bytes([0x07] * 9)
    assert dl[15:21] == bytes([0x42, txtmsc & 0xFF, txtmsc >> 8, 2, 2, 2])
    assert dl[21] == 0x41 and dl[22] | dl[23] << 8 == atari.peek_word(0x0230)
    assert atari.peek(0x57) == 2 and atari.peek(0x02BF) == 4
    assert put_text(atari, b"HI", iocb=6, record=False) == 1
    assert atari.peek_bytes(savmsc, 2) == bytes([0x28, 0x29])
    put_text(atari, b"IN THE WINDOW")  # E: writes into the text window
    assert atari.peek_bytes(txtmsc + 2, 6) == bytes([0x29, 0x2E, 0x00, 0x34, 0x28, 0x25])
    assert atari.peek_bytes(savmsc, 2) == bytes([0x28, 0x29]), "the graphics stay"


def test_graphics_8_plot_and_drawto(kit) -> None:
    atari, _ = fresh(kit)
    assert open_device(atari, 6, "S:", 8 + 16, 8) == 1
    savmsc = atari.peek_word(0x58)
    dl = display_list(atari)
    lms = [i for i, byte in enumerate(dl[:210]) if byte == 0x4F]
    assert len(lms) == 2, "a second LMS where the screen crosses a 4K boundary"
    second = dl[lms[1] + 1] | dl[lms[1] + 2] << 8
    assert second % 4096 == 0 and (second - savmsc) % 40 == 0
    # PLOT 0,0 and DRAWTO 319,0 in colour 1, then PLOT 10,100
    atari.poke(0x54, 0)
    atari.poke_word(0x55, 0)
    assert cio(atari, 6, 11, data=1)[0] == 1
    atari.poke_word(0x55, 319)
    atari.poke(0x02FB, 1)
    assert cio(atari, 6, 0x11)[0] == 1
    assert atari.peek_bytes(savmsc, 40) == b"\xff" * 40
    atari.poke(0x54, 100)
    atari.poke_word(0x55, 10)
    cio(atari, 6, 11, data=1)
    assert atari.peek(savmsc + 100 * 40 + 1) == 0x20
    # a diagonal: DRAWTO 20,110 from 10,100 sets one pixel per row
    atari.poke(0x54, 110)
    atari.poke_word(0x55, 20)
    cio(atari, 6, 0x11)
    for step in range(11):
        row, column = 100 + step, 10 + step
        assert atari.peek(savmsc + row * 40 + column // 8) & (0x80 >> (column % 8)), (row, column)
    # the split screen keeps the full screen's 192 rows (Atari OS layout): row 160 lies
    # under the window, row 192 is off the screen
    atari.poke(0x54, 160)
    assert cio(atari, 6, 11, data=1)[0] == 1, "hidden by the window, but there"
    atari.poke(0x54, 192)
    assert cio(atari, 6, 11, data=1)[0] == 141, "below the full screen"
    assert atari.peek_word(0x0294) == savmsc + 7696, "the window after the full screen's memory"


def test_graphics_3_pixels_have_two_bits(kit) -> None:
    atari, _ = fresh(kit)
    assert open_device(atari, 6, "S:", 4 + 8 + 16 + 32, 3) == 1
    savmsc = atari.peek_word(0x58)
    for column, colour in ((0, 1), (1, 2), (2, 3), (3, 1)):
        atari.poke(0x54, 5)
        atari.poke_word(0x55, column)
        cio(atari, 6, 11, data=colour)
    assert atari.peek(savmsc + 5 * 10) == 0b01101101
    atari.poke_word(0x55, 2)
    assert cio(atari, 6, 7)[1] == 3, "GET reads the pixel (LOCATE)"


def test_printing_in_a_full_screen_graphics_mode_returns_to_graphics_0(kit) -> None:
    atari, _ = fresh(kit)
    assert open_device(atari, 6, "S:", 12, 7) == 1
    assert atari.peek(0x02BF) == 0
    assert put_text(atari, b"BACK") == 1
    assert atari.peek(0x57) == 0 and atari.peek(0x02BF) == 24
    atari.run_frames(1)  # the new display list reaches ANTIC in the vertical blank
    assert rows(atari)[0].startswith("  BACK")


def test_bad_graphics_mode(kit) -> None:
    atari, _ = fresh(kit)
    assert open_device(atari, 6, "S:", 12, 13) == 145


# -- SIO and the disk ------------------------------------------------------------------------------------------


def dskinv(atari: HeadlessAtari, command: str, sector: int, buffer: int, unit: int = 1) -> int:
    atari.poke(0x0301, unit)
    atari.poke(0x0302, ord(command))
    atari.poke_word(0x0304, buffer)
    atari.poke_word(0x030A, sector)
    return atari.call(DSKINV)[2]


def test_dskinv_reads_and_writes_sectors_of_an_atr(kit, tmp_path: Path) -> None:
    atari, _ = fresh(kit)
    assert dskinv(atari, "R", 1, 0x4000) >= 128, "no disk in D1:"
    image = Atr.blank(720)
    image.write_sector(5, bytes(range(128)))
    path = tmp_path / "disk.atr"
    image.save(path)
    atari.insert_disk(1, path)
    assert dskinv(atari, "R", 5, 0x4000) == 1
    assert atari.peek_bytes(0x4000, 128) == bytes(range(128))
    for offset in range(128):
        atari.poke(0x4100 + offset, 255 - offset)
    assert dskinv(atari, "W", 6, 0x4100) == 1
    assert Atr.load(path).read_sector(6) == bytes(255 - i for i in range(128))
    assert dskinv(atari, "S", 0, 0) == 1
