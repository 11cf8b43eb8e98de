"""A model of the search players' choices learnt by gradient-boosted trees, measured as a
predictor and as the playouts' policy.

    PYTHONPATH=. python benchmarks/imitate_search.py fit --data 7:2200 --data 8:2200
        [--iterations 200] [--depth 5] [--trees 200] [--rate 0.15] [--linear]
        [--out model.pkl]
    PYTHONPATH=. python benchmarks/imitate_search.py arena model.pkl ARENA ARGS...

``fit`` records (or reads from ``benchmarks/tune_rollout.py``'s cache) the decisions of
rounds of ``hard`` and ``hard-v1`` players (``--data SEED:ROUNDS``, ``--iterations``
samples per decision), with the inputs a playout has at each of them; it fits a classifier
of "this option is the one taken" on each option's features (the seat's hand before and
after, the unseen counts, the attack, who made it, the option's terms in
:mod:`goita_core.players.softpolicy`, and whether the normal heuristic picks it) on the
first 70% of each seed's rounds, and prints the held-out top-1 agreement of the heuristic
and of the model (with ``--linear``, of the linear softmax model of
:mod:`goita_core.players.softpolicy` too); ``--out`` saves the model refitted on every
decision.

``arena`` runs ``python -m goita_core.tools.arena`` with the model's favourite option in
place of the normal heuristic's choice in the soft playouts (``SearchSettings``'
``rollout_policy`` with ``soft_eps``; a ``rollout_policy`` of zeros draws the random
options uniformly, as the kernel's playouts do). The trees are evaluated with numpy
(about 0.5 ms a situation; the playouts' memo keeps each situation's choice), so compare it
at a fixed number of samples (``"iterations"``) with the same command without the model,
deal by deal: ``python -m goita_core.tools.arena --report A.jsonl --against B.jsonl``.

Needs numpy and scikit-learn (``pip install -e '.[learn]'``).
"""

from __future__ import annotations

import argparse
import pickle
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.tune_rollout import (
    Decision,
    examples,
    fit_soft,
    load_or_generate,
    soft_loglik,
)
from goita_core.actions import PASS, Action, Play
from goita_core.players import softpolicy
from goita_core.players.heuristics import PARTNER, choose

Move = tuple[int, int]


def option_rows(code: int, size: int, attack: int, relation: int, unlocked: bool,
                unseen: Sequence[int]) -> tuple[tuple[Move, ...], list[list[float]]]:
    """The options of a seat with a choice (as :func:`softpolicy.options`) and each one's
    features for the model."""
    moves, feats = softpolicy.options(code, size, attack, relation == PARTNER, unlocked,
                                      list(unseen))
    act = choose(code, size, attack, relation, unlocked, list(unseen))
    top = (int(act.first), int(act.second)) if isinstance(act, Play) else (-1, -1)
    hand = [(code >> (k << 2)) & 15 for k in range(8)]
    context = [*hand, *unseen, attack, relation, int(unlocked), size, len(moves)]
    rows = []
    for move, fv in zip(moves, feats, strict=True):
        f, s = move
        after = hand[:]
        if f >= 0:
            after[f] -= 1
            after[s] -= 1
        rows.append([*context, *after, f, s, int(move == top), *fv])
    return moves, rows


def dataset(decisions: list[Decision]) -> tuple[Any, Any, Any]:
    """Features, taken (0/1) and the decision's number, one row per option."""
    xs: list[list[float]] = []
    ys: list[int] = []
    groups: list[int] = []
    for i, d in enumerate(decisions):
        moves, rows = option_rows(d.code, d.size, d.attack, d.relation, d.ou_unlocked,
                                  d.unseen)
        for move, row in zip(moves, rows, strict=True):
            xs.append(row)
            ys.append(int(move == (d.first, d.second)))
            groups.append(i)
    return np.array(xs, float), np.array(ys), np.array(groups)


def top1(scores: Any, ys: Any, groups: Any) -> float:
    """Share of decisions whose best-scored option is the one taken."""
    best: dict[int, tuple[float, int]] = {}
    for score, y, g in zip(scores.tolist(), ys.tolist(), groups.tolist(), strict=True):
        if g not in best or score > best[g][0]:
            best[g] = (score, y)
    return sum(y for _, y in best.values()) / max(1, len(best))


class Trees:
    """The fitted trees as flat arrays, every tree evaluated at once."""

    def __init__(self, model: Any) -> None:
        feats, thr, left, right, val, roots = [], [], [], [], [], []
        off = depth = 0
        for (tree,) in model._predictors:
            nodes = tree.nodes
            leaf = nodes["is_leaf"].astype(bool)
            here = np.arange(len(nodes)) + off
            roots.append(off)
            feats.append(np.where(leaf, 0, nodes["feature_idx"]))
            # a leaf points to itself, so every row can take the same number of steps
            thr.append(np.where(leaf, np.inf, nodes["num_threshold"]))
            left.append(np.where(leaf, here, nodes["left"] + off))
            right.append(np.where(leaf, here, nodes["right"] + off))
            val.append(nodes["value"])
            depth = max(depth, int(nodes["depth"].max()))
            off += len(nodes)
        self.feature = np.concatenate(feats).astype(np.int64)
        self.threshold = np.concatenate(thr)
        self.left = np.concatenate(left).astype(np.int64)
        self.right = np.concatenate(right).astype(np.int64)
        self.value = np.concatenate(val)
        self.roots = np.array(roots, np.int64)
        self.depth = depth

    def scores(self, xs: Any) -> Any:
        """Each row's raw score (the model's log-odds less its constant)."""
        node = np.broadcast_to(self.roots, (xs.shape[0], len(self.roots))).copy()
        rows = np.arange(xs.shape[0])[:, None]
        for _ in range(self.depth):
            node = np.where(xs[rows, self.feature[node]] <= self.threshold[node],
                            self.left[node], self.right[node])
        return self.value[node].sum(axis=1)


def install(model: Any) -> None:
    """Make the soft playouts' "heuristic choice" the model's favourite option."""
    trees = Trees(model)

    def favourite(code: int, size: int, attack: int, relation: int, unlocked: bool,
                  unseen: list[int], *_: object) -> Action:
        moves, rows = option_rows(code, size, attack, relation, unlocked, unseen)
        f, s = moves[int(np.argmax(trees.scores(np.array(rows, float))))]
        return PASS if f < 0 else Play(f, s)

    softpolicy.choose = favourite  # type: ignore[assignment]


def fit(args: argparse.Namespace) -> None:
    from sklearn.ensemble import HistGradientBoostingClassifier

    train: list[Decision] = []
    test: list[Decision] = []
    for spec in args.data:
        seed, rounds = (int(x) for x in spec.split(":"))
        cache = Path(f"/tmp/tune_rollout_{seed}_{rounds}_{args.iterations}.json")
        decisions = load_or_generate(cache, rounds, seed, args.iterations)
        cut = int(rounds * 0.7)
        train += [d for d in decisions if d.round_no < cut]
        test += [d for d in decisions if d.round_no >= cut]
    x_tr, y_tr, g_tr = dataset(train)
    x_te, y_te, g_te = dataset(test)
    print(f"{len(train)} decisions fitted, {len(test)} held out")
    heuristic = 2 * 8 + 5 + 8 + 2  # the column saying the heuristic picks the option
    print(f"normal heuristic, held out: top-1 {top1(x_te[:, heuristic], y_te, g_te):.4f}")

    if args.linear:
        theta = fit_soft(examples(train), verbose=False)
        _, hits = soft_loglik(theta, examples(test))
        print(f"linear softmax (softpolicy), held out: top-1 {hits:.4f}")

    def model() -> Any:
        return HistGradientBoostingClassifier(
            max_depth=args.depth, max_iter=args.trees, learning_rate=args.rate,
            early_stopping=False)

    m = model().fit(x_tr, y_tr)
    held_out = m.decision_function(x_te)
    print(f"trees (depth {args.depth}, {args.trees}): top-1 train "
          f"{top1(m.decision_function(x_tr), y_tr, g_tr):.4f}, held out "
          f"{top1(held_out, y_te, g_te):.4f}")
    # the playouts' evaluator must score as scikit-learn does (up to the constant)
    gap = Trees(m).scores(x_te) + m._baseline_prediction.ravel()[0] - held_out
    print(f"numpy evaluator against scikit-learn: largest difference {abs(gap).max():.2e}")
    if args.out:
        full = model().fit(np.vstack([x_tr, x_te]), np.concatenate([y_tr, y_te]))
        args.out.write_bytes(pickle.dumps(full))
        print(f"model fitted on all {len(train) + len(test)} decisions: {args.out}")


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "arena":
        from goita_core.tools.arena import main as arena

        install(pickle.loads(Path(sys.argv[2]).read_bytes()))
        sys.exit(arena(sys.argv[3:]))
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_fit = sub.add_parser("fit")
    p_fit.add_argument("--data", action="append", required=True, help="SEED:ROUNDS")
    p_fit.add_argument("--iterations", type=int, default=200)
    p_fit.add_argument("--depth", type=int, default=5)
    p_fit.add_argument("--trees", type=int, default=200)
    p_fit.add_argument("--rate", type=float, default=0.15)
    p_fit.add_argument("--out", type=Path)
    p_fit.add_argument("--linear", action="store_true",
                       help="also fit the linear softmax model of softpolicy")
    args = parser.parse_args()
    fit(args)


if __name__ == "__main__":
    main()
