"""Hints: the strongest computer player's move for a seat, with a one-line reason.

Only the seat's own :class:`~goita_core.view.SeatView` is read, so a hint can never tell
anything about hidden pieces; and the search runs a fixed number of sampled deals from a
seed derived from the view, so the same view gives the same hint, whatever the hidden deal
and the machine's load.
"""

from __future__ import annotations

from dataclasses import dataclass

from goita_core.actions import PASS, PLAY_ON, REDEAL, Action, Play
from goita_core.pieces import Kind
from goita_core.view import SeatView

from .say import Say, say
from .strongest import strongest_player

#: sampled deals the search plays per hint (see benchmarks/bench_learn.py for the time)
HINT_SAMPLES = 400


class NoHint(ValueError):
    """The seat has nothing to decide now (not its turn)."""


@dataclass(frozen=True, slots=True)
class Hint:
    action: Action
    reason: Say


def suggest(view: SeatView, seed: int = 0, samples: int = HINT_SAMPLES) -> Hint:
    """The suggested action for ``view``'s seat and why. Raises :class:`NoHint` when the
    seat may not act. CPU-bound (a fraction of a second): call it off the event loop."""
    if not view.legal:
        raise NoHint(f"seat {view.seat} has nothing to decide now")
    action = strongest_player(seed, samples).act(view)
    if action not in view.legal:
        raise RuntimeError(f"the computer player suggested an illegal {action!r}")
    return Hint(action, reason(view, action))


def _blockers(view: SeatView, kind: Kind) -> int:
    """Unseen pieces that could block an attack of ``kind`` (Ou blocks above Gon)."""
    unseen = view.unseen()
    if kind == Kind.OU:
        return unseen[Kind.OU]
    return unseen[kind] + (unseen[Kind.OU] if kind > Kind.GON else 0)


def reason(view: SeatView, action: Action) -> Say:
    """Why ``action`` is a good move for ``view``'s seat, in one line (catalog key +
    parameters), judged from the view alone."""
    if action is PLAY_ON or action is REDEAL:
        holder = next((s for s, _ in view.shi if s == view.rules.partner_of(view.seat)),
                      view.seat)
        key = "learn.reason.play_on" if action is PLAY_ON else "learn.reason.redeal"
        return say(key, seat=holder)
    partner = view.rules.partner_of(view.seat)
    from_partner = view.attacker is not None and view.attacker == partner
    if action is PASS:
        assert view.attack is not None
        if len(view.legal) == 1:
            return say("learn.reason.pass_forced", attack=view.attack)
        if from_partner:
            return say("learn.reason.pass_partner", attack=view.attack)
        return say("learn.reason.pass_keep", attack=view.attack)
    assert isinstance(action, Play)
    first, second = action.first, action.second
    lead = view.must_lead
    if len(view.hand) == 2:
        doubled = first == second and (lead or view.rules.double_any_seventh)
        points = second.points * (2 if doubled else 1)
        key = "learn.reason.finish_doubled" if doubled else "learn.reason.finish"
        return say(key, piece=second, points=points)
    if not lead:
        assert view.attack is not None
        if first == Kind.OU and view.attack != Kind.OU:
            return say("learn.reason.block_ou", attack=view.attack, attack_with=second)
        if from_partner:
            return say("learn.reason.block_partner", attack=view.attack, attack_with=second)
        return say("learn.reason.block", attack=view.attack, attack_with=second)
    rest = list(view.hand)
    rest.remove(first)
    rest.remove(second)
    pairs = [k for k in sorted(set(rest), reverse=True) if rest.count(k) >= 2]
    if pairs and view.hand.count(first) == 1:
        return say("learn.reason.lead_single", face_down=first, pair=pairs[0])
    return say("learn.reason.lead_attack", face_down=first, attack=second,
               blockers=_blockers(view, second))
