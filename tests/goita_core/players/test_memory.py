"""Remembering the other seats across rounds: the ended rounds, every hand revealed, tell
the search which seats play the greedy or the normal program, and it then searches them
as such; seats that play otherwise soon get no share."""

from __future__ import annotations

import random

import pytest

from goita_core import Round, RuleSet
from goita_core.players import Player, make_player
from goita_core.players.hard import PLAYOUT_WEIGHTS, HardPlayer
from goita_core.players.memory import CAP, Memory
from goita_core.players.programs import BASE, GREEDY
from goita_core.players.settings import SearchSettings


def remembering(**options: object) -> HardPlayer:
    settings = SearchSettings(identify=0.03, remember=True, iterations=8, **options)  # type: ignore[arg-type]
    return HardPlayer(1, settings=settings)


def play_rounds(me: HardPlayer, others: list[Player], rounds: int, players: int = 4,
                seed: int = 3) -> list[tuple[float, float]] | None:
    """``rounds`` rounds with ``me`` at seat 0, each ended round told to it; its shares."""
    rules = RuleSet(players=players)
    rng = random.Random(seed)
    table: list[Player] = [me, *others]
    for no in range(1, rounds + 1):
        rnd = Round.deal(rules, rng.randrange(players), rng)
        while not rnd.over:
            seat = rnd.to_act()[0]
            rnd.apply(seat, table[seat].act(rnd.view(seat)))
        me.round_end(rnd, 0, no)
    return me.programs(Round.deal(rules, 0, rng).view(0))


def test_seats_that_play_greedy_are_searched_as_greedy_after_a_few_rounds() -> None:
    me = remembering()
    assert me.programs(Round.deal(RuleSet(), 0, random.Random(1)).view(0)) is None
    shares = play_rounds(me, [make_player("greedy"), make_player("normal"),
                              make_player("greedy")], 4)
    assert shares is not None
    assert shares[1][0] > 0.9 and shares[3][0] > 0.9  # the greedy opponents
    assert shares[2][1] > 0.9  # the normal partner
    assert all(g + n <= CAP + 1e-12 for g, n in shares)


def test_normal_seats_are_recognised_whatever_the_playouts_weights() -> None:
    # the playouts' model of play with weights of its own, as in hard
    me = remembering(rollout_weights=PLAYOUT_WEIGHTS)
    shares = play_rounds(me, [make_player("greedy"), make_player("normal"),
                              make_player("normal")], 4)
    assert shares is not None
    assert shares[2][1] > 0.9 and shares[3][1] > 0.9


def test_seats_that_play_otherwise_get_no_share() -> None:
    me = remembering()
    shares = play_rounds(me, [make_player("random", s) for s in (2, 3, 4)], 3)
    assert shares is None  # searched as without identify


def test_three_seats_are_remembered_too() -> None:
    me = remembering()
    shares = play_rounds(me, [make_player("greedy"), make_player("random", 2)], 4,
                         players=3)
    assert shares is not None and shares[1][0] > 0.9 and shares[2] == (0.0, 0.0)


def test_the_remembered_greedy_seats_play_greedy_in_the_playouts() -> None:
    me = remembering(identify_normal=0.0)
    play_rounds(me, [make_player("greedy"), make_player("normal"), make_player("greedy")],
                4)
    rng = random.Random(7)
    drawn = {BASE: 0, GREEDY: 0}
    for _ in range(5):
        rnd = Round.deal(RuleSet(), 1, rng)
        while rnd.phase != "play" or rnd.to_act()[0] != 0:  # our first decision
            if rnd.phase == "goshi":
                rnd = Round.deal(RuleSet(), 1, rng)
                continue
            seat = rnd.to_act()[0]
            rnd.apply(seat, rng.choice(rnd.legal_actions(seat)))
        sampler = me.sampler(rnd.view(0))
        for _ in range(50):
            sampler.sample(rng)
            programs = sampler.programs
            assert programs is not None
            drawn[programs[1]] += 1
    assert drawn[GREEDY] > 0.9 * sum(drawn.values())


def test_without_remember_the_ended_rounds_change_nothing() -> None:
    me = HardPlayer(1, settings=SearchSettings(identify=0.03, iterations=8))
    play_rounds(me, [make_player("greedy")] * 3, 2)
    assert me.memory == {}
    assert me.programs(Round.deal(RuleSet(), 0, random.Random(1)).view(0)) \
        == [(0.03, 0.03)] * 4


def test_a_round_still_in_play_tells_nothing() -> None:
    memory = Memory(0.03, 0.03, 0, 4, SearchSettings().playout_weights)
    memory.observe(Round.deal(RuleSet(), 0, random.Random(1)))
    assert memory.rounds == 0 and memory.shares() is None


def test_without_identify_nothing_is_remembered() -> None:
    me = HardPlayer(1, settings=SearchSettings(remember=True, iterations=8))
    shares = play_rounds(me, [make_player("greedy")] * 3, 2)
    assert shares is None and me.memory == {}


def test_a_memory_of_one_match_is_forgotten_when_the_match_ends() -> None:
    me = remembering(remember_rounds=3)
    others: list[Player] = [make_player("greedy"), make_player("normal"),
                            make_player("greedy")]
    assert play_rounds(me, others, 2) is not None  # two rounds of the match remembered
    assert play_rounds(me, others, 1, seed=4) is None and me.memory == {}  # the third ends it
    with pytest.raises(ValueError, match="remember_rounds"):
        remembering(remember_rounds=0)


def test_the_hard_and_expert_levels_remember_and_hard_v1_does_not() -> None:
    greedy: list[Player] = [make_player("greedy")] * 3
    for level in ("hard", "expert"):
        me = make_player(level, 1, options={"iterations": 8})
        assert isinstance(me, HardPlayer) and not me.settings.identify_weigh
        shares = play_rounds(me, greedy, 3)
        assert shares is not None and shares[1][0] > 0.9 and shares[3][0] > 0.9
    v1 = make_player("hard-v1", 1, options={"iterations": 8})
    assert isinstance(v1, HardPlayer) and play_rounds(v1, greedy, 1) is None
