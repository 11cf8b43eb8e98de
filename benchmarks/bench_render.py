"""Board picture cost over the positions of real matches (prints figures; no assertions).

    .venv/bin/python -m benchmarks.bench_render [--json] [--positions N]

Every record in tests/goita_core/fixtures/okifu is replayed through goita_core.kifu; after
each action the public board of that position is built and drawn to PNG, 800 px wide,
without the picture cache (the plate and sprite caches work as in the bot). Times are the
CPU time of the drawing thread, so that other work on a shared machine does not count; the
wall-clock times are printed beside them. ``--positions`` samples that many positions
evenly (default 2000); 0 takes all. With ``--json`` it prints one object:
{"p50_ms", "p99_ms", "png_bytes_max"} (CPU time).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from bot.pictures import board_scene
from bot.pictures.board import render_board
from tests.bot.pictures.kit import OKIFU, okifu_positions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--positions", type=int, default=2000,
                        help="positions to draw, sampled evenly (0: all)")
    args = parser.parse_args()
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
