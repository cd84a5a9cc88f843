"""basic/surround.lst as an engine of the lockstep harness, on two BASICs.

`SurroundBasicEngine` does what the harness needs the way a person and the harness's
other engines do it: it types "FROM,TO" RETURN (or N, Y) and reads the state from the
program's variables by name (SHA, SHB, SHC, WOLF, MOVES, RESULT, WFROM, WTO, BL$, LEARNED,
EC, ASKING, KWAIT, LINES - documented at the top of the listing), never from the screen.
Two back-ends:

* `ModelEngine`: the Python model of the BASIC runtime (tests/basic_model.py);
* `EmulatorEngine`: the free BASIC (asm/basic) in the headless emulator, the program laid
  into memory as LOAD would and RUN through the runtime's EXECUTE (tests/basic_runtime_support.py,
  which answers the math pack's entry points in Python while the OS ROM has none).

The product's `--engine basic` will be this with the emulator back-end once the free BASIC's
ROM holds its editor (LOAD, RUN) and the OS its math pack.
"""

from __future__ import annotations

from abc import abstractmethod
from decimal import Decimal
from pathlib import Path

from host import atari_fp
from host.atari_basic import Program, read_listing_file
from host.engines.base import Engine, EngineReply
from host.rules import BLACKLIST_BYTES, RESULTS, Move, Position
from tests.basic_model import BasicModel

ROOT = Path(__file__).resolve().parents[1]
LISTING = ROOT / "basic" / "surround.lst"
BLACKLIST_FILE = "D:SURROUND.BLK"


def surround_program() -> Program:
    return read_listing_file(LISTING)


class SurroundBasicEngine(Engine):
    """The BASIC game driven by typed lines and read through its variables."""

    name = "basic"

    @abstractmethod
    def number(self, name: str) -> Decimal:
        """A numeric variable's value."""

    @abstractmethod
    def string(self, name: str) -> bytes:
        """A string variable's bytes (its current length)."""

    @abstractmethod
    def type_keys(self, text: str) -> None:
        """Type keys (\\n = RETURN) and run until the program waits for a key again."""

    def var(self, name: str) -> int:
        value = self.number(name)
        assert value == int(value), (name, value)
        return int(value)

    def expect_waiting(self, when: str) -> None:
        assert self.var("KWAIT") == 1, f"{self.name}: not waiting for a key {when}"

    def type_line(self, text: str) -> None:
        before = self.var("LINES")
        self.type_keys(text + "\n")
        assert self.var("LINES") == before + 1, f"{self.name}: the line {text!r} was not read"
        self.expect_waiting(f"after {text!r}")

    def position(self) -> Position:
        return Position((self.var("SHA"), self.var("SHB"), self.var("SHC")), self.var("WOLF"))

    def new_game(self) -> None:
        games = self.var("GAMES")
        under_way = self.var("RESULT") == 0 and self.var("MOVES") > 0
        self.type_line("N")
        if under_way:
            assert self.var("ASKING") == 1, "N during a game did not ask"
            self.type_line("Y")
        assert self.var("GAMES") == games + 1 and self.var("MOVES") == 0

    def sheep_move(self, src: int, dst: int) -> EngineReply:
        self.type_line(f"{src},{dst}")
        assert self.var("EC") == 0, f"the program refused {src},{dst} (EC {self.var('EC')})"
        result = self.var("RESULT")
        target = self.var("WTO")
        wolf_move = Move(self.var("WFROM"), target) if target else None
        return EngineReply(wolf_move, RESULTS[result - 1] if result else None, self.blacklist_bytes(), self.position())

    def blacklist_bytes(self) -> bytes:
        return self.string("BL$")


class ModelEngine(SurroundBasicEngine):
    """SURROUND.BAS on the Python model; the black list file lives in `files`."""

    name = "basic-model"

    def __init__(self, seed: int = 0, files: dict[str, bytes] | None = None) -> None:
        self.seed = seed
        self.program = surround_program()
        self.start(files or {})

    def start(self, files: dict[str, bytes]) -> None:
        self.model = BasicModel(self.program, seed=self.seed, files=files)
        self.model.run()
        self.expect_waiting("after RUN")

    def number(self, name: str) -> Decimal:
        return self.model.value(name)

    def string(self, name: str) -> bytes:
        return self.model.string(name)

    def type_keys(self, text: str) -> None:
        self.model.type(text)

    def load_blacklist(self, data: bytes) -> None:
        """As a player would: the file is there when the program starts."""
        self.start({BLACKLIST_FILE: bytes(data)})
        assert self.var("LEARNED") == sum(bin(byte).count("1") for byte in data)


# Atari BASIC's pointers (Mapping the Atari, 130-141) and the value table's layout
# (The Atari BASIC Source Book, chapter 2): 8 bytes per variable, a string's are its type,
# number, offset from STARP, length and DIM.
VNTP, VVTP, STARP = 0x82, 0x86, 0x8C


class EmulatorEngine(SurroundBasicEngine):
    """SURROUND.BAS on the free BASIC in the headless emulator (no disk: no black list file)."""

    name = "basic-emulator"

    def __init__(self, images, seed: int = 0, max_frames: int = 30_000) -> None:
        from tests.basic_runtime_support import BasicRunner

        self.max_frames = max_frames
        self.runner = BasicRunner(images)
        self.atari = self.runner.atari
        program = surround_program()
        program.enter_line("RUN")
        self.runner.load(program)
        self.atari.machine.start_program(self.runner.label("EXECUTE"))
        assert self.atari.run_until_idle(max_frames), "SURROUND.BAS did not reach its prompt"
        self.names = self._names()
        self.expect_waiting("after RUN")

    def _names(self) -> list[str]:
        names, current = [], ""
        address = self.atari.peek_word(VNTP)
        while self.atari.peek(address):
            byte = self.atari.peek(address)
            current += chr(byte & 0x7F)
            if byte & 0x80:
                names.append(current)
                current = ""
            address += 1
        return names

    def _entry(self, name: str) -> int:
        return self.atari.peek_word(VVTP) + 8 * self.names.index(name)

    def number(self, name: str) -> Decimal:
        return atari_fp.to_decimal(self.atari.peek_bytes(self._entry(name) + 2, 6))

    def string(self, name: str) -> bytes:
        entry = self._entry(name)
        address = self.atari.peek_word(STARP) + self.atari.peek_word(entry + 2)
        return self.atari.peek_bytes(address, self.atari.peek_word(entry + 4))

    def type_keys(self, text: str) -> None:
        self.atari.type_text(text)
        if not self.atari.run_until_idle(self.max_frames):
            raise AssertionError(f"the program did not wait for a key again after {text!r}")

    def load_blacklist(self, data: bytes) -> None:
        """Put the bytes into BL$ and the count into LEARNED, as the program's load would."""
        if len(data) != BLACKLIST_BYTES:
            raise AssertionError(f"a black list has {BLACKLIST_BYTES} bytes")
        entry = self._entry("BL$")
        address = self.atari.peek_word(STARP) + self.atari.peek_word(entry + 2)
        for offset, value in enumerate(data):
            self.atari.poke(address + offset, value)
        count = atari_fp.from_int(sum(bin(byte).count("1") for byte in data))
        for offset, value in enumerate(count):
            self.atari.poke(self._entry("LEARNED") + 2 + offset, value)
