"""Issue 17, item 3: a failed save of SURROUND.BLK at the end of a game is seen. On a
write-protected disk the 6502 game's "SURROUND.BLK NOT SAVED: ERROR 144." stands on its own
row (22), below the input field, and is not overwritten by the result (row 19); the next
save that succeeds blanks it. The BASIC game shows its failure too."""

from __future__ import annotations

from pathlib import Path

import pytest

from host.game.records import parse_game, sheep_moves_of
from host.game.rules import Blacklist, Move, apply_sheep_move
from tests.game_support import SEED_EXAMPLE, forcing_blacklist

RESULT_ROW, SAVE_ROW = 19, 22
NOT_SAVED = "SURROUND.BLK NOT SAVED: ERROR 144."


@pytest.fixture(scope="module")
def disk(tmp_path_factory) -> Path:
    from host.toolchain.disk import build_disk

    image = tmp_path_factory.mktemp("disk") / "surround.atr"
    build_disk(image)
    return image


def play_the_seeds_example(engine) -> None:
    """The example game, the wolf steered by the black list; the trap teaches NR 1310."""
    positions = parse_game(SEED_EXAMPLE)
    moves = sheep_moves_of(positions)
    for turn, sheep_move in enumerate(moves):
        after_sheep = apply_sheep_move(positions[2 * turn], sheep_move)
        if turn < len(moves) - 1:
            wanted = Move(after_sheep.wolf, positions[2 * turn + 2].wolf)
            engine.load_blacklist(forcing_blacklist(Blacklist(), after_sheep, wanted))
        else:
            engine.load_blacklist(Blacklist().to_bytes())
        engine.sheep_move(*sheep_move)


def rows(engine) -> list[str]:
    return engine.screen_text().replace("█", " ").splitlines()


def asm_game(image: Path):
    from host.engines.asm import AsmEngine

    return AsmEngine(seed=3, disk=image)


def basic_game(image: Path):
    from host.engines.basic import BasicEngine

    return BasicEngine(seed=3, disk=image)


def asm_reset_keeps_the_failure_and_c_saves(engine) -> None:
    engine.atari.reset(warm=True)  # RESET redraws the game as it stood, the failure included
    engine.atari.run_until_idle()
    assert NOT_SAVED in rows(engine)[SAVE_ROW]
    engine.atari.write_protect(1, False)  # the tab slid back: C saves, and the row is blank again
    engine.atari.type_text("C")  # a command key: no RETURN
    engine.atari.type_text("Y")


def basic_c_saves(engine) -> None:
    engine.atari.write_protect(1, False)  # a save that works blanks the row again
    engine.load_blacklist(Blacklist().to_bytes())
    engine.new_game()
    engine.atari.type_text("C", max_frames_per_key=3600)  # command keys: no RETURN
    engine.atari.type_text("Y", max_frames_per_key=3600)


@pytest.mark.parametrize("make_engine, then_save", [(asm_game, asm_reset_keeps_the_failure_and_c_saves),
                                                    (basic_game, basic_c_saves)], ids=["asm", "basic"])
def test_the_game_on_a_write_protected_disk_shows_the_failed_save_with_the_result(
    disk: Path, tmp_path: Path, make_engine, then_save
) -> None:
    image = tmp_path / "protected.atr"
    image.write_bytes(disk.read_bytes())
    engine = make_engine(image)
    engine.atari.write_protect(1)
    before = image.read_bytes()
    play_the_seeds_example(engine)
    screen = rows(engine)
    assert "THE WOLF IS TRAPPED - THE SHEEP WIN!" in screen[RESULT_ROW], "\n".join(screen)
    assert NOT_SAVED in screen[SAVE_ROW], "\n".join(screen)
    assert image.read_bytes() == before
    then_save(engine)
    assert rows(engine)[SAVE_ROW].strip() == "", "blanked only by a save that succeeded"
