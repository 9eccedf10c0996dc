"""Start-up time: from launching Python to the first drawn frame of the main menu.

Runs a fresh interpreter several times (SDL's dummy video and audio drivers, a fresh
progress folder) and prints the wall time from spawning it to the menu's first frame, plus
the in-process split (imports, App(), first frame). The target is under 1.5 s.

    python3 benchmarks/startup.py [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TARGET_SECONDS = 1.5

CHILD = r"""
import json, time
t0 = time.perf_counter()
from game.ui.app import App
from game.ui.scenes.menu.scene import MenuScene
t1 = time.perf_counter()
app = App()
t2 = time.perf_counter()
app.push(MenuScene(app))
app.step()
# The game draws in a pygame.Window, not a display mode: pygame.display.flip() raised
# "Display mode not set" (issue 49). The window's own flip, as the game loop does it.
app.window.flip()
t3 = time.perf_counter()
print(json.dumps({"imports": t1 - t0, "app": t2 - t1, "first_frame": t3 - t2}), flush=True)
"""


def one_run() -> tuple[float, dict[str, float]]:
    with tempfile.TemporaryDirectory(prefix="hanjie-startup-") as home:
        env = dict(os.environ)
        env.update(
            SDL_VIDEODRIVER="dummy",
            SDL_AUDIODRIVER="dummy",
            PYGAME_HIDE_SUPPORT_PROMPT="1",
            HANJIE_HOME=home,
        )
        start = time.perf_counter()
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD], cwd=REPO, env=env, stdout=subprocess.PIPE, text=True
        )
        assert child.stdout is not None
        line = child.stdout.readline()
        elapsed = time.perf_counter() - start
        child.wait()
    if child.returncode != 0 or not line:
        raise SystemExit(f"the start-up run failed (exit code {child.returncode})")
    return elapsed, json.loads(line)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    totals: list[float] = []
    splits: list[dict[str, float]] = []
    for _ in range(max(1, args.runs)):
        total, split = one_run()
        totals.append(total)
        splits.append(split)
    median = statistics.median(totals)
    print(f"start-up to first menu frame over {len(totals)} runs:")
    print(f"  median {median:.3f} s, worst {max(totals):.3f} s, best {min(totals):.3f} s")
    for name in ("imports", "app", "first_frame"):
        values = [split[name] for split in splits]
        print(f"  {name:<12} median {statistics.median(values) * 1000:.0f} ms")
    verdict = "OK" if median < TARGET_SECONDS else "TOO SLOW"
    print(f"  target < {TARGET_SECONDS} s: {verdict}")
    return 0 if median < TARGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
