"""Scenes from goita_core's public information.

The board is public, whoever's view it is built from: :func:`board_scene` hides EVERY
face-down piece while the round runs (the view's own seat's too) and never reads the
view's hand, so no hidden piece can reach a board picture before the round ends. The hand
picture is built from its owner's own view, for its owner only.
"""

from __future__ import annotations

from collections.abc import Sequence

from goita_core.actions import Play
from goita_core.pieces import Kind
from goita_core.view import SeatView

from .scene import BoardScene, HandScene, Labels, LastMove, SeatScene, Tile

DEFAULT_LABELS = Labels()  # English


def board_scene(view: SeatView, names: Sequence[str], labels: Labels = DEFAULT_LABELS,
                away: Sequence[bool] = ()) -> BoardScene:
    """The public board of ``view``'s round (any seat's view: ``match.view(0)``).
    ``names``: the plain display name of every seat; ``away``: per seat, whether a
    computer plays it for now. Scores and the round number come from the view (a
    ``Match.view`` fills them)."""
    n = view.rules.players
    if len(names) != n:
        raise ValueError(f"{n} seats need {n} names, not {len(names)}")
    over = view.phase == "over"
    columns: list[list[tuple[Tile, Tile]]] = [[] for _ in range(n)]
    for s, pieces in enumerate(view.played):
        for i in range(0, len(pieces), 2):
            first, second = pieces[i], pieces[i + 1]
            if first.face_down:
                defence = Tile(first.kind, revealed=True) if over else Tile(None)
            else:
                defence = Tile(first.kind)
            columns[s].append((defence, Tile(second.kind)))
    last = _last_move(view)
    # who passed on the attack now to answer: the passes since the last play
    passed: set[int] = set()
    if view.phase == "play" and view.attack is not None:
        for action in reversed(view.history):
            if not action.is_pass:
                break
            passed.add(action.seat)
    attack = None
    if not over and view.attack is not None and view.attacker is not None \
            and columns[view.attacker]:
        attack = (view.attacker, len(columns[view.attacker]) - 1)
    result = view.result
    scores = [*view.scores, *([0] * n)]
    shi = dict(view.shi)
    seats = tuple(
        SeatScene(
            name=names[s],
            team=view.rules.team_of(s) if n == 4 else None,
            score=scores[view.rules.team_of(s)],
            left=view.hand_sizes[s],
            plays=tuple(columns[s]),
            dealer=s == view.dealer,
            # the seat to play, or a partner of a 5-Shi hand who must choose
            to_move=s == view.turn if view.phase == "play" else s in view.goshi_pending,
            passed=s in passed,
            away=bool(away[s]) if s < len(away) else False,
            shi=shi.get(s, 0),
            won=result.points if result is not None and result.kind != "redeal"
            and result.seat == s else None,
            doubled=result is not None and result.seat == s and result.doubled,
        )
        for s in range(n))
    return BoardScene(seats=seats, round_no=view.round_no, target=view.rules.target,
                      attack=attack, last=last, over=over,
                      redeal=result is not None and result.kind == "redeal", labels=labels)


def _last_move(view: SeatView) -> LastMove | None:
    if not view.history:
        return None
    action = view.history[-1]
    if action.is_pass:
        return LastMove(action.seat, None)
    plays = sum(1 for a in view.history if a.seat == action.seat and not a.is_pass)
    return LastMove(action.seat, plays - 1)


def hand_scene(view: SeatView, selected: Kind | None = None, name: str = "",
               labels: Labels = DEFAULT_LABELS) -> HandScene:
    """The hand of ``view.seat`` from its own view. On its turn the pieces it may play
    first are bright and the rest dimmed; ``selected`` is a first piece already chosen
    (ignored if it cannot be played first)."""
    firsts = frozenset(a.first for a in view.legal if isinstance(a, Play))
    playable = firsts if view.phase == "play" and view.legal else None
    if selected is not None and selected not in firsts:
        selected = None
    own = view.played[view.seat] if view.played else ()
    face_down = tuple(p.kind for p in own if p.face_down and p.kind is not None)
    return HandScene(pieces=tuple(view.hand), playable=playable, selected=selected,
                     face_down=face_down, name=name, labels=labels)
