"""Pictures of the lab's runs (PNG). They need matplotlib, the optional 'plots' extra."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from host.errors import SurroundError


def pyplot():
    """matplotlib's pyplot on the file-only Agg backend, or a clear message."""
    try:
        import matplotlib
    except ModuleNotFoundError:
        raise SurroundError("pictures need matplotlib: python -m pip install -e '.[plots]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def save(figure, path: str | os.PathLike) -> None:
    """Write the figure atomically as a PNG and close it."""
    target = Path(path)
    if target.suffix.lower() != ".png":
        raise SurroundError(f"{target}: pictures are written as PNG; give the file a .png name")
    if not target.parent.exists():
        raise SurroundError(f"{target}: the folder {target.parent} does not exist")
    handle, temporary = tempfile.mkstemp(suffix=".png", dir=target.parent)
    os.close(handle)
    try:
        figure.savefig(temporary, dpi=110, bbox_inches="tight")
        os.replace(temporary, target)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
        pyplot().close(figure)


def plot_elimination(path, title: str, runs) -> None:
    """How many test games the elimination procedure needed, over many runs (every game but
    the last eliminates one alternative, so the count is also the experiment's length)."""
    plt = pyplot()
    figure, axes = plt.subplots(figsize=(6.4, 3.8))
    games = [run.games for run in runs]
    low, high = min(games), max(games)
    bins = range(low, high + 2) if high - low < 40 else 30
    axes.hist(games, bins=bins, color="tab:blue", edgecolor="white", align="left")
    axes.axvline(sum(games) / len(games), color="tab:red", lw=1.5, label=f"mean {sum(games) / len(games):.1f}")
    axes.set_xlabel("test games until the start figure is classified")
    axes.set_ylabel("runs")
    verdicts = sorted({run.favoured for run in runs})
    axes.set_title(f"Robbimat on {title}: {len(runs)} runs, favoured: {', '.join(verdicts)} party")
    axes.legend()
    axes.grid(alpha=0.3)
    save(figure, path)
