"""basic/surround.lst: what real Atari BASIC accepts, and its arithmetic checked in Python.

The program runs in the emulator once the free BASIC can run it (issue 10's basic engine);
until then these tests check what can be checked without an interpreter: the limits of
Atari BASIC, the canonical LIST form, the tables in its DATA lines against the rules, its
texts against the 6502 game, and its hash and black-list arithmetic, evaluated statement by
statement with the math-pack model for every position.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from host import atari_fp as fp
from host import rules
from host.atari_basic import list_program, listing_bytes, read_listing_file
from host.atari_basic import tokens as T
from tests.basic_eval import Evaluator

ROOT = Path(__file__).resolve().parents[1]
LISTING = ROOT / "basic" / "surround.lst"


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
    from host.atari_basic.lister import list_line

    return list_line(program.lines[number], program.variables.names)


def test_board_tables_match_the_rules_and_the_6502_screen(program):
    values = iter(data_numbers(program, 200, 202))
    screen = (ROOT / "asm" / "surround" / "screen.s").read_text()
    rows = [int(v) for v in re.search(r"PTROW:\s*\.byte ([\d, ]+)", screen).group(1).split(",")]
    for point in rules.POINTS:
        count = next(values)
        neighbours = tuple(next(values) for _ in range(count))
        column, x, y = next(values), next(values), next(values)
        assert neighbours == tuple(sorted(rules.NEIGHBOURS[point]))
        assert column == rules.COLUMN[point]
        assert y == 2 + rows[point]            # ROW_BOARD + PTROW
    assert data_numbers(program, 220, 220) == [bin(n).count("1") for n in range(16)]


def test_board_picture_matches_the_6502_game(program):
    screen = (ROOT / "asm" / "surround" / "screen.s").read_text()
    picture = re.findall(r'\.byte "([^"]*)"', screen.split("BOARDPIC:")[1])[:9]
    data = [list_program_line(program, number).split("DATA ", 1)[1] for number in range(1600, 1681, 10)]
    assert [row.replace(".", " ") for row in data] == [row.replace("\\\\", "\\") for row in picture]


def test_texts_are_the_6502_games(program):
    texts = (ROOT / "asm" / "surround" / "texts.s").read_text()
    listing = LISTING.read_text()
    plain = [text for text in re.findall(r'\.byte "([^"]*)", ENDTXT', texts)]
    assert len(plain) >= 15
    for text in plain:
        assert text in listing, text


def run(program, evaluator: Evaluator, first: int) -> None:
    for number in sorted(n for n in program.lines if n >= first):
        if not evaluator.run_line(program.lines[number]):
            return


def test_hash_lines_compute_nr_of_every_position(program):
    """Lines 7000-7020 (the seed's formula), in Atari floating point, for all 1320 positions."""
    evaluator = Evaluator(program.variables.names)
    for nr in range(1, rules.NR_COUNT + 1):
        position = rules.position_of(nr)
        for name, value in zip(("H1", "H2", "H3", "HW"), (*position.sheep, position.wolf)):
            evaluator.numbers[name] = fp.from_int(value)
        run(program, evaluator, 7000)
        assert evaluator.numbers["NR"] == fp.from_int(nr), position


def test_black_list_bit_test_and_set(program):
    """Lines 7100-7120 (is NR on the list?) and 6220 (put it on) against the rules' layout."""
    rng = random.Random(10)
    evaluator = Evaluator(program.variables.names)
    power = [fp.from_int(1)]
    for _ in range(8):  # line 150: BIT(I)=BIT(I-1)*2
        power.append(fp.mul(power[-1], fp.from_int(2)))
    evaluator.arrays["BIT("] = power
    data = bytearray(rng.randrange(256) for _ in range(rules.BLACKLIST_BYTES))
    evaluator.strings["BL$"] = bytearray(data)
    for nr in range(1, rules.NR_COUNT + 1):
        evaluator.numbers["NR"] = fp.from_int(nr)
        run(program, evaluator, 7100)
        on_list = bool(data[(nr - 1) // 8] >> ((nr - 1) % 8) & 1)
        assert evaluator.numbers["V"] == fp.from_int(int(on_list)), nr
        if not on_list:
            evaluator.run_line(program.lines[6220], count=1)  # BL$(BY,BY)=CHR$(BV+BIT(BT))
            data[(nr - 1) // 8] |= 1 << ((nr - 1) % 8)
            assert evaluator.strings["BL$"] == data, nr


def test_start_position_and_examples(program):
    evaluator = Evaluator(program.variables.names)
    for sheep, wolf, nr in (((1, 2, 4), 6, 602), ((6, 8, 10), 11, 1310), ((8, 9, 10), 11, 1320)):
        for name, value in zip(("H1", "H2", "H3", "HW"), (*sheep, wolf)):
            evaluator.numbers[name] = fp.from_int(value)
        run(program, evaluator, 7000)
        assert fp.to_int(evaluator.numbers["NR"]) == nr


def test_variables_the_harness_reads_exist(program):
    names = set(program.variables.names)
    wanted = {"SHA", "SHB", "SHC", "WOLF", "MOVES", "RESULT", "BL$", "LEARNED", "LNR", "LFLAG",
              "WFROM", "WTO", "SWINS", "WWINS", "GAMES", "KWAIT", "LINES", "PSA", "PSB", "PSC", "PWOLF"}
    assert wanted <= names, wanted - names
