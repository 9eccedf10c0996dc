"""Make it fair can be stopped, ends within the player's patience, and advises what applies."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from game.core.create.free_cells import WORK_PER_SECOND, FreeCells
from game.core.create.make_fair import FairResult
from game.core.puzzle import Puzzle
from game.ui.app import App
from game.ui.scenes.converter import fairness as converter_fairness
from game.ui.scenes.converter.fairness import FAIR_WALL_LIMIT
from game.ui.scenes.converter.scene import ConverterScene
from tests.ui.test_converter import _cat, _open, _settle
from tests.ui.ui_events import click, key


class _Endless:
    """A search that never finishes on its own (a picture no small edit fixes)."""

    def __init__(self, puzzle: Puzzle, free: FreeCells, work_limit: int) -> None:
        self.grid = puzzle.goal_array()
        self.tried = 0
        self.result: FairResult | None = None

    def advance(self, seconds: float) -> bool:
        self.tried += 1
        return self.result is not None

    def cancel(self, gave_up: bool = False) -> None:
        if self.result is None:
            self.result = FairResult(False, (), self.grid, 0, 0.0, self.tried, 0, gave_up)

    def give_up(self) -> None:
        self.cancel(gave_up=True)


@pytest.fixture
def endless(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(converter_fairness, "fair_search", _Endless)


def _searching(tmp_path: Path) -> tuple[App, ConverterScene]:
    app, scene = _open(_cat(tmp_path / "cat.png"))
    _settle(app, scene)
    click(app, scene.fair_button.rect.center)
    assert scene.fairness.fair_search is not None
    return app, scene


def _lines(scene: ConverterScene) -> str:
    return " ".join(text for _, text in scene.report_lines())


@pytest.mark.usefixtures("endless")
def test_the_button_stops_the_search_and_the_report_says_so(tmp_path: Path) -> None:
    app, scene = _searching(tmp_path)
    before = scene.document.grid.copy()
    button = scene.fair_button
    assert button.enabled and button.label == "Stop" and not scene.hidden(button)
    click(app, button.rect.center)
    fairness = scene.fairness
    assert fairness.fair_search is None and fairness.failed is None
    assert "stopped" in _lines(scene) and "No small set" not in _lines(scene)
    assert np.array_equal(scene.document.grid, before)
    assert button.label == "Make it fair" and button.enabled


@pytest.mark.usefixtures("endless")
def test_the_progress_line_counts_its_edits_in_good_english(tmp_path: Path) -> None:
    # It read "(1 edits tried)" on the first frames of every search.
    _, scene = _searching(tmp_path)
    search = scene.fairness.fair_search
    assert search is not None
    for tried, words in ((0, "0 edits tried"), (1, "1 edit tried"), (2, "2 edits tried")):
        search.tried = tried  # type: ignore[attr-defined]
        assert f"({words}): Stop or Esc ends it." in _lines(scene)


@pytest.mark.usefixtures("endless")
def test_escape_stops_the_search_and_stays_on_the_screen(tmp_path: Path) -> None:
    app, scene = _searching(tmp_path)
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    assert scene.fairness.fair_search is None and "stopped" in _lines(scene)


@pytest.mark.usefixtures("endless")
def test_a_search_that_does_not_finish_ends_within_the_wall_limit(tmp_path: Path) -> None:
    app, scene = _searching(tmp_path)
    frame = 0.05  # seconds of the player's time per frame
    frames = 0
    while scene.fairness.fair_search is not None:
        app.step(frame)
        frames += 1
        assert frames <= FAIR_WALL_LIMIT / frame + 2, "the search outlived its wall limit"
    assert frames >= FAIR_WALL_LIMIT / frame - 2
    lines = _lines(scene)
    # Said as what it is (the wall clock's last resort, not "no edits"); an opened picture
    # has a method to change.
    assert f"gave up after {FAIR_WALL_LIMIT:.0f} s" in lines and "No small set" not in lines
    assert "another method" in lines


@pytest.mark.usefixtures("endless")
def test_failure_advice_on_a_canvas_names_no_method(tmp_path: Path) -> None:
    _app, scene = _searching(tmp_path)
    scene.fairness.stop_fair()
    scene.fairness.stopped = False
    scene.fairness.failed = FairResult(False, (), scene.document.grid, 4, 1.0, 3)
    assert "another method" in _lines(scene)
    scene.document.mode = "canvas"  # drawn by hand: the Method setting is greyed
    lines = _lines(scene)
    assert "No fix found: no edit" in lines and "method" not in lines and "another size" in lines


def test_make_fair_limits_keep_the_search_short() -> None:
    # The work limit, at FAIR_SLICE of solving a frame at 60 frames a second, fits twice in
    # the wall limit (a machine twice as slow still finishes), and the wall limit is what a
    # player waits at most.
    work_seconds = converter_fairness.FAIR_WORK_LIMIT / WORK_PER_SECOND
    on_screen = work_seconds / converter_fairness.FAIR_SLICE / 60
    assert 2 * on_screen <= FAIR_WALL_LIMIT <= 60.0


def test_a_search_without_a_fix_offers_its_edits_and_the_button_makes_them(
    tmp_path: Path,
) -> None:
    """Issue 35, item 6: Make it fair that finds no fix says why and offers what it found."""
    from game.core.create.fair_edits import Edit

    app, scene = _open(_cat(tmp_path / "cat.png"))
    _settle(app, scene)
    grid = scene.document.grid.copy()
    x, y = 0, 0
    edit = Edit(x, y, not bool(grid[y, x]))
    scene.fairness.failed = FairResult(
        False, (), grid, 26, 1.0, 3, 100, False, stopped="edits", partial=(edit,), free_left=7
    )
    scene.sync_widgets()
    lines = _lines(scene)
    assert "one edit at a time" in lines and "1 edit leaves 7 of its 26 free cells" in lines
    assert scene.fair_button.label == "Use its 1 edit"
    click(app, scene.fair_button.rect.center)
    assert scene.document.grid[y, x] == edit.filled
    assert "changed as offered" in _lines(scene)
    assert scene.fairness.failed is None and scene.fair_button.label == "Make it fair"
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert np.array_equal(scene.document.grid, grid)
