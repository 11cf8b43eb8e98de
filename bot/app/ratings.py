"""Team ratings for Goita with OpenSkill (Weng-Lin Plackett-Luce, two teams of two).

How matches are rated (shown to users by ``/goita stats`` and the leaderboard footer):

- Each human player has one rating per server (guild). The displayed rating is the
  *ordinal* ``mu - 3*sigma``: a new player starts at 0 and it rises as the system becomes
  sure they are good, so a lucky first win does not top the board.
- Computer players are **rated apart**: every CPU level (``cpu:easy``, ``cpu:normal``,
  ``cpu:hard``) and every external engine is its own rating entity per server. They take
  part in each update, so beating a team with a strong CPU counts for more than beating
  one with an easy CPU, and losing alongside an easy CPU partner costs less; their ratings
  are learned from results like anyone's but never appear on the leaderboard. Excluding
  them instead would leave a human+CPU team with one player, whose rating would then carry
  the CPU's play; fixing them would need a strength we cannot know in advance.
- The same entity in several seats of one match (two "normal" CPUs, or one user sitting
  twice) gets the mean of its per-seat updates, so the two seats never fight each other.
- Matches stopped early, matches without a human, and matches where someone asked for a
  hint (``FinishedMatch.hint_users``) change no rating.
- In the 3-player variant every player is their own team, ranked by final score.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from openskill.models import PlackettLuce

from .records import FinishedMatch, SeatRecord

#: OpenSkill's defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300)
MODEL = PlackettLuce()


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The displayed rating: a conservative estimate, 0 for a new player."""
        return self.mu - 3.0 * self.sigma


DEFAULT_RATING = Rating(MODEL.mu, MODEL.sigma)


def entity_of(seat: SeatRecord) -> str:
    """The rating entity a seat plays as: ``user:<id>``, ``cpu:<level>`` or
    ``engine:<name>``."""
    if seat.kind == "human":
        return f"user:{seat.user_id}"
    if seat.kind == "cpu":
        return f"cpu:{seat.level or 'normal'}"
    return f"engine:{seat.level or seat.name}"


def is_rated(match: FinishedMatch) -> bool:
    """Whether the match changes ratings: it was played to the end, by at least one human,
    and nobody asked for a hint."""
    return (
        not match.stopped_early
        and not match.hint_users
        and match.winner_team is not None
        and any(s.kind == "human" for s in match.seats)
    )


def team_ranks(match: FinishedMatch) -> list[int]:
    """Rank per team, 0 = best: the winner first, then the others by score (equal scores
    share a rank)."""
    assert match.winner_team is not None
    scores = list(match.scores)
    ranks = []
    for team, score in enumerate(scores):
        if team == match.winner_team:
            ranks.append(0)
        else:
            better = sum(
                1 for t, s in enumerate(scores) if t != match.winner_team and s > score
            )
            ranks.append(1 + better)
    return ranks


def rate_match(match: FinishedMatch, current: Mapping[str, Rating]) -> dict[str, Rating]:
    """New ratings of every entity in ``match`` (missing ones start at DEFAULT_RATING).
    Returns an empty dict for a match that is not rated (see :func:`is_rated`)."""
    if not is_rated(match):
        return {}
    teams = len(match.scores)
    seats_by_team: list[list[SeatRecord]] = [[] for _ in range(teams)]
    for seat in sorted(match.seats, key=lambda s: s.seat):
        seats_by_team[match.team_of(seat.seat)].append(seat)
    model_teams = [
        [
            MODEL.rating(
                mu=current.get(entity_of(s), DEFAULT_RATING).mu,
                sigma=current.get(entity_of(s), DEFAULT_RATING).sigma,
            )
            for s in team
        ]
        for team in seats_by_team
    ]
    ranks: list[float] = [float(r) for r in team_ranks(match)]
    rated = MODEL.rate(model_teams, ranks=ranks)
    updates: dict[str, list[tuple[float, float]]] = {}
    for team, new_team in zip(seats_by_team, rated, strict=True):
        for seat, new in zip(team, new_team, strict=True):
            updates.setdefault(entity_of(seat), []).append((new.mu, new.sigma))
    return {
        entity: Rating(
            sum(mu for mu, _ in values) / len(values),
            sum(sigma for _, sigma in values) / len(values),
        )
        for entity, values in updates.items()
    }
