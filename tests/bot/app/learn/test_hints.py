"""Hints: a legal move for the seat to play, only on its turn, the same for every hidden
deal behind the same view, and a reason in words that fits the position."""

from __future__ import annotations

import random

import pytest

from bot.app.learn.hints import NoHint, reason, suggest
from goita_core.actions import PASS, PLAY_ON, REDEAL, Play
from goita_core.pieces import Kind, full_set, parse_pieces
from goita_core.round import Round
from goita_core.rules import RuleSet

SHI, GON, BAKKO, GIN, KIN, KAKU, HISHA, OU = tuple(Kind)
SAMPLES = 24


def deal_around(mine: str, seed: int) -> list[list[Kind]]:
    """Seat 0 holds ``mine``; the other pieces are dealt at random (no 5-Shi hands)."""
    rng = random.Random(seed)
    hand = parse_pieces(mine)
    rest = full_set()
    for k in hand:
        rest.remove(k)
    while True:
        rng.shuffle(rest)
        hands = [hand, rest[0:8], rest[8:16], rest[16:24]]
        if all(h.count(SHI) < 5 for h in hands):
            return hands


def test_a_hint_is_a_legal_move_and_only_on_the_players_turn() -> None:
    rnd = Round(RuleSet(), 0, deal_around("し香馬銀金角飛王", 1))
    hint = suggest(rnd.view(0), seed=3, samples=SAMPLES)
    assert hint.action in rnd.view(0).legal
    for seat in (1, 2, 3):
        with pytest.raises(NoHint):
            suggest(rnd.view(seat), seed=3, samples=SAMPLES)


def test_the_same_view_gives_the_same_hint_whatever_the_hidden_deal() -> None:
    """Seat 0 leads, the three others pass, and seat 0 leads again: behind the same view
    lie different hands of the other seats."""
    views = []
    for deal in (11, 12, 13):
        rnd = Round(RuleSet(), 0, deal_around("しし香馬馬金角王", deal))
        for seat, action in ((0, Play(SHI, GON)), (1, PASS), (2, PASS), (3, PASS)):
            rnd.apply(seat, action)
        views.append(rnd.view(0))
    assert views[0] == views[1] == views[2]
    hints = [suggest(v, seed=5, samples=SAMPLES) for v in views]
    assert hints[0] == hints[1] == hints[2]


def test_blocking_an_opponents_attack_says_it_would_stand() -> None:
    rnd = Round(RuleSet(), 1, [parse_pieces(h) for h in (
        "し香馬銀金飛飛王", "しし香馬銀金角王", "ししし香馬銀金角", "しししし香馬銀金")])
    rnd.apply(1, Play(SHI, KAKU))
    rnd.apply(2, PASS)
    rnd.apply(3, PASS)
    view = rnd.view(0)
    why = reason(view, Play(OU, HISHA))
    assert why.key == "learn.reason.block_ou"
    assert why.params == {"attack": KAKU, "attack_with": HISHA}
    assert reason(view, PASS).key == "learn.reason.pass_keep"


def test_reasons_for_leads_finishes_and_passes() -> None:
    rnd = Round(RuleSet(), 0, [parse_pieces(h) for h in (
        "し香馬馬銀金角王", "ししし香銀金角王", "ししし香馬銀金飛", "ししし香馬銀金飛")])
    view = rnd.view(0)
    single = reason(view, Play(GON, SHI))
    assert single.key == "learn.reason.lead_single"
    assert single.params == {"face_down": GON, "pair": BAKKO}
    attack = reason(view, Play(BAKKO, GIN))
    assert attack.key == "learn.reason.lead_attack" and attack.params["attack"] == GIN
    # unseen by seat 0: 3 銀 and the other 王 can block its 銀
    assert attack.params["blockers"] == 4
    rnd.apply(0, Play(GON, SHI))
    partner_view = rnd.view(1)
    assert reason(partner_view, PASS).key == "learn.reason.pass_keep"
    rnd.apply(1, Play(SHI, KIN))
    assert reason(rnd.view(2), PASS).key == "learn.reason.pass_keep"
    rnd.apply(2, PASS)
    assert reason(rnd.view(3), PASS).key == "learn.reason.pass_partner"


def test_the_last_play_names_its_points() -> None:
    rnd = Round(RuleSet(), 0, [parse_pieces(h) for h in (
        "金金飛飛角角王王", "ししし香馬銀銀香", "ししし香馬銀金馬", "しししし香馬銀金")])
    for seat, action in ((0, Play(KAKU, OU)), (1, PASS), (2, PASS), (3, PASS),
                         (0, Play(KAKU, OU)), (1, PASS), (2, PASS), (3, PASS),
                         (0, Play(HISHA, HISHA)), (1, PASS), (2, PASS), (3, PASS)):
        rnd.apply(seat, action)
    view = rnd.view(0)
    assert view.hand == (KIN, KIN)
    finish = reason(view, Play(KIN, KIN))
    assert finish.key == "learn.reason.finish_doubled" and finish.params["points"] == 60
    assert suggest(view, seed=1, samples=SAMPLES).action == Play(KIN, KIN)


def test_the_five_shi_decision_gets_a_hint_too() -> None:
    rnd = Round(RuleSet(), 0, [parse_pieces(h) for h in (
        "香馬銀金金角飛王", "ししし香馬銀金飛", "ししししし香馬銀", "しし香馬銀金角王")])
    view = rnd.view(0)
    hint = suggest(view, seed=2, samples=SAMPLES)
    assert hint.action in view.legal and view.legal == (PLAY_ON, REDEAL)
    assert hint.reason.params == {"seat": 2}
