"""Idle CPU and quit time of the real game loop, screen by screen (Linux: reads /proc).

Each screen is opened in a process of its own that runs ``App.run``, the loop that sleeps
between frames, once the screen has nothing left to work out (packs read, stars rated, the
fairness report done); it is then left alone while its CPU time (user + system, from
``/proc/<pid>/stat``) is read over a window. Then the window is "closed": the
process gets SIGUSR1, which posts the same QUIT event closing the window sends (on the
converter, which holds an unsaved puzzle, it answers the "Quit and lose it?" question), and
the time until the process has exited is the quit time. Screens:

- ``menu``: the main menu;
- ``levels``: level select, its packs read;
- ``play``: a 30x30 game with the clock running (a frame a second) and the side panel hidden;
- ``converter``: the converter with a picture converted and its fairness report done.

Targets (issue 17): idle under 3% of a core, quit under 0.3 s. Run it under a real display for
the real figures (under Xvfb: ``DISPLAY=:98 python benchmarks/idle_quit.py``); without one
SDL's dummy driver is used, which leaves out the cost of showing a frame.

    python benchmarks/idle_quit.py [--seconds 20] [--only menu,levels,play,converter]
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCREENS = ("menu", "levels", "play", "converter")
SETTLE_SECONDS = 2.0  # after the screen said it has nothing more to work out

# The program each measured process runs: one screen in the real loop until SIGUSR1.
CHILD = """
import signal, sys, time
import pygame
from game.ui.app import App
from game.ui.scenes.menu.scene import MenuScene
from game.ui.settings import PLAY_PANEL

screen = sys.argv[1]
app = App()
app.push(MenuScene(app, offer_lesson=False))
if screen == "levels":
    from game.ui.scenes.levels.select import LevelSelectScene
    app.push(LevelSelectScene(app))
elif screen == "play":
    from game.core.formats import read_puzzle
    from game.resources import levels_dir
    from game.ui.scenes.play.scene import PlayScene
    app.set_setting(PLAY_PANEL, False)
    path = sorted((levels_dir() / "06-thirty").glob("*.non"))[2]
    app.push(PlayScene(app, read_puzzle(path), path=path))
elif screen == "converter":
    from PIL import Image, ImageDraw
    from game.ui.scenes.converter.scene import ConverterScene
    picture = sys.argv[2]
    image = Image.new("RGB", (300, 300), "white")
    draw = ImageDraw.Draw(image)
    draw.ellipse((40, 40, 260, 260), fill="black")
    draw.rectangle((120, 100, 180, 200), fill="white")
    image.save(picture)
    app.push(ConverterScene(app, picture))
# Settle first: packs read and rated, the fairness report done (each works a slice a frame).
deadline = time.monotonic() + 120
while time.monotonic() < deadline:
    app.pump(1 / 60)
    due = app.wake_in()
    if due is None or due > 0.05:
        break
print("settled", flush=True)
if screen == "converter":
    # Its converted picture is unsaved work: closing asks first, and the answer "Quit" is
    # what the signal gives.
    signal.signal(signal.SIGUSR1, lambda *_: app.request_quit())
else:
    signal.signal(signal.SIGUSR1, lambda *_: pygame.event.post(pygame.event.Event(pygame.QUIT)))
app.run()
"""


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(screen: str, seconds: float, home: Path) -> tuple[float, float]:
    """(share of a core used while idle, seconds from the close to the process's exit)."""
    environ = {**os.environ, "HANJIE_HOME": str(home), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    if not environ.get("DISPLAY") and not environ.get("WAYLAND_DISPLAY"):
        environ["SDL_VIDEODRIVER"] = "dummy"
    environ.setdefault("SDL_AUDIODRIVER", "dummy")
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, screen, str(home / "picture.png")],
        cwd=ROOT,
        env=environ,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        child.stdout.readline()  # "settled"
        time.sleep(SETTLE_SECONDS)
        before = cpu_seconds(child.pid)
        time.sleep(seconds)
        used = cpu_seconds(child.pid) - before
        asked = time.monotonic()
        child.send_signal(signal.SIGUSR1)
        child.wait(timeout=30)
        return used / seconds, time.monotonic() - asked
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="idle window per screen")
    parser.add_argument("--only", default=",".join(SCREENS), help="screens, comma-separated")
    args = parser.parse_args()
    screens = [name for name in args.only.split(",") if name]
    unknown = [name for name in screens if name not in SCREENS]
    if unknown:
        print(f"idle_quit: unknown screen {unknown[0]!r} (one of {', '.join(SCREENS)})")
        return 2
    display = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or "dummy driver"
    print(f"display: {display}, idle window {args.seconds:g} s")
    print(f"{'screen':<10} {'idle CPU':>9} {'quit':>8}")
    with tempfile.TemporaryDirectory(prefix="hanjie-idle-") as folder:
        for screen in screens:
            share, quit_seconds = measure(screen, args.seconds, Path(folder))
            print(f"{screen:<10} {share * 100:8.2f}% {quit_seconds:7.3f}s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
