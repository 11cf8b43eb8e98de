"""Typed errors. Every refused action raises a subclass of :class:`IllegalAction` that names
the rule it broke; the state is left exactly as it was."""

from __future__ import annotations


class GoitaError(Exception):
    """Base of every error the rules core raises on purpose."""

    #: a stable machine-readable code (used by the bot's message catalog and the CLI)
    rule: str = "goita"


class InvalidDeal(GoitaError):
    """Hands that are not a deal of the game's set (wrong counts or sizes)."""

    rule = "invalid_deal"


class IllegalAction(GoitaError):
    """An action the rules do not allow now."""

    rule = "illegal"


class RoundOver(IllegalAction):
    rule = "round_over"


class MatchOver(IllegalAction):
    rule = "match_over"


class NotYourTurn(IllegalAction):
    rule = "not_your_turn"


class DecisionPending(IllegalAction):
    """Play cannot start while a 5-Shi partner has not chosen play on or redeal."""

    rule = "decision_pending"


class NoDecisionExpected(IllegalAction):
    rule = "no_decision_expected"


class PieceNotInHand(IllegalAction):
    rule = "piece_not_in_hand"


class MustLead(IllegalAction):
    """Passing is not possible when leading (the dealer's first play, or after three passes)."""

    rule = "must_lead"


class BlockMismatch(IllegalAction):
    """A block must be the same kind as the attack (or an Ou)."""

    rule = "block_mismatch"


class OuCannotBlock(IllegalAction):
    """Ou blocks anything except Gon (香) and Shi (し)."""

    rule = "ou_cannot_block"


class OuAttackNotAllowed(IllegalAction):
    """Ou may attack only when the other Ou was played face up, the player holds both, or
    it is the last piece (RULES.md, "Ou restrictions")."""

    rule = "ou_attack_not_allowed"


class MalformedAction(IllegalAction):
    rule = "malformed_action"
