"""``python -m goita_core replay|play ...``: the rules core's command line."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    usage = "usage: python -m goita_core {replay,play} ...  (-h after a command for help)"
    if not args or args[0] in ("-h", "--help"):
        print(usage)
        return 0 if args else 2
    command, rest = args[0], args[1:]
    if command == "replay":
        from .tools.cli import replay_main

        return replay_main(rest)
    if command == "play":
        from .tools.terminal import play_main

        return play_main(rest)
    print(f"unknown command {command!r}\n{usage}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
