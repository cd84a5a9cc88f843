"""Atari BASIC (Rev. C) programs on the host: LIST text <-> SAVE files, byte-exact.

* `enter_listing(text)` / `tokenize_listing(text)`: LIST text (ASCII with LF, or ATASCII
  with $9B) -> a Program / the bytes of its SAVE file; a line Atari BASIC would refuse raises
  BasicSyntaxError naming the line and column.
* `load_save_bytes(data)`: a SAVE file -> a Program; anything broken raises BrokenProgram
  naming the file and the problem.
* `list_program(program)`: the program as LIST prints it (a list of lines).
* `read_listing_file`, `read_save_file`, `write_file_atomically`: the same for files.
"""

from __future__ import annotations

import sys
from pathlib import Path

from host.atari.basic.lister import BrokenProgram, list_line
from host.atari.basic.program import (
    DEFAULT_IMMEDIATE,
    Program,
    enter_listing,
    non_ascii_warnings,
    split_listing,
    tokenize_listing,
)
from host.atari.basic.savefile import load_save_bytes
from host.atari.basic.tokenizer import BasicSyntaxError
from host.errors import SurroundError
from host.files import write_atomically


def list_program(program: Program) -> list[str]:
    """Every program line as LIST prints it, in line-number order."""
    names = program.variables.names
    return [list_line(program.lines[number], names, f"line {number}") for number in sorted(program.lines)]


def listing_bytes(lines: list[str], atascii: bool = False) -> bytes:
    """Lines of text as a LIST file: ASCII lines ended by LF, or ATASCII lines ended by $9B."""
    end = b"\x9b" if atascii else b"\n"
    return b"".join(line.encode("latin-1") + end for line in lines)


def _read(path: Path) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as error:
        raise SurroundError(f"{path}: cannot read ({error.strerror})") from None


def read_listing_file(path: Path) -> Program:
    """ENTER a LIST file; a non-ASCII character in a text listing is warned about on stderr."""
    data = _read(path)
    for warning in non_ascii_warnings(data, str(path)):
        print(f"surround: warning: {warning}", file=sys.stderr)
    return enter_listing(data, str(path))


def read_save_file(path: Path) -> Program:
    """LOAD a SAVE file."""
    return load_save_bytes(_read(path), str(path))


def immediate_save_line(target: Path) -> str:
    """The SAVE statement a user would type to write `target` to disk drive 1."""
    stem = "".join(character for character in Path(target).stem.upper() if character.isalnum())[:8] or "PROGRAM"
    extension = "".join(character for character in Path(target).suffix.upper() if character.isalnum())[:3]
    return f'SAVE "D:{stem}{"." + extension if extension else ""}"'


def write_file_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` (its folder made if needed) atomically."""
    write_atomically(path, data)


__all__ = [
    "BasicSyntaxError", "BrokenProgram", "DEFAULT_IMMEDIATE", "Program", "enter_listing", "immediate_save_line",
    "list_program", "listing_bytes", "load_save_bytes", "read_listing_file", "read_save_file", "split_listing",
    "tokenize_listing", "write_file_atomically",
]
