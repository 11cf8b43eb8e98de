"""The hard player's guesses of hidden hands: pruning by the guesses' effective number,
the partners' signal (``convention``), and the two benchmarks that bound and measure the
guesses (benchmarks/oracle_ceiling.py, benchmarks/inference_quality.py)."""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

import pytest

from benchmarks import oracle_ceiling, presence_model
from benchmarks.inference_quality import measure, record
from benchmarks.policy_ceiling import ExactPolicySampler
from goita_core import PASS, Kind, Play, Round, RuleSet, SeatView
from goita_core.hands import pack
from goita_core.players import hard, make_player
from goita_core.players.hard import HardPlayer
from goita_core.players.heuristics import DEFAULT_WEIGHTS, lack_masks
from goita_core.players.lacks import lack_discount
from goita_core.players.normal import NormalPlayer
from goita_core.players.sampling import Sampler, follows_convention
from goita_core.players.search import candidates, prune
from goita_core.players.settings import SearchSettings
from goita_core.view import PublicAction
from tests.goita_core.helpers import complete_deal, picked_views
from tests.goita_core.players.test_players import random_view

S, G, B, GI, KI, KA, HI, OU = range(8)


def test_prune_keeps_a_close_candidate_when_the_guesses_are_worth_fewer_samples() -> None:
    # means 10 and 9, both with variance 25
    sums, sq, wsum = [1000.0, 900.0], [12500.0, 10600.0], 100.0
    assert prune([0, 1], sums, sq, wsum, 400) == [0]
    assert prune([0, 1], sums, sq, wsum, 40) == [0, 1]


def test_paired_prune_drops_a_candidate_that_is_behind_on_the_same_samples() -> None:
    # 40 samples on which candidate 1 scores 1 point less than 0 every time (spread 5):
    # apart, the means are too close to tell; paired, 1 is always behind
    rng = random.Random(5)
    outcomes = [rng.gauss(0.0, 5.0) for _ in range(40)]
    rows = [(v + 1.0, v) for v in outcomes]
    sums = [sum(r[0] for r in rows), sum(r[1] for r in rows)]
    sq = [sum(r[0] ** 2 for r in rows), sum(r[1] ** 2 for r in rows)]
    cross = [[0.0, sum(a * b for a, b in rows)], [0.0, 0.0]]
    assert prune([0, 1], sums, sq, 40.0, 40) == [0, 1]
    assert prune([0, 1], sums, sq, 40.0, 40, cross=cross) == [0]
    # the same means with outcomes that do not move together: both kept
    rows = [(v + 1.0, w) for v, w in zip(outcomes, outcomes[::-1], strict=True)]
    cross = [[0.0, sum(a * b for a, b in rows)], [0.0, 0.0]]
    assert prune([0, 1], sums, sq, 40.0, 40, cross=cross) == [0, 1]


@pytest.mark.parametrize("paired", [False, True])
def test_the_search_prunes_on_paired_differences_only_with_paired_prune(
        paired: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[list[float]] | None] = []

    def spy(active: list[int], sums: list[float], sq: list[float], wsum: float,
            samples: float, z: float = 2.5, cross: list[list[float]] | None = None) -> list[int]:
        seen.append(cross)
        if cross is not None:  # sums of products of the same outcomes: Cauchy-Schwarz
            assert all(cross[i][j] ** 2 <= sq[i] * sq[j] + 1e-6
                       for i in active for j in active if i < j)
            assert any(cross[i][j] for i in active for j in active if i < j)
        return prune(active, sums, sq, wsum, samples, z, cross)

    monkeypatch.setattr(hard, "prune", spy)
    view = passed_view()
    action = HardPlayer(3, settings=SearchSettings(iterations=80, paired_prune=paired)).act(view)
    assert action in view.legal
    assert seen and all((c is not None) == paired for c in seen)


def passed_view() -> SeatView:
    """A view in which other seats passed attacks (the pass hints weigh guesses unequally)."""
    for seed in range(500):
        view = random_view(seed, 14)
        if view.phase == "play" and len(view.legal) > 3 and len(view.hand) > 2 \
                and sum(len(m) for m in Sampler(view).pass_marks.values()) >= 3:
            return view
    raise AssertionError("no view with passes")


@pytest.mark.parametrize("ess", [False, True])
def test_ess_prune_counts_unequal_weights_as_fewer_samples(
        ess: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[float] = []

    def spy(active: list[int], sums: list[float], sq: list[float], wsum: float,
            samples: float, z: float = 2.5, cross: list[list[float]] | None = None) -> list[int]:
        seen.append(samples)
        return prune(active, sums, sq, wsum, samples, z, cross)

    monkeypatch.setattr(hard, "prune", spy)
    view = passed_view()
    HardPlayer(3, settings=SearchSettings(iterations=80, ess_prune=ess, prune_z=50.0)).act(view)
    counts = [24 + 8 * i for i in range(len(seen))]
    assert seen
    if ess:
        assert all(e <= c + 1e-9 for e, c in zip(seen, counts, strict=True))
        assert any(e < c - 1 for e, c in zip(seen, counts, strict=True))
    else:
        assert seen == counts


def test_the_convention_is_a_most_held_kind() -> None:
    assert follows_convention(pack([S, S, S, G, G, OU]), S)
    assert not follows_convention(pack([S, S, S, G, G, OU]), G)
    assert follows_convention(pack([S, S, G, G]), G) and follows_convention(pack([S, S, G, G]),
                                                                            S)


def lead_views() -> list[SeatView]:
    out = []
    for seed in range(300):
        view = random_view(seed, 4 * (seed % 5))
        if view.phase == "play" and view.must_lead and len(view.hand) > 4:
            out.append(view)
        if len(out) == 16:
            break
    return out


def attack_follows(view: SeatView, action: Any) -> bool:
    code = pack(view.hand) - (1 << (int(action.first) << 2))
    return follows_convention(code, int(action.second))


@pytest.mark.parametrize("margin", [None, 1e9])
def test_a_signalling_player_attacks_with_a_kind_it_holds_most_of(margin: float | None) -> None:
    plain_breaks = 0
    for i, view in enumerate(lead_views()):
        if not any(attack_follows(view, a) for a in candidates(view, DEFAULT_WEIGHTS)):
            continue
        player = HardPlayer(i, settings=SearchSettings(iterations=6, convention=0.15,
                                                       convention_margin=margin))
        assert attack_follows(view, player.act(view))
        plain = HardPlayer(i, settings=SearchSettings(iterations=6))
        plain_breaks += not attack_follows(view, plain.act(view))
    assert plain_breaks  # the signal is a choice, not what the search plays anyway


def partner_led_round() -> Round:
    """Seat 0 to answer after its partner (seat 2) led a Shi face down and attacked with a
    Gon."""
    hands = [[S, S, S, G, B, GI, KI, KA], [S, S, S, G, B, GI, KI, HI],
             [S, S, G, B, GI, KI, KA, OU], [S, S, G, B, GI, KI, HI, OU]]
    rnd = Round(RuleSet(), 2, hands)
    rnd.apply(2, Play(Kind.SHI, Kind.GON))
    rnd.apply(3, PASS)
    return rnd


def partner_led_view() -> SeatView:
    return partner_led_round().view(0)


def _check_seat_2_read(view: SeatView, reader: Sampler, miss: float) -> None:
    """``reader``'s guesses are ``Sampler(view)``'s, weighing ``miss`` times as much where
    seat 2's Gon attack (led face down) broke the signal; both cases occur."""
    plain = Sampler(view)
    kept = broke = 0
    for seed in range(200):
        codes, w = plain.sample(random.Random(seed))
        codes2, w2 = reader.sample(random.Random(seed))
        assert codes == codes2
        # the hand it held once its face-down piece was laid: today's and the Gon
        if follows_convention(codes[2] + (1 << (G << 2)), G):
            kept += 1
            assert w2 == pytest.approx(w)
        else:
            broke += 1
            assert w2 == pytest.approx(miss * w)
    assert kept and broke


def test_guesses_where_the_partner_broke_the_signal_weigh_less() -> None:
    view = partner_led_view()
    _check_seat_2_read(view, Sampler(view, convention=0.15), 0.15)


@pytest.mark.parametrize("seat", [1, 3])
def test_an_opponents_attacks_are_read_with_their_own_weight(seat: int) -> None:
    # seat 2 led a Gon: an opponent of seats 1 and 3, whose partner's weight leaves it be
    view = partner_led_round().view(seat)
    _check_seat_2_read(view, Sampler(view, convention=0.15), 1.0)
    _check_seat_2_read(view, Sampler(view, convention_opp=0.4), 0.4)


def test_the_opponents_weight_leaves_the_partners_attacks_unread() -> None:
    view = partner_led_view()
    plain, opp = Sampler(view), Sampler(view, convention_opp=0.15)
    for seed in range(50):
        assert opp.sample(random.Random(seed)) == plain.sample(random.Random(seed))


def _unseen_without(view: SeatView, code: int) -> list[int]:
    left = list(view.unseen())
    for k in range(8):
        left[k] -= (code >> (k << 2)) & 15
    return left


@pytest.mark.parametrize("only", [None, "kinds", "ou", "high"])
@pytest.mark.parametrize("reveal", ["partner", "opponents", "next", "previous"])
def test_the_oracle_tells_the_revealed_hands(only: str | None, reveal: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    differs = 0
    for deal in range(12):
        rnd = Round.deal(RuleSet(), 0, random.Random(deal))
        if rnd.phase != "play":
            continue
        rnd.apply(0, rnd.legal_actions(0)[0])
        view = rnd.view(1)
        truth = list(rnd.hands)
        monkeypatch.setattr(oracle_ceiling, "_truth", [truth])
        monkeypatch.setattr(oracle_ceiling, "_revealed", oracle_ceiling.REVEAL[reveal])
        monkeypatch.setattr(oracle_ceiling, "_partial", [only])
        shown = [(1 + r) % 4 for r in oracle_ceiling.REVEAL[reveal]]
        hidden = [s for s in (0, 2, 3) if s not in shown]
        sampler = oracle_ceiling.OracleSampler(view)
        for seed in range(10):
            codes, w = sampler.sample(random.Random(seed))
            assert w > 0 and codes[1] == truth[1]
            for s in shown:
                if only is None:
                    assert codes[s] == truth[s]
                else:
                    assert oracle_ceiling._told(codes[s], only) \
                        == oracle_ceiling._told(truth[s], only)
            differs += any(codes[s] != truth[s] for s in hidden + shown * (only is not None))
            # every piece is dealt once, and every hand has its size
            assert all(n >= 0 for n in _unseen_without(view, codes[0] + codes[2] + codes[3]))
            assert [sum((c >> (k << 2)) & 15 for k in range(8)) for c in codes] \
                == list(view.hand_sizes)
        monkeypatch.setattr(oracle_ceiling, "_truth", [None])
        assert oracle_ceiling.OracleSampler(view).sample(random.Random(1)) \
            == Sampler(view).sample(random.Random(1))
    assert differs  # what is not told is still guessed


@pytest.mark.parametrize("when", ["lead", "opponent", "partner"])
def test_the_oracle_tells_only_the_decisions_asked_for(
        when: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--when``: the true hands reach side A only at a lead, an answer to an opponent's
    attack or an answer to the partner's, as asked."""
    monkeypatch.setattr(oracle_ceiling, "_when", [when])
    told: dict[str, list[bool]] = {"lead": [], "opponent": [], "partner": []}

    class Recorder:
        name = "recorder"
        oracle = True

        def act(self, view: SeatView) -> Any:
            attacker = view.seat if view.attacker is None else view.attacker
            kind = "lead" if view.must_lead else \
                "partner" if (attacker - view.seat) % 2 == 0 else "opponent"
            told[kind].append(oracle_ceiling._truth[0] is not None)
            return view.legal[len(view.history) % len(view.legal)]

    for deal in range(20):
        rnd = Round.deal(RuleSet(), 0, random.Random(deal))
        if rnd.phase == "play":
            oracle_ceiling._play_round(rnd, lambda seat: Recorder(), lambda *a: None)
    assert all(told[when]) and told[when]
    assert not any(t for kind, ts in told.items() if kind != when for t in ts)
    assert all(told.values())


def test_inference_quality_is_perfect_for_the_true_hands_and_not_for_guesses() -> None:
    cases = record(rounds=2, iterations=2, seed=3)
    assert cases
    truth_of = {id(view): truth for view, truth in cases}

    class Perfect(Sampler):
        def sample(self, rng: random.Random, tries: int = 50) -> tuple[list[int], float]:
            return list(truth_of[id(self.view)]), 1.0

    guessed = measure(cases, {}, samples=20, seed=1)
    perfect = measure(cases, {}, samples=5, seed=1, sampler_of=Perfect)
    assert perfect["misplaced opponents"] == 0 and perfect["logp opponents"] == 0
    assert perfect["kinds partner"] == 0
    assert perfect["brier opponents"] == 0 and perfect["brier partner"] == 0
    assert perfect["right opponents"] == pytest.approx(1.0)
    assert perfect["ess"] == pytest.approx(1.0)
    assert guessed["misplaced opponents"] > 0.5 and guessed["logp opponents"] < -1
    assert guessed["kinds partner"] < -0.5
    assert guessed["brier opponents"] > 0.05 and guessed["brier partner"] > 0.05
    assert guessed["right opponents"] < 0.5


def test_the_players_own_program_explains_the_true_hands_exactly() -> None:
    """policy_ceiling replays the round from a guess: from the true hands (and the true
    face-down pieces) the very players of the round, same seeds, make every past choice
    again; from guessed hands they do not."""
    players = [make_player("hard-v1", 30 + s, options={"iterations": 3}) for s in range(4)]
    found = picked_views(random.Random(8), lambda seat, view: players[seat].act(view),
                         lambda rnd, view: rnd.phase == "play" and len(view.history) >= 10)
    for rnd, view in itertools.islice(found, 6):
        facedown: dict[int, list[int]] = {s: [] for s in range(4)}
        for s, act, lead in rnd.history:
            if lead and s != view.seat:
                facedown[s].append(int(act.first))  # type: ignore[attr-defined]
        sampler = ExactPolicySampler(view, [[p] for p in players], 0.0, {})
        assert sampler.policy_weight(list(rnd.hands), facedown) == 1.0
        weights = [sampler.sample(random.Random(i))[1] for i in range(20)]
        assert min(weights) < 1.0


def test_the_presence_model_recovers_a_known_logistic_law() -> None:
    rng = random.Random(4)
    truth = [0.3, 1.0, -1.5]
    rows: list[presence_model.Row] = []
    for _ in range(3000):
        x = [1.0, rng.uniform(-3, 3), float(rng.random() < 0.4)]
        q = 1 / (1 + math.exp(-sum(b * v for b, v in zip(truth, x, strict=True))))
        rows.append((x, int(rng.random() < q), 0.5))
    beta = presence_model.fit(rows)
    assert beta == pytest.approx(truth, abs=0.25)
    assert presence_model.log_loss(beta, rows) > presence_model.log_loss([0.0, 1.0, 0.0], rows)


def test_presence_rows_say_which_kinds_each_other_hand_holds() -> None:
    rnd = partner_led_round()
    rows = presence_model.rows_of((rnd.view(0), list(rnd.hands)), 30, random.Random(1))
    assert len(rows) == 24
    held = [y for _x, y, _p in rows]
    # seats 1, 2, 3 in order, kinds Shi .. Ou: seat 2 (the partner) has no Gon left, and
    # its lead with a Gon is on its record
    assert held[8:16] == [1, 0, 1, 1, 1, 1, 0, 1]
    assert rows[8 + G][0][presence_model.FEATURES.index("led with")] == 1
    assert all(0 < p < 1 for _x, _y, p in rows)


def test_fd_draw_deals_the_face_down_pieces_as_players_lead_them() -> None:
    # after a few leads the others have face-down pieces: those are mostly Shi in play
    view = next(v for v in (random_view(seed, 16) for seed in range(200))
                if v.phase == "play" and sum(Sampler(v).facedown) >= 3)
    plain, drawn = Sampler(view), Sampler(view, fd_draw=True)
    shi_in_hands = {False: 0, True: 0}
    for seed in range(300):
        for fd, sampler in ((False, plain), (True, drawn)):
            codes, w = sampler.sample(random.Random(seed))
            assert w > 0
            assert [sum((c >> (k << 2)) & 15 for k in range(8)) for c in codes] \
                == list(view.hand_sizes)
            assert all(n >= 0 for n in _unseen_without(view, sum(
                codes[s] for s in sampler.others)))
            shi_in_hands[fd] += sum(codes[s] & 15 for s in sampler.others)
    assert shi_in_hands[True] < shi_in_hands[False] * 0.95


def test_fd_draw_can_deal_only_the_partners_or_the_opponents_face_down_pieces() -> None:
    def fd_of(sampler: Sampler) -> tuple[int, int]:
        mate = (sampler.me + 2) % 4
        return sampler.facedown[mate], sum(sampler.facedown) - sampler.facedown[mate]

    views = [(v, fd_of(Sampler(v))) for v in (random_view(seed, steps) for seed in range(100)
                                              for steps in (16, 24)) if v.phase == "play"]
    both = next(v for v, fd in views if min(fd) >= 2)
    only_opponents = next(v for v, (mate, others) in views if mate == 0 and others >= 3)

    def shi_in_hands(view: SeatView, fd_draw: Any) -> int:
        sampler = Sampler(view, fd_draw=fd_draw)
        total = 0
        for seed in range(400):
            codes, w = sampler.sample(random.Random(seed))
            assert w > 0
            assert all(n >= 0 for n in _unseen_without(view, sum(
                codes[s] for s in sampler.others)))
            total += sum(codes[s] & 15 for s in sampler.others)
        return total

    plain, partner, opponents, every = (shi_in_hands(both, fd)
                                        for fd in (False, "partner", "opponents", True))
    assert every < partner * 0.97 and partner < plain * 0.97
    assert every < opponents * 0.97 and opponents < plain * 0.97
    # when only the opponents have led face down, the partner's draw is chance's, the
    # opponents' the draw of every seat's
    plain, partner, opponents, every = (shi_in_hands(only_opponents, fd)
                                        for fd in (False, "partner", "opponents", True))
    assert abs(partner - plain) < 0.06 * plain and every < plain * 0.9
    assert abs(opponents - every) < 0.06 * every
    with pytest.raises(ValueError, match="fd_draw"):
        Sampler(both, fd_draw="mine")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="fd_draw"):
        SearchSettings(fd_draw="all")  # type: ignore[arg-type]


def test_the_oracle_can_tell_only_a_share_of_the_guesses(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rnd = partner_led_round()
    view, truth = rnd.view(0), list(rnd.hands)
    monkeypatch.setattr(oracle_ceiling, "_truth", [truth])
    monkeypatch.setattr(oracle_ceiling, "_revealed", oracle_ceiling.REVEAL["opponents"])
    monkeypatch.setattr(oracle_ceiling, "_partial", ["kinds"])
    told = {}
    for mix in (0.0, 0.5, 1.0):
        monkeypatch.setattr(oracle_ceiling, "_mix", [mix])
        sampler = oracle_ceiling.OracleSampler(view)
        rng = random.Random(2)
        hits = 0
        for _ in range(400):
            codes, _w = sampler.sample(rng)
            hits += all(oracle_ceiling._told(codes[s], "kinds")
                        == oracle_ceiling._told(truth[s], "kinds") for s in (1, 3))
        told[mix] = hits / 400
    assert told[1.0] == 1.0
    assert told[0.0] < 0.2
    assert 0.4 < told[0.5] < 0.6 + told[0.0]


def test_lack_masks_read_what_passes_and_ou_blocks_show() -> None:
    history = (
        PublicAction(0, False, None, Kind.GIN, lead=True),  # seat 0 attacks with Gin
        PublicAction(1, True),  # an opponent passes: no Gin, and no Ou (it could block)
        PublicAction(2, True),  # the partner passes: that shows nothing
        PublicAction(3, False, Kind.OU, Kind.GON),  # an Ou block: no Gin; attacks with Gon
        PublicAction(0, True),  # passing Gon shows no Gon (an Ou cannot block Gon)
    )
    masks = lack_masks(history, 4, 2)
    assert masks == [1 << Kind.GON, (1 << Kind.GIN) | (1 << Kind.OU), 0, 1 << Kind.GIN]
    # seat 0's attack: both opponents lack Gin, one lacks Ou, none lacks Gon
    discount = lack_discount(masks, 0, 2, 1.0)
    assert (discount[Kind.GIN], discount[Kind.OU], discount[Kind.GON]) == (0.0, 0.5, 1.0)
    assert lack_discount(masks, 0, 2, 0.5)[Kind.GIN] == 0.5


def test_a_player_that_remembers_lacks_attacks_where_the_opponents_showed_none() -> None:
    # seat 0 leads again after both opponents passed its Kin attack; Gin and Kin are
    # equally blockable by the counts, but the opponents have shown they hold no Kin
    rnd = Round(RuleSet(), 0, complete_deal({0: "し金金金銀銀銀香"}))
    for seat, act in ((0, Play(Kind.SHI, Kind.KIN)), (1, PASS), (2, PASS), (3, PASS)):
        rnd.apply(seat, act)
    view = rnd.view(0)
    assert view.must_lead
    plain = NormalPlayer().act(view)
    remembering = NormalPlayer(lack=1.0).act(view)
    assert isinstance(remembering, Play) and remembering.second == Kind.KIN
    assert plain != remembering


@pytest.mark.parametrize("team", [False, True])
def test_the_search_with_lacks_plays_legal_reproducible_moves(team: bool) -> None:
    for seed in range(6):
        view = random_view(seed, 9)
        if view.phase != "play":
            continue
        settings = SearchSettings(iterations=20, rollout_eps=0.25, lack=1.0, lack_team=team)
        moves = {HardPlayer(seed, settings=settings).act(view) for _ in range(2)}
        assert len(moves) == 1 and moves <= set(view.legal)
