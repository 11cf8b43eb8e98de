"""Computer seats: the CPU levels, the operator's external engines, and how a computer
decides for a seat (a CPU seat, or a human who timed out or is away).

CPU moves are seeded from (table seed, match, round, move count, seat), so a replayed game
makes the same moves (except "hard", which has a time budget). An "engine" seat runs the
operator's command (``settings.external_engines``) as one process per seat through
:class:`goita_core.tools.protocol.EnginePlayer` (``time_ms`` = ``hard_cpu_budget_ms``; a
failing engine is replaced move by move by a safe legal move); the processes stop when the
table closes or at ``stop_driver()``.
"""

from __future__ import annotations

import asyncio
import logging
import random
import shlex
from collections.abc import Callable
from typing import Protocol

from goita_core.actions import Action
from goita_core.tools.protocol import EnginePlayer
from goita_core.view import SeatView

from ..table import CPU_LEVELS, Table
from .kernel import TableKernel

log = logging.getLogger(__name__)


class Player(Protocol):
    def act(self, view: SeatView) -> Action: ...


#: (level, seed, budget_ms) -> a computer player; level is easy/normal/hard or an engine name
PlayerFactory = Callable[[str, int, int], Player]


class RandomPlayer:
    """The last resort when a computer player fails: a uniformly random legal move."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, view: SeatView) -> Action:
        return random.Random(self.seed).choice(view.legal)


_ENGINES_WARNED: set[str] = set()


def default_player_factory(level: str, seed: int, budget_ms: int) -> Player:
    from goita_core.players import make_player

    if level not in CPU_LEVELS:
        # an engine seat whose engine the operator removed from EXTERNAL_ENGINES (after a
        # restart): it plays as a normal CPU (the board still shows the engine's name)
        if level not in _ENGINES_WARNED:
            _ENGINES_WARNED.add(level)
            log.warning("engine %r is not in EXTERNAL_ENGINES; it plays as a normal CPU",
                        level)
        level = "normal"
    return make_player(level, seed, budget_ms)


def cpu_seed(table: Table, round_no: int, move_count: int, seat: int) -> int:
    """The seed of one CPU decision: the same game position gives the same move."""
    key = f"{table.seed}:{table.match_no}:{round_no}:{move_count}:{seat}"
    return random.Random(key).getrandbits(63)


class ComputerRoom(TableKernel):
    """Computer decisions and the engine processes behind engine seats."""

    #: the cap on engine processes was reported (once per process)
    _engine_cap_told = False

    async def _think(self, table: Table, seat: int, level: str) -> Action:
        """A computer decision for ``seat``, computed off the event loop."""
        match = table.match
        assert match is not None
        view = match.view(seat)
        seed = cpu_seed(table, match.round_no, match.round.move_count, seat)
        budget = self.settings.hard_cpu_budget_ms
        occupant = table.seat(seat)
        player: Player | None = None
        if occupant.kind == "engine" and level == occupant.level:
            player = self._engine_for(table, seat, level)
        # the protocol's round_end information for rounds the engine has not been told
        # about, sent from the same thread as its next decision so the two never interleave
        told = self._engine_told.get((table.id, seat), match.round_no - 1)
        ended = [(no, match.rounds[no - 1]) for no in range(told + 1, match.round_no)]
        if isinstance(player, EnginePlayer):
            self._engine_told[(table.id, seat)] = match.round_no - 1
        scores = tuple(match.scores)
        # a built-in player is made for each decision: it hears of every ended round of
        # the match (what the hard player remembers of the other seats)
        match_rounds = list(enumerate(match.rounds[:match.round_no - 1], 1))

        def decide() -> Action:
            if isinstance(player, EnginePlayer):
                for no, rnd in ended:
                    player.round_end(rnd, seat, no, scores)
            chosen = player or self.player_factory(level, seed, budget)
            tell = getattr(chosen, "round_end", None)
            if player is None and tell is not None:
                for no, rnd in match_rounds:
                    tell(rnd, seat, no)
            return chosen.act(view)

        try:
            action = await asyncio.to_thread(decide)
        except Exception:
            log.exception("CPU %r failed at table %d seat %d; moving at random",
                          level, table.id, seat)
            action = RandomPlayer(seed).act(view)
        if action not in view.legal:
            log.error("CPU %r chose illegal %r at table %d; moving at random",
                      level, action, table.id)
            action = RandomPlayer(seed).act(view)
        return action

    def _engine_for(self, table: Table, seat: int, name: str) -> Player | None:
        """The seat's external engine process (started on its first move; one process per
        seat for the table's life), or None if the operator no longer allows that engine."""
        key = (table.id, seat)
        engine = self._engines.get(key)
        if engine is not None:
            return engine
        if name not in self.settings.external_engines:
            return None  # the player factory plays it as a normal CPU
        if len(self._engines) >= self.settings.max_engines_total:
            # seated before the cap was lowered (a restart): no process beyond the cap
            if not self._engine_cap_told:
                self._engine_cap_told = True
                log.warning("MAX_ENGINES_TOTAL (%d) engine processes run: further engine "
                            "seats play as a normal CPU", self.settings.max_engines_total)
            return None

        def incident(text: str) -> None:
            log.warning("table %d: %s", table.id, text)

        engine = EnginePlayer(shlex.split(self.settings.external_engines[name]), seat,
                              time_ms=self.settings.hard_cpu_budget_ms, rules=table.rules,
                              on_incident=incident, pass_env=self.settings.engine_pass_env)
        self._engines[key] = engine
        # a process started mid-match (e.g. after a restart) hears only of later rounds
        assert table.match is not None
        self._engine_told[key] = table.match.round_no - 1
        return engine

    async def _close_engines(self, table_id: int | None = None) -> None:
        """Stop the engine processes of a closed table (all of them with None)."""
        keys = [k for k in self._engines if table_id is None or k[0] == table_id]
        for key in keys:
            engine = self._engines.pop(key)
            self._engine_told.pop(key, None)
            try:
                await asyncio.to_thread(engine.close)
            except Exception:
                log.exception("could not stop the engine of table %d seat %d", *key)

    async def _after_close(self, table: Table) -> None:
        await self._close_engines(table.id)
        await super()._after_close(table)
