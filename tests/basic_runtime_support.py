"""Run tokenized BASIC programs on the free BASIC's runtime in the headless emulator.

`BasicRunner.run(source)` boots the free OS with the freshly built BASIC cartridge, tokenizes
the listing with the host's tokenizer (host/atari/basic), lays the program out in memory exactly
as Atari BASIC keeps it (variable name table at VNTP, value
table at VVTP, statement table at STMTAB ending in the immediate line, string/array area and
run-time stack above), points STMCUR at the immediate line ("RUN" unless told otherwise) and
jumps to the runtime's EXECUTE.  When BASIC is back at READY it returns what the program
printed (the screen rows between the boot READY and the final READY).

The floating point is the OS ROM's own math pack ($D800-$DFFF), as on a real Atari.
"""

from __future__ import annotations

from pathlib import Path

from emulator.headless import HeadlessAtari
from host.atari import fp as atari_fp
from host.atari.basic.program import Program, enter_listing
from host.toolchain.assembler import label_map
from host.toolchain.targets import build_basic, build_os

REPO = Path(__file__).resolve().parents[1]
FR0, FR1, CIX, INBUFF, FLPTR, LBUFF = 0xD4, 0xE0, 0xF2, 0xF3, 0xFC, 0x0580
LOMEM, VNTP, VNTD, VVTP, STMTAB, STMCUR, STARP, RUNSTK, BMEMTOP = (
    0x80, 0x82, 0x84, 0x86, 0x88, 0x8A, 0x8C, 0x8E, 0x90)
APPMHI = 0x0E
SAVMSC, ROWCRS, COLCRS, LMARGN, BRKKEY = 0x58, 0x54, 0x55, 0x52, 0x11


class Images:
    """The ROMs built once per test session, with their label maps."""

    def __init__(self, directory: Path) -> None:
        self.os_rom = build_os(REPO, rom=directory / "os.rom", build_dir=directory).read_bytes()
        self.os_labels = label_map(directory / "os.map")
        self.basic_rom = build_basic(REPO, rom=directory / "basic.rom", build_dir=directory).read_bytes()
        self.basic_labels = label_map(directory / "basic.map")


# -- laying a program out and running it ---------------------------------------------------

class BasicRunner:
    """One emulated Atari with the free BASIC, ready to run test programs."""

    def __init__(self, images: Images) -> None:
        self.images = images
        self.atari = HeadlessAtari(os_rom=images.os_rom, basic_rom=images.basic_rom)
        if not self.atari.boot():
            raise RuntimeError("the free BASIC did not reach READY")
        self.clear_screen()

    def clear_screen(self) -> None:
        """Blank the text screen and put the cursor home (output then starts in row 0)."""
        atari = self.atari
        screen = atari.peek_word(SAVMSC)
        for offset in range(40 * 24):
            atari.poke(screen + offset, 0)
        atari.poke(ROWCRS, 0)
        atari.poke_word(COLCRS, atari.peek(LMARGN))

    def label(self, name: str) -> int:
        return self.images.basic_labels[name.lower()]

    def _rows(self) -> list[str]:
        return [row[2:].rstrip() for row in self.atari.screen_text().split("\n")]

    def load(self, program: Program) -> int:
        """Write the tables into memory; return the immediate line's address."""
        atari = self.atari
        lomem = atari.peek_word(LOMEM)
        vntp = lomem + 0x100
        vnt, vvt = program.vnt_bytes(), program.vvt_bytes()
        vvtp = vntp + len(vnt)
        stmtab = vvtp + len(vvt)
        statements = program.statement_table() + program.immediate
        starp = stmtab + len(statements)
        immediate = starp - len(program.immediate)
        data = vnt + vvt + statements
        for offset, byte in enumerate(data):
            atari.poke(vntp + offset, byte)
        for pointer, value in ((VNTP, vntp), (VNTD, vvtp - 1), (VVTP, vvtp), (STMTAB, stmtab),
                               (STMCUR, immediate), (STARP, starp), (RUNSTK, starp),
                               (BMEMTOP, starp), (APPMHI, starp)):
            atari.poke_word(pointer, value)
        return immediate

    def run(self, source: str, immediate: str = "RUN", max_frames: int = 600, keys: str = "",
            break_after_frames: int = 0) -> list[str]:
        """Run ``source``; the rows it printed (without the left margin).  ``keys`` are typed
        when the program waits for input; ``break_after_frames`` presses BREAK (the OS's
        keyboard IRQ clears BRKKEY) after that many frames."""
        program = enter_listing(source)
        program.enter_line(immediate)
        self.clear_screen()
        self.load(program)
        machine = self.atari.machine
        machine.start_program(self.label("EXECUTE"))
        if break_after_frames:
            self.atari.run_frames(break_after_frames)
            self.atari.poke(BRKKEY, 0)
        if keys:
            self.atari.run_until_idle(max_frames)
            self.atari.type_text(keys)
        if not self.atari.run_until_idle(max_frames):
            raise TimeoutError("the program did not come back to READY")
        return self.output()

    def output(self) -> list[str]:
        rows = self._rows()
        first = 0  # the screen was cleared before the program started
        ends = [index for index, row in enumerate(rows) if row == "READY"]
        if not ends:
            raise AssertionError("no READY after the program:\n" + "\n".join(rows))
        last = ends[-1]
        out = rows[first:last]
        if out and out[-1] == "":
            out = out[:-1]  # the blank row READY puts before itself
        return out

    def variable(self, name: str) -> bytes:
        """The 8-byte value table entry of a variable, by its VNT name ("A", "B$", "C(")."""
        atari = self.atari
        names = []
        address = atari.peek_word(VNTP)
        current = ""
        while atari.peek(address) != 0:
            byte = atari.peek(address)
            current += chr(byte & 0x7F)
            if byte & 0x80:
                names.append(current)
                current = ""
            address += 1
        index = names.index(name)
        return atari.peek_bytes(atari.peek_word(VVTP) + 8 * index, 8)

    def number(self, name: str):
        return atari_fp.to_decimal(self.variable(name)[2:])
