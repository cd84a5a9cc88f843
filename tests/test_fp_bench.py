"""host/bench/fp.py (surround bench --fp): it runs and reports cycles (not a timing test)."""

from __future__ import annotations

import json

import pytest

from host.atari import fp
from host.bench import fp as fp_bench
from tests.mathpack_support import math_pack_images


@pytest.fixture(scope="module")
def os_rom() -> bytes:
    return math_pack_images().os_rom  # an OS that does not assemble fails here (no skip)


def test_measure_on_a_couple_of_operands(os_rom: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fp_bench, "PAIRS", (("1.234567891", "-9.876543219"), ("55555.55555", "4444.444444")))
    figures = fp_bench.measure(os_rom, routines=("FADD", "FMUL", "FDIV", "AFP"))
    cycles = figures["cycles_per_call"]
    written = ["FADD", "FMUL", "FDIV", "AFP"]
    assert set(cycles) == set(written)
    assert all(figures["calls"][name] == 4 for name in written)
    assert all(0 < cycles[name] < fp_bench.MAX_CYCLES for name in written)
    json.dumps(figures)


def test_the_operands_are_ten_digit_numbers() -> None:
    for a, b in fp_bench.PAIRS:
        for text in (a, b):
            value = fp.from_decimal(text)
            assert len(str(fp.to_decimal(value)).replace("-", "").replace(".", "").lstrip("0").split("E")[0]) >= 9


def test_cli_prints_json(os_rom: bytes, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    from host.cli import main

    monkeypatch.setattr(fp_bench, "build_our_os", lambda: os_rom)
    monkeypatch.setattr(fp_bench, "PAIRS", (("1.234567891", "-9.876543219"),))
    monkeypatch.setattr(fp_bench, "MEASURES", {"FADD": fp_bench.MEASURES["FADD"]})
    assert main(["bench", "--fp", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert "cycles_per_call" in figures
