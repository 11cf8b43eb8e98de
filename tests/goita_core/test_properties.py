"""Property-based tests (hypothesis): random play, refused actions, record round trips and
readers that never crash."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from goita_core import PASS, PLAY_ON, REDEAL, Match, Play, Round, RuleSet
from goita_core import errors as E
from goita_core.actions import ALL_PLAYS
from goita_core.kifu import (
    Kifu,
    KifuRound,
    MatchRecord,
    dump_kifu_yaml,
    load_record,
    parse_kifu_yaml,
    replay_kifu,
)
from goita_core.pieces import COUNT, COUNT_3P, POINTS, Kind, full_set
from goita_core.round import counts_of

OKIFU = Path(__file__).parent / "fixtures" / "okifu"
SAMPLES = [(OKIFU / f"{n:03d}.yaml").read_text(encoding="utf-8-sig") for n in (0, 30, 123)]
FAST = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])

rules_st = st.builds(RuleSet, players=st.sampled_from([4, 4, 3]),
                     double_any_seventh=st.booleans(), facedown_ou_unlocks=st.booleans())


def snapshot(r: Round) -> tuple[Any, ...]:
    return (r.hands[:], r.sizes[:], r.turn, r.attack, r.attacker, r.passes, r.ou_up, r.phase,
            r.history[:], r.result, list(r.pending), dict(r.decisions))


def check_conservation(r: Round) -> None:
    table = [0] * 8
    for _seat, action, _lead in r.history:
        if isinstance(action, Play):
            table[action.first] += 1
            table[action.second] += 1
    held = [sum(c) for c in zip(*(counts_of(h) for h in r.hands), strict=True)]
    expected = COUNT if r.n == 4 else COUNT_3P
    assert [a + b for a, b in zip(held, table, strict=True)] == list(expected)
    assert [sum(counts_of(h)) for h in r.hands] == r.sizes


@FAST
@given(rules=rules_st, seed=st.integers(0, 2**32), data=st.data())
def test_random_legal_play_keeps_every_piece_ends_and_scores_by_the_rules(
        rules: RuleSet, seed: int, data: st.DataObject) -> None:
    r = Round.deal(rules, seed % rules.players, random.Random(seed))
    for _ in range(200):  # a round has at most 16 plays with passes between: far below 200
        if r.over:
            break
        seat = r.to_act()[0]
        legal = r.legal_actions(seat)
        assert legal and len(set(legal)) == len(legal)
        r.apply(seat, data.draw(st.sampled_from(legal)))
        check_conservation(r)
    assert r.over and r.result is not None
    res = r.result
    if res.kind == "finish":
        assert res.seat is not None and r.sizes[res.seat] == 0 and res.last is not None
        seat, last_play, lead = r.history[-1]
        assert seat == res.seat and isinstance(last_play, Play)
        double = last_play.first == last_play.second and (lead or rules.double_any_seventh)
        assert res.doubled == double
        assert res.points == POINTS[res.last] * (2 if double else 1)
        assert res.team == rules.team_of(res.seat)
    elif res.kind == "redeal":
        assert res.points == 0 and res.team is None
    else:
        assert rules.players == 4
        assert res.kind in ("hasshi", "nanashi", "rokushi", "goshi-pair")
        assert res.points in (100, 150) or res.points in {2 * p for p in POINTS} | set(POINTS)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rules_st, seed=st.integers(0, 2**32), data=st.data())
def test_every_action_outside_the_legal_list_is_refused_and_changes_nothing(
        rules: RuleSet, seed: int, data: st.DataObject) -> None:
    r = Round.deal(rules, 0, random.Random(seed))
    everything = (PASS, PLAY_ON, REDEAL, *ALL_PLAYS)
    for _ in range(200):
        before = snapshot(r)
        for seat in range(rules.players):
            legal = set(r.legal_actions(seat))
            for action in everything:
                if action in legal:
                    r.check(seat, action)
                    continue
                try:
                    r.apply(seat, action)
                except E.IllegalAction:
                    pass
                else:
                    raise AssertionError(f"{action!r} by seat {seat} was not refused")
                assert snapshot(r) == before
        if r.over:
            break
        seat = r.to_act()[0]
        r.apply(seat, data.draw(st.sampled_from(r.legal_actions(seat))))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), play=st.integers(0, 2**32),
       names=st.lists(st.text(max_size=12), min_size=4, max_size=4))
def test_match_records_round_trip_through_yaml_and_json(seed: int, play: int,
                                                        names: list[str]) -> None:
    m = Match(seed=seed)
    rng = random.Random(play)
    while not m.over:
        if m.awaiting_next_round:
            m.next_round()
        rnd = m.round
        while not rnd.over:
            seat = rnd.to_act()[0]
            m.apply(seat, rng.choice(rnd.legal_actions(seat)))
    record = MatchRecord.from_match(m, names)
    assert MatchRecord.loads(record.dumps()) == record
    kifu = record.to_kifu()
    assert parse_kifu_yaml(dump_kifu_yaml(kifu)) == kifu
    report = replay_kifu(kifu)
    assert report.scores == m.scores and report.anomalies == []


@st.composite
def kifus(draw: st.DrawFn) -> Kifu:
    """Structurally valid kifu (the moves need not be legal)."""
    rounds = []
    for _ in range(draw(st.integers(1, 3))):
        pieces = draw(st.permutations(full_set()))
        hands = tuple(tuple(sorted(pieces[i * 8:(i + 1) * 8])) for i in range(4))
        game = draw(st.lists(st.tuples(st.integers(0, 3), st.sampled_from(list(Kind)),
                                       st.sampled_from(list(Kind))), max_size=6))
        score = (draw(st.integers(0, 300)), draw(st.integers(0, 300)))
        rounds.append(KifuRound(hands, draw(st.integers(0, 3)), score, game))
    names = draw(st.lists(st.text(max_size=10), min_size=4, max_size=4))
    return Kifu((names[0], names[1], names[2], names[3]), rounds)


@FAST
@given(kifu=kifus())
def test_kifu_write_read_round_trips(kifu: Kifu) -> None:
    assert parse_kifu_yaml(dump_kifu_yaml(kifu)) == kifu
    with contextlib.suppress(E.GoitaError):
        replay_kifu(kifu, strict=False)


def read_and_replay(data: str | bytes) -> None:
    """What the replay command does with a file: any failure must be a GoitaError."""
    try:
        record = load_record(data)
        if isinstance(record, Kifu):
            replay_kifu(record)
            replay_kifu(record, strict=False)
        else:
            record.replay_report()
    except E.GoitaError:
        pass


@FAST
@given(st.one_of(st.binary(max_size=300), st.text(max_size=300)))
def test_garbage_never_crashes_the_reader(data: str | bytes) -> None:
    read_and_replay(data)


@FAST
@given(sample=st.sampled_from(SAMPLES), data=st.data())
def test_mutated_records_never_crash_the_reader(sample: str, data: st.DataObject) -> None:
    text = sample
    alphabet = st.sampled_from(list('王玉飛角金銀馬香し0123456789-[]{}:,"\' \n#&*!|>%@`?'))
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(text)))
        op = data.draw(st.sampled_from(["replace", "delete", "insert", "duplicate"]))
        if op == "replace":
            text = text[:i] + data.draw(alphabet) + text[i + 1:]
        elif op == "delete":
            text = text[:i] + text[i + data.draw(st.integers(1, 40)):]
        elif op == "insert":
            text = text[:i] + data.draw(st.text(alphabet, max_size=5)) + text[i:]
        else:
            j = data.draw(st.integers(i, min(len(text), i + 200)))
            text = text[:j] + text[i:j] + text[j:]
    read_and_replay(text)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_native_records_never_crash_the_reader(data: st.DataObject) -> None:
    m = Match(seed=data.draw(st.integers(0, 1000)))
    rng = random.Random(1)
    for _ in range(40):
        if m.over:
            break
        if m.awaiting_next_round:
            m.next_round()
            continue
        seat = m.round.to_act()[0]
        m.apply(seat, rng.choice(m.round.legal_actions(seat)))
    text = MatchRecord.from_match(m).dumps()
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text)))
        repl = data.draw(st.sampled_from(['"', "0", "9", "-1", "null", "true", "[]", "{}",
                                          "王", "1.5", ""]))
        text = text[:i] + repl + text[i + data.draw(st.integers(0, 3)):]
    read_and_replay(text)


@FAST
@given(players=st.sampled_from([4, 3]), seed=st.integers(0, 2**32), data=st.data())
def test_views_do_not_depend_on_what_the_seat_cannot_see(
        players: int, seed: int, data: st.DataObject) -> None:
    rules = RuleSet(players=players)
    r = Round.deal(rules, 0, random.Random(seed))
    for _ in range(data.draw(st.integers(0, 40))):
        if r.over:
            break
        seat = r.to_act()[0]
        r.apply(seat, data.draw(st.sampled_from(r.legal_actions(seat))))
    if r.over:
        return
    me = data.draw(st.integers(0, players - 1))
    other = r.clone()
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    # hidden from `me`: the other hands, and the other seats' face-down pieces
    hidden = [k for s in range(players) if s != me for k in r.hand(s)]
    downs = [i for i, (s, _a, lead) in enumerate(r.history) if lead and s != me]
    for i in downs:
        hidden.append(r.history[i][1].first)  # type: ignore[attr-defined]
    rng.shuffle(hidden)
    for s in range(players):
        if s != me:
            other.hands[s] = sum(1 << (int(hidden.pop()) << 2) for _ in range(r.sizes[s]))
    for i in downs:
        s, a, lead = other.history[i]
        other.history[i] = (s, Play(hidden.pop(), a.second), lead)  # type: ignore[attr-defined]
    assert r.view(me) == other.view(me)
