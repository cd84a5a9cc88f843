"""Page $D7: where the emulator keeps its own 6502-visible bytes, and one allocator for them.

$D700-$D7FF lies in the I/O area but no chip answers there on an XL (Mapping the Atari:
$D500-$D7FF are unused), so the emulator uses it for code that only it runs: emulator traps
(opcode $02, see emulator/cpu.py) whose Python functions do the work, and small tables that
point at them (a CIO handler's vector table). Reads of the page return these bytes where one
was allocated and $FF elsewhere; writes are ignored, as for ROM.

Every user asks the one ``TrapPage`` of a machine for its bytes, so no two can overlap and
no address is placed by hand in more than one file:

* the machine: CALL_RETURN (a host ``call``'s RTS lands there) and PROGRAM_EXIT (a started
  program's RTS continues at DOSVEC), allocated first, so at fixed addresses;
* the H: device: its vector table and one trap per CIO routine (emulator/hdevice.py).
"""

from __future__ import annotations

from collections.abc import Callable

from emulator.errors import EmulatorError

PAGE = 0xD700
PAGE_END = 0xD800
TRAP_OPCODE = 0x02
UNALLOCATED = 0xFF


class TrapPage:
    """Hands out bytes of page $D7 in order and answers reads of the page."""

    def __init__(self, ram: bytearray) -> None:
        self.ram = ram
        self.next_free = PAGE
        self.owners: dict[int, str] = {}  # first address -> who asked for the bytes
        self.contents: dict[int, int] = {}  # the bytes put into the page, kept over a RAM clear

    def allocate(self, size: int, owner: str) -> int:
        """Reserve ``size`` bytes for ``owner``; returns the first address."""
        if size <= 0 or self.next_free + size > PAGE_END:
            raise EmulatorError(f"page $D7 is full: cannot give {owner} {size} bytes")
        address = self.next_free
        self.next_free += size
        self.owners[address] = owner
        return address

    def allocate_traps(self, count: int, owner: str) -> list[int]:
        """Reserve ``count`` trap bytes (opcode $02 each); returns their addresses."""
        first = self.allocate(count, owner)
        self.put(first, bytes([TRAP_OPCODE] * count))
        return list(range(first, first + count))

    def put(self, address: int, data: bytes) -> None:
        """Put ``data`` into allocated bytes of the page."""
        if not (PAGE <= address and address + len(data) <= self.next_free):
            raise EmulatorError(f"${address:04X}: not allocated in page $D7")
        for offset, byte in enumerate(data):
            self.contents[address + offset] = byte
            self.ram[address + offset] = byte

    def restore(self) -> None:
        """Write the page's bytes again (after the machine cleared its RAM at power-on)."""
        for address, byte in self.contents.items():
            self.ram[address] = byte

    def reader(self) -> Callable[[int], int]:
        """The I/O read function for page $D7."""
        ram, end = self.ram, self
        def read(addr: int) -> int:
            return ram[addr] if PAGE <= addr < end.next_free else UNALLOCATED
        return read
