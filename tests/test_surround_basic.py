"""basic/surround.lst: what real Atari BASIC accepts, and its routines checked in Python.

The limits of Atari BASIC, the canonical LIST form, the tables in its DATA lines against the
rules and the 6502 screen, its texts against the 6502 game; and its hash and black-list
routines for every position, run on the Python model of the BASIC runtime
(tests/basic_model_support.py, every number through the math-pack model). Whole games against the
reference: tests/test_surround_basic_model.py; on the free BASIC in the emulator:
tests/test_surround_basic_emulator.py.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from host.atari import fp
from host.atari.basic import list_program, listing_bytes, read_listing_file
from host.atari.basic import tokens as T
from host.game import rules
from tests.basic_model_support import BasicModel

ROOT = Path(__file__).resolve().parents[1]
LISTING = ROOT / "basic" / "surround.lst"
HASH, BIT_TEST, LESSON = 110, 140, 400  # the program's routines (see its REM lines)


@pytest.fixture(scope="module")
def program():
    return read_listing_file(LISTING)


def statements_of(line: bytes):
    position = 3
    while position < len(line):
        yield line[position + 1]
        position = line[position]


def test_only_what_real_atari_basic_accepts(program):
    text = LISTING.read_text(encoding="ascii")
    assert all(len(line) <= 120 for line in text.splitlines())
    assert len(program.variables.names) <= T.MAX_VARIABLES
    assert all(len(line) <= 255 for line in program.lines.values())
    for line in program.lines.values():
        assert T.S_ERROR not in set(statements_of(line))


def test_listing_is_what_list_prints(program):
    assert listing_bytes(list_program(program)) == LISTING.read_bytes()


def data_numbers(program, first: int, last: int) -> list[int]:
    values: list[int] = []
    for number in sorted(program.lines):
        if first <= number <= last:
            text = list_program_line(program, number)
            values += [int(item) for item in text.split("DATA ", 1)[1].split(",")]
    return values


def list_program_line(program, number: int) -> str:
    from host.atari.basic.lister import list_line

    return list_line(program.lines[number], program.variables.names)


def test_board_tables_match_the_rules_and_the_6502_screen(program):
    values = iter(data_numbers(program, 9100, 9102))
    screen = (ROOT / "asm" / "surround" / "screen.s").read_text()
    rows = [int(v) for v in re.search(r"PTROW:\s*\.byte ([\d, ]+)", screen).group(1).split(",")]
    for point in rules.POINTS:
        count = next(values)
        neighbours = tuple(next(values) for _ in range(count))
        column, _x, y = next(values), next(values), next(values)
        assert neighbours == tuple(sorted(rules.NEIGHBOURS[point]))
        assert column == rules.COLUMN[point]
        assert y == 2 + rows[point]            # ROW_BOARD + PTROW
    assert data_numbers(program, 9120, 9120) == [bin(n).count("1") for n in range(16)]


def test_board_picture_matches_the_6502_game(program):
    screen = (ROOT / "asm" / "surround" / "screen.s").read_text()
    picture = re.findall(r'\.byte "([^"]*)"', screen.split("BOARDPIC:")[1])[:9]
    data = [list_program_line(program, number).split("DATA ", 1)[1] for number in range(1600, 1681, 10)]
    assert [row.replace(".", " ") for row in data] == [row.replace("\\\\", "\\") for row in picture]


#: the one text BASIC cannot have: the footer names the HELP key, which never reaches BASIC's
#: GET #1 (the OS only sets HELPFG), so the BASIC footer offers "H: RULES" instead
NOT_IN_BASIC = re.compile(r"TXT_HELP$")


def test_texts_are_the_6502_games(program):
    texts = (ROOT / "asm" / "surround" / "texts.s").read_text()
    listing = LISTING.read_text()
    labelled = re.findall(r'^(\w+):\s*\.byte "([^"]*)", ENDTXT', texts, flags=re.MULTILINE)
    plain = [text for label, text in labelled if not NOT_IN_BASIC.match(label)]
    assert len(plain) >= 35
    for text in plain:
        assert text in listing, text


@pytest.fixture(scope="module")
def model(program):
    """The program RUN on the Python model up to its first prompt (tables set up)."""
    running = BasicModel(program, seed=7)
    running.run()
    return running


def set_numbers(model: BasicModel, **values: int) -> None:
    for name, value in values.items():
        model.scalars[name] = fp.from_int(value)


def test_hash_routine_computes_nr_of_every_position(model):
    """GOSUB 110 (the seed's formula, line 130) in Atari floating point, all 1320 positions."""
    for nr in range(1, rules.NR_COUNT + 1):
        position = rules.position_of(nr)
        set_numbers(model, H1=position.sheep[0], H2=position.sheep[1], H3=position.sheep[2], HW=position.wolf)
        model.call(HASH)
        assert model.number("NR") == fp.from_int(nr), position


def test_black_list_bit_test_and_lesson(model):
    """GOSUB 140 (is NR on the list?) for every NR, and GOSUB 400 (the lesson) puts a
    position on the list, counts it and saves the 165 bytes."""
    rng = random.Random(10)
    data = bytearray(rng.randrange(256) for _ in range(rules.BLACKLIST_BYTES))
    model.strings["BL$"].data[:] = data
    for nr in range(1, rules.NR_COUNT + 1):
        set_numbers(model, NR=nr)
        model.call(BIT_TEST)
        on_list = bool(data[(nr - 1) // 8] >> ((nr - 1) % 8) & 1)
        assert model.number("V") == fp.from_int(int(on_list)), nr
    for nr in (1, 602, 1310, 1320, 602):
        model.scalars["LFLAG"] = fp.from_int(0)
        position = rules.position_of(nr)
        learned = int(model.value("LEARNED"))
        set_numbers(model, PSA=position.sheep[0], PSB=position.sheep[1], PSC=position.sheep[2], PWOLF=position.wolf)
        was_on = bool(data[(nr - 1) // 8] >> ((nr - 1) % 8) & 1)
        model.call(LESSON)
        data[(nr - 1) // 8] |= 1 << ((nr - 1) % 8)
        assert model.string("BL$") == data
        assert int(model.value("LEARNED")) == learned + (not was_on)
        if not was_on:  # a new lesson: shown, counted, saved; a known position teaches nothing
            assert int(model.value("LNR")) == nr and int(model.value("LFLAG")) == 1
            assert model.files["D:SURROUND.BLK"] == data


def test_start_position_and_examples(model):
    for sheep, wolf, nr in (((1, 2, 4), 6, 602), ((6, 8, 10), 11, 1310), ((8, 9, 10), 11, 1320)):
        set_numbers(model, H1=sheep[0], H2=sheep[1], H3=sheep[2], HW=wolf)
        model.call(HASH)
        assert int(model.value("NR")) == nr


def test_variables_the_harness_reads_exist(program):
    names = set(program.variables.names)
    wanted = {"SHA", "SHB", "SHC", "WOLF", "SMOVES", "RESULT", "BL$", "LEARNED", "LNR", "LFLAG",
              "WFROM", "WTO", "SWINS", "WWINS", "GAMES", "KWAIT", "LINES", "PSA", "PSB", "PSC", "PWOLF"}
    assert wanted <= names, wanted - names
