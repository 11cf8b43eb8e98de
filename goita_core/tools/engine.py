"""``python -m goita_core.tools.engine --level hard``: one of our players as an engine speaking the
engine protocol (docs/ENGINE_PROTOCOL.md) on stdin/stdout. Logs go to stderr."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from ..actions import Action
from ..players import LEVELS, make_player
from ..rules import RuleSet
from .protocol import PROTOCOL_VERSION, ProtocolError, view_from_message

#: kept from the announced time_ms for reading, answering and the host's pipe
MARGIN_MS = 25


def _rules_from(options: object) -> RuleSet:
    if isinstance(options, dict) and isinstance(options.get("rules"), dict):
        try:
            return RuleSet.from_json(options["rules"])
        except (TypeError, ValueError):
            pass
    return RuleSet()


def serve(level: str, seed: int | None, budget_ms: int, stdin: TextIO, stdout: TextIO,
          log: TextIO) -> int:
    """Answer every line of ``stdin`` with one line on ``stdout`` until ``bye`` or EOF."""
    player = make_player(level, seed, budget_ms)
    rules = RuleSet()
    name = f"goita-discord {level}"

    def answer(obj: dict[str, Any]) -> None:
        stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
        stdout.flush()

    for line in stdin:
        if not line.strip():
            continue
        try:
            msg = json.loads(line)
        except json.JSONDecodeError as exc:
            answer({"ok": False, "error": f"not JSON: {exc}"})
            continue
        if not isinstance(msg, dict):
            answer({"ok": False, "error": "a message is a JSON object"})
            continue
        kind = msg.get("type")
        if kind == "hello":
            if msg.get("protocol", PROTOCOL_VERSION) != PROTOCOL_VERSION:
                print(f"engine: protocol {msg.get('protocol')} requested, speaking "
                      f"{PROTOCOL_VERSION}", file=log)
            rules = _rules_from(msg.get("options"))
            answer({"ok": True, "name": name})
        elif kind in ("act", "goshi"):
            try:
                view = view_from_message(msg, rules)
            except (ProtocolError, ValueError, TypeError, KeyError, IndexError) as exc:
                answer({"ok": False, "error": f"cannot read {kind}: {exc}"})
                continue
            time_ms = msg.get("time_ms")
            if isinstance(time_ms, int) and hasattr(player, "budget_ms"):
                player.budget_ms = max(1, min(budget_ms, time_ms - MARGIN_MS))
            action: Action = player.act(view)
            answer(action.to_json())  # type: ignore[attr-defined]
        elif kind == "bye":
            answer({"ok": True})
            return 0
        else:
            # round_end and anything unknown: acknowledged (information only)
            answer({"ok": True})
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m goita_core.tools.engine",
                                     description="Run a computer player as a protocol engine.")
    parser.add_argument("--level", choices=LEVELS, default="hard")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--budget-ms", type=int, default=200,
                        help="most thinking time per decision (the host's time_ms also caps it)")
    args = parser.parse_args(argv)
    if args.budget_ms < 1:
        parser.error("--budget-ms must be positive")
    # line-buffered UTF-8 regardless of the locale
    sys.stdin.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    sys.stdout.reconfigure(encoding="utf-8", line_buffering=True)  # type: ignore[union-attr]
    return serve(args.level, args.seed, args.budget_ms, sys.stdin, sys.stdout, sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
