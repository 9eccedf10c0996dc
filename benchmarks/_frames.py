"""The frame-timing harness the screen benchmarks share (race_fps, replay_fps).

``headless`` must run before pygame is imported: it picks SDL's dummy drivers and a throw-away
profile, so a benchmark never opens a window nor changes the player's settings.
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

    from game.core.puzzle import Puzzle
    from game.ui.app import App
    from game.ui.scene import Scene


def headless(prefix: str) -> None:
    """Dummy video and audio, and a temporary HANJIE_HOME removed at exit."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["HANJIE_HOME"] = tempfile.mkdtemp(prefix=prefix)
    atexit.register(shutil.rmtree, os.environ["HANJIE_HOME"], True)


def frame_parser(doc: str, default_puzzle: Path) -> argparse.ArgumentParser:
    """The arguments every screen benchmark takes: the puzzle, how long, the window size."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("puzzle", nargs="?", default=str(default_puzzle))
    parser.add_argument("--seconds", type=float, default=10.0, help="how long to measure")
    parser.add_argument("--size", default="1280x800", help="window size")
    return parser


def window_size(text: str) -> tuple[int, int]:
    """``1280x800`` as (width, height)."""
    width, height = (int(part) for part in text.lower().split("x"))
    return width, height


def open_puzzle(path: Path, program: str) -> Puzzle | None:
    """The puzzle file read, or None after one line on stderr saying why not."""
    from game.core.formats import read_puzzle

    try:
        return read_puzzle(path)
    except (ValueError, OSError) as error:
        print(f"{program}: {path}: {error}", file=sys.stderr)
        return None


def machine_load() -> float:
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def summary(values: list[float]) -> str:
    """``median …, p99 …, max …`` of times in seconds, shown in milliseconds."""
    ms = [value * 1000 for value in values]
    return (
        f"median {statistics.median(ms):.2f} ms, p99 {percentile(ms, 0.99):.2f} ms, "
        f"max {max(ms):.2f} ms"
    )


@dataclass
class Frames:
    """Paces frames like the game (``clock.tick(60)``, then one ``App.step`` and a flip) and
    keeps each frame's work in wall time and in CPU time, plus the scene's update and draw
    times once :meth:`time_scene` has wrapped them."""

    app: App
    clock: pygame.time.Clock
    work: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    update_times: list[float] = field(default_factory=list)
    draw_times: list[float] = field(default_factory=list)

    def warm_up(self, frames: int) -> None:
        """Untimed frames first: fonts, layout, the first surfaces."""

        for _ in range(frames):
            self.app.step(self.clock.tick(60) / 1000.0)
            self.app.window.flip()

    def time_scene(self, scene: Scene) -> None:
        """Time every later update and draw of ``scene`` (into update_times, draw_times)."""
        timed_update = scene.update
        timed_draw = scene.draw

        def update(dt: float) -> None:
            begin = time.perf_counter()
            timed_update(dt)
            self.update_times.append(time.perf_counter() - begin)

        def draw(surface: pygame.Surface) -> None:
            begin = time.perf_counter()
            timed_draw(surface)
            self.draw_times.append(time.perf_counter() - begin)

        scene.update = update  # type: ignore[method-assign]
        scene.draw = draw  # type: ignore[method-assign]

    def step(self) -> None:
        """One paced, timed frame."""

        dt = self.clock.tick(60) / 1000.0
        frame_start = time.perf_counter()
        cpu_start = time.thread_time()
        self.app.step(dt)
        self.app.window.flip()  # the game's window (a pygame.Window, not set_mode's display)
        self.work.append(time.perf_counter() - frame_start)
        self.cpu.append(time.thread_time() - cpu_start)
