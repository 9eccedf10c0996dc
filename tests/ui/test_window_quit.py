"""The game's pygame.Window when SDL's video stops (issue 36 item 8, and the full suite's
segfault that reverted the first migration).

``pygame.display.quit()`` and ``pygame.quit()`` free every SDL window, yet a
``pygame.Window`` made before kept the freed pointer, its surface the freed pixels: the App's
screen drawn on after the display quit crashed at once (3 of 3), and an old Window collected
later destroyed whichever new window malloc had put at its address, under the new App's
live screen (the suite's ``fill`` segfault, where test fixtures quit the display while
earlier tests' Apps still waited for the garbage collector). Each case runs in a child
process, so a segfault is a failed assertion here and not a dead suite."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT

# How the display is stopped: the game's own end (App.run) and the tests' fixtures.
STOPS = {
    "pygame.quit": "import pygame; pygame.quit()",
    "quit_display": "from game.ui.window import quit_display; quit_display()",
}

AFTER_THE_QUIT = """
import faulthandler; faulthandler.enable()
import pygame
from game.ui.app import App
app = App(headless=True)
app.draw()
{stop}
try:
    app.screen.fill((0, 0, 0))
except pygame.error:
    print("refused")
"""

# Many Apps, the display stopped after each, the old Apps collected only later: the order
# the suite ran them in (fixtures quit the display; an earlier test's App waited for the
# garbage collector). Malloc gave a new SDL window the address of one freed some 19 Apps
# before (measured), so the batches dropped at rounds 15 and 31 hold one. Before the fix
# this crashed in App.draw in 4 runs of 4 with the fixtures' old pygame.display.quit(),
# and 2 of 2 with pygame.quit().
OLD_WINDOWS_COLLECTED_LATER = """
import faulthandler; faulthandler.enable()
import gc
from game.ui.app import App
old = []
for round_ in range(32):
    app = App(headless=True)
    if round_ in (15, 31):
        old.clear()  # every App before this one, collected only now
        gc.collect()
    app.draw()
    app.screen.fill((round_, 0, 0))
    assert tuple(app.screen.get_at((0, 0)))[:3] == (round_, 0, 0)
    old.append(app)
    {stop}
print("drew", round_ + 1)
"""


def run_child(code: str, home: Path) -> subprocess.CompletedProcess[str]:
    environ = {
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "HANJIE_HOME": str(home),
        "PATH": "/usr/bin:/bin",
    }
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO_ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize("stop", list(STOPS))
def test_the_screen_refuses_drawing_once_the_display_quits(stop: str, tmp_path: Path) -> None:
    result = run_child(AFTER_THE_QUIT.format(stop=STOPS[stop]), tmp_path)
    assert (result.returncode, result.stdout.strip()) == (0, "refused"), result.stderr


@pytest.mark.parametrize("stop", list(STOPS))
def test_an_old_window_collected_after_the_display_quit_leaves_the_new_one_alone(
    stop: str, tmp_path: Path
) -> None:
    result = run_child(OLD_WINDOWS_COLLECTED_LATER.format(stop=STOPS[stop]), tmp_path)
    assert (result.returncode, result.stdout.strip()) == (0, "drew 32"), result.stderr


def test_nothing_stops_the_display_under_the_windows() -> None:
    # pygame.display.quit() straight leaves the game's windows' freed pointers behind; it
    # goes through game.ui.window.quit_display, which destroys them first.
    found = [
        f"{path.relative_to(REPO_ROOT)}:{number}"
        for folder in ("game", "tests", "tools", "benchmarks")
        for path in sorted((REPO_ROOT / folder).rglob("*.py"))
        if path.name not in ("window.py", "test_window_quit.py")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "display.quit()" in line
    ]
    assert found == []
