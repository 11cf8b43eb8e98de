"""The deals a review plays its moves out on are guessed as the strongest player's search
guesses them: they keep what the table has shown (where an early Ou attack puts the other
Ou, how many Shi a seat can hold) and are weighted by how well they explain the play."""

from __future__ import annotations

import random

from bot.app.learn.evaluate import guess_hands
from bot.app.learn.strongest import strongest_guesses
from goita_core import PASS, Kind, Play, Round, RuleSet
from goita_core.pieces import parse_pieces
from tests.goita_core.helpers import complete_deal

SHI, OU = int(Kind.SHI), int(Kind.OU)


def P(text: str) -> Play:
    first, second = parse_pieces(text)
    return Play(first, second)


def test_after_an_early_ou_attack_no_other_seat_is_guessed_the_other_ou() -> None:
    # seat 0 leads face down and attacks with an Ou: legal only because it holds both
    rnd = Round(RuleSet(), 0, complete_deal({0: "王王金銀馬香しし"}))
    rnd.apply(0, P("香王"))
    view = rnd.view(1)
    sampler = strongest_guesses(view)
    with_attacker = 0
    for seed in range(200):
        hands, weight = guess_hands(view, sampler, random.Random(seed))
        assert weight > 0 and [len(h) for h in hands] == list(view.hand_sizes)
        assert OU not in hands[2] and OU not in hands[3]
        with_attacker += OU in hands[0]
    # else it is the face-down piece laid in the same turn
    assert with_attacker >= 180


def test_a_seat_that_showed_four_shi_is_never_guessed_a_fifth() -> None:
    rnd = Round(RuleSet(), 0, complete_deal({0: "しししし金金香馬", 1: "ししし銀銀角飛王"}))
    for seat, play in ((0, "金し"), (1, "しし"), (2, None), (3, None), (0, "しし"),
                       (1, None), (2, None), (3, None), (0, "金し")):
        rnd.apply(seat, PASS if play is None else P(play))
    view = rnd.view(1)
    sampler = strongest_guesses(view)
    unseen_shi = view.unseen()[SHI]
    for seed in range(200):
        hands, _weight = guess_hands(view, sampler, random.Random(seed))
        # seat 0 declared no Shi hand: no Shi in its hand, none among its face-down pieces
        assert SHI not in hands[0]
        assert hands[2].count(SHI) + hands[3].count(SHI) == unseen_shi
