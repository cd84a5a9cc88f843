"""The lab's pictures: written as PNG when matplotlib (the 'plots' extra) is there, a clear message otherwise."""

import random

import pytest

from host.errors import SurroundError
from host.lab import plots
from host.lab.elimination import run_elimination
from host.lab.kascha import Kascha


def test_missing_matplotlib_is_a_clear_message(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ModuleNotFoundError(name=name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    with pytest.raises(SurroundError, match=r"\.\[plots\]"):
        plots.pyplot()


def test_elimination_histogram_is_a_png(tmp_path):
    pytest.importorskip("matplotlib")
    runs = [run_elimination(Kascha(3, 2), random.Random(seed)) for seed in range(10)]
    target = tmp_path / "kascha.png"
    plots.plot_elimination(target, "3x2 Kascha", runs)
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert list(tmp_path.iterdir()) == [target]  # no temporary file left behind


def test_picture_names_must_end_in_png(tmp_path):
    pytest.importorskip("matplotlib")
    with pytest.raises(SurroundError, match="PNG"):
        plots.plot_elimination(tmp_path / "x.jpg", "3x2 Kascha", [run_elimination(Kascha(3, 2), random.Random(1))])
