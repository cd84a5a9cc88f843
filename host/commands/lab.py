"""`surround lab`: the learning machines of the other seeds (Kascha, Grundy's game, tic-tac-toe, Mühle)."""

from __future__ import annotations

import argparse
import json
import random
from typing import Any

from host.errors import SurroundError


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "lab",
        help="the games lab: Robbimat on Kascha, minimax on Grundy's game, tic-tac-toe, Mühle",
        description="The learning machines of seeds 000, 002, 003 and 004, with the exact solver as referee.",
    )
    games = parser.add_subparsers(dest="lab_game", required=True, metavar="GAME")
    _register_kascha(games)
    _register_grundy(games)
    _register_ttt(games)
    _register_learn(games)
    _register_muehle(games)
    _register_pictures(games)
    parser.set_defaults(handler=_dispatch)


def _dispatch(args: argparse.Namespace) -> int:
    """Check the options, then picture options, before a long run; then run the game's handler."""
    validate = getattr(args, "lab_validate", None)
    if validate is not None:
        validate(args)
    targets = [t for t in (getattr(args, "plot", None), getattr(args, "nodes_plot", None)) if t]
    if targets:
        from host.lab.plots import check_target, pyplot

        pyplot()
        for target in targets:
            check_target(target)
    return args.lab_handler(args)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print a JSON summary instead of text")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--plot", metavar="FILE", help="draw the run as a PNG picture (needs the 'plots' extra)")


def _positive(name: str, value: int, least: int = 1) -> int:
    if value < least:
        raise SurroundError(f"{name} must be at least {least}, not {value}")
    return value


def _emit(args: argparse.Namespace, data: dict, text: str) -> int:
    print(json.dumps(data, indent=2) if args.json else text)
    return 0


# ---------------------------------------------------------------- Kascha (seed 000)

def _register_kascha(games: argparse._SubParsersAction) -> None:
    parser = games.add_parser(
        "kascha", help="Robbimat's elimination procedure on m×n Kascha (seed 000)",
        description="Classify the start of m×n Kascha with Robbimat's elimination procedure and with the exact solver.")
    parser.add_argument("--rows", type=int, default=3, help="m, the number of rows (default 3)")
    parser.add_argument("--cols", type=int, default=2,
                        help="n, the number of columns and of pawns per side (default 2)")
    parser.add_argument("--runs", type=int, default=20, help="independent elimination experiments (default 20)")
    _common(parser)
    parser.set_defaults(lab_handler=_run_kascha)


def _run_kascha(args: argparse.Namespace) -> int:
    from host.engines.harness import progress_bar
    from host.lab.elimination import run_elimination
    from host.lab.game import Solver, deep_recursion, reachable_states
    from host.lab.kascha import Kascha

    _positive("--runs", args.runs)
    if args.rows * args.cols > 20:
        raise SurroundError(
            f"{args.rows}x{args.cols} Kascha is too large for the exact solver here (rows*cols at most 20)"
        )
    game = Kascha(args.rows, args.cols)
    deep_recursion()
    solver = Solver(game)
    solver_favoured = "second" if solver.value(game.start()) < 0 else "first"
    runs = []
    with progress_bar(args.runs, f"elimination {game.name}", quiet=args.json) as bar:
        for run in range(args.runs):
            runs.append(run_elimination(game, random.Random(args.seed * 1_000_003 + run)))
            bar.update()
    verdicts = {run.favoured for run in runs}
    wrong = [entry for run in runs for entry in run.eliminated if _eliminated_wrongly(game, solver, entry)]
    games = [run.games for run in runs]
    data = {
        "game": game.name,
        "rows": args.rows,
        "cols": args.cols,
        "figures": len(reachable_states(game)),
        "favoured": runs[0].favoured if len(verdicts) == 1 else sorted(verdicts),
        "solver_favoured": solver_favoured,
        "solver_moves_to_end": solver.distance(game.start()),
        "agrees_with_solver": verdicts == {solver_favoured},
        "runs": args.runs,
        "games": {"mean": round(sum(games) / len(games), 2), "min": min(games), "max": max(games)},
        "games_per_run": games,
        "eliminated_not_losing": len(wrong),
    }
    if args.plot:
        from host.lab.plots import plot_elimination

        plot_elimination(args.plot, game.name, runs)
    text = "\n".join([
        game.show(game.start()), "",
        f"{game.name}: {data['figures']} figures reachable from the start",
        f"Robbimat's elimination procedure: the {data['favoured']} party is favoured "
        f"({args.runs} runs, {data['games']['mean']} games on average, {data['games']['min']}-{data['games']['max']})",
        f"exact solver: the {solver_favoured} party is favoured "
        f"(with best play the game lasts {data['solver_moves_to_end']} moves)",
        f"every eliminated alternative leads to a lost figure: {'yes' if not wrong else 'NO, ' + str(len(wrong))}",
    ])
    _emit(args, data, text)
    return 1 if wrong or not data["agrees_with_solver"] else 0


def _eliminated_wrongly(game, solver, entry) -> bool:
    """An eliminated alternative must lead to a figure that is won for its mover (a loss alternative)."""
    figure, action = entry
    return solver.value(game.play(figure, action)) <= 0


# ---------------------------------------------------------------- Grundy's game (seed 002)

def _register_grundy(games: argparse._SubParsersAction) -> None:
    parser = games.add_parser(
        "grundy", help="minimax and alpha-beta on Grundy's game (seed 002)",
        description="Minimax values of Grundy's game for one pile of n = 1..MAX coins, with the nodes minimax "
                    "and alpha-beta visit, checked against the known Grundy values.")
    parser.add_argument("--coins", type=int, default=7,
                        help="the pile reported in detail and drawn with --plot (default 7)")
    parser.add_argument("--max", type=int, default=20, help="table for n = 1..MAX (default 20, at most 26)")
    parser.add_argument("--nodes-plot", metavar="FILE", help="draw the node counts of the table as a PNG picture")
    _common(parser)
    parser.set_defaults(lab_handler=_run_grundy, lab_validate=_check_grundy_options)


def _check_grundy_options(args: argparse.Namespace) -> None:
    """Refuse what cannot be done before anything runs (or matplotlib is looked for)."""
    _positive("--coins", args.coins)
    _positive("--max", args.max)
    if args.max > 26 or args.coins > 26:
        raise SurroundError("Grundy's game is searched here for at most 26 coins (alpha-beta grows quickly)")
    if args.plot and args.coins > 9:
        raise SurroundError(f"the game tree of {args.coins} coins is too large to draw; use --coins 9 or fewer")


def _run_grundy(args: argparse.Namespace) -> int:
    from host.engines.harness import progress_bar
    from host.lab.grundy import alphabeta_visited, game_tree, grundy_value, search_figures

    table = []
    with progress_bar(args.max, "grundy", quiet=args.json) as bar:
        for coins in range(1, args.max + 1):
            table.append(search_figures(coins))
            bar.update()
    detail = table[args.coins - 1] if args.coins <= args.max else search_figures(args.coins)
    mismatches = [f.coins for f in table if (f.value > 0) != (grundy_value(f.coins) != 0)]
    data = {
        "coins": args.coins,
        "value": detail.value,
        "first_player": "wins" if detail.value > 0 else "loses",
        "nodes_minimax_for_coins": detail.nodes_minimax,
        "nodes_alphabeta_for_coins": detail.nodes_alphabeta,
        "values": {str(f.coins): f.value for f in table},
        "grundy_values": {str(f.coins): grundy_value(f.coins) for f in table},
        "nodes_minimax": {str(f.coins): f.nodes_minimax for f in table},
        "nodes_alphabeta": {str(f.coins): f.nodes_alphabeta for f in table},
        "agrees_with_grundy_values": not mismatches,
        "note": "plain minimax visits every node of the complete tree; "
                "trees above 2,000,000 nodes are counted, not walked",
    }
    if args.plot:
        from host.lab.plots import plot_game_tree

        root = game_tree(args.coins)
        plot_game_tree(args.plot, root, alphabeta_visited(root),
                       f"Grundy's game, n = {args.coins}: complete game tree with minimax values for Max "
                       "(the first player); dashed: cut off by alpha-beta")
    if args.nodes_plot:
        from host.lab.plots import plot_node_counts

        plot_node_counts(args.nodes_plot, table)
    lines = [f"{'n':>3} {'value':>6} {'Grundy':>7} {'minimax nodes':>14} {'alpha-beta nodes':>17}"]
    lines += [f"{f.coins:>3} {f.value:>+6d} {grundy_value(f.coins):>7} {f.nodes_minimax:>14,} {f.nodes_alphabeta:>17,}"
              for f in table]
    lines += ["", f"{args.coins} coins: the first player {data['first_player']} "
              f"(minimax visits {detail.nodes_minimax:,} nodes, alpha-beta {detail.nodes_alphabeta:,})",
              "minimax values agree with the Grundy values (value +1 exactly when the Grundy value is not 0): "
              + ("yes" if not mismatches else f"NO for n = {mismatches}")]
    _emit(args, data, "\n".join(lines))
    return 1 if mismatches else 0


# ---------------------------------------------------------------- tic-tac-toe (seeds 002, 004)

def _register_ttt(games: argparse._SubParsersAction) -> None:
    parser = games.add_parser(
        "ttt", help="tic-tac-toe: situations and symmetry classes, the genome and its genetic algorithm (seed 004), "
                    "the heuristic minimax (seed 002)",
        description="Count seed 004's valid situations and classes, lay out its genome, evolve players with its "
                    "genetic algorithm against a random and a perfect player, and measure seed 002's heuristic "
                    "with a depth-limited minimax.")
    parser.add_argument("--games", type=int, default=200, help="games per measurement (default 200)")
    parser.add_argument("--depths", default="1,2,3", help="search depths of the heuristic player (default 1,2,3)")
    parser.add_argument("--generations", type=int, default=30,
                        help="generations of the genetic algorithm (default 30; 0: none)")
    parser.add_argument("--population", type=int, default=30, help="genomes per generation (default 30)")
    parser.add_argument("--fitness-games", type=int, default=20,
                        help="games that measure one genome's fitness (default 20)")
    parser.add_argument("--mutation", type=float, default=0.002, help="bit-flip probability per bit (default 0.002)")
    _common(parser)
    parser.set_defaults(lab_handler=_run_ttt)


def _parse_depths(text: str) -> list[int]:
    try:
        depths = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise SurroundError(f"--depths takes numbers separated by commas, e.g. 1,2,3, not {text!r}") from None
    if not depths or any(d < 1 or d > 9 for d in depths):
        raise SurroundError(f"--depths: each depth must be 1..9, not {text!r}")
    return depths


def _run_ttt(args: argparse.Namespace) -> int:
    from host.engines.harness import progress_bar
    from host.lab.game import Player, Solver, match, perfect_player, random_player
    from host.lab.genome import Genome, evolve, gene_layout, genome_bits
    from host.lab.tictactoe import TicTacToe, heuristic_player, situations_per_move, symmetry_classes, valid_situations

    _positive("--games", args.games)
    _positive("--population", args.population, 2)
    _positive("--fitness-games", args.fitness_games)
    _positive("--generations", args.generations, 0)
    if not 0 <= args.mutation <= 1:
        raise SurroundError(f"--mutation is a probability (0..1), not {args.mutation}")
    depths = _parse_depths(args.depths)
    rng = random.Random(args.seed)
    game = TicTacToe()
    solver = Solver(game)
    opponents = {"random": random_player(rng), "perfect": perfect_player(solver, rng)}
    situations = valid_situations()
    data: dict[str, Any] = {
        "states": len(situations),
        "classes": len(symmetry_classes(situations)),
        "classes_per_move": [len(layer) for layer in situations_per_move()],
        "genome_bits": genome_bits(),
        "genome_bits_per_gene": [gene.bits for gene in gene_layout()],
        "perfect_play_value": solver.value(game.start()),
        "heuristic": {},
        "genetic_algorithm": {},
    }
    for depth in depths:
        player = heuristic_player(depth, rng)
        data["heuristic"][str(depth)] = {name: match(game, player, opp, args.games).as_dict()
                                         for name, opp in opponents.items()}
    baseline = Genome.random(rng)
    data["random_genome"] = {name: match(game, baseline.choose, opp, args.games).as_dict()
                             for name, opp in opponents.items()}
    runs = {}
    if args.generations:
        for name, opp in opponents.items():
            def fitness(genome: Genome, opp: Player = opp) -> float:
                return match(game, genome.choose, opp, args.fitness_games).points

            with progress_bar(args.generations + 1, f"genetic algorithm vs {name}", quiet=args.json) as bar:
                run = evolve(fitness, rng,
                             population=args.population, generations=args.generations,
                             mutation_rate=args.mutation, on_generation=lambda _: bar.update())
            runs[name] = run
            data["genetic_algorithm"][f"trained_vs_{name}"] = {
                "best_fitness": [round(g.best, 4) for g in run.history],
                "mean_fitness": [round(g.mean, 4) for g in run.history],
                "best_genome": {other: match(game, run.best.choose, o, args.games).as_dict()
                                for other, o in opponents.items()},
            }
    if args.plot:
        from host.lab.plots import plot_evolution

        if not runs:
            raise SurroundError("--plot draws the genetic algorithm's runs; give --generations 1 or more")
        plot_evolution(args.plot, runs, args.population, args.fitness_games)
    _emit(args, data, _ttt_text(data, args))
    return 0


def _ttt_text(data: dict, args: argparse.Namespace) -> str:
    def score(entry: dict) -> str:
        return (f"{entry['wins']:>4} won {entry['draws']:>4} drawn {entry['losses']:>4} lost "
                f"({entry['points']:.1%} of the points)")

    lines = [
        f"valid situations (seed 004): {data['states']:,}, in {data['classes']} classes under the 8 symmetries",
        f"situations before moves 1-9, up to symmetry: {', '.join(map(str, data['classes_per_move']))}",
        f"genome: genes of {', '.join(map(str, data['genome_bits_per_gene']))} bits, {data['genome_bits']:,} in all",
        "",
        f"seed 002's heuristic with depth-limited minimax, {args.games} games each (half of them moving first):",
    ]
    for depth, results in data["heuristic"].items():
        for name, entry in results.items():
            lines.append(f"  depth {depth} vs {name:<8} {score(entry)}")
    lines.append("a random genome:")
    for name, entry in data["random_genome"].items():
        lines.append(f"  vs {name:<8} {score(entry)}")
    for key, run in data["genetic_algorithm"].items():
        lines.append(f"genetic algorithm, fitness {key.replace('_', ' ')}: best fitness "
                     f"{run['best_fitness'][0]:.2f} -> {max(run['best_fitness']):.2f}, mean "
                     f"{run['mean_fitness'][0]:.2f} -> {run['mean_fitness'][-1]:.2f}; its best genome:")
        for name, entry in run["best_genome"].items():
            lines.append(f"  vs {name:<8} {score(entry)}")
    return "\n".join(lines)


# ---------------------------------------------------------------- one learner, many games

LEARN_GAMES = ("hexapawn", "kascha", "grundy", "ttt")


def _register_learn(games: argparse._SubParsersAction) -> None:
    parser = games.add_parser(
        "learn", help="Surround's black-list learner on Kascha, Hexapawn, Grundy's game or tic-tac-toe",
        description="Let the black-list learner (Surround's rule, Robbimat's elimination one move back) play one side "
                    "against a perfect and/or a random opponent; learning curves per block of games, every black-list "
                    "entry checked by the exact solver.")
    parser.add_argument("--game", choices=LEARN_GAMES, default="hexapawn", help="the game (default hexapawn)")
    parser.add_argument("--rows", type=int, default=4, help="kascha: rows (default 4)")
    parser.add_argument("--cols", type=int, default=3, help="kascha: columns (default 3)")
    parser.add_argument("--coins", type=int, default=12, help="grundy: coins (default 12)")
    parser.add_argument("--side", choices=("first", "second", "favoured"), default="favoured",
                        help="the learner's side (default: the side that wins, or first if nobody does)")
    parser.add_argument("--opponent", choices=("perfect", "random", "both"), default="both", help="default both")
    parser.add_argument("--games", type=int, default=2000, help="learning games per opponent (default 2000)")
    parser.add_argument("--block", type=int, default=None, help="games per block of the curve (default games/20)")
    _common(parser)
    parser.set_defaults(lab_handler=_run_learn)


def _learn_game(args: argparse.Namespace):
    from host.lab.grundy import GrundyGame
    from host.lab.kascha import Kascha, hexapawn
    from host.lab.tictactoe import TicTacToe

    if args.game == "kascha":
        if args.rows * args.cols > 16:
            raise SurroundError(
                f"{args.rows}x{args.cols} Kascha is too large for the learner's referee here (rows*cols at most 16)"
            )
        return Kascha(args.rows, args.cols)
    if args.game == "grundy":
        if not 1 <= args.coins <= 20:
            raise SurroundError(f"grundy: --coins must be 1..20, not {args.coins}")
        return GrundyGame(args.coins)
    return hexapawn() if args.game == "hexapawn" else TicTacToe()


def _run_learn(args: argparse.Namespace) -> int:
    from host.engines.harness import progress_bar
    from host.lab.blacklist import learning_curve
    from host.lab.game import Solver, deep_recursion, perfect_player, random_player

    _positive("--games", args.games)
    block = args.block or max(1, args.games // 20)
    _positive("--block", block)
    game = _learn_game(args)
    deep_recursion()
    solver = Solver(game)
    start_value = solver.value(game.start())
    learner_first = args.side == "first" or (args.side == "favoured" and start_value >= 0)
    rng = random.Random(args.seed)
    names = ("perfect", "random") if args.opponent == "both" else (args.opponent,)
    curves = []
    for name in names:
        opponent = perfect_player(solver, rng) if name == "perfect" else random_player(rng)
        with progress_bar(args.games, f"{game.name} vs {name}", quiet=args.json) as bar:
            curves.append(learning_curve(game, name, opponent, learner_first, args.games, block, rng, solver,
                                         perfect_player(solver, rng), on_game=bar.update))
    data = {"game": game.name, "learner": "first" if learner_first else "second",
            "start_value_for_first_player": start_value, "curves": [c.as_dict() for c in curves],
            "elimination": _elimination_summary(game, solver, args.seed)}
    if args.plot:
        from host.lab.plots import plot_learning

        plot_learning(args.plot, game.name, curves)
    lines = [f"{game.name}: the black-list learner plays {data['learner']} "
             f"(with best play the first player "
             f"{'wins' if start_value > 0 else 'loses' if start_value < 0 else 'draws'})"]
    for c in curves:
        lines += ["", f"against a {c.opponent} opponent, {c.games} games:", "games          learner won / lost"]
        for b in c.block_results:
            lines.append(f"{b['first']:>5}-{b['last']:<7} {b['win_rate']:6.1%} / {b['loss_rate']:6.1%}  "
                         + "#" * round(b["win_rate"] * 30))
        lines += [f"black list: {c.blacklist} positions, {c.confirmed} confirmed by the solver "
                  f"(of {c.lost_positions} reachable positions lost for the learner)",
                  f"a perfect player of the learner's side wins {c.perfect_win_rate:.1%} against the same opponent"]
        if c.start_lost:
            lines.append("learned: the learner's side is lost from the start"
                         + ("" if c.start_lost_confirmed else " - NOT CONFIRMED by the solver!"))
        if c.unconfirmed:
            lines.append(f"NOT CONFIRMED (a learner error!): {c.unconfirmed[:5]}")
    elimination = data["elimination"]
    lines.append("")
    if elimination["applicable"]:
        lines.append(f"Robbimat's elimination procedure ({elimination['runs']} runs): the {elimination['favoured']} "
                     f"party is favoured (solver: {elimination['solver_favoured']}), "
                     f"{elimination['games_mean']} games on average")
    else:
        lines.append("Robbimat's elimination procedure does not apply: " + elimination["reason"])
    _emit(args, data, "\n".join(lines))
    wrong_verdict = elimination["applicable"] and (elimination["favoured"] != elimination["solver_favoured"]
                                                   or elimination["eliminated_not_losing"])
    return 1 if wrong_verdict or any(c.unconfirmed or not c.start_lost_confirmed for c in curves) else 0


def _elimination_summary(game, solver, seed: int, runs: int = 20) -> dict:
    """The elimination procedure on a win/loss game (it needs one: a draw has no judgement)."""
    from host.lab.elimination import run_elimination
    from host.lab.game import DRAW, reachable_states

    if any(game.result(s) == DRAW for s in reachable_states(game)):
        return {"applicable": False,
                "reason": f"{game.name} has drawn end positions; the procedure needs a win/loss game"}
    results = [run_elimination(game, random.Random(seed * 1_000_003 + run)) for run in range(runs)]
    verdicts = {r.favoured for r in results}
    return {"applicable": True, "runs": runs,
            "favoured": results[0].favoured if len(verdicts) == 1 else "/".join(sorted(verdicts)),
            "solver_favoured": "second" if solver.value(game.start()) < 0 else "first",
            "games_mean": round(sum(r.games for r in results) / runs, 2),
            "eliminated_not_losing": sum(1 for r in results for f, a in r.eliminated
                                         if solver.value(game.play(f, a)) <= 0)}


# ---------------------------------------------------------------- Mühle (seed 003)

def _register_muehle(games: argparse._SubParsersAction) -> None:
    parser = games.add_parser(
        "muehle", help="the 1976 Mühle program's evaluation as a 1-ply player (seed 003): play it or measure it",
        description="Measure the article's 1-ply Mühle player against a random player and against deeper alpha-beta "
                    "searches with the same evaluation, or play against it in the terminal (--play).")
    parser.add_argument("--play", action="store_true", help="play against the 1-ply program in the terminal")
    parser.add_argument("--side", choices=("white", "black"), default="white",
                        help="--play: your colour (White begins)")
    parser.add_argument("--games", type=int, default=20, help="games against the random player (default 20)")
    parser.add_argument("--depths", default="2", help="alpha-beta depths to play against (default 2; 3 is slow)")
    parser.add_argument("--search-games", type=int, default=6, help="games against each alpha-beta depth (default 6)")
    _common(parser)
    parser.set_defaults(lab_handler=_run_muehle)


def _run_muehle(args: argparse.Namespace) -> int:
    if args.play:
        return _play_muehle(args)
    from host.engines.harness import progress_bar
    from host.lab.game import match, random_player
    from host.lab.muehle import MAX_PLIES, Muehle
    from host.lab.muehle_eval import AlphaBeta, one_ply_player

    _positive("--games", args.games)
    _positive("--search-games", args.search_games)
    depths = _parse_depths(args.depths)
    rng = random.Random(args.seed)
    game = Muehle()
    program = one_ply_player(rng)
    data: dict[str, Any] = {"max_plies": MAX_PLIES, "one_ply_vs": {}}
    with progress_bar(args.games, "1-ply vs random", quiet=args.json) as bar:
        data["one_ply_vs"]["random"] = match(game, program, random_player(rng), args.games, MAX_PLIES,
                                             bar.update).as_dict()
    for depth in depths:
        searcher = AlphaBeta(depth, rng)
        with progress_bar(args.search_games, f"1-ply vs alpha-beta depth {depth}", quiet=args.json) as bar:
            entry = match(game, program, searcher, args.search_games, MAX_PLIES, bar.update).as_dict()
        entry["searcher_nodes_per_game"] = round(searcher.nodes / args.search_games)
        data["one_ply_vs"][f"alphabeta_depth_{depth}"] = entry
    if args.plot:
        _draw_muehle_example(args.plot, random.Random(args.seed))
    lines = [f"the article's 1-ply Mühle program (seed 003), games end drawn after {MAX_PLIES} half-moves;",
             "half the games with White (moving first):"]
    for name, entry in data["one_ply_vs"].items():
        lines.append(f"  vs {name.replace('_', ' '):<22} {entry['wins']:>3} won {entry['draws']:>3} drawn "
                     f"{entry['losses']:>3} lost ({entry['points']:.1%} of the points)")
    _emit(args, data, "\n".join(lines))
    return 0


def _draw_muehle_example(path: str, rng: random.Random) -> None:
    """The position after 20 half-moves of the program against itself, with its judgement of its next steps."""
    from host.lab.muehle import Muehle, move_name
    from host.lab.muehle_eval import CRITERIA, judge_steps, one_ply_player, phase
    from host.lab.plots import plot_muehle_board

    game = Muehle()
    program = one_ply_player(rng)
    position = game.start()
    for _ in range(20):
        if game.result(position) is not None:
            break
        position = game.play(position, program(position, game.moves(position)))
    judged = judge_steps(position)
    colour = "White" if position.to_move == 1 else "Black"
    notes = [f"{colour} to move, phase {phase(position, position.to_move)}", "its best steps (article's points):", ""]
    for j in judged[:4]:
        notes.append(f"{move_name((j.step[0], j.step[1], None)):<8} {j.total:8.2f}")
        notes += [f"   {k + 1:>2} {CRITERIA[k][:34]:<34} {part:7.2f}" for k, part in enumerate(j.parts) if part]
    plot_muehle_board(path, position, "Mühle after 20 half-moves of the 1976 program against itself", notes)


def _play_muehle(args: argparse.Namespace) -> int:
    from host.lab.muehle import MAX_PLIES, WHITE, Muehle, move_name, parse_step, show
    from host.lab.muehle_eval import judge_steps, one_ply_player

    game = Muehle()
    program = one_ply_player(random.Random(args.seed))
    human = WHITE if args.side == "white" else 3 - WHITE
    position = game.start()
    print("Mühle against the 1976 program (seed 003). Place: d6; move or jump: d6-d5; after a mill add x POINT, "
          "e.g. d6-d5 xa1. q quits.")
    for _ in range(MAX_PLIES):
        print()
        print(show(position))
        outcome = game.result(position)
        if outcome is not None:
            print("You lose." if position.to_move == human else "You win!")
            return 0
        legal = game.moves(position)
        if position.to_move == human:
            move = _ask_move(position, legal, parse_step)
            if move is None:
                print("bye")
                return 0
        else:
            best = judge_steps(position)[0]
            move = program(position, legal)
            print(f"computer: {move_name(move)}  (points {best.total:.2f})")
        position = game.play(position, move)
    print(f"{MAX_PLIES} half-moves: drawn.")
    return 0


def _ask_move(position, legal, parse_step):
    while True:
        try:
            text = input("your move: ")
        except EOFError:
            return None
        if text.strip().lower() in ("q", "quit"):
            return None
        try:
            source, target, removed = parse_step(text)
        except SurroundError as error:
            print(error)
            continue
        matching = [m for m in legal if m[0] == source and m[1] == target]
        if not matching:
            print("that is not a legal step here")
            continue
        if matching[0][2] is None:
            return matching[0]
        if removed is None:
            print("that closes a mill: add the stone to take, e.g. " + text.strip() + " xa1")
            continue
        if (source, target, removed) not in matching:
            print("that stone may not be taken (stones in a mill are safe while others are not)")
            continue
        return source, target, removed


# ---------------------------------------------------------------- all pictures at once

PICTURES = (
    ("lab-kascha-3x3-elimination.png", ["kascha", "--rows", "3", "--cols", "3", "--runs", "400"]),
    ("lab-grundy-7-tree.png", ["grundy", "--coins", "7", "--max", "7"]),
    ("lab-grundy-nodes.png", ["grundy", "--max", "20", "--nodes-plot"]),
    ("lab-ttt-evolution.png", ["ttt"]),
    ("lab-learn-hexapawn.png", ["learn", "--game", "hexapawn"]),
    ("lab-learn-kascha.png", ["learn", "--game", "kascha"]),
    ("lab-learn-grundy.png", ["learn", "--game", "grundy"]),
    ("lab-learn-ttt.png", ["learn", "--game", "ttt"]),
    ("lab-muehle-board.png", ["muehle", "--games", "1", "--search-games", "1", "--depths", "1"]),
    ("train-reference.png", None),
)


def _register_pictures(games: argparse._SubParsersAction) -> None:
    parser = games.add_parser("pictures", help="draw every picture of docs/lab.md (needs the 'plots' extra)",
                              description="Regenerate the lab's pictures (and the train curve) into a folder, seed 1.")
    parser.add_argument("--dir", default="docs/images", help="target folder (default docs/images)")
    parser.set_defaults(lab_handler=_run_pictures)


def _run_pictures(args: argparse.Namespace) -> int:
    import contextlib
    import io
    from pathlib import Path

    from emulator.files import make_folder_for
    from host.lab.plots import pyplot

    pyplot()  # a clear message at once if matplotlib is missing
    folder = Path(args.dir)
    try:
        make_folder_for(folder, folder=True)
    except OSError as error:
        raise SurroundError(f"{folder}: cannot make the folder ({error.strerror})") from None
    parser = args.root_parser
    for name, command in PICTURES:
        target = str(folder / name)
        if command is None:
            argv = ["train", "--games", "2000", "--sheep", "mix:0.5", "--block", "100", "--plot", target]
        elif command[-1] == "--nodes-plot":
            argv = ["lab", *command, target]
        else:
            argv = ["lab", *command, "--plot", target]
        sub = parser.parse_args(argv)
        with contextlib.redirect_stdout(io.StringIO()):
            sub.handler(sub)
        print(f"wrote {target}")
    return 0
