"""Ophis, the project's assembler: assemble one source, read a label map, report ROM space.

What is built from which sources, and when, is host/toolchain/targets.py; the targets are:

* the free OS ROM, ``asm/os/os.s`` -> ``roms/surround-os.rom`` (16384 bytes, $C000-$FFFF),
  with its listing and label map in ``build/os.lst`` and ``build/os.map``;
* the free BASIC cartridge, ``asm/basic/basic.s`` -> ``roms/surround-basic.rom`` (8192 bytes,
  $A000-$BFFF), with ``build/basic.lst`` and ``build/basic.map`` and a size report;
* every top-level program ``asm/NAME.s`` -> ``build/NAME.xex`` (+ ``.lst``, ``.map``);
  Such a source writes its own Atari executable segment headers ($FFFF, start, end).
  Files that are only included by others belong in a sub-folder of ``asm/`` (or use
  another extension, e.g. ``.inc``), so they are not assembled on their own;
* every BASIC listing ``basic/NAME.lst`` -> ``build/NAME.bas`` (the SAVE file, see
  host/atari/basic);
* the mini-DOS, ``asm/dos/boot.s`` -> ``build/dosboot.bin`` (the three boot sectors) and
  ``asm/dos/dos.s`` -> ``build/DOS.SYS`` (host/toolchain/minidos.py).

Ophis runs in a subprocess of the current interpreter (it keeps global state, so it is
not re-entrant in-process). Its errors are turned into one SurroundError whose message
lists each error as ``file:line: message``. Builds are byte-for-byte reproducible.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from emulator.files import atomic_write
from host.errors import SurroundError

OS_SOURCE = Path("asm/os/os.s")
OS_ROM = Path("roms/surround-os.rom")
OS_ROM_SIZE = 16384
BASIC_SOURCE = Path("asm/basic/basic.s")
BASIC_ROM = Path("roms/surround-basic.rom")
BASIC_ROM_SIZE = 8192
BASIC_START = 0xA000
BASIC_TRAILER = 0xBFFA  # the cartridge trailer: CARTCS, CART, CARTFG, CARTAD
BUILD_DIR = Path("build")

# Runs Ophis's own entry point with the arguments that follow "-c CODE".
_OPHIS_LAUNCHER = "import sys, Ophis.Main; sys.exit(Ophis.Main.run_ophis(sys.argv[1:]))"

# "path:line: message" as Ophis prints errors and warnings.
_DIAGNOSTIC = re.compile(r"^(?P<where>.+?:\d+): (?P<message>.*)$")
_LABEL_LINE = re.compile(r"^\$(?P<address>[0-9A-Fa-f]{4,}) \| (?P<label>\S+)\s*\|")


def _ophis_command(source: Path, output: Path, listing: Path | None, labels: Path | None) -> list[str]:
    """The command line that assembles `source` into `output`."""
    command = [sys.executable, "-c", _OPHIS_LAUNCHER, "-q", "-o", str(output)]
    if listing is not None:
        command += ["-l", str(listing)]
    if labels is not None:
        command += ["-m", str(labels)]
    command.append(str(source))
    return command


def _shorten(where: str, base: Path) -> str:
    """Show a diagnostic's file relative to `base` when it lies inside it."""
    path_text, _, line = where.rpartition(":")
    try:
        path_text = os.path.relpath(path_text, base) if os.path.isabs(path_text) else path_text
    except ValueError:  # another drive on Windows
        pass
    if path_text.startswith(".."):
        path_text = where.rpartition(":")[0]
    return f"{path_text}:{line}"


def _diagnostics(text: str, base: Path) -> tuple[list[str], list[str]]:
    """Split Ophis's console output into (errors, warnings), each as file:line: message."""
    errors: list[str] = []
    warnings: list[str] = []
    for raw_line in text.splitlines():
        line = raw_line.strip()
        match = _DIAGNOSTIC.match(line)
        if not match:
            continue
        where = _shorten(match["where"], base)
        message = match["message"]
        if message.startswith("WARNING: "):
            warnings.append(f"{where}: {message[len('WARNING: '):]}")
        else:
            errors.append(f"{where}: {message}")
    return errors, warnings


def assemble(source: Path, output: Path, listing: Path | None = None, labels: Path | None = None) -> None:
    """Assemble one Ophis source file into `output` (optionally a listing and a label map).

    The outputs are written only when the assembly succeeds; on errors a SurroundError
    names every error as ``file:line: message``. Warnings go to stderr.
    """
    source = Path(source)
    if not source.is_file():
        raise SurroundError(f"{source}: no such assembler source")
    base = source.resolve().parent
    targets = {"output": Path(output), "listing": listing, "labels": labels}
    with tempfile.TemporaryDirectory(prefix="surround-build-") as scratch:
        scratch_path = Path(scratch)
        temporary = {name: scratch_path / name for name, path in targets.items() if path is not None}
        command = _ophis_command(source.resolve(), temporary["output"], temporary.get("listing"),
                                 temporary.get("labels"))
        result = subprocess.run(command, capture_output=True, text=True, cwd=base, check=False)
        console = result.stdout + "\n" + result.stderr
        errors, warnings = _diagnostics(console, Path.cwd())
        if result.returncode != 0 or not temporary["output"].exists():
            if not errors:
                last = [line for line in console.splitlines() if line.strip()]
                errors = [f"{source}: {last[-1] if last else 'Ophis failed'}"]
            raise SurroundError(f"{source}: {len(errors)} assembler error(s): " + "; ".join(errors))
        for warning in warnings:
            print(f"warning: {warning}", file=sys.stderr)
        for name, target in targets.items():
            if target is None:
                continue
            target = Path(target)
            target.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(target, temporary[name].read_bytes(), sync=False)


def label_map(path: Path) -> dict[str, int]:
    """Read an Ophis label map (``$ADDR | label | file:line``) into {label: address}.

    Ophis folds labels to lower case. Anonymous labels and scope-local labels
    (starting with ``_``, which may repeat) are left out; the first definition of a
    name wins.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise SurroundError(f"{path}: cannot read label map ({error.strerror})") from None
    labels: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        match = _LABEL_LINE.match(line)
        if not match:
            raise SurroundError(f"{path}:{number}: not an Ophis label map line: {line[:60]!r}")
        label = match["label"]
        if label.startswith(("_", "*")):
            continue
        labels.setdefault(label, int(match["address"], 16))
    return labels


def basic_size_report(build_dir: Path) -> dict[str, int]:
    """Bytes used by the BASIC's editor side and run-time side, and bytes free before the trailer.

    Read from the label map of the last build (labels ED_END, RT_BEGIN, RT_END, ED_LATE,
    BASIC_END in asm/basic/basic.s; the editor's code from ED_LATE on follows the run-time).
    """
    labels = label_map(Path(build_dir) / "basic.map")
    names = ("ed_end", "rt_begin", "rt_end", "ed_late", "basic_end")
    try:
        editor_end, rt_begin, rt_end, editor_late, end = (labels[name] for name in names)
    except KeyError as missing:
        raise SurroundError(f"{build_dir}/basic.map: label {missing} not found") from None
    return {
        "editor": editor_end - BASIC_START + end - editor_late,
        "runtime": rt_end - rt_begin,
        "used": end - BASIC_START,
        "free": BASIC_TRAILER - end,
    }


#: the code regions of the OS image: (name, first address, end address)
OS_CODE_REGIONS = (
    ("CIO, keyboard, editor", 0xC000, 0xD000),
    ("floating point package", 0xD800, 0xE000),
    ("reset, boot, SIO, VBI, display handler", 0xE492, 0xFFFA),
)
OS_BASE = 0xC000
_FILL_RUN = 4  # runs of at least this many $FF bytes count as unused space


def os_free_space(image: bytes) -> list[tuple[str, int, int, int]]:
    """(name, start, end, free bytes) of each code region of a 16 KiB OS image.

    Unused ROM is filled with $FF; a run of 4 or more $FF bytes counts as free (code may
    contain a single $FF, rarely four in a row), so gaps between fixed entry points count too.
    """
    report = []
    for name, start, end in OS_CODE_REGIONS:
        region = image[start - OS_BASE : end - OS_BASE]
        free = sum(len(run) for run in re.findall(rb"\xff{%d,}" % _FILL_RUN, region))
        report.append((name, start, end, free))
    return report
