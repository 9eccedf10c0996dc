"""The play scene driven by synthetic mouse and keyboard events through the App."""

from __future__ import annotations

import pygame

from game.core.board import Cell
from game.core.play.moves import Paint
from tests.shared_data import HEART
from tests.ui.play_helpers import (
    cells,
    centre,
    click,
    dialog_named,
    drag,
    key,
    move,
    open_play,
    pixel,
    press,
    release,
)

U, F, X = Cell.UNKNOWN, Cell.FILLED, Cell.CROSSED
TF, TX = Cell.TRIAL_FILLED, Cell.TRIAL_CROSSED


def test_clicks_fill_cross_and_toggle_back() -> None:
    scene = open_play()
    click(scene, 2, 0)
    click(scene, 3, 0, button=3)
    assert cells(scene, 0)[:5] == [U, U, F, X, U]
    # The pixels show it: a filled cell is the theme's fill colour, an empty one is paper.
    theme = scene.app.theme
    assert pixel(scene, 2, 0) == theme.filled
    assert pixel(scene, 4, 2) in (theme.cell_unknown,) or scene.session.board.get(4, 2) != U
    # Clicking a cell that already has that mark returns it to unknown.
    click(scene, 2, 0)
    click(scene, 3, 0, button=3)
    assert cells(scene, 0)[:5] == [U] * 5
    assert pixel(scene, 2, 0) != theme.filled


def test_right_click_on_a_fill_crosses_it_and_middle_or_shift_click_clears() -> None:
    scene = open_play()
    click(scene, 1, 0)
    click(scene, 1, 0, button=3)
    assert scene.session.board.get(1, 0) == X
    click(scene, 1, 0, button=2)
    assert scene.session.board.get(1, 0) == U
    click(scene, 4, 0)
    click(scene, 4, 0, mod=pygame.KMOD_SHIFT)
    assert scene.session.board.get(4, 0) == U
    # Shift held as a key (as a real keyboard reports it) works the same.
    click(scene, 5, 0, button=3)
    scene.app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=0, unicode=""))
    click(scene, 5, 0)
    assert scene.session.board.get(5, 0) == U


def test_a_drag_is_one_move_snapped_to_its_main_axis() -> None:
    scene = open_play()
    history = len(scene.session.history)
    drag(scene, (1, 0), (6, 1))  # mostly across: stays on row 0
    assert cells(scene, 0) == [U, F, F, F, F, F, F, U, U, U]
    assert cells(scene, 1).count(F) == 0
    assert len(scene.session.history) == history + 1
    key(scene, pygame.K_z, pygame.KMOD_CTRL)
    assert cells(scene, 0) == [U] * 10


def test_a_fast_drag_paints_every_cell_between_its_ends() -> None:
    scene = open_play()
    # Down on row 0, one motion event to the far end of the column, release there.
    drag(scene, (0, 0), (0, 9), button=3)
    column = [scene.session.board.get(0, y) for y in range(10)]
    assert column == [X] * 10
    # Backwards, and with the release far outside the grid: clamped to the edge cell.
    press(scene, centre(scene, 9, 0), 1)
    move(scene, (0, centre(scene, 9, 0)[1]))
    release(scene, (0, centre(scene, 9, 0)[1]), 1)
    scene.app.step()
    assert cells(scene, 0) == [X] + [F] * 9


def test_a_drag_from_an_unknown_cell_never_overwrites_marks() -> None:
    scene = open_play()
    click(scene, 3, 0, button=3)
    click(scene, 5, 0)
    drag(scene, (0, 0), (7, 0), button=1)
    assert cells(scene, 0) == [F, F, F, X, F, F, F, F, U, U]


def test_a_drag_from_a_marked_cell_clears_that_mark_as_far_as_it_runs() -> None:
    scene = open_play()
    drag(scene, (0, 0), (5, 0))
    click(scene, 7, 0)
    drag(scene, (2, 0), (9, 0))  # starts on a fill: clears fills from 2 up to 5, not 7
    assert cells(scene, 0) == [F, F, U, U, U, U, U, F, U, U]
    assert len(scene.session.history) == 3


def test_the_drag_is_previewed_and_only_committed_on_release() -> None:
    scene = open_play()
    theme = scene.app.theme
    press(scene, centre(scene, 1, 0))
    move(scene, centre(scene, 4, 0))
    scene.app.step()
    assert cells(scene, 0) == [U] * 10
    preview = scene.grid_view.overlays.preview
    assert preview is not None and sorted(preview.cells) == [(x, 0) for x in range(1, 5)]
    shown = pixel(scene, 3, 0)
    assert shown not in (theme.cell_unknown, theme.filled)  # a translucent fill
    release(scene, centre(scene, 4, 0))
    scene.app.step()
    assert cells(scene, 0)[:6] == [U, F, F, F, F, U]
    assert scene.grid_view.overlays.preview is None
    assert pixel(scene, 3, 0) == theme.filled


def test_undo_and_redo_keys() -> None:
    scene = open_play()
    click(scene, 0, 0)
    click(scene, 1, 0)
    key(scene, pygame.K_z, pygame.KMOD_CTRL)
    assert cells(scene, 0)[:2] == [F, U]
    key(scene, pygame.K_z, pygame.KMOD_CTRL)
    assert cells(scene, 0)[:2] == [U, U]
    key(scene, pygame.K_y, pygame.KMOD_CTRL)
    assert cells(scene, 0)[:2] == [F, U]
    key(scene, pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert cells(scene, 0)[:2] == [F, F]
    # The buttons do the same.
    scene.app.feed(
        pygame.event.Event(
            pygame.MOUSEBUTTONDOWN, pos=scene.chrome.buttons.undo.rect.center, button=1
        )
    )
    scene.app.feed(
        pygame.event.Event(
            pygame.MOUSEBUTTONUP, pos=scene.chrome.buttons.undo.rect.center, button=1
        )
    )
    scene.app.step()
    assert cells(scene, 0)[:2] == [F, U]


def test_trial_marks_keep_and_drop_are_one_move_each() -> None:
    scene = open_play()
    click(scene, 0, 0)
    key(scene, pygame.K_t)
    assert scene.trial_mode
    drag(scene, (1, 0), (3, 0))
    click(scene, 4, 0, button=3)
    click(scene, 0, 0)  # a real fill is not covered by a trial mark
    assert cells(scene, 0)[:5] == [F, TF, TF, TF, TX]
    theme = scene.app.theme
    assert pixel(scene, 2, 0) == theme.trial_filled
    before = len(scene.session.history)
    key(scene, pygame.K_k)
    assert cells(scene, 0)[:5] == [F, F, F, F, X]
    assert not scene.trial_mode
    assert len(scene.session.history) == before + 1
    key(scene, pygame.K_z, pygame.KMOD_CTRL)
    assert cells(scene, 0)[:5] == [F, TF, TF, TF, TX]
    key(scene, pygame.K_d)
    assert cells(scene, 0)[:5] == [F, U, U, U, U]
    assert len(scene.session.history) == before + 1


def test_keyboard_play_with_cursor_marks_and_painting_while_moving() -> None:
    scene = open_play()
    assert scene.cursor == (0, 0)
    key(scene, pygame.K_RIGHT)
    key(scene, pygame.K_SPACE)
    key(scene, pygame.K_RIGHT)
    key(scene, pygame.K_x)
    assert cells(scene, 0)[:3] == [U, F, X]
    key(scene, pygame.K_c)
    assert scene.session.board.get(2, 0) == U
    # Shift+arrows repeat the last mark (clear) ... so make a fill first, then paint on.
    key(scene, pygame.K_z)
    for _ in range(3):
        key(scene, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert cells(scene, 0)[:6] == [U, F, F, F, F, F]
    assert scene.cursor == (5, 0)
    # Holding a mark key while moving paints too.
    key(scene, pygame.K_DOWN)
    key(scene, pygame.K_x, up=False)
    key(scene, pygame.K_DOWN)
    key(scene, pygame.K_DOWN)
    scene.app.feed(pygame.event.Event(pygame.KEYUP, key=pygame.K_x, mod=0, unicode=""))
    key(scene, pygame.K_DOWN)
    column = [scene.session.board.get(5, y) for y in range(5)]
    assert column[1:] == [X, X, X, U]
    # The cursor stays on the board.
    for _ in range(20):
        key(scene, pygame.K_LEFT)
    assert scene.cursor == (0, 4)


def test_cursor_is_drawn_and_its_clues_highlighted() -> None:
    scene = open_play()
    key(scene, pygame.K_DOWN)
    key(scene, pygame.K_DOWN)
    assert scene.grid_view.highlight_row == 2 and scene.grid_view.highlight_column == 0
    box = scene.layout.cell_box(0, 2)
    edge = scene.app.screen.get_at((box.x + 1, box.centre[1]))
    assert (edge.r, edge.g, edge.b) == scene.app.theme.cursor
    strip = scene.layout.row_clue_box(2)
    colour = scene.app.screen.get_at((strip.x + 2, strip.y + 3))
    assert (colour.r, colour.g, colour.b) == scene.app.theme.highlight


def test_win_stops_the_clock_saves_the_best_time_and_offers_next() -> None:
    scene = open_play(HEART, next_puzzles=[HEART])
    app = scene.app
    app.step(0.25)
    goal = HEART.goal_array()
    assert goal is not None
    for y in range(5):
        for x in range(5):
            if goal[y, x]:
                assert scene.win is None
                click(scene, x, y)
    assert scene.session.solved and scene.win is not None
    won_at = scene.session.elapsed
    for _ in range(10):
        app.step(0.2)
    assert scene.session.elapsed == won_at
    record = app.store.record(HEART.fingerprint())
    assert record.solved and record.best_time == won_at
    assert record.session is None
    assert scene.win.new_best and scene.next_button.enabled
    # After the reveal the crosses are gone and the picture stands: filled cells meet.
    theme = app.theme
    box = scene.layout.cell_box(1, 1)
    between = app.screen.get_at((box.right, box.centre[1]))
    assert (between.r, between.g, between.b) != theme.grid_line
    # Input on the grid does nothing any more.
    click(scene, 0, 0)
    assert scene.session.board.get(0, 0) == U
    # "Next puzzle" opens the next one.
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    app.step()
    assert app.top is not scene and type(app.top).__name__ == "PlayScene"


def test_a_second_win_reports_the_best_time_kept() -> None:
    scene = open_play(HEART)
    app = scene.app
    app.store.mark_solved(HEART.fingerprint(), 1.0)
    scene.session.apply(Paint(0, 1, 4, 2, F))
    scene.session.apply(Paint(1, 3, 3, 3, F))
    scene.session.apply(Paint(1, 0, 1, 0, F))
    scene.session.apply(Paint(3, 0, 3, 0, F))
    for _ in range(8):
        app.step(0.25)  # the app caps one frame at a quarter of a second
    line = scene.regions.help_line

    def help_colours() -> set[tuple[int, int, int]]:
        screen = app.screen
        return {
            tuple(screen.get_at((x, y)))[:3]  # type: ignore[misc]
            for x in range(line.x, line.right, 3)
            for y in range(line.y, line.bottom)
        }

    assert len(help_colours()) > 2  # the controls are written there while playing
    click(scene, 2, 4)
    assert scene.win is not None and not scene.win.new_best
    assert app.store.record(HEART.fingerprint()).best_time == 1.0
    app.step(0.1)
    assert help_colours() == {app.theme.background}  # and gone on the win screen


def test_timer_pauses_without_focus_and_under_the_pause_menu() -> None:
    scene = open_play()
    app = scene.app
    app.step(1.0)
    start = scene.session.elapsed
    app.feed(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    app.step(1.0)
    app.step(1.0)
    assert scene.session.elapsed == start
    app.feed(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    app.step(0.2)
    assert abs(scene.session.elapsed - start - 0.2) < 1e-9
    key(scene, pygame.K_ESCAPE)
    assert dialog_named(app, "pause") and scene.paused
    paused_at = scene.session.elapsed
    app.step(1.0)
    assert scene.session.elapsed == paused_at
    # Clicks on the grid do nothing while paused; Esc resumes.
    click(scene, 0, 0)
    assert scene.session.board.get(0, 0) == U
    key(scene, pygame.K_ESCAPE)
    assert app.top is scene and not scene.paused
    app.step(1.0)
    assert scene.session.elapsed > paused_at


def test_reset_asks_first_and_is_one_undoable_move() -> None:
    scene = open_play()
    drag(scene, (0, 0), (4, 0))
    click(scene, 0, 3, button=3)
    scene.ask_reset()
    scene.app.step()
    assert dialog_named(scene.app, "reset") and not scene.paused
    scene.app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    scene.app.step()
    assert not scene.session.board.known_mask().any()
    key(scene, pygame.K_z, pygame.KMOD_CTRL)
    assert cells(scene, 0)[:5] == [F] * 5 and scene.session.board.get(0, 3) == X


def test_the_clock_runs_on_while_clear_the_board_waits() -> None:
    scene = open_play()
    click(scene, 0, 0)
    scene.ask_reset()
    scene.app.step()
    assert dialog_named(scene.app, "reset")
    before = scene.session.elapsed
    scene.app.step(0.2)
    assert abs(scene.session.elapsed - before - 0.2) < 1e-9
    key(scene, pygame.K_ESCAPE)  # Cancel: nothing cleared
    assert scene.app.top is scene and scene.session.board.get(0, 0) == F


def test_pause_menu_keys_move_between_buttons_and_cancel_returns_to_it() -> None:
    scene = open_play()
    app = scene.app
    key(scene, pygame.K_ESCAPE)
    key(scene, pygame.K_DOWN)  # Resume -> Restart
    key(scene, pygame.K_RETURN)
    assert dialog_named(app, "restart") and scene.paused
    key(scene, pygame.K_ESCAPE)  # "restart?" cancelled: back to the pause menu
    assert dialog_named(app, "pause") and scene.paused
    key(scene, pygame.K_TAB)
    key(scene, pygame.K_TAB)
    key(scene, pygame.K_TAB)  # Resume -> Restart -> Level select -> Menu
    assert dialog_named(app, "pause").focus.focused is dialog_named(app, "pause").button("Menu")


def test_pause_menu_restart_starts_afresh() -> None:
    scene = open_play()
    click(scene, 0, 0)
    scene.app.step(3.0)
    key(scene, pygame.K_ESCAPE)
    dialog_named(scene.app, "pause").button("Restart").activate()
    scene.app.step()
    dialog_named(scene.app, "restart").button("Restart").activate()
    assert not scene.session.can_undo and scene.session.elapsed == 0.0
    scene.app.step()
    assert scene.app.top is scene  # back in the game, not the pause menu
    assert cells(scene, 0)[0] == U


def test_solve_opens_the_replay_over_the_game_and_the_clock_waits() -> None:
    import importlib.util

    scene = open_play()
    click(scene, 0, 0)
    scene.chrome.buttons.solve.activate()
    scene.app.step()
    if importlib.util.find_spec("game.ui.scenes.replay.scene") is None:
        assert scene.app.top is scene and scene.app.toasts.texts
        return
    assert type(scene.app.top).__name__ == "ReplayScene"
    assert scene.app.store.record(scene.key).session is not None  # saved on the way out
    elapsed = scene.session.elapsed
    scene.app.step(0.25)
    assert scene.session.elapsed == elapsed
    scene.app.pop()
    scene.app.step(0.25)
    assert scene.app.top is scene and scene.session.elapsed > elapsed
    assert scene.session.board.get(0, 0) == F


def test_watch_the_solver_is_named_so_and_the_game_clock_stands_still_behind_it() -> None:
    from game.ui.scenes.replay.scene import ReplayScene

    scene = open_play()
    app = scene.app
    assert scene.chrome.buttons.solve.label == "Watch the solver"
    click(scene, 0, 0)
    app.step(0.5)
    elapsed = scene.session.elapsed
    scene.chrome.buttons.solve.activate()
    app.step(0.1)
    replay = app.top
    assert isinstance(replay, ReplayScene)
    # The replay plays (Space) for a while, in frames long and short, then Esc goes back.
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    for dt in (0.016, 0.25, 1.0, 0.05) * 10:
        app.step(dt)
    assert scene.session.elapsed == elapsed
    assert not scene.clock_running
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.step(0.1)
    assert app.top is scene
    # Only the frames after coming back count (the first one applies the switch).
    app.step(0.2)
    assert scene.session.elapsed - elapsed <= 0.3 + 1e-9


def test_pause_menu_goes_back_to_level_select_or_the_menu() -> None:
    from game.ui.app import App
    from game.ui.scenes.levels.select import LevelSelectScene
    from game.ui.scenes.menu.scene import MenuScene

    app = App(headless=True)
    app.push(MenuScene(app))
    app.push(LevelSelectScene(app))
    app.step()
    scene = open_play(app=app)
    click(scene, 0, 0)
    key(scene, pygame.K_ESCAPE)
    dialog_named(app, "pause").button("Level select").activate()
    app.step()
    assert isinstance(app.top, LevelSelectScene)
    # Leaving saved the game at once.
    assert app.store.record(scene.key).session is not None
    scene = open_play(app=app)
    assert scene.session.board.get(0, 0) == F  # resumed
    key(scene, pygame.K_ESCAPE)
    dialog_named(app, "pause").button("Menu").activate()
    app.step()
    assert isinstance(app.top, MenuScene) and len(app.scenes) == 1


def test_a_resized_window_lays_the_board_out_again() -> None:
    scene = open_play()
    before = scene.layout.cell
    scene.app.feed(pygame.event.Event(pygame.VIDEORESIZE, size=(1900, 1060), w=1900, h=1060))
    scene.app.step()
    assert scene.app.screen_size == (1900, 1060)
    assert scene.layout.cell > before
    click(scene, 6, 3)
    assert scene.session.board.get(6, 3) == F
    assert pixel(scene, 6, 3) == scene.app.theme.filled


def test_a_puzzle_with_nothing_to_fill_is_won_on_opening() -> None:
    from game.core.puzzle import Puzzle

    empty = Puzzle(3, 2, ((), ()), ((), (), ()))
    scene = open_play(empty)
    assert scene.win is not None
    assert scene.app.store.record(empty.fingerprint()).solved


def test_zoom_scrolls_the_board_under_pinned_clues() -> None:
    from game.core.puzzle import Puzzle

    big = Puzzle.from_grid([[(x * y + x) % 5 == 0 for x in range(60)] for y in range(60)])
    scene = open_play(big)
    fitted = scene.layout.cell
    assert not scene.layout.scrollable
    for _ in range(4):
        key(scene, pygame.K_EQUALS)
    layout = scene.layout
    assert layout.cell > fitted and layout.scrollable
    # The clue strips stay at the view's edges while the board scrolls.
    strip_x = layout.row_clue_box(0).x
    scene.app.feed(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
    scene.app.step()
    assert scene.layout.top < layout.top and scene.layout.row_clue_box(0).x == strip_x
    # A click lands on the cell drawn under the pointer.
    view = scene.layout.cells_view
    target = scene.layout.cell_at((view.x + view.w // 2, view.y + view.h // 2))
    assert target is not None
    click(scene, *target)
    assert scene.session.board.get(*target) == F
    assert pixel(scene, *target) == scene.app.theme.filled
    # Nothing under a pinned clue strip counts as a cell.
    hidden_y = scene.layout.cells_view.y - 2
    assert scene.layout.cell_at((view.x + 5, hidden_y)) is None
    # The keyboard cursor pulls the view along.
    for _ in range(59):
        key(scene, pygame.K_DOWN)
    bottom = scene.layout.cell_box(scene.cursor[0], 59)
    assert scene.layout.cells_view.contains(*bottom.centre)
    # 0 fits the whole board again.
    key(scene, pygame.K_0)
    assert scene.layout.cell == fitted and not scene.layout.scrollable


def test_next_puzzle_after_a_packs_last_goes_on_to_the_next_pack() -> None:
    """QA: "Next puzzle" on a pack's last puzzle was disabled."""
    from game.core.formats import read_puzzle
    from game.core.store.packs import list_packs, puzzle_files
    from game.resources import levels_dir
    from game.ui.app import App
    from game.ui.scenes.play.scene import PlayScene

    first, second = list_packs(levels_dir())[:2]
    last = puzzle_files(first.directory)[-1]
    puzzle = read_puzzle(last)
    app = App(headless=True)
    # The next pack's first puzzle already solved: the second one is where it goes.
    following = puzzle_files(second.directory)[:2]
    app.store.mark_solved(read_puzzle(following[0]).fingerprint(), 30.0)
    assert app.open_level_file(last)
    app.step()
    scene = app.top
    assert isinstance(scene, PlayScene) and not scene.next_puzzles
    goal = puzzle.goal_array()
    assert goal is not None
    for y, x in zip(*goal.nonzero(), strict=True):
        scene.session.apply(Paint(int(x), int(y), int(x), int(y), F))
    scene.after_change()
    assert scene.win is not None
    assert scene.next_button.enabled and scene.next_button.label == "Next pack"
    assert scene.exits.next_pack_name == f"{second.name} #2"
    scene.exits.next_puzzle()
    app.step()
    going = app.top
    assert isinstance(going, PlayScene) and going is not scene
    assert going.path == following[1]
    assert going.place is not None and going.place.pack == second.name
    assert going.place.number == 2
