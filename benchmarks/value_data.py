"""Record self-play positions and their outcomes, to fit a value model of Goita positions.

    PYTHONPATH=. python benchmarks/value_data.py --rounds 20000 --seed 1 --out data.txt
        [--level hard] [--iterations 100]

Plays rounds of four search players (``--level``, a fixed ``--iterations`` samples per
decision, seeded: the file is reproducible) and writes one line per position in which a
seat is to play (passes forced or not), with every hand known: the position as the search's
playouts hold it, relative to the seat to move, and the points the round finally gave that
seat's team (negative when the other team went out). Lines:

    round  hand0 hand1 hand2 hand3  size0 size1 size2 size3  attack attacker passes
    ou_up avail  points

``hand``: packed piece counts (4 bits per kind), seat 0 the one to move, then in turn
order; ``attack`` -1 when leading; ``attacker`` relative to the mover (-1 when leading);
``avail``: the pieces not face up on the table, packed the same way. A rerun with the same
``--out`` appends after the rounds the file holds.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from goita_core.actions import Play
from goita_core.players import Player, make_player
from goita_core.players.heuristics import DEFAULT_WEIGHTS, LEAD, OPPONENT, PARTNER, choose
from goita_core.players.kernel import playout, plays_for
from goita_core.players.search import start_of
from goita_core.players.value import ValueModel
from goita_core.round import PHASE_PLAY, Round
from goita_core.rules import RuleSet

#: one line of the data (see the module doc)
Row = list[int]


def unpack(row: Row) -> tuple[list[int], list[int], int, int, int, int, list[int], int]:
    """A line's hands, sizes, attack, attacker, passes, ou_up, avail (per kind) and
    points."""
    hands, sizes = row[1:5], row[5:9]
    attack, attacker, passes, ou_up, avail_code, target = row[9:15]
    avail = [(avail_code >> (k << 2)) & 15 for k in range(8)]
    return hands, sizes, attack, attacker, passes, ou_up, avail, target


def playout_value(row: Row, rng: random.Random, eps: float = 0.25,
                  eps_opp: float = 0.4) -> int:
    """One playout of ``hard``'s search from the position, in points for the mover's team,
    as the search plays it after its candidate: the searcher's team (random options at
    rate ``eps``) is the other one, the mover's team plays them at ``eps_opp``, its first
    action included."""
    hands, sizes, attack, attacker, passes, ou_up, avail, _ = unpack(row)
    code = hands[0]
    lead = attack < 0
    plays = plays_for(code, attack, ou_up > 0)
    noise = [rng.random() for _ in range(48)]
    u = rng.random()
    if not plays:
        f, s = -1, -1
    elif sizes[0] > 2 and u < eps_opp:
        j = int(u / eps_opp * (len(plays) + (not lead)))
        f, s = plays[j][:2] if j < len(plays) else (-1, -1)
    else:
        unseen = [avail[k] - (code >> (k << 2) & 15) for k in range(8)]
        relation = LEAD if lead else PARTNER if attacker == 2 else OPPONENT
        act = choose(code, sizes[0], attack, relation, ou_up > 0, unseen, False,
                     DEFAULT_WEIGHTS, sizes[attacker] if attack >= 0 else 8)
        f, s = (int(act.first), int(act.second)) if isinstance(act, Play) else (-1, -1)
    return -playout(hands[:], sizes[:], 0, attack, attacker if attack >= 0 else -1, passes,
                    ou_up, avail[:], f, s, 4, 1, 2, False, False, DEFAULT_WEIGHTS, eps, noise,
                    eps_opp)


def model_value(model: ValueModel, row: Row) -> float:
    """The model's value of a line's position, for the mover's team."""
    hands, sizes, attack, attacker, _, ou_up, avail, _ = unpack(row)
    return model.value(hands, sizes, 0, attack, attacker, ou_up, avail)


def position(rnd: Round) -> list[int]:
    """The position of the seat to move, relative to it (see the module doc)."""
    n = rnd.n
    me = rnd.turn
    avail = start_of(rnd.view(me)).avail
    rel = [(me + i) % n for i in range(n)]
    attacker = -1 if rnd.attack < 0 else (rnd.attacker - me) % n
    avail_code = sum(a << (k << 2) for k, a in enumerate(avail))
    return [*(rnd.hands[s] for s in rel), *(rnd.sizes[s] for s in rel), int(rnd.attack),
            attacker, rnd.passes, rnd.ou_up, avail_code]


def play_to(rnd: Round, players: Sequence[Player],
            stop: Callable[[Round, int], bool] | None = None) -> None:
    """Play ``rnd`` on with ``players`` until it ends or, at a decision of the play phase,
    ``stop(rnd, plays so far)`` says to stop there."""
    moves = 0
    while not rnd.over:
        if stop is not None and rnd.phase == PHASE_PLAY and stop(rnd, moves):
            return
        for seat in rnd.to_act():
            rnd.apply(seat, players[seat].act(rnd.view(seat)))
            moves += rnd.phase == PHASE_PLAY
            if rnd.over:
                break


def outcome(rnd: Round, team: int) -> int:
    """The points a finished round gave ``team`` (negative: the other team's)."""
    res = rnd.result
    assert res is not None and res.seat is not None
    return res.points if res.seat % 2 == team else -res.points


def add_player_options(ap: argparse.ArgumentParser) -> None:
    """The self-play players' options: their level and samples per decision."""
    ap.add_argument("--level", default="hard")
    ap.add_argument("--iterations", type=int, default=100)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    add_player_options(ap)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    rules = RuleSet()
    players = [make_player(args.level, args.seed * 10 + s,
                           options={"iterations": args.iterations}) for s in range(4)]
    done = set()
    if args.out.exists():
        done = {int(line.split(" ", 1)[0]) for line in args.out.read_text().splitlines()}
    start = max(done) + 1 if done else 0
    t0 = time.time()
    with args.out.open("a") as out:
        for r in range(start, args.rounds):
            rng = random.Random(f"value_data:{args.seed}:{r}")
            rnd = Round.deal(rules, rng.randrange(4), rng)
            rows: list[tuple[int, list[int]]] = []
            while not rnd.over:
                for seat in rnd.to_act():
                    view = rnd.view(seat)
                    if rnd.phase == PHASE_PLAY:
                        rows.append((seat % 2, position(rnd)))
                    rnd.apply(seat, players[seat].act(view))
                    if rnd.over:
                        break
            res = rnd.result
            if res is None or res.kind != "finish" or res.seat is None or not rows:
                continue
            won = res.seat % 2
            out.write("".join(
                " ".join(map(str, [r, *pos, res.points if team == won else -res.points]))
                + "\n" for team, pos in rows))
            out.flush()
            if (r + 1) % 500 == 0:
                print(f"  {r + 1} rounds ({time.time() - t0:.0f}s)", flush=True)


if __name__ == "__main__":
    main()
