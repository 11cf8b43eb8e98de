"""Board picture cost over the positions of real matches (prints figures; no assertions).

    .venv/bin/python -m benchmarks.bench_render [--json] [--positions N]
    .venv/bin/python -m benchmarks.bench_render --per-move [--matches N] [--json]

Every record in tests/goita_core/fixtures/okifu is replayed through goita_core.kifu; after
each action the public board of that position is built and drawn to PNG, 800 px wide,
without the picture cache (the plate and sprite caches work as in the bot). Times are the
CPU time of the drawing thread, so that other work on a shared machine does not count; the
wall-clock times are printed beside them. ``--positions`` samples that many positions
evenly (default 2000); 0 takes all. With ``--json`` it prints one object:
{"p50_ms", "p99_ms", "png_bytes_max"} (CPU time).

``--per-move``: the extra bot CPU per move with pictures on, as the bot's renderers do it.
Seeded matches of one human (seat 0) and three seats playing random legal moves; after
each move the board is rendered (text, and text + picture) and the human's hand too; a
picture is drawn when its message changes (as the presenter sends it), through the real
picture caches. It prints the render CPU per move with pictures off and on, the extra,
and the bytes uploaded per move. The table-service benchmark (bench_tables) measures the
rest of a step (validate, apply, commit); this is what pictures add to it.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from bot.app.table import Seat, Table
from bot.discord import render
from bot.pictures import board_scene
from bot.pictures.board import render_board
from goita_core.match import Match
from goita_core.rules import RuleSet
from tests.bot.pictures.kit import OKIFU, okifu_positions


def per_move(matches: int) -> dict[str, Any]:
    """Render CPU per move (ms) with pictures off and on, over ``matches`` seeded matches."""
    off: list[float] = []
    on: list[float] = []
    uploaded: list[int] = []
    for seed in range(matches):
        table = Table(id=seed + 1, guild_id=1, channel_id=2, host_id=10, rules=RuleSet(),
                      created_at=0.0)
        table.seats = [Seat("human", "Ann", user_id=10),
                       *(Seat("cpu", "", level="normal") for _ in range(3))]
        match = table.match = Match(table.rules, seed=seed)
        table.status = "playing"
        rng = random.Random(seed)
        hand_key: object = None
        while not match.over:
            if match.round.over:
                match.next_round()
                continue
            seat = match.round.to_act()[0]
            match.apply(seat, rng.choice(match.round.legal_actions(seat)))
            started = time.thread_time()
            render.render_board(table, "en", 60)
            render.render_hand(table, 0, "en")
            middle = time.thread_time()
            board = render.render_board(table, "en", 60, pictures=True)
            hand = render.render_hand(table, 0, "en", pictures=True)
            assert board.picture is not None and hand.picture is not None
            size = len(board.picture.draw())
            if hand.key() != hand_key:  # an unchanged hand is not edited again
                size += len(hand.picture.draw())
                hand_key = hand.key()
            ended = time.thread_time()
            off.append((middle - started) * 1000)
            on.append((ended - middle) * 1000)
            uploaded.append(size)
    extra = [b - a for a, b in zip(off, on, strict=True)]
    return {"moves": len(off), "off_ms_mean": round(statistics.fmean(off), 3),
            "on_ms_mean": round(statistics.fmean(on), 3),
            "extra_ms_mean": round(statistics.fmean(extra), 3),
            "extra_ms_p99": round(statistics.quantiles(extra, n=100)[98], 3),
            "bytes_per_move_mean": int(statistics.fmean(uploaded))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--positions", type=int, default=2000,
                        help="positions to draw, sampled evenly (0: all)")
    parser.add_argument("--per-move", action="store_true",
                        help="the extra render CPU per move of a match with pictures on")
    parser.add_argument("--matches", type=int, default=5, help="matches for --per-move")
    args = parser.parse_args()
    if args.per_move:
        found = per_move(args.matches)
        if args.json:
            print(json.dumps(found))
            return
        print(f"{found['moves']} moves of {args.matches} matches (one human hand)\n"
              f"render CPU per move: {found['off_ms_mean']} ms text only, "
              f"{found['on_ms_mean']} ms with pictures\nextra per move: mean "
              f"{found['extra_ms_mean']} ms, p99 {found['extra_ms_p99']} ms; uploaded "
              f"{found['bytes_per_move_mean']:,} bytes per move")
        return
    scenes = [board_scene(p.view(0), p.names) for p in okifu_positions()]
    total = len(scenes)
    if args.positions and args.positions < total:
        scenes = [scenes[i * total // args.positions] for i in range(args.positions)]
    draw = render_board.__wrapped__  # the drawing itself, past the cache
    draw(scenes[0])  # loads the fonts and draws the sprites and palette once
    cpu, wall, sizes = [], [], []
    for scene in scenes:
        started, started_cpu = time.perf_counter(), time.thread_time()
        size = len(draw(scene))
        cpu.append((time.thread_time() - started_cpu) * 1000)
        wall.append((time.perf_counter() - started) * 1000)
        sizes.append(size)
    cuts, wall_cuts = statistics.quantiles(cpu, n=100), statistics.quantiles(wall, n=100)
    figures = {"p50_ms": round(cuts[49], 2), "p99_ms": round(cuts[98], 2),
               "png_bytes_max": max(sizes)}
    if args.json:
        print(json.dumps(figures))
        return
    print(f"{len(scenes)} of {total} positions from {len(list(OKIFU.glob('*.yaml')))} "
          f"records\nCPU:  p50 {figures['p50_ms']} ms, p99 {figures['p99_ms']} ms, "
          f"max {max(cpu):.2f} ms\nwall: p50 {wall_cuts[49]:.2f} ms, p99 {wall_cuts[98]:.2f} "
          f"ms, max {max(wall):.2f} ms\nPNG:  median {int(statistics.median(sizes)):,} "
          f"bytes, max {figures['png_bytes_max']:,} bytes")


if __name__ == "__main__":
    main()
