"""The Engine interface: what the harness needs from any implementation of the game.

An engine runs the game with the computer as the learning wolf: the Python reference,
the 6502 program in the emulator (which types "FROM,TO" RETURN and reads its state from
memory) or the BASIC program. The harness gives it one sheep move at a time and reads the
wolf's reply, the game result and the black list. Engines keep their black list across
games: learning persists for as long as the engine lives.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import NamedTuple

from host.game.rules import Move, Position


class EngineReply(NamedTuple):
    """What an engine did after one sheep move.

    wolf_move: the wolf's move, or None when the wolf did not move (the game ended with the
        sheep's move: trapped, escaped or time).
    result: the game result once the game is over ("trapped", "escaped", "time",
        "sheep stuck"), None while it runs.
    blacklist: the 165 black-list bytes after the wolf's turn.
    position: the engine's own idea of the position after the wolf's turn, if it can tell
        (the harness then compares it too); None if the engine does not report it.

    A NamedTuple rather than a dataclass: one is made per move, and this is cheaper.
    """

    wolf_move: Move | None
    result: str | None
    blacklist: bytes
    position: Position | None = None


class Engine(ABC):
    """One running game program that plays the learning wolf."""

    #: a short name for reports ("reference", "asm", "basic")
    name: str = "engine"
    #: True for an engine that runs in an emulated machine: it takes ``machine`` (MachineOptions)
    emulated: bool = False

    @abstractmethod
    def new_game(self) -> None:
        """Start a new game from 1,2,4-6 (the black list stays)."""

    @abstractmethod
    def sheep_move(self, src: int, dst: int) -> EngineReply:
        """Give the sheep's move; returns the wolf's reply once its turn is done."""

    @abstractmethod
    def blacklist_bytes(self) -> bytes:
        """The 165 black-list bytes as they are now."""

    @abstractmethod
    def load_blacklist(self, data: bytes) -> None:
        """Replace the black list by these 165 bytes."""

    # An optional hook, not an abstract method: engines that hold nothing need not override it.
    def close(self) -> None:  # noqa: B027
        """Release what the engine holds (emulator, files). The default does nothing; subclasses may override it."""

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
