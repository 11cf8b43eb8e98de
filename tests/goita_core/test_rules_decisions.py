"""Shi hands, the 3-player variant and the **Decision** lines of RULES.md."""

from __future__ import annotations

from typing import Any

import pytest

from goita_core import PASS, PLAY_ON, REDEAL, Play, Round, RuleSet
from goita_core import errors as E
from goita_core.events import (
    GoshiDecided,
    GoshiDecisionRequested,
    MustLeadAgain,
    Redeal,
    RoundWon,
    ShiDeclared,
)
from goita_core.pieces import Kind, parse_kind

from .helpers import complete_deal


def P(pair: str) -> Play:
    return Play(parse_kind(pair[0]), parse_kind(pair[1]))


def make(fixed: dict[int, str], dealer: int = 0, players: int = 4, **rules: Any) -> Round:
    return Round(RuleSet(players=players, **rules), dealer, complete_deal(fixed, players))


@pytest.mark.parametrize(
    ("hand", "kind", "points"),
    [
        ("しししししししし", "hasshi", 100),
        ("ししししししし飛", "nanashi", 80),  # 2 x the other piece
        ("ししししししし馬", "nanashi", 40),
        ("しししししし金金", "rokushi", 60),  # same kind: the higher x2
        ("しししししし角馬", "rokushi", 40),  # different kinds: the higher
        ("しししししし王香", "rokushi", 50),
    ],
)
def test_six_seven_eight_shi_end_the_round(hand: str, kind: str, points: int) -> None:
    r = make({1: hand}, dealer=3)
    assert r.over and r.result is not None
    assert (r.result.kind, r.result.seat, r.result.team, r.result.points) == (
        kind, 1, 1, points)
    count = hand.count("し")
    assert r.opening_events() == [ShiDeclared(1, count),
                                  RoundWon(1, 1, points, False, None, kind)]
    with pytest.raises(E.RoundOver):
        r.apply(3, P("しし"))


def test_five_shi_partners_score_150_and_win_the_match() -> None:
    r = make({0: "ししししし金金銀", 2: "ししししし銀銀馬"})
    assert r.result is not None and r.result.kind == "goshi-pair"
    assert (r.result.team, r.result.points, r.result.wins_match) == (0, 150, True)


def test_single_five_shi_waits_for_the_partner_choice() -> None:
    """The engine exposes the pending decision as state and takes it as an action."""
    r = make({1: "ししししし金角飛"})
    assert r.phase == "goshi" and r.to_act() == [3]
    assert r.opening_events() == [ShiDeclared(1, 5), GoshiDecisionRequested(3, 1)]
    assert r.legal_actions(3) == (PLAY_ON, REDEAL)
    assert r.legal_actions(0) == () and r.legal_actions() == ()
    with pytest.raises(E.DecisionPending):
        r.apply(0, P("しし"))
    with pytest.raises(E.NoDecisionExpected):
        r.apply(1, PLAY_ON)  # the holder does not choose; the partner does
    assert r.apply(3, PLAY_ON) == [GoshiDecided(3, True)]
    assert r.phase == "play" and r.turn == 0
    with pytest.raises(E.NoDecisionExpected):
        r.apply(3, REDEAL)


def test_single_five_shi_redeal_voids_the_round() -> None:
    r = make({1: "ししししし金角飛"})
    assert r.apply(3, REDEAL) == [GoshiDecided(3, False), Redeal("goshi", 3)]
    assert r.over and r.result is not None and r.result.kind == "redeal"
    assert r.result.points == 0 and r.result.team is None


@pytest.mark.parametrize(
    ("choices", "played"),
    [
        ([(2, PLAY_ON), (3, PLAY_ON)], True),
        ([(3, PLAY_ON), (2, PLAY_ON)], True),
        ([(2, PLAY_ON), (3, REDEAL)], False),
        ([(3, REDEAL)], False),  # redeal at once: the other choice no longer matters
    ],
)
def test_opposing_five_shi_redeal_if_either_partner_asks(
        choices: list[tuple[int, Any]], played: bool) -> None:
    """RULES.md **Decision**: redealt if either partner chooses redeal."""
    r = make({0: "ししししし金金銀", 1: "ししししし銀銀馬"})
    assert sorted(r.to_act()) == [2, 3]
    for seat, choice in choices:
        r.apply(seat, choice)
    if played:
        assert r.phase == "play"
    else:
        assert r.result is not None and r.result.kind == "redeal"


def test_declaring_is_automatic() -> None:
    """RULES.md **Decision**: a 5+ Shi hand is declared (as a count only) by the engine."""
    r = make({2: "ししししし金角飛"})
    assert r.shi == ((2, 5),)
    assert r.view(0).shi == ((2, 5),)
    assert r.view(0).hand == tuple(r.hand(0))


# -- 3-player variant -----------------------------------------------------------------------
def test_three_player_deal_is_30_pieces_10_each() -> None:
    r = make({}, players=3)
    assert [len(r.hand(s)) for s in range(3)] == [10, 10, 10]
    assert sum(r.hand(s).count(Kind.SHI) for s in range(3)) == 8


def test_three_player_four_of_a_kind_is_redealt() -> None:
    r = make({1: "金金金金しし香馬銀角"}, players=3)
    assert r.result is not None and r.result.kind == "redeal" and r.result.seat == 1
    assert r.opening_events() == [Redeal("four_of_a_kind", 1)]


def test_three_player_four_shi_and_shi_hands_have_no_effect() -> None:
    """RULES.md **Decision**: Shi hands have no special effect with three players."""
    for hand in ("ししし しし金金銀銀香".replace(" ", ""), "ししししししし金銀香"):
        r = make({0: hand}, players=3)
        assert r.phase == "play" and r.result is None and r.shi == ()


def test_three_player_two_passes_and_solo_double_finish() -> None:
    r = make({0: "金金銀銀馬馬香香しし"}, players=3)
    assert r.apply(0, P("しし"))
    r.apply(1, PASS)
    assert r.apply(2, PASS)[-1] == MustLeadAgain(0)
    for pair in ("香香", "馬馬", "銀銀"):
        r.apply(0, P(pair))
        r.apply(1, PASS)
        r.apply(2, PASS)
    events = r.apply(0, P("金金"))  # 9th face down, 10th the same kind
    assert events[-1] == RoundWon(0, 0, 60, True, Kind.KIN, None)
    assert RuleSet(players=3).team_of(2) == 2  # everyone plays for themselves
