"""Game records: the ごいたオンライン YAML kifu v1.0 and the native JSON MatchRecord."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest

from goita_core import PLAY_ON, REDEAL, Match, Play, RuleSet
from goita_core.kifu import (
    MAX_RECORD_BYTES,
    YAML_RULES,
    Kifu,
    KifuError,
    MatchRecord,
    ReplayError,
    dump_kifu_yaml,
    load_record,
    parse_kifu_yaml,
    play_kifu_round,
    replay_kifu,
)
from goita_core.pieces import Kind, kanji_string

from .helpers import complete_deal

OKIFU = Path(__file__).parent / "fixtures" / "okifu"
FILES = sorted(OKIFU.glob("*.yaml"))

#: the damaged records among the 124, as (round, anomaly kind)
DAMAGED: dict[str, set[tuple[int, str]]] = {
    # a round missing between two scores (both the score and the next dealer show it)
    "005.yaml": {(8, "missing_round"), (8, "dealer_mismatch")},
    "007.yaml": {(3, "missing_round"), (3, "dealer_mismatch")},
    # a truncated record: one round, one move
    "010.yaml": {(1, "truncated")},
    # a round that starts with a copy of the previous round's last moves
    "030.yaml": {(4, "copied_moves")},
    "039.yaml": {(4, "copied_moves")},
    "040.yaml": {(5, "copied_moves")},
    "043.yaml": {(4, "copied_moves")},
    # alternative plays of one deal: the same deal four times, score never moving
    "123.yaml": {(n, k) for n in (2, 3, 4)
                 for k in ("score_mismatch", "dealer_mismatch", "repeated_deal")}
    | {(4, "truncated")},
}


def load(name: str) -> Kifu:
    return parse_kifu_yaml((OKIFU / name).read_bytes())


def test_the_fixtures_are_all_there_with_their_licence() -> None:
    assert len(FILES) == 124
    assert "MIT License" in (OKIFU / "LICENSE").read_text()


def test_every_okifu_record_replays_and_agrees_with_its_scores() -> None:
    found = {}
    for path in FILES:
        kifu = parse_kifu_yaml(path.read_bytes())
        report = replay_kifu(kifu, strict=False)
        # the records are legal with and without the old server's face-down Ou rule
        strict_ou = replay_kifu(kifu, RuleSet(), strict=False)
        assert strict_ou.anomalies == report.anomalies
        anomalies = {(a.round_no, a.kind) for a in report.anomalies}
        if anomalies:
            found[path.name] = anomalies
        if path.name not in DAMAGED:
            # no anomaly: every recorded score is the computed running total
            assert len(report.rounds) == len(kifu.rounds)
    assert found == DAMAGED


def test_undamaged_records_replay_strictly_to_their_recorded_totals() -> None:
    kifu = load("000.yaml")
    report = replay_kifu(kifu)
    assert report.anomalies == []
    totals = [list(r.score) for r in kifu.rounds[1:]]
    running = list(kifu.rounds[0].score)
    for summary, total in zip(report.rounds, totals, strict=False):
        assert summary.team is not None
        running[summary.team] += summary.points
        assert running == total
    assert report.scores[1] >= 150


def test_copied_moves_are_reported_not_repaired() -> None:
    kifu = load("030.yaml")
    with pytest.raises(ReplayError) as info:
        replay_kifu(kifu)
    err = info.value
    assert (err.round_no, err.move, err.rule) == (4, 1, "not_your_turn")
    assert "copy of round 3's last 2 moves" in str(err)
    # the diagnosis is right: without the copied moves the round gives the recorded score
    r4, r5 = kifu.rounds[3], kifu.rounds[4]
    rnd = play_kifu_round(YAML_RULES, r4.dealer, r4.hands, r4.game[2:])
    assert rnd.result is not None and rnd.result.team is not None
    delta = [b - a for a, b in zip(r4.score, r5.score, strict=True)]
    assert delta[rnd.result.team] == rnd.result.points


def test_a_file_of_alternative_plays_is_flagged() -> None:
    report = replay_kifu(load("123.yaml"))  # legal moves: warnings only
    assert [r.finished for r in report.rounds] == [True, True, True, False]
    assert any(a.kind == "repeated_deal" for a in report.anomalies)


KIFU_HEAD = 'version: 1.0\np0: "a"\np1: "b"\np2: "c"\np3: "d"\nlog:\n'


def kifu_text(*rounds: tuple[list[list[Kind]], int, tuple[int, int], str]) -> str:
    out = KIFU_HEAD
    for hands, dealer, score, game in rounds:
        out += " - hand:\n" + "".join(f'     p{s}: "{kanji_string(h)}"\n'
                                      for s, h in enumerate(hands))
        out += f"   uchidashi: {dealer}\n   score: [{score[0]},{score[1]}]\n"
        out += f"   game: {game}\n" if game == "[]" else "   game:\n" + game
    return out


SOLO = ('    - ["0","し","し"]\n    - ["0","金","金"]\n    - ["0","銀","馬"]\n'
        '    - ["0","香","王"]\n')


def test_shi_rounds_redeals_and_played_on_goshi() -> None:
    six = complete_deal({1: "しししししし金金"})
    five = complete_deal({2: "ししししし金角飛"})
    # the third deal has 5 Shi (seat 2) and moves: its partner played on
    five_played = complete_deal({1: "王金金銀馬香しし", 2: "ししししし銀角飛"})
    text = kifu_text((six, 0, (0, 0), "[]"), (five, 1, (0, 60), "[]"),
                     (five_played, 1, (0, 60), SOLO.replace('"0"', '"1"')))
    report = replay_kifu(parse_kifu_yaml(text))
    assert [r.special for r in report.rounds] == ["rokushi", "redeal", None]
    assert [r.to_json() for r in report.rounds][1] == {
        "finished": True, "team": None, "points": 0, "doubled": False, "special": "redeal"}
    assert report.scores == [0, 110] and report.anomalies == []


def test_an_unfinished_round_followed_by_another_is_an_error() -> None:
    deal = complete_deal({0: "王金金銀馬香しし"})
    text = kifu_text((deal, 0, (0, 0), '    - ["0","し","し"]\n'), (deal, 0, (0, 0), SOLO))
    with pytest.raises(ReplayError) as info:
        replay_kifu(parse_kifu_yaml(text))
    assert info.value.round_no == 1 and info.value.rule == "unfinished_round"
    last = replay_kifu(parse_kifu_yaml(kifu_text((deal, 0, (0, 0), '    - ["0","し","し"]\n'))))
    assert last.rounds[0].to_json() == {"finished": False, "team": None, "points": 0,
                                         "doubled": False, "special": None}


def test_hands_in_any_order_with_bom_and_gyoku() -> None:
    kifu = load("000.yaml")
    text = dump_kifu_yaml(kifu)
    shuffled = text.replace("し角金金銀飛香馬", "\ufeff馬香飛銀金金角し").replace("王", "玉")
    assert parse_kifu_yaml("\ufeff" + shuffled) == kifu


def test_yaml_write_read_round_trips_every_record() -> None:
    for path in FILES:
        kifu = parse_kifu_yaml(path.read_bytes())
        text = dump_kifu_yaml(kifu)
        assert parse_kifu_yaml(text) == kifu
    first = dump_kifu_yaml(load("010.yaml")).splitlines()
    assert first[:3] == ["version: 1.0", 'p0: "p1"', 'p1: "p2"']
    assert first[-4:] == ["   uchidashi: 2", "   score: [100,100]", "   game:",
                          '    - ["2","し","し"]']


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "mapping"),
        ("log: 3\n", "log"),
        ("version: 2.0\nlog: []\n", "version"),
        (KIFU_HEAD + " - hand: {p0: x}\n", "hand p0"),
        (KIFU_HEAD + ' - hand: {p0: "し", p1: "し", p2: "し", p3: "歩"}\n', "not a Goita"),
        (KIFU_HEAD + ' - {hand: {p0: "", p1: "", p2: "", p3: ""}, uchidashi: 5}\n', "uchidashi"),
        (KIFU_HEAD + ' - {hand: {p0: "", p1: "", p2: "", p3: ""}, uchidashi: 0, score: 1}\n',
         "score"),
        (KIFU_HEAD + ' - {hand: {p0: "", p1: "", p2: "", p3: ""}, uchidashi: 0, '
         'score: [0,0], game: [["9","し","し"]]}\n', "move 1: seat"),
        ("[unclosed", "not valid YAML"),
    ],
)
def test_malformed_kifu_are_refused_with_a_clear_message(text: str, message: str) -> None:
    with pytest.raises(KifuError, match=message):
        parse_kifu_yaml(text)


def test_a_wrong_deal_in_a_kifu_names_the_round() -> None:
    deal = complete_deal({})
    deal[0][0] = Kind.OU if deal[0][0] != Kind.OU else Kind.SHI
    with pytest.raises(ReplayError) as info:
        replay_kifu(parse_kifu_yaml(kifu_text((deal, 0, (0, 0), "[]"))))
    assert info.value.round_no == 1 and info.value.move is None
    assert info.value.rule == "invalid_deal"


# -- native record ---------------------------------------------------------------------------
def random_match(seed: int, rules: RuleSet | None = None, stop_after: int | None = None
                 ) -> Match:
    m = Match(rules, seed=seed)
    rng = random.Random(seed)
    moves = 0
    while not m.over:
        if m.awaiting_next_round:
            m.next_round()
        rnd = m.round
        while not rnd.over:
            if stop_after is not None and moves >= stop_after:
                return m
            seat = rnd.to_act()[0]
            m.apply(seat, rng.choice(rnd.legal_actions(seat)))
            moves += 1
    return m


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_native_record_round_trips_and_rebuilds_the_match(seed: int) -> None:
    m = random_match(seed)
    record = MatchRecord.from_match(m, ["a", "b", "c", "d"], created_at="2026-01-01T00:00Z")
    again = MatchRecord.loads(record.dumps())
    assert again == record
    rebuilt = again.to_match()
    assert rebuilt.scores == m.scores and rebuilt.winner == m.winner
    assert [r.result for r in rebuilt.rounds] == [r.result for r in m.rounds]
    # the rebuilt match continues exactly like the original: its rng is in the same state
    assert rebuilt.rng.random() == m.rng.random()


def test_native_record_of_an_unfinished_match_and_three_players() -> None:
    m = random_match(5, stop_after=30)
    record = MatchRecord.loads(MatchRecord.from_match(m).dumps())
    assert record.to_match().round.history == m.round.history
    m3 = random_match(6, RuleSet(players=3, target=100))
    r3 = MatchRecord.loads(MatchRecord.from_match(m3).dumps())
    assert r3.rules.players == 3 and r3.to_match().scores == m3.scores
    with pytest.raises(KifuError, match="3-player"):
        r3.to_kifu_yaml()


def test_native_record_keeps_passes_and_goshi_decisions() -> None:
    m = Match(seed=1, first_dealer=0, deal=False)
    m.next_round(complete_deal({1: "ししししし金角飛"}))
    m.apply(3, REDEAL)
    m.next_round(complete_deal({0: "王金金銀馬香しし", 2: "ししししし銀角飛"}))
    m.apply(0, PLAY_ON)
    record = MatchRecord.from_match(m)
    assert record.seed is None  # hands given explicitly, not from the seed: replayed as written
    data = record.to_json()
    assert data["rounds"][0]["actions"] == [{"seat": 3, "decision": "redeal"}]
    assert data["rounds"][1]["actions"] == [{"seat": 0, "decision": "play"}]
    rebuilt = MatchRecord.from_json(json.loads(json.dumps(data))).to_match()
    assert rebuilt.round.phase == "play" and rebuilt.dealer == 0


def test_native_record_refuses_illegal_or_inconsistent_games() -> None:
    m = random_match(7)
    record = MatchRecord.from_match(m)
    data = record.to_json()
    # an illegal action names the round and the action
    bad = json.loads(json.dumps(data))
    bad["rounds"][0]["actions"].insert(0, {"seat": 0, "action": "pass"})
    dealer = bad["rounds"][0]["dealer"]
    bad["rounds"][0]["actions"][0]["seat"] = (dealer + 1) % 4
    with pytest.raises(ReplayError) as info:
        MatchRecord.from_json(bad).to_match()
    assert (info.value.round_no, info.value.move) == (1, 1)
    # with a seed, the hands must be the seed's deal
    bad = json.loads(json.dumps(data))
    h = bad["rounds"][0]["hands"]
    h[0], h[1] = h[1], h[0]
    if h[0] != h[1]:
        with pytest.raises(ReplayError, match="seed"):
            MatchRecord.from_json(bad).to_match()
    # the dealer must be the one the rules give
    bad = json.loads(json.dumps(data))
    bad["rounds"][0]["dealer"] = (bad["rounds"][0]["dealer"] + 1) % 4
    with pytest.raises(ReplayError, match="deals"):
        MatchRecord.from_json(bad).to_match()


@pytest.mark.parametrize(
    "data",
    ["[]", '{"format": "other"}', '{"format": "goita-match", "version": 9}',
     '{"format": "goita-match", "version": 1, "rules": {"players": 5}}',
     '{"format": "goita-match", "version": 1, "rounds": [{"dealer": 0, "hands": 3}]}',
     '{"format": "goita-match", "version": 1, "rounds": [{"dealer": 0, "hands": [], '
     '"actions": [{"seat": 0, "action": "jump"}]}]}',
     "{not json"],
)
def test_malformed_native_records_are_refused(data: str) -> None:
    with pytest.raises(KifuError):
        MatchRecord.loads(data)


def test_native_to_kifu_and_back() -> None:
    m = random_match(11)
    record = MatchRecord.from_match(m)
    text = record.to_kifu_yaml()
    kifu = parse_kifu_yaml(text)
    report = replay_kifu(kifu)
    assert report.anomalies == [] and report.scores == m.scores
    assert [r.to_json() for r in report.rounds] == [r.to_json()
                                                    for r in record.replay_report().rounds]
    # and a kifu becomes a native record with its passes made explicit
    native = MatchRecord.from_kifu(kifu)
    assert native.to_kifu() == kifu
    assert any(a.is_pass for rr in native.rounds for _, a in rr.actions)


def test_okifu_records_convert_to_native_and_back() -> None:
    kifu = load("001.yaml")
    native = MatchRecord.from_kifu(kifu)
    assert native.rules.facedown_ou_unlocks  # played under the old server's rule
    assert native.to_kifu() == kifu
    assert isinstance(load_record(native.dumps()), MatchRecord)
    assert isinstance(load_record((OKIFU / "001.yaml").read_bytes()), Kifu)
    assert Play(Kind.SHI, Kind.SHI).to_json() == {"action": "play", "first": "し", "second": "し"}


def test_rounds_after_the_match_was_won_are_flagged() -> None:
    deal = complete_deal({0: "王金金銀馬香しし"})
    again = complete_deal({0: "王金金銀馬香しし", 1: "しし香馬馬銀角飛"})
    assert again != deal
    text = kifu_text((deal, 0, (120, 0), SOLO), (again, 0, (170, 0), SOLO))
    report = replay_kifu(parse_kifu_yaml(text))
    assert [(a.round_no, a.kind) for a in report.anomalies] == [(2, "after_match_end")]
    assert report.scores == [220, 0]


# -- hostile records ---------------------------------------------------------------------------
def _round_with(uchidashi: str) -> str:
    return KIFU_HEAD + (' - {hand: {p0: "", p1: "", p2: "", p3: ""}, '
                        f'uchidashi: "{uchidashi}", score: [0,0]}}\n')


def alias_bomb(levels: int) -> str:
    """The billion laughs: ``levels`` lists of nine aliases of the one before."""
    text = 'a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    for i in range(1, levels):
        text += f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]\n"
    return text + f"version: *a{levels - 1}\nlog: *a{levels - 1}\n"


#: records an attacker can upload, with what the refusal must say; each once escaped as a
#: ValueError ("internal error"), or took seconds and hundreds of MB
HOSTILE: dict[str, tuple[str, str]] = {
    "superscript_digit": (_round_with("²"), "round 1: uchidashi must be a number"),
    "double_minus": (_round_with("--1"), "round 1: uchidashi must be a number"),
    "5000_digits": (_round_with("1" * 5000), "round 1: uchidashi must be a number"),
    "plain_5000_digits": (KIFU_HEAD + " - {uchidashi: " + "7" * 5000 + "}\n",
                          "line 7, column 16: a number of more than 20 digits"),
    "alias_bomb": (alias_bomb(9), "line 1, column 5: YAML anchors and aliases are not allowed"),
    "merge_key": ('base: &b {p0: "x"}\nhand: {<<: *b}\n', "anchors and aliases"),
    "deep_flow": ("log: " + "[" * 100 + "]" * 100 + "\n", "nested deeper than 16 levels"),
    "native_huge_int": ('{"format": "goita-match", "version": 1, "seed": ' + "9" * 5000 + "}",
                        "more than 20 digits"),
    "native_digit_string": ('{"format": "goita-match", "version": 1, "seed": "' + "9" * 5000
                            + '"}', "seed must be a number"),
    "native_deep": ('{"format": "goita-match", "rounds": ' + "[" * 5000 + "]" * 5000 + "}",
                    "nested deeper than 16 levels"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_records_are_refused_quickly_with_the_place(name: str) -> None:
    text, message = HOSTILE[name]
    start = time.perf_counter()
    with pytest.raises(KifuError) as info:
        load_record(text.encode())
    assert message in str(info.value)
    assert len(str(info.value)) < 200  # a field is shown cut short, never whole
    assert time.perf_counter() - start < 1.0


def test_a_record_larger_than_the_limit_is_refused_before_parsing() -> None:
    big = KIFU_HEAD + "# " + "x" * MAX_RECORD_BYTES + "\n"
    with pytest.raises(KifuError, match="larger than 4 MiB"):
        parse_kifu_yaml(big)
    with pytest.raises(KifuError, match="larger than 4 MiB"):
        MatchRecord.loads(" " * (MAX_RECORD_BYTES + 1))


def test_numbers_are_ascii_digits() -> None:
    assert parse_kifu_yaml(_round_with(" 2 ")).rounds[0].dealer == 2
    for bad in ("٣", "1e3", "0x2", "", " ", "+", "1_000"):
        with pytest.raises(KifuError, match="uchidashi must be a number"):
            parse_kifu_yaml(_round_with(bad))
