"""H: - a CIO device that maps host directories, as other Atari emulators offer it.

``H:`` (= ``H1:``) is one host directory (by default the current one); ``H2:`` to
``H9:`` may map others.  Programs use it like a disk through CIO:
``LOAD "H:PROG.BAS"``, ``SAVE``, ``ENTER "H:PROG.LST"``, ``LIST "H:..."``, ``OPEN #1,4,0,"H:*.*"``.

How it sits in the machine (the same pattern as the SIO patch, Machine._trap_sio):
the handler's vector table (OPEN-1, CLOSE-1, GET-1, PUT-1, STATUS-1, SPECIAL-1,
JMP INIT; Atari OS User's Manual, "Adding new device handlers") lies at
bytes of the unused I/O page $D7xx that the device asks the machine's trap page for
(emulator/traps.py), which reads as this emulator's own ROM; each routine address is an
emulator trap (opcode $02) whose Python code does the
work, puts the status in Y (with the N flag) and the byte in A, and returns
with an RTS.  At the end of every frame the emulator puts ``H`` and the table's
address into the first free HATABS ($031A) slot if the OS has built its table
(an ``E`` entry: the XL OS starts with P:, C:, E:, S:, K:, ours with E:, S:, K:) and no
H: is there yet, so H: is back after every RESET.

CIO hands the request over in the zero-page IOCB: ICCOMZ $22 (command),
ICBALZ/ICBAHZ $24/$25 (the file name for OPEN, STATUS, XIO), ICAX1Z $2A
(OPEN mode: 4 read, 8 write, 9 append, 12 read and write, 6 directory), and
X = the IOCB number * 16.

File names: ``H:NAME.EXT``, ``H2:NAME``, sub-folders with ``/``; letters,
digits, ``._-/`` and the wildcards ``*`` ``?`` (DOS-style: ``*.*`` is every
file).  A name that would leave the mapped directory (``..``, an absolute path,
a symbolic link pointing out) is refused with error 165.  An existing file is
found regardless of case (Atari names are upper case, host names often not); a
new file is created as named.  A written file reaches the host when the IOCB
is closed, replaced atomically; until then it grows in a temporary file beside it,
opened at OPEN and written a 125-byte "sector" at a time as DOS would, so a folder
that cannot take the file fails the OPEN and a full file system fails the PUT that
fills it (and CLOSE, and every later PUT, report it again; the old file stays).

Errors (DOS 2.0S error numbers, Mapping the Atari / DOS 2.0S Reference Manual):
136 end of file, 144 device done (a write-protected disk: here a read-only folder or
file system; "Oh, Those Error Messages", Hi-Res 1984, after the Atari BASIC Reference
Manual), 146 function not implemented, 160 unit not mapped, 162 disk full (the host's
file system is full), 163 other host I/O error, 165 bad file name (or outside the
directory), 170 file not found.

The directory listing (OPEN mode 6) has DOS 2's layout: ``  NAME    EXT 012``
(locked files with ``*``; the count is in 125-byte sectors), then
``999 FREE SECTORS``.
"""

from __future__ import annotations

import errno
import fnmatch
import os
import tempfile
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from emulator.errors import EmulatorError
from emulator.files import current_umask, make_folder_for

if TYPE_CHECKING:  # pragma: no cover
    from emulator.cpu import AtariCPU
    from emulator.interfaces import DeviceHost

HATABS = 0x031A
HATABS_ENTRIES = 11
ICCOMZ, ICBALZ, ICAX1Z = 0x22, 0x24, 0x2A
IOCB, ICAX3_OFFSET = 0x0340, 12
EOL = 0x9B

TABLE_SIZE = 16  # the vector table: 6 words and JMP INIT (and a spare byte)
ROUTINES = ("open", "close", "get", "put", "status", "special", "init")

SUCCESS, END_OF_FILE, WRITE_PROTECTED, NOT_IMPLEMENTED = 1, 136, 144, 146
BAD_UNIT, DISK_FULL, HOST_ERROR, BAD_NAME, LOCKED, NOT_FOUND = 160, 162, 163, 165, 167, 170
MODE_READ, MODE_DIRECTORY, MODE_WRITE, MODE_APPEND, MODE_UPDATE = 4, 6, 8, 9, 12
XIO_RENAME, XIO_DELETE, XIO_LOCK, XIO_UNLOCK, XIO_POINT, XIO_NOTE = 32, 33, 35, 36, 37, 38
NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-/*?")
SECTOR_DATA = 125  # data bytes in a DOS 2 sector, for the listing's counts


class HError(Exception):
    """A file name H: refuses; ``status`` is the CIO error."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def host_error_status(error: OSError) -> int:
    """The DOS error a failed host write stands for: 144 read-only, 162 full, else 163."""
    if error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return WRITE_PROTECTED
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        return DISK_FULL
    return HOST_ERROR


class HostWrite:
    """A file being written: a temporary file beside its target, renamed over it at the end.

    Each method raises HError with the DOS status when the host refuses; the target is
    untouched until ``commit`` succeeds, and ``discard`` removes the temporary file."""

    def __init__(self, target: Path) -> None:
        self.target = target
        self.written = 0  #: bytes of the data already in the temporary file
        try:
            handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
        except OSError as error:
            raise HError(host_error_status(error)) from None
        self.handle: int | None = handle
        self.temporary = Path(temporary)
        # a file never closed (the program or the emulator stopped first) leaves nothing behind
        self._remove = weakref.finalize(self, _unlink_quietly, self.temporary)

    def write_sectors(self, data: bytearray) -> None:
        """Write the whole 125-byte sectors of ``data`` not yet in the temporary file."""
        end = len(data) - len(data) % SECTOR_DATA
        if end > self.written:
            self._write(data, self.written, end)

    def commit(self, data: bytearray, rewrite: bool) -> None:
        """Write the rest of ``data`` (all of it if ``rewrite``) and put the file in place."""
        start = 0 if rewrite else self.written
        self._write(data, start, len(data))
        assert self.handle is not None
        try:
            os.ftruncate(self.handle, len(data))
            mode = self.target.stat().st_mode & 0o777 if self.target.exists() else 0o666 & ~current_umask()
            os.fchmod(self.handle, mode)
            os.close(self.handle)
            self.handle = None
            os.replace(self.temporary, self.target)
            self._remove.detach()
        except OSError as error:
            self.discard()
            raise HError(host_error_status(error)) from None

    def discard(self) -> None:
        """Close and remove the temporary file (the target keeps its old bytes)."""
        if self.handle is not None:
            os.close(self.handle)
            self.handle = None
        self._remove()

    def _write(self, data: bytearray, start: int, end: int) -> None:
        assert self.handle is not None
        try:
            os.pwrite(self.handle, bytes(data[start:end]), start)
        except OSError as error:
            self.discard()
            raise HError(host_error_status(error)) from None
        self.written = max(self.written, end)


@dataclass
class OpenFile:
    """One IOCB's open file: its bytes in memory, the position, and (when written) its HostWrite."""

    path: Path | None
    data: bytearray
    position: int = 0
    writable: bool = False
    dirty: bool = False
    listing: bool = False
    write: HostWrite | None = None
    rewrite: bool = False  #: bytes before the end changed (update mode): CLOSE writes them all
    error: int = 0  #: the host's refusal, kept for every later PUT and the CLOSE


@dataclass
class HDevice:
    """The H: device: units 1-9 mapped to host directories, and the open files by IOCB."""

    directories: dict[int, Path] = field(default_factory=dict)
    files: dict[int, OpenFile] = field(default_factory=dict)
    letter: str = "H"  #: the device letter in HATABS; "D" lets a folder stand in for a disk
    table: int | None = None  #: the vector table's address in page $D7, once installed
    traps: list[int] = field(default_factory=list)  #: the routines' trap addresses

    @classmethod
    def for_directory(cls, directory: str | Path | None = None, letter: str = "H") -> HDevice:
        """H: (H1:) on ``directory`` (default: the current directory); with ``letter="D"``
        the same folder answers as D: (for a machine that boots no DOS)."""
        if len(letter) != 1 or not letter.isalpha() or letter.upper() in "ESK":
            raise EmulatorError(
                f"{letter}: a host folder can be H:, D: or another free device letter, not E:, S: or K:"
            )
        device = cls(letter=letter.upper())
        device.map(1, Path.cwd() if directory is None else directory)
        return device

    def map(self, unit: int, directory: str | Path) -> None:
        """Let ``Hn:`` (n = 1-9) show ``directory`` (made if missing, as every output folder is)."""
        path = Path(directory).expanduser().resolve()
        if not 1 <= unit <= 9:
            raise EmulatorError(f"H{unit}: there are only the units H1: to H9:")
        if path.exists() and not path.is_dir():
            raise EmulatorError(f"{directory}: not a directory (for H{unit}:)")
        try:
            make_folder_for(path, folder=True)
        except OSError as error:
            raise EmulatorError(f"{directory}: cannot make the folder for H{unit}: ({error.strerror})") from None
        self.directories[unit] = path

    # -- in the machine ----------------------------------------------------------------------

    def install(self, machine: DeviceHost) -> None:
        """Put the vector table and the traps into page $D7 (once per machine)."""
        if self.table is None:
            self.table = machine.trap_page.allocate(TABLE_SIZE, f"{self.letter}: vector table")
            self.traps = machine.trap_page.allocate_traps(len(ROUTINES), f"{self.letter}: routines")
        table = bytearray(TABLE_SIZE)
        for index, address in enumerate(self.traps[:6]):  # OPEN ... SPECIAL: each routine's address - 1
            table[2 * index:2 * index + 2] = (address - 1).to_bytes(2, "little")
        init = self.traps[6]
        table[12:15] = bytes((0x4C, init & 0xFF, init >> 8))
        machine.trap_page.put(self.table, bytes(table))
        for address, name in zip(self.traps, ROUTINES):
            machine.cpu.traps[address] = _trap(machine, getattr(self, f"_{name}"))

    def reset(self) -> None:
        """Power-on: every open file is forgotten (the page's bytes survive in the trap page)."""
        for file in self.files.values():
            if file.write is not None:
                file.write.discard()
        self.files.clear()

    def register(self, ram: bytearray) -> bool:
        """Add H: to HATABS if the OS has built the table and H: is missing; True if added."""
        letters = [ram[HATABS + 3 * entry] for entry in range(HATABS_ENTRIES)]
        if ord("E") not in letters or ord(self.letter) in letters or 0 not in letters:
            return False  # the OS has not built its table yet, the letter is there, or no slot is free
        free = letters.index(0)
        slot = HATABS + 3 * free
        assert self.table is not None, "install() comes first"
        ram[slot:slot + 3] = bytes((ord(self.letter), self.table & 0xFF, self.table >> 8))
        return True

    # -- names ------------------------------------------------------------------------------------

    def _name_at(self, machine: DeviceHost) -> tuple[int, str]:
        """(unit, name) of the device specification at ICBALZ, e.g. "H2:GAME.BAS"."""
        address = machine.peek(ICBALZ) | machine.peek(ICBALZ + 1) << 8
        raw = bytearray()
        for offset in range(128):
            byte = machine.peek((address + offset) & 0xFFFF)
            if byte in (EOL, 0, 0x20):
                break
            raw.append(byte)
        text = raw.decode("latin-1")
        device, colon, name = text.partition(":")
        if not colon or not device[:1].upper() == self.letter:
            raise HError(BAD_NAME)
        unit_text = device[1:]
        if unit_text and not (len(unit_text) == 1 and unit_text.isdigit() and unit_text != "0"):
            raise HError(BAD_UNIT)
        return (int(unit_text) if unit_text else 1), name

    def _directory(self, unit: int) -> Path:
        directory = self.directories.get(unit)
        if directory is None:
            raise HError(BAD_UNIT)
        return directory

    def _resolve(self, unit: int, name: str, must_exist: bool) -> Path:
        """The host path of ``name`` in unit's directory (case-insensitive for existing files)."""
        root = self._directory(unit)
        if not name or not set(name) <= NAME_CHARS or "*" in name or "?" in name:
            raise HError(BAD_NAME)
        parts = name.split("/")
        if name.startswith("/") or any(part in ("", ".", "..") for part in parts):
            raise HError(BAD_NAME)
        path = root
        for index, part in enumerate(parts):
            found = _find_case_insensitive(path, part)
            last = index == len(parts) - 1
            if found is None:
                if must_exist or not last:
                    raise HError(NOT_FOUND)
                found = path / part
            elif not last and not found.is_dir():
                raise HError(NOT_FOUND)
            path = found
        resolved = path.resolve()
        if resolved != root and root not in resolved.parents:
            raise HError(BAD_NAME)  # a symbolic link pointing out of the directory
        return resolved

    def _matches(self, unit: int, pattern: str) -> list[Path]:
        """The files of unit's directory (or a sub-folder) whose names match a DOS-style pattern."""
        root = self._directory(unit)
        folder, _, pattern = pattern.rpartition("/")
        base = self._resolve(unit, folder, must_exist=True) if folder else root
        if not base.is_dir():
            raise HError(NOT_FOUND)
        if not set(pattern) <= NAME_CHARS:
            raise HError(BAD_NAME)
        pattern_name, _, pattern_ext = (pattern or "*.*").partition(".")
        if "." not in (pattern or "*.*") and pattern_name.endswith("*"):
            pattern_ext = "*"
        result = []
        for entry in sorted(base.iterdir(), key=lambda p: p.name.upper()):
            name, _, ext = entry.name.partition(".")
            if not entry.is_file() or not set(entry.name) <= NAME_CHARS or entry.name.startswith("."):
                continue  # (a name with a leading dot: hidden, or a file H: is still writing)
            if fnmatch.fnmatchcase(name.upper(), pattern_name.upper()) and \
                    fnmatch.fnmatchcase(ext.upper(), pattern_ext.upper()):
                result.append(entry)
        return result

    # -- the handler's routines (each returns (status, byte)) ------------------------------------------

    def _open(self, machine: DeviceHost, iocb: int, byte: int) -> tuple[int, int]:
        self._forget(iocb)
        unit, name = self._name_at(machine)
        mode = machine.peek(ICAX1Z)
        if mode == MODE_DIRECTORY:
            self.files[iocb] = OpenFile(None, bytearray(self._listing(unit, name)), listing=True)
            return SUCCESS, byte
        if "*" in name or "?" in name:
            if mode != MODE_READ:
                raise HError(BAD_NAME)
            matches = self._matches(unit, name)
            if not matches:
                raise HError(NOT_FOUND)
            path = matches[0]
        else:
            path = self._resolve(unit, name, must_exist=mode in (MODE_READ, MODE_UPDATE))
        if path.is_dir():
            raise HError(BAD_NAME)
        if mode in (MODE_READ, MODE_UPDATE, MODE_APPEND) and path.exists():
            data = bytearray(path.read_bytes())
        elif mode in (MODE_WRITE, MODE_APPEND):
            data = bytearray()
        else:
            raise HError(NOT_FOUND)
        if mode in (MODE_WRITE, MODE_APPEND, MODE_UPDATE) and path.exists() and _locked(path):
            raise HError(LOCKED)
        writable = mode in (MODE_WRITE, MODE_APPEND, MODE_UPDATE)
        position = len(data) if mode == MODE_APPEND else 0
        write = HostWrite(path) if writable else None
        self.files[iocb] = OpenFile(path, data, position, writable, dirty=mode in (MODE_WRITE, MODE_APPEND),
                                    write=write)
        return SUCCESS, byte

    def _forget(self, iocb: int) -> None:
        """Drop IOCB's file without writing it (its temporary file goes)."""
        file = self.files.pop(iocb, None)
        if file is not None and file.write is not None:
            file.write.discard()

    def _close(self, machine: DeviceHost, iocb: int, byte: int) -> tuple[int, int]:
        file = self.files.pop(iocb, None)
        if file is None or file.write is None:
            return SUCCESS, byte
        if file.error:
            file.write.discard()
            return file.error, byte
        if not file.dirty:
            file.write.discard()
            return SUCCESS, byte
        file.write.commit(file.data, file.rewrite)
        return SUCCESS, byte

    def _get(self, machine: DeviceHost, iocb: int, byte: int) -> tuple[int, int]:
        file = self.files.get(iocb)
        if file is None:
            return NOT_IMPLEMENTED, byte
        if file.position >= len(file.data):
            return END_OF_FILE, byte
        value = file.data[file.position]
        file.position += 1
        return SUCCESS, value

    def _put(self, machine: DeviceHost, iocb: int, byte: int) -> tuple[int, int]:
        file = self.files.get(iocb)
        if file is None or not file.writable or file.write is None:
            return NOT_IMPLEMENTED, byte
        if file.error:
            return file.error, byte
        if file.position < len(file.data):
            file.data[file.position] = byte
            file.rewrite = True
        else:
            file.data.append(byte)
        file.position += 1
        file.dirty = True
        if not file.rewrite:
            try:
                file.write.write_sectors(file.data)
            except HError as error:
                file.error = error.status
                return error.status, byte
        return SUCCESS, byte

    def _status(self, machine: DeviceHost, iocb: int, byte: int) -> tuple[int, int]:
        if iocb in self.files:
            return SUCCESS, byte
        unit, name = self._name_at(machine)
        path = self._resolve(unit, name, must_exist=True)
        return (SUCCESS if path.is_file() else NOT_FOUND), byte

    def _special(self, machine: DeviceHost, iocb: int, byte: int) -> tuple[int, int]:
        command = machine.peek(ICCOMZ)
        if command in (XIO_NOTE, XIO_POINT):
            return self._note_point(machine, iocb, command), byte
        if command not in (XIO_RENAME, XIO_DELETE, XIO_LOCK, XIO_UNLOCK):
            return NOT_IMPLEMENTED, byte
        unit, name = self._name_at(machine)
        if command == XIO_RENAME:
            old, comma, new = name.partition(",")
            if not comma or not new or "/" in new or new.startswith(".") or not set(new) <= NAME_CHARS - {"*", "?"}:
                raise HError(BAD_NAME)
            source = self._resolve(unit, old, must_exist=True)
            source.rename(source.parent / new)
            return SUCCESS, byte
        paths = self._matches(unit, name) if ("*" in name or "?" in name) else [self._resolve(unit, name, True)]
        if not paths:
            raise HError(NOT_FOUND)
        for path in paths:
            if command == XIO_DELETE:
                if _locked(path):
                    raise HError(LOCKED)
                path.unlink()
            else:
                mode = path.stat().st_mode
                path.chmod(mode & ~0o222 if command == XIO_LOCK else mode | 0o200)
        return SUCCESS, byte

    def _note_point(self, machine: DeviceHost, iocb: int, command: int) -> int:
        """NOTE/POINT with the byte offset in ICAX3 (low), ICAX4 (high) and ICAX5 (top byte)."""
        file = self.files.get(iocb)
        if file is None or file.listing:
            return NOT_IMPLEMENTED
        aux = IOCB + iocb * 16 + ICAX3_OFFSET
        if command == XIO_NOTE:
            for index in range(3):
                machine.poke(aux + index, (file.position >> (8 * index)) & 0xFF)
            return SUCCESS
        position = sum(machine.peek(aux + index) << (8 * index) for index in range(3))
        if position > len(file.data):
            return 166  # POINT data length error
        file.position = position
        return SUCCESS

    def _init(self, machine: DeviceHost, iocb: int, byte: int) -> tuple[int, int]:
        return SUCCESS, byte

    def _listing(self, unit: int, pattern: str) -> bytes:
        lines = []
        for path in self._matches(unit, pattern):
            name, _, ext = path.name.partition(".")
            locked = "*" if _locked(path) else " "
            sectors = min(999, -(-path.stat().st_size // SECTOR_DATA) or 1)
            if len(name) <= 8 and len(ext) <= 3 and "." not in ext:
                shown = f"{name.upper():<8}{ext.upper():<3}"
            else:
                shown = path.name
            lines.append(f"{locked} {shown} {sectors:03d}")
        lines.append("999 FREE SECTORS")
        return b"".join(line.encode("latin-1") + bytes((EOL,)) for line in lines)


def _unlink_quietly(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def _locked(path: Path) -> bool:
    """A locked file (DOS: XIO 35) is one without the owner's write permission."""
    return not path.stat().st_mode & 0o200


def _find_case_insensitive(folder: Path, name: str) -> Path | None:
    exact = folder / name
    if exact.exists():
        return exact
    if not folder.is_dir():
        return None
    for entry in folder.iterdir():
        if entry.name.upper() == name.upper():
            return entry
    return None


Routine = Callable[["DeviceHost", int, int], tuple[int, int]]


def _trap(machine: DeviceHost, routine: Routine) -> Callable[[AtariCPU], int]:
    """A trap that runs ``routine(machine, iocb, A)`` and returns from the handler with Y = status."""
    def trap(cpu: AtariCPU) -> int:
        iocb = (cpu.x >> 4) & 7
        try:
            status, byte = routine(machine, iocb, cpu.a)
        except HError as error:
            status, byte = error.status, cpu.a
        except OSError:
            status, byte = HOST_ERROR, cpu.a
        return machine.return_from_handler(status, byte)
    return trap
