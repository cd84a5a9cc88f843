"""basic/surround.lst as an engine of the lockstep harness, on two BASICs.

host/engines/basic.py's `SurroundBasicEngine` types "FROM,TO" RETURN (or N, Y) and reads the
program's variables by name. Two back-ends for the tests:

* `ModelEngine`: the Python model of the BASIC runtime (tests/basic_model_support.py);
* `emulator_engine()`: the product's `BasicEngine` on the free BASIC in the emulator, with the
  math pack's entry points answered in Python while the OS ROM has none
  (tests/basic_runtime_support.py).
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from host.engines.basic import BasicEngine, SurroundBasicEngine, surround_program
from tests.basic_model_support import BasicModel

BLACKLIST_FILE = "D:SURROUND.BLK"


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


def emulator_engine(seed: int = 0, files: Path | None = None) -> BasicEngine:
    """The product's basic engine on the free BASIC (``files``: a folder the program sees as D:)."""
    return BasicEngine(seed=seed, files=files)
