"""Pictures of the lab's runs (PNG). They need matplotlib, the optional 'plots' extra."""

from __future__ import annotations

import io
import os
from pathlib import Path

from emulator.files import make_folder_for
from host.errors import SurroundError
from host.files import write_atomically


def pyplot():
    """matplotlib's pyplot on the file-only Agg backend, or a clear message."""
    try:
        import matplotlib
    except ModuleNotFoundError:
        from host.resources import install_hint

        raise SurroundError(f"pictures need matplotlib: {install_hint('plots', 'matplotlib')}") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def check_target(path: str | os.PathLike) -> Path:
    """A picture's file name must end in .png; its folder is made if missing."""
    target = Path(path)
    if target.suffix.lower() != ".png":
        raise SurroundError(f"{target}: pictures are written as PNG; give the file a .png name")
    try:
        make_folder_for(target)
    except OSError as error:
        raise SurroundError(f"{target}: cannot make its folder {target.parent} ({error.strerror})") from None
    return target


def save(figure, path: str | os.PathLike) -> None:
    """Write the figure atomically as a PNG and close it."""
    target = check_target(path)
    image = io.BytesIO()
    try:
        figure.savefig(image, format="png", dpi=110, bbox_inches="tight")
    finally:
        pyplot().close(figure)
    write_atomically(target, image.getvalue())


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


def plot_game_tree(path, root, visited: set[int], title: str) -> None:
    """A game tree, leaves spread evenly, each node with its piles and minimax value; Max rows
    and Min rows labelled, nodes that alpha-beta cuts off drawn pale and dashed."""
    plt = pyplot()
    positions: dict[int, tuple[float, int]] = {}
    leaves = [0]

    def place(node, depth: int) -> float:
        if node.children:
            xs = [place(child, depth + 1) for child in node.children]
            x = (xs[0] + xs[-1]) / 2
        else:
            x = float(leaves[0])
            leaves[0] += 1
        positions[id(node)] = (x, depth)
        return x

    place(root, 0)
    depth = max(d for _, d in positions.values())
    figure, axes = plt.subplots(figsize=(max(7.0, 1.05 * leaves[0]), 1.25 * (depth + 1) + 0.8))

    def draw(node) -> None:
        x, d = positions[id(node)]
        for child in node.children:
            cx, cd = positions[id(child)]
            cut = id(child) not in visited
            axes.plot([x, cx], [-d, -cd], color="0.75" if cut else "0.3", lw=1, ls="--" if cut else "-", zorder=1)
            draw(child)
        cut = id(node) not in visited
        colour = "#cfe8cf" if node.value > 0 else "#f4cccc"
        label = "-".join(map(str, node.piles)) + f"\n{node.value:+d}"
        axes.text(x, -d, label, ha="center", va="center", fontsize=8, zorder=2, alpha=0.45 if cut else 1.0,
                  bbox=dict(boxstyle="round,pad=0.3", fc=colour, ec="0.6" if cut else "0.2", ls="--" if cut else "-"))

    draw(root)
    for d in range(depth + 1):
        axes.text(-0.9, -d, "Max" if d % 2 == 0 else "Min", ha="right", va="center", fontsize=9, weight="bold")
    axes.set_xlim(-1.6, leaves[0] - 0.4)
    axes.set_ylim(-depth - 0.6, 0.6)
    axes.axis("off")
    axes.set_title(title, fontsize=10)
    save(figure, path)


def plot_node_counts(path, figures) -> None:
    """Nodes visited by minimax and by alpha-beta for each pile size (log scale)."""
    plt = pyplot()
    figure, axes = plt.subplots(figsize=(6.4, 3.8))
    coins = [f.coins for f in figures]
    axes.semilogy(coins, [f.nodes_minimax for f in figures], "o-", label="minimax (complete tree)")
    axes.semilogy(coins, [f.nodes_alphabeta for f in figures], "s-", label="alpha-beta")
    losing = [f.coins for f in figures if f.value < 0]
    for k, lost in enumerate(losing):
        axes.axvspan(lost - 0.4, lost + 0.4, color="tab:red", alpha=0.12, lw=0,
                     label="first player loses" if k == 0 else None)
    axes.set_xlabel("coins n")
    axes.set_ylabel("nodes visited")
    axes.set_xticks(coins)
    axes.set_title("Grundy's game: nodes visited by minimax and alpha-beta")
    axes.legend()
    axes.grid(alpha=0.3, which="both")
    save(figure, path)


def plot_evolution(path, runs: dict, population: int, fitness_games: int) -> None:
    """Best and mean fitness per generation of the genetic algorithm, one colour per opponent."""
    plt = pyplot()
    figure, axes = plt.subplots(figsize=(6.4, 3.8))
    for (name, run), colour in zip(runs.items(), ("tab:blue", "tab:red", "tab:green")):
        generations = [g.number for g in run.history]
        axes.plot(generations, [g.best for g in run.history], color=colour, lw=1.5, label=f"best, vs {name} player")
        axes.plot(generations, [g.mean for g in run.history], color=colour, lw=1, ls="--",
                  label=f"mean, vs {name} player")
    axes.set_xlabel("generation")
    axes.set_ylabel("fitness (points per game)")
    axes.set_ylim(0, 1)
    axes.set_title(f"Tic-tac-toe genomes (seed 004): {population} per generation, {fitness_games} games each")
    axes.legend(fontsize=8)
    axes.grid(alpha=0.3)
    save(figure, path)


def plot_learning(path, title: str, curves, lost_label: str = "lost positions reachable") -> None:
    """Learning curves: the learner's win (solid) and loss (dotted) rate per block against each
    opponent with a perfect player's win rate as a line, and the black list's growth against
    the number of positions it could hold."""
    plt = pyplot()
    figure, (rates, sizes) = plt.subplots(1, 2, figsize=(10.5, 3.8))
    for curve, colour in zip(curves, ("tab:red", "tab:blue", "tab:green")):
        ends = [b["last"] for b in curve.block_results]
        rates.plot(ends, [b["win_rate"] for b in curve.block_results], color=colour, lw=1.5,
                   label=f"learner wins, vs {curve.opponent}")
        rates.plot(ends, [b["loss_rate"] for b in curve.block_results], color=colour, lw=1, ls=":",
                   label=f"learner loses, vs {curve.opponent}")
        rates.axhline(curve.perfect_win_rate, color=colour, lw=0.8, ls="--",
                      label=f"perfect player wins, vs {curve.opponent}")
        sizes.plot(ends, curve.blacklist_after_block, color=colour, lw=1.5, label=f"black list, vs {curve.opponent}")
        sizes.axhline(curve.lost_positions, color=colour, lw=0.8, ls="--",
                      label=(f"{lost_label} ({curve.lost_positions})"
                             if len(curves) == 1 or colour == "tab:red" else None))
    rates.set_ylim(-0.02, 1.02)
    rates.set_xlabel("games")
    rates.set_ylabel("rate per block")
    rates.legend(fontsize=7)
    rates.grid(alpha=0.3)
    sizes.set_xlabel("games")
    sizes.set_ylabel("positions on the black list")
    sizes.set_ylim(bottom=0)
    sizes.legend(fontsize=7)
    sizes.grid(alpha=0.3)
    side = "first" if curves[0].learner_first else "second"
    figure.suptitle(f"Black-list learner on {title} (learner moves {side})", fontsize=11)
    save(figure, path)


def plot_muehle_board(path, position, title: str, notes: list[str] | None = None) -> None:
    """A Mühle board with its stones, point names at the edge, and optional notes beside it."""
    from host.lab.muehle import BLACK, COORDINATES, NEIGHBOURS, WHITE

    plt = pyplot()
    figure, axes = plt.subplots(figsize=(8.6 if notes else 5.2, 5.2))
    for a in range(24):
        for b in NEIGHBOURS[a]:
            if b > a:
                (xa, ya), (xb, yb) = COORDINATES[a], COORDINATES[b]
                axes.plot([xa, xb], [ya, yb], color="0.25", lw=2, zorder=1)
    for p, (x, y) in enumerate(COORDINATES):
        stone = position.board[p]
        if stone == WHITE:
            axes.add_patch(plt.Circle((x, y), 0.32, fc="white", ec="black", lw=1.5, zorder=3))
        elif stone == BLACK:
            axes.add_patch(plt.Circle((x, y), 0.32, fc="black", ec="black", zorder=3))
        else:
            axes.add_patch(plt.Circle((x, y), 0.09, fc="0.25", zorder=2))
    for k, letter in enumerate("abcdefg"):
        axes.text(k, -0.75, letter, ha="center", va="center", fontsize=10)
        axes.text(-0.75, k, str(k + 1), ha="center", va="center", fontsize=10)
    if notes:
        axes.text(7.0, 6.4, "\n".join(notes), ha="left", va="top", fontsize=8.5, family="monospace")
    axes.set_xlim(-1.1, 13.8 if notes else 6.6)
    axes.set_ylim(-1.1, 6.6)
    axes.set_aspect("equal")
    axes.axis("off")
    axes.set_facecolor("#e8d5a9")
    axes.set_title(title, fontsize=10)
    save(figure, path)


def plot_training(path, data: dict) -> None:
    """`surround train --plot`: the wolf's win rate per block against the perfect wolf's, and the
    black list's growth against the positions lost for the wolf (316)."""
    plt = pyplot()
    figure, (rates, sizes) = plt.subplots(1, 2, figsize=(10.5, 3.8))
    ends = [b["last"] for b in data["blocks"]]
    rates.plot(ends, [b["wolf_win_rate"] for b in data["blocks"]], "o-", color="tab:blue", lw=1.5, ms=3,
               label="learning wolf")
    rates.axhline(data["perfect_wolf_win_rate"], color="tab:green", ls="--", lw=1, label="perfect wolf")
    rates.set_ylim(-0.02, 1.02)
    rates.set_xlabel("games")
    rates.set_ylabel("wolf's win rate per block")
    rates.legend(fontsize=8)
    rates.grid(alpha=0.3)
    sizes.plot(ends, [b["blacklist"] for b in data["blocks"]], "o-", color="tab:red", lw=1.5, ms=3,
               label="black list")
    sizes.axhline(data["lost_total"], color="0.3", ls="--", lw=1, label=f"lost positions ({data['lost_total']})")
    sizes.set_ylim(0, data["lost_total"] * 1.08)
    sizes.set_xlabel("games")
    sizes.set_ylabel("positions on the black list")
    sizes.legend(fontsize=8)
    sizes.grid(alpha=0.3)
    figure.suptitle(f"Surround: the {data['engine']} wolf learning against sheep {data['sheep']} "
                    f"(seed {data['seed']})", fontsize=11)
    save(figure, path)
