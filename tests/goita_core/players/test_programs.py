"""Recognising the fixed programs: the playout plays a seat that is greedy or normal as
that player would, and the search's guesses come to treat a seat that plays as greedy
as greedy."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator

import pytest

from goita_core import Action, Play, Round, RuleSet, SeatView
from goita_core.players import Player, make_player
from goita_core.players.hard import PLAYOUT_WEIGHTS, HardPlayer
from goita_core.players.heuristics import DEFAULT_WEIGHTS
from goita_core.players.kernel import playout
from goita_core.players.programs import BASE, GREEDY, NORMAL, SLIP, Programs, odds
from goita_core.players.sampling import Sampler
from goita_core.players.search import start_of
from goita_core.players.settings import SearchSettings
from goita_core.round import pack
from tests.goita_core.helpers import picked_views


def positions(players: int, seed: int, count: int) -> Iterator[tuple[Round, int]]:
    """Rounds somewhere into their play (by random moves), with the seat to move."""
    rules = RuleSet(players=players)
    rng = random.Random(seed)
    while count:
        rnd = Round.deal(rules, rng.randrange(players), rng)
        if rnd.phase != "play":
            continue
        for _ in range(rng.randrange(12)):
            if rnd.over:
                break
            seat = rnd.to_act()[0]
            rnd.apply(seat, rng.choice(rnd.legal_actions(seat)))
        if not rnd.over:
            count -= 1
            yield rnd, rnd.to_act()[0]


def run(rnd: Round, first: Action, programs: list[int], eps: float, lack: float,
        seed: int, weights: tuple[float, ...] = DEFAULT_WEIGHTS,
        normal_weights: tuple[float, ...] | None = None) -> int:
    """The kernel's playout of ``rnd``'s true hands after ``first``, with the model of
    play's ``weights``."""
    seat = rnd.to_act()[0]
    st = start_of(rnd.view(seat))
    f, s = (int(first.first), int(first.second)) if isinstance(first, Play) else (-1, -1)
    noise = [random.Random(seed).random() for _ in range(48)] if eps else None
    return playout([pack(rnd.hand(t)) for t in range(st.n)], st.sizes[:], st.turn,
                   st.attack, st.attacker, st.passes, st.ou_up, st.avail[:], f, s, st.n,
                   st.parity, st.team_mod, st.double_any, st.fd_unlock, weights,
                   eps, noise, eps, lack=lack, masks=[0] * st.n, programs=programs,
                   normal_weights=normal_weights)


@pytest.mark.parametrize("players", [4, 3])
def test_a_playout_of_greedy_seats_ends_the_round_as_greedy_players_do(players: int) -> None:
    greedy = make_player("greedy")
    for i, (rnd, seat) in enumerate(positions(players, players, 150)):
        first = greedy.act(rnd.view(seat))
        # random options and lacks are asked for: a program plays neither
        got = run(rnd, first, [GREEDY] * players, 0.5, 1.0, i)
        rnd.apply(seat, first)
        while not rnd.over:
            mover = rnd.to_act()[0]
            rnd.apply(mover, greedy.act(rnd.view(mover)))
        result = rnd.result
        assert result is not None and result.team is not None
        won = result.team == rnd.rules.team_of(seat)
        assert got == (result.points if won else -result.points)


def test_a_normal_seat_plays_the_heuristic_without_random_options_or_lacks() -> None:
    normal = make_player("normal")
    for i, (rnd, seat) in enumerate(positions(4, 9, 150)):
        first = normal.act(rnd.view(seat))
        plain = run(rnd, first, [BASE] * 4, 0.0, 0.0, i)
        assert run(rnd, first, [NORMAL] * 4, 0.5, 1.0, i) == plain


def test_a_normal_seat_plays_the_normal_players_weights_whatever_the_playouts() -> None:
    normal = make_player("normal")
    apart = 0
    for i, (rnd, seat) in enumerate(positions(4, 5, 150)):
        first = normal.act(rnd.view(seat))
        plain = run(rnd, first, [BASE] * 4, 0.0, 0.0, i)
        got = run(rnd, first, [NORMAL] * 4, 0.5, 1.0, i, PLAYOUT_WEIGHTS, DEFAULT_WEIGHTS)
        assert got == plain
        # without the normal player's weights, the seats play hard's playouts' own
        apart += run(rnd, first, [NORMAL] * 4, 0.5, 1.0, i, PLAYOUT_WEIGHTS) != plain
    assert apart > 10


def test_a_program_makes_its_own_decisions_likelier_and_others_less_likely() -> None:
    # three options: the program's choice is 3 * (1 - SLIP) times likelier than chance,
    # another choice SLIP * 3 / 2 times
    assert odds(True, 3) == pytest.approx(3 * (1 - SLIP)) and odds(True, 3) > 1.0
    assert odds(False, 3) == pytest.approx(1.5 * SLIP) and odds(False, 3) < 1.0
    # a larger slip: softer odds both ways
    assert odds(True, 3, 0.2) == pytest.approx(2.4)
    assert odds(False, 3, 0.2) == pytest.approx(0.3)
    with pytest.raises(ValueError, match="shares"):
        Programs([(0.0, 0.0), (0.5, 0.5), (0.0, 0.0), (0.0, 0.0)])


def program_shares(other: Player, seed: int,
                   sampler_of: Callable[[SeatView], Sampler] | None = None
                   ) -> dict[int, float]:
    """Over decisions of rounds where the opponents are ``other`` and our team normal,
    the weighted share of guesses in which seat 1 is drawn as each program, from seat
    0's view once seat 1 has made four decisions or more (guesses by ``sampler_of``,
    else a sampler with shares of 0.1)."""
    normal = make_player("normal")
    shares = {BASE: 0.0, GREEDY: 0.0, NORMAL: 0.0}
    found = picked_views(random.Random(seed),
                         lambda seat, view: (other if seat % 2 else normal).act(view),
                         lambda rnd, view: view.seat == 0 and len(view.legal) > 1
                         and sum(1 for a in view.history if a.seat == 1) >= 4)
    for i, (_rnd, view) in enumerate(itertools.islice(found, 6)):
        sampler = Sampler(view, identify=[(0.1, 0.1)] * 4) if sampler_of is None \
            else sampler_of(view)
        draw = random.Random(i)
        for _ in range(300):
            _codes, w = sampler.sample(draw)
            programs = sampler.programs
            assert programs is not None and programs[0] == BASE
            shares[programs[1]] += w
    total = sum(shares.values())
    return {k: v / total for k, v in shares.items()}


def test_the_guesses_come_to_take_each_program_for_what_it_is() -> None:
    greedy = program_shares(make_player("greedy"), 5)
    assert greedy[GREEDY] > 0.5
    normal = program_shares(make_player("normal"), 5)
    assert normal[NORMAL] > 0.5
    # a seat that plays at random is mostly taken for neither
    chance = program_shares(make_player("random", 5), 5)
    assert chance[BASE] > 0.5


def test_the_search_takes_a_normal_seat_for_normal_whatever_its_playouts_weights() -> None:
    search = HardPlayer(1, settings=SearchSettings(identify=0.1, iterations=8,
                                                   rollout_weights=PLAYOUT_WEIGHTS))
    normal = make_player("normal")
    # weighed as by guesses whose model of play is the normal player's
    assert program_shares(normal, 5, search.sampler) == pytest.approx(program_shares(normal, 5))


def test_identify_is_an_option_of_the_lean_flat_search_only() -> None:
    assert SearchSettings().programs is None
    assert SearchSettings(identify=0.1).identify == 0.1
    assert SearchSettings(identify=0.1).programs == (0.1, 0.1)
    assert SearchSettings(identify=0.2, identify_normal=0.0).programs == (0.2, 0.0)
    for bad in ({"identify": 0.6}, {"identify": 0.0, "identify_normal": 0.0},
                {"identify": 0.1, "identify_normal": -0.1}, {"identify": 0.1, "tree": True},
                {"identify": 0.1, "lean": False}, {"identify": 0.1, "resample": 3},
                {"identify": 0.1, "policy_miss": 0.3}):
        with pytest.raises(ValueError, match="identify"):
            SearchSettings(**bad)  # type: ignore[arg-type]


def test_without_weighing_a_program_is_drawn_by_its_share_and_the_guess_keeps_its_hints(
        ) -> None:
    found = picked_views(random.Random(3), lambda seat, view: make_player("normal").act(view),
                         lambda rnd, view: view.seat == 0 and len(view.history) >= 8)
    _rnd, view = next(found)
    plain = Sampler(view)
    shares = [(0.0, 0.0), (0.6, 0.0), (0.0, 0.3), (0.0, 0.0)]
    drawn = Sampler(view, identify=shares, weigh=False)
    counts = {1: 0, 2: 0}
    for i in range(400):
        codes, w = plain.sample(random.Random(i))
        codes2, w2 = drawn.sample(random.Random(i))
        assert codes2 == codes and w2 == pytest.approx(w)
        programs = drawn.programs
        assert programs is not None
        counts[1] += programs[1] == GREEDY
        counts[2] += programs[2] == NORMAL
        assert programs[3] == BASE
    assert 0.5 < counts[1] / 400 < 0.7 and 0.2 < counts[2] / 400 < 0.4


def test_the_programs_slip_is_refused_outside_its_range() -> None:
    assert SearchSettings(identify=0.1, identify_slip=0.2).identify_slip == 0.2
    for slip in (0.0, 0.5, -0.1):
        with pytest.raises(ValueError, match="identify_slip"):
            SearchSettings(identify=0.1, identify_slip=slip)
