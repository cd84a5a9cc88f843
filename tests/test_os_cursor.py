"""The E: cursor follows outputs, as Atari's documents describe (Technical Reference Manual,
"Cursor Control"): a program that moves ROWCRS/COLCRS and then reads a line sees the cursor
where the last output left it until the first key is echoed at the new place; CRSINH takes
effect at the next output."""

from __future__ import annotations

from pathlib import Path

from emulator.headless import HeadlessAtari
from host.toolchain.assembler import assemble

PROGRAM = """
.alias ROWCRS $54
.alias COLCRS $55
.alias ICCOM  $0342
.alias ICBAL  $0344
.alias ICBAH  $0345
.alias ICBLL  $0348
.alias ICBLH  $0349
.alias CRSINH $02F0
.alias CIOV   $E456
        .word $FFFF, start, finish-1
.org $3000
start:  lda #{inhibit}
        sta CRSINH
        lda #10             ; POSITION 5,10 ...
        sta ROWCRS
        lda #5
        sta COLCRS
        lda #0
        sta COLCRS+1
        ldx #0              ; ... and GET RECORD from E:
        lda #5
        sta ICCOM
        lda #<buffer
        sta ICBAL
        lda #>buffer
        sta ICBAH
        lda #40
        sta ICBLL
        lda #0
        sta ICBLH
        jsr CIOV
        jmp start
buffer: .advance buffer+40, 0
finish:
"""


def run(tmp_path: Path, inhibit: int) -> HeadlessAtari:
    source = tmp_path / "cursor.s"
    source.write_text(PROGRAM.replace("{inhibit}", str(inhibit)))
    assemble(source, tmp_path / "cursor.xex")
    atari = HeadlessAtari(seed=1)
    atari.boot()                                  # the memo pad waits, its cursor drawn
    assert atari.load_xex(tmp_path / "cursor.xex")
    return atari


def inverse_cells(atari: HeadlessAtari) -> set[tuple[int, int]]:
    return {(row, col) for row, codes in enumerate(atari.screen_codes()) for col, code in enumerate(codes)
            if code & 0x80}


def test_the_cursor_stays_until_the_first_key_is_echoed(tmp_path: Path) -> None:
    before = HeadlessAtari(seed=1)
    before.boot()
    memo_cursor = inverse_cells(before)
    assert len(memo_cursor) == 1
    atari = run(tmp_path, inhibit=0)
    assert inverse_cells(atari) == memo_cursor, "waiting for the first key: the cursor has not moved"
    atari.type_text("A")
    text = atari.screen_text().splitlines()
    assert text[10][5] == "A" and inverse_cells(atari) == {(10, 6)}, "echoed at 10,5, cursor after it"


def test_crsinh_takes_effect_at_the_next_output(tmp_path: Path) -> None:
    atari = run(tmp_path, inhibit=1)
    assert len(inverse_cells(atari)) == 1, "CRSINH alone changes nothing on the screen"
    atari.type_text("A")
    assert atari.screen_text().splitlines()[10][5] == "A"
    assert inverse_cells(atari) == set(), "after the echo (an output) no cursor is drawn"
