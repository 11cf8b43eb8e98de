"""Does the search lose good leads by searching at most ``max_candidates`` of them?

    PYTHONPATH=. python -m benchmarks.lead_candidates [--views 30] [--samples 1500]
        [--cut 10] [--seed 11]

Leads with more legal plays than the cut (seeded random deals, a random number of random
actions played first) are searched twice by ``hard``'s settings (without the match's
memory, which a single view does not have): once over every legal lead with
``--samples`` guesses and no pruning (every lead valued on all of them), and once as the
player searches them, over the candidates that
:func:`goita_core.players.search.candidates` keeps. Prints how often the best of all
leads is one the cut leaves out, how often the two searches choose the same lead, and how
much the full search values its best above the best lead the cut keeps (the cut's cost,
by the full search's own values).
"""

from __future__ import annotations

import argparse
import random

from benchmarks.bench_players import views
from goita_core import SeatView
from goita_core.players.hard import SEARCH_SETTINGS, HardPlayer
from goita_core.players.search import candidates
from goita_core.players.settings import SearchSettings

#: ``hard``'s settings for one view: no memory of ended rounds
SETTINGS = {**SEARCH_SETTINGS, "identify": None, "remember": False}


def lead_views(count: int, cut: int, seed: int) -> list[SeatView]:
    """Leads with more than ``cut`` legal plays, from seeded random deals."""
    return views(count, seed, 20, lambda v: v.must_lead and len(v.legal) > cut)


def measure(leads: list[SeatView], samples: int, cut: int) -> tuple[int, int, float]:
    """Over ``leads``: how many have their best lead (every legal lead searched with
    ``samples`` guesses, none dropped) outside the ``cut`` candidates, how many get that
    lead from the search over the candidates, and the points per round the full search
    values its best lead above the best of the candidates, summed (0 where it is one)."""
    outside = same = 0
    gap = 0.0
    full = SearchSettings(**SETTINGS, iterations=samples, prune=False)
    cut_settings = SearchSettings(**SETTINGS, iterations=samples, max_candidates=cut)
    for view in leads:
        legal = list(view.legal)
        values = HardPlayer(2, settings=full)._search(
            view, legal, random.Random(2), float("inf"))
        best = max(range(len(legal)), key=values.__getitem__)
        kept = candidates(view, full.weights, cut)
        outside += legal[best] not in kept
        gap += values[best] - max(values[legal.index(a)] for a in kept)
        choice = HardPlayer(2, settings=cut_settings).act(view)
        same += choice == legal[best]
    return outside, same, gap


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--views", type=int, default=30)
    parser.add_argument("--samples", type=int, default=1500)
    parser.add_argument("--cut", type=int, default=10)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    leads = lead_views(args.views, args.cut, args.seed)
    outside, same, gap = measure(leads, args.samples, args.cut)
    legal = sum(len(v.legal) for v in leads) / len(leads)
    print(f"{len(leads)} leads, {legal:.1f} legal plays each on average, {args.cut} searched")
    print(f"best of all leads outside the {args.cut}: {outside} of {len(leads)}")
    print(f"the same lead from both searches: {same} of {len(leads)}")
    print(f"the full search's value of its best lead above the best of the {args.cut}: "
          f"{gap / len(leads):.3f} points per round on average per lead")


if __name__ == "__main__":
    main()
