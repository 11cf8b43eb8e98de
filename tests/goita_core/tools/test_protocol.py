"""Engine protocol: messages both ways, and our engine (which survives a hostile host)."""

from __future__ import annotations

import io
import json
import random
import sys

import pytest

from goita_core import PASS, PLAY_ON, REDEAL, Action, Round, RuleSet, SeatView
from goita_core.players import make_player
from goita_core.tools.engine import serve
from goita_core.tools.protocol import (
    EnginePlayer,
    ProtocolError,
    act_message,
    goshi_message,
    round_end_message,
    round_from_end_message,
    view_from_message,
)
from tests.goita_core.helpers import complete_deal

ENGINE = [sys.executable, "-m", "goita_core.tools.engine"]


def test_act_message_shape_follows_the_protocol() -> None:
    rnd = Round(RuleSet(), 1, complete_deal({1: "し香馬銀金角飛王"}))
    rnd.apply(1, rnd.legal_actions()[3])
    msg = act_message(rnd.view(2, scores=(30, 60), round_no=3), time_ms=2000)
    assert msg["type"] == "act" and msg["seat"] == 2 and msg["round"] == 3
    assert msg["played"][1].startswith("?")  # another seat's face-down piece
    assert msg["history"][0]["lead"] is True and msg["history"][0]["first"] == "?"
    assert msg["attack"] == {"piece": msg["history"][0]["second"], "seat": 1}
    assert {"action": "pass"} in msg["legal"]
    assert msg["scores"] == [30, 60] and msg["target"] == 150 and msg["time_ms"] == 2000
    json.dumps(msg, ensure_ascii=False)  # serialisable


@pytest.mark.parametrize("seed", range(40))
def test_views_survive_the_round_trip(seed: int) -> None:
    rng = random.Random(seed)
    rnd = Round.deal(RuleSet(), rng.randrange(4), rng)
    for _ in range(rng.randrange(25)):
        if rnd.over:
            break
        seat = rnd.to_act()[0]
        rnd.apply(seat, rng.choice(rnd.legal_actions(seat)))
    if rnd.over or rnd.phase != "play":
        return
    view = rnd.view(rnd.turn, scores=(10, 0), round_no=2)
    back = view_from_message(json.loads(json.dumps(act_message(view, 100))))
    for field in ("seat", "dealer", "hand", "hand_sizes", "played", "history", "attack",
                  "attacker", "must_lead", "passes", "ou_up", "legal", "scores", "round_no"):
        if field == "attacker" and view.must_lead:
            continue
        assert getattr(back, field) == getattr(view, field), field
    assert back.unseen() == view.unseen()


def test_goshi_message_round_trip() -> None:
    rnd = Round(RuleSet(), 0, complete_deal({0: "ししししし香馬銀"}))
    msg = goshi_message(rnd.view(2), 100)
    assert msg["partner"] == 0 and msg["type"] == "goshi"
    view = view_from_message(msg)
    assert view.legal == (PLAY_ON, REDEAL) and view.hand == rnd.view(2).hand


def test_round_end_reveals_everything() -> None:
    rnd = Round(RuleSet(), 0, complete_deal({0: "しし香香馬馬金金"}))
    while not rnd.over:
        rnd.apply(rnd.turn, make_player("greedy").act(rnd.view(rnd.turn)))
    msg = round_end_message(rnd, 1, (0, 40))
    assert "?" not in json.dumps(msg, ensure_ascii=False)
    assert msg["hands"][0] == "しし香香馬馬金金"


@pytest.mark.parametrize("bad", [{"type": "act", "seat": 9}, {"type": "act", "seat": 0},
                                 {"type": "act", "seat": 0, "hand": "x"}])
def test_unreadable_messages_raise_protocol_error(bad: dict[str, object]) -> None:
    with pytest.raises(ProtocolError):
        view_from_message(bad)


def test_engine_answers_every_line() -> None:
    rnd = Round(RuleSet(), 0, complete_deal({}))
    lines = [
        json.dumps({"type": "hello", "protocol": 1, "seat": 0, "options": {}}),
        "this is not json",
        json.dumps(act_message(rnd.view(0), 50), ensure_ascii=False),
        json.dumps({"type": "round_end", "round": 1}),
        json.dumps({"type": "act", "seat": 0}),  # unreadable: an error answer, no crash
        json.dumps({"type": "bye"}),
        json.dumps({"type": "hello"}),  # after bye: not read
    ]
    out = io.StringIO()
    assert serve("normal", 1, 50, io.StringIO("\n".join(lines) + "\n"), out, io.StringIO()) == 0
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(answers) == 6
    assert answers[0]["ok"] is True and "normal" in answers[0]["name"]
    assert answers[1]["ok"] is False
    assert answers[2]["action"] == "play"  # a lead
    assert answers[3] == {"ok": True}
    assert answers[4]["ok"] is False
    assert answers[5] == {"ok": True}


HOSTILE_LINES = [
    "[" * 200_000 + "]" * 200_000,  # deeper than the JSON parser recurses
    '{"type": "act", "seat": 0, "n": ' + "9" * 50_000 + "}",  # beyond int()'s digit limit
    "x" * 3_000_000,  # longer than MAX_LINE
    json.dumps({"type": "act", "seat": 0, "hand": "し" * 5000, "hand_sizes": [8] * 4,
                "history": [], "legal": [{"action": "pass"}]}),
    json.dumps({"type": "act", "seat": 0, "hand": "しし", "hand_sizes": [8] * 4,
                "history": [], "scores": [float("inf"), "x"], "legal": [{"action": "pass"}]}),
    json.dumps({"type": "act", "seat": 0, "hand": "しし", "hand_sizes": [8] * 4,
                "history": [{"seat": 0, "action": "play", "first": "", "second": ""}],
                "legal": [{"action": "pass"}]}),
    json.dumps({"type": "hello", "protocol": "x" * 10_000, "options": {"rules": []}}),
    json.dumps({"type": "goshi", "seat": 0, "partner": [], "hand": 5}),
    "\ud800 not even text",
]


def test_our_engine_survives_hostile_lines_and_keeps_answering(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from goita_core.tools import engine

    monkeypatch.setattr(engine, "MAX_LINE", 1_000_000)
    rnd = Round(RuleSet(), 0, complete_deal({}))
    good = json.dumps(act_message(rnd.view(0), 50), ensure_ascii=False)
    text = "\n".join([*HOSTILE_LINES, good]) + "\n"
    out = io.StringIO()
    assert serve("normal", 1, 50, io.StringIO(text), out, io.StringIO()) == 0
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(answers) == len(HOSTILE_LINES) + 1
    assert all(a.get("ok") is False for a in answers[:3])
    assert answers[2]["error"] == "line longer than 1000000 characters"
    assert answers[-1]["action"] == "play"


def test_our_engine_plays_like_our_player_through_the_host() -> None:
    player = EnginePlayer([*ENGINE, "--level", "normal"], seat=0, time_ms=500)
    normal = make_player("normal")
    try:
        rng = random.Random(5)
        for _ in range(3):
            rnd = Round.deal(RuleSet(), rng.randrange(4), rng)
            while not rnd.over:
                seat = rnd.to_act()[0]
                view = rnd.view(seat)
                mine = normal.act(view)
                if seat == 0:
                    assert player.act(view) == mine
                rnd.apply(seat, mine)
            player.round_end(rnd, 0, 1)
        assert player.incidents == 0
        assert "normal" in player.name
    finally:
        player.close()


def test_a_pass_is_the_engines_answer_when_legal() -> None:
    # protocol answers carry no seat: an extra "info" key is ignored
    from goita_core.actions import action_from_json

    assert action_from_json({"action": "pass", "info": "thinking"}) is PASS


def played_rounds(count: int, seed: int) -> list[Round]:
    """``count`` rounds played to their end by normal players (redeals skipped)."""
    player = make_player("normal")
    rng = random.Random(seed)
    out: list[Round] = []
    while len(out) < count:
        rnd = Round.deal(RuleSet(), rng.randrange(4), rng)
        while not rnd.over:
            seat = rnd.to_act()[0]
            rnd.apply(seat, player.act(rnd.view(seat)))
        if rnd.history:
            out.append(rnd)
    return out


def test_an_engine_rebuilds_the_ended_round_from_round_end() -> None:
    for rnd in played_rounds(40, 4):
        back = round_from_end_message(round_end_message(rnd, 1, (0, 0)))
        assert back.initial_hands == rnd.initial_hands and back.history == rnd.history
        assert back.result == rnd.result and back.hands == rnd.hands


def test_a_round_end_its_hands_cannot_have_played_is_refused() -> None:
    msg = round_end_message(played_rounds(1, 5)[0], 1, (0, 0))
    for bad in ({**msg, "hands": msg["hands"][:3]}, {**msg, "history": []},
                {**msg, "history": msg["history"][:-1]},  # the round does not end
                {**msg, "history": msg["history"][1:]},
                {**msg, "history": [{"action": "pass"}]},
                {**msg, "history": [{**msg["history"][0], "first": ""}]},
                {**msg, "history": [{**msg["history"][0], "second": "飛角"}]}):
        with pytest.raises(ProtocolError):
            round_from_end_message(bad)


class Remembering:
    """An engine's player that keeps the ended rounds it is told of."""

    def __init__(self) -> None:
        self.told: list[tuple[int, int, tuple[int, ...]]] = []

    def round_end(self, rnd: Round, seat: int, round_no: int) -> None:
        self.told.append((seat, round_no, rnd.initial_hands))

    def act(self, view: SeatView) -> Action:
        return view.legal[0]


def test_our_engine_tells_its_player_how_each_round_ended(
        monkeypatch: pytest.MonkeyPatch) -> None:
    player = Remembering()
    monkeypatch.setattr("goita_core.tools.engine.make_player", lambda *a: player)
    first, second = played_rounds(2, 6)
    act = act_message(Round(RuleSet(), 2, complete_deal({})).view(2), time_ms=1000)
    lines = [json.dumps(m, ensure_ascii=False) for m in (
        round_end_message(first, 1, (0, 0)),  # before any act: the seat is not known
        act, round_end_message(second, 2, (0, 30)),
        {"type": "round_end", "round": 3, "hands": "x", "history": [{"seat": 0}]},
        {"type": "bye"})]
    out, log = io.StringIO(), io.StringIO()
    assert serve("normal", 1, 50, io.StringIO("\n".join(lines) + "\n"), out, log) == 0
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [a.get("ok") for a in answers[2:]] == [True] * 3  # always acknowledged
    # the round before the engine knew its seat is not told; the broken one is logged
    assert player.told == [(2, 2, second.initial_hands)]
    assert "cannot read round_end" in log.getvalue()
