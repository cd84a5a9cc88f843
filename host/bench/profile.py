"""`surround bench --profile LISTING`: where the free BASIC's 6502 cycles go.

Our OS and BASIC are assembled from the sources into a temporary directory with their label
maps, the listing is ENTERed through H: (and RUN with ``run``), and every ``period`` machine
cycles the program counter is sampled, together with the return addresses on the 6502 stack
that follow a JSR (they name the routines on the way there).  A routine's "self" share is the
samples with the program counter inside it (up to the next global label), its "inclusive"
share those inside it or anything it called.  This is how issue 27's ENTER and NEXT were
taken apart (asm/basic/README.md).
"""

from __future__ import annotations

import bisect
import tempfile
from collections import Counter
from pathlib import Path

from emulator.cpu import AtariCPU
from emulator.headless import MachineOptions
from host.atari.basic_session import BasicSession
from host.errors import SurroundError
from host.resources import data_root
from host.toolchain.targets import build_basic, build_os

EOL = b"\x9b"
PERIOD = 97  # machine cycles between samples (prime: no beat with loops or frames)
ROM_START = 0xA000  # the cartridge and the OS: the only code with labels
MAX_FRAMES = 150_000
JSR = 0x20
TOP = 30  # routines listed per table


class RoutineNames:
    """The global label at or below an address, from label maps ("$ADDR | name | file:line")."""

    def __init__(self, maps: list[Path]) -> None:
        labels: list[tuple[int, str]] = []
        for path in maps:
            for line in path.read_text().splitlines():
                parts = [part.strip() for part in line.split("|")]
                if len(parts) < 2 or not parts[0].startswith("$"):
                    continue
                address, name = int(parts[0][1:], 16), parts[1]
                if address >= ROM_START and not name.startswith("_") and name != "*":
                    labels.append((address, name))
        labels.sort()
        self.addresses = [address for address, _ in labels]
        self.names = [name for _, name in labels]

    def at(self, address: int) -> str:
        index = bisect.bisect_right(self.addresses, address) - 1
        return self.names[index] if address >= ROM_START and index >= 0 else f"RAM ${address:04X}"


def profile(listing: str | Path, run: bool = False, period: int = PERIOD) -> dict:
    """{"frames", "samples", "self": {routine: %}, "inclusive": {routine: %}} from the RETURN
    after ENTER (or, with ``run``, after RUN) to READY."""
    path = Path(listing)
    if not path.is_file():
        raise SurroundError(f"{path}: no such listing")
    with tempfile.TemporaryDirectory(prefix="surround-profile-") as directory:
        build = Path(directory)
        os_rom = build_os(data_root(), rom=build / "os.rom", build_dir=build)
        basic_rom = build_basic(data_root(), rom=build / "basic.rom", build_dir=build)
        names = RoutineNames([build / "basic.map", build / "os.map"])
        listing_copy = build / "PROFILE.LST"  # ATASCII lines, as ENTER reads them
        listing_copy.write_bytes(path.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", EOL))
        session = BasicSession(MachineOptions(os_rom=str(os_rom), basic_rom=str(basic_rom)), h_directory=build)
        command = 'ENTER "H:PROFILE.LST"'
        if run:
            session.load(listing_copy)
            command = "RUN"
        return _sampled(session, command, names, period, path)


def _sampled(session: BasicSession, command: str, names: RoutineNames, period: int, path: Path) -> dict:
    """Type ``command``, sample from its RETURN until BASIC waits for a key again."""
    machine = session.atari.machine
    cpu = machine.cpu
    own: Counter[str] = Counter()
    inclusive: Counter[str] = Counter()

    def sample(cycle: int) -> None:
        here = names.at(cpu.pc)
        own[here] += 1
        for routine in {here} | _callers(cpu, names):
            inclusive[routine] += 1
        machine.schedule(cycle + period, sample)

    session.atari.type_text(command)
    first_frame = machine.frames
    machine.schedule(machine.cycles + period, sample)
    session.press_return()
    if not machine.run_until_idle(MAX_FRAMES):
        raise SurroundError(f"{path}: {command} still running after {MAX_FRAMES} frames")
    message = session.last_error()
    if message:
        raise SurroundError(f"{path}: {command} failed: {message}")
    samples = max(1, sum(own.values()))
    return {"frames": machine.frames - first_frame, "samples": samples,
            "self": _shares(own, samples), "inclusive": _shares(inclusive, samples)}


def _callers(cpu: AtariCPU, names: RoutineNames) -> set[str]:
    """The routines whose JSR left a return address on the 6502 stack (data that happens to
    look like one is counted too: the figures are for finding the hot spots)."""
    found = set()
    for address in range(0x101 + cpu.sp, 0x1FF):
        after = cpu.ByteAt(address) | cpu.ByteAt(address + 1) << 8  # JSR pushes its last byte's address
        if ROM_START + 2 <= after <= 0xFFFF and cpu.ByteAt(after - 2) == JSR:
            found.add(names.at(cpu.ByteAt(after - 1) | cpu.ByteAt(after) << 8))
    return found


def _shares(counts: Counter[str], samples: int) -> dict[str, float]:
    return {name: round(100 * count / samples, 2) for name, count in counts.most_common(TOP)}
