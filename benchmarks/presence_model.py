"""Does the public play tell more about which kinds a hand holds than the guesses know?

    python -m benchmarks.presence_model [--cache FILE] [--rounds 150] [--samples 100]

Takes the decisions of ``benchmarks/inference_quality.py`` (same recording, same cache
file) and, for every other seat and kind, the probability that the hard player's guesses
give to "this hand holds that kind". A logistic model then predicts the truth from that
probability and the seat's public record with the kind (passes of an opponent's and of
the partner's attacks, attacks from a lead, blocks, attacks after a block), fitted on the
first two thirds of the decisions. Prints the held-out log loss per (seat, kind) of the
guesses and of the model: what the model gains is information the guesses leave unread.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence

from benchmarks.inference_quality import Case, add_recording_options, cases_of
from goita_core.hands import count_in
from goita_core.players.sampling import Sampler

Row = tuple[list[float], int, float]  # features, held (0/1), the guesses' probability

FEATURES = ("bias", "guesses' logit", "passed opponent's", "passed partner's",
            "led with", "blocked with", "attacked after a block", "hand size / 8",
            "is the partner", "Shi", "Ou")


def rows_of(view_truth: Case, samples: int, rng: random.Random) -> list[Row]:
    view, truth = view_truth
    sampler = Sampler(view)
    draws = [sampler.sample(rng) for _ in range(samples)]
    total = sum(w for _c, w in draws)
    if total <= 0:
        return []
    record_of = {s: [[0.0] * 5 for _ in range(8)] for s in sampler.others}
    attack, attacker = -1, -1
    for act in view.history:
        s = act.seat
        if act.is_pass:
            if s in record_of and attack >= 0:
                record_of[s][attack][1 if attacker == (s + 2) % 4 else 0] += 1
            continue
        assert act.second is not None
        if s in record_of:
            if act.lead:
                record_of[s][int(act.second)][2] += 1
            else:
                assert act.first is not None
                record_of[s][int(act.first)][3] += 1
                record_of[s][int(act.second)][4] += 1
        attack, attacker = int(act.second), s
    out: list[Row] = []
    for s in sampler.others:
        for k in range(8):
            p = sum(w for c, w in draws if count_in(c[s], k)) / total
            p = min(max(p, 0.005), 0.995)
            x = [1.0, math.log(p / (1 - p)), *record_of[s][k], view.hand_sizes[s] / 8,
                 float((s - view.seat) % 4 == 2), float(k == 0), float(k == 7)]
            out.append((x, int(count_in(truth[s], k) > 0), p))
    return out


def log_loss(beta: Sequence[float], rows: list[Row]) -> float:
    """Mean log-likelihood of the truth under the model (0 is perfect)."""
    total = 0.0
    for x, y, _p in rows:
        q = 1 / (1 + math.exp(-sum(b * v for b, v in zip(beta, x, strict=True))))
        q = min(max(q, 1e-6), 1 - 1e-6)
        total += math.log(q if y else 1 - q)
    return total / len(rows)


def fit(rows: list[Row], steps: int = 12) -> list[float]:
    """Logistic regression by Newton's method (from the guesses' own probability)."""
    d = len(rows[0][0])
    beta = [0.0] * d
    beta[1] = 1.0
    for _ in range(steps):
        grad = [0.0] * d
        hess = [[1e-3 if i == j else 0.0 for j in range(d)] for i in range(d)]
        for x, y, _p in rows:
            q = 1 / (1 + math.exp(-sum(b * v for b, v in zip(beta, x, strict=True))))
            for i in range(d):
                grad[i] += (y - q) * x[i]
                for j in range(d):
                    hess[i][j] += q * (1 - q) * x[i] * x[j]
        # solve hess . step = grad (Gauss-Jordan with partial pivoting)
        a = [[*hess[i], grad[i]] for i in range(d)]
        for i in range(d):
            column = [abs(a[r][i]) for r in range(i, d)]
            piv = i + column.index(max(column))
            a[i], a[piv] = a[piv], a[i]
            for r in range(d):
                if r != i:
                    f = a[r][i] / a[i][i]
                    for c in range(i, d + 1):
                        a[r][c] -= f * a[i][c]
        beta = [b + a[i][d] / a[i][i] for i, b in enumerate(beta)]
    return beta


def main() -> None:
    parser = argparse.ArgumentParser()
    add_recording_options(parser, samples=100)
    args = parser.parse_args()
    cases = cases_of(args)
    rng = random.Random(args.seed)
    cut = 2 * len(cases) // 3
    train = [r for c in cases[:cut] for r in rows_of(c, args.samples, rng)]
    test = [r for c in cases[cut:] for r in rows_of(c, args.samples, rng)]
    beta = fit(train)
    guesses = sum(math.log(p if y else 1 - p) for _x, y, p in test) / len(test)
    print(f"{len(train)} (seat, kind) cases to fit, {len(test)} held out")
    print(f"held-out log-likelihood per (seat, kind): guesses {guesses:.4f}, "
          f"model {log_loss(beta, test):.4f} (fitted {log_loss(beta, train):.4f}; 0 is "
          f"perfect)")
    print("coefficients: " + ", ".join(f"{n} {b:+.3f}" for n, b in zip(FEATURES, beta,
                                                                       strict=True)))


if __name__ == "__main__":
    main()
