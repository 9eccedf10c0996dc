"""Frame time of the play scene at 30x30, mid-game, with a mouse drag in progress.

Runs 600 frames under SDL's dummy video driver. Every frame a motion event moves the drag to
another cell (back and forth along a row, then a column), so the preview changes each frame;
the board is half marked (fills, crosses, trial marks) and the clue greying is on. Prints the
median, 99th percentile and maximum of the frame time, measured two ways: ``update + draw``
of the scene (the target: p99 <= 8 ms) and the whole ``App.step`` (events, update, draw,
toasts).

    python3 benchmarks/frame_time.py [--frames 600] [--size 30] [--puzzle FILE]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np
import pygame

from game.core.board import Cell
from game.core.moves import Paint
from game.core.puzzle import Puzzle

TARGET_P99_MS = 8.0


def generated_puzzle(size: int) -> Puzzle:
    """A blobby picture with plenty of runs per line, like a real 30x30."""
    rng = np.random.default_rng(2024)
    yy, xx = np.mgrid[0:size, 0:size]
    picture = (np.sin(xx / 2.3) + np.cos(yy / 1.7) + rng.normal(0, 0.6, (size, size))) > 0.3
    return Puzzle.from_grid(picture, title=f"Benchmark {size}x{size}")


def mark_half(scene: object, puzzle: Puzzle, seed: int = 7) -> None:
    """Mark about half the board as a player would: right answers, some trial marks."""
    from game.ui.scenes.play import PlayScene

    assert isinstance(scene, PlayScene)
    goal = puzzle.goal_array()
    rng = np.random.default_rng(seed)
    for y in range(puzzle.height):
        for x in range(puzzle.width):
            if rng.random() >= 0.5:
                continue
            filled = bool(goal[y, x]) if goal is not None else rng.random() < 0.5
            state = Cell.FILLED if filled else Cell.CROSSED
            if rng.random() < 0.08:
                state = Cell.TRIAL_FILLED if filled else Cell.TRIAL_CROSSED
            scene.session.apply(Paint(x, y, x, y, state))
    scene._after_change()


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--size", type=int, default=30)
    parser.add_argument("--puzzle", type=Path, help="a puzzle file to use instead")
    args = parser.parse_args()

    os.environ["HANJIE_HOME"] = tempfile.mkdtemp(prefix="hanjie-bench-")
    from game.ui.app import App
    from game.ui.scenes.play import PlayScene

    if args.puzzle is not None:
        from game.core.formats import read_puzzle

        puzzle = read_puzzle(args.puzzle)
    else:
        puzzle = generated_puzzle(args.size)
    app = App(headless=True)
    scene = PlayScene(app, puzzle)
    app.push(scene)
    app.step()
    mark_half(scene, puzzle)
    for _ in range(30):  # warm the caches as a player's first second would
        app.step()

    layout = scene.layout
    start = layout.cell_box(0, puzzle.height // 2).centre
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.step()

    def target(frame: int) -> tuple[int, int]:
        # Sweep along the row and back, then down the column and back.
        span = 2 * (puzzle.width - 1)
        phase = frame % (2 * span)
        offset = phase % span
        reach = offset if offset < puzzle.width else span - offset
        if phase < span:
            return layout.cell_box(reach % puzzle.width, puzzle.height // 2).centre
        return layout.cell_box(0, reach % puzzle.height).centre

    scene_times: list[float] = []
    scene_cpu: list[float] = []
    step_times: list[float] = []
    dt = 1 / 60
    for frame in range(args.frames):
        app.feed(
            pygame.event.Event(pygame.MOUSEMOTION, pos=target(frame), rel=(0, 0), buttons=(1, 0, 0))
        )
        began = time.perf_counter()
        app.step(dt)
        step_times.append(time.perf_counter() - began)
        # The scene's own share, on the same state: update + draw again, timed alone.
        began, began_cpu = time.perf_counter(), time.thread_time()
        scene.update(0.0)
        scene.draw(app.screen)
        scene_times.append(time.perf_counter() - began)
        scene_cpu.append(time.thread_time() - began_cpu)
    assert scene.drag is not None, "the drag should still be in progress"

    def report(name: str, values: list[float]) -> float:
        ms = [value * 1000 for value in values]
        p99 = percentile(ms, 0.99)
        print(
            f"{name:<18} median {statistics.median(ms):6.2f} ms   p99 {p99:6.2f} ms   "
            f"max {max(ms):6.2f} ms"
        )
        return p99

    print(f"play scene {puzzle.size_text}, {args.frames} frames, drag in progress, dummy driver")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"machine load average (1 min): {load:.2f} on {os.cpu_count()} cores")
    p99 = report("update + draw", scene_times)
    report("  (CPU time)", scene_cpu)
    report("whole App.step", step_times)
    # Wall-clock times include any moment the OS gave the core to another process; the CPU
    # time line shows the frame's own cost. On a busy machine compare the two.
    verdict = "OK" if p99 <= TARGET_P99_MS else "TOO SLOW"
    print(f"target p99 <= {TARGET_P99_MS:.0f} ms: {verdict}")
    return 0 if p99 <= TARGET_P99_MS else 1


if __name__ == "__main__":
    sys.exit(main())
