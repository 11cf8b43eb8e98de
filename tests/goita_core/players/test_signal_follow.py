"""The measure of how often attacks follow the partners' signal
(``benchmarks/signal_follow.py``)."""

from __future__ import annotations

import pytest

from benchmarks.signal_follow import tally, weight


def test_the_search_attacks_with_its_most_held_kind_more_often_than_guesses_expect() -> None:
    fast = {"iterations": 40, "identify": None, "remember": False}
    for options in ({**fast}, {**fast, "convention": None, "convention_margin": None}):
        t = tally("hard", 8, 1, options)
        attacks = sum(x.attacks for x in t.values())
        followed = sum(x.followed for x in t.values()) / attacks
        expected = sum(x.expected for x in t.values()) / attacks
        assert attacks > 20
        # (over 30 rounds: 0.75 against 0.51 with the signal, 0.65 against 0.50 without)
        assert 0.0 < expected < followed - 0.1


def test_normal_attacks_break_the_signal_often() -> None:
    normal = tally("normal", 30, 2)
    assert 0.2 < normal["answer"].rate < 0.8
    assert normal["lead"].attacks > 10
    assert 0.0 < normal["answer"].guessed < normal["answer"].rate


def test_the_weight_of_a_broken_signal() -> None:
    # a partner who follows as often as one who ignores the signal tells nothing
    assert weight(0.6, 0.6) == pytest.approx(1.0)
    # following 90% where others follow 60%: breaking is 4x rarer, following 1.5x likelier
    assert weight(0.9, 0.6) == pytest.approx(0.25 / 1.5)
    assert weight(1.0, 0.6) == 0.0
    with pytest.raises(ValueError):
        weight(0.9, 1.0)
