"""A colour nonogram on the play screen: the palette bar, painting the chosen colour, crosses,
the colour letters and the win, driven by synthetic events."""

from __future__ import annotations

import numpy as np
import pygame

from game.core.board import Cell, fill_value
from game.ui.scenes.play.scene import PlayScene
from game.ui.scenes.play.shots import flower
from game.ui.settings import COLOUR_LETTERS
from tests.ui.play_helpers import click, drag, open_play, pixel, press
from tests.ui.ui_events import key, wheel


def test_number_keys_q_e_and_the_wheel_choose_the_colour_a_click_paints() -> None:
    scene = open_play(flower())
    assert scene.palette_bar is not None and scene.colour == 1
    key(scene.app, pygame.K_3)
    assert scene.colour == 3
    click(scene, 9, 12)
    assert int(scene.session.board.cells[12, 9]) == fill_value(3)
    assert pixel(scene, 9, 12) == scene.puzzle.colours.colour(3).rgb
    key(scene.app, pygame.K_e)
    assert scene.colour == 4
    key(scene.app, pygame.K_q)
    key(scene.app, pygame.K_q)
    assert scene.colour == 2
    key(scene.app, pygame.K_q)
    key(scene.app, pygame.K_q)
    assert scene.colour == 5  # wraps round
    key(scene.app, pygame.K_9)  # no ninth colour: nothing chosen
    assert scene.colour == 5
    wheel(scene.app, scene.palette_bar.rects[0].center, -1)
    assert scene.colour == 1
    press(scene, scene.palette_bar.rects[1].center)
    scene.app.step()
    assert scene.colour == 2


def test_a_drag_paints_the_colour_right_crosses_and_shift_clears() -> None:
    scene = open_play(flower())
    key(scene.app, pygame.K_1)
    drag(scene, (7, 1), (11, 1))
    row = scene.session.board.cells[1, 7:12]
    assert row.tolist() == [fill_value(1)] * 5
    assert scene.session.row_status(1).complete
    click(scene, 0, 0, button=3)
    assert scene.session.board.cells[0, 0] == Cell.CROSSED
    click(scene, 7, 1, button=2)
    assert scene.session.board.cells[1, 7] == Cell.UNKNOWN


def test_l_turns_the_colour_letters_on_and_the_high_contrast_theme_has_them() -> None:
    scene = open_play(flower())
    assert not scene.grid_view.letters
    key(scene.app, pygame.K_l)
    assert scene.app.setting(COLOUR_LETTERS)
    scene.app.step()
    assert scene.grid_view.letters
    key(scene.app, pygame.K_l)
    scene.app.set_setting("theme", "contrast")
    scene.app.step()
    assert scene.grid_view.letters


def test_painting_the_picture_in_its_colours_wins_and_the_hint_names_a_colour() -> None:
    scene = open_play(flower())
    key(scene.app, pygame.K_h)
    assert "must cover" in scene.message or "background" in scene.message
    hint = scene.hint_show.hint
    assert hint is not None and scene.cursor == (hint.x, hint.y)
    assert scene.hint_line == (hint.axis, hint.index)
    goal = np.asarray(scene.puzzle.goal_colours)
    for colour in range(1, 6):
        key(scene.app, pygame.K_0 + colour)
        for y, x in np.argwhere(goal == colour).tolist():
            click(scene, x, y)
    assert scene.session.solved
    assert scene.win is not None


def test_watch_the_solver_from_a_colour_game_starts_from_its_marks() -> None:
    from game.ui.scenes.replay.scene import ReplayScene

    scene = open_play(flower())
    key(scene.app, pygame.K_1)  # red
    drag(scene, (7, 1), (11, 1))
    click(scene, 0, 0, button=3)
    scene.exits.open_solver()
    app = scene.app
    for _ in range(3):
        app.step(1 / 60)
    replay = app.top
    assert isinstance(replay, ReplayScene)
    marks = replay.part.marks
    assert marks is not None and marks[0, 0] == 0 and marks[1, 7:12].tolist() == [1] * 5
    replay.part._marks_toggled(True)
    for _ in range(60):
        app.step(1 / 60)
        if replay.part.marks_check is None:
            break
    assert replay.part.from_marks


def _tile(scene: PlayScene, y: int, index: int) -> tuple[int, int, int]:
    """The colour of number ``index`` of row ``y``'s clue tile, off its digits."""
    clue = scene.puzzle.row_clues[y]
    slot = scene.layout.row_number_box(y, index, len(clue))
    colour = scene.app.screen.get_at((slot.x + 3, slot.y + 3))
    return (colour.r, colour.g, colour.b)


def _distance(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    return sum((p - q) ** 2 for p, q in zip(a, b, strict=True)) ** 0.5


def test_a_finished_colour_clue_fades_into_the_strip_in_every_theme() -> None:
    # QA: in the dark theme a finished colour clue's tile went paler, towards white: the
    # finished clues were the brightest things beside the grid, the ones left to place
    # dark. In every theme a finished clue's tile is nearer the strip's ground than the
    # same clue's tile while it was still to place.
    from game.core.play.moves import Paint

    for theme in ("light", "dark", "contrast"):
        scene = open_play(flower())
        scene.app.set_setting("theme", theme)
        scene.app.step()
        y = 3  # "4 3 4": red, yellow, red
        goal = np.asarray(scene.puzzle.goal_colours)
        before = [_tile(scene, y, index) for index in range(3)]
        for x in range(scene.puzzle.width):
            colour = int(goal[y, x])
            mark = fill_value(colour) if colour else Cell.CROSSED
            scene.session.apply(Paint(x, y, x, y, mark))
        scene.after_change()
        scene.app.step()
        ground = scene.app.theme.background
        after = [_tile(scene, y, index) for index in range(3)]
        assert before != after, theme
        for old, new in zip(before, after, strict=True):
            assert _distance(new, ground) < _distance(old, ground), (theme, old, new, ground)


def test_a_colour_near_the_dark_paper_is_painted_with_a_rim() -> None:
    # QA: on the dark theme a dark grey cell (Traffic light's #282830) looked like an empty
    # one (the paper is (54, 57, 66)). A colour nearer the paper than the palettes keep
    # their colours apart gets a rim in its contrasting ink; red, far from it, none.
    from game.core.palette import Palette
    from game.core.puzzle import Puzzle

    dark, red = (40, 40, 48), (214, 48, 49)
    palette = Palette.of(("white", (255, 255, 255)), ("dark grey", dark), ("red", red))
    grid = [[1, 1, 0, 2], [0, 1, 2, 2], [1, 0, 0, 2]]
    scene = open_play(Puzzle.from_colour_grid(grid, palette))
    scene.app.set_setting("theme", "dark")
    scene.app.step()
    from game.core.play.moves import Paint

    scene.session.apply(Paint(1, 1, 1, 1, fill_value(1)))
    scene.session.apply(Paint(2, 1, 2, 1, fill_value(2)))
    scene.after_change()
    scene.app.step()

    def rim(x: int, y: int) -> tuple[int, int, int]:
        inner = scene.layout.cell_inner(x, y)
        colour = scene.app.screen.get_at((inner.x, inner.y + inner.h // 2))
        return (colour.r, colour.g, colour.b)

    paper = scene.app.theme.cell_unknown
    assert pixel(scene, 1, 1) == dark and pixel(scene, 2, 1) == red
    assert sum(rim(1, 1)) > sum(paper) + 60  # a light rim round the dark grey
    assert rim(2, 1) == red  # no rim on red
    assert pixel(scene, 2, 2) == rim(2, 2) == paper  # an empty cell
