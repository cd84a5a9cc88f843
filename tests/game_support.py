"""Game material every engine's tests share: the seed's example game, and a black list
that leaves the wolf one move."""

from __future__ import annotations

from host.game.rules import Blacklist, Move, Position, apply_wolf_move, legal_wolf_moves

SEED_EXAMPLE = (
    "1,2,4-6 2,3,4-6 2,3,4-8 2,3,6-8 2,3,6-11 2,3,8-11 2,3,8-9 2,6,8-9 "
    "2,6,8-11 2,8,10-11 2,8,10-9 6,8,10-9 6,8,10-11 8,9,10-11"
)


def forcing_blacklist(base: Blacklist, position: Position, wanted: Move) -> bytes:
    """``base`` plus the positions every other wolf move would lead to: only ``wanted`` is not bad."""
    forced = base.copy()
    for move in legal_wolf_moves(position):
        if move != wanted:
            forced.add(apply_wolf_move(position, move).nr)
    assert apply_wolf_move(position, wanted).nr not in forced
    return forced.to_bytes()
