"""Recorded matches for the review tests, played by computer players from a seed."""

from __future__ import annotations

from goita_core.kifu import MatchRecord
from goita_core.match import Match
from goita_core.players import make_player
from goita_core.rules import RuleSet


def recorded_match(seed: int = 4, target: int = 50) -> str:
    """The native JSON record of a short match between normal players."""
    match = Match(RuleSet(target=target), seed=seed)
    players = [make_player("normal", seed + s) for s in range(4)]
    while not match.over:
        if match.awaiting_next_round:
            match.next_round()
            continue
        seat = match.round.to_act()[0]
        match.apply(seat, players[seat].act(match.view(seat)))
    return MatchRecord.from_match(match, ["Ann", "Bob", "Cy", "Di"]).dumps()
