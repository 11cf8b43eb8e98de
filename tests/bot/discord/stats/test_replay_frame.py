"""A replay frame in words: the one narrator's lines, every piece face up."""

from __future__ import annotations

import random

from bot.app.records import SeatRecord
from bot.app.replay import build_replay
from bot.app.standings import MatchSummary, StoredMatch
from bot.discord.stats.replay import render_frame
from goita_core import Match
from goita_core.actions import PLAY_ON, Play
from goita_core.kifu import MatchRecord
from goita_core.pieces import Kind, parse_pieces
from goita_core.rules import RuleSet

NAMES = ("alice", "bob", "carol", "dave")


def stored(record_json: str, players: int = 4) -> StoredMatch:
    summary = MatchSummary(7, 1, 2, 3, 0.0, 1.0, players, NAMES[:players],
                           ("human",) * players, (0,) * players, None, False, False, False,
                           None, False, None)
    seats = tuple(SeatRecord(s, "human", 100 + s, NAMES[s]) for s in range(players))
    return StoredMatch(summary, {}, seats, (), record_json)


def test_a_face_down_lead_and_its_block_are_told_with_both_pieces() -> None:
    match = Match(seed=3)
    while match.round.phase != "play":  # a deal without a 5-Shi decision
        match = Match(seed=match.seed + 1)
    seat = match.round.to_act()[0]
    lead = next(a for a in match.round.legal_actions(seat)
                if isinstance(a, Play) and a.first != a.second)
    match.apply(seat, lead)
    record = MatchRecord.from_match(match).dumps()
    rep = build_replay(record)
    text = render_frame(stored(record), rep, 1, "en")
    assert f"{NAMES[seat]} leads" in text
    assert "face down and attacks with" in text
    narration = text.split("\n")[1]
    assert Kind(lead.first).kanji in narration and Kind(lead.second).kanji in narration


def test_a_5_shi_deal_is_told_and_the_partner_s_choice_too() -> None:
    hands = [parse_pieces(h) for h in (
        "ししししし香香馬", "しし香香馬馬銀銀", "しし銀銀金金角飛", "し馬金金角飛王王")]
    match = Match(seed=1, deal=False)
    match.next_round(hands)
    partner = match.round.to_act()[0]
    match.apply(partner, PLAY_ON)
    record = MatchRecord.from_match(match).dumps()
    rep = build_replay(record)
    deal = render_frame(stored(record), rep, 0, "en")
    assert "alice shows 5 Shi." in deal
    after = render_frame(stored(record), rep, 1, "en")
    assert f"{NAMES[partner]} plays on." in after


def test_the_last_frame_of_a_3_player_match_has_three_scores_and_names() -> None:
    match = Match(RuleSet(players=3), seed=5)
    rng = random.Random(5)
    while not match.over:
        if match.round.over:
            match.next_round()
            continue
        seat = match.round.to_act()[0]
        match.apply(seat, rng.choice(match.round.legal_actions(seat)))
    record = MatchRecord.from_match(match).dumps()
    rep = build_replay(record)
    text = render_frame(stored(record, 3), rep, len(rep) - 1, "en")
    assert "Match over: " + " – ".join(str(s) for s in match.scores) in text
    assert "Scores: " + " – ".join(
        f"{n} {s}" for n, s in zip(NAMES[:3], match.scores, strict=True)) in text
    assert "dave" not in text
