"""Fit the playouts' model of play to predict how search players actually play.

    PYTHONPATH=. python benchmarks/tune_rollout.py [--rounds 400] [--iterations 100]
        [--seed 5] [--keep 8,9] [--start WEIGHTS] [--steps 200] [--soft [--epochs 150]]

The hard player's playouts model every seat with the normal heuristics
(:func:`~goita_core.players.heuristics.choose`), whose weights were tuned to *win*
against greedy, not to *predict* the search players the playouts stand for. This script:

1. plays ``--rounds`` rounds of search players (``hard`` at seats 0/2 and ``hard-v1`` at
   1/3, swapped every other round; fixed ``--iterations`` samples per decision, seeded, so
   the dataset is reproducible) and records every decision that the heuristic does not
   settle alone (no forced move, no finish): the inputs ``choose`` gets in a playout (own
   hand, pieces not face up minus the hand, attack, relation...) and the action taken.
   The dataset is cached in ``--cache`` (default under /tmp);
2. hill-climbs the weights from ``--start`` (default: the normal heuristic's; coordinate
   search, then ``--steps`` random steps; ``--keep`` leaves some as they start) to
   maximise the top-1 agreement of ``choose`` with the recorded actions on the training
   rounds;
3. prints the agreement before and after on held-out rounds, per kind of decision, and the
   random-option rate (``rollout_eps``) that best explains the held-out play under the
   playouts' mixture model (the heuristic's choice, else a uniform option at rate eps).

With ``--soft`` it fits instead the softmax model of :mod:`goita_core.players.softpolicy`
by maximum likelihood and prints its held-out log-likelihood (to compare with the mixture
model's) and its coefficients (``SearchSettings(rollout_policy=...)``).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from pathlib import Path
from typing import NamedTuple

from goita_core.actions import PASS, Action, Play
from goita_core.players import make_player
from goita_core.players.base import attack_code, is_goshi_decision, relation_to_attacker
from goita_core.players.heuristics import DEFAULT_WEIGHTS, LEAD, PARTNER, choose
from goita_core.players.search import start_of
from goita_core.players.softpolicy import N_FEATURES, options, probabilities
from goita_core.round import Round, pack
from goita_core.rules import RuleSet
from goita_core.view import SeatView


class Decision(NamedTuple):
    """One recorded decision: ``choose``'s inputs as a playout would give them, the
    number of options a random option is drawn from, and the action taken."""

    round_no: int
    code: int
    size: int
    attack: int
    relation: int
    ou_unlocked: bool
    unseen: tuple[int, ...]
    double_any: bool
    attacker_size: int
    options: int
    first: int  # -1: a pass
    second: int


def record(view: SeatView, action: Action, round_no: int) -> Decision | None:
    """The decision of ``view`` if the heuristic's weights can matter in it."""
    if is_goshi_decision(view) or len(view.legal) < 2:
        return None
    plays = [a for a in view.legal if isinstance(a, Play)]
    if len(view.hand) == 2 and plays:
        return None  # a finish: the playout takes the best one
    code = pack(view.hand)
    # the playout's unseen counts: pieces not face up on the table, minus the hand
    avail = start_of(view).avail
    unseen = tuple(avail[k] - ((code >> (k << 2)) & 15) for k in range(8))
    attacker_size = 8 if view.attacker is None else view.hand_sizes[view.attacker]
    lead = view.must_lead
    f, s = (int(action.first), int(action.second)) if isinstance(action, Play) else (-1, -1)
    return Decision(round_no, code, len(view.hand), attack_code(view),
                    relation_to_attacker(view), view.ou_up > 0, unseen,
                    view.rules.double_any_seventh, attacker_size,
                    len(plays) + (not lead), f, s)


def generate(rounds: int, seed: int, iterations: int) -> list[Decision]:
    """Decisions of ``rounds`` rounds of hard and hard-v1 players (see module doc)."""
    rules = RuleSet()
    players = {lv: [make_player(lv, seed * 10 + s, options={"iterations": iterations})
                    for s in range(4)] for lv in ("hard", "hard-v1")}
    out: list[Decision] = []
    t0 = time.time()
    for r in range(rounds):
        rng = random.Random(f"tune_rollout:{seed}:{r}")
        rnd = Round.deal(rules, rng.randrange(4), rng)
        levels = ("hard", "hard-v1") if r % 2 == 0 else ("hard-v1", "hard")
        while not rnd.over:
            for seat in rnd.to_act():
                view = rnd.view(seat)
                action = players[levels[seat % 2]][seat].act(view)
                dec = record(view, action, r)
                if dec is not None:
                    out.append(dec)
                rnd.apply(seat, action)
                if rnd.over:
                    break
        if (r + 1) % 50 == 0:
            print(f"  {r + 1} rounds, {len(out)} decisions ({time.time() - t0:.0f}s)",
                  flush=True)
    return out


def load_or_generate(path: Path, rounds: int, seed: int, iterations: int) -> list[Decision]:
    settings = {"rounds": rounds, "seed": seed, "iterations": iterations}
    if path.exists():
        data = json.loads(path.read_text())
        if data["settings"] == settings:
            return [Decision._make([*d[:6], tuple(d[6]), *d[7:]]) for d in data["decisions"]]
    decisions = generate(rounds, seed, iterations)
    path.write_text(json.dumps({"settings": settings, "decisions": decisions}))
    return decisions


def predicts(weights: tuple[float, ...], d: Decision) -> bool:
    act = choose(d.code, d.size, d.attack, d.relation, d.ou_unlocked, list(d.unseen),
                 d.double_any, weights, d.attacker_size)
    if act is PASS:
        return d.first < 0
    return isinstance(act, Play) and (int(act.first), int(act.second)) == (d.first, d.second)


def agreement(weights: tuple[float, ...], decisions: list[Decision]) -> float:
    """Share of ``decisions`` where the heuristic with ``weights`` takes the same action."""
    if not decisions:
        return 0.0
    return sum(predicts(weights, d) for d in decisions) / len(decisions)


def best_eps(weights: tuple[float, ...], decisions: list[Decision]
             ) -> tuple[float, float]:
    """The random-option rate of the playouts' mixture (heuristic's choice with probability
    1 - eps, else a uniform option) that best explains ``decisions``, and its mean
    log-likelihood per decision."""
    hits = [predicts(weights, d) for d in decisions]
    best = (0.0, -math.inf)
    for e in [i / 100 for i in range(1, 100)]:
        ll = sum(math.log((1 - e) * h + e / d.options)
                 for h, d in zip(hits, decisions, strict=True))
        ll /= max(1, len(decisions))
        if ll > best[1]:
            best = (e, ll)
    return best


def fit(decisions: list[Decision], start: tuple[float, ...], sweeps: int = 4,
        verbose: bool = True, keep: frozenset[int] = frozenset()) -> tuple[float, ...]:
    """Coordinate search: each weight in turn is set to the value among a few (scalings of
    it, either sign, a few fixed values) that agrees best; repeated until a sweep changes
    nothing. Signs are free: searchers may prefer what the winning weights avoid."""
    best = start
    best_acc = agreement(best, decisions)
    for sweep in range(sweeps):
        changed = False
        for i in range(len(best)):
            if i in keep:
                continue
            v = best[i]
            if i == 8:  # a threshold in points (an attack's value)
                tries = [0.0, 15.0, 25.0, 35.0, 45.0, 55.0]
            elif i == 9:  # a threshold in pieces
                tries = [0.0, 2.0, 4.0, 6.0]
            else:
                scaled = [v * m for m in (0.25, 0.5, 0.7, 1.4, 2.0, 4.0)] if v else []
                fixed = [0.0, 0.01, 0.05, 0.2, 1.0, 4.0]
                tries = sorted({round(t, 4) for x in scaled + fixed for t in (x, -x)})
            for t in tries:
                if t == v:
                    continue
                cand = (*best[:i], t, *best[i + 1:])
                acc = agreement(cand, decisions)
                if acc > best_acc + 1e-9:
                    best, best_acc, changed = cand, acc, True
                    if verbose:
                        print(f"  sweep {sweep} w[{i}] = {t}: {best_acc:.4f}", flush=True)
        if not changed:
            break
    return best


def perturb(decisions: list[Decision], start: tuple[float, ...], steps: int, seed: int,
            verbose: bool = True, keep: frozenset[int] = frozenset()) -> tuple[float, ...]:
    """Random hill climbing after the coordinate search: change two or three weights at once
    (scaled, sign flipped or zeroed), keep the change if it agrees better. Coordinate steps
    alone stall where weights must move together (an attack's terms trade off)."""
    rng = random.Random(seed)
    best = start
    best_acc = agreement(best, decisions)
    for step in range(steps):
        cand = list(best)
        free = [i for i in range(8) if i not in keep]
        for i in rng.sample(free, min(len(free), rng.choice((2, 2, 3)))):
            v = cand[i] or rng.choice((0.05, 0.2, 1.0))
            cand[i] = round(v * rng.choice((0.0, 0.5, 0.7, 1.4, 2.0, -1.0, -0.5)), 4)
        acc = agreement(tuple(cand), decisions)
        if acc > best_acc + 1e-9:
            best, best_acc = tuple(cand), acc
            if verbose:
                print(f"  step {step}: {best_acc:.4f} {list(best)}", flush=True)
    return best


Example = tuple[tuple[tuple[float, ...], ...], int]


def examples(decisions: list[Decision]) -> list[Example]:
    """Each decision's options (features) and the index of the one taken."""
    out = []
    for d in decisions:
        moves, feats = options(d.code, d.size, d.attack, d.relation == PARTNER,
                               d.ou_unlocked, list(d.unseen))
        out.append((feats, moves.index((d.first, d.second))))
    return out


def soft_loglik(theta: tuple[float, ...], data: list[Example]) -> tuple[float, float]:
    """Mean log-likelihood of the choices under the softmax model, and its top-1
    agreement."""
    ll = hits = 0.0
    for feats, c in data:
        p = probabilities(theta, feats)
        ll += math.log(max(p[c], 1e-300))
        hits += p[c] == max(p)
    return ll / max(1, len(data)), hits / max(1, len(data))


def fit_soft(data: list[Example], epochs: int = 150, l2: float = 1e-3, lr: float = 0.1,
             verbose: bool = True) -> tuple[float, ...]:
    """Maximum likelihood of the softmax model (concave in ``theta``) by Adam on the full
    gradient, with a little L2 to keep rarely seen features finite."""
    theta = [0.0] * N_FEATURES
    m = [0.0] * N_FEATURES
    v = [0.0] * N_FEATURES
    n = max(1, len(data))
    for epoch in range(1, epochs + 1):
        grad = [-l2 * t for t in theta]
        for feats, c in data:
            p = probabilities(theta, feats)
            for fv, pj in zip(feats, p, strict=True):
                for i, x in enumerate(fv):
                    if x:
                        grad[i] -= pj * x / n
            for i, x in enumerate(feats[c]):
                grad[i] += x / n
        for i in range(N_FEATURES):
            m[i] = 0.9 * m[i] + 0.1 * grad[i]
            v[i] = 0.999 * v[i] + 0.001 * grad[i] ** 2
            mh = m[i] / (1 - 0.9 ** epoch)
            vh = v[i] / (1 - 0.999 ** epoch)
            theta[i] += lr * mh / (math.sqrt(vh) + 1e-8)
        if verbose and epoch % 25 == 0:
            print(f"  epoch {epoch}: log-lik {soft_loglik(tuple(theta), data)[0]:.4f}",
                  flush=True)
    return tuple(round(t, 4) for t in theta)


def report(label: str, weights: tuple[float, ...], decisions: list[Decision]) -> None:
    kinds = {"lead": LEAD, "partner": PARTNER}
    parts = [f"all {agreement(weights, decisions):.4f}"]
    for name, rel in (*kinds.items(), ("opponent", 2)):
        sub = [d for d in decisions if d.relation == rel]
        parts.append(f"{name} {agreement(weights, sub):.4f} ({len(sub)})")
    eps, ll = best_eps(weights, decisions)
    print(f"{label}: {', '.join(parts)}; best eps {eps:.2f} (log-lik {ll:.4f})")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=400)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--holdout", type=float, default=0.3,
                        help="share of the rounds kept out of the fit")
    parser.add_argument("--cache", type=Path, default=None)
    parser.add_argument("--soft", action="store_true",
                        help="fit the softmax model of play (softpolicy) instead")
    parser.add_argument("--epochs", type=int, default=150)
    parser.add_argument("--keep", default="",
                        help="indices of weights kept as they start, e.g. 8,9")
    parser.add_argument("--start", default=None,
                        help="weights the fit starts from, as a JSON list (default: "
                             "the normal heuristic's)")
    parser.add_argument("--steps", type=int, default=200,
                        help="random steps after the coordinate search")
    args = parser.parse_args()
    cache = args.cache or Path(
        f"/tmp/tune_rollout_{args.seed}_{args.rounds}_{args.iterations}.json")
    t0 = time.time()
    decisions = load_or_generate(cache, args.rounds, args.seed, args.iterations)
    cut = int(args.rounds * (1 - args.holdout))
    train = [d for d in decisions if d.round_no < cut]
    test = [d for d in decisions if d.round_no >= cut]
    print(f"{len(decisions)} decisions ({len(train)} train, {len(test)} held out), "
          f"{time.time() - t0:.0f}s")
    report("default, held out", DEFAULT_WEIGHTS, test)
    start = DEFAULT_WEIGHTS
    if args.start is not None:
        start = tuple(float(w) for w in json.loads(args.start))
        report("start, held out", start, test)
    if args.soft:
        ex_train, ex_test = examples(train), examples(test)
        theta = fit_soft(ex_train, args.epochs)
        for label, data in (("train", ex_train), ("held out", ex_test)):
            ll, acc = soft_loglik(theta, data)
            print(f"softmax model, {label}: log-lik {ll:.4f}, top-1 {acc:.4f}")
        print(f"rollout_policy: {json.dumps(list(theta))} ({time.time() - t0:.0f}s)")
        return
    keep = frozenset(int(i) for i in args.keep.split(",") if i)
    fitted = fit(train, start, keep=keep)
    if args.steps:
        fitted = fit(train, perturb(train, fitted, args.steps, args.seed, keep=keep),
                     keep=keep)
    report("fitted, train", fitted, train)
    report("fitted, held out", fitted, test)
    print(f"fitted weights: {json.dumps(list(fitted))} ({time.time() - t0:.0f}s)")


if __name__ == "__main__":
    main()
