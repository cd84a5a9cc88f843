"""Where the project's data lives: the 6502 sources, the ROM images and the build outputs.

* In a checkout (also an editable install, ``pip install -e .``) everything is in the
  repository: ``asm/``, ``roms/`` and ``build/``.
* A normal install (``pip install .``, pipx) carries ``asm/`` and ``roms/`` as package data
  in ``host/_data/`` (setup.py's build step copies them there). Its build outputs go to the
  user cache directory (platformdirs: ``~/.cache/surround-xl/build`` on Linux), because an
  installed package is no place to write; so do a checkout's when it is not writable.
* Original Atari ROM images, which the project never ships, are looked for in the checkout's
  ``roms/``, or for an installed package in the user data directory's ``roms/``.
"""

from __future__ import annotations

import os
from pathlib import Path

from host.errors import SurroundError

APP_NAME = "surround-xl"
CHECKOUT = Path(__file__).resolve().parents[1]
INSTALLED_DATA = Path(__file__).resolve().parent / "_data"
#: a file that only a complete copy of the data has
MARKER = Path("asm") / "surround.s"


def is_checkout() -> bool:
    """True when the code runs from a repository checkout (asm/ beside host/)."""
    return (CHECKOUT / MARKER).is_file()


def data_root() -> Path:
    """The folder that holds asm/ and roms/."""
    if is_checkout():
        return CHECKOUT
    if (INSTALLED_DATA / MARKER).is_file():
        return INSTALLED_DATA
    raise SurroundError(
        f"the 6502 sources and ROMs are missing: neither {CHECKOUT / 'asm'} nor {INSTALLED_DATA / 'asm'} "
        "exists (a broken installation: reinstall surround-xl)"
    )


def asm_dir() -> Path:
    return data_root() / "asm"


def roms_dir() -> Path:
    """The ROM images the project ships (our free OS, our BASIC once built)."""
    return data_root() / "roms"


def original_roms_dir() -> Path:
    """Where a user puts original Atari ROM images (never shipped)."""
    if is_checkout():
        return CHECKOUT / "roms"
    import platformdirs

    return platformdirs.user_data_path(APP_NAME, appauthor=False) / "roms"


def _writable(folder: Path) -> bool:
    """True if files can be created in `folder`, or `folder` can be made (nothing is created:
    its nearest existing ancestor must be a writable folder)."""
    existing = next((path for path in [folder, *folder.parents] if path.exists()), None)
    return existing is not None and existing.is_dir() and os.access(existing, os.W_OK | os.X_OK)


def build_dir() -> Path:
    """Where listings, label maps and program images are written. Nothing is created here:
    whatever writes into it makes the folder (so `surround --help` leaves no trace)."""
    if is_checkout() and _writable(CHECKOUT / "build"):
        return CHECKOUT / "build"
    import platformdirs

    return platformdirs.user_cache_path(APP_NAME, appauthor=False) / "build"


def shown(path: Path) -> str:
    """``path`` for a help text: relative to the checkout in a checkout (``build/x``), else in
    full with the home folder as ``~``."""
    if is_checkout() and path.is_relative_to(CHECKOUT):
        return str(path.relative_to(CHECKOUT))
    home = Path.home()
    return "~/" + str(path.relative_to(home)) if path.is_relative_to(home) else str(path)


def build_label(name: str = "") -> str:
    """The build folder (or ``name`` in it) as a help text shows it."""
    folder = shown(build_dir())
    return f"{folder}/{name}" if name else f"{folder}/"


def shipped_rom_label(name: str) -> str:
    """A ROM the project ships, as a help text shows it (``roms/surround-os.rom`` in a checkout)."""
    try:
        return shown(roms_dir() / name)
    except SurroundError:
        return f"roms/{name}"


def original_rom_label(name: str) -> str:
    """Where a user's own ROM ``name`` goes, as a help text shows it."""
    return shown(original_roms_dir() / name)


def install_hint(extra: str, package: str) -> str:
    """How to add an optional part: in a checkout the editable install the README uses, for an
    installed package the distribution with the extra (or the package itself)."""
    if is_checkout():
        return f"python -m pip install -e '.[{extra}]'"
    return f"python -m pip install '{APP_NAME}[{extra}]' (or just {package})"


def check_emulator_package() -> None:
    """SurroundError unless ``import emulator`` finds this distribution's emulator beside host/.

    The import names ``host`` and ``emulator`` are the customer's folder names; another
    installed distribution with a package of the same name would shadow one of them, and
    this says so in one line instead of failing somewhere later."""
    import emulator

    here = Path(__file__).resolve().parents[1]
    found = Path(emulator.__file__ or "").resolve().parents[1]
    if getattr(emulator, "DISTRIBUTION", None) != APP_NAME or found != here:
        raise SurroundError(
            f"the package 'emulator' found at {found} is not surround-xl's (expected beside {here}); "
            "another installed distribution uses the same name: install surround-xl in its own virtual environment"
        )


def configure_emulator() -> None:
    """Tell the emulator where our ROM images and a user's original ones are (a value it takes)."""
    from emulator.rom import use_rom_folders

    try:
        shipped = roms_dir()
    except SurroundError:  # a broken installation: loading a ROM will name the missing file
        return
    use_rom_folders(shipped, original_roms_dir())
