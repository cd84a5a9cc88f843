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


def test_train_records_the_black_list_per_block_and_plots_it(tmp_path, capsys):
    import json

    from host.cli import main

    assert main(["train", "--games", "60", "--block", "20", "--sheep", "random", "--json"]) == 0
    blocks = json.loads(capsys.readouterr().out)["blocks"]
    sizes = [b["blacklist"] for b in blocks]
    assert len(sizes) == 3 and sizes == sorted(sizes)  # the black list only grows
    pytest.importorskip("matplotlib")
    target = tmp_path / "train.png"
    assert main(["train", "--games", "40", "--block", "10", "--plot", str(target)]) == 0
    assert target.read_bytes()[:4] == b"\x89PNG"


def test_pictures_refuses_a_folder_it_cannot_make(tmp_path, capsys):
    from host.cli import main

    pytest.importorskip("matplotlib")
    (tmp_path / "file").write_text("")
    assert main(["lab", "pictures", "--dir", str(tmp_path / "file" / "pictures")]) == 2
    assert "cannot make the folder" in capsys.readouterr().err


def test_pictures_lists_every_picture_the_docs_show():
    from pathlib import Path

    from host.commands.lab import PICTURES

    docs = (Path(__file__).parent.parent / "docs" / "lab.md").read_text() + \
        (Path(__file__).parent.parent / "README.md").read_text()
    shown = {name for name, _ in PICTURES if f"images/{name}" in docs}
    assert shown == {name for name, _ in PICTURES}
