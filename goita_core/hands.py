"""Packed hands and their legal actions (RULES.md, "A turn").

A hand is an int, 4 bits per kind (kind k's count is ``(code >> 4*k) & 15``), so a round's
state is a handful of ints: cheap to copy and fast to play out, which the computer players
rely on. Legal action lists are computed once per (hand, attack, Ou-unlocked) and cached.
"""

from __future__ import annotations

from collections.abc import Iterable

from .actions import PASS, Action, Play
from .pieces import Kind, full_set

SHI, GON, OU = int(Kind.SHI), int(Kind.GON), int(Kind.OU)


def pack(kinds: Iterable[Kind | int]) -> int:
    code = 0
    for k in kinds:
        code += 1 << (int(k) << 2)
    return code


def unpack(code: int) -> list[Kind]:
    return [Kind(k) for k in range(8) for _ in range((code >> (k << 2)) & 15)]


def counts_of(code: int) -> list[int]:
    return [(code >> (k << 2)) & 15 for k in range(8)]


def count_in(code: int, kind: int) -> int:
    return (code >> (kind << 2)) & 15


LEGAL_CACHE: dict[int, tuple[Action, ...]] = {}
#: entries the cache may hold before it is emptied: a long-running process (a bot, an
#: arena) would otherwise keep every (hand, attack, Ou) it ever met, up to about 230,000
#: of them (tens of MB); refilling costs about 3 us an entry
LEGAL_CACHE_MAX = 100_000
# each piece as its packed code, so summing a slice of a shuffled set packs a hand
SETS: dict[int, list[int]] = {n: [1 << (int(k) << 2) for k in full_set(n)] for n in (3, 4)}


def _generate(code: int, attack: int, ou_unlocked: bool) -> tuple[Action, ...]:
    counts = counts_of(code)
    size = sum(counts)
    # Ou attack: rule 1 (other Ou face up), rule 2 (holds both, judged at the start of the
    # turn: RULES.md **Decision**), rule 3 (last piece: only two pieces left before the play).
    ou_ok = ou_unlocked or counts[OU] == 2 or size == 2
    out: list[Action] = []
    if attack < 0:
        firsts = [k for k in range(8) if counts[k]]
    else:
        out.append(PASS)
        firsts = [attack] if counts[attack] else []
        # Ou blocks anything but Gon and Shi
        if attack not in (SHI, GON, OU) and counts[OU]:
            firsts.append(OU)
    for f in firsts:
        counts[f] -= 1
        for s in range(8):
            if counts[s] and (s != OU or ou_ok):
                out.append(Play(f, s))
        counts[f] += 1
    return tuple(out)


def legal_for(code: int, attack: int, ou_unlocked: bool) -> tuple[Action, ...]:
    """Legal plays for a hand: ``attack`` is the kind to answer, or -1 when leading."""
    key = code | ((attack + 1) << 32) | (ou_unlocked << 36)
    acts = LEGAL_CACHE.get(key)
    if acts is None:
        if len(LEGAL_CACHE) >= LEGAL_CACHE_MAX:
            LEGAL_CACHE.clear()
        acts = LEGAL_CACHE[key] = _generate(code, attack, ou_unlocked)
    return acts
