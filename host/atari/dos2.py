"""Atari DOS 2.0S file system on ATR images (and DOS 2.5's enhanced density).

The layout, as documented in "Mapping the Atari" (Appendix 11), Bill Wilkinson's
"Inside Atari DOS" (chapter 2) and the Atari DOS 2.0S / 2.5 reference manuals:

======== =====================================================================
sector   use
======== =====================================================================
1-3      boot sectors (the boot header: flags, sector count, load address,
         init address; then the boot code)
4-359    data
360      VTOC: byte 0 DOS code (2), bytes 1-2 the number of sectors a file
         may use (707 single, 1010 enhanced), bytes 3-4 the free ones (on
         enhanced density only those below 720), bytes 10-99 the bitmap of
         sectors 0-719: bit 7 of byte 10 is sector 0, a set bit is free
361-368  directory: 8 entries of 16 bytes a sector, 64 files
369-719  data
720      unused (DOS numbers sectors 0-719 in its bitmap; there is no sector 0)
721-1023 data, enhanced density (DOS 2.5) only
1024     enhanced density: VTOC2: bytes 0-83 repeat the bitmap of sectors
         48-719, bytes 84-121 the bitmap of sectors 720-1023, bytes 122-123
         the free sectors above 719 (720 itself is marked in use)
======== =====================================================================

A directory entry: byte 0 flags ($00 never used - the search stops there,
$80 deleted, $40 in use, $20 locked, $02 created by DOS 2, $01 open for
output; a normal file is $42), bytes 1-2 its sector count, bytes 3-4 its first
sector, bytes 5-12 the name and 13-15 the extension, padded with spaces.

A data sector: bytes 0-124 data, byte 125 the file number (the directory
index 0-63) in bits 7-2 and bits 9-8 of the next sector in bits 1-0, byte 126
the low byte of the next sector (0: the last sector), byte 127 the number of
data bytes in the sector (0-125).  DOS allocates the lowest free sector first.

Everything that reads an image checks what it reads: a broken image gives a
SurroundError naming the image and the problem.  Images are written only by
``save`` (atomically, through emulator.atr).
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from pathlib import Path

from emulator.atr import Atr
from emulator.errors import EmulatorError
from host.errors import SurroundError

VTOC_SECTOR = 360
DIRECTORY_SECTORS = range(361, 369)
VTOC2_SECTOR = 1024
ENTRIES_PER_SECTOR = 8
ENTRY_SIZE = 16
MAX_FILES = len(DIRECTORY_SECTORS) * ENTRIES_PER_SECTOR  # 64
DATA_BYTES = 125
SECTOR_SIZE = 128
DOS_CODE = 2

FLAG_OPEN_OUTPUT = 0x01
FLAG_DOS2 = 0x02
FLAG_LOCKED = 0x20
FLAG_IN_USE = 0x40
FLAG_DELETED = 0x80
FLAG_FILE = FLAG_IN_USE | FLAG_DOS2  # $42

BOOT_SECTORS = (1, 2, 3)


@dataclass(frozen=True)
class Geometry:
    """A DOS 2 disk format: its sector count, the sectors DOS may use, the size of its bitmap."""

    name: str
    sectors: int
    usable: int             # VTOC bytes 1-2
    mapped: int             # sectors 0 .. mapped-1 have a bitmap bit
    vtoc2: bool

    def reserved(self) -> set[int]:
        """Sectors with a bitmap bit that no file may use."""
        held = {0, *BOOT_SECTORS, VTOC_SECTOR, *DIRECTORY_SECTORS}
        if self.vtoc2:
            held.add(720)  # DOS 2.5 marks 720 in use on a new disk
        return held


SINGLE = Geometry("single", 720, 707, 720, False)
ENHANCED = Geometry("enhanced", 1040, 1010, 1024, True)
GEOMETRIES = {geometry.name: geometry for geometry in (SINGLE, ENHANCED)}

_NAME_CHARS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")


def split_name(name: str, image: str = "name") -> tuple[str, str]:
    """'surround.blk' -> ('SURROUND', 'BLK'): a DOS 2 file name, checked and in capitals.

    A name is one to eight letters or digits beginning with a letter, an
    optional extension of up to three (DOS 2.0S reference manual, "file names").
    """
    text = name.strip().upper()
    if text[:3] in ("D1:", "D2:", "D3:", "D4:") or text[:2] == "D:":
        text = text.split(":", 1)[1]
    base, dot, extension = text.partition(".")
    problem = None
    if not 1 <= len(base) <= 8:
        problem = "the name needs 1 to 8 characters"
    elif not base[0].isalpha() or not set(base) <= _NAME_CHARS:
        problem = "the name must be letters and digits, beginning with a letter"
    elif len(extension) > 3 or not set(extension) <= _NAME_CHARS or "." in extension:
        problem = "the extension must be up to 3 letters or digits"
    if problem:
        raise SurroundError(f"{image}: {name!r} is not a DOS 2 file name ({problem})")
    return base, extension


def wildcard_template(text: str, image: str = "name") -> str:
    """A name with wildcards as the 11 characters DOS compares: 'A*.B?' -> 'A???????B? '.

    '*' fills the rest of its part with '?'; '*' alone (no dot) also means any extension."""
    body = text.strip().upper()
    if ":" in body[:3]:
        body = body.split(":", 1)[1]
    base, dot, extension = body.partition(".")

    def part(chars: str, width: int) -> str:
        out = ""
        for ch in chars:
            if ch == "*":
                return (out + "?" * width)[:width]
            out += ch
        if len(out) > width or not set(out) <= _NAME_CHARS | {"?"}:
            raise SurroundError(f"{image}: {text!r} is not a DOS 2 file name pattern")
        return out.ljust(width)

    extension_part = part(extension, 3) if dot else ("???" if base.startswith("*") else "   ")
    return part(base, 8) + extension_part


def display_name(base: str, extension: str) -> str:
    return f"{base}.{extension}" if extension else base


@dataclass
class DirectoryEntry:
    """One used directory entry."""

    index: int
    flags: int
    sector_count: int
    start: int
    base: str
    extension: str

    @property
    def name(self) -> str:
        return display_name(self.base, self.extension)

    @property
    def locked(self) -> bool:
        return bool(self.flags & FLAG_LOCKED)

    def to_bytes(self) -> bytes:
        return (bytes((self.flags, self.sector_count & 0xFF, self.sector_count >> 8,
                       self.start & 0xFF, self.start >> 8))
                + self.base.ljust(8).encode("ascii") + self.extension.ljust(3).encode("ascii"))


class Dos2Disk:
    """A DOS 2 file system on an ATR image held in memory."""

    def __init__(self, atr: Atr, geometry: Geometry, name: str) -> None:
        self.atr = atr
        self.geometry = geometry
        self.name = name

    # -- opening and creating -------------------------------------------------------------

    @classmethod
    def new(cls, density: str = "single", path: str | Path | None = None, boot: bytes | None = None) -> Dos2Disk:
        """A freshly formatted disk: empty directory, VTOC with every data sector free.

        ``boot`` (up to 384 bytes) goes into sectors 1-3; without it they stay zero.
        """
        geometry = GEOMETRIES.get(density)
        if geometry is None:
            raise SurroundError(f"unknown density {density!r} (single or enhanced)")
        atr = Atr.blank(geometry.sectors, SECTOR_SIZE, path)
        disk = cls(atr, geometry, str(path) if path is not None else "<new disk>")
        vtoc = bytearray(SECTOR_SIZE)
        vtoc[0] = DOS_CODE
        vtoc[1:3] = geometry.usable.to_bytes(2, "little")
        disk._write_bitmap(vtoc, {s for s in range(geometry.mapped) if s not in geometry.reserved()})
        if boot is not None:
            disk.write_boot(boot)
        return disk

    @classmethod
    def from_atr(cls, atr: Atr) -> Dos2Disk:
        """Recognise the geometry of ``atr``; SurroundError if it is not a DOS 2 disk."""
        if atr.sector_size != SECTOR_SIZE:
            raise SurroundError(f"{atr.name}: {atr.sector_size}-byte sectors (only 128-byte DOS 2 disks are supported)")
        for geometry in (SINGLE, ENHANCED):
            if atr.sector_count == geometry.sectors:
                return cls(atr, geometry, atr.name)
        raise SurroundError(f"{atr.name}: {atr.sector_count} sectors: not a DOS 2 disk (720 single or 1040 enhanced)")

    @classmethod
    def open(cls, path: str | Path) -> Dos2Disk:
        """Read an ATR file as a DOS 2 disk (its directory and VTOC are read on demand)."""
        try:
            atr = Atr.load(path)
        except EmulatorError as error:
            raise SurroundError(str(error)) from None
        disk = cls.from_atr(atr)
        disk.vtoc_header()  # the first thing every command needs; fails early on a non-DOS disk
        return disk

    def save(self, path: str | Path | None = None) -> None:
        """Write the image atomically."""
        try:
            self.atr.save(path)
        except OSError as error:
            raise SurroundError(f"{path or self.name}: cannot write ({error.strerror})") from None

    def _error(self, problem: str) -> SurroundError:
        return SurroundError(f"{self.name}: {problem}")

    # -- boot sectors ------------------------------------------------------------------------

    def write_boot(self, code: bytes) -> None:
        """Put ``code`` (at most 3 x 128 bytes) into the boot sectors 1-3."""
        if len(code) > len(BOOT_SECTORS) * SECTOR_SIZE:
            raise self._error(f"boot code of {len(code)} bytes does not fit into sectors 1-3 (384 bytes)")
        padded = code.ljust(len(BOOT_SECTORS) * SECTOR_SIZE, b"\x00")
        for i, sector in enumerate(BOOT_SECTORS):
            self.atr.write_sector(sector, padded[i * SECTOR_SIZE:(i + 1) * SECTOR_SIZE])

    # -- VTOC ----------------------------------------------------------------------------------

    def vtoc_header(self) -> tuple[int, int, int]:
        """(DOS code, usable sectors, free sectors as the VTOC counts them)."""
        vtoc = self.atr.read_sector(VTOC_SECTOR)
        if vtoc[0] != DOS_CODE:
            raise self._error(f"sector {VTOC_SECTOR}: DOS code {vtoc[0]}, not {DOS_CODE}: not a DOS 2 disk")
        usable = vtoc[1] | (vtoc[2] << 8)
        free = vtoc[3] | (vtoc[4] << 8)
        if self.geometry.vtoc2:
            vtoc2 = self.atr.read_sector(VTOC2_SECTOR)
            free += vtoc2[122] | (vtoc2[123] << 8)
        return vtoc[0], usable, free

    def free_count(self) -> int:
        """The free sectors the VTOC records (bytes 3-4, plus VTOC2's count on enhanced density)."""
        return self.vtoc_header()[2]

    def free_sectors(self) -> set[int]:
        """The sectors the VTOC's bitmap marks free."""
        vtoc = self.atr.read_sector(VTOC_SECTOR)
        free = {s for s in range(min(720, self.geometry.mapped)) if vtoc[10 + s // 8] & (0x80 >> (s % 8))}
        if self.geometry.vtoc2:
            vtoc2 = self.atr.read_sector(VTOC2_SECTOR)
            free |= {s for s in range(720, self.geometry.mapped)
                     if vtoc2[84 + (s - 720) // 8] & (0x80 >> (s % 8))}
        return free

    def _write_bitmap(self, vtoc: bytearray, free: set[int]) -> None:
        """Write the bitmap(s) and free counts for the set ``free`` into the VTOC (and VTOC2)."""
        vtoc[10:100] = bytes(90)
        for sector in free:
            if sector < 720:
                vtoc[10 + sector // 8] |= 0x80 >> (sector % 8)
        low = sum(1 for s in free if s < 720)
        vtoc[3:5] = low.to_bytes(2, "little")
        self.atr.write_sector(VTOC_SECTOR, bytes(vtoc))
        if self.geometry.vtoc2:
            vtoc2 = bytearray(SECTOR_SIZE)
            vtoc2[0:84] = vtoc[16:100]  # sectors 48-719 repeated
            for sector in free:
                if sector >= 720:
                    vtoc2[84 + (sector - 720) // 8] |= 0x80 >> (sector % 8)
            vtoc2[122:124] = (len(free) - low).to_bytes(2, "little")
            self.atr.write_sector(VTOC2_SECTOR, bytes(vtoc2))

    def _set_free(self, free: set[int]) -> None:
        self._write_bitmap(bytearray(self.atr.read_sector(VTOC_SECTOR)), free)

    # -- directory -------------------------------------------------------------------------------

    def _raw_entry(self, index: int) -> bytes:
        sector = DIRECTORY_SECTORS[index // ENTRIES_PER_SECTOR]
        offset = (index % ENTRIES_PER_SECTOR) * ENTRY_SIZE
        return self.atr.read_sector(sector)[offset:offset + ENTRY_SIZE]

    def _write_entry(self, index: int, raw: bytes) -> None:
        sector = DIRECTORY_SECTORS[index // ENTRIES_PER_SECTOR]
        offset = (index % ENTRIES_PER_SECTOR) * ENTRY_SIZE
        data = bytearray(self.atr.read_sector(sector))
        data[offset:offset + ENTRY_SIZE] = raw
        self.atr.write_sector(sector, bytes(data))

    def _entry(self, index: int) -> DirectoryEntry | None:
        """The entry ``index`` if it is in use; None if deleted; StopIteration-like None at the end."""
        raw = self._raw_entry(index)
        flags = raw[0]
        if not flags & FLAG_IN_USE or flags & FLAG_DELETED:
            return None
        try:
            base = raw[5:13].decode("ascii").rstrip(" ")
            extension = raw[13:16].decode("ascii").rstrip(" ")
        except UnicodeDecodeError:
            raise self._error(f"directory entry {index}: the name is not ASCII") from None
        if not base or not set(base + extension) <= _NAME_CHARS | {"?", "*", "_", "@"}:
            raise self._error(f"directory entry {index}: bad file name {raw[5:16]!r}")
        return DirectoryEntry(index, flags, raw[1] | (raw[2] << 8), raw[3] | (raw[4] << 8), base, extension)

    def entries(self) -> list[DirectoryEntry]:
        """The files, in directory order (DOS stops at the first entry that was never used)."""
        found: list[DirectoryEntry] = []
        for index in range(MAX_FILES):
            if self._raw_entry(index)[0] == 0:
                break
            entry = self._entry(index)
            if entry is not None:
                found.append(entry)
        return found

    def find(self, name: str) -> DirectoryEntry | None:
        base, extension = split_name(name, self.name)
        for entry in self.entries():
            if (entry.base, entry.extension) == (base, extension):
                return entry
        return None

    def matching(self, pattern: str = "*.*") -> list[DirectoryEntry]:
        """Entries whose name matches a DOS wildcard pattern ('*.*', 'SURR*.B?K')."""
        text = pattern.strip().upper()
        base_pattern, _, ext_pattern = text.partition(".")
        if not _:
            ext_pattern = "*" if base_pattern == "*" else ""
        return [e for e in self.entries()
                if fnmatch.fnmatchcase(e.base, base_pattern or "*") and fnmatch.fnmatchcase(e.extension, ext_pattern)]

    def rename(self, pattern: str, new_name: str) -> int:
        """Rename every file matching ``pattern``; a '?' (or '*') in ``new_name`` keeps the old
        character there (DOS 2.0S: "*.DAT,*.OLD").  Returns how many were renamed."""
        template = wildcard_template(new_name, self.name)
        entries = self.matching(pattern)
        if not entries:
            raise self._error(f"no file {pattern.upper()} (DOS error 170)")
        for entry in entries:
            if entry.locked:
                raise self._error(f"{entry.name} is locked (DOS error 167)")
            old = entry.base.ljust(8) + entry.extension.ljust(3)
            new = "".join(o if t == "?" else t for o, t in zip(old, template))
            base, extension = new[:8].rstrip(), new[8:].rstrip()
            if not base:
                raise self._error(f"{new_name!r} would leave {old.strip()} without a name (DOS error 165)")
            split_name(f"{base}.{extension}", self.name)  # the new name follows the DOS 2 rules too
            entry.base, entry.extension = base, extension
            self._write_entry(entry.index, entry.to_bytes())
        return len(entries)

    def set_locked(self, pattern: str, locked: bool) -> int:
        """Lock (flag $20) or unlock every file matching ``pattern``; returns how many."""
        entries = self.matching(pattern)
        if not entries:
            raise self._error(f"no file {pattern.upper()} (DOS error 170)")
        for entry in entries:
            entry.flags = entry.flags | FLAG_LOCKED if locked else entry.flags & ~FLAG_LOCKED
            self._write_entry(entry.index, entry.to_bytes())
        return len(entries)

    # -- file data -------------------------------------------------------------------------------

    def chain(self, entry: DirectoryEntry) -> list[tuple[int, bytes]]:
        """The sectors of a file with their data, every link checked."""
        sectors: list[tuple[int, bytes]] = []
        seen: set[int] = set()
        sector = entry.start
        while sector:
            where = f"{entry.name}: sector {sector}"
            if not self._data_sector(sector):
                raise self._error(f"{entry.name}: link to sector {sector}, outside the data sectors")
            if sector in seen:
                raise self._error(f"{where} appears twice: the sector chain is a loop")
            seen.add(sector)
            raw = self.atr.read_sector(sector)
            number = raw[125] >> 2
            if number != entry.index:
                raise self._error(f"{where} belongs to file number {number}, not {entry.index} (DOS error 164)")
            count = raw[127]
            if count > DATA_BYTES:
                raise self._error(f"{where} says it holds {count} bytes (at most {DATA_BYTES})")
            sectors.append((sector, raw[:count]))
            sector = ((raw[125] & 0x03) << 8) | raw[126]
        if not sectors:
            raise self._error(f"{entry.name}: starts at sector 0")
        return sectors

    def _data_sector(self, sector: int) -> bool:
        return 1 <= sector < self.geometry.mapped and sector not in self.geometry.reserved()

    def read(self, name: str) -> bytes:
        entry = self.find(name)
        if entry is None:
            raise self._error(f"no file {name.upper()} (DOS error 170)")
        return b"".join(data for _, data in self.chain(entry))

    def add(self, name: str, data: bytes) -> DirectoryEntry:
        """Write a file (replacing one of the same name unless it is locked)."""
        base, extension = split_name(name, self.name)
        old = self.find(name)
        if old is not None:
            if old.locked:
                raise self._error(f"{old.name} is locked (DOS error 167)")
            self.delete(name)
        index = self._free_entry_index()
        sectors = self._write_new_sectors(index, data, display_name(base, extension))
        entry = DirectoryEntry(index, FLAG_FILE, len(sectors), sectors[0], base, extension)
        self._write_entry(index, entry.to_bytes())
        return entry

    def append(self, name: str, data: bytes) -> DirectoryEntry:
        """Append to a file as DOS 2.0S does (OPEN mode 9): its last sector stays as it is,
        however short, and links to new sectors that hold ``data`` (at least one sector)."""
        entry = self.find(name)
        if entry is None:
            raise self._error(f"no file {name.upper()} (DOS error 170)")
        if entry.locked:
            raise self._error(f"{entry.name} is locked (DOS error 167)")
        last, _ = self.chain(entry)[-1]
        sectors = self._write_new_sectors(entry.index, data, entry.name)
        raw = bytearray(self.atr.read_sector(last))
        raw[125] = (entry.index << 2) | (sectors[0] >> 8)
        raw[126] = sectors[0] & 0xFF
        self.atr.write_sector(last, bytes(raw))
        entry.sector_count += len(sectors)
        self._write_entry(entry.index, entry.to_bytes())
        return entry

    def _write_new_sectors(self, index: int, data: bytes, name: str) -> list[int]:
        """``data`` (at least one sector, even empty) into the lowest free sectors, linked, as
        file number ``index``; the VTOC counts them taken.  Returns the sectors."""
        pieces = [data[i:i + DATA_BYTES] for i in range(0, len(data), DATA_BYTES)] or [b""]
        free = self.free_sectors()
        if len(pieces) > len(free):
            raise self._error(f"disk full: {name} needs {len(pieces)} sectors, {len(free)} free (DOS error 162)")
        sectors = sorted(free)[:len(pieces)]
        self._write_chain(index, sectors, pieces)
        self._set_free(free - set(sectors))
        return sectors

    def _write_chain(self, index: int, sectors: list[int], pieces: list[bytes]) -> None:
        """Write ``pieces`` into ``sectors``, linked in that order, as file number ``index``."""
        for position, (sector, piece) in enumerate(zip(sectors, pieces)):
            following = sectors[position + 1] if position + 1 < len(sectors) else 0
            raw = bytearray(SECTOR_SIZE)
            raw[:len(piece)] = piece
            raw[125] = (index << 2) | (following >> 8)
            raw[126] = following & 0xFF
            raw[127] = len(piece)
            self.atr.write_sector(sector, bytes(raw))

    def _free_entry_index(self) -> int:
        for index in range(MAX_FILES):
            flags = self._raw_entry(index)[0]
            if flags == 0 or flags & FLAG_DELETED or not flags & FLAG_IN_USE:
                return index
        raise self._error(f"directory full ({MAX_FILES} files, DOS error 169)")

    def delete(self, name: str) -> None:
        """Delete a file: its entry is marked deleted ($80), its sectors become free."""
        entry = self.find(name)
        if entry is None:
            raise self._error(f"no file {name.upper()} (DOS error 170)")
        if entry.locked:
            raise self._error(f"{entry.name} is locked (DOS error 167)")
        sectors = {sector for sector, _ in self.chain(entry)}
        raw = bytearray(self._raw_entry(entry.index))
        raw[0] = FLAG_DELETED
        self._write_entry(entry.index, bytes(raw))
        self._set_free(self.free_sectors() | sectors)

    # -- consistency -------------------------------------------------------------------------------

    def problems(self) -> list[str]:
        """Everything wrong with the file system, one sentence each (empty: the disk is sound).

        Checked: the VTOC's DOS code and totals, every directory entry and its
        chain (range, loops, file numbers, byte counts, the sector count), sectors
        shared by two files, the bitmap against the chains, the free count
        against the bitmap.
        """
        found: list[str] = []
        try:
            code, usable, free_count = self.vtoc_header()
        except SurroundError as error:
            return [str(error).split(": ", 1)[1]]
        if usable != self.geometry.usable:
            found.append(
                f"VTOC: {usable} usable sectors, a {self.geometry.name} density disk has {self.geometry.usable}"
            )
        owner: dict[int, str] = {}
        names: set[str] = set()
        try:
            entries = self.entries()
        except SurroundError as error:
            return found + [str(error).split(": ", 1)[1]]
        for entry in entries:
            if entry.name in names:
                found.append(f"{entry.name}: two directory entries with this name")
            names.add(entry.name)
            try:
                chain = self.chain(entry)
            except SurroundError as error:
                found.append(str(error).split(": ", 1)[1])
                continue
            if len(chain) != entry.sector_count:
                found.append(
                    f"{entry.name}: the directory says {entry.sector_count} sectors, the chain has {len(chain)}"
                )
            for sector, _ in chain:
                if sector in owner:
                    found.append(f"sector {sector} belongs to both {owner[sector]} and {entry.name}")
                owner[sector] = entry.name
        bitmap_free = self.free_sectors()
        for sector in sorted(bitmap_free & set(owner)):
            found.append(f"VTOC: sector {sector} of {owner[sector]} is marked free")
        for sector in sorted(bitmap_free & self.geometry.reserved()):
            found.append(f"VTOC: reserved sector {sector} is marked free")
        expected_free = {s for s in range(self.geometry.mapped) if self._data_sector(s)} - set(owner)
        lost = sorted(expected_free - bitmap_free)
        if lost:
            shown = ", ".join(map(str, lost[:8])) + (" ..." if len(lost) > 8 else "")
            found.append(f"VTOC: {len(lost)} sector(s) marked in use that no file holds: {shown}")
        if free_count != len(bitmap_free):
            found.append(f"VTOC: free count {free_count}, the bitmap has {len(bitmap_free)} free sectors")
        return found

    def check(self) -> None:
        """SurroundError naming the image and the first problem, if there is one."""
        found = self.problems()
        if found:
            more = f" (and {len(found) - 1} more problem(s); see `surround atr check`)" if len(found) > 1 else ""
            raise self._error(found[0] + more)
