"""The whole game by a pad alone and by fingers alone (issue 45): events posted into the real
app under the dummy driver, the menus, level select and a puzzle to its win."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pygame

from game.core.board import Cell
from game.core.puzzle import Puzzle
from game.ui.app import App
from game.ui.input import Action, Device
from game.ui.input import synthetic as fake
from game.ui.input.translate import LONG_PRESS
from game.ui.opening import PlayContext
from game.ui.scenes.levels.select import LevelSelectScene
from game.ui.scenes.menu.controls import ControlsScene
from game.ui.scenes.menu.options import OptionsScene
from game.ui.scenes.menu.scene import MenuScene
from game.ui.scenes.play.scene import PlayScene
from game.ui.settings import BINDINGS

# A 6x6 with runs of every length and a blank column, so crosses matter to no clue.
PICTURE = ["##.###", "#....#", "######", "..#...", ".###.#", "#.#..#"]


def feed(app: App, events: Iterable[pygame.event.Event], frames: int = 1) -> None:
    for event in events:
        app.feed(event)
    for _ in range(frames):
        app.step()


def runs(puzzle: Puzzle) -> list[tuple[int, int, int]]:
    """The goal's filled runs as (row, first column, last column)."""
    goal = puzzle.goal_array()
    assert goal is not None
    found = []
    for y in range(puzzle.height):
        x = 0
        while x < puzzle.width:
            if goal[y, x]:
                start = x
                while x + 1 < puzzle.width and goal[y, x + 1]:
                    x += 1
                found.append((y, start, x))
            x += 1
    return found


def runs_goal(puzzle: Puzzle) -> npt.NDArray[np.bool_]:
    goal = puzzle.goal_array()
    assert goal is not None
    return goal


def test_the_menus_and_a_whole_puzzle_by_pad_alone(hanjie_home: Path) -> None:
    app = App(headless=True)
    app.push(app.router.first_screen())
    app.step()
    menu = app.top
    assert isinstance(menu, MenuScene)
    # Options and back, then the controls list and back: the pad walks the menus.
    while menu.focus.focused is not menu.options_button:
        feed(app, fake.pad("dpdown"))
    feed(app, fake.pad("a"))
    options = app.top
    assert isinstance(options, OptionsScene)
    while options.focus.focused is not options.controls:
        feed(app, fake.pad("dpdown"))
    feed(app, fake.pad("a"))
    assert isinstance(app.top, ControlsScene)
    feed(app, fake.pad("b"))
    feed(app, fake.pad("b"))
    assert app.top is menu
    while menu.focus.focused is not menu.play_button:
        feed(app, fake.pad("dpup"))
    feed(app, fake.pad("a"))
    select = app.top
    assert isinstance(select, LevelSelectScene)
    assert app.last_device is Device.PAD
    assert "A play" in select.shown().help  # the help line names the pad's buttons
    feed(app, fake.pad("dpright"))  # the first press shows the selection
    feed(app, fake.pad("a"), frames=3)
    scene = app.top
    assert isinstance(scene, PlayScene), scene
    play_by_pad(app, scene)
    assert scene.win is not None and scene.session.solved
    assert app.store.record(scene.key).solved


def play_by_pad(app: App, scene: PlayScene) -> None:
    """Every run painted with A held while the d-pad moves along it; one cell crossed."""

    def go_to(x: int, y: int) -> None:
        while scene.cursor != (x, y):
            cx, cy = scene.cursor
            step = "dpright" if cx < x else "dpleft" if cx > x else "dpdown" if cy < y else "dpup"
            feed(app, fake.pad(step))

    board = scene.session.board
    blank = next(
        (x, y) for y in range(scene.puzzle.height) for x in range(scene.puzzle.width)
        if not runs_goal(scene.puzzle)[y, x]
    )  # fmt: skip
    go_to(*blank)
    feed(app, fake.pad("b"))
    assert board.cells[blank[1], blank[0]] == Cell.CROSSED
    for y, first, last in runs(scene.puzzle):
        if scene.win is not None:
            break
        go_to(first, y)
        feed(app, fake.pad("a", up=False))
        for _ in range(last - first):
            feed(app, fake.pad("dpright"))
        feed(app, fake.pad("a", down=False))
    for _ in range(30):
        app.step()


def test_a_pad_rebinding_is_used_and_kept(hanjie_home: Path) -> None:
    app = App(headless=True)
    app.push(ControlsScene(app))
    app.step()
    controls = app.top
    assert isinstance(controls, ControlsScene)
    fill_row = next(row for row in controls.rows if row.action is Action.FILL)
    feed(app, fake.click(fill_row.rect.center))
    assert controls.waiting is Action.FILL
    feed(app, fake.pad("y"))
    assert app.input.bindings.pad_of(Action.FILL) == ("pad:y",)
    assert Action.FILL in app.input.bindings.actions("pad:y")
    assert Action.HINT not in app.input.bindings.actions("pad:y")  # Y left Hint
    feed(app, fake.key("escape"))
    assert not isinstance(app.top, ControlsScene)
    assert app.store.get_setting(BINDINGS.key) == app.input.bindings.overrides()
    again = App(headless=True)  # the next start reads it back
    assert again.input.bindings.pad_of(Action.FILL) == ("pad:y",)


def test_a_whole_puzzle_by_fingers_alone(hanjie_home: Path) -> None:
    now = [1000.0]
    app = App(headless=True, size=(800, 1280), clock=lambda: now[0])
    puzzle = Puzzle.from_grid([[cell == "#" for cell in row] for row in PICTURE], title="Fingers")
    app.play_puzzle(puzzle, context=PlayContext(pack="Touch"))
    app.step()
    scene = app.top
    assert isinstance(scene, PlayScene)
    size = app.screen_size

    def centre(x: int, y: int) -> tuple[int, int]:
        return scene.layout.cell_box(x, y).centre

    def touch(kind: str, pos: tuple[int, int], finger: int = 1) -> None:
        feed(app, [fake.finger(kind, finger, pos, size)])

    # Portrait: the board fits the window's width and its cells are big enough for a finger.
    assert scene.layout.cell >= 34
    assert scene.layout.visible_box.right <= size[0]
    # A long press crosses (the injected clock, no sleeping).
    blank = (2, 1)
    touch("down", centre(*blank))
    now[0] += LONG_PRESS + 0.05
    app.step()
    touch("up", centre(*blank))
    assert scene.session.board.cells[1, 2] == Cell.CROSSED
    # Two fingers pinch: the board zooms; a stroke under way is called off, nothing painted.
    before = scene.layout.cell
    touch("down", (300, 700))
    touch("move", (340, 700))
    touch("down", (420, 700), finger=2)
    touch("move", (520, 700), finger=2)
    touch("up", (520, 700), finger=2)
    touch("up", (340, 700))
    assert scene.layout.cell > before
    assert not (scene.session.board.cells == Cell.FILLED).any()
    feed(app, fake.key("0"))  # back to the whole board (a key: the test's own shortcut)
    for y, first, last in runs(puzzle):
        if first == last:
            touch("down", centre(first, y))
            touch("up", centre(first, y))  # a tap fills
        else:
            touch("down", centre(first, y))
            touch("move", centre(last, y))  # a drag paints the run
            touch("up", centre(last, y))
    for _ in range(30):
        app.step()
    assert scene.win is not None and scene.session.solved


def test_the_replay_and_a_kakuro_by_pad(hanjie_home: Path) -> None:
    from game.core.kakuro.fileformat import read_kakuro
    from game.resources import levels_dir
    from game.ui.scenes.kakuro.play import KakuroPlayScene
    from game.ui.scenes.replay.scene import ReplayScene

    app = App(headless=True)
    puzzle = Puzzle.from_grid([[cell == "#" for cell in row] for row in PICTURE])
    replay = ReplayScene(app, puzzle)
    app.push(replay)
    app.step()
    speed = replay.ui.speed_index
    feed(app, fake.pad("a"))  # A pauses...
    assert not replay.ui.playing
    feed(app, [fake.pad_trigger(right=True, pulled=True)])  # RT: faster
    assert replay.ui.speed_index == speed + 1
    feed(app, fake.pad("b"))  # B goes back
    assert app.top is not replay
    # Kakuro: the d-pad moves, the shoulders pick the digit, X clears.
    path = levels_dir() / "kakuro-01-starter" / "01-starter.kak"
    game = KakuroPlayScene(app, read_kakuro(path), path=path)
    app.push(game)
    app.step()
    solution = game.puzzle.solution
    assert solution is not None
    for index, (x, y) in enumerate(game.puzzle.white_cells):
        for _ in range(40):  # the d-pad: towards the cell, the other way round when blocked
            if game.session.cursor == index:
                break
            cx, cy = game.puzzle.white_cells[game.session.cursor or 0]
            across = "dpright" if cx < x else "dpleft"
            down = "dpdown" if cy < y else "dpup"
            moves = [across, down] if cx != x else [down, across]
            before = game.session.cursor
            for move in moves:
                feed(app, fake.pad(move))
                if game.session.cursor != before:
                    break
        assert game.session.cursor == index
        for _ in range(9):
            if game.session.digits[index] == solution[y][x]:
                break
            feed(app, fake.pad("rightshoulder"))  # RB: the next digit
        assert game.session.digits[index] == solution[y][x]
    for _ in range(30):
        app.step()
    assert game.win is not None and game.session.solved
