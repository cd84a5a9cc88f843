"""KeyboardEngine: a game program driven through the emulated keyboard, as a player drives it.

The 6502 game (host/engines/asm.py) and the BASIC game (host/engines/basic.py) speak one
protocol: the harness types "FROM,TO" and RETURN (or the command keys N and Y alone), lets
the program run until it waits for the next key, and then reads what happened from the
program's own state. They differ only in how a value is read: the 6502 game's from the
address of a label, the BASIC game's from a variable by name. That difference is the one
hook, :meth:`KeyboardEngine.read`, which takes a field name of :data:`FIELDS`.
"""

from __future__ import annotations

from abc import abstractmethod

from host.engines.base import Engine, EngineReply
from host.errors import SurroundError
from host.game.rules import RESULTS, Move, Position

#: the fields of the game's state that the protocol reads (each engine maps them to its program):
#: waiting (1 while the program waits for a key), lines (lines read so far), games (games
#: started), result (0 while a game runs, else 1-4 as in rules.RESULTS), sheep_moves (in this
#: game), asking (1 while a yes/no question waits), input_error (why the last line was refused,
#: 0: it was not), wolf_from/wolf_to (the wolf's last move, wolf_to 0: none), sheep_a/sheep_b/
#: sheep_c and wolf (the position)
FIELDS = (
    "waiting", "lines", "games", "result", "sheep_moves", "asking", "input_error",
    "wolf_from", "wolf_to", "sheep_a", "sheep_b", "sheep_c", "wolf",
)

#: input_error codes (ERR_... in asm/surround/board.s, EC in basic/surround.lst) -> what the screen says
INPUT_ERRORS = {
    1: "the points are numbered 1 to 11",
    2: "there is no sheep on the source point",
    3: "no line joins the two points",
    4: "the target point is taken",
    5: "a sheep may not move back",
    6: "not of the form FROM,TO",
    7: "the game is over",
}


class KeyboardEngine(Engine):
    """A game program typed at through the keyboard and read through one hook."""

    #: counters that wrap around in the program (field -> modulus); unlisted ones never wrap
    counter_wrap: dict[str, int] = {}

    @abstractmethod
    def read(self, field: str) -> int:
        """The program's value of ``field`` (one of FIELDS) now."""

    @abstractmethod
    def type_keys(self, text: str) -> None:
        """Type keys (\\n = RETURN) and run until the program waits for a key again."""

    # ------------------------------------------------------------------ the protocol

    def expect_waiting(self, when: str) -> None:
        """SurroundError unless the program waits for a key (``when`` says at what point)."""
        if self.read("waiting") != 1:
            raise SurroundError(f"{self.name} engine: the program does not wait for a key {when}")

    def type_line(self, text: str, enter: bool = True) -> None:
        """Type one line and RETURN (a command key N, C, Y or H alone without: it acts at once);
        check that the program read it and waits again."""
        before = self.read("lines")
        self.type_keys(text + ("\n" if enter else ""))
        if self.read("lines") != self._next_count("lines", before):
            raise SurroundError(f"{self.name} engine: the program did not read the line {text!r}")
        self.expect_waiting(f"after {text!r}")

    def _next_count(self, field: str, before: int) -> int:
        wrap = self.counter_wrap.get(field)
        return before + 1 if wrap is None else (before + 1) % wrap

    def position(self) -> Position:
        """The position the program holds now."""
        return Position((self.read("sheep_a"), self.read("sheep_b"), self.read("sheep_c")), self.read("wolf"))

    def new_game(self) -> None:
        """N (and Y when a game is under way), as a player starts a new game."""
        games = self.read("games")
        under_way = self.read("result") == 0 and self.read("sheep_moves") > 0
        self.type_line("N", enter=False)
        if under_way:
            if self.read("asking") != 1:
                raise SurroundError(f"{self.name} engine: N during a game did not ask whether to abandon it")
            self.type_line("Y", enter=False)
        if self.read("games") != self._next_count("games", games) or self.read("sheep_moves") != 0:
            raise SurroundError(f"{self.name} engine: the N command did not start a new game")

    def enter_move(self, src: int, dst: int) -> None:
        """Type the sheep's move and RETURN."""
        self.type_line(f"{src},{dst}")

    def sheep_move(self, src: int, dst: int) -> EngineReply:
        self.enter_move(src, dst)
        error = self.read("input_error")
        if error:
            reason = INPUT_ERRORS.get(error, f"error code {error}")
            raise SurroundError(f"{self.name} engine refused the sheep move {src},{dst}: {reason}")
        result = self.read("result")
        if not 0 <= result <= len(RESULTS):
            raise SurroundError(f"{self.name} engine: the game's result holds {result}, not 0-{len(RESULTS)}")
        target = self.read("wolf_to")
        wolf_move = Move(self.read("wolf_from"), target) if target else None
        return EngineReply(wolf_move, RESULTS[result - 1] if result else None, self.blacklist_bytes(), self.position())
