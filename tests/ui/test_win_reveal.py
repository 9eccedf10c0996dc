"""The win reveal: a wave of settling cells driven by the frames' dt, the chime with the
title, a click or key skips it, and the buttons come after."""

from __future__ import annotations

import numpy as np
import pygame

from game.core.board import Cell
from game.core.play.moves import CommitTrial
from game.ui.scenes.play.scene import PlayScene
from game.ui.widgets.win_reveal import (
    BUTTONS_AT,
    TITLE_AT,
    WAVE,
    RevealClock,
    RevealPainter,
    settle_grow,
    settle_progress,
    title_appear,
    wave_delays,
)
from tests.shared_data import HEART
from tests.ui.play_helpers import click, key, open_play


def test_the_wave_runs_corner_to_corner_and_each_cell_settles_past_then_back() -> None:
    delays = wave_delays(5, 4)
    assert delays[0, 0] == 0.0 and delays[3, 4] == WAVE
    assert delays[0, 4] == delays[3, 1]  # same diagonal, same moment
    progress = settle_progress(WAVE / 2, delays)
    assert progress[0, 0] > 0 and progress[3, 4] == 0
    assert settle_grow(0.0) == 1.0 and abs(settle_grow(1.0) - 1.0) < 1e-9
    assert max(settle_grow(t / 20) for t in range(21)) > 1.1  # it swells, then sinks back


def test_the_clock_cues_the_title_once_and_skips_to_the_buttons() -> None:
    clock = RevealClock()
    assert clock.animating and clock.title_appear == 0.0
    assert clock.update(TITLE_AT - 0.01) == []
    assert clock.update(0.02) == ["title"]
    assert clock.update(0.02) == []
    assert 0 < clock.title_appear < 1
    assert clock.skip() and clock.done and clock.buttons_shown
    assert not clock.skip()
    assert title_appear(BUTTONS_AT) == 1.0


def _colour_at(scene_app: object, pos: tuple[int, int]) -> tuple[int, int, int]:
    screen = scene_app.screen  # type: ignore[attr-defined]
    colour = screen.get_at(pos)
    return (colour.r, colour.g, colour.b)


def _won_heart() -> PlayScene:
    """The heart opened and solved by clicking its filled cells, the reveal just begun."""
    scene = open_play(HEART)
    goal = scene.puzzle.goal_array()
    assert goal is not None
    for y, x in np.argwhere(goal).tolist():
        click(scene, x, y)
    return scene


def test_a_win_plays_the_wave_then_the_chime_and_a_key_skips_to_the_buttons() -> None:
    scene = _won_heart()
    app = scene.app
    win = scene.win
    assert win is not None and app.sounds.played[-1] == "reveal"
    for dt in (0.25, 0.25, 0.08 - 1 / 60):  # the app's frames carry the time, no sleeping
        app.step(dt)
    assert abs(win.age - 0.58) < 1e-6
    assert app.wake_in() == 0.0  # it animates: drawn every frame
    theme = app.theme
    filled, paper = theme.filled, theme.cell_unknown
    # Passed by the wave: row 1, column 2 has settled and covers its grid line.
    early = scene.layout.cell_box(1, 0)
    assert _colour_at(app, (early.x, early.centre[1])) == filled
    # Settling now: row 4, column 2 swells past its box, over the empty cell to its left,
    # in a colour on its way from the accent colour back to the fill.
    settling = scene.layout.cell_box(1, 3)
    swollen = _colour_at(app, (settling.x - 3, settling.centre[1]))
    assert swollen not in (paper, filled)
    # Not reached yet: row 5, column 3 is the mark as played, paper round it.
    late = scene.layout.cell_box(2, 4)
    assert _colour_at(app, (late.x - 3, late.centre[1])) == paper
    assert _colour_at(app, late.centre) == filled
    assert "win" not in app.sounds.played  # the chime waits for the title
    assert not scene.chrome.win_appear()
    key(scene, pygame.K_SPACE)  # skips; does not press "Next"
    assert app.top is scene and win.age >= BUTTONS_AT
    assert scene.chrome.win_appear() == 1.0
    assert _colour_at(app, (late.x, late.centre[1])) == filled
    assert _colour_at(app, (late.x - 3, late.centre[1])) == paper  # settled: back in its box
    button = app.theme.button
    pixels = pygame.surfarray.array3d(app.screen.subsurface(scene.levels_button.rect))
    assert (pixels.reshape(-1, 3) == np.array(button)).all(axis=1).any()


def test_the_chime_sounds_when_the_title_appears() -> None:
    scene = _won_heart()
    app = scene.app
    steps = 0
    while "win" not in app.sounds.played:
        app.step(0.05)
        steps += 1
        assert steps < 100
    assert scene.win is not None and abs(scene.win.age - TITLE_AT) <= 0.05


def test_a_win_made_with_trial_marks_keeps_them_as_real_marks() -> None:
    # QA: D drops the trial and ends trial mode, so T straight after turned it back on and
    # the rest of the picture went in as trial fills. That won, and the won board showed
    # those cells blank (the reveal settles real fills) and the mini-map orange.
    scene = open_play(HEART)
    key(scene, pygame.K_t)
    goal = scene.puzzle.goal_array()
    assert goal is not None
    for y, x in np.argwhere(goal).tolist():
        click(scene, x, y)
    assert scene.win is not None
    board = scene.session.board
    assert not board.has_trial() and not scene.trial_mode
    assert (board.cells == Cell.FILLED).sum() == goal.sum()
    assert isinstance(scene.session.history[-1], CommitTrial)
    key(scene, pygame.K_SPACE)  # the reveal skipped: every picture cell is drawn filled
    last = scene.layout.cell_box(*[int(v) for v in np.argwhere(goal)[-1][::-1]])
    assert _colour_at(scene.app, last.centre) == scene.app.theme.filled


def test_the_reveal_settles_trial_fills_as_fills() -> None:
    # The lesson keeps a trial fill that finished its picture: the reveal drew it as paper.
    scene = _won_heart()
    board = scene.session.board.copy()
    board.cells[board.cells == Cell.FILLED] = Cell.TRIAL_FILLED
    surface = pygame.Surface(scene.app.screen.get_size())
    RevealPainter().draw(surface, scene.layout, scene.app.theme, board, 1.0)
    y, x = (int(v) for v in np.argwhere(board.cells == Cell.TRIAL_FILLED)[0])
    colour = surface.get_at(scene.layout.cell_box(x, y).centre)
    assert (colour.r, colour.g, colour.b) == scene.app.theme.filled


def test_a_colour_picture_on_a_dark_ground_is_revealed_on_it() -> None:
    # A photo's colour puzzle whose background is its dark surround: the picture appeared on
    # white paper, as if inverted. The reveal ends on the puzzle's own ground.
    from game.core.board import fill_value
    from game.core.palette import Palette
    from game.core.puzzle import Puzzle

    ground, cream, red = (34, 36, 30), (238, 222, 202), (200, 40, 40)
    palette = Palette.of(("black", ground), ("cream", cream), ("red", red))
    grid = [[0, 1, 1, 0, 0], [1, 2, 2, 1, 0], [1, 2, 2, 1, 0], [0, 1, 1, 0, 0], [0, 0, 0, 0, 2]]
    puzzle = Puzzle.from_colour_grid(grid, palette)
    scene = open_play(puzzle)
    board = scene.session.board.copy()
    for y, row in enumerate(grid):  # the picture as the player's marks
        for x, colour in enumerate(row):
            board.cells[y, x] = fill_value(colour) if colour else Cell.CROSSED
    surface = pygame.Surface(scene.app.screen.get_size())
    RevealPainter().draw(surface, scene.layout, scene.app.theme, board, 1.0, palette)
    empty = surface.get_at(scene.layout.cell_box(4, 0).centre)
    assert (empty.r, empty.g, empty.b) == ground
    filled = surface.get_at(scene.layout.cell_box(1, 1).centre)
    assert (filled.r, filled.g, filled.b) == red
    # A white ground stays the paper.
    white = Palette.of(("white", (255, 255, 255)), ("cream", cream), ("red", red))
    RevealPainter().draw(surface, scene.layout, scene.app.theme, board, 1.0, white)
    paper = surface.get_at(scene.layout.cell_box(4, 0).centre)
    assert (paper.r, paper.g, paper.b) == scene.app.theme.cell_unknown


def _map_pixel(scene: PlayScene, x: int, y: int) -> tuple[int, int, int]:
    """The mini-map's colour at the middle of cell (x, y)."""
    box, per = scene.minimap.box, scene.minimap.per_cell
    colour = scene.app.screen.get_at((box.x + x * per + per // 2, box.y + y * per + per // 2))
    return (colour.r, colour.g, colour.b)


def test_the_mini_map_of_a_won_picture_shows_its_own_ground() -> None:
    # QA: a won colour picture on a dark ground (Mobile phone's teal wall) was revealed on
    # the board on its ground, and the mini-map beside it showed the same picture on white
    # paper. Once won, the map shows the ground too; while playing, the paper.
    from game.core.board import fill_value
    from game.core.palette import Palette
    from game.core.play.moves import Paint
    from game.core.puzzle import Puzzle

    ground, cream, red = (34, 36, 30), (238, 222, 202), (200, 40, 40)
    grid = [[0, 1, 1, 0, 0], [1, 2, 2, 1, 0], [1, 2, 2, 1, 0], [0, 1, 1, 0, 0], [0, 0, 0, 0, 2]]
    for background, won_paper in ((("black", ground), ground), (("white", (255, 255, 255)), None)):
        palette = Palette.of(background, ("cream", cream), ("red", red))
        scene = open_play(Puzzle.from_colour_grid(grid, palette))
        paper = scene.app.theme.cell_unknown
        for y, row in enumerate(grid):
            for x, colour in enumerate(row):
                if colour and (x, y) != (4, 4):
                    scene.session.apply(Paint(x, y, x, y, fill_value(colour)))
        scene.after_change()
        scene.app.step()
        assert scene.win is None
        # Playing: the background's cells are the paper, or a white ground's own white
        # (issue 48: dark colours vanished on the dark theme's paper).
        playing_paper = paper if won_paper else (255, 255, 255)
        assert _map_pixel(scene, 4, 0) == playing_paper and _map_pixel(scene, 1, 1) == red
        scene.session.apply(Paint(4, 4, 4, 4, fill_value(2)))
        scene.after_change()
        for _ in range(30):
            scene.app.step(1 / 30)
        assert scene.win is not None
        assert _map_pixel(scene, 4, 0) == (won_paper or playing_paper), background
        assert _map_pixel(scene, 1, 1) == red and _map_pixel(scene, 4, 4) == red
