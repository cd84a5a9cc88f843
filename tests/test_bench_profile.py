"""`surround bench --profile`: where the free BASIC's cycles go (host/bench/profile.py)."""

from __future__ import annotations

import pytest

from host.bench import basic as basic_bench
from host.bench.profile import profile
from host.cli import main as cli_main
from host.errors import SurroundError


def test_the_profile_of_an_empty_for_loop_is_mostly_next() -> None:
    figures = profile(basic_bench.bench_dir() / "rugg1.lst", run=True)
    assert figures["frames"] > 20 and figures["samples"] > 1000
    assert next(iter(figures["self"])) == "x_next", "NEXT is the loop's biggest routine"
    for name, share in figures["self"].items():
        assert 0 < share <= figures["inclusive"].get(name, 100) <= 100


def test_the_profile_of_enter_names_the_tokenizer() -> None:
    figures = profile(basic_bench.bench_dir() / "rugg2.lst")
    assert figures["inclusive"]["syntax"] > 10 and "storeline" in figures["inclusive"]


def test_bad_requests_are_one_line(capsys, tmp_path) -> None:
    with pytest.raises(SurroundError, match="no such listing"):
        profile(tmp_path / "missing.lst")
    assert cli_main(["bench", "--profile-run"]) == 2
    assert "--profile-run needs --profile LISTING" in capsys.readouterr().err
