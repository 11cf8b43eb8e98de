"""Per-seat views: what one seat may know, and nothing more."""

from __future__ import annotations

from goita_core import PASS, PLAY_ON, REDEAL, Play, Round, RuleSet
from goita_core.pieces import COUNT, Kind, parse_kind
from goita_core.view import PlayedPiece, PublicAction

from .helpers import complete_deal


def P(pair: str) -> Play:
    return Play(parse_kind(pair[0]), parse_kind(pair[1]))


def swapped(hands: list[list[Kind]], a: int, ka: Kind, b: int, kb: Kind) -> list[list[Kind]]:
    """The deal with one ``ka`` of seat ``a`` exchanged for one ``kb`` of seat ``b``."""
    out = [h[:] for h in hands]
    out[a].remove(ka)
    out[b].remove(kb)
    out[a].append(kb)
    out[b].append(ka)
    return out


def test_view_shows_own_hand_and_hides_face_down_pieces_of_others() -> None:
    r = Round(RuleSet(), 0, complete_deal({0: "王金金銀馬香しし", 1: "王香角銀銀馬しし"}))
    r.apply(0, P("馬香"))
    mine, theirs = r.view(0), r.view(1)
    assert mine.hand == tuple(sorted(r.hand(0))) and theirs.hand == tuple(r.hand(1))
    assert mine.played[0] == (PlayedPiece(Kind.BAKKO, True), PlayedPiece(Kind.GON))
    assert theirs.played[0] == (PlayedPiece(None, True), PlayedPiece(Kind.GON))
    assert theirs.history == (PublicAction(0, False, None, Kind.GON, True),)
    assert theirs.hand_sizes == (6, 8, 8, 8)
    assert theirs.my_turn and not mine.my_turn
    assert theirs.legal == r.legal_actions(1) and mine.legal == ()
    assert (theirs.attack, theirs.attacker, theirs.must_lead) == (Kind.GON, 0, False)
    # the pool seat 1 cannot see: everything but its hand and the face-up 香
    unseen = list(COUNT)
    for k in r.hand(1):
        unseen[k] -= 1
    unseen[Kind.GON] -= 1
    assert theirs.unseen() == unseen


def test_face_down_pieces_are_revealed_when_the_round_ends() -> None:
    r = Round(RuleSet(), 0, complete_deal({0: "王金金銀馬香しし"}))
    for pair in ("しし", "金金", "銀馬"):
        r.apply(0, P(pair))
        for s in (1, 2, 3):
            r.apply(s, PASS)
    assert r.view(2).played[0][0] == PlayedPiece(None, True)
    r.apply(0, P("香王"))
    assert [p.kind for p in r.view(2).played[0]] == [Kind.SHI, Kind.SHI, Kind.KIN, Kind.KIN,
                                                      Kind.GIN, Kind.BAKKO, Kind.GON, Kind.OU]


def test_states_differing_only_in_hidden_hands_give_equal_views() -> None:
    base = complete_deal({0: "王金金銀馬香しし"})
    k2 = next(k for k in base[2] if k not in base[3])
    k3 = next(k for k in base[3] if k not in base[2])
    other = swapped(base, 2, k2, 3, k3)
    a, b = Round(RuleSet(), 0, base), Round(RuleSet(), 0, other)
    for r in (a, b):
        r.apply(0, P("しし"))
        r.apply(1, PASS)
    assert a.view(0) == b.view(0) and a.view(1) == b.view(1)
    assert a.view(2) != b.view(2)


def test_states_differing_only_in_a_face_down_piece_give_equal_views() -> None:
    base = complete_deal({0: "王金金銀馬香しし", 2: "銀しし香馬金角飛"})
    other = swapped(base, 0, Kind.BAKKO, 2, Kind.GIN)  # seat 0 now holds 銀 for 馬
    a, b = Round(RuleSet(), 0, base), Round(RuleSet(), 0, other)
    a.apply(0, P("馬香"))
    b.apply(0, P("銀香"))
    assert a.view(1) == b.view(1) and a.view(3) == b.view(3)
    assert a.view(0) != b.view(0)


def test_goshi_partner_view_does_not_show_the_five_shi_hand() -> None:
    base = complete_deal({1: "ししししし金角飛"})
    k0 = next(k for k in base[0] if k not in base[1])
    other = swapped(base, 1, Kind.KIN, 0, k0)  # k0 is not 金: seat 1 holds 金
    a, b = Round(RuleSet(), 0, base), Round(RuleSet(), 0, other)
    va, vb = a.view(3), b.view(3)
    assert va == vb
    assert va.phase == "goshi" and va.goshi_pending == (3,) and va.shi == ((1, 5),)
    assert va.legal == (PLAY_ON, REDEAL)
    assert a.view(0).legal == ()


def test_from_view_rebuilds_a_playable_state() -> None:
    r = Round(RuleSet(), 0, complete_deal({0: "王金金銀馬香しし"}))
    r.apply(0, P("しし"))
    r.apply(1, PASS)
    view = r.view(2)
    det = Round.from_view(view, [r.hand(s) for s in range(4)])
    assert det.legal_actions() == r.legal_actions()
    assert det.view(2).hand == view.hand and det.turn == r.turn
