"""Issue 28 item 6: the README's measured figures come from one command (`surround bench
--readme`, host/bench/readme.py) and its record docs/figures.json. The README must hold what
the record renders, and the commands must still print the recorded emulated figures (exact on
every host): the math pack's cycles here, the checks' learned positions and the BASIC
benchmarks' emulated seconds with `-m slow`."""

from __future__ import annotations

from pathlib import Path

import pytest

from host.bench import readme

ROOT = Path(__file__).resolve().parents[1]


def test_the_readme_holds_what_the_record_renders() -> None:
    record = readme.load_record(ROOT)
    blocks = readme.readme_blocks((ROOT / "README.md").read_text(encoding="utf-8"))
    assert sorted(blocks) == sorted(readme.BLOCKS)
    for name, render in readme.BLOCKS.items():
        assert blocks[name] == render(record), f"README block {name} is stale: run `surround bench --readme`"


def test_the_record_holds_every_command_and_names_the_machine() -> None:
    record = readme.load_record(ROOT)
    assert record["machine"] and record["date"]
    assert record["commands"] == {name: " ".join(["surround", *args]) for name, args in readme.FIGURE_COMMANDS.items()}
    for name, result in record["results"].items():
        assert set(readme.EMULATED_KEYS[name]) <= set(result)


def test_rewriting_refuses_a_readme_without_its_blocks() -> None:
    with pytest.raises(readme.SurroundError, match="missing"):
        readme.rewrite("no blocks here", readme.load_record(ROOT))


def check_command_still_prints_the_record(name: str) -> None:
    recorded = readme.load_record(ROOT)["results"][name]
    measured = readme.run_figure(name, ROOT)
    assert readme.emulated_figures(name, measured) == readme.emulated_figures(name, recorded), (
        f"surround {' '.join(readme.FIGURE_COMMANDS[name])} prints other emulated figures than "
        "docs/figures.json: run `surround bench --readme`")


def test_the_math_pack_still_takes_the_recorded_cycles() -> None:
    check_command_still_prints_the_record("bench_fp")


@pytest.mark.slow
@pytest.mark.parametrize("name", ["check_asm", "check_basic", "bench_basic"])
def test_the_checks_and_basic_benchmarks_still_print_the_record(name: str) -> None:
    check_command_still_prints_the_record(name)
