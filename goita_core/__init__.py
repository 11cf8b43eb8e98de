"""Goita rules core: pure rules, no I/O. See RULES.md of the project for the rule text."""

from .actions import PASS, PLAY_ON, REDEAL, Action, GoshiDecision, PassAction, Play
from .errors import GoitaError, IllegalAction, InvalidDeal
from .match import Match
from .pieces import Kind, parse_kind, parse_pieces
from .round import Round, RoundResult
from .rules import RuleSet
from .view import PlayedPiece, PublicAction, SeatView

__all__ = [
    "PASS",
    "PLAY_ON",
    "REDEAL",
    "Action",
    "GoitaError",
    "GoshiDecision",
    "IllegalAction",
    "InvalidDeal",
    "Kind",
    "Match",
    "PassAction",
    "Play",
    "PlayedPiece",
    "PublicAction",
    "Round",
    "RoundResult",
    "RuleSet",
    "SeatView",
    "parse_kind",
    "parse_pieces",
]
