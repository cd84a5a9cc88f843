"""The free mini-DOS (asm/dos/) on DOS 2 disks: build it, put it on a disk.

``asm/dos/boot.s`` assembles to the three boot sectors (384 bytes, loaded at
$0700), ``asm/dos/dos.s`` to DOS.SYS (loaded at $0880 by the boot code).  A
system disk carries DOS.SYS as an ordinary file; the boot sector's header
says where it starts (DFSFLG at $070E = 1, DFLINK at $070F-$0710 = its
first sector, as in DOS 2.0S: "Inside Atari DOS", "the boot process").
"""

from __future__ import annotations

from pathlib import Path

from host import resources
from host.atari.dos2 import Dos2Disk
from host.toolchain import targets
from host.toolchain.assembler import label_map

BUILD_DIR = resources.build_dir()
BOOT_BIN = BUILD_DIR / "dosboot.bin"
DOS_SYS = BUILD_DIR / "DOS.SYS"

BOOT_LOAD = 0x0700
DFSFLG = 0x070E - BOOT_LOAD
DFLINK = 0x070F - BOOT_LOAD
DOS_SYS_NAME = "DOS.SYS"
#: MEMLO under Atari's DOS 2.0S ("Mapping the Atari", MEMLO): programs for DOS 2.0S load above it
DOS2_MEMLO = 0x1CFC


def build_dos(build_dir: Path | None = None, force: bool = False) -> tuple[Path, Path]:
    """The boot sectors and DOS.SYS (host/toolchain/targets.py: rebuilt when asm/dos changed); both paths.

    ``build_dir``: another folder than the build folder (then, or with ``force``, always built)."""
    if build_dir is None and not force:
        return targets.ensure_built(targets.DOS_BOOT), targets.ensure_built(targets.DOS)
    folder = Path(build_dir) if build_dir is not None else BUILD_DIR
    root = resources.data_root()
    return tuple(  # type: ignore[return-value]
        targets.build(target, root, folder / target.output.name, folder) for target in (targets.DOS_BOOT, targets.DOS)
    )


def dos_labels(build_dir: Path | None = None) -> dict[str, int]:
    """The label map of DOS.SYS (built if needed)."""
    build_dos(build_dir)
    return label_map((Path(build_dir) if build_dir is not None else BUILD_DIR) / "dos.map")


def size_report(build_dir: Path | None = None) -> str:
    """One line for `surround build`: DOS.SYS's size, MEMLO and the room below DOS 2.0S's MEMLO."""
    labels = dos_labels(build_dir)
    boot = label_map((Path(build_dir) if build_dir is not None else BUILD_DIR) / "dosboot.map")
    code_end, memlo = labels["codeend"], labels["dosend"]
    return (f"DOS.SYS: {code_end - labels['dossys']} bytes at ${labels['dossys']:04X}-${code_end - 1:04X}, "
            f"buffers and variables to ${memlo - 1:04X}: MEMLO ${memlo:04X}, {DOS2_MEMLO - memlo} bytes "
            f"below DOS 2.0S's ${DOS2_MEMLO:04X}; boot sectors: {boot['nodosend'] - 0x0700} of 384 bytes used")


def boot_sectors(dos_start: int | None) -> bytes:
    """The 384 boot bytes; ``dos_start`` is DOS.SYS's first sector (None: no DOS on the disk)."""
    boot_path, _ = build_dos()
    code = bytearray(boot_path.read_bytes())
    code[DFSFLG] = 1 if dos_start else 0
    code[DFLINK:DFLINK + 2] = (dos_start or 0).to_bytes(2, "little")
    return bytes(code)


def install(disk: Dos2Disk) -> None:
    """Make ``disk`` boot the mini-DOS: DOS.SYS as a file, the boot sectors pointing at it."""
    _, dos_path = build_dos()
    entry = disk.add(DOS_SYS_NAME, dos_path.read_bytes())
    disk.write_boot(boot_sectors(entry.start))


def new_system_disk(density: str = "single", path: str | Path | None = None) -> Dos2Disk:
    """A formatted disk with the mini-DOS on it."""
    disk = Dos2Disk.new(density, path)
    install(disk)
    return disk
