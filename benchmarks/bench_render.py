"""Board and hand picture cost over the positions of real matches (prints figures; no
assertions).

    .venv/bin/python -m benchmarks.bench_render [--json] [--positions N]

Every record in tests/goita_core/fixtures/okifu is replayed through goita_core.kifu; after
each action the public board of that position and the hand of the seat to move are built
and drawn to PNG, 800 px wide, without the picture cache (the plate and sprite caches work
as in the bot). Times are the CPU time of the drawing thread, so that other work on a
shared machine does not count; the wall-clock times are printed beside them; "draw" is the
RGB picture, "encode" its conversion to the palette and the PNG. ``--positions`` samples
that many positions evenly (default 2000); 0 takes all. With ``--json`` it prints one
object: {"p50_ms", "p99_ms", "png_bytes_max", "hand_p50_ms", "hand_p99_ms",
"hand_png_bytes_max"} (CPU time of the whole rendering).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.pictures import board as B
from bot.pictures import board_scene, hand_scene
from bot.pictures import hand as H
from tests.bot.pictures.kit import OKIFU, okifu_positions


@dataclass
class Figures:
    """Per picture: CPU of the drawing and of the encoding (ms), wall time, PNG bytes."""

    draw: list[float] = field(default_factory=list)
    encode: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)

    def total(self) -> list[float]:
        return [a + b for a, b in zip(self.draw, self.encode, strict=True)]

    def line(self, name: str) -> str:
        def q(values: list[float]) -> str:
            cuts = statistics.quantiles(values, n=100)
            return f"p50 {cuts[49]:.2f} p99 {cuts[98]:.2f}"
        return (f"{name}: CPU {q(self.total())} ms (draw {q(self.draw)}, encode "
                f"{q(self.encode)}); wall {q(self.wall)} ms; PNG median "
                f"{int(statistics.median(self.sizes)):,} max {max(self.sizes):,} bytes")


def measure(scenes: list[Any], draw: Callable[[Any], Any],
            encode: Callable[[Any, Any], bytes]) -> Figures:
    """Each scene drawn (``draw``) then encoded (``encode(scene, drawn)``), timed apart."""
    encode(scenes[0], draw(scenes[0]))  # loads the fonts and draws the sprites and palette
    figures = Figures()
    for scene in scenes:
        started, started_cpu = time.perf_counter(), time.thread_time()
        drawn = draw(scene)
        between = time.thread_time()
        figures.sizes.append(len(encode(scene, drawn)))
        done = time.thread_time()
        figures.draw.append((between - started_cpu) * 1000)
        figures.encode.append((done - between) * 1000)
        figures.wall.append((time.perf_counter() - started) * 1000)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--positions", type=int, default=2000,
                        help="positions to draw, sampled evenly (0: all)")
    args = parser.parse_args()
    boards, hands = [], []
    for p in okifu_positions():  # the same Round moves on: build the scenes now
        boards.append(board_scene(p.view(0), p.names))
        seat = p.round.turn if p.round.phase == "play" else 0
        hands.append(hand_scene(p.view(seat), name=p.names[seat]))
    total = len(boards)
    if args.positions and args.positions < total:
        picks = [i * total // args.positions for i in range(args.positions)]
        boards, hands = [boards[i] for i in picks], [hands[i] for i in picks]
    # the steps of render_board and render_hand, past their caches
    board = measure(boards, B._draw, lambda s, d: B.D.png(
        d[0], B._palette(), B._indexed_background(len(s.seats)), d[1]))
    hand = measure(hands, H.draw_hand, lambda s, d: H.D.png(d, H._palette()))
    if args.json:
        cuts, hand_cuts = (statistics.quantiles(f.total(), n=100) for f in (board, hand))
        print(json.dumps({
            "p50_ms": round(cuts[49], 2), "p99_ms": round(cuts[98], 2),
            "png_bytes_max": max(board.sizes), "hand_p50_ms": round(hand_cuts[49], 2),
            "hand_p99_ms": round(hand_cuts[98], 2), "hand_png_bytes_max": max(hand.sizes)}))
        return
    print(f"{len(boards)} of {total} positions from {len(list(OKIFU.glob('*.yaml')))} "
          f"records\n{board.line('board')}\n{hand.line('hand')}")


if __name__ == "__main__":
    main()
