"""What every computer player shares: the :class:`Player` interface, per-decision seeded
randomness, and reading a :class:`~goita_core.view.SeatView` into the packed form the
heuristics use. Players receive only a ``SeatView``: the type carries no hidden information
(other seats' face-down pieces are ``None`` in it), so honesty is enforced by construction."""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from ..actions import PLAY_ON, REDEAL, Action
from ..round import pack
from ..view import SeatView
from .heuristics import LEAD, OPPONENT, PARTNER


@runtime_checkable
class Player(Protocol):
    """A computer player: given a seat's view, return one of ``view.legal``. On a 5-Shi
    decision (``view.legal == (PLAY_ON, REDEAL)``) it returns one of those two."""

    name: str

    def act(self, view: SeatView) -> Action: ...


def is_goshi_decision(view: SeatView) -> bool:
    return PLAY_ON in view.legal or REDEAL in view.legal


def decision_rng(seed: int | None, view: SeatView, salt: str = "") -> random.Random:
    """A generator for one decision, derived from the player's seed and the view: the same
    view and seed give the same choice, calls share no state (safe from threads), and a
    ``None`` seed gives fresh randomness."""
    if seed is None:
        return random.Random()
    key = (f"{salt}:{seed}:{view.round_no}:{view.move_count}:{view.seat}:{view.dealer}:"
           f"{''.join(str(int(k)) for k in view.hand)}")
    return random.Random(key)


def relation_to_attacker(view: SeatView) -> int:
    """LEAD when the seat leads, else whether the current attacker is its partner."""
    if view.must_lead or view.attack is None or view.attacker is None:
        return LEAD
    partner = view.rules.partner_of(view.seat)
    return PARTNER if view.attacker == partner else OPPONENT


def hand_code(view: SeatView) -> int:
    return pack(view.hand)


def attack_code(view: SeatView) -> int:
    return -1 if view.must_lead or view.attack is None else int(view.attack)


def check_can_act(view: SeatView) -> None:
    if not view.legal:
        raise ValueError(f"seat {view.seat} has no action to take now")
