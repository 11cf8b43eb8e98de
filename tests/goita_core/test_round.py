"""The round state machine: lead, answer, three passes, Ou restrictions, the finish, typed
errors, events, cloning (RULES.md, "A round")."""

from __future__ import annotations

import random
from typing import Any

import pytest

from goita_core import PASS, Play, Round, RuleSet
from goita_core import errors as E
from goita_core.actions import ALL_PLAYS, Action
from goita_core.events import Blocked, Led, MustLeadAgain, Passed, RoundWon
from goita_core.pieces import Kind, parse_kind

from .helpers import complete_deal

K = parse_kind


def P(pair: str) -> Play:
    return Play(K(pair[0]), K(pair[1]))


def snapshot(r: Round) -> tuple[Any, ...]:
    return (r.hands[:], r.sizes[:], r.turn, r.attack, r.attacker, r.passes, r.ou_up, r.phase,
            r.history[:], r.result, list(r.pending), dict(r.decisions))


def make(fixed: dict[int, str], dealer: int = 0, **rules: Any) -> Round:
    return Round(RuleSet(**rules), dealer, complete_deal(fixed))


def run(r: Round, moves: list[tuple[int, Action]]) -> list[Any]:
    events: list[Any] = []
    for seat, action in moves:
        events += r.apply(seat, action)
    return events


def test_the_dealer_leads_and_may_not_pass() -> None:
    r = make({2: "王金金銀馬香しし"}, dealer=2)
    assert r.turn == 2 and r.must_lead
    assert PASS not in r.legal_actions()
    with pytest.raises(E.MustLead):
        r.apply(2, PASS)
    assert r.apply(2, P("馬香")) == [Led(2, Kind.BAKKO, Kind.GON)]
    assert (r.turn, r.attack, r.attacker) == (3, Kind.GON, 2)


def test_a_lead_event_can_hide_its_face_down_piece() -> None:
    assert Led(0, Kind.OU, Kind.GON).public() == Led(0, None, Kind.GON)


def test_block_with_the_same_kind_then_attack() -> None:
    r = make({0: "王金金銀馬香しし", 1: "王香角銀銀馬しし"})
    r.apply(0, P("し香"))
    assert r.apply(1, P("香角")) == [Blocked(1, Kind.GON, Kind.KAKU, Kind.GON)]
    assert (r.turn, r.attack, r.attacker) == (2, Kind.KAKU, 1)


def test_block_of_another_kind_is_refused() -> None:
    r = make({0: "王金金銀馬香しし", 1: "王香角銀銀馬しし"})
    r.apply(0, P("し香"))
    with pytest.raises(E.BlockMismatch):
        r.apply(1, P("角し"))


@pytest.mark.parametrize("attack", ["香", "し"])
def test_ou_cannot_block_gon_or_shi(attack: str) -> None:
    r = make({0: "王金金銀馬香しし", 1: "王香角銀銀馬しし"})
    r.apply(0, P("金" + attack))
    with pytest.raises(E.OuCannotBlock):
        r.apply(1, P("王し"))
    assert Play(Kind.OU, Kind.SHI) not in r.legal_actions()


def test_ou_blocks_other_kinds_and_a_face_up_ou_unlocks_ou_attacks() -> None:
    r = make({0: "王金金銀馬香しし", 1: "王香角銀銀馬しし"})
    assert all(a.second != Kind.OU for a in r.legal_actions() if isinstance(a, Play))
    r.apply(0, P("し金"))
    r.apply(1, P("王馬"))  # Ou blocks 金 face up
    assert r.ou_up == 1
    r.apply(2, PASS)
    r.apply(3, PASS)
    assert P("馬王") in r.legal_actions()  # the other Ou is face up now (rule 1)
    r.apply(0, P("馬王"))


def test_three_passes_give_the_attacker_a_new_face_down_lead() -> None:
    r = make({0: "王金金銀馬香しし"})
    r.apply(0, P("し香"))
    assert r.apply(1, PASS) == [Passed(1)]
    r.apply(2, PASS)
    assert r.apply(3, PASS) == [Passed(3), MustLeadAgain(0)]
    assert r.turn == 0 and r.must_lead and PASS not in r.legal_actions()
    with pytest.raises(E.MustLead):
        r.apply(0, PASS)
    assert r.apply(0, P("金金")) == [Led(0, Kind.KIN, Kind.KIN)]


def test_not_your_turn_and_piece_not_in_hand() -> None:
    r = make({0: "王金金銀馬香しし"})
    with pytest.raises(E.NotYourTurn):
        r.apply(1, P("しし"))
    with pytest.raises(E.PieceNotInHand):
        r.apply(0, P("飛し"))
    with pytest.raises(E.PieceNotInHand):
        r.apply(0, P("馬馬"))  # only one 馬


def test_ou_may_not_attack_holding_one_ou_early() -> None:
    r = make({0: "王金金銀馬香しし"})
    with pytest.raises(E.OuAttackNotAllowed):
        r.apply(0, P("し王"))


def test_face_down_ou_does_not_unlock_ou_attack() -> None:
    """RULES.md **Decision**: an Ou played face down does not satisfy rule 1."""
    r = make({0: "王金金銀馬香しし", 1: "王香角銀銀馬しし"})
    r.apply(0, P("王香"))  # Ou may be played face down at any time
    with pytest.raises(E.OuAttackNotAllowed):
        r.apply(1, P("香王"))


def test_house_rule_facedown_ou_unlocks_allows_it() -> None:
    r = make({0: "王金金銀馬香しし", 1: "王香角銀銀馬しし"}, facedown_ou_unlocks=True)
    r.apply(0, P("王香"))
    r.apply(1, P("香王"))
    assert r.attack == Kind.OU


def test_own_face_down_ou_does_not_unlock_the_second() -> None:
    """RULES.md **Decision**: even the player's own earlier face-down Ou does not count."""
    r = make({0: "王王金銀馬香しし"})
    run(r, [(0, P("王香")), (1, PASS), (2, PASS), (3, PASS)])
    with pytest.raises(E.OuAttackNotAllowed):
        r.apply(0, P("し王"))


def test_holding_both_ou_is_judged_at_the_start_of_the_turn() -> None:
    """RULES.md **Decision**: lead one Ou face down and attack with the other, same turn."""
    r = make({0: "王王金銀馬香しし"})
    assert P("王王") in r.legal_actions()
    r.apply(0, P("王王"))
    assert r.attack == Kind.OU and r.ou_up == 1


def test_ou_may_attack_as_the_last_piece() -> None:
    r = make({0: "王金金銀馬香しし"})
    passes = [(1, PASS), (2, PASS), (3, PASS)]
    run(r, [(0, P("しし")), *passes, (0, P("金金")), *passes, (0, P("銀馬")), *passes])
    assert r.hand(0) == [Kind.GON, Kind.OU]
    events = r.apply(0, P("香王"))
    assert events[-1] == RoundWon(0, 0, 50, False, Kind.OU, None)


def test_worked_example_seed_000_scores_60() -> None:
    """RULES.md worked example: 7th 金 face down, 8th 金 = 30 x 2."""
    r = make({0: "王王角金金馬香し", 1: "香角しししし銀銀"})
    passes = [(1, PASS), (2, PASS), (3, PASS)]
    run(r, [(0, P("馬香")), (1, P("香角")), (2, PASS), (3, PASS), (0, P("角王")), *passes,
            (0, P("し王")), *passes])
    events = r.apply(0, P("金金"))
    assert events == [Led(0, Kind.KIN, Kind.KIN), RoundWon(0, 0, 60, True, Kind.KIN, None)]
    assert r.over and r.result is not None and r.result.points == 60 and r.result.doubled


def _block_finish(**rules: Any) -> RoundWon:
    """Seat 1 goes out blocking 銀 with 銀 and attacking 銀 (7th is a face-up block)."""
    r = make({0: "銀銀金馬馬香しし", 1: "銀銀香香しし馬金"}, **rules)
    run(r, [(0, P("し香")), (1, P("香し")), (2, PASS), (3, PASS), (0, PASS),
            (1, P("し香")), (2, PASS), (3, PASS), (0, PASS),
            (1, P("馬金")), (2, PASS), (3, PASS), (0, P("金銀"))])
    events = r.apply(1, P("銀銀"))
    assert isinstance(events[-1], RoundWon)
    return events[-1]


def test_face_up_seventh_does_not_double_by_default() -> None:
    assert _block_finish() == RoundWon(1, 1, 30, False, Kind.GIN, None)


def test_house_rule_double_any_seventh_doubles_a_blocked_seventh() -> None:
    assert _block_finish(double_any_seventh=True) == RoundWon(1, 1, 60, True, Kind.GIN, None)


def test_nothing_after_the_round_is_over() -> None:
    r = make({0: "王金金銀馬香しし"})
    passes = [(1, PASS), (2, PASS), (3, PASS)]
    run(r, [(0, P("しし")), *passes, (0, P("金金")), *passes, (0, P("銀馬")), *passes,
            (0, P("香王"))])
    assert r.legal_actions() == () and r.to_act() == []
    with pytest.raises(E.RoundOver):
        r.apply(1, PASS)


def test_legal_actions_list_every_distinct_pair() -> None:
    r = make({0: "王金金銀馬香しし", 1: "王香角銀銀馬しし"})
    r.apply(0, P("し香"))
    legal = r.legal_actions()
    assert legal[0] is PASS
    # 香 blocks (Ou cannot block 香), then any distinct attack but Ou (one Ou, not unlocked)
    assert set(legal[1:]) == {P("香し"), P("香馬"), P("香銀"), P("香角")}
    assert len(legal) == len(set(legal))
    assert r.legal_actions(0) == () and r.legal_actions(1) == legal


def test_every_refused_action_names_its_rule_and_changes_nothing() -> None:
    r = make({0: "王金金銀馬香しし", 1: "王香角銀銀馬しし"})
    r.apply(0, P("し金"))
    legal = set(r.legal_actions())
    before = snapshot(r)
    refused = 0
    for seat in range(4):
        for action in (PASS, *ALL_PLAYS):
            if seat == 1 and action in legal:
                continue
            with pytest.raises(E.IllegalAction) as info:
                r.apply(seat, action)
            assert info.value.rule != "illegal"
            assert snapshot(r) == before
            refused += 1
    assert refused == 4 * 65 - len(legal)


def test_malformed_actions_are_refused() -> None:
    r = make({})
    with pytest.raises(E.MalformedAction):
        r.apply(0, "pass")  # type: ignore[arg-type]
    with pytest.raises(E.NotYourTurn):
        r.apply(7, PASS)


def test_invalid_deals_are_errors() -> None:
    good = complete_deal({})
    with pytest.raises(E.InvalidDeal, match="full set"):
        Round(RuleSet(), 0, [*good[:3], good[0]])
    with pytest.raises(E.InvalidDeal, match="8 pieces"):
        Round(RuleSet(), 0, [good[0][:7], good[1], good[2], good[3] + good[0][7:]])
    with pytest.raises(E.InvalidDeal):
        Round(RuleSet(), 4, good)
    with pytest.raises(E.InvalidDeal):
        Round(RuleSet(), 0, good[:3])
    with pytest.raises(E.InvalidDeal, match="not a piece"):
        Round(RuleSet(), 0, [[9] * 8, *good[1:]])


def test_seeded_deal_is_reproducible_and_a_full_set() -> None:
    a = Round.deal(RuleSet(), 1, random.Random(42))
    b = Round.deal(RuleSet(), 1, random.Random(42))
    assert a.hands == b.hands
    pieces = sorted(k for s in range(4) for k in a.hand(s))
    assert len(pieces) == 32 and all(len(a.hand(s)) == 8 for s in range(4))
    Round(RuleSet(), 1, [a.hand(s) for s in range(4)])  # validates as a deal


def test_clone_is_independent() -> None:
    r = make({0: "王金金銀馬香しし"})
    r.apply(0, P("しし"))
    c = r.clone()
    c.apply(1, PASS)
    assert r.turn == 1 and c.turn == 2 and len(r.history) == 1
    assert snapshot(r.clone()) == snapshot(r)


def test_random_playout_is_a_legal_game() -> None:
    rng = random.Random(3)
    for _ in range(50):
        r = Round.deal(RuleSet(), 0, rng)
        if r.phase != "play":
            continue
        replay = r.clone()
        result = r.random_playout(rng)
        for seat, action, _lead in r.history:
            replay.apply(seat, action)
        assert replay.result == result


def test_deal_is_a_standard_shuffle_of_the_set() -> None:
    """The inlined shuffle gives exactly random.Random.shuffle's deal (seeds stay valid)."""
    from goita_core.pieces import full_set
    from goita_core.round import pack

    for players in (4, 3):
        rules = RuleSet(players=players)
        for seed in range(50):
            pieces = full_set(players)
            expected_rng = random.Random(seed)
            expected_rng.shuffle(pieces)
            rng = random.Random(seed)
            r = Round.deal(rules, 0, rng)
            size = rules.hand_size
            assert list(r.initial_hands) == [pack(pieces[i * size:(i + 1) * size])
                                             for i in range(players)]
            assert rng.random() == expected_rng.random()


def test_histories_share_their_entries_and_keep_them_right() -> None:
    """Every (seat, action, lead) entry is one shared tuple, however many rounds hold it (a
    bot keeps each running match's rounds): applied moves and random playouts alike, and
    each entry says what was done."""
    rng = random.Random(3)
    rounds = []
    for _ in range(20):
        played = Round.deal(RuleSet(), rng.randrange(4), rng)
        while not played.over:
            seat = played.to_act()[0]
            action = rng.choice(played.legal_actions(seat))
            lead, moves = played.must_lead, len(played.history)
            played.apply(seat, action)
            if len(played.history) > moves:  # a play or a pass (not a 5-Shi decision)
                assert played.history[-1] == (seat, action, lead)
        rounds.append(played)
        rounds.append(Round.deal(RuleSet(), 0, rng))
        rounds[-1].random_playout(rng)
    entries = [entry for r in rounds for entry in r.history]
    assert len(entries) > 500
    assert len({id(entry) for entry in entries}) == len(set(entries))


def test_the_legal_actions_cache_stays_bounded_and_right(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A long-running process meets ever more (hand, attack, Ou) situations: the cache of
    their legal actions is emptied at its bound, and every answer stays the legal one."""
    from goita_core import hands

    monkeypatch.setattr(hands, "LEGAL_CACHE_MAX", 40)
    rng = random.Random(9)
    sizes = []
    for _ in range(30):
        played = Round.deal(RuleSet(), rng.randrange(4), rng)
        played.random_playout(rng)
        for _ in range(20):
            code = sum(rng.sample(hands.SETS[4], rng.randint(1, 8)))
            attack, unlocked = rng.randrange(-1, 8), rng.random() < 0.5
            assert hands.legal_for(code, attack, unlocked) \
                == hands._generate(code, attack, unlocked)
            sizes.append(len(hands.LEGAL_CACHE))
    assert max(sizes) <= 40 and min(sizes) < 40  # filled, emptied, filled again
