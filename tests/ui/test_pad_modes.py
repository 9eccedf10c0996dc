"""Trial mode, keeping and dropping a trial, and Kakuro's pencil by a pad (issue 45): every
button is taken in play, so they are flicks of the right stick; events posted into the real
app under the dummy driver, the prompts naming the flicks, and the flicks remappable."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pygame

from game.core.board import Cell
from game.core.puzzle import Puzzle
from game.ui.app import App
from game.ui.input import Action, Device
from game.ui.input import synthetic as fake
from game.ui.input.prompts import KAKURO_PAD, PLAY_PAD, pad_line
from game.ui.opening import PlayContext
from game.ui.scenes.menu.controls import ControlsScene
from game.ui.scenes.play.scene import PlayScene


def feed(app: App, events: Iterable[pygame.event.Event]) -> None:
    for event in events:
        app.feed(event)
    app.step()


def play(app: App) -> PlayScene:
    puzzle = Puzzle.from_grid([[1, 0, 1], [1, 1, 1], [0, 1, 0]], title="Flicks")
    app.play_puzzle(puzzle, context=PlayContext())
    app.step()
    scene = app.top
    assert isinstance(scene, PlayScene)
    return scene


def test_trial_keep_and_drop_by_the_right_stick(hanjie_home: Path) -> None:
    app = App(headless=True)
    scene = play(app)
    board = scene.session.board
    feed(app, fake.pad_flick("up"))  # trial mode on
    assert app.last_device is Device.PAD
    assert scene.ui.trial_mode
    assert scene.chrome.buttons.trial.shown_label(app) == "Trial mode: on (RS↑)"
    # The message names the flicks that keep and drop, not the keyboard's K and D.
    assert "Keep trial (RS→) makes them real, Drop trial (RS←) erases them" in scene.message
    feed(app, fake.pad("a"))  # the cursor's cell, (0, 0), filled on trial
    assert board.cells[0, 0] == Cell.TRIAL_FILLED
    feed(app, fake.pad_flick("right"))  # kept: real marks, trial mode off
    assert board.cells[0, 0] == Cell.FILLED
    assert not scene.ui.trial_mode
    feed(app, fake.pad_flick("up"))
    feed(app, fake.pad("dpright"))
    feed(app, fake.pad("b"))  # (1, 0) crossed on trial
    assert board.cells[0, 1] == Cell.TRIAL_CROSSED
    feed(app, fake.pad_flick("left"))  # dropped: the trial's marks are gone, the kept stay
    assert board.cells[0, 1] == Cell.UNKNOWN
    assert board.cells[0, 0] == Cell.FILLED
    assert not scene.ui.trial_mode and not board.has_trial()
    # A stick let back only part way is still pushed: no second flick from a wobble.
    feed(app, [fake.pad_stick("up", True)])
    assert scene.ui.trial_mode
    wobble = pygame.event.Event(
        pygame.CONTROLLERAXISMOTION, instance_id=0, axis=pygame.CONTROLLER_AXIS_RIGHTY, value=-12000
    )
    feed(app, [wobble, fake.pad_stick("up", True)])
    assert scene.ui.trial_mode  # not turned off and on again


def test_the_pad_help_names_the_flicks() -> None:
    from game.ui.input.bindings import Bindings

    bindings = Bindings.default()
    assert "RS↑ trial" in pad_line(bindings, PLAY_PAD)
    assert "RS↑ pencil" in pad_line(bindings, KAKURO_PAD)


def test_kakuro_pencil_by_the_right_stick(hanjie_home: Path) -> None:
    from game.core.kakuro.fileformat import read_kakuro
    from game.resources import levels_dir
    from game.ui.scenes.kakuro.play import KakuroPlayScene

    app = App(headless=True)
    path = levels_dir() / "kakuro-01-starter" / "01-starter.kak"
    game = KakuroPlayScene(app, read_kakuro(path), path=path)
    app.push(game)
    app.step()
    cursor = game.session.cursor
    assert cursor is not None
    feed(app, fake.pad_flick("up"))
    assert game.pencil
    assert game.pencil_button.shown_label(app) == "Pencil: on (RS↑)"
    feed(app, fake.pad("rightshoulder"))  # a digit while the pencil is on: a candidate
    assert game.session.digits[cursor] == 0 and game.session.marks[cursor] == 1 << 1
    feed(app, fake.pad_flick("up"))
    assert not game.pencil


def test_the_flicks_are_remapped_in_controls(hanjie_home: Path) -> None:
    app = App(headless=True)
    app.push(ControlsScene(app))
    app.step()
    controls = app.top
    assert isinstance(controls, ControlsScene)
    for action, flick, name in (
        (Action.KEEP_TRIAL, "down", "pad:rightstickdown"),
        (Action.PENCIL, "right", "pad:rightstickright"),
    ):
        row = next(row for row in controls.rows if row.action is action)
        feed(app, fake.click(row.rect.center))
        assert controls.waiting is action
        feed(app, fake.pad_flick(flick))
        assert app.input.bindings.pad_of(action) == (name,)
    # Keep trial left the right flick for the down one, and the pencil took it; trial mode
    # keeps the up flick the pencil left.
    assert app.input.bindings.actions("pad:rightstickright") == {Action.PENCIL}
    assert app.input.bindings.actions("pad:rightstickup") == {Action.TRIAL}
    scene = play(app)
    feed(app, fake.pad_flick("up"))
    feed(app, fake.pad("a"))
    feed(app, fake.pad_flick("down"))  # Keep trial where the player put it
    assert scene.session.board.cells[0, 0] == Cell.FILLED
