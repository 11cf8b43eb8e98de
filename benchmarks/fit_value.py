"""Fit the value model of :mod:`goita_core.players.value` to recorded self-play positions,
and measure it against the playouts as a predictor of how rounds end.

    PYTHONPATH=. python benchmarks/fit_value.py DATA.txt [DATA.txt ...] --out value.json
        [--hidden 64] [--epochs 40] [--residual K] [--holdout 0.2] [--check 3000]
        [--playouts 32]

``DATA.txt``: files of ``benchmarks/value_data.py``. The last ``--holdout`` of each file's
rounds are held out; on them this prints the mean squared error (points², per position) of
the mean outcome (a constant), a linear model of the same features (ridge) and the
network; then, on ``--check`` held-out positions, of the network, one playout of
``hard``'s (random options as it plays them), the mean of ``--playouts`` of them, and
mixes of the network with that mean. With ``--residual K`` the network is fitted to what
the mean of K playouts misses of the outcome, and is measured added to it. Needs numpy,
scipy and scikit-learn (``pip install -e '.[learn]'``); the fitted model runs without them.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from multiprocessing import Pool
from pathlib import Path

import numpy as np
from scipy.sparse import csr_matrix
from sklearn.linear_model import Ridge
from sklearn.neural_network import MLPRegressor

from benchmarks.value_data import Row, playout_value, unpack
from goita_core.players.value import N_FEATURES, features


def load(paths: list[Path], holdout: float) -> tuple[list[Row], list[Row]]:
    train: list[Row] = []
    test: list[Row] = []
    for path in paths:
        rows = [list(map(int, line.split())) for line in path.read_text().splitlines()]
        rounds = sorted({r[0] for r in rows})
        cut = rounds[int(len(rounds) * (1 - holdout))] if rounds else 0
        for r in rows:
            (test if r[0] >= cut else train).append(r)
    return train, test


def matrix(rows: list[Row]) -> tuple[csr_matrix, np.ndarray]:
    indptr = [0]
    indices: list[int] = []
    for row in rows:
        hands, sizes, attack, attacker, _, ou_up, avail, _ = unpack(row)
        indices.extend(features(hands, sizes, 0, attack, attacker, ou_up, avail))
        indptr.append(len(indices))
    x = csr_matrix((np.ones(len(indices), dtype=np.float32), indices, indptr),
                   shape=(len(rows), N_FEATURES))
    y = np.array([row[14] for row in rows], dtype=np.float64)
    return x, y


def _means(job: tuple[list[Row], int]) -> list[float]:
    rows, k = job
    rng = random.Random(len(rows))
    return [sum(playout_value(row, rng) for _ in range(k)) / k for row in rows]


def playout_means(rows: list[Row], k: int, jobs: int = 2) -> np.ndarray:
    """The mean of ``k`` playouts from every position (``jobs`` processes)."""
    chunks = [rows[i::jobs] for i in range(jobs)]
    with Pool(jobs) as pool:
        parts = pool.map(_means, [(c, k) for c in chunks])
    out = np.zeros(len(rows))
    for i, part in enumerate(parts):
        out[i::jobs] = part
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data", type=Path, nargs="+")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--holdout", type=float, default=0.2)
    ap.add_argument("--check", type=int, default=3000)
    ap.add_argument("--playouts", type=int, default=32)
    ap.add_argument("--alpha", type=float, default=1e-4)
    ap.add_argument("--epochs", type=int, default=40)
    ap.add_argument("--residual", type=int, default=0,
                    help="fit what the mean of this many playouts misses of the outcome")
    args = ap.parse_args()
    train, test = load(args.data, args.holdout)
    print(f"{len(train)} training positions, {len(test)} held out")
    xtr, ytr = matrix(train)
    xte, yte = matrix(test)
    base_tr = np.zeros_like(ytr)
    base_te = np.zeros_like(yte)
    if args.residual:
        t0 = time.time()
        base_tr = playout_means(train, args.residual)
        base_te = playout_means(test, args.residual)
        print(f"playout means ({args.residual} each): {time.time() - t0:.0f}s; their "
              f"error on the held out: {float(np.mean((base_te - yte) ** 2)):.1f}")
        ytr = ytr - base_tr
        yte = yte - base_te
    def mse(p: np.ndarray) -> float:
        return float(np.mean((p - yte) ** 2))

    print(f"constant (mean {ytr.mean():+.2f}): {mse(np.full_like(yte, ytr.mean())):.1f}")
    ridge = Ridge(alpha=1.0).fit(xtr, ytr)
    print(f"linear (ridge): {mse(ridge.predict(xte)):.1f}")
    t0 = time.time()
    net = MLPRegressor(hidden_layer_sizes=(args.hidden,), alpha=args.alpha,
                       early_stopping=True, max_iter=args.epochs, random_state=1,
                       batch_size=512, learning_rate_init=1e-3)
    net.fit(xtr, ytr)
    pred = net.predict(xte)
    print(f"network ({args.hidden} hidden, {net.n_iter_} epochs, {time.time() - t0:.0f}s): "
          f"{mse(pred):.1f}")
    rng = random.Random(7)
    idx = rng.sample(range(len(test)), min(args.check, len(test)))
    one = np.array([playout_value(test[i], rng) for i in idx], dtype=np.float64)
    many = np.array([np.mean([playout_value(test[i], rng) for _ in range(args.playouts)])
                     for i in idx])
    sub = (yte + base_te)[idx]

    def sub_mse(p: np.ndarray) -> float:
        return float(np.mean((p - sub) ** 2))

    print(f"on {len(idx)} held-out positions: network "
          f"{sub_mse(pred[idx] + base_te[idx]):.1f}, "
          f"one playout {sub_mse(one):.1f}, mean of {args.playouts} playouts "
          f"{sub_mse(many):.1f}, ridge {sub_mse(ridge.predict(xte[idx]) + base_te[idx]):.1f}")
    if not args.residual:
        mixes = ", ".join(f"{lam}: {sub_mse(lam * pred[idx] + (1 - lam) * many):.1f}"
                          for lam in (0.25, 0.5, 0.75))
        print(f"the network's share in a mix with the mean of the playouts: {mixes}")
    w1, w2 = net.coefs_
    args.out.write_text(json.dumps({
        "w1": w1.tolist(), "b1": net.intercepts_[0].tolist(),
        "w2": w2[:, 0].tolist(), "b2": float(net.intercepts_[1][0]),
        "residual": bool(args.residual)}))
    print(f"written {args.out}")


if __name__ == "__main__":
    main()
