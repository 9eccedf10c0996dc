"""Level select with many packs installed: the ``select`` scenario of ``frame_time.py``.

The install is :mod:`select_install`'s (the game's packs and 15 generated packs of 30
puzzles, about half solved), or any levels folder given with ``--levels`` (every other
puzzle marked solved). The scenario times, in CPU time of the drawing thread:

- start: ``LevelSelectScene(...)`` made (it lists the packs and reads the open one);
- first frame: the first ``App.step``;
- idle: frames while the other packs are read and the stars of the open pack worked out;
- wheel: mouse-wheel notches down the open pack to its end and back;
- keys: Down through the open pack, End, Home;
- packs: Tab through every pack to the last (and Random), one key a frame, then Shift+Tab
  back: each frame opens a pack;
- rating: a pack with unrated puzzles opened and left until its stars are all worked out.

    python3 benchmarks/frame_time.py --only select [--levels DIR]
    python3 benchmarks/select_frames.py [--levels DIR] [--frames 600] [--paced]

Back to back (the default) the frames leave the pack readers' thread little time; ``--paced``
waits out each frame as the game does, so the packs are read while the player looks.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame
from select_install import Install, build_install

TARGET_MS = 20.0


class Phases:
    """CPU and wall time of every frame, by phase."""

    def __init__(self, paced: bool = False) -> None:
        self.cpu: dict[str, list[float]] = {}
        self.wall: dict[str, list[float]] = {}
        self.paced = paced  # wait out each 60 FPS frame as the game does (readers run then)

    def time(self, phase: str, work: Callable[[], object]) -> None:
        began, began_cpu = time.perf_counter(), time.thread_time()
        work()
        took = time.perf_counter() - began
        self.wall.setdefault(phase, []).append(took * 1000)
        if self.paced:
            time.sleep(max(0.0, 1 / 60 - took))
        self.cpu.setdefault(phase, []).append((time.thread_time() - began_cpu) * 1000)

    def report(self) -> float:
        """Print each phase; the longest CPU frame after the first one."""
        worst = 0.0
        for phase, cpu in self.cpu.items():
            wall = self.wall[phase]
            print(
                f"  {phase:<12} {len(cpu):4} frames  CPU median {statistics.median(cpu):6.2f} "
                f"max {max(cpu):6.2f} ms   wall median {statistics.median(wall):6.2f} "
                f"max {max(wall):6.2f} ms"
            )
            if phase not in ("app", "start", "first frame"):
                worst = max(worst, max(cpu))
        return worst


def key(app: object, code: int, mod: int = 0) -> None:
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=""))  # type: ignore[attr-defined]


def scenario_select(
    frames: int, levels: Path | None = None, paced: bool = False
) -> tuple[float, str]:
    from game.core.store.progress import ProgressStore
    from game.ui.app import App
    from game.ui.scenes.levels.select import LevelSelectScene

    root = Path(tempfile.mkdtemp(prefix="hanjie-select-"))
    if levels is None:
        from game.resources import levels_dir

        install = build_install(root, copy_from=levels_dir())
    else:
        install = build_install(root, packs=0, copy_from=levels)
    os.environ["HANJIE_HOME"] = str(install.home)
    return run(install, frames, App, ProgressStore, LevelSelectScene, paced)


def run(
    install: Install,
    frames: int,
    App: type,
    ProgressStore: type,
    Scene: type,
    paced: bool = False,
) -> tuple[float, str]:
    phases = Phases(paced)
    made: dict[str, object] = {}

    def make_app() -> None:
        made["app"] = App(headless=True, store=ProgressStore(install.home, levels=install.levels))

    phases.time("app", make_app)
    app = made["app"]

    def make_scene() -> None:
        made["scene"] = Scene(app, levels=install.levels)

    phases.time("start", make_scene)
    scene = made["scene"]
    app.push(scene)  # type: ignore[attr-defined]
    step = app.step  # type: ignore[attr-defined]
    phases.time("first frame", lambda: step(1 / 60))
    for _ in range(frames // 4):
        phases.time("idle", lambda: step(1 / 60))
    # The wheel over the cards, down to the end and back up.
    viewport = scene.layout.viewport  # type: ignore[attr-defined]
    app.mouse_pos = viewport.center  # type: ignore[attr-defined]
    for direction in (-1, 1):
        for _ in range(40):
            app.feed(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=direction, flipped=False))  # type: ignore[attr-defined]
            phases.time("wheel", lambda: step(1 / 60))
    for _ in range(len(scene.entries) // max(1, scene.columns) + 2):  # type: ignore[attr-defined]
        key(app, pygame.K_DOWN)
        phases.time("keys", lambda: step(1 / 60))
    for code in (pygame.K_END, pygame.K_HOME):
        key(app, code)
        phases.time("keys", lambda: step(1 / 60))
    rows = scene.row_count  # type: ignore[attr-defined]
    for _ in range(rows):
        key(app, pygame.K_TAB)
        phases.time("packs", lambda: step(1 / 60))
    for _ in range(rows):
        key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
        phases.time("packs", lambda: step(1 / 60))
    # A pack with unrated puzzles, left until its stars are worked out.
    unrated = _pack_with_unrated(scene)
    rated_in = 0
    if unrated is not None:
        scene.select_pack(unrated)  # type: ignore[attr-defined]
        while rated_in < frames * 4:
            rated_in += 1
            phases.time("rating", lambda: step(1 / 60))
            if not scene.kind.rating(app, scene.entries):  # type: ignore[attr-defined]
                break
    worst = phases_report(install, phases, rated_in)
    return worst, ""


def _pack_with_unrated(scene: object) -> int | None:
    """The last pack with puzzles declaring no difficulty (the first is rated by now)."""
    for index, state in reversed(list(enumerate(scene.packs))):  # type: ignore[attr-defined]
        if state.reader is not None and state.reader.wait(5.0):
            entries = state.reader.entries()
            if any(e.puzzle is not None and e.difficulty is None for e in entries):
                return index
    return None


def phases_report(install: Install, phases: Phases, rated_in: int) -> float:
    print(
        f"select: {install.puzzles} puzzles ({install.solved} solved) in "
        f"{install.levels}; the unrated pack rated in {rated_in} frames"
    )
    worst = phases.report()
    print(f"  longest frame after the first: {worst:.2f} ms CPU (target <= {TARGET_MS:.0f} ms)")
    return worst


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--levels", type=Path, default=None, help="a levels folder to use")
    parser.add_argument(
        "--paced", action="store_true", help="frames at 60 FPS as in the game, not back to back"
    )
    args = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"machine load average (1 min): {load:.2f} on {os.cpu_count()} cores; dummy driver")
    worst, _ = scenario_select(args.frames, args.levels, args.paced)
    return 0 if worst <= TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
