"""The XL/XE memory map: 64 KiB RAM, ROM overlays switched by PORTB, the I/O page.

The CPU indexes ``Memory.ram`` (a bytearray) directly, so ``ram`` always holds
what the CPU currently sees:

* When a ROM is switched on, the RAM underneath is saved aside and the ROM's
  bytes are copied into ``ram``; its pages are marked read-only in
  ``writable`` (writes to them are ignored, as on the real machine).  When the
  ROM is switched off the saved RAM comes back, so RAM under ROM is preserved.
* $D000-$D7FF is always the I/O page: reads go to ``io_read`` (the CPU checks
  the address range) and writes to ``write_special``; ``ram`` bytes there are
  never used as data (the emulator keeps its trap opcodes there).

XL map (``PORTB`` = $D301, as the PIA outputs it):

=============  =========================================  =================
region         contents                                   switched by
=============  =========================================  =================
$5000-$57FF    self-test ROM (OS image $1000-$17FF)        bit 7 = 0 and OS on
$A000-$BFFF    BASIC ROM (8 KiB image, optional)          bit 1 = 0
$C000-$CFFF    OS ROM (image $0000-$0FFF)                 bit 0 = 1
$D000-$D7FF    I/O: GTIA $D0, POKEY $D2, PIA $D3, ANTIC $D4 always
$D800-$FFFF    OS ROM (image $1800-$3FFF)                 bit 0 = 1
=============  =========================================  =================
"""

from __future__ import annotations

from collections.abc import Callable

OS_ROM_SIZE = 0x4000
BASIC_ROM_SIZE = 0x2000
IO_START, IO_END = 0xD000, 0xD800

PORTB_OS_ON = 0x01
PORTB_BASIC_OFF = 0x02
PORTB_SELFTEST_OFF = 0x80

IoRead = Callable[[int], int]
IoWrite = Callable[[int, int], "int | None"]


def _unmapped_read(addr: int) -> int:
    return 0xFF


def _unmapped_write(addr: int, value: int) -> int:
    return 0


class Memory:
    """64 KiB of RAM as the CPU sees it, with ROM overlays and I/O dispatch."""

    def __init__(self) -> None:
        self.ram = bytearray(0x10000)
        self.writable = bytearray([1] * 256)
        for page in range(IO_START >> 8, IO_END >> 8):
            self.writable[page] = 0
        self.io_readers: list[IoRead] = [_unmapped_read] * 8
        self.io_writers: list[IoWrite] = [_unmapped_write] * 8
        self.os_rom: bytes | None = None
        self.basic_rom: bytes | None = None
        self.patches: dict[int, int] = {}  # address -> byte placed over ROM copies (emulator traps)
        self._saved_ram: dict[int, bytes] = {}  # region start -> RAM hidden under a ROM
        self.portb = 0xFF

    # -- wiring -----------------------------------------------------------------

    def attach_io(self, page: int, read: IoRead, write: IoWrite) -> None:
        """Connect a chip to I/O page $D0pp (page 0..7); mirrors fill the page."""
        self.io_readers[page & 7] = read
        self.io_writers[page & 7] = write

    def io_read(self, addr: int) -> int:
        """Read an I/O register ($D000-$D7FF)."""
        return self.io_readers[(addr >> 8) & 7](addr)

    def write_special(self, addr: int, value: int) -> int:
        """A CPU write to a non-RAM page: I/O goes to its chip, ROM ignores it."""
        if IO_START <= addr < IO_END:
            return self.io_writers[(addr >> 8) & 7](addr, value) or 0
        return 0

    # -- ROMs and banking --------------------------------------------------------

    def install_roms(self, os_rom: bytes | None, basic_rom: bytes | None) -> None:
        """Set the ROM images (sizes checked by the caller) and map them for PORTB=$FF."""
        self._unmap_all()
        self.os_rom = os_rom
        self.basic_rom = basic_rom
        self.portb = 0xFF
        self.set_portb(0xFF, force=True)

    def _regions(self) -> list[tuple[int, int, bytes | None, bool]]:
        """(start, end, image slice, enabled) for every switchable region at the current PORTB."""
        os_on = bool(self.portb & PORTB_OS_ON) and self.os_rom is not None
        rom = self.os_rom
        basic_on = not (self.portb & PORTB_BASIC_OFF) and self.basic_rom is not None
        selftest_on = os_on and not (self.portb & PORTB_SELFTEST_OFF)
        return [
            (0x5000, 0x5800, rom[0x1000:0x1800] if rom else None, selftest_on),
            (0xA000, 0xC000, self.basic_rom, basic_on),
            (0xC000, 0xD000, rom[0x0000:0x1000] if rom else None, os_on),
            (0xD800, 0x10000, rom[0x1800:0x4000] if rom else None, os_on),
        ]

    def set_portb(self, value: int, force: bool = False) -> None:
        """Apply a new PORTB output value: switch ROMs in or out."""
        self.portb = value & 0xFF
        for start, end, image, enabled in self._regions():
            was_enabled = start in self._saved_ram
            if enabled and not was_enabled:
                self._map_rom(start, end, image)
            elif not enabled and was_enabled:
                self._unmap_rom(start, end)
            elif enabled and force:
                self._map_rom(start, end, image)

    def _map_rom(self, start: int, end: int, image: bytes | None) -> None:
        assert image is not None and len(image) == end - start
        if start not in self._saved_ram:
            self._saved_ram[start] = bytes(self.ram[start:end])
        self.ram[start:end] = image
        for addr, byte in self.patches.items():
            if start <= addr < end:
                self.ram[addr] = byte
        for page in range(start >> 8, end >> 8):
            self.writable[page] = 0

    def _unmap_rom(self, start: int, end: int) -> None:
        self.ram[start:end] = self._saved_ram.pop(start)
        for page in range(start >> 8, end >> 8):
            self.writable[page] = 1

    def _unmap_all(self) -> None:
        for start, end, _, _ in self._regions():
            if start in self._saved_ram:
                self._unmap_rom(start, end)

    def rom_enabled_at(self, addr: int) -> bool:
        """True if a ROM (not RAM, not I/O) is visible at ``addr``."""
        return not self.writable[addr >> 8] and not (IO_START <= addr < IO_END)

    def add_patch(self, addr: int, byte: int) -> None:
        """Place ``byte`` over the ROM copy at ``addr`` (now and whenever the ROM is mapped in)."""
        self.patches[addr] = byte
        if self.rom_enabled_at(addr):
            self.ram[addr] = byte

    def remove_patch(self, addr: int) -> None:
        """Take a patch away: the ROM's own byte shows again (if the ROM is mapped in)."""
        self.patches.pop(addr, None)
        if self.rom_enabled_at(addr) and self.os_rom is not None and addr >= 0xC000:
            self.ram[addr] = self.os_rom[addr - 0xC000]

    def clear_ram(self) -> None:
        """Zero all RAM, including RAM hidden under ROMs (a deterministic power-on)."""
        self._unmap_all()
        self.ram[:] = bytes(0x10000)
        self.set_portb(self.portb, force=True)

    # -- host access ---------------------------------------------------------------

    def read(self, addr: int) -> int:
        """A byte as the CPU would read it (I/O registers included)."""
        addr &= 0xFFFF
        if IO_START <= addr < IO_END:
            return self.io_read(addr)
        return self.ram[addr]

    def write(self, addr: int, value: int) -> int:
        """Store a byte as the CPU would; returns the chip's extra cycles (normally 0)."""
        addr &= 0xFFFF
        if self.writable[addr >> 8]:
            self.ram[addr] = value & 0xFF
            return 0
        return self.write_special(addr, value & 0xFF)
