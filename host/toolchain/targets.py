"""The one builder of every 6502 target, rebuilt when the digest of its sources changes.

A ``Target`` names a main source, the files its output depends on (the main source and
everything it includes), its output file and, for ROM images, the exact size. ``build``
assembles it (host/toolchain/assembler.py) with a listing and a label map beside the output's
name in the build folder; ``ensure_built`` does so only when the output is missing or was
built from other sources: a SHA-256 of every input's name and contents is kept beside the
output (``NAME.sources``), because file times can be fooled by a checkout, a copy or an
older build written later.

The targets (paths relative to the data root: the checkout, or an installed package's data):

============  ===============================  =========================================
name          main source                      output
============  ===============================  =========================================
os            asm/os/os.s                      roms/surround-os.rom (16384 bytes)
basic         asm/basic/basic.s                roms/surround-basic.rom (8192 bytes)
dosboot       asm/dos/boot.s                   build/dosboot.bin (three boot sectors)
dos           asm/dos/dos.s                    build/DOS.SYS
NAME          asm/NAME.s (each top-level one)  build/NAME.xex
============  ===============================  =========================================

and every BASIC listing basic/NAME.lst becomes build/NAME.bas (a SAVE file, tokenized in
Python: host/atari/basic).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from emulator.files import atomic_write
from host import resources
from host.atari.basic import immediate_save_line, read_listing_file, write_file_atomically
from host.errors import SurroundError
from host.toolchain.assembler import assemble

STAMP_SUFFIX = ".sources"
BUILD_DIR = Path("build")


@dataclass(frozen=True)
class Target:
    """One assembled output and what it is built from."""

    name: str
    source: Path  #: the main source, relative to the data root
    inputs: tuple[str, ...]  #: glob patterns (relative to the data root) of every file it depends on
    output: Path  #: where the image goes by default, relative to the data root
    size: int | None = None  #: the image's exact size, if fixed (ROMs, boot sectors)

    def input_files(self, root: Path) -> list[Path]:
        """Every file the output depends on, in a stable order."""
        files = {path for pattern in self.inputs for path in root.glob(pattern)}
        return sorted(files, key=lambda path: path.relative_to(root).as_posix())

    def digest(self, root: Path) -> str:
        """A SHA-256 of every input file's name and contents."""
        digest = hashlib.sha256()
        for path in self.input_files(root):
            digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
        return digest.hexdigest()


OS = Target("os", Path("asm/os/os.s"), ("asm/os/*.s",), Path("roms/surround-os.rom"), 16384)
BASIC = Target("basic", Path("asm/basic/basic.s"), ("asm/basic/*.s", "asm/os/equates.s"),
               Path("roms/surround-basic.rom"), 8192)
DOS_BOOT = Target("dosboot", Path("asm/dos/boot.s"), ("asm/dos/*.s", "asm/os/equates.s", "asm/os/print.s"),
                  BUILD_DIR / "dosboot.bin", 384)
DOS = Target("dos", Path("asm/dos/dos.s"), ("asm/dos/*.s", "asm/os/equates.s", "asm/os/print.s"),
              BUILD_DIR / "DOS.SYS")


def program(name: str) -> Target:
    """The top-level program asm/NAME.s (its includes are in asm/NAME/) -> build/NAME.xex."""
    return Target(name, Path(f"asm/{name}.s"), (f"asm/{name}.s", f"asm/{name}/*.s"), BUILD_DIR / f"{name}.xex")


#: the 6502 game
GAME = program("surround")


def program_targets(root: Path) -> list[Target]:
    """Every top-level program asm/*.s, in a stable order."""
    return [program(source.stem) for source in sorted((Path(root) / "asm").glob("*.s"))]


def companions(output: Path, build_dir: Path, name: str) -> tuple[Path, Path]:
    """The listing and label map of a build: build_dir/NAME.lst and NAME.map."""
    return build_dir / f"{name}.lst", build_dir / f"{name}.map"


def build(target: Target, root: Path, output: Path | None = None, build_dir: Path | None = None) -> Path:
    """Assemble ``target`` from the sources under ``root``; returns the image written.

    ``output`` defaults to the target's own path under ``root``, ``build_dir`` (listing and
    label map) to root/build. A stamp with the sources' digest is written beside the output.
    """
    root = Path(root)
    output = Path(output) if output is not None else root / target.output
    build_dir = Path(build_dir) if build_dir is not None else root / BUILD_DIR
    digest = target.digest(root)
    listing, labels = companions(output, build_dir, target.name)
    assemble(root / target.source, output, listing, labels)
    size = output.stat().st_size
    if target.size is not None and size != target.size:
        raise SurroundError(f"{output}: the {target.name} image is {size} bytes, expected {target.size}")
    atomic_write(stamp(output), (digest + "\n").encode("ascii"), sync=False)
    return output


def stamp(output: Path) -> Path:
    """The file beside ``output`` that holds the digest it was built from."""
    return output.with_name(output.name + STAMP_SUFFIX)


def is_stale(target: Target, output: Path, labels: Path | None = None, root: Path | None = None) -> bool:
    """True when ``output`` (or its label map) is missing or was built from other sources."""
    root = Path(root) if root is not None else resources.data_root()
    if not output.is_file() or (labels is not None and not labels.is_file()):
        return True
    try:
        return stamp(output).read_text(encoding="ascii").strip() != target.digest(root)
    except (OSError, UnicodeDecodeError):
        return True


def default_output(target: Target) -> Path:
    """Where ``ensure_built`` puts a target: build outputs in the build folder (host.resources)."""
    if target.output.parts[0] == "build":
        return resources.build_dir() / target.output.name
    return resources.data_root() / target.output


def ensure_built(target: Target) -> Path:
    """Build ``target`` into the build folder if it is missing or stale; returns the image."""
    output = default_output(target)
    build_dir = resources.build_dir()
    _, labels = companions(output, build_dir, target.name)
    if is_stale(target, output, labels):
        build(target, resources.data_root(), output, build_dir)
    return output


def build_basic_programs(root: Path, build_dir: Path | None = None) -> list[Path]:
    """Tokenize every BASIC listing basic/NAME.lst into build/NAME.bas (a SAVE file).

    The immediate line at the end is ``SAVE "D:NAME.BAS"``, as if the listing had been
    ENTERed and saved to drive 1 under that name.
    """
    root = Path(root)
    build_dir = Path(build_dir) if build_dir is not None else root / BUILD_DIR
    built = []
    for listing in sorted((root / "basic").glob("*.lst")):
        image = build_dir / f"{listing.stem}.bas"
        data = read_listing_file(listing).to_save_bytes(immediate_save_line(image))
        write_file_atomically(image, data)
        built.append(image)
    return built


def build_all(root: Path, build_dir: Path | None = None, rom: Path | None = None,
              basic_rom: Path | None = None) -> list[Path]:
    """Build the OS, the BASIC, the mini-DOS, every top-level program and every BASIC listing.

    Outputs go to root/build and root/roms unless ``build_dir``, ``rom`` (the OS image) and
    ``basic_rom`` say otherwise (an installed package builds into its cache)."""
    root = Path(root)
    build_dir = Path(build_dir) if build_dir is not None else root / BUILD_DIR
    built = [build(OS, root, rom, build_dir), build(BASIC, root, basic_rom, build_dir)]
    for target in program_targets(root):
        built.append(build(target, root, build_dir / target.output.name, build_dir))
    built += build_basic_programs(root, build_dir)
    for target in (DOS_BOOT, DOS):
        built.append(build(target, root, build_dir / target.output.name, build_dir))
    return built


def build_os(root: Path, rom: Path | None = None, build_dir: Path | None = None) -> Path:
    """The free OS ROM (see ``build``)."""
    return build(OS, root, rom, build_dir)


def build_basic(root: Path, rom: Path | None = None, build_dir: Path | None = None) -> Path:
    """The free BASIC cartridge (see ``build``)."""
    return build(BASIC, root, rom, build_dir)
