"""What the play shows of the kinds each seat lacks, and what that does to the heuristic's
count of an attack's blockers. Called at every step of the search's playouts (compiled
with the playout kernel when it is: :data:`.kernel.COMPILED`)."""

from __future__ import annotations

from typing import Final

from ..pieces import Kind

_GON: Final = int(Kind.GON)
_OU: Final = int(Kind.OU)


def lack_after(mask: list[int], seat: int, attack: int, attacker: int, first: int,
               team_mod: int) -> None:
    """Update ``mask`` (per seat, bit k: the seat has shown it lacks kind k) with the
    answer of ``seat`` to an attack of kind ``attack`` by ``attacker``: ``first`` is the
    piece it blocked with, -1 for a pass. Passing an opponent's attack shows it lacks the
    kind (and an Ou, where an Ou could block); blocking with an Ou shows it lacks the
    kind. A pass of the partner's attack shows nothing."""
    if attack < 0 or (attacker - seat) % team_mod == 0:
        return
    if first < 0:
        mask[seat] |= (1 << attack) | ((1 << _OU) if attack > _GON else 0)
    elif first == _OU and attack != _OU:
        mask[seat] |= 1 << attack


def lack_discount(mask: list[int], seat: int, team_mod: int, lack: float) -> list[float]:
    """Per kind, the factor on the unseen pieces of the kind as blockers of ``seat``'s
    attack: ``1 - lack`` times the share of its opponents that have shown they lack it."""
    opps = [s for s in range(len(mask)) if (s - seat) % team_mod]
    return [1.0 - lack * sum((mask[s] >> k) & 1 for s in opps) / len(opps)
            for k in range(8)]
