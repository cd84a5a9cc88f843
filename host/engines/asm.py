"""The 6502 engine: build/surround.xex running in the headless emulator.

The harness plays the sheep the way a person would: it types each move as "FROM,TO"
and RETURN into the program's E: prompt, lets the emulator run until the program waits
for the next key, and then reads the wolf's reply, the result and the black list from
the program's memory at the addresses of its labels (build/surround.map), never from
the screen. A new game is started through the program's own user interface (the N
command, answered with Y when a game is under way).

The XEX is (re)built when it is missing or was built from other sources (host/toolchain/targets.py),
into the checkout's build/, or the user cache directory for an installed package (host.resources).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from emulator.errors import EmulatorError
from host import resources
from host.engines.keyboard import KeyboardEngine
from host.errors import SurroundError
from host.game.rules import BLACKLIST_BYTES
from host.toolchain import targets
from host.toolchain.assembler import label_map

if TYPE_CHECKING:
    from emulator.headless import HeadlessAtari, MachineOptions

SOURCE = resources.data_root() / targets.GAME.source
XEX = targets.default_output(targets.GAME)
LISTING, LABELS = targets.companions(XEX, XEX.parent, targets.GAME.name)

#: labels the engine needs (Ophis writes them in lower case)
REQUIRED_LABELS = (
    "sheep", "wolf", "movenum", "gamestate", "wolffrom", "wolfto", "blacklist", "learned",
    "gamenum", "inputwait", "inputseq", "asking", "lasterr", "recountlearned",
)


def is_stale(xex: Path = XEX, labels: Path = LABELS) -> bool:
    """True when the XEX or its label map is missing or was built from other sources."""
    return targets.is_stale(targets.GAME, xex, labels)


def ensure_built() -> Path:
    """Build build/surround.xex (+ .lst, .map) if needed (host/toolchain/targets.py); returns the XEX."""
    return targets.ensure_built(targets.GAME)


def load_labels(path: Path = LABELS) -> dict[str, int]:
    """The program's label map, checked for every label the engine reads."""
    labels = label_map(path)
    missing = [name for name in REQUIRED_LABELS if name not in labels]
    if missing:
        raise SurroundError(f"{path}: the label map lacks {', '.join(missing)}")
    return labels


def start_program(seed: int | None = None, machine: MachineOptions | None = None,
                  disk: str | Path | None = None) -> tuple[HeadlessAtari, dict[str, int]]:
    """Build if needed, boot the emulator and start the game; returns (HeadlessAtari, labels).

    ``machine``: the emulated machine's options (default: our OS, NTSC, fast SIO). Without
    ``disk`` the XEX is loaded straight into memory; with ``disk`` (an ATR made by
    `surround disk`) the image goes into D1:, boots the mini-DOS, and the game is chosen
    from its menu ("1"), so it loads and saves SURROUND.BLK on that image.
    """
    from emulator.headless import HeadlessAtari, MachineOptions

    xex = ensure_built()
    labels = load_labels()
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "little")
    atari = HeadlessAtari.from_options(machine or MachineOptions(), seed=seed)
    if disk is not None:
        boot_disk(atari, Path(disk), xex)
    elif not atari.load_xex(xex):
        raise EmulatorError(f"{xex}: the program did not reach its prompt")
    return atari, labels


#: frames a key may take when it loads or saves over the serial bus (`--sio serial`: an 810's
#: speed, a lesson's SURROUND.BLK written with verify): one emulated minute
DISK_WAIT_FRAMES = 3600


def boot_disk(atari, image: Path, xex: Path = XEX) -> None:
    """Boot ``image`` (BASIC off) and pick the 6502 game from the mini-DOS menu.

    The image's SURROUND.XEX must be the program built here, because the engine reads the
    program's memory at the addresses of build/surround.map."""
    from host.atari.dos2 import Dos2Disk
    from host.toolchain.disk import XEX_NAME

    on_disk = Dos2Disk.open(image)
    on_disk.check()
    if on_disk.find(XEX_NAME) is None or on_disk.read(XEX_NAME) != xex.read_bytes():
        raise SurroundError(
            f"{image}: its {XEX_NAME} is not {xex} as built now; make the disk again with `surround disk`"
        )
    atari.insert_disk(1, image)
    if not atari.boot(basic=False) or "SURROUND XL DISK" not in atari.screen_text():
        raise EmulatorError(f"{image}: the disk did not boot to the mini-DOS menu")
    atari.type_text("1", max_frames_per_key=DISK_WAIT_FRAMES)
    if not atari.run_until_idle(DISK_WAIT_FRAMES):
        raise EmulatorError(f"{image}: the game did not reach its prompt after loading from the disk")


#: the protocol's fields (host/engines/keyboard.py) -> (label, offset, bytes)
FIELD_ADDRESSES = {
    "waiting": ("inputwait", 0, 1), "lines": ("inputseq", 0, 1), "games": ("gamenum", 0, 2),
    "result": ("gamestate", 0, 1), "sheep_moves": ("movenum", 0, 1), "asking": ("asking", 0, 1),
    "input_error": ("lasterr", 0, 1), "wolf_from": ("wolffrom", 0, 1), "wolf_to": ("wolfto", 0, 1),
    "sheep_a": ("sheep", 0, 1), "sheep_b": ("sheep", 1, 1), "sheep_c": ("sheep", 2, 1), "wolf": ("wolf", 0, 1),
}


class AsmEngine(KeyboardEngine):
    """The 6502 program, typed at through the emulated keyboard; values read at its labels."""

    name = "asm"
    emulated = True
    counter_wrap = {"lines": 0x100, "games": 0x10000}

    def __init__(self, seed: int | None = None, machine: MachineOptions | None = None,
                 disk: str | Path | None = None, **options: object) -> None:
        if options:
            raise SurroundError(f"the asm engine has no option(s) {', '.join(sorted(options))}")
        self.atari, self.labels = start_program(seed, machine, disk)
        self.expect_waiting("after loading")

    # ------------------------------------------------------------------ KeyboardEngine

    def read(self, field: str) -> int:
        label, offset, size = FIELD_ADDRESSES[field]
        address = self.labels[label] + offset
        return self.atari.peek_word(address) if size == 2 else self.atari.peek(address)

    def type_keys(self, text: str) -> None:
        self.atari.type_text(text, max_frames_per_key=DISK_WAIT_FRAMES)

    def learned(self) -> int:
        """The program's count of positions on its black list."""
        return self.atari.peek_word(self.labels["learned"])

    # ------------------------------------------------------------------ Engine

    def blacklist_bytes(self) -> bytes:
        return self.atari.peek_bytes(self.labels["blacklist"], BLACKLIST_BYTES)

    def load_blacklist(self, data: bytes) -> None:
        """Put 165 bytes into BLACKLIST and let the program count them (RECOUNTLEARNED)."""
        if len(data) != BLACKLIST_BYTES:
            raise SurroundError(f"a black list has {BLACKLIST_BYTES} bytes, not {len(data)}")
        base = self.labels["blacklist"]
        for offset, value in enumerate(data):
            self.atari.poke(base + offset, value)
        self.atari.call(self.labels["recountlearned"])
        expected = sum(bin(value).count("1") for value in data)
        if self.learned() != expected:
            raise EmulatorError(f"asm engine: RECOUNTLEARNED counted {self.learned()}, not {expected}")

    def screen_text(self) -> str:
        return self.atari.screen_text()
