"""The BASIC engine: basic/surround.lst (as SURROUND.BAS) running on Atari BASIC in the emulator.

The harness plays the sheep the way a person would: it types "FROM,TO" RETURN (or N, Y)
into the program's own input field and reads the state from the program's variables by
name - SHA, SHB, SHC, WOLF, SMOVES, RESULT, WFROM, WTO, BL$, LEARNED, EC, ASKING, KWAIT,
LINES, GAMES, documented at the top of the listing - through BASIC's own tables: the
variable name table at VNTP, the value table at VVTP (8 bytes a variable: type, number,
then the number itself, or for a string its offset from STARP and its length), as "The
Atari BASIC Source Book" (chapter 2) and "Mapping the Atari" (locations 130-141) document
them. Never from the screen.

Starting the program, as a person would: SURROUND.BAS (the SAVE file of the listing) goes
into a scratch folder that the emulator shows as H: (emulator/hdevice.py), and ``LOAD
"H:SURROUND.BAS"`` and ``RUN`` are typed at READY, on our free BASIC (asm/basic) or on a
user's own ROM (``basic="original"``, roms/ataribas.rom). ``files=FOLDER``: the emulator
shows FOLDER to the program as D: instead, so the game reads and writes its
D:SURROUND.BLK there as it would on a disk (``surround play --engine basic`` keeps the
player's black list that way), and the program is LOADed from D:.
"""

from __future__ import annotations

import tempfile
from abc import abstractmethod
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

from host import resources
from host.atari import fp as atari_fp
from host.atari.basic import Program, read_listing_file
from host.atari.basic_session import rom_label
from host.engines.keyboard import KeyboardEngine
from host.errors import SurroundError
from host.game.rules import BLACKLIST_BYTES

if TYPE_CHECKING:
    from emulator.headless import HeadlessAtari, MachineOptions

# Atari BASIC's zero-page pointers to its variable tables ("Mapping the Atari", 128-145).
VNTP, VVTP, STARP = 0x82, 0x86, 0x8C
MAX_FRAMES = 30_000       # how long one typed line may keep the program busy (500 s)


def listing_path() -> Path:
    return resources.data_root() / "basic" / "surround.lst"


def surround_program() -> Program:
    """basic/surround.lst, ENTERed."""
    return read_listing_file(listing_path())


#: the protocol's fields (host/engines/keyboard.py) -> the program's variables
FIELD_VARIABLES = {
    "waiting": "KWAIT", "lines": "LINES", "games": "GAMES", "result": "RESULT", "sheep_moves": "SMOVES",
    "asking": "ASKING", "input_error": "EC", "wolf_from": "WFROM", "wolf_to": "WTO",
    "sheep_a": "SHA", "sheep_b": "SHB", "sheep_c": "SHC", "wolf": "WOLF",
}


class SurroundBasicEngine(KeyboardEngine):
    """The BASIC game driven by typed lines and read through its variables (any BASIC)."""

    name = "basic"

    @abstractmethod
    def number(self, name: str) -> Decimal:
        """A numeric variable's value."""

    @abstractmethod
    def string(self, name: str) -> bytes:
        """A string variable's bytes (its current length)."""

    def var(self, name: str) -> int:
        """A numeric variable that holds a whole number (SurroundError if it does not)."""
        value = self.number(name)
        if value != int(value):
            raise SurroundError(f"{self.name} engine: {name} holds {value}, not a whole number")
        return int(value)

    def read(self, field: str) -> int:
        return self.var(FIELD_VARIABLES[field])

    def blacklist_bytes(self) -> bytes:
        data = self.string("BL$")
        if len(data) != BLACKLIST_BYTES:
            raise SurroundError(f"{self.name} engine: BL$ holds {len(data)} bytes, not {BLACKLIST_BYTES}")
        return data


class BasicEngine(SurroundBasicEngine):
    """SURROUND.BAS on the free or the original Atari BASIC in the headless emulator."""

    name = "basic"
    emulated = True

    def __init__(self, seed: int | None = None, machine: MachineOptions | None = None, files: Path | None = None,
                 disk: str | Path | None = None, prepare: Callable[[HeadlessAtari], None] | None = None,
                 **options: object) -> None:
        """``machine``: the emulated machine's options (default: our OS and the free BASIC; one
        without a BASIC ROM gets the free one); ``prepare``: called with the machine before the
        program is loaded (a test patches a routine)."""
        if options:
            raise SurroundError(f"the basic engine has no option(s) {', '.join(sorted(options))}")
        from emulator.headless import HeadlessAtari, MachineOptions

        machine = machine or MachineOptions()
        self.program = surround_program()
        self.basic = rom_label(machine.basic_rom or "free")
        self._scratch = tempfile.TemporaryDirectory(prefix="surround-basic-")
        self.atari = HeadlessAtari.from_options(replace(machine, basic_rom=machine.basic_rom or "free"), seed=seed or 0)
        if prepare is not None:
            prepare(self.atari)
        if disk is not None:
            self._boot_disk(Path(disk))
        else:
            self._load_and_run(files)
        self.names = self._variable_names()
        self.waits: list[float] = []
        self.expect_waiting("after RUN")

    def _load_and_run(self, files: Path | None) -> None:
        """SURROUND.BAS from a host folder on H: (or D:), LOADed and RUN by typing at READY."""
        # The program's files: ``files`` is a host folder the program sees as D: (where it
        # keeps SURROUND.BLK); without it the original ROM LOADs from a scratch folder on H:.
        self.device = "D" if files is not None else "H"
        folder = Path(files) if files is not None else Path(self._scratch.name)
        (folder / "SURROUND.BAS").write_bytes(self.program.to_save_bytes(f'SAVE "{self.device}:SURROUND.BAS"'))
        self.atari.use_h_device(folder, letter=self.device)  # from power-on on
        if not self.atari.boot(basic=True) or "READY" not in self.atari.screen_text():
            raise SurroundError(
                f"basic engine: the {self.basic} BASIC did not reach READY:\n{self.atari.screen_text()}"
            )
        self._start_by_typing()
        if not self.atari.run_until_idle(MAX_FRAMES):
            raise SurroundError(f"basic engine: SURROUND.BAS did not reach its prompt:\n{self.atari.screen_text()}")

    def _boot_disk(self, image: Path) -> None:
        """Boot the Surround disk (`surround disk`) with BASIC on and choose 2 in the mini-DOS
        menu, as a player does: the program is RUN from D1: and keeps SURROUND.BLK there."""
        from host.atari.dos2 import Dos2Disk

        on_disk = Dos2Disk.open(image)
        on_disk.check()
        if on_disk.find("SURROUND.BAS") is None or on_disk.read("SURROUND.BAS") != self.program.to_save_bytes(
                'SAVE "D:SURROUND.BAS"'):
            raise SurroundError(f"{image}: its SURROUND.BAS is not basic/surround.lst as it is now; "
                                "make the disk again with `surround disk`")
        self.atari.insert_disk(1, image)
        if not self.atari.boot(basic=True) or "2  SURROUND IN ATARI BASIC" not in self.atari.screen_text():
            raise SurroundError(f"{image}: the disk did not boot to the mini-DOS menu with BASIC on:\n"
                                f"{self.atari.screen_text()}")
        self.atari.type_text("2", max_frames_per_key=MAX_FRAMES)
        if not self.atari.run_until_idle(MAX_FRAMES):
            raise SurroundError(f"{image}: SURROUND.BAS did not reach its prompt:\n{self.atari.screen_text()}")



    def _start_by_typing(self) -> None:
        for line in (f'LOAD "{self.device}:SURROUND.BAS"', "RUN"):
            self.atari.type_text(line)
            self.atari.type_text("\n", max_frames_per_key=MAX_FRAMES)

    # -- BASIC's tables -----------------------------------------------------------------
    def _variable_names(self) -> list[str]:
        names, current = [], ""
        address = self.atari.peek_word(VNTP)
        end = self.atari.peek_word(VVTP)
        while address < end and self.atari.peek(address):
            byte = self.atari.peek(address)
            current += chr(byte & 0x7F)
            if byte & 0x80:
                names.append(current)
                current = ""
            address += 1
        return names

    def _entry(self, name: str) -> int:
        try:
            return self.atari.peek_word(VVTP) + 8 * self.names.index(name)
        except ValueError:
            raise SurroundError(f"basic engine: the program has no variable {name}") from None

    def number(self, name: str) -> Decimal:
        return atari_fp.to_decimal(self.atari.peek_bytes(self._entry(name) + 2, 6))

    def string(self, name: str) -> bytes:
        entry = self._entry(name)
        address = self.atari.peek_word(STARP) + self.atari.peek_word(entry + 2)
        return self.atari.peek_bytes(address, self.atari.peek_word(entry + 4))

    def element(self, name: str, index: int) -> Decimal:
        """Element ``index`` of a one-dimensional numeric array such as ``"GD("``: 6 bytes
        each from the array's offset from STARP (the value table's bytes 2-3)."""
        address = self.atari.peek_word(STARP) + self.atari.peek_word(self._entry(name) + 2) + 6 * index
        return atari_fp.to_decimal(self.atari.peek_bytes(address, 6))

    def type_keys(self, text: str) -> None:
        self.atari.type_text(text, max_frames_per_key=MAX_FRAMES)
        if not self.atari.run_until_idle(MAX_FRAMES):
            raise SurroundError(f"basic engine: the program did not wait for a key again after {text!r}")

    def enter_move(self, src: int, dst: int) -> None:
        """Type the move, then RETURN, timing what the player waits for: the emulated time
        from RETURN until the program waits for the next key (the wolf's whole turn)."""
        before = self.var("LINES")
        self.type_keys(f"{src},{dst}")
        frames = self.atari.frames
        self.type_keys("\n")
        self.waits.append((self.atari.frames - frames) / self.atari.frame_rate)
        if self.var("LINES") != before + 1:
            raise SurroundError(f"basic engine: the program did not read the move {src},{dst}")
        self.expect_waiting(f"after {src},{dst}")

    def move_wait_figures(self) -> dict[str, float]:
        """Emulated seconds from a move's RETURN to the next prompt: mean and longest."""
        if not self.waits:
            return {}
        return {
            "emulated_seconds_per_move": round(sum(self.waits) / len(self.waits), 3),
            "emulated_seconds_longest_move": round(max(self.waits), 3),
        }

    def load_blacklist(self, data: bytes) -> None:
        """Put the bytes into BL$ and their count into LEARNED (the disk file is not used)."""
        if len(data) != BLACKLIST_BYTES:
            raise SurroundError(f"a black list has {BLACKLIST_BYTES} bytes, not {len(data)}")
        entry = self._entry("BL$")
        address = self.atari.peek_word(STARP) + self.atari.peek_word(entry + 2)
        for offset, value in enumerate(data):
            self.atari.poke(address + offset, value)
        count = atari_fp.from_int(sum(bin(byte).count("1") for byte in data))
        for offset, value in enumerate(count):
            self.atari.poke(self._entry("LEARNED") + 2 + offset, value)

    def screen_text(self) -> str:
        return self.atari.screen_text()

    def close(self) -> None:
        self._scratch.cleanup()
