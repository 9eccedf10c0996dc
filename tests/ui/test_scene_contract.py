"""The scene contract (game/ui/scene.py): arrange, overlays, pop_to, what unused events do,
typed settings, and the level select's background reading and sliced rating."""

from __future__ import annotations

import threading
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.core.formats import format_puzzle
from game.core.puzzle import Puzzle
from game.core.store import pack_reader as level_files
from game.core.store.packs import PuzzleEntry
from game.core.store.progress import ProgressStore
from game.core.store.ratings import Ratings
from game.ui.app import App
from game.ui.input import Input, Kind
from game.ui.scene import Scene
from game.ui.scenes.levels.select import LevelSelectScene
from game.ui.settings import SOUND, THEME, VOLUME
from game.ui.widgets.dialog import DialogButton, DialogScene
from tests.ui.ui_events import key

RED = (200, 0, 0)
BLUE = (0, 0, 200)


class Probe(Scene):
    """Fills the screen with one colour and writes down what the app asks of it."""

    def __init__(self, app: App, name: str, log: list[str], colour: tuple[int, int, int]) -> None:
        super().__init__(app)
        self.name = name
        self.log = log
        self.colour = colour
        self.uses_keys = False
        self.uses_drops = False

    def arrange(self, size: tuple[int, int]) -> None:
        self.log.append(f"arrange {self.name} {size[0]}x{size[1]}")

    def on_enter(self) -> None:
        self.log.append(f"enter {self.name}")

    def on_exit(self) -> None:
        self.log.append(f"exit {self.name}")

    def handle(self, event: Input) -> bool:
        if event.kind is Kind.DROP:
            self.log.append(f"drop {self.name}")
            return self.uses_drops
        return self.uses_keys and event.kind is Kind.PRESS

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.colour)


class Veiled(Probe):
    transparent = True

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, self.colour, (0, 0, 10, 10))


def test_arrange_comes_before_the_first_enter_and_after_every_resize() -> None:
    app = App(headless=True, size=(1000, 700))
    log: list[str] = []
    app.push(Probe(app, "a", log, RED))
    app.push(Probe(app, "b", log, BLUE))
    app.step()
    assert log == ["arrange a 1000x700", "enter a", "exit a", "arrange b 1000x700", "enter b"]
    log.clear()
    app.feed(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 650), w=900, h=650))
    app.step()
    assert log == ["arrange a 900x650", "arrange b 900x650"]  # the covered scene too
    log.clear()
    app.feed(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 650), w=900, h=650))
    app.step()
    assert log == []  # the same size again: nothing to do


def test_an_overlay_is_drawn_over_the_scene_below_and_an_opaque_scene_hides_it() -> None:
    app = App(headless=True, size=(800, 600))
    log: list[str] = []
    app.push(Probe(app, "page", log, RED))
    app.push(Veiled(app, "overlay", log, BLUE))
    app.step()
    assert app.screen.get_at((400, 300))[:3] == RED
    assert app.screen.get_at((5, 5))[:3] == BLUE
    app.push(Probe(app, "cover", log, (0, 150, 0)))
    app.step()
    assert app.screen.get_at((400, 300))[:3] == (0, 150, 0)


def test_a_dialog_is_an_overlay_and_esc_picks_its_cancel_button() -> None:
    app = App(headless=True, size=(800, 600))
    log: list[str] = []
    page = Probe(app, "page", log, RED)
    app.push(page)
    chosen: list[str] = []
    dialog = DialogScene(
        app,
        "Really?",
        "Something would change.",
        [DialogButton("Do it", lambda: chosen.append("do")), DialogButton("Keep", primary=True)],
        cancel_index=1,
    )
    app.push(dialog)
    app.step()
    corner = app.screen.get_at((2, 2))[:3]
    assert corner != RED and corner[0] > corner[2]  # the page, dimmed, around the panel
    assert app.screen.get_at(dialog.panel.center)[:3] == app.theme.panel
    assert [button.primary for button in dialog.buttons] == [False, True]
    key(app, pygame.K_ESCAPE)
    assert app.top is page and chosen == []


class Lid(Scene):
    """A plain overlay that is no Probe."""

    transparent = True


def test_pop_to_returns_to_the_nearest_scene_of_a_kind() -> None:
    app = App(headless=True)
    log: list[str] = []
    bottom = Probe(app, "bottom", log, RED)
    middle = Veiled(app, "middle", log, BLUE)
    app.push(bottom)
    app.push(middle)
    app.push(Lid(app))
    app.push(Lid(app))
    app.step()
    log.clear()
    assert not app.pop_to(DialogScene)  # none on the stack: nothing changes
    app.step()
    assert len(app.scenes) == 4
    assert app.pop_to(Probe)  # a Veiled is a Probe too: the nearest one is the middle
    app.step()
    assert app.scenes == [bottom, middle]
    # Only the found scene is entered: the lid between never flickers into view.
    assert log == ["enter middle"]
    assert app.pop_to(Veiled)  # already the top: nothing happens
    app.step()
    assert app.scenes == [bottom, middle] and log == ["enter middle"]
    assert app.find(Probe) is middle and app.find(Lid) is None


def test_an_unused_ctrl_q_closes_the_window_and_a_used_one_does_not() -> None:
    app = App(headless=True)
    scene = Probe(app, "typing", [], RED)
    scene.uses_keys = True
    app.push(scene)
    key(app, pygame.K_q, pygame.KMOD_CTRL)
    assert app.running
    scene.uses_keys = False
    key(app, pygame.K_q)  # a plain q is not a shortcut
    assert app.running
    key(app, pygame.K_q, pygame.KMOD_CTRL)
    assert not app.running


def test_a_drop_goes_to_the_scene_first_and_to_the_app_when_unused(tmp_path: Path) -> None:
    app = App(headless=True)
    log: list[str] = []
    scene = Probe(app, "page", log, RED)
    scene.uses_drops = True
    app.push(scene)
    app.step()
    dropped = tmp_path / "broken.non"
    dropped.write_text("width 2\n")
    app.feed(pygame.event.Event(pygame.DROPFILE, file=str(dropped)))
    app.step()
    assert "drop page" in log and not app.toasts.texts  # the scene took it
    scene.uses_drops = False
    app.feed(pygame.event.Event(pygame.DROPFILE, file=str(dropped)))
    app.step()
    assert any(text.startswith("broken.non:") for text in app.toasts.texts)


def test_settings_are_typed_kept_in_memory_and_written_on_quit(hanjie_home: Path) -> None:
    store = ProgressStore(hanjie_home)
    store.set_setting("sound", "loud")  # a hand-edited file: not a bool
    store.set_setting("volume", 0.4)
    app = App(headless=True)
    assert app.setting(SOUND) is True  # the default, not "loud"
    assert app.setting(VOLUME) == pytest.approx(0.4)
    with pytest.raises(ValueError):
        app.set_setting(THEME, 3)  # type: ignore[arg-type]
    app.set_setting(SOUND, False)
    assert not app.sounds.enabled
    assert ProgressStore(hanjie_home).get_setting("sound") == "loud"  # not written yet
    app.request_quit()
    assert ProgressStore(hanjie_home).get_setting("sound") is False


def _write(path: Path, puzzle: Puzzle) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(format_puzzle(puzzle, "non"), encoding="utf-8")


def test_a_slow_file_never_holds_up_a_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = tmp_path / "mine"
    for name in ("a", "b", "c"):
        _write(mine / f"{name}.non", Puzzle.from_grid([[1, 0], [1, 1]], title=name.upper()))
    release = threading.Event()
    real_read = level_files.read_entry

    def slow_read(path: Path) -> PuzzleEntry:
        if path.name == "b.non":
            assert release.wait(10)  # a file on a disk that hangs until the test lets go
        return real_read(path)

    monkeypatch.setattr(level_files, "read_entry", slow_read)
    levels = tmp_path / "levels"
    levels.mkdir()
    app = App(headless=True)
    scene = LevelSelectScene(app, levels=levels, user_dir=mine)
    app.push(scene)
    for _ in range(5):
        app.step()  # frames run while the second file is stuck
    assert [entry.name for entry in scene.entries] == ["A"]
    assert scene.reading
    release.set()
    assert scene.wait_for_files()
    app.step()
    assert [entry.name for entry in scene.entries] == ["A", "B", "C"]
    assert not scene.reading


class StepClock:
    """A clock that moves one millisecond every time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.001
        return self.now


def test_ratings_work_a_few_milliseconds_at_a_time() -> None:
    rng = np.random.default_rng(7)
    grid = rng.random((12, 12)) < 0.55
    puzzle = Puzzle.from_grid(grid.astype(int).tolist())
    key_ = puzzle.fingerprint()
    ratings = Ratings(time_limit=60.0, clock=StepClock())
    ratings.work([(key_, puzzle)], seconds=0.003)
    assert ratings.busy and ratings.stars_of(key_) is None  # begun, not finished in 3 ms
    calls = 1
    while ratings.busy and calls < 10_000:
        ratings.work([], seconds=0.003)
        calls += 1
    assert not ratings.busy and calls > 1
    stars = ratings.stars_of(key_)
    assert stars is not None and 1 <= stars <= 5
    solution = ratings.solutions[key_]
    again = Puzzle.from_grid(solution.astype(int).tolist())
    assert again.row_clues == puzzle.row_clues and again.column_clues == puzzle.column_clues
    ratings.work([(key_, puzzle)], seconds=0.003)
    assert not ratings.busy  # never rated twice


def test_my_puzzles_get_stars_over_a_few_frames(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    _write(mine / "cross.non", Puzzle.from_grid([[0, 1, 0], [1, 1, 1], [0, 1, 0]], title="X"))
    levels = tmp_path / "levels"
    levels.mkdir()
    app = App(headless=True)
    scene = LevelSelectScene(app, levels=levels, user_dir=mine)
    assert scene.wait_for_files()
    app.push(scene)
    entry = scene.entries[0]
    assert entry.difficulty is None
    for _ in range(100):
        app.step()
        if scene.stars(entry) is not None:
            break
    assert scene.stars(entry) == 1
    # The app keeps the ratings: a level select opened again knows them at once.
    again = LevelSelectScene(app, levels=levels, user_dir=mine)
    assert again.wait_for_files()
    assert again.stars(again.entries[0]) == 1
