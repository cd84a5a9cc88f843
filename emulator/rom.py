"""Finding and loading ROM images.

* The default OS is our own free ROM, ``roms/surround-os.rom`` (built from
  asm/os/ by ``surround build``).
* ``"original"`` loads user-supplied images: ``roms/atarixl.rom`` (16 KiB XL/XE
  OS) and, if present, ``roms/ataribas.rom`` (8 KiB Atari BASIC).  They are
  never part of the repository (an installed package looks for them in the user data
  directory's roms/ instead: host.resources).
* The BASIC ROM ``"free"`` is our own, ``roms/surround-basic.rom`` (built from
  asm/basic/ by ``surround build`` once the interpreter exists).
* Anything else is a path (or the image's bytes).
"""

from __future__ import annotations

from pathlib import Path

from emulator.errors import EmulatorError
from host import resources
from emulator.memory import BASIC_ROM_SIZE, OS_ROM_SIZE

ROM_DIR = resources.roms_dir()
FREE_OS = ROM_DIR / "surround-os.rom"
ORIGINAL_OS = resources.original_roms_dir() / "atarixl.rom"
ORIGINAL_BASIC = resources.original_roms_dir() / "ataribas.rom"
FREE_BASIC = ROM_DIR / "surround-basic.rom"

RomSpec = str | Path | bytes | bytearray | None


def _read_image(path: Path, size: int, what: str, hint: str = "") -> bytes:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise EmulatorError(f"{path}: {what} not found{hint}") from None
    except OSError as error:
        raise EmulatorError(f"{path}: cannot read {what} ({error.strerror})") from None
    if len(data) != size:
        raise EmulatorError(f"{path}: {what} must be {size} bytes, this file has {len(data)}")
    return data


def load_os_rom(spec: RomSpec = None) -> bytes:
    """The 16384-byte OS image ($C000-$FFFF) for ``spec`` (None = our free OS)."""
    if isinstance(spec, (bytes, bytearray)):
        if len(spec) != OS_ROM_SIZE:
            raise EmulatorError(f"<OS ROM bytes>: OS ROM must be {OS_ROM_SIZE} bytes, got {len(spec)}")
        return bytes(spec)
    if spec is None:
        return _read_image(FREE_OS, OS_ROM_SIZE, "OS ROM", " (build it with `surround build`)")
    if str(spec) == "original":
        return _read_image(
            ORIGINAL_OS, OS_ROM_SIZE, "original XL/XE OS ROM",
            " (copy your own 16 KiB XL/XE OS image there; it is not distributed)",
        )
    return _read_image(Path(spec), OS_ROM_SIZE, "OS ROM")


def load_basic_rom(spec: RomSpec = None, os_spec: RomSpec = None) -> bytes | None:
    """The 8192-byte BASIC image, or None.  With the original OS, roms/ataribas.rom if present.

    ``spec``: None, ``"free"`` (roms/surround-basic.rom), ``"original"``
    (roms/ataribas.rom), a path, or the image's bytes.
    """
    if isinstance(spec, (bytes, bytearray)):
        if len(spec) != BASIC_ROM_SIZE:
            raise EmulatorError(f"<BASIC ROM bytes>: BASIC ROM must be {BASIC_ROM_SIZE} bytes, got {len(spec)}")
        return bytes(spec)
    if spec is None:
        if str(os_spec) == "original" and ORIGINAL_BASIC.exists():
            return _read_image(ORIGINAL_BASIC, BASIC_ROM_SIZE, "BASIC ROM")
        return None
    if str(spec) == "original":
        return _read_image(
            ORIGINAL_BASIC, BASIC_ROM_SIZE, "original Atari BASIC ROM",
            " (copy your own 8 KiB Atari BASIC image there; it is not distributed)",
        )
    if str(spec) == "free":
        return _read_image(
            FREE_BASIC, BASIC_ROM_SIZE, "free BASIC ROM",
            " (build it with `surround build`; the interpreter in asm/basic/ may not be finished yet)",
        )
    return _read_image(Path(spec), BASIC_ROM_SIZE, "BASIC ROM")
