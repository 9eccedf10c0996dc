"""Play the real game in a real window (under Xvfb, say) with a pad, a keyboard or fingers
alone.

The game starts as ``hanjie`` does; a second thread posts into its event queue what a game
controller (``--device pad``), a keyboard (``--device keyboard``) or a touch screen
(``--device touch``) would send, the way SDL delivers them, and takes screenshots of the
whole display with ImageMagick's ``import`` as it goes. The pad walks the menu to level
select, opens a pack (``--pack``, the 15x15 one unless told) and plays its first puzzle to
the win, painting each run with A held while the d-pad moves (half way, a flick of the right
stick turns trial mode on for a screenshot and off again); the keyboard does the same
with the arrows, Enter and Z held; the fingers play the same puzzle from its file in an
upright 800x1280 window, tapping and dragging.

    Xvfb :9 -screen 0 1280x800x24 &
    DISPLAY=:9 HANJIE_HOME=$(mktemp -d) python tools/xvfb_drive.py --device pad --out /tmp/pad
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import pygame  # noqa: E402

from game.commands.play import open_start_scenes, open_window  # noqa: E402
from game.core.store.progress import ProgressStore  # noqa: E402
from game.resources import levels_dir  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.input import synthetic as fake  # noqa: E402
from game.ui.scenes.levels.select import LevelSelectScene  # noqa: E402
from game.ui.scenes.play.scene import PlayScene  # noqa: E402
from game.ui.widgets.dialog import DialogScene  # noqa: E402

PAUSE = 0.06  # seconds between posted events: the game draws between them


# The controls a pad and a keyboard walk the game with: (pad button, key).
CONTROLS = {
    "up": ("dpup", "up"),
    "down": ("dpdown", "down"),
    "left": ("dpleft", "left"),
    "right": ("dpright", "right"),
    "confirm": ("a", "return"),
    "back": ("b", "escape"),
    "fill": ("a", "z"),
}


class Driver:
    def __init__(self, app: App, out: Path, device: str = "pad", pack: str = "03-fifteen") -> None:
        self.app = app
        self.out = out
        self.device = device
        self.pack = pack
        self.shots: list[Path] = []
        self.result = "not finished"

    def press(
        self, control: str, *, down: bool = True, up: bool = True
    ) -> list[pygame.event.Event]:
        """The events of ``control`` on the device driven (a pad's button or a key)."""
        button, key = CONTROLS[control]
        if self.device == "pad":
            return fake.pad(button, down=down, up=up)
        return fake.key(key, down=down, up=up)

    def post(self, events: list[pygame.event.Event], wait: float = PAUSE) -> None:
        for event in events:
            pygame.event.post(event)
            time.sleep(wait)

    def shot(self, name: str) -> None:
        time.sleep(0.4)
        path = self.out / f"{name}.png"
        subprocess.run(["import", "-window", "root", str(path)], check=True)
        self.shots.append(path)

    def until(self, test: object, seconds: float = 10.0) -> None:
        end = time.monotonic() + seconds
        while not test() and time.monotonic() < end:  # type: ignore[operator]
            time.sleep(0.05)

    def close_dialog(self) -> None:
        if isinstance(self.app.top, DialogScene):
            self.post(self.press("back"))
            time.sleep(0.3)

    # --- a pad or the keyboard ----------------------------------------------------------

    def by_buttons(self) -> None:
        app, name = self.app, self.device
        self.until(lambda: app.top is not None)
        time.sleep(0.5)
        self.shot(f"0-offer-{name}")
        self.close_dialog()  # the first lesson's offer: B (Esc) says not now
        self.post(self.press("down"))  # the device's prompts appear
        self.post(self.press("up"))
        self.shot(f"1-menu-{name}")
        self.post(self.press("confirm"))
        self.until(lambda: isinstance(app.top, LevelSelectScene))
        select = app.top
        assert isinstance(select, LevelSelectScene)
        self.post(self.press("right"))  # shows the selection
        for _ in range(10):  # left along the row, then into the pack list
            if select.ui.focus == "packs":
                break
            self.post(self.press("left"), wait=0.15)
        while select.pack is None or select.pack.directory.name != self.pack:
            self.post(self.press("down"), wait=0.15)
        self.post(self.press("confirm"))  # into the cards
        self.shot(f"2-select-{name}")
        self.post(self.press("confirm"), wait=0.5)
        self.until(lambda: isinstance(app.top, PlayScene))
        scene = app.top
        assert isinstance(scene, PlayScene)
        self.paint_by_buttons(scene)
        self.until(lambda: scene.win is not None)
        time.sleep(3.0)
        self.shot(f"4-won-{name}")
        self.result = "won" if scene.win is not None and scene.session.solved else "not won"

    def paint_by_buttons(self, scene: PlayScene) -> None:
        goal = scene.puzzle.goal_array()
        assert goal is not None

        def go_to(x: int, y: int) -> None:
            while scene.cursor != (x, y):
                cx, cy = scene.cursor
                step = ("right" if cx < x else "left") if cx != x else "down" if cy < y else "up"
                self.post(self.press(step), wait=0.03)

        half = scene.puzzle.height // 2
        for y in range(scene.puzzle.height):
            x = 0
            while x < scene.puzzle.width:
                if not goal[y, x]:
                    x += 1
                    continue
                start = x
                while x + 1 < scene.puzzle.width and goal[y, x + 1]:
                    x += 1
                go_to(start, y)
                self.post(self.press("fill", up=False), wait=0.03)
                for _ in range(x - start):
                    self.post(self.press("right"), wait=0.03)
                self.post(self.press("fill", down=False), wait=0.03)
                x += 1
            if y == half:
                self.shot(f"3-playing-{self.device}")
                if self.device == "pad":  # the right stick flicked up: trial mode, and off
                    self.post(fake.pad_flick("up"))
                    self.shot("3-trial-pad")
                    self.post(fake.pad_flick("up"))

    # --- fingers ------------------------------------------------------------------------

    def by_touch(self) -> None:
        app = self.app
        self.until(lambda: isinstance(app.top, PlayScene))
        time.sleep(0.5)
        scene = app.top
        assert isinstance(scene, PlayScene)
        goal = scene.puzzle.goal_array()
        assert goal is not None
        size = app.screen_size

        def at(x: int, y: int) -> tuple[int, int]:
            return scene.layout.cell_box(x, y).centre

        half = scene.puzzle.height // 2
        for y in range(scene.puzzle.height):
            x = 0
            while x < scene.puzzle.width:
                if not goal[y, x]:
                    x += 1
                    continue
                start = x
                while x + 1 < scene.puzzle.width and goal[y, x + 1]:
                    x += 1
                events = [fake.finger("down", 1, at(start, y), size)]
                if x > start:
                    events.append(fake.finger("move", 1, at(x, y), size))
                events.append(fake.finger("up", 1, at(x, y), size))
                self.post(events, wait=0.04)
                x += 1
            if y == half:
                self.shot("1-playing-touch")
        self.until(lambda: scene.win is not None)
        time.sleep(3.0)
        self.shot("2-won-touch")
        self.result = "won" if scene.win is not None and scene.session.solved else "not won"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", choices=("pad", "keyboard", "touch"), default="pad")
    parser.add_argument("--pack", default="03-fifteen", help="the bundled pack to play from")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    home = os.environ.get("HANJIE_HOME")
    if not home:
        print("xvfb_drive: set HANJIE_HOME to an empty folder", file=sys.stderr)
        return 2
    path = None
    if args.device == "touch":
        store = ProgressStore(Path(home))
        store.set_setting("window_size", [800, 1280])
        store.save()
        path = sorted((levels_dir() / args.pack).glob("01-*.non"))[0]
    app = open_window()
    if app is None:
        return 2
    open_start_scenes(app, path)
    driver = Driver(app, args.out, args.device, args.pack)

    def drive() -> None:
        try:
            (driver.by_touch if args.device == "touch" else driver.by_buttons)()
        except Exception as error:  # the window must close whatever happened
            driver.result = f"failed: {error!r}"
        # The game leaves the process when its window closes: say how it went first.
        shots = ", ".join(map(str, driver.shots))
        print(f"{args.device}: {driver.result}; screenshots: {shots}", flush=True)
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    threading.Thread(target=drive, daemon=True).start()
    app.run()
    return 0 if driver.result == "won" else 1


if __name__ == "__main__":
    raise SystemExit(main())
