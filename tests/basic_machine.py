"""An emulated Atari with the free BASIC cartridge, for the BASIC editor's tests.

Two interim measures keep the tests honest until other parts land on main, and each
goes away by itself:

* The OS does not switch BASIC on yet (PORTB bit 1, issue 9 "basic-emu"): while
  ``_os_enables_basic()`` is False the PIA's PORTB output reaches the memory map with
  bit 1 cleared, as if BASIC were enabled the XL way.
* The OS has no math pack yet (issue 8): while ``asm/os`` has no math pack source,
  AFP, FASC, IFP and FPI at their documented addresses are emulator traps running
  the project's Python model of the math pack (host/atari_fp.py).
"""

from __future__ import annotations

from pathlib import Path

from emulator.cpu import TRAP_OPCODE, AtariCPU
from emulator.headless import HeadlessAtari
from host import atari_fp

REPO = Path(__file__).resolve().parents[1]
BASIC_ROM = REPO / "roms" / "surround-basic.rom"

LOMEM, VNTP, VNTD, VVTP, STMTAB, STMCUR, STARP, RUNSTK, BMEMTOP = range(0x80, 0x92, 2)
FR0, CIX, INBUFF, LBUFF = 0xD4, 0xF2, 0xF3, 0x0580
AFP, FASC, IFP, FPI = 0xD800, 0xD8E6, 0xD9AA, 0xD9D2
MEMTOP_OS = 0x02E5


def _os_has_math_pack() -> bool:
    return (REPO / "asm" / "os" / "mathpack.s").exists()


def _os_enables_basic() -> bool:
    return "BASICF" in (REPO / "asm" / "os" / "reset.s").read_text() and "BASIC stays off" not in (
        REPO / "asm" / "os" / "reset.s"
    ).read_text()


class BasicAtari:
    """HeadlessAtari booted into the free BASIC, with helpers to type and inspect."""

    def __init__(self, seed: int = 0) -> None:
        self.atari = HeadlessAtari(basic_rom=BASIC_ROM.read_bytes(), seed=seed)
        machine = self.atari.machine
        if not _os_enables_basic():
            memory = machine.memory
            machine.pia.portb_changed = lambda value: memory.set_portb(value & ~0x02)
            memory.set_portb(memory.portb & ~0x02)
        if not _os_has_math_pack():
            self._install_math_pack_model()
        assert self.atari.boot(), "BASIC did not reach READY"

    # -- the Python math pack stand-in ---------------------------------------------------

    def _install_math_pack_model(self) -> None:
        """Traps at AFP, FASC, IFP, FPI.  The OS keeps other code there for now, so a
        trap acts as the math pack only when it was called from the BASIC ROM; otherwise
        the OS's own instruction runs."""
        machine = self.atari.machine
        for address, handler in ((AFP, self._afp), (FASC, self._fasc), (IFP, self._ifp), (FPI, self._fpi)):
            original = machine.memory.os_rom[address - 0xC000]
            machine.memory.add_patch(address, TRAP_OPCODE)
            machine.cpu.traps[address] = self._only_from_basic(address, original, handler)

    def _only_from_basic(self, address: int, original: int, handler):
        machine = self.atari.machine

        def trap(cpu: AtariCPU) -> int:
            ram = machine.memory.ram
            sp = cpu.sp
            caller = ram[0x100 | ((sp + 1) & 0xFF)] | ram[0x100 | ((sp + 2) & 0xFF)] << 8
            if 0xA000 <= caller < 0xC000:
                return handler(cpu)
            ram[address] = original
            before = cpu.processorCycles
            cpu.step()
            ram[address] = TRAP_OPCODE
            return cpu.processorCycles - before

        return trap

    def _return(self, cpu: AtariCPU, carry: bool) -> int:
        ram = self.atari.machine.memory.ram
        cpu.p = (cpu.p & 0xFE) | int(carry)
        sp = cpu.sp
        low, high = ram[0x100 | ((sp + 1) & 0xFF)], ram[0x100 | ((sp + 2) & 0xFF)]
        cpu.sp = (sp + 2) & 0xFF
        cpu.pc = ((low | (high << 8)) + 1) & 0xFFFF
        return 40

    def _afp(self, cpu: AtariCPU) -> int:
        ram = self.atari.machine.memory.ram
        start = ram[INBUFF] | ram[INBUFF + 1] << 8
        text = bytes(ram[start : start + 256])
        index = ram[CIX]
        if index < len(text) and text[index] in b"+-" or not (
            text[index : index + 1].isdigit() or text[index : index + 1] == b"." or text[index : index + 1] == b" "
        ):
            return self._return(cpu, True)
        try:
            value, end = atari_fp.from_text(text, index)
        except atari_fp.FPError:
            return self._return(cpu, True)
        ram[FR0 : FR0 + 6] = value
        ram[CIX] = end & 0xFF
        return self._return(cpu, False)

    def _fasc(self, cpu: AtariCPU) -> int:
        ram = self.atari.machine.memory.ram
        offset, data = atari_fp.fasc_layout(bytes(ram[FR0 : FR0 + 6]))
        start = LBUFF + offset
        ram[start : start + len(data)] = data
        ram[INBUFF], ram[INBUFF + 1] = start & 0xFF, start >> 8
        return self._return(cpu, False)

    def _ifp(self, cpu: AtariCPU) -> int:
        ram = self.atari.machine.memory.ram
        ram[FR0 : FR0 + 6] = atari_fp.from_int(ram[FR0] | ram[FR0 + 1] << 8)
        return self._return(cpu, False)

    def _fpi(self, cpu: AtariCPU) -> int:
        ram = self.atari.machine.memory.ram
        try:
            number = atari_fp.to_int(bytes(ram[FR0 : FR0 + 6]))
        except atari_fp.FPError:
            return self._return(cpu, True)
        ram[FR0], ram[FR0 + 1] = number & 0xFF, number >> 8
        return self._return(cpu, False)

    # -- using it --------------------------------------------------------------------------

    def type(self, line: str, max_frames: int = 600) -> None:
        """Type one line and RETURN, then run until BASIC waits for the next line.

        (HeadlessAtari.type_text can see the keyboard loop before the OS has taken
        the RETURN key, so a few frames run before waiting for idle again.)
        """
        self.atari.type_text(line + "\n")
        self.atari.run_frames(3)
        if not self.atari.machine.run_until_idle(max_frames):
            raise AssertionError(f"BASIC did not come back within {max_frames} frames after {line!r}")

    def screen(self) -> list[str]:
        return self.atari.screen_text().split("\n")

    def word(self, address: int) -> int:
        return self.atari.peek_word(address)

    def pointers(self) -> dict[str, int]:
        names = ("LOMEM", "VNTP", "VNTD", "VVTP", "STMTAB", "STMCUR", "STARP", "RUNSTK", "MEMTOP")
        return {name: self.word(0x80 + 2 * i) for i, name in enumerate(names)}

    def statement_table(self) -> bytes:
        """The program's lines (without the immediate line)."""
        start = self.word(STMTAB)
        end = self.word(STARP)
        data = bytes(self.atari.peek_bytes(start, end - start))
        lines = bytearray()
        index = 0
        while index < len(data):
            number = data[index] | data[index + 1] << 8
            length = data[index + 2]
            if number >= 0x8000 or length == 0:
                break
            lines += data[index : index + length]
            index += length
        return bytes(lines)

    def variable_names(self) -> list[str]:
        start, end = self.word(VNTP), self.word(VNTD)
        names, current = [], ""
        for byte in self.atari.peek_bytes(start, end - start):
            current += chr(byte & 0x7F)
            if byte & 0x80:
                names.append(current)
                current = ""
        return names
