"""`surround solve`: the exact solver's facts, a position's value, the principal variation."""

from __future__ import annotations

import argparse
import json

from host.commands import counted
from host.game.rules import SHEEP_MOVE_LIMIT, Position


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "solve",
        help="solve the game exactly (retrograde analysis) and print its facts",
        description="Solve Surround exactly: who wins every position and in how many sheep moves.",
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--pv", action="store_true", help="also give the principal variation (best play)")
    parser.add_argument(
        "--position", metavar="S,S,S-W",
        help="also evaluate this position, sheep to move (e.g. 2,3,4-8); --pv then starts there",
    )
    parser.add_argument(
        "--moves-left", type=int, default=None, metavar="N",
        help=f"sheep moves left in --position (default: {SHEEP_MOVE_LIMIT}, the whole budget)",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from host.errors import SurroundError
    from host.game.solver import solve, summary

    if args.moves_left is not None and not args.position:
        raise SurroundError("--moves-left needs --position (the sheep moves left in that position)")
    facts = summary(with_variation=args.pv and not args.position)
    if args.position:
        position = Position.parse(args.position)
        remaining = SHEEP_MOVE_LIMIT if args.moves_left is None else args.moves_left
        if not 1 <= remaining <= SHEEP_MOVE_LIMIT:
            raise SurroundError(f"--moves-left must lie in 1..{SHEEP_MOVE_LIMIT}, not {remaining}")
        solution = solve()
        value = solution.sheep_wins_in(position.nr, remaining)
        facts["position"] = {
            "position": str(position),
            "nr": position.nr,
            "moves_left": remaining,
            "winner": "sheep" if value is not None else "wolf",
            "sheep_moves": value,
            "lost_for_wolf_without_limit": solution.is_lost(position.nr),
        }
        if args.pv:
            positions, result = solution.principal_variation(position, remaining)
            facts["principal_variation"] = [str(p) for p in positions]
            facts["principal_variation_result"] = result
    if args.json:
        print(json.dumps(facts, indent=2))
    else:
        print(_text(facts))
    return 0


def _text(facts: dict) -> str:
    lines = [
        f"positions (sheep to move):        {facts['positions']}",
        f"lost for the wolf (no move limit): {facts['lost_positions']}",
        f"start 1,2,4-6 is won by:           the {facts['start_winner']}",
        f"sheep moves needed vs best wolf:   {facts['min_sheep_moves']} (limit {facts['sheep_move_limit']})",
        f"reachable from the start:          {facts['reachable_sheep_to_move']} sheep to move, "
        f"{facts['reachable_wolf_to_move']} wolf to move",
    ]
    if "position" in facts:
        info = facts["position"]
        how = f"in {counted(info['sheep_moves'], 'sheep move')}" if info["sheep_moves"] is not None else ""
        lines.append(
            f"position {info['position']} (NR {info['nr']}, {counted(info['moves_left'], 'sheep move')} left): "
            f"won by the {info['winner']} {how}".rstrip()
        )
    if "principal_variation" in facts:
        lines.append("principal variation: " + " ".join(facts["principal_variation"]))
        lines.append(f"result: {facts['principal_variation_result']}")
    return "\n".join(lines)
