"""A bundled pack's puzzle is called by its number ("First steps #5") until it is solved, on
every screen that names it: a title such as "Music" gives the picture away. Puzzles outside
the bundled packs keep their titles."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pygame
import pytest

from game.core.formats import format_puzzle, read_puzzle
from game.ui.app import App
from game.ui.fonts import Fonts
from game.ui.scenes.levels.select import LevelSelectScene
from game.ui.scenes.menu.scene import MenuScene
from game.ui.scenes.play.scene import REVEAL_SECONDS, PlayScene
from game.ui.scenes.replay.scene import ReplayScene
from game.ui.widgets.dialog import DialogScene
from tests.shared_data import HEART
from tests.ui.play_helpers import click as click_cell
from tests.ui.ui_events import click, key

MUSIC = Path(__file__).resolve().parents[2] / "levels" / "01-first-steps" / "05-music.non"


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every text the fonts render (cached or not), in order."""
    texts: list[str] = []
    real_render = Fonts.render

    def render(self: Fonts, text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        texts.append(text)
        return real_render(self, text, *args, **kwargs)

    monkeypatch.setattr(Fonts, "render", render)
    yield texts


def _mentions(texts: list[str], word: str) -> bool:
    return any(word in text for text in texts)


def _open_music(app: App) -> PlayScene:
    assert app.open_level_file(MUSIC)
    app.step()
    scene = app.top
    assert isinstance(scene, PlayScene)
    return scene


def test_a_pack_puzzle_is_numbered_everywhere_until_solved(drawn: list[str]) -> None:
    assert read_puzzle(MUSIC).title == "Music"
    app = App(headless=True)
    scene = _open_music(app)
    # The play header.
    assert scene.shown_name() == "First steps #5"
    assert "First steps #5" in drawn and not _mentions(drawn, "Music")
    # The pause menu.
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, DialogScene) and pause.name == "pause"
    assert pause.message.startswith("First steps #5 · 5x5 · ")
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    # The solver replay, opened with the Solve button.
    click(app, scene.chrome.buttons.solve.rect.center)
    replay = app.top
    assert isinstance(replay, ReplayScene) and replay.name == "First steps #5"
    app.step()
    assert _mentions(drawn, "Watch the solver · First steps #5 · 5x5")
    replay.back()
    app.step()
    assert app.top is scene
    # The menu's Continue, once a mark is saved.
    click_cell(scene, 0, 0, button=3)
    scene.save()
    menu = MenuScene(app)
    app.push(menu)
    app.step()
    assert menu.continue_button.label == "Continue: First steps #5"
    assert not _mentions(drawn, "Music")

    # The win: the number stays through the first half of the reveal, then "Solved!" and the
    # title appear together in the header.
    app.pop()
    app.step()
    goal = scene.puzzle.goal_array()
    assert goal is not None
    for y, x in np.argwhere(goal).tolist():
        click_cell(scene, x, y)
    assert scene.win is not None
    app.step(REVEAL_SECONDS * 0.3)
    assert scene.win.age > 0 and not _mentions(drawn, "Music")
    assert drawn.count("First steps #5") >= 2  # drawn again once the clock stopped
    for _ in range(4):
        app.step(REVEAL_SECONDS * 0.3)
    assert "Solved!" in drawn and "Music" in drawn
    assert _mentions(drawn, "5x5 · short · First steps #5")  # the place moves to the details
    assert scene.shown_name() == "Music"

    # Solved, it is called by its title wherever it opens again.
    again = _open_music(App(headless=True))
    assert again.shown_name() == "Music"
    again.app.store.save_session(again.key, again.session.to_json())
    menu = MenuScene(again.app)
    again.app.push(menu)
    again.app.step()
    assert menu.continue_title == "Music"


def test_level_select_watch_numbers_the_replay_until_solved() -> None:
    app = App(headless=True)
    scene = LevelSelectScene(app, levels=MUSIC.parents[1], user_dir=app.store.user_puzzles_dir())
    assert scene.wait_for_files()
    app.push(scene)
    app.step()
    index = next(i for i, entry in enumerate(scene.entries) if entry.path == MUSIC)
    assert scene.pack is not None and scene.pack.name == "First steps"
    scene.watch(index)
    app.step()
    replay = app.top
    assert isinstance(replay, ReplayScene) and replay.name == "First steps #5"


def test_puzzles_outside_the_packs_keep_their_titles(tmp_path: Path, drawn: list[str]) -> None:
    app = App(headless=True)
    # A file opened by name.
    loose = tmp_path / "heart.non"
    loose.write_text(format_puzzle(HEART, "non"))
    assert app.open_level_file(loose)
    app.step()
    scene = app.top
    assert isinstance(scene, PlayScene) and scene.shown_name() == "Heart"
    assert "Heart" in drawn
    app.pop()
    app.step()
    # "My puzzles": the player made them. The pack is named beside the title.
    mine = app.store.user_puzzles_dir() / "heart.non"
    mine.write_text(format_puzzle(HEART, "non"))
    drawn.clear()
    assert app.open_level_file(mine)
    app.step()
    scene = app.top
    assert isinstance(scene, PlayScene) and scene.pack == "My puzzles"
    assert scene.shown_name() == "Heart"
    assert "Heart" in drawn and "5x5 · short · My puzzles" in drawn
    app.pop()
    # Its card in level select.
    levels = tmp_path / "levels"
    levels.mkdir()
    select = LevelSelectScene(app, levels=levels, user_dir=app.store.user_puzzles_dir())
    assert select.wait_for_files()
    app.push(select)
    app.step()
    assert select.pack is not None and select.pack.user
    assert select.card_title(0, solved=False) == "Heart"
    # A puzzle without a title is called by its file name.
    untitled = tmp_path / "my-drawing.non"
    untitled.write_text(format_puzzle(HEART.__class__.from_grid(HEART.goal_array()), "non"))
    assert app.open_level_file(untitled)
    app.step()
    top = app.top
    assert isinstance(top, PlayScene) and top.shown_name() == "my-drawing"
