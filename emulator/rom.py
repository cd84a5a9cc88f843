"""Finding and loading ROM images.

* The default OS is our own free ROM, ``roms/surround-os.rom`` (built from
  asm/os/ by ``surround build``).
* ``"original"`` loads user-supplied images: ``roms/atarixl.rom`` (16 KiB XL/XE
  OS) and, if present, ``roms/ataribas.rom`` (8 KiB Atari BASIC).  They are
  never part of the repository.

Where these folders are is a value, ``ROMS`` (a ``RomFolders``): by default the
``roms/`` folder beside the emulator package (a checkout); a program that keeps its ROMs
elsewhere (an installed package) calls ``use_rom_folders`` once at start-up.
* The BASIC ROM ``"free"`` is our own, ``roms/surround-basic.rom`` (built from
  asm/basic/ by ``surround build`` once the interpreter exists).
* Anything else is a path (or the image's bytes).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from emulator.errors import EmulatorError
from emulator.memory import BASIC_ROM_SIZE, OS_ROM_SIZE


@dataclass
class RomFolders:
    """The image files behind the ROM names ``None``/``"free"`` and ``"original"``."""

    free_os: Path
    free_basic: Path
    original_os: Path
    original_basic: Path

    @classmethod
    def in_folders(cls, shipped: Path, original: Path) -> RomFolders:
        """Our free images in ``shipped``, a user's original images in ``original``."""
        return cls(
            free_os=shipped / "surround-os.rom",
            free_basic=shipped / "surround-basic.rom",
            original_os=original / "atarixl.rom",
            original_basic=original / "ataribas.rom",
        )


_CHECKOUT_ROMS = Path(__file__).resolve().parents[1] / "roms"

#: where the ROM images are looked for (see the module docstring)
ROMS = RomFolders.in_folders(_CHECKOUT_ROMS, _CHECKOUT_ROMS)


def use_rom_folders(shipped: Path, original: Path) -> None:
    """Look for our free images in ``shipped`` and a user's original ones in ``original``."""
    global ROMS
    ROMS = RomFolders.in_folders(Path(shipped), Path(original))

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
        return _read_image(ROMS.free_os, OS_ROM_SIZE, "OS ROM", " (build it with `surround build`)")
    if str(spec) == "original":
        return _read_image(
            ROMS.original_os, OS_ROM_SIZE, "original XL/XE OS ROM",
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
        if str(os_spec) == "original" and ROMS.original_basic.exists():
            return _read_image(ROMS.original_basic, BASIC_ROM_SIZE, "BASIC ROM")
        return None
    if str(spec) == "original":
        return _read_image(
            ROMS.original_basic, BASIC_ROM_SIZE, "original Atari BASIC ROM",
            " (copy your own 8 KiB Atari BASIC image there; it is not distributed)",
        )
    if str(spec) == "free":
        return _read_image(
            ROMS.free_basic, BASIC_ROM_SIZE, "free BASIC ROM",
            " (build it with `surround build`)",
        )
    return _read_image(Path(spec), BASIC_ROM_SIZE, "BASIC ROM")
