"""A match: team totals, target, who deals next, the end (RULES.md, "A match")."""

from __future__ import annotations

import random

import pytest

from goita_core import PASS, REDEAL, Match, Play, RuleSet
from goita_core import errors as E
from goita_core.events import MatchWon
from goita_core.pieces import parse_kind

from .helpers import complete_deal


def P(pair: str) -> Play:
    return Play(parse_kind(pair[0]), parse_kind(pair[1]))


def solo_round(match: Match, seat: int) -> list[object]:
    """``seat`` (the dealer, holding 王金金銀馬香しし) goes out alone with 王: 50 points."""
    others = [(seat + i) % 4 for i in (1, 2, 3)]
    events: list[object] = []
    for pair in ("しし", "金金", "銀馬", "香王"):
        events += match.apply(seat, P(pair))
        if pair != "香王":
            for o in others:
                match.apply(o, PASS)
    return events


def test_defaults_and_settable_target() -> None:
    assert Match(seed=1).target == 150
    assert Match(RuleSet(target=100), seed=1).target == 100
    with pytest.raises(ValueError):
        RuleSet(target=20)


def test_winner_deals_next_and_scores_add_up() -> None:
    m = Match(seed=1, first_dealer=1, deal=False)
    m.next_round(complete_deal({1: "王金金銀馬香しし"}))
    solo_round(m, 1)
    assert m.scores == [0, 50] and m.dealer == 1 and m.awaiting_next_round
    m.next_round(complete_deal({1: "王金金銀馬香しし"}))
    solo_round(m, 1)
    assert m.scores == [0, 100] and m.round_no == 2


def test_redeal_keeps_the_dealer_and_the_scores() -> None:
    m = Match(seed=1, first_dealer=2, deal=False)
    m.next_round(complete_deal({1: "ししししし金角飛"}))
    m.apply(3, REDEAL)
    assert m.dealer == 2 and m.scores == [0, 0] and m.awaiting_next_round and not m.over


def test_shi_hand_holder_deals_next() -> None:
    m = Match(seed=1, first_dealer=0, deal=False)
    m.next_round(complete_deal({3: "しししししし金金"}))
    assert m.scores == [0, 60] and m.dealer == 3 and m.awaiting_next_round


def test_match_ends_when_a_team_reaches_the_target() -> None:
    m = Match(RuleSet(target=100), seed=1, first_dealer=0, deal=False)
    m.next_round(complete_deal({0: "王金金銀馬香しし"}))
    assert not any(isinstance(e, MatchWon) for e in solo_round(m, 0))
    m.next_round(complete_deal({0: "王金金銀馬香しし"}))
    assert solo_round(m, 0)[-1] == MatchWon(0, (100, 0))
    assert m.over and m.winner == 0
    with pytest.raises(E.MatchOver):
        m.next_round()
    with pytest.raises(E.MatchOver):
        m.apply(0, PASS)


def test_five_shi_partners_win_the_match_at_once() -> None:
    m = Match(seed=1, first_dealer=0, deal=False)
    events = m.next_round(complete_deal({1: "ししししし金金銀", 3: "ししししし銀銀馬"}))
    assert events[-1] == MatchWon(1, (0, 150)) and m.winner == 1


def test_next_round_only_after_the_round_ends() -> None:
    m = Match(seed=5, deal=False)
    m.next_round(complete_deal({}))
    with pytest.raises(E.IllegalAction, match="still being played"):
        m.next_round()


def _random_match(seed: int, play_seed: int) -> tuple[list[list[int]], list[int]]:
    m = Match(seed=seed)
    rng = random.Random(play_seed)
    deals = []
    while not m.over:
        if m.awaiting_next_round:
            m.next_round()
        rnd = m.round
        deals.append(list(rnd.initial_hands))
        while not rnd.over:
            seat = rnd.to_act()[0]
            m.apply(seat, rng.choice(rnd.legal_actions(seat)))
    return deals, m.scores


def test_a_seed_reproduces_a_whole_match() -> None:
    assert Match(seed=9).first_dealer == Match(seed=9).first_dealer
    a = _random_match(9, 1)
    assert a == _random_match(9, 1)
    assert a[0] != _random_match(10, 1)[0]
    assert max(a[1]) >= 150


def test_three_player_match_keeps_solo_scores() -> None:
    m = Match(RuleSet(players=3), seed=3)
    assert m.scores == [0, 0, 0]
    rng = random.Random(0)
    while not m.over:
        if m.awaiting_next_round:
            m.next_round()
        rnd = m.round
        while not rnd.over:
            seat = rnd.to_act()[0]
            m.apply(seat, rng.choice(rnd.legal_actions(seat)))
    assert m.winner is not None and m.scores[m.winner] >= 150
    assert sum(1 for s in m.scores if s >= 150) == 1


def test_match_view_carries_scores_and_round_number() -> None:
    m = Match(seed=4)
    v = m.view(0)
    assert v.scores == (0, 0) and v.round_no == 1 and v.seat == 0
