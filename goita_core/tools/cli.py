"""``python -m goita_core replay [--json] [--ou-rule server|strict] FILE``.

Replays a YAML kifu or a native JSON record and prints, per round, who scored what, then the
final scores. Exit codes: 0 replayed (recorded scores that disagree with the engine are
warnings on stderr), 2 unreadable, malformed or illegal record (one line on stderr).
"""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import GoitaError
from ..kifu import (
    MAX_RECORD_BYTES,
    YAML_RULES,
    Kifu,
    KifuError,
    ReplayError,
    ReplayReport,
    RoundSummary,
    load_record,
    replay_kifu,
)
from ..rules import RuleSet


def _describe(no: int, r: RoundSummary, players: int) -> str:
    if r.special == "redeal":
        return f"round {no}: 5 Shi, redealt (no score)"
    if not r.finished:
        return f"round {no}: unfinished"
    assert r.team is not None
    who = (f"team {r.team} (seats {r.team}/{r.team + 2})" if players == 4
           else f"seat {r.team}")
    text = f"round {no}: {who} scores {r.points}"
    if r.doubled:
        text += " (doubled)"
    if r.special is not None:
        text += f" [{r.special}]"
    return text


def replay_main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m goita_core replay",
        description="Replay a Goita record (ごいたオンライン YAML kifu or native JSON) and "
                    "print the score of every round.")
    parser.add_argument("file", help="the record to replay ('-' for stdin)")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object: {rounds: [...], scores: [...]}")
    parser.add_argument("--ou-rule", choices=("server", "strict"), default="server",
                        help="YAML kifu only: 'server' (default) lets a face-down Ou unlock "
                             "an Ou attack as the old server did; 'strict' is RULES.md's rule")
    args = parser.parse_args(argv)
    try:
        return _replay(args.file, args.json, args.ou_rule)
    except Exception as exc:  # never a traceback for the user  # pragma: no cover
        print(f"error: internal error while replaying {args.file}: "
              f"{type(exc).__name__}: {exc}".replace("\n", " "), file=sys.stderr)
        return 2


def _replay(path: str, as_json: bool, ou_rule: str) -> int:
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_RECORD_BYTES + 1)
        else:
            with open(path, "rb") as fh:
                data = fh.read(MAX_RECORD_BYTES + 1)  # a larger record is refused below
    except OSError as exc:
        print(f"error: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    try:
        record = load_record(data)
        if isinstance(record, Kifu):
            rules = YAML_RULES if ou_rule == "server" else RuleSet()
            report: ReplayReport = replay_kifu(record, rules)
            players = 4
        else:
            report = record.replay_report()
            players = record.rules.players
    except KifuError as exc:
        print(f"error: {path}: malformed record: {exc}".replace("\n", " "), file=sys.stderr)
        return 2
    except ReplayError as exc:
        print(f"error: {path}: illegal record: {exc}".replace("\n", " "), file=sys.stderr)
        return 2
    except GoitaError as exc:
        print(f"error: {path}: {exc}".replace("\n", " "), file=sys.stderr)
        return 2
    for warning in report.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    if as_json:
        print(json.dumps(report.to_json(), ensure_ascii=False))
        return 0
    for no, r in enumerate(report.rounds, 1):
        print(_describe(no, r, players))
    print("final scores: " + " - ".join(str(s) for s in report.scores))
    return 0
