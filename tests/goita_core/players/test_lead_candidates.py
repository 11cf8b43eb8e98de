"""The measurement of the leads the search leaves out (``benchmarks/lead_candidates.py``)."""

from __future__ import annotations

from benchmarks.lead_candidates import lead_views, measure
from goita_core.players.heuristics import DEFAULT_WEIGHTS
from goita_core.players.search import candidates


def test_the_views_are_leads_with_more_plays_than_the_cut() -> None:
    views = lead_views(5, 10, 3)
    assert len(views) == 5
    assert all(v.must_lead and len(v.legal) > 10 for v in views)


def test_a_tight_cut_leaves_out_the_best_lead_and_the_measure_says_so() -> None:
    # with a cut of 1 the search keeps the heuristic's favourite and one lead per attack
    # kind: over all leads the search prefers another one somewhere, and a lead the cut
    # leaves out is never the cut search's choice
    views = lead_views(12, 10, 5)
    assert all(len(candidates(v, DEFAULT_WEIGHTS, 1)) < len(v.legal) for v in views)
    outside, same, gap = measure(views, 60, 1)
    assert outside >= 1
    assert same <= len(views) - outside
    # the cut's cost is what the full search values its best above the kept ones: more
    # than nothing here, nothing at all when the cut keeps every lead
    assert gap > 0
    assert measure(views, 60, 99)[::2] == (0, 0.0)
