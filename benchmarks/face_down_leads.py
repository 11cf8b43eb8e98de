"""Which kinds players lead face down, against a piece of their hand picked at random.

    PYTHONPATH=. python -m benchmarks.face_down_leads RECORD_OR_DIR ...
    PYTHONPATH=. python -m benchmarks.face_down_leads --level greedy --rounds 300

Reads YAML kifu records (ごいたオンライン's format; a directory: every ``*.yaml`` in it),
or plays ``--rounds`` rounds of four ``--level`` players, and counts every lead made from a
hand of three pieces or more. For each kind it prints how many face-down leads were of
that kind, how many a piece of the hand picked at random would have given, and their
ratio: the quantity :data:`goita_core.players.dealing.FD_LEAD` holds (the search's
``fd_draw`` deals the face-down pieces in those proportions).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterable, Iterator
from pathlib import Path

from goita_core.actions import Action, Play
from goita_core.kifu.common import YAML_RULES, KifuError, ReplayError
from goita_core.kifu.replay import play_kifu_round
from goita_core.kifu.yaml_codec import parse_kifu_yaml
from goita_core.pieces import Kind
from goita_core.players import SEARCH_LEVELS, make_player
from goita_core.players.dealing import FD_LEAD
from goita_core.round import PHASE_PLAY, Round
from goita_core.rules import RuleSet

#: one lead: the kind laid face down and the leader's hand before it
Lead = tuple[Kind, list[Kind]]


def leads_of(rnd: Round, actions: Iterable[tuple[int, Action]]) -> Iterator[Lead]:
    """Apply ``actions`` to ``rnd`` and yield its leads from hands of three pieces or more."""
    for seat, action in actions:
        if isinstance(action, Play) and rnd.phase == PHASE_PLAY and rnd.attack < 0:
            hand = rnd.hand(seat)
            if len(hand) > 2:
                yield action.first, hand
        rnd.apply(seat, action)


def record_leads(paths: Iterable[Path]) -> Iterator[Lead]:
    """The leads of every round of the records that replay (the others are skipped)."""
    for path in paths:
        files = sorted(path.glob("*.yaml")) if path.is_dir() else [path]
        for file in files:
            try:
                kifu = parse_kifu_yaml(file.read_bytes())
            except KifuError as exc:
                print(f"  {file}: skipped ({exc})")
                continue
            for r in kifu.rounds:
                actions: list[tuple[int, Action]] = []
                try:
                    play_kifu_round(YAML_RULES, r.dealer, r.hands, r.game, actions=actions)
                except ReplayError:
                    continue
                yield from leads_of(Round(YAML_RULES, r.dealer, r.hands), actions)


def played_leads(level: str, rounds: int, seed: int, iterations: int) -> Iterator[Lead]:
    """The leads of ``rounds`` seeded rounds of four ``level`` players."""
    rules = RuleSet()
    rng = random.Random(seed)
    options = {"iterations": iterations} if level in SEARCH_LEVELS else None
    for r in range(rounds):
        rnd = Round.deal(rules, rng.randrange(4), rng)
        players = [make_player(level, seed * 10**6 + r * 4 + s, options=options)
                   for s in range(4)]
        actions: list[tuple[int, Action]] = []
        copy = rnd.clone()
        while not rnd.over:
            seat = rnd.to_act()[0]
            action = players[seat].act(rnd.view(seat))
            rnd.apply(seat, action)
            actions.append((seat, action))
        yield from leads_of(copy, actions)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records", nargs="*", type=Path)
    ap.add_argument("--level", help="play rounds of this level instead of reading records")
    ap.add_argument("--rounds", type=int, default=200)
    ap.add_argument("--iterations", type=int, default=30,
                    help="samples per decision of the search levels")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if bool(args.records) == bool(args.level):
        ap.error("give kifu records or --level, not both")
    leads = played_leads(args.level, args.rounds, args.seed, args.iterations) if args.level \
        else record_leads(args.records)
    laid = [0] * 8
    expected = [0.0] * 8
    n = 0
    for first, hand in leads:
        n += 1
        laid[first] += 1
        for k in hand:
            expected[k] += 1.0 / len(hand)
    print(f"{n} leads from hands of three pieces or more")
    print(f"{'kind':>6} {'face down':>9} {'at random':>9} {'ratio':>6} {'FD_LEAD':>8}")
    for k in Kind:
        ratio = laid[k] / expected[k] if expected[k] else float("nan")
        print(f"{k.name.title():>6} {laid[k]:>9} {expected[k]:>9.1f} {ratio:>6.2f} "
              f"{FD_LEAD[k]:>8.2f}")


if __name__ == "__main__":
    main()
