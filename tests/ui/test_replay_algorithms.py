"""The replay's solver picker and its way into the race."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.core.race import ALGORITHMS
from game.ui.app import App
from game.ui.scenes.replay.race import RaceScene
from game.ui.scenes.replay.scene import ReplayScene
from tests.shared_data import HEART
from tests.ui.ui_events import click, key


def replay() -> ReplayScene:
    app = App(headless=True)
    scene = ReplayScene(app, HEART, name="Heart")
    app.push(scene)
    app.step()
    return scene


def test_the_solver_button_goes_round_the_algorithms_and_each_solves() -> None:
    scene = replay()
    app = scene.app
    seen = []
    for _ in ALGORITHMS:
        seen.append(scene.part.algorithm)
        assert scene.state.task.source_name == scene.part.algorithm
        assert scene.part.solver_button.label.startswith("Solver: ")
        scene.run_to_end()
        for _ in range(300):
            app.step(1 / 60)
            if scene.finished:
                break
        result = scene.state.result
        assert result is not None and result.status == "unique", scene.part.algorithm
        click(app, scene.part.solver_button.rect.center)
        assert not scene.finished  # a new solver starts from the blank grid
    assert seen == list(ALGORITHMS)
    assert scene.part.algorithm == ALGORITHMS[0]
    key(app, pygame.K_a)
    assert scene.part.algorithm == ALGORITHMS[1]


def test_race_them_opens_the_race_on_the_same_puzzle() -> None:
    scene = replay()
    click(scene.app, scene.part.race_button.rect.center)
    race = scene.app.top
    assert isinstance(race, RaceScene)
    assert race.puzzle is HEART and race.name == "Heart"
    assert not scene.playing  # the replay waits underneath
    key(scene.app, pygame.K_ESCAPE)
    assert scene.app.top is scene


def test_replay_command_refuses_a_bad_race_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.cli import main
    from game.core.formats import write_puzzle

    path = tmp_path / "heart.non"
    write_puzzle(HEART, path)
    for race, reason in (("rows", "2 to 4"), ("rows,fast", "no algorithm 'fast'")):
        assert main(["replay", str(path), "--race", race]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and reason in err[0]


def test_replay_command_opens_the_race_without_the_lesson_offer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """QA: on a first start the "New to nonograms?" question popped up over ``replay --race``."""
    from game.cli import main
    from game.core.formats import write_puzzle
    from game.ui.app import App
    from game.ui.scenes.replay.race import RaceScene

    path = tmp_path / "heart.non"
    write_puzzle(HEART, path)
    from game.ui.scenes.menu.scene import MenuScene

    tops: list[object] = []

    def run_a_few_frames(app: App) -> None:  # the real loop would wait for the player
        for _ in range(3):
            app.step()
        tops.append(app.top)
        menu = app.scenes[0]
        # A windowed start would ask on a first start; this menu must not.
        assert isinstance(menu, MenuScene) and menu.offer_lesson is False

    monkeypatch.setattr(App, "run", run_a_few_frames)
    # A windowed App, as the command opens (SDL's dummy driver stands in for the display).
    monkeypatch.setattr("game.commands.play.open_window", lambda: App())
    assert main(["replay", str(path), "--race", "rows,hanjie", "--paused"]) == 0
    assert len(tops) == 1 and isinstance(tops[0], RaceScene)


def test_replay_command_opens_a_kakuro_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA: ``replay FILE.kak`` was refused ("this command reads nonograms") though the game
    replays a Kakuro's solver (W)."""
    from game.cli import main
    from game.ui.app import App
    from game.ui.scenes.kakuro.replay import KakuroReplayScene
    from tests.conftest import REPO_ROOT

    path = REPO_ROOT / "levels/kakuro-01-starter/01-starter.kak"
    tops: list[object] = []

    def run_a_few_frames(app: App) -> None:
        for _ in range(3):
            app.step()
        tops.append(app.top)

    monkeypatch.setattr(App, "run", run_a_few_frames)
    monkeypatch.setattr("game.commands.play.open_window", lambda: App())
    assert main(["replay", str(path), "--paused", "--time-limit", "7"]) == 0
    assert len(tops) == 1 and isinstance(tops[0], KakuroReplayScene)
    assert tops[0].state.task.time_limit == 7  # --time-limit reaches Kakuro's solver too
    # A race or another solver is for nonograms: one line, exit 2.
    assert main(["replay", str(path), "--race"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["hanjie: --race and --algorithm are for nonograms: Kakuro has one solver"]
