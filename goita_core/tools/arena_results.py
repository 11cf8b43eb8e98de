"""The arena's results: one record per mirrored deal pair, the results file that makes a long
run resumable and splittable, and the figures computed from any set of records.

A results file is JSON lines: the first line holds the run's settings (both sides, seed,
clock), every further line one deal pair. Deals are drawn from the seed and the deal's
number alone, so records of the same settings written by different processes (``--shard``)
or at different times (a resumed run) can be pooled: :func:`load` refuses files whose
settings differ and deals recorded twice.
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

FORMAT = 1


@dataclass(slots=True)
class DealOutcome:
    index: int
    #: points of A minus points of B, at the table as dealt and at the swapped one
    diffs: tuple[int, int]
    #: (team, points, wins_match) of each table; team 0 = seats 0/2
    results: tuple[tuple[int | None, int, bool], tuple[int | None, int, bool]]
    #: every decision's wall-clock time in ms, per side
    a_ms: list[float] = field(default_factory=list)
    b_ms: list[float] = field(default_factory=list)
    incidents: list[str] = field(default_factory=list)
    #: every decision's CPU time of the deciding thread in ms, per side (engines: only the
    #: host's share, their own process is not counted)
    a_cpu_ms: list[float] = field(default_factory=list)
    b_cpu_ms: list[float] = field(default_factory=list)

    def to_json(self) -> str:
        data = asdict(self)
        for key in ("a_ms", "b_ms", "a_cpu_ms", "b_cpu_ms"):
            data[key] = [round(t, 2) for t in data[key]]
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DealOutcome:
        r0, r1 = data["results"]
        return cls(int(data["index"]), (int(data["diffs"][0]), int(data["diffs"][1])),
                   ((r0[0], int(r0[1]), bool(r0[2])), (r1[0], int(r1[1]), bool(r1[2]))),
                   data.get("a_ms", []), data.get("b_ms", []), data.get("incidents", []),
                   data.get("a_cpu_ms", []), data.get("b_cpu_ms", []))


class ResultsFileError(ValueError):
    """A results file that cannot be used as asked (other settings, damaged, duplicates)."""


def load(path: Path, settings: dict[str, Any] | None = None
         ) -> tuple[dict[str, Any], list[DealOutcome]]:
    """The settings and records of a results file. With ``settings``, refuse a file written
    with other ones. A last line cut short (the process was killed while writing) is
    ignored: that deal is simply played again."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise ResultsFileError(f"{path}: cannot read ({exc.strerror})") from None
    if not lines:
        raise ResultsFileError(f"{path}: empty, not an arena results file")
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError:
        header = None
    if not isinstance(header, dict) or header.get("arena") != FORMAT:
        raise ResultsFileError(f"{path}: not an arena results file")
    for side in (header.get("a"), header.get("b")):
        plays = side.get("plays") if isinstance(side, dict) else None
        if isinstance(plays, dict):
            # written before the kernel was recorded: it ran plain
            plays.setdefault("kernel", "python")
    if settings is not None and header != settings:
        raise ResultsFileError(
            f"{path} was written with other settings ({_describe(header)}); this run is "
            f"{_describe(settings)}: use another --out file")
    outcomes: list[DealOutcome] = []
    for n, line in enumerate(lines[1:], start=2):
        try:
            outcomes.append(DealOutcome.from_json(json.loads(line)))
        except (json.JSONDecodeError, KeyError, TypeError, ValueError, IndexError):
            if n == len(lines):
                break  # cut short while being written
            raise ResultsFileError(f"{path}:{n}: damaged record") from None
    return header, outcomes


def _describe(settings: dict[str, Any]) -> str:
    return ", ".join(f"{k} {v}" for k, v in settings.items() if k != "arena")


def merge(paths: Iterable[Path]) -> tuple[dict[str, Any], list[DealOutcome]]:
    """The records of several files of the same settings (a split run), in deal order."""
    settings: dict[str, Any] | None = None
    seen: dict[int, Path] = {}
    outcomes: list[DealOutcome] = []
    for path in paths:
        header, records = load(path, settings)
        settings = header
        for o in records:
            if o.index in seen:
                raise ResultsFileError(f"deal {o.index} is in both {seen[o.index]} and {path}")
            seen[o.index] = path
            outcomes.append(o)
    if settings is None:
        raise ResultsFileError("no results file given")
    outcomes.sort(key=lambda o: o.index)
    return settings, outcomes


class ResultsWriter:
    """Appends records to a results file as deals finish (a crash loses only the deals
    being played), creating it with its settings line when new."""

    def __init__(self, path: Path, settings: dict[str, Any]) -> None:
        if path.exists() and path.stat().st_size > 0:
            # a record cut short by a kill (no newline yet) is dropped: its deal is replayed
            data = path.read_bytes()
            if not data.endswith(b"\n"):
                with path.open("r+b") as f:
                    f.truncate(data.rfind(b"\n") + 1)
            self.file = path.open("a", encoding="utf-8")
        else:
            self.file = path.open("w", encoding="utf-8")
            self.file.write(json.dumps(settings) + "\n")
            self.file.flush()

    def write(self, outcome: DealOutcome) -> None:
        self.file.write(outcome.to_json() + "\n")
        self.file.flush()

    def close(self) -> None:
        self.file.close()


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def _times(values: list[float]) -> dict[str, float]:
    return {"median": round(_percentile(values, 0.5), 3),
            "p95": round(_percentile(values, 0.95), 3)}


def _pair_mean(outcome: DealOutcome) -> float:
    """A deal pair's A minus B per round: the mean of its two tables."""
    return (outcome.diffs[0] + outcome.diffs[1]) / 2


def _mean_se(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (0 when it cannot be estimated)."""
    n = len(values)
    mean = statistics.fmean(values) if n else 0.0
    return mean, (statistics.stdev(values) / math.sqrt(n) if n > 1 else 0.0)


def summarize(outcomes: list[DealOutcome], target: int = 150) -> dict[str, object]:
    """The arena's figures as a JSON-ready dict: A's mean points per round minus B's with a
    95% interval (unit: one mirrored pair), A's match win rate (each table folds its rounds,
    in deal order, into matches to ``target``), each side's decision times (wall and CPU)."""
    outcomes = sorted(outcomes, key=lambda o: o.index)
    mean, se = _mean_se([_pair_mean(o) for o in outcomes])
    half = 1.96 * se
    wins_a = matches = 0
    for table in (0, 1):
        team_a = table  # A is team 0 at the table as dealt, team 1 at the swapped one
        tally = [0, 0]
        for o in outcomes:
            team, points, wins_match = o.results[table]
            if team is None:
                continue
            tally[team] += points
            if wins_match or tally[team] >= target:
                matches += 1
                wins_a += team == team_a
                tally = [0, 0]
    return {
        "rounds": len(outcomes),
        "diff_mean": round(mean, 3),
        "diff_ci95": [round(mean - half, 3), round(mean + half, 3)],
        "match_win_rate_a": round(wins_a / matches, 4) if matches else None,
        "matches": matches,
        "a_ms": _times([t for o in outcomes for t in o.a_ms]),
        "b_ms": _times([t for o in outcomes for t in o.b_ms]),
        "a_cpu_ms": _times([t for o in outcomes for t in o.a_cpu_ms]),
        "b_cpu_ms": _times([t for o in outcomes for t in o.b_cpu_ms]),
        "incidents": [i for o in outcomes for i in o.incidents],
    }


def paired(outcomes: list[DealOutcome], other: list[DealOutcome]) -> dict[str, object]:
    """One run against another on the deals both played: per deal pair, the first run's
    A minus B less the other run's, with its standard error and 95% interval. Two players
    measured against the same opponent on the same deals are compared this way with a
    smaller error than their two intervals suggest (the deals' luck cancels)."""
    theirs = {o.index: _pair_mean(o) for o in other}
    deltas = [_pair_mean(o) - theirs[o.index] for o in outcomes if o.index in theirs]
    mean, se = _mean_se(deltas)
    return {"rounds": len(deltas), "diff_mean": round(mean, 3), "se": round(se, 3),
            "diff_ci95": [round(mean - 1.96 * se, 3), round(mean + 1.96 * se, 3)]}


def report(paths: list[Path], against: list[Path] | None = None,
           as_json: bool = False) -> None:
    """Print the figures of one run's files and, with ``against``, their difference from
    another run's on the same deals (ResultsFileError if the runs dealt other deals)."""
    settings, outcomes = merge(paths)
    summary = summarize(outcomes)
    summary["settings"] = settings
    pair: dict[str, Any] | None = None
    if against is not None:
        theirs, other = merge(against)
        if theirs["seed"] != settings["seed"]:
            raise ResultsFileError(f"the runs dealt other deals (seeds {settings['seed']} "
                                   f"and {theirs['seed']}): nothing to pair")
        pair = summary["against"] = {**paired(outcomes, other), "settings": theirs}
        if not pair["rounds"]:
            raise ResultsFileError("the runs share no deal: nothing to pair")
    if as_json:
        print(json.dumps(summary))
        return
    print_figures(summary, f"{len(outcomes)} mirrored deals from {len(paths)} file(s): "
                  f"{json.dumps(settings)}")
    if pair is not None:
        lo, hi = pair["diff_ci95"]
        sides = "  ".join(f"{k.upper()} = {_label(pair['settings'][k])}" for k in "ab")
        print(f"against the run of {sides}: per deal pair, {pair['diff_mean']:+.2f} "
              f"(SE {pair['se']:.2f}; 95% CI {lo:+.2f} .. {hi:+.2f}) over the "
              f"{pair['rounds']} deals both played")


def _label(side: dict[str, Any]) -> str:
    """A side of a results file's header as the command line named it."""
    options = side.get("options") or {}
    return (side.get("level") or side.get("cmd") or "?") + \
        (f" {json.dumps(options, sort_keys=True)}" if options else "")


def print_figures(summary: dict[str, Any], title: str) -> None:
    """The figures of :func:`summarize` as text, under ``title``."""
    lo, hi = summary["diff_ci95"]
    rate = summary["match_win_rate_a"]
    print(title)
    print(f"points per round, A minus B: {summary['diff_mean']:+.2f}  "
          f"(95% CI {lo:+.2f} .. {hi:+.2f})")
    print("match win rate of A: "
          + ("n/a (no match finished)" if rate is None else f"{rate:.1%}")
          + f" over {summary['matches']} matches")
    for kind, suffix in (("decision ms", "ms"), ("decision CPU ms", "cpu_ms")):
        a, b = summary[f"a_{suffix}"], summary[f"b_{suffix}"]
        print(f"{kind}  A: median {a['median']:.2f}, p95 {a['p95']:.2f}   "
              f"B: median {b['median']:.2f}, p95 {b['p95']:.2f}")
    incidents = summary["incidents"]
    if incidents:
        print(f"engine incidents: {len(incidents)} (first: {incidents[0]})")
