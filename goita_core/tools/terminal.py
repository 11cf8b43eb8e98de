"""``python -m goita_core play``: a full match in the terminal. You sit in seat 0 with a
computer partner (seat 2) against two computer players (seats 1 and 3).

Bad input is asked again; end of input (Ctrl-D) or ``q`` ends the game cleanly."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any, TextIO

from .. import narration
from ..actions import PASS, PLAY_ON, REDEAL, Action, Play
from ..events import Event
from ..match import Match
from ..pieces import KANJI, Kind
from ..players import LEVELS, Player, make_player
from ..round import unpack
from ..rules import RuleSet
from ..view import SeatView

HUMAN = 0
NAMES = ("You", "Right (CPU)", "Partner (CPU)", "Left (CPU)")
HIDDEN = "■"


class _Quit(Exception):
    """The player ended the game (end of input or q)."""


def piece(k: Kind | int) -> str:
    kind = Kind(k)
    return f"{KANJI[kind]}({kind.romaji})"


def describe(action: Action, leading: bool) -> str:
    if action is PASS:
        return "pass"
    if action is PLAY_ON:
        return "play on"
    if action is REDEAL:
        return "redeal"
    assert isinstance(action, Play)
    if leading:
        return f"lead {piece(action.first)} face down, attack with {piece(action.second)}"
    return f"block with {piece(action.first)}, attack with {piece(action.second)}"


def _verb(seat: int, verb: str) -> str:
    """"You pass" but "Left (CPU) passes"."""
    if seat == HUMAN:
        return f"{NAMES[seat]} {verb}"
    return f"{NAMES[seat]} {verb}es" if verb.endswith("s") else f"{NAMES[seat]} {verb}s"


_KIND_OF_KANJI = {kanji: Kind(i) for i, kanji in enumerate(KANJI)}


def _pc(kanji: str) -> str:
    """A piece of a narration line (a kanji) as the terminal writes it."""
    return piece(_KIND_OF_KANJI[kanji])


def _attacks(seat: int) -> str:
    return "attack" if seat == HUMAN else "attacks"


def _led(p: dict[str, Any]) -> str:
    down = _pc(p["face_down"]) if "face_down" in p else HIDDEN
    return (f"{_verb(p['seat'], 'lead')} {down} face down and {_attacks(p['seat'])} with "
            f"{_pc(p['attack'])}")


def _round_won(p: dict[str, Any]) -> str:
    team = "Your team" if p["team"] == 0 else "The opponents"
    how = f" with {_pc(p['last'])}" if p["last"] is not None else ""
    extra = " (doubled!)" if p["doubled"] else ""
    special = f" by {p['special']}" if p["special"] else ""
    return f"{_verb(p['seat'], 'win')} the round{special}{how}{extra}: {team} +{p['points']}"


def _match_won(p: dict[str, Any]) -> str:
    team = "Your team wins" if p["team"] == 0 else "The opponents win"
    return f"{team} the match, {p['scores'][0]} to {p['scores'][1]}"


#: the terminal's English text for each narration key (goita_core.narration)
TEXTS: dict[str, Callable[[dict[str, Any]], str]] = {
    "log.led": _led,
    "log.blocked": lambda p: (f"{_verb(p['seat'], 'block')} {_pc(p['answered'])} with "
                              f"{_pc(p['block'])} and {_attacks(p['seat'])} with "
                              f"{_pc(p['attack'])}"),
    "log.passed": lambda p: _verb(p["seat"], "pass"),
    "log.lead_again": lambda p: f"Everyone passed: {p['name']} leads again",
    "log.shi": lambda p: f"{p['name']} declares {p['count']} Shi (し)",
    "log.goshi_wait": lambda p: f"{p['name']} must choose: play on or redeal",
    "log.goshi_decided": lambda p: (f"{_verb(p['seat'], 'choose')} to "
                                    f"{'play on' if p['play_on'] else 'redeal'}"),
    "log.redeal": lambda p: "The round is void: the same dealer deals again",
    "log.round_won": _round_won,
    "log.match_won": _match_won,
}


def narrate(event: Event) -> str | None:
    """A line for what happened, as seat 0 may know it (face-down leads of others hidden)."""
    line = narration.narrate(event, NAMES, reveal=getattr(event, "seat", None) == HUMAN)
    if line is None:
        return None
    key, params = line
    return TEXTS[key](params)


def table_text(view: SeatView) -> str:
    lines = [f"--- round {view.round_no}, dealer {NAMES[view.dealer]}; scores: you+partner "
             f"{view.scores[0] if view.scores else 0}, opponents "
             f"{view.scores[1] if len(view.scores) > 1 else 0} ---"]
    for seat in range(view.rules.players):
        pieces = []
        for p in view.played[seat]:
            text = HIDDEN if p.kind is None else KANJI[p.kind]
            pieces.append(f"[{text}]" if p.face_down and p.kind is not None else text)
        laid = " ".join(pieces) or "-"
        lines.append(f"  {NAMES[seat]:<14} {view.hand_sizes[seat]} in hand   played: {laid}")
    if view.attack is not None and not view.must_lead and view.attacker is not None:
        lines.append(f"  attack to answer: {piece(view.attack)} by {NAMES[view.attacker]}")
    lines.append("  your hand: " + " ".join(piece(k) for k in view.hand))
    return "\n".join(lines)


class TerminalGame:
    def __init__(self, level: str, seed: int | None, stdin: TextIO, stdout: TextIO,
                 rules: RuleSet | None = None) -> None:
        self.match = Match(rules, seed=seed)
        base = self.match.seed
        self.cpus: dict[int, Player] = {s: make_player(level, base * 4 + s)
                                        for s in (1, 2, 3)}
        self.stdin = stdin
        self.stdout = stdout

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def ask(self, prompt: str) -> str:
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            raise _Quit
        text = line.strip()
        if text.lower() in ("q", "quit", "exit"):
            raise _Quit
        return text

    def choose(self, view: SeatView) -> Action:
        self.say(table_text(view))
        if view.legal == (PASS,):
            self.say("You have nothing to block with.")
            return PASS
        if len(view.legal) == 1:
            self.say(f"Your only move: {describe(view.legal[0], view.must_lead)}.")
            return view.legal[0]
        if PLAY_ON in view.legal:
            self.say("Your partner holds five Shi. Play this round on, or redeal?")
        elif view.must_lead:
            self.say("You lead: one piece face down, one to attack with.")
        for i, action in enumerate(view.legal, 1):
            self.say(f"  {i:>2}. {describe(action, view.must_lead)}")
        while True:
            text = self.ask(f"your move [1-{len(view.legal)}, q to quit]: ")
            if text.isdigit() and 1 <= int(text) <= len(view.legal):
                return view.legal[int(text) - 1]
            self.say(f"Please type a number from 1 to {len(view.legal)} (or q to quit).")

    def emit(self, events: list[Event]) -> None:
        for event in events:
            line = narrate(event)
            if line:
                self.say(line)

    def reveal(self) -> None:
        rnd = self.match.round
        if not rnd.history:
            return
        self.say("Face-down pieces revealed:")
        view = rnd.view(HUMAN)  # the round is over: every face-down piece is shown
        for seat in range(rnd.n):
            laid = " ".join(f"[{KANJI[p.kind]}]" if p.face_down and p.kind is not None
                            else KANJI[p.kind] if p.kind is not None else HIDDEN
                            for p in view.played[seat])
            dealt = "".join(KANJI[k] for k in unpack(rnd.initial_hands[seat]))
            self.say(f"  {NAMES[seat]:<14} dealt {dealt}   played {laid or '-'}")

    def run(self) -> int:
        match = self.match
        self.say(f"Goita: you and your partner (seat 2) against two computer players. "
                 f"First to {match.target} wins.")
        self.emit(match.round.opening_events())
        while True:
            if match.over:
                self.reveal()
                self.say("Thanks for playing!")
                return 0
            if match.round.over:
                self.reveal()
                for seat, cpu in self.cpus.items():  # every hand is shown now
                    tell = getattr(cpu, "round_end", None)
                    if tell is not None:
                        tell(match.round, seat, match.round_no)
                self.ask("press Enter for the next round ")
                self.emit(match.next_round())
                continue
            for seat in match.round.to_act():
                view = match.view(seat)
                action = self.choose(view) if seat == HUMAN else self.cpus[seat].act(view)
                # narrated from the events: others' face-down pieces stay hidden
                self.emit(match.apply(seat, action))
                if match.round.over:
                    break


def play_main(argv: list[str] | None = None, stdin: TextIO | None = None,
              stdout: TextIO | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m goita_core play",
                                     description="Play a match of Goita in the terminal.")
    parser.add_argument("--level", choices=LEVELS, default="normal",
                        help="strength of the three computer players (default normal)")
    parser.add_argument("--seed", type=int, default=None, help="reproduce a match")
    parser.add_argument("--target", type=int, default=150, help="points to win (50..1000)")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if not 50 <= args.target <= 1000:
        parser.error("--target must be between 50 and 1000")
    out = stdout or sys.stdout
    game = TerminalGame(args.level, args.seed, stdin or sys.stdin, out,
                        RuleSet(target=args.target))
    try:
        return game.run()
    except (_Quit, KeyboardInterrupt):
        out.write("\nGame ended.\n")
        out.flush()
        return 0
