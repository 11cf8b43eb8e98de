"""``python -m goita_core.tools.engine --level hard``: one of our players as an engine speaking the
engine protocol (docs/ENGINE_PROTOCOL.md) on stdin/stdout. Logs go to stderr.

It survives any input: a line longer than ``MAX_LINE`` characters, text that is not JSON or
too deep, or a message it cannot read gets an ``{"ok": false}`` answer, and a position its
player cannot judge gets the first legal action."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from ..actions import Action
from ..players import LEVELS, make_player
from ..rules import RuleSet
from .protocol import PROTOCOL_VERSION, round_from_end_message, view_from_message

#: kept from the announced time_ms for reading, answering and the host's pipe
MARGIN_MS = 25
#: the longest message line read (a real message is a few KB)
MAX_LINE = 1024 * 1024


def _lines(stdin: TextIO) -> Iterator[str | None]:
    """The lines of ``stdin``, each read in bounded memory; None for a line too long."""
    while line := stdin.readline(MAX_LINE + 1):
        if len(line) > MAX_LINE and not line.endswith("\n"):
            while (rest := stdin.readline(MAX_LINE)) and not rest.endswith("\n"):
                pass
            yield None
        else:
            yield line


def _read(line: str) -> dict[str, Any] | str:
    """A message, or why it cannot be one."""
    try:
        msg = json.loads(line)
    except RecursionError:
        return "not JSON: nested too deeply"
    except ValueError as exc:
        return f"not JSON: {str(exc)[:80]}"
    return msg if isinstance(msg, dict) else "a message is a JSON object"


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
    seat: int | None = None  # ours, as the last act or goshi message said
    name = f"goita-discord {level}"

    def answer(obj: dict[str, Any]) -> None:
        stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
        stdout.flush()

    for line in _lines(stdin):
        if line is None:
            answer({"ok": False, "error": f"line longer than {MAX_LINE} characters"})
            continue
        if not line.strip():
            continue
        msg = _read(line)
        if isinstance(msg, str):
            answer({"ok": False, "error": msg})
            continue
        kind = msg.get("type")
        if kind == "hello":
            if msg.get("protocol", PROTOCOL_VERSION) != PROTOCOL_VERSION:
                print(f"engine: protocol {str(msg.get('protocol'))[:20]} requested, speaking "
                      f"{PROTOCOL_VERSION}", file=log)
            rules = _rules_from(msg.get("options"))
            answer({"ok": True, "name": name})
        elif kind in ("act", "goshi"):
            try:
                view = view_from_message(msg, rules)
            except Exception as exc:  # any message it cannot read: say so, go on
                answer({"ok": False, "error": f"cannot read {kind}: {str(exc)[:200]}"})
                continue
            seat = view.seat
            time_ms = msg.get("time_ms")
            if isinstance(time_ms, int) and hasattr(player, "budget_ms"):
                player.budget_ms = max(1, min(budget_ms, time_ms - MARGIN_MS))
            try:
                action: Action = player.act(view)
            except Exception as exc:  # an inconsistent position: any legal action will do
                print(f"engine: cannot judge this position ({exc!s:.200}); playing the first "
                      "legal action", file=log)
                action = view.legal[0]
            answer(action.to_json())  # type: ignore[attr-defined]
        elif kind == "bye":
            answer({"ok": True})
            return 0
        else:
            # round_end and anything unknown: acknowledged (information only); an ended
            # round is told to a player that remembers them (``remember``)
            tell = getattr(player, "round_end", None)
            if kind == "round_end" and tell is not None and seat is not None \
                    and msg.get("history"):
                try:
                    tell(round_from_end_message(msg, rules), seat,
                         msg["round"] if isinstance(msg.get("round"), int) else 0)
                except Exception as exc:  # information only: the engine goes on
                    print(f"engine: cannot read round_end ({exc!s:.200})", file=log)
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
    sys.stdin.reconfigure(encoding="utf-8", errors="replace")  # type: ignore[union-attr]
    sys.stdout.reconfigure(encoding="utf-8", line_buffering=True)  # type: ignore[union-attr]
    return serve(args.level, args.seed, args.budget_ms, sys.stdin, sys.stdout, sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
