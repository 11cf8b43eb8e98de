"""Positions for the picture tests and the render benchmark: real matches (the okifu
records replayed through goita_core.kifu) and seeded 3-player rounds."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from goita_core.actions import Action
from goita_core.kifu import YAML_RULES, ReplayError, parse_kifu_yaml, play_kifu_round
from goita_core.match import Match
from goita_core.pieces import Kind
from goita_core.round import Round
from goita_core.rules import RuleSet
from goita_core.view import SeatView

OKIFU = Path(__file__).resolve().parents[2] / "goita_core" / "fixtures" / "okifu"
NAMES = ("Ann", "CPU 2 (hard)", "田中太郎", "Zoë")
#: a 4-seat deal for hand-made positions: seat 0 leads, seat 1 can answer 馬 with 馬 or 王
DEAL = ("しし香馬銀金角王", "しし香馬銀金角王", "ししし香馬銀金飛", "ししし香馬銀金飛")


class Pasted(NamedTuple):
    """One piece a picture drew (recorded by the ``drawn`` fixture)."""

    kind: Kind | None  # None: a face-down piece's back
    width: int
    revealed: bool
    dim: bool


@dataclass
class Position:
    """A round after some of its actions, with the match's scores and round number."""

    round: Round
    scores: tuple[int, ...]
    round_no: int
    names: tuple[str, ...]

    def view(self, seat: int = 0) -> SeatView:
        return self.round.view(seat, scores=self.scores, round_no=self.round_no)


def okifu_positions(files: int | None = None) -> Iterator[Position]:
    """Every position of the okifu records (the first ``files`` of them): after each deal
    and after each action, with the recorded scores. Rounds with illegal moves (a few
    damaged records) are left out. The same Round object moves on between yields."""
    for path in sorted(OKIFU.glob("*.yaml"))[:files]:
        kifu = parse_kifu_yaml(path.read_bytes())
        names = tuple(kifu.players)
        for no, kept in enumerate(kifu.rounds, 1):
            actions: list[tuple[int, Action]] = []
            try:
                play_kifu_round(YAML_RULES, kept.dealer, kept.hands, kept.game, no, actions)
            except ReplayError:
                continue
            rnd = Round(YAML_RULES, kept.dealer, kept.hands)
            yield Position(rnd, kept.score, no, names)
            for seat, action in actions:
                rnd.apply(seat, action)
                yield Position(rnd, kept.score, no, names)


def okifu_position(file: str, round_no: int, moves: int | None = None,
                   names: tuple[str, ...] = NAMES) -> Position:
    """Round ``round_no`` of okifu record ``file`` after ``moves`` actions (all: None)."""
    kifu = parse_kifu_yaml((OKIFU / file).read_bytes())
    kept = kifu.rounds[round_no - 1]
    actions: list[tuple[int, Action]] = []
    play_kifu_round(YAML_RULES, kept.dealer, kept.hands, kept.game, round_no, actions)
    rnd = Round(YAML_RULES, kept.dealer, kept.hands)
    for seat, action in actions[:moves]:
        rnd.apply(seat, action)
    return Position(rnd, kept.score, round_no, names)


def three_player(seed: int, moves: int, names: tuple[str, ...] = ("Ann", "Bob", "Cy")
                 ) -> Match:
    """A seeded 3-player match after ``moves`` random legal actions (fewer if the first
    round ends)."""
    match = Match(RuleSet(players=3), seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if match.round.over:
            break
        seat = match.round.to_act()[0]
        match.apply(seat, rng.choice(match.round.legal_actions(seat)))
    return match


def readme_picture(path: Path) -> None:
    """docs/board.png: a position of a real match (okifu 000, round 1, after 14 actions)."""
    from bot.pictures import board_scene, render_board

    position = okifu_position("000.yaml", 1, 14, ("Ann", "CPU 2 (hard)", "田中太郎", "Zoë"))
    path.write_bytes(render_board(board_scene(position.view(), position.names)))


if __name__ == "__main__":
    import sys

    readme_picture(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/board.png"))
