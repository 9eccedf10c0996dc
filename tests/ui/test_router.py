"""The router: every way from one screen to another goes through it."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest

from game.core.kinds import KAKURO
from game.ui.app import App
from game.ui.scenes.converter.scene import ConverterScene
from game.ui.scenes.kakuro.select import KakuroSelectScene
from game.ui.scenes.levels.select import LevelSelectScene
from game.ui.scenes.menu.options import OptionsScene
from game.ui.scenes.menu.scene import MenuScene
from game.ui.scenes.play.scene import PlayScene
from game.ui.scenes.replay.race import RaceScene
from game.ui.scenes.replay.scene import ReplayScene
from tests.shared_data import HEART


@pytest.fixture
def app() -> App:
    return App(headless=True)


def kinds(app: App) -> list[type]:
    return [type(scene) for scene in app.scenes]


def test_the_first_screen_is_the_menu(app: App) -> None:
    assert isinstance(app.router.first_screen(), MenuScene)


def test_ways_from_the_menu(app: App) -> None:
    app.push(app.router.first_screen())
    app.step()
    for go, kind in [
        (app.router.level_select, LevelSelectScene),
        (partial(app.router.select, KAKURO), KakuroSelectScene),
        (app.router.options, OptionsScene),
        (app.router.converter, ConverterScene),
    ]:
        go()
        app.step()
        assert kinds(app) == [MenuScene, kind]
        app.router.back_to("menu")
        app.step()
        assert kinds(app) == [MenuScene]


def test_the_way_back_to_levels_says_what_it_closes(app: App) -> None:
    app.push(MenuScene(app))
    app.step()
    app.router.converter()
    app.step()
    app.play_puzzle(HEART)
    app.step()
    assert kinds(app) == [MenuScene, ConverterScene, PlayScene]
    game = app.top
    assert isinstance(game, PlayScene)
    assert app.router.editor_below(game) is app.scenes[1]
    route = app.router.route("levels")
    assert route.closes == tuple(app.scenes[1:])  # no level select: a new one over the menu
    route.go()
    app.step()
    assert kinds(app) == [MenuScene, LevelSelectScene]
    # With a level select on the stack, the way back is to it.
    app.play_puzzle(HEART)
    app.step()
    assert app.router.route("levels").closes == (app.top,)
    app.router.back_to("levels")
    app.step()
    assert kinds(app) == [MenuScene, LevelSelectScene]


def test_the_replay_opens_over_the_game(app: App, tmp_path: Path) -> None:
    app.push(MenuScene(app))
    app.play_puzzle(HEART)
    app.step()
    game = app.top
    assert isinstance(game, PlayScene)
    game.open_solver()
    app.step()
    assert kinds(app) == [MenuScene, PlayScene, ReplayScene]
    assert app.router.editor_below(game) is None


def test_race_them_goes_through_the_router(app: App) -> None:
    # The replay's Race them is a way to another screen: the router makes the race.
    replay = ReplayScene(app, HEART, name="Heart")
    app.push(replay)
    app.step()
    replay.part.open_race()
    app.step()
    race = app.top
    assert isinstance(race, RaceScene) and race.puzzle == HEART
    assert kinds(app) == [ReplayScene, RaceScene] and not replay.playing
