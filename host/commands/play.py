"""`surround play`: you are the sheep, the computer is the learning wolf.

By default the 6502 program plays the wolf in the emulator (window, or terminal without a
display), handed to host.commands.play_asm.play(args); ``--engine basic`` plays the Atari BASIC
program the same way (host.commands.play_basic). With ``--engine reference`` the game is
played right here in the terminal against the Python reference.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING

from host.commands import counted
from host.commands.frontend_options import add_sound_options
from host.commands.machine_options import add_machine_options, refuse_machine_options
from host.engines.registry import engine_names
from host.errors import SurroundError

if TYPE_CHECKING:
    from host.game.blacklist_store import BlacklistStore

RESULT_MESSAGES = {
    "trapped": "The wolf cannot move: it is trapped. The sheep win!",
    "escaped": "Every sheep stands past the wolf: it has escaped. The wolf wins.",
    "time": "That was the sheep's 15th move and the wolf is still free: time is up. The wolf wins.",
    "sheep stuck": "The sheep cannot move any more. The wolf wins.",
}


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "play",
        help="play the sheep against the learning wolf",
        description="Play the three sheep against the computer's wolf, which learns from every game it loses.",
    )
    parser.add_argument(
        "--engine", default="asm", choices=engine_names(),
        help="engine that plays the wolf: asm (the 6502 program in the emulator, default), basic (the Atari "
        "BASIC program basic/surround.lst on the emulator's BASIC) or reference (Python, in this terminal)",
    )
    parser.add_argument(
        "--seed", type=int, default=None,
        help="seed of the wolf's random numbers (default: different every run). The reference wolf "
        "then repeats exactly; the 6502 wolf reads POKEY's RANDOM, which runs on with every CPU "
        "cycle as on a real Atari, so its replies also depend on when your keys arrive",
    )
    parser.add_argument(
        "--blacklist", metavar="FILE",
        help="keep the wolf's black list in FILE instead of the per-user file "
        "(read at the start, replaced atomically after every lesson)",
    )
    parser.add_argument(
        "--empty-blacklist", action="store_true",
        help="start with an empty black list and save nothing (the saved list is left as it is)",
    )
    parser.add_argument(
        "--disk", metavar="IMAGE",
        help="boot this disk image (`surround disk`) through SIO and choose from its menu; "
        "the wolf's black list is SURROUND.BLK on the image",
    )
    parser.add_argument(
        "--frontend", choices=("window", "terminal", "headless"), default=None,
        help="how the emulator shows the game (engines that run in the emulator)",
    )
    add_sound_options(parser)
    add_machine_options(parser, basic_default="free, for --engine basic")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.disk is not None and (args.engine != "asm" or args.blacklist or args.empty_blacklist):
        raise SurroundError("--disk boots the image with the 6502 game, whose black list is SURROUND.BLK "
                            "on the image: leave out --engine reference, --blacklist and --empty-blacklist")
    if args.basic is not None and args.engine != "basic":
        raise SurroundError("--basic chooses the BASIC ROM for --engine basic; add --engine basic or leave --basic out")
    if args.engine != "reference":
        return _play_in_emulator(args)
    if args.frontend is not None:
        raise SurroundError("--frontend chooses how the emulator shows the game; "
                            "--engine reference plays right here in the terminal (leave --frontend out)")
    refuse_machine_options(args, "--engine reference plays right here in the terminal, with no emulated "
                           "machine (leave them out)", ignore=("--basic",))
    from host.commands.signals import ending_signals_exit
    from host.game.blacklist_store import BlacklistStore

    session = TerminalSession(seed=args.seed, store=BlacklistStore.open(args.blacklist, args.empty_blacklist))
    with ending_signals_exit():
        return session.run()


def _play_in_emulator(args: argparse.Namespace) -> int:
    """The 6502 game (host.commands.play_asm) or the BASIC game (host.commands.play_basic)."""
    from host.commands import play_asm, play_basic

    module = {"asm": play_asm, "basic": play_basic}[args.engine]
    return int(module.play(args) or 0)


class TerminalSession:
    """Games of a human sheep against the reference wolf until the player quits."""

    def __init__(
        self,
        seed: int | None = None,
        store: BlacklistStore | None = None,
        read_line: Callable[[str], str] = input,
        write: Callable[[str], None] = print,
    ) -> None:
        from host.engines.reference import ReferenceEngine
        from host.game.blacklist_store import BlacklistStore
        from host.game.players import HumanSheep

        self.engine = ReferenceEngine(seed=seed)
        self.store = store if store is not None else BlacklistStore.open(empty=True)
        self.read_line = read_line
        self.write = write
        self.human = HumanSheep(read_line, write)
        self.sheep_wins = 0
        self.wolf_wins = 0
        self.engine.load_blacklist(self.store.saved)

    def run(self) -> int:
        from host.game.players import QuitGame

        self.write("Surround: move the three sheep to trap the wolf. Sheep never move back (left).")
        for line in self.store.opening_lines():
            self.write(line)
        try:
            while True:
                self.play_one_game()
                answer = self.read_line("Another game? (RETURN = yes, q = quit) ")
                if answer.strip().lower() in ("q", "quit", "n", "no", "exit"):
                    break
        except QuitGame:
            pass
        except EOFError:  # the input ended in the middle of a prompt
            self.write("")
        self.store.flush(self.engine.blacklist_bytes())
        self.write(f"Bye. Sheep won {self.sheep_wins}, wolf won {self.wolf_wins}; "
                   f"the wolf knows {counted(len(self.engine.blacklist), 'lost position')}.")
        self.write(self.store.closing_line() or "The black list is not saved (--empty-blacklist).")
        return 1 if self.store.problem else 0

    def play_one_game(self) -> None:
        from host.commands.board_view import draw_board
        from host.game.game import Game

        engine = self.engine
        engine.new_game()
        game = Game()
        known_before = set(engine.blacklist)
        self.write("")
        self.write(draw_board(game.position))
        while not game.over:
            self.write(f"Sheep move {game.sheep_moves_made + 1} of 15.")
            move = self.human.choose(game)
            game.play_sheep(*move)
            reply = engine.sheep_move(*move)
            self._save_blacklist()
            if reply.wolf_move is not None:
                game.play_wolf(*reply.wolf_move)
                self.write(f"The wolf moves from {reply.wolf_move[0]} to {reply.wolf_move[1]}.")
            self.write("")
            self.write(draw_board(game.position))
        self._finish(game, known_before)

    def _finish(self, game, known_before: set[int]) -> None:
        from host.game.rules import SHEEP, position_of

        self.write(RESULT_MESSAGES[game.result])
        if game.winner == SHEEP:
            self.sheep_wins += 1
        else:
            self.wolf_wins += 1
        for nr in sorted(set(self.engine.blacklist) - known_before):
            self.write(f"The wolf learns: never again into {position_of(nr)} (NR {nr}).")
        self.write(f"Game record: {' '.join(str(p) for p in game.positions())}")
        self._save_blacklist()

    def _save_blacklist(self) -> None:
        """Keep what the wolf learned in its file (merged and replaced atomically when it changed);
        a failure is told and the game goes on."""
        data = self.engine.blacklist_bytes()
        if self.store.path is not None and data != self.store.saved and not self.store.save_if_changed(data):
            self.write(f"NOT SAVED: {self.store.problem}; the game goes on, and the list is saved as soon as "
                       "it can be (at the latest when you quit)")
