"""Frame times of the solver replay at full speed on a search-heavy puzzle.

Runs the real replay scene under SDL's dummy video driver, paced like the game (``clock.tick(60)``
then one frame: events, update — which pulls solver steps for up to ~4 ms —, draw, flip), while
the engine is busy probing and searching. Prints the frame work times (median, p99, max), the
frame rate, how much solver time each frame got and how many steps a second were shown.

    python3 benchmarks/replay_fps.py [PUZZLE] [--seconds 10] [--size 1280x800]

PUZZLE defaults to ``../shared/puzzles/corpus/dom_09-dom.non`` beside the checkout (a 9-Dom
"Domino Logic" puzzle, built to need deep search). Targets: at least 55 FPS, longest frame
under 20 ms. The exit code is 0 when both hold, 1 otherwise.
"""

from __future__ import annotations

import gc
import os
import statistics
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))

from benchmarks._frames import (  # noqa: E402
    Frames,
    frame_parser,
    headless,
    machine_load,
    open_puzzle,
    summary,
    window_size,
)

headless("hanjie-replay-fps-")

DEFAULT_PUZZLE = REPO_ROOT.parent / "shared" / "puzzles" / "corpus" / "dom_09-dom.non"
TARGET_FPS = 55.0
TARGET_LONGEST_MS = 20.0


def main() -> int:
    parser = frame_parser(__doc__, DEFAULT_PUZZLE)
    args = parser.parse_args()

    import pygame

    from game.ui.app import App
    from game.ui.scenes.replay.scene import ReplayScene
    from game.ui.scenes.shared.replay.view import SPEEDS

    path = Path(args.puzzle)
    puzzle = open_puzzle(path, "replay_fps")
    if puzzle is None:
        return 2
    width, height = window_size(args.size)
    app = App(headless=True, size=(width, height))
    scene = ReplayScene(app, puzzle)
    app.push(scene)
    scene.set_speed(len(SPEEDS) - 1)  # "max": as many steps as ~4 ms of solver time allows
    frames = Frames(app, pygame.time.Clock())
    frames.warm_up(30)

    # Where the time goes: the scene's update (solver steps) and draw, and garbage collection.
    frames.time_scene(scene)
    gc_pauses: list[float] = []
    gc_started = [0.0]

    def on_gc(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            gc_started[0] = time.perf_counter()
        else:
            gc_pauses.append(time.perf_counter() - gc_started[0])

    gc.callbacks.append(on_gc)
    load = machine_load()

    solver: list[float] = []
    start_steps = scene.state.counters.steps
    started = time.perf_counter()
    finished_early = False
    while time.perf_counter() - started < args.seconds:
        before_solver = scene.state.counters.solver_seconds
        frames.step()
        solver.append(scene.state.counters.solver_seconds - before_solver)
        if scene.finished:
            finished_early = True
            break
    wall = time.perf_counter() - started
    steps = scene.state.counters.steps - start_steps

    update_times, draw_times = frames.update_times, frames.draw_times
    count = len(frames.work)
    fps = count / wall if wall > 0 else 0.0
    solver_ms = [value * 1000 for value in solver]
    longest = max(frames.work) * 1000
    print(f"puzzle        {path.name} ({puzzle.size_text}), window {width}x{height}")
    print(f"machine       load average {load:.2f} on {os.cpu_count()} cores at the start")
    print(f"frames        {count} in {wall:.2f} s  ->  {fps:.1f} FPS")
    print(f"frame work    {summary(frames.work)}")
    # The same frames in CPU time: what is left once other programs' share of a busy
    # machine is taken out.
    print(f"frame CPU     {summary(frames.cpu)}")
    print(
        f"solver/frame  median {statistics.median(solver_ms):.2f} ms, max {max(solver_ms):.2f} ms"
    )
    print(
        f"update        median {statistics.median(update_times) * 1000:.2f} ms, "
        f"max {max(update_times) * 1000:.2f} ms;  draw median "
        f"{statistics.median(draw_times) * 1000:.2f} ms, max {max(draw_times) * 1000:.2f} ms"
    )
    print(f"gc pauses     {len(gc_pauses)}, longest {max(gc_pauses, default=0.0) * 1000:.2f} ms")
    print(f"steps shown   {steps:,} ({steps / wall:,.0f} a second)")
    counters = scene.state.counters
    print(
        f"engine state  depth {counters.depth} (deepest {counters.max_depth}), "
        f"{counters.guesses:,} guesses, {counters.probes:,} probes"
    )
    if finished_early:
        print("note: the solver finished before the time was up; pick a harder puzzle")
    ok = fps >= TARGET_FPS and longest < TARGET_LONGEST_MS
    print(
        f"{'PASS' if ok else 'FAIL'}: target >= {TARGET_FPS:g} FPS and longest frame "
        f"< {TARGET_LONGEST_MS:g} ms"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
