"""Big boards are comfortable: readable clues at 30x30, a side panel that gives way, zoom and
pan that a player finds, a drag that scrolls at the board's edge, the drag counter, the
window's minimum size, and a play screen that sits still when nothing changes."""

from __future__ import annotations

import pygame
import pytest

from game.core.board import Cell
from game.core.formats import read_puzzle
from game.core.puzzle import Puzzle
from game.resources import levels_dir
from game.ui.app import App
from game.ui.layout import (
    CLUE_FLOOR_PX,
    CLUE_INK_PX,
    Box,
    compute_board_layout,
    compute_play_regions,
    digit_height,
)
from game.ui.scenes.play.scene import PlayScene
from game.ui.settings import PLAY_PANEL
from game.ui.widgets.grid_view import Flash
from game.ui.window import MIN_WINDOW
from tests.ui.play_helpers import centre, key, move, open_play, press, release

THIRTY = sorted((levels_dir() / "06-thirty").glob("*.non"))


def thirty(index: int = 2) -> Puzzle:
    return read_puzzle(THIRTY[index])


def big_app(size: tuple[int, int] = (1280, 800)) -> App:
    return App(headless=True, size=size)


def click_at(scene: PlayScene, pos: tuple[int, int], button: int = 1) -> None:
    move(scene, pos, (0, 0, 0))
    press(scene, pos, button)
    release(scene, pos, button)
    scene.app.step()


# --- readable clues --------------------------------------------------------------------------


def _ink_heights(scene: PlayScene, box: Box) -> list[int]:
    """The heights of the inked bands (digits) inside ``box`` on screen, top to bottom: rows
    with a pixel much darker than the clue strip's ground."""
    screen = scene.app.screen
    ground = sum(scene.app.theme.background)
    inked = [
        any(sum(screen.get_at((px, py))[:3]) < ground - 300 for px in range(box.x, box.right))
        for py in range(box.y, box.bottom)
    ]
    bands, run = [], 0
    for ink in [*inked, False]:
        if ink:
            run += 1
        elif run:
            bands.append(run)
            run = 0
    return bands


@pytest.mark.parametrize("index", range(5))
def test_a_30x30_at_1280x800_with_the_panel_hidden_has_14px_clue_digits(index: int) -> None:
    """QA: clue digits were about 10 px high on a 30x30 at 1280x800. Measured on screen: every
    row clue's digits and every column clue number (two-digit ones condensed, not shrunk)
    are at least 14 px high, and the whole board still fits."""
    assert len(THIRTY) == 5
    app = big_app()
    app.set_setting(PLAY_PANEL, False)
    puzzle = thirty(index)
    scene = open_play(puzzle, app)
    scene.show_cursor = False
    scene.cursor = (29, 29)  # its highlight band is not measured
    app.step()
    layout = scene.layout
    assert not layout.scrollable and layout.cell >= 19
    heights = []
    # An empty line's "0" is greyed as done from the start: the dark numbers are measured.
    for y in range(29):
        if puzzle.row_clues[y]:
            heights += _ink_heights(scene, layout.row_clue_box(y))
    for x in range(29):
        clue = puzzle.column_clues[x]
        if not clue:
            continue
        box = layout.column_clue_box(x)
        bands = _ink_heights(scene, Box(box.x, box.y, box.w, box.h - layout.gap))
        assert len(bands) == len(clue), (x, clue, bands)  # stacked numbers stay apart
        heights += bands
    assert min(heights) >= CLUE_INK_PX, (min(heights), layout.cell)


def test_clue_slots_grow_with_the_floor_but_small_cells_scale_as_before() -> None:
    puzzle = thirty()
    area = compute_play_regions(1280, 800, panel=False).board_area
    layout = compute_board_layout(
        area, 30, 30, puzzle.row_clues, puzzle.column_clues, cell=20, scroll=(0, 0)
    )
    assert layout.clue_font_px == CLUE_FLOOR_PX
    assert layout.column_slot >= digit_height(CLUE_FLOOR_PX) + 2
    tiny = compute_board_layout(
        area, 30, 30, puzzle.row_clues, puzzle.column_clues, cell=8, scroll=(0, 0)
    )
    assert tiny.clue_font_px < 8 and tiny.column_slot == round(8 * 0.74)


# --- the side panel --------------------------------------------------------------------------


def test_p_hides_the_panel_the_board_takes_its_room_and_the_choice_is_kept() -> None:
    app = big_app()
    scene = open_play(thirty(), app)
    shown = scene.layout
    assert scene.regions.panel_shown and scene.regions.help_line.h > 0
    key(scene, pygame.K_p)
    assert not scene.regions.panel_shown and scene.regions.help_line.h == 0
    assert shown.view is not None and scene.regions.board_area.w > shown.view.w
    assert scene.layout.cell > shown.cell
    # Nothing of the hidden panel can be clicked.
    assert all(button.rect.w == 0 for button in scene.play_buttons)
    assert app.setting(PLAY_PANEL) is False
    # The next game starts with it hidden; the rail's button brings it back.
    again = PlayScene(app, thirty(1))
    app.replace(again)
    app.step()
    assert not again.regions.panel_shown
    click_at(again, again.rail.panel_button.rect.center)
    assert again.regions.panel_shown and app.setting(PLAY_PANEL) is True


def test_a_win_shows_the_hidden_panel_with_its_result() -> None:
    app = big_app()
    app.set_setting(PLAY_PANEL, False)
    puzzle = Puzzle.from_grid([[1, 1], [0, 1]])
    scene = open_play(puzzle, app)
    assert not scene.regions.panel_shown
    for x, y in ((0, 0), (1, 0), (1, 1)):
        click_at(scene, centre(scene, x, y))
    assert scene.win is not None
    assert scene.regions.panel_shown and scene.next_button.rect.w > 0
    assert app.setting(PLAY_PANEL) is False  # the player's choice is unchanged


# --- zoom and pan ----------------------------------------------------------------------------


def test_in_a_900x600_window_the_rail_zooms_pans_and_fits() -> None:
    app = big_app((900, 600))
    scene = open_play(thirty(), app)
    fitted = scene.layout.cell
    assert not scene.rail.fit_button.enabled and not scene.rail.zoom_out_button.enabled
    for _ in range(2):
        click_at(scene, scene.rail.zoom_in_button.rect.center)
    layout = scene.layout
    assert layout.cell >= 22 and layout.cell > fitted and layout.scrollable
    assert scene.grid_view._font_px >= CLUE_FLOOR_PX  # readable once zoomed
    strip = (layout.strip_x, layout.strip_y)
    before = layout.scroll
    click_at(scene, scene.rail.pan_buttons[(0, 1)].rect.center)
    click_at(scene, scene.rail.pan_buttons[(1, 0)].rect.center)
    after = scene.layout
    assert after.scroll[0] > before[0] and after.scroll[1] > before[1]
    # The clues stay where they are (sticky) while the cells move under them.
    assert (after.strip_x, after.strip_y) == strip
    click_at(scene, scene.rail.fit_button.rect.center)
    assert scene.layout.cell == fitted and not scene.layout.scrollable


def test_the_wheel_zooms_a_board_that_fits_and_scrolls_one_that_does_not() -> None:
    app = big_app((900, 600))
    scene = open_play(thirty(), app)
    fitted = scene.layout.cell
    inside = centre(scene, 15, 15)
    move(scene, inside, (0, 0, 0))
    app.feed(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.step()
    assert scene.layout.cell > fitted and scene.layout.scrollable
    top = scene.layout.top
    app.feed(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    app.step()
    assert scene.layout.top < top  # now it scrolls down
    assert scene.layout.cell > fitted


def _zoomed_to_the_far_corner() -> tuple[App, PlayScene]:
    """A 30x30 board zoomed in twice and scrolled as far as it goes, in a 900x600 window."""
    app = big_app((900, 600))
    scene = open_play(thirty(), app)
    key(scene, pygame.K_EQUALS)
    key(scene, pygame.K_EQUALS)
    scene.scroll_by(10_000, 10_000)
    app.step()
    return app, scene


def test_a_middle_drag_moves_the_view_and_a_middle_click_still_clears() -> None:
    app, scene = _zoomed_to_the_far_corner()
    before = scene.layout.scroll
    start = scene.layout.cells_view.centre
    press(scene, start, 2)
    move(scene, (start[0] + 60, start[1] + 40), (0, 1, 0))
    release(scene, (start[0] + 60, start[1] + 40), 2)
    app.step()
    # The board follows the hand: dragged right and down, the view goes left and up.
    assert scene.layout.scroll == (before[0] - 60, before[1] - 40)
    assert not scene.session.board.known_mask().any()  # a pan paints nothing
    cell = scene.layout.cell_at(start)
    assert cell is not None
    scene.session.board.set(*cell, Cell.FILLED)
    click_at(scene, start, 2)
    assert scene.session.board.get(*cell) == Cell.UNKNOWN


def _space(scene: PlayScene, down: bool) -> None:
    kind = pygame.KEYDOWN if down else pygame.KEYUP
    scene.app.feed(pygame.event.Event(kind, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    scene.app.step()


def test_space_and_a_left_drag_move_the_view_and_fill_nothing() -> None:
    app, scene = _zoomed_to_the_far_corner()
    before = scene.layout.scroll
    start = scene.layout.cells_view.centre
    move(scene, start, (0, 0, 0))
    app.step()
    _space(scene, True)
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    app.step()  # the key's auto-repeat changes nothing
    press(scene, start, 1)
    move(scene, (start[0] + 50, start[1] + 30))
    move(scene, (start[0] + 70, start[1] + 45))
    release(scene, (start[0] + 70, start[1] + 45), 1)
    app.step()
    _space(scene, False)
    assert scene.layout.scroll == (before[0] - 70, before[1] - 45)
    assert not scene.session.board.known_mask().any()  # neither the press nor Space filled
    assert scene.drag is None and scene.pen.drag is None
    # Without Space the left button paints again.
    click_at(scene, start)
    assert scene.session.board.get(*scene.cursor) == Cell.FILLED


def test_space_alone_still_fills_and_paints_with_the_arrows() -> None:
    app = big_app()
    scene = open_play(thirty(), app)
    over = centre(scene, 3, 4)
    move(scene, over, (0, 0, 0))  # the pointer rests on the board
    app.step()
    assert scene.cursor == (3, 4)
    key(scene, pygame.K_SPACE)  # a tap: the fill comes with the key's release
    assert scene.session.board.get(3, 4) == Cell.FILLED
    # Held with arrows it paints along, from the cell it went down on.
    move(scene, centre(scene, 3, 10), (0, 0, 0))
    _space(scene, True)
    assert scene.session.board.get(3, 10) == Cell.UNKNOWN  # not yet: it may be a drag
    key(scene, pygame.K_DOWN)
    assert scene.session.board.get(3, 10) == Cell.FILLED
    key(scene, pygame.K_DOWN)
    _space(scene, False)
    column = [scene.session.board.get(3, y) for y in (10, 11, 12, 13)]
    assert column == [Cell.FILLED, Cell.FILLED, Cell.FILLED, Cell.UNKNOWN]
    # Off the board, Space fills the cursor's cell at once, as it always did.
    move(scene, (2, 2), (0, 0, 0))
    key(scene, pygame.K_RIGHT)
    key(scene, pygame.K_SPACE, up=False)
    assert scene.session.board.get(4, 12) == Cell.FILLED
    _space(scene, False)
    assert scene.session.board.get(4, 12) == Cell.FILLED  # its release adds nothing


def test_plus_and_minus_zoom_and_0_fits() -> None:
    app = big_app()
    scene = open_play(thirty(), app)
    fitted = scene.layout.cell
    for code in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
        before = scene.layout.cell
        key(scene, code)
        assert scene.layout.cell > before, pygame.key.name(code)
    for code in (pygame.K_MINUS, pygame.K_KP_MINUS):
        before = scene.layout.cell
        key(scene, code)
        assert scene.layout.cell < before, pygame.key.name(code)
    key(scene, pygame.K_0)
    assert scene.layout.cell == fitted and not scene.layout.scrollable


# --- edge scrolling and the drag counter ---------------------------------------------------


def test_a_stroke_held_at_the_edge_scrolls_the_board_and_follows_it() -> None:
    app = big_app((900, 600))
    scene = open_play(thirty(), app)
    for _ in range(3):
        key(scene, pygame.K_EQUALS)
    scene.scroll_by(-10_000, -10_000)
    assert scene.layout.scroll == (0, 0)
    view = scene.layout.cells_view
    start = scene.layout.cell_at((view.x + 40, view.y + 40))
    assert start is not None
    press(scene, centre(scene, *start))
    edge = (view.right - 2, view.y + 40)  # at the right edge of the cells in view
    move(scene, edge)
    app.step(1 / 60)
    first = scene.drag
    assert first is not None
    reached = first.current[0]
    # Time passes with the pointer still: the view scrolls on (an injected frame time, no
    # sleeping) and the stroke reaches the cells that come into view.
    assert app.wake_in() == 0.0
    for _ in range(10):
        app.step(0.1)
    assert scene.layout.scroll[0] > 0
    drag = scene.drag
    assert drag is not None and drag.current[0] > reached
    assert scene.drag_count == drag.current[0] - start[0] + 1
    release(scene, edge)
    app.step(1 / 60)
    assert scene.drag is None and scene.drag_count == 0
    row = [scene.session.board.get(x, start[1]) for x in range(start[0], drag.current[0] + 1)]
    assert row == [Cell.FILLED] * len(row)
    # At rest in the middle of the view nothing scrolls.
    scroll = scene.layout.scroll
    app.step(0.5)
    assert scene.layout.scroll == scroll


def test_the_drag_counter_counts_the_cells_of_the_stroke() -> None:
    app = big_app()
    scene = open_play(thirty(), app)
    press(scene, centre(scene, 3, 5))
    move(scene, centre(scene, 9, 6))  # snapped to the row: columns 3 to 9
    app.step()
    assert scene.drag_count == 7
    move(scene, centre(scene, 3, 0))  # up the column now: rows 5 to 0
    app.step()
    assert scene.drag_count == 6
    # The number is drawn by the pointer: the tag's colour is there.
    x, y = app.mouse_pos
    offset = app.scaled(18)
    tag = app.screen.get_at((x + offset + 4, y + offset + app.scaled(12)))[:3]
    assert tag == app.theme.toast
    release(scene, centre(scene, 3, 0))
    app.step()
    assert scene.drag_count == 0


# --- the window and idle ---------------------------------------------------------------------


def test_the_window_keeps_its_minimum_size_after_a_resize() -> None:
    app = big_app((900, 600))
    app._resized((500, 400))
    assert app.screen_size == MIN_WINDOW
    assert tuple(app.window.minimum_size) == MIN_WINDOW


def test_the_play_screen_wakes_for_its_clock_and_sleeps_when_paused() -> None:
    app = big_app()
    scene = open_play(thirty(), app)
    scene.session.elapsed = 12.25
    assert scene.wake_in() == pytest.approx(0.75)
    # Pumped like the real loop for half a second: the clock's second has not changed,
    # nothing is drawn.
    app.pump(1 / 60)
    scene.session.elapsed = 12.25
    drawn = [app.pump(1 / 60) for _ in range(30)]
    assert not any(drawn)
    drawn = [app.pump(1 / 60) for _ in range(30)]
    assert drawn.count(True) == 1  # 13 s shows
    scene.focus_lost = True
    assert scene.wake_in() is None
    scene.focus_lost = False
    scene.set_ui(flash=Flash([(0, 0)], 1.0))  # wrong marks blinking after a check
    assert scene.wake_in() == 0.0
