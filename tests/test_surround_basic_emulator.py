"""basic/surround.lst's own hash routine (lines 110-130) run by the free BASIC in the emulator.

A driver loop around the program's lines computes NR for every one of the 1320 positions on
the 6502 runtime (tokenized by host/atari/basic, laid out in memory by the runtime's test
support) and POKEs each into memory; every one must equal the reference's NR.
"""

from __future__ import annotations

from pathlib import Path

from emulator.headless import MachineOptions
from host.atari.basic import enter_listing
from host.atari.basic.lister import list_line
from host.game import rules
from tests.basic_runtime_support import BasicRunner, Images

ROOT = Path(__file__).resolve().parents[1]
RESULTS = 0x4000  # free RAM far above the small driver program
DRIVER = """\
10 A=16384:FOR HW=1 TO 11:FOR H1=1 TO 9:FOR H2=H1+1 TO 10:FOR H3=H2+1 TO 11
20 IF H1=HW OR H2=HW OR H3=HW THEN 40
30 GOSUB 110:POKE A,NR-256*INT(NR/256):POKE A+1,INT(NR/256):A=A+2
40 NEXT H3:NEXT H2:NEXT H1:NEXT HW
50 END
"""


def hash_lines() -> str:
    game = enter_listing((ROOT / "basic" / "surround.lst").read_bytes())
    names = game.variables.names
    return "\n".join(list_line(game.lines[number], names) for number in sorted(game.lines) if 110 <= number < 140)


def test_the_programs_hash_routine_gives_every_nr(tmp_path_factory):
    program = enter_listing(DRIVER + hash_lines())
    program.enter_line("RUN")
    runner = BasicRunner(Images(tmp_path_factory.mktemp("surround-basic-roms")))
    runner.load(program)
    runner.atari.machine.start_program(runner.label("EXECUTE"))
    assert runner.atari.run_until_idle(60_000), "the driver did not finish"
    assert "ERROR" not in runner.atari.screen_text(), runner.atari.screen_text()
    got = [runner.atari.peek(RESULTS + 2 * i) | runner.atari.peek(RESULTS + 2 * i + 1) << 8 for i in range(1320)]
    expected = [
        rules.nr_of((s1, s2, s3), wolf)
        for wolf in range(1, 12)
        for s1 in range(1, 10)
        for s2 in range(s1 + 1, 11)
        for s3 in range(s2 + 1, 12)
        if wolf not in (s1, s2, s3)
    ]
    assert got == expected


def test_lockstep_games_on_the_free_basic():
    """Whole games of SURROUND.BAS on the free BASIC in the emulator through the product's
    basic engine (typed at, read by variable name), checked move by move against the reference."""
    from host.engines.harness import LockstepChecker
    from host.game.players import parse_sheep_spec
    from tests.basic_engines_support import emulator_engine

    with emulator_engine(seed=1) as engine:
        summary = LockstepChecker(engine, parse_sheep_spec("mix:0.5", seed=1)).run(3)
        figures = engine.move_wait_figures()
    assert summary.mismatch is None, summary.mismatch.report()
    assert summary.final_blacklists_equal and summary.wolf_moves > 10
    # what `surround bench --engine basic` reports: emulated time from RETURN to the prompt
    assert 0 < figures["emulated_seconds_per_move"] <= figures["emulated_seconds_longest_move"]


def test_the_free_basic_and_the_model_show_the_same_screens(tmp_path):
    """Lines that are refused or edited (DELETE, CLEAR, an overlong line, letters): the free
    BASIC in the emulator and the Python model of the runtime - two independent readings of
    Atari BASIC - leave the same screen, cell for cell."""
    from emulator.atascii import ATASCII_TO_UNICODE
    from tests.basic_engines_support import ModelEngine, emulator_engine

    # ATASCII: $7E is DELETE BACK S, $7D CLEAR (the emulator types them by their Unicode signs)
    # (N, C, Y and H as a line's first key act at once: here they come after a space)
    lines = ["9,9", "12\x7e\x7e\x7e1,1", " HELLO", "3,5", "1234567890" * 4, "X\x7d N", "2,3\x7e9", " Y", " 4 , 4 "]
    model = ModelEngine(seed=5)  # with a D: that holds no SURROUND.BLK yet, as the folder below
    with emulator_engine(seed=5, files=tmp_path) as engine:
        assert engine.screen_text() == model.model.screen.unicode_text()
        for text in lines:
            engine.type_line("".join(ATASCII_TO_UNICODE[ord(c)] if c in "\x7d\x7e" else c for c in text))
            model.type_line(text)
            assert engine.screen_text() == model.model.screen.unicode_text(), text
            assert engine.var("EC") == model.var("EC"), text


def test_the_seeds_example_game_teaches_nr_1310_on_the_free_basic(tmp_path_factory):
    """The seed's example game on SURROUND.BAS in the emulator (free BASIC, the OS's math pack):
    its RND (F_RND in the cartridge) is answered with the fraction that picks the recorded wolf
    move among the program's own candidates GD() (or MV() when none is good), as
    tests/test_surround_basic_model.py does on the model. The trap must teach 6,8,10-11."""
    from decimal import Decimal

    from host.atari import fp as atari_fp
    from host.engines.basic import BasicEngine
    from host.game.rules import Blacklist, Position, nr_of
    from tests.basic_whole_support import WholeImages
    from tests.game_support import SEED_EXAMPLE

    images = WholeImages(tmp_path_factory.mktemp("example"))
    positions = [Position.parse(text) for text in SEED_EXAMPLE.split()]
    wanted = iter(after.wolf for after in positions[2::2])
    state: dict = {}

    def rnd_trap(atari):
        ram = atari.machine.memory.ram

        def trap(cpu) -> int:
            engine = state["engine"]  # RND is first called in a wolf's turn, after the start
            good = engine.var("NG")
            array, count = ("GD(", good) if good else ("MV(", engine.var("NM"))
            targets = [int(engine.element(array, index)) for index in range(count)]
            fraction = (Decimal(targets.index(state["target"])) + Decimal("0.5")) / count
            ram[0xD4:0xDA] = atari_fp.from_decimal(fraction)
            low, high = ram[0x100 | ((cpu.sp + 1) & 0xFF)], ram[0x100 | ((cpu.sp + 2) & 0xFF)]
            cpu.sp = (cpu.sp + 2) & 0xFF
            cpu.pc = ((low | high << 8) + 1) & 0xFFFF  # RTS
            return 50
        return trap

    def prepare(atari) -> None:
        from emulator.cpu import TRAP_OPCODE

        address = images.labels["f_rnd"]
        atari.machine.memory.add_patch(address, TRAP_OPCODE)
        atari.machine.cpu.traps[address] = rnd_trap(atari)

    machine = MachineOptions(os_rom=images.os_rom, basic_rom=images.basic_rom)
    with BasicEngine(seed=1, machine=machine, prepare=prepare) as engine:
        state["engine"] = engine
        for index in range(0, len(positions) - 1, 2):
            before, after = positions[index], positions[index + 1]
            src, = set(before.sheep) - set(after.sheep)
            dst, = set(after.sheep) - set(before.sheep)
            state["target"] = next(wanted, 0)
            reply = engine.sheep_move(src, dst)
            if reply.wolf_move is not None:
                assert reply.position == positions[index + 2]
        assert reply.result == "trapped"
        assert engine.var("LNR") == 1310 == nr_of((6, 8, 10), 11)
        assert Blacklist(engine.blacklist_bytes()).nrs() == [1310]
        assert "LEARNED: 6,8,10-11 IS LOST (NR 1310)" in engine.screen_text()
