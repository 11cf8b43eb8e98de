"""External engine seats: the operator's command runs as one process per seat and plays
through the engine protocol; a broken engine is replaced move by move; processes stop with
the table."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

from bot.app.tables import Player, default_player_factory
from goita_core import Action, Round, SeatView
from tests.bot.app.kit import ALICE, Timing, make_rig, play_human_until_over

ENGINE = textwrap.dedent('''
    import json, sys
    log = open(sys.argv[1], "a")
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "act":
            log.write("act\\n"); log.flush()
            answer = msg["legal"][-1]
        elif kind == "goshi":
            answer = {"decision": "play"}
        elif kind == "round_end":
            log.write(f"round_end:{msg['round']}:{msg['points']}\\n"); log.flush()
            answer = {"ok": True}
        else:
            answer = {"ok": True, "name": "test engine"}
        print(json.dumps(answer, ensure_ascii=False), flush=True)
        if kind == "bye":
            log.write("bye\\n"); log.flush()
            break
''')


async def test_an_engine_seat_plays_a_whole_match(tmp_path: Path) -> None:
    script = tmp_path / "engine.py"
    script.write_text(ENGINE, encoding="utf-8")
    moves = tmp_path / "moves.log"
    settings = Timing(external_engines={"tester": f"{sys.executable} {script} {moves}"})
    rig = await make_rig(tmp_path / "g.sqlite3", settings=settings)
    try:
        table = await rig.service.create_table(1, 500, ALICE, target=50)
        await rig.service.add_cpu(table.id, ALICE, "tester")
        await rig.service.add_cpu(table.id, ALICE, "easy")
        await rig.service.add_cpu(table.id, ALICE, "easy")
        await rig.service.start(table.id, ALICE)
        done = await play_human_until_over(rig, table.id, ALICE)
        assert done.status == "finished"
        log = moves.read_text(encoding="utf-8").split()
        engine_moves = [e for e in await rig.store.entries(table.id)
                        if e.kind == "act" and e.seat == 1]
        assert log.count("act") >= len(engine_moves) > 0  # every move came from the engine
        assert log[-1] == "bye"  # the process was told to stop when the table closed
        # the engine heard how each round ended, once, in order, before its next decision
        told = [int(e.split(":")[1]) for e in log if e.startswith("round_end:")]
        assert done.match is not None
        last_asked = max(n for n, rnd in enumerate(done.match.rounds, 1)
                         if any(s == 1 for s, _, _ in rnd.history))
        assert told == list(range(1, last_asked)) and len(told) >= 1
        points = [int(e.split(":")[2]) for e in log if e.startswith("round_end:")]
        assert points == [r.result.points for r in done.match.rounds[: last_asked - 1]
                          if r.result is not None]
        assert rig.service._engines == {}
    finally:
        await rig.service.stop_driver()
        await rig.conn.close()


async def test_a_broken_engine_is_replaced_by_safe_moves(tmp_path: Path) -> None:
    settings = Timing(external_engines={"broken": f"{sys.executable} -c pass"})
    rig = await make_rig(tmp_path / "g.sqlite3", settings=settings)
    try:
        table = await rig.service.create_table(1, 500, ALICE, target=50)
        await rig.service.add_cpu(table.id, ALICE, "broken")
        await rig.service.add_cpu(table.id, ALICE, "easy")
        await rig.service.add_cpu(table.id, ALICE, "easy")
        await rig.service.start(table.id, ALICE)
        done = await play_human_until_over(rig, table.id, ALICE)
        assert done.status == "finished"
        assert any(e.seat == 1 for e in await rig.store.entries(table.id) if e.kind == "act")
    finally:
        await rig.service.stop_driver()
        await rig.conn.close()


class Listening:
    """A computer player that notes, at each decision, the ended rounds it heard of."""

    def __init__(self, inner: Player, heard: list[tuple[int, list[int]]]) -> None:
        self.inner = inner
        self.told: list[int] = []
        self.heard = heard

    def round_end(self, rnd: Round, seat: int, round_no: int) -> None:
        assert rnd.over
        self.told.append(round_no)

    def act(self, view: SeatView) -> Action:
        self.heard.append((view.round_no, self.told))
        return self.inner.act(view)


async def test_a_computer_seat_hears_every_ended_round_of_the_match(tmp_path: Path) -> None:
    heard: list[tuple[int, list[int]]] = []

    def factory(level: str, seed: int, budget_ms: int) -> Player:
        return Listening(default_player_factory(level, seed, budget_ms), heard)

    rig = await make_rig(tmp_path / "g.sqlite3", player_factory=factory)
    try:
        table = await rig.service.create_table(1, 500, ALICE, target=50)
        for _ in range(3):
            await rig.service.add_cpu(table.id, ALICE, "easy")
        await rig.service.start(table.id, ALICE)
        done = await play_human_until_over(rig, table.id, ALICE)
        assert done.status == "finished" and done.match is not None
        assert len(done.match.rounds) >= 2 and heard
        # each decision of round n heard of rounds 1 .. n-1, in order
        assert all(told == list(range(1, no)) for no, told in heard)
        assert max(no for no, _ in heard) >= 2
    finally:
        await rig.service.stop_driver()
        await rig.conn.close()
