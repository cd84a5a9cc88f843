"""Helpers for the emulator tests: tiny test ROMs assembled with Ophis, a bare CPU.

The test OS ("mini OS") is a few dozen 6502 instructions: it shows a 24-line
ANTIC mode 2 screen at $4000 with a font at $E000, counts VBIs and DLIs, puts
keys from the keyboard IRQ into CH and collects them at $0600, and has a SIOV
entry ($E459 JMP) for the SIO patch.  It is not the project's OS (asm/os/).
"""

from __future__ import annotations

import subprocess
import sys
from functools import cache
from pathlib import Path

from emulator.cpu import AtariCPU

OPHIS = Path(sys.executable).with_name("ophis")

SCREEN = 0x4000
KEYS = 0x0600          # keys collected by the mini OS's main loop
KEY_COUNT = 0x0680
VBI_COUNT = 0x0681     # 16-bit
DLI_COUNT = 0x0683
VBI_CYCLE_LOG = 0x0700  # not used by the ROM; tests record cycles from Python
DISPLAY_LIST = 0xF000


def plain_cpu(memory: bytearray, core: str | None = None) -> AtariCPU:
    """A CPU (``core``: "python", "compiled" or the default) whose I/O page acts like RAM, so it
    must act exactly like py65 or a model with flat memory; no "empty memory" jam."""
    def io_read(addr: int) -> int:
        return memory[addr]

    def write_special(addr: int, value: int) -> int:
        memory[addr] = value
        return 0

    writable = bytearray([1] * 256)
    for page in range(0xD0, 0xD8):
        writable[page] = 0
    cpu = AtariCPU(memory, io_read, write_special, writable, core=core)
    cpu.jam_on_empty_memory = False
    return cpu


def sample_font() -> bytes:
    """A deterministic 1 KiB font (128 glyphs x 8 rows) that is not a real character set."""
    return bytes(((code * 37 + row * 11) ^ (code << 1) ^ (row * 3)) & 0xFF for code in range(128) for row in range(8))


def _byte_lines(data: bytes) -> str:
    return "\n".join(
        "    .byte " + ", ".join(f"${b:02X}" for b in data[i:i + 16]) for i in range(0, len(data), 16)
    )


MINI_OS = """
.alias CH      $02FC
.alias DMACTL  $D400
.alias CHBASE  $D409
.alias DLISTL  $D402
.alias DLISTH  $D403
.alias NMIEN   $D40E
.alias NMIST   $D40F
.alias NMIRES  $D40F
.alias KBCODE  $D209
.alias IRQEN   $D20E
.alias COLPF1  $D017
.alias COLPF2  $D018
.alias COLBK   $D01A

.org $C000
reset:
    sei
    cld
    ldx #$FF
    txs
    lda #$FF
    sta CH
    lda #<dlist
    sta DLISTL
    lda #>dlist
    sta DLISTH
    lda #$E0
    sta CHBASE
    lda #$0C
    sta COLPF1
    lda #$94
    sta COLPF2
    lda #$00
    sta COLBK
    lda #$22
    sta DMACTL
    lda #$40
    sta IRQEN
    lda #$C0
    sta NMIEN
    cli
wait:
    lda CH
    cmp #$FF
    beq wait
    ldx $0680
    sta $0600,x
    inc $0680
    lda #$FF
    sta CH
    jmp wait

nmi:
    bit NMIST
    bpl vbi
    inc $0683
    sta NMIRES
    rti
vbi:
    inc $0681
    bne +
    inc $0682
*   sta NMIRES
    rti

irq:
    pha
    lda KBCODE
    sta CH
    lda #$00
    sta IRQEN
    lda #$40
    sta IRQEN
    pla
    rti

sio_routine:
    ldy #$8A            ; never runs when the SIO patch is active
    rts

.advance $E000, $00
FONT
.advance $E459, $00
    jmp sio_routine

.advance $F000, $00
dlist:
    .byte $70, $70, $70, $42, $00, $40
    .byte $02, $02, $02, $02, $02, $02, $02, $02, $02, $02, $02
    .byte $02, $02, $02, $02, $02, $02, $02, $02, $02, $02, $02, $02
    .byte $41
    .word dlist

.advance $FFFA, $FF
.word nmi, reset, irq
"""


def assemble(source: str, tmp_dir: Path, name: str = "rom") -> bytes:
    """Assemble Ophis source; returns the binary."""
    src = tmp_dir / f"{name}.oph"
    out = tmp_dir / f"{name}.bin"
    src.write_text(source)
    result = subprocess.run([str(OPHIS), "-q", "-o", str(out), str(src)], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(result.stdout + result.stderr)
    return out.read_bytes()


@cache
def mini_os_rom() -> bytes:
    """The 16 KiB mini OS image (assembled once per test session)."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        return assemble(MINI_OS.replace("FONT", _byte_lines(sample_font())), Path(tmp), "minios")


def rom_with_code(code: str) -> bytes:
    """A 16 KiB ROM whose RESET runs ``code`` (Ophis source) at $C000; NMI/IRQ just RTI."""
    import tempfile

    source = (
        ".org $C000\nreset:\n" + code + "\nnmi_irq:\n    rti\n"
        ".advance $FFFA, $FF\n.word nmi_irq, reset, nmi_irq\n"
    )
    with tempfile.TemporaryDirectory() as tmp:
        return assemble(source, Path(tmp), "code")


def idle_rom() -> bytes:
    """A 16 KiB OS image whose RESET loops at $C000 (NOP / JMP $C000): the chips' registers
    are the test's to set through the machine, nothing else touches them."""
    rom = bytearray(0x4000)
    rom[0:4] = b"\xEA\x4C\x00\xC0"
    rom[0x3FFC:0x3FFE] = b"\x00\xC0"
    return bytes(rom)
