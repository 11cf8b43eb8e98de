"""Replays and exports built from the native match record."""

from __future__ import annotations

import random

import pytest

from bot.app.replay import build_replay, export_record
from goita_core import Match
from goita_core.events import Led, RoundWon
from goita_core.kifu import KifuError, MatchRecord, load_record, replay_kifu
from goita_core.pieces import KANJI, parse_pieces
from goita_core.rules import RuleSet

HASSHI_DEAL = [parse_pieces(h) for h in (
    "しししししししし", "しし香香香香馬馬", "馬馬銀銀銀銀金金", "金金角角飛飛王王")]


def play(match: Match, rng: random.Random, stop_at_move: int | None = None) -> Match:
    moves = 0
    while not match.over:
        if match.round.over:
            match.next_round()
            continue
        if stop_at_move is not None and moves >= stop_at_move:
            break
        seat = match.round.to_act()[0]
        match.apply(seat, rng.choice(match.round.legal_actions(seat)))
        moves += 1
    return match


def test_every_step_with_face_down_pieces_revealed() -> None:
    match = play(Match(seed=11), random.Random(11))
    record = MatchRecord.from_match(match, ["a", "b", "c", "d"])
    rep = build_replay(record.dumps())
    assert len(rep) == sum(1 + len(r.actions) for r in record.rounds)
    assert rep.names == ("a", "b", "c", "d")
    assert rep.frames[-1].scores == tuple(match.scores)
    assert len(rep.round_starts()) == len(match.rounds)
    # each round's last frame carries its result, the others none
    ends = [f for f in rep.frames if f.result is not None]
    assert [f.result for f in ends] == [r.result for r in match.rounds]
    # a face-down lead shows the hidden piece in the played row, flagged as face down
    lead = next(f for f in rep.frames
                if any(isinstance(e, Led) and e.face_down is not None for e in f.events))
    ev = next(e for e in lead.events if isinstance(e, Led))
    assert ev.seat == lead.seat
    assert (ev.face_down, True) in lead.played[ev.seat]
    # and its narration names the player and reveals the piece
    assert ev.face_down is not None
    assert ("log.led", {"seat": ev.seat, "name": "abcd"[ev.seat], "attack": KANJI[ev.attack],
                        "face_down": KANJI[ev.face_down]}) in lead.lines
    assert all(f.lines for f in rep.frames if f.step > 0)  # every action is narrated
    # pieces are conserved: hand + played = 8 for every seat at every frame of a round
    for f in rep.frames:
        assert all(len(f.hands[s]) + len(f.played[s]) == 8 for s in range(4))


def test_shi_hand_round_ends_at_the_deal() -> None:
    match = Match(seed=1, first_dealer=0, deal=False)
    match.next_round(HASSHI_DEAL)
    play(match, random.Random(3))
    record = MatchRecord.from_match(match)
    record.seed = None  # an injected deal: the seed would not give these hands
    rep = build_replay(record.dumps(), ["w", "x", "y", "z"])
    first = rep.frames[0]
    assert first.step == 0 and first.steps == 0
    assert first.result is not None and first.result.kind == "hasshi"
    assert any(isinstance(e, RoundWon) and e.points == 100 for e in first.events)
    assert first.scores[0] == 100


def test_stopped_match_replays_up_to_the_stop() -> None:
    match = play(Match(seed=5), random.Random(5), stop_at_move=30)
    assert not match.over
    rep = build_replay(MatchRecord.from_match(match).dumps())
    assert rep.frames[-1].result is None
    assert rep.frames[-1].scores == tuple(match.scores)


def test_exports_read_back_to_the_same_scores() -> None:
    match = play(Match(seed=21), random.Random(21))
    text = MatchRecord.from_match(match).dumps()
    yaml_text = export_record(text, "yaml", ["ann", "bo", "cy", "di"])
    kifu = load_record(yaml_text)
    assert not isinstance(kifu, MatchRecord)
    assert kifu.players == ("ann", "bo", "cy", "di")
    assert replay_kifu(kifu).scores == list(match.scores)
    native = load_record(export_record(text, "json"))
    assert isinstance(native, MatchRecord)
    assert native.replay_report().scores == list(match.scores)


def test_a_stopped_match_exports_its_finished_rounds() -> None:
    match = play(Match(seed=5), random.Random(5), stop_at_move=30)
    assert not match.round.over  # stopped in the middle of a round
    text = MatchRecord.from_match(match).dumps()
    kifu = load_record(export_record(text, "yaml"))
    assert not isinstance(kifu, MatchRecord)
    report = replay_kifu(kifu)
    assert report.scores == list(match.scores)
    assert any("unfinished" in w for w in report.warnings)


def test_bad_records_are_refused() -> None:
    with pytest.raises(KifuError):
        build_replay("{}")
    with pytest.raises(KifuError):
        export_record("not json", "json")
    three = play(Match(RuleSet(players=3), seed=4), random.Random(2))
    with pytest.raises(KifuError):  # the YAML kifu has no 3-player form
        export_record(MatchRecord.from_match(three).dumps(), "yaml")

