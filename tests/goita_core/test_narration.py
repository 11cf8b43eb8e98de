"""The one narrator: every event of real games becomes a documented catalog line, and a
face-down piece appears only when asked for."""

from __future__ import annotations

import random

from goita_core import Match
from goita_core.events import Event, Led, Redeal
from goita_core.narration import narrate
from goita_core.pieces import KANJI, Kind
from goita_core.rules import RuleSet

KEYS = {"log.shi", "log.goshi_wait", "log.goshi_decided", "log.redeal", "log.led",
        "log.blocked", "log.passed", "log.lead_again", "log.round_won", "log.match_won"}


def events_of(rules: RuleSet, seed: int) -> list[Event]:
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    events: list[Event] = list(match.round.opening_events())
    while not match.over:
        if match.round.over:
            events += match.next_round()
            continue
        seat = match.round.to_act()[0]
        events += match.apply(seat, rng.choice(match.round.legal_actions(seat)))
    return events


def test_every_event_of_whole_matches_has_a_line() -> None:
    seen: set[str] = set()
    for rules in (RuleSet(target=50), RuleSet(players=3, target=50)):
        names = [f"p{i}" for i in range(rules.players)]
        for seed in range(6):
            for event in events_of(rules, seed):
                line = narrate(event, names)
                assert line is not None, event
                key, params = line
                assert key in KEYS
                seen.add(key)
                seat = getattr(event, "seat", None)
                if seat is not None and key != "log.redeal":
                    assert params["seat"] == seat and params["name"] == names[seat]
                assert "face_down" not in params
    assert {"log.led", "log.blocked", "log.passed", "log.lead_again", "log.round_won",
            "log.match_won"} <= seen


def test_a_face_down_piece_only_when_revealed() -> None:
    lead = Led(seat=1, face_down=Kind.OU, attack=Kind.SHI)
    hidden = narrate(lead, ["a", "b", "c", "d"])
    assert hidden == ("log.led", {"seat": 1, "name": "b", "attack": KANJI[Kind.SHI]})
    assert KANJI[Kind.OU] not in repr(hidden)
    shown = narrate(lead, reveal=True)
    assert shown == ("log.led", {"seat": 1, "attack": KANJI[Kind.SHI],
                                 "face_down": KANJI[Kind.OU]})
    # the public copy of a lead has nothing to reveal
    assert narrate(lead.public(), reveal=True) == ("log.led", {"seat": 1,
                                                               "attack": KANJI[Kind.SHI]})


def test_a_redeal_names_no_one() -> None:
    assert narrate(Redeal("goshi", 2), ["a", "b", "c", "d"]) == (
        "log.redeal", {"reason": "goshi", "seat": 2})
