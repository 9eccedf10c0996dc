"""Autosave and resume, checks and hints in the play scene."""

from __future__ import annotations

import pygame

from game.core.board import Cell
from game.core.play.moves import Paint
from game.core.puzzle import Puzzle
from game.ui.app import App
from game.ui.input import Kind
from game.ui.input.event import pointer
from game.ui.settings import AUTO_CHECK
from tests.shared_data import HEART
from tests.ui.play_helpers import WIDE, cells, click, drag, key, open_play

U, F, X = Cell.UNKNOWN, Cell.FILLED, Cell.CROSSED


def test_moves_are_saved_after_a_pause_and_resume_in_a_new_app() -> None:
    scene = open_play(WIDE, path="/levels/stripes.non")
    app = scene.app
    drag(scene, (0, 0), (4, 0), button=3)
    click(scene, 0, 1)
    key(scene, pygame.K_t)
    click(scene, 3, 1)
    key_name = WIDE.fingerprint()
    assert app.store.record(key_name).session is None  # debounced: not yet
    for _ in range(6):
        app.step(0.25)
    saved = app.store.record(key_name).session
    assert saved is not None and len(saved["history"]) == 3
    assert app.store.last_played == key_name
    elapsed = saved["elapsed"]
    assert 1.0 <= elapsed <= scene.session.elapsed

    fresh = App(headless=True)  # same HANJIE_HOME: reads the file the first one wrote
    resumed = open_play(WIDE, app=fresh)
    assert cells(resumed, 0)[:6] == [X, X, X, X, X, U]
    assert resumed.session.board.get(3, 1) == Cell.TRIAL_FILLED
    assert resumed.trial_mode  # trial marks on the board: trial mode is back on
    assert abs(resumed.session.elapsed - elapsed) < 0.05
    # The undo history came back too.
    key(resumed, pygame.K_z, pygame.KMOD_CTRL)
    key(resumed, pygame.K_z, pygame.KMOD_CTRL)
    assert resumed.session.board.get(0, 1) == U
    key(resumed, pygame.K_z, pygame.KMOD_CTRL)
    assert cells(resumed, 0)[:6] == [U] * 6


def test_quitting_saves_at_once() -> None:
    scene = open_play(WIDE)
    click(scene, 2, 2)
    scene.app.request_quit()
    fresh = App(headless=True)
    record = fresh.store.record(WIDE.fingerprint())
    assert record.session is not None and record.session["history"] == ["P 2 2 2 2 F u"]


def test_leaving_the_scene_saves_and_an_emptied_board_forgets_the_game() -> None:
    scene = open_play(WIDE)
    app = scene.app
    click(scene, 2, 2)
    app.pop()
    app.step()
    assert app.store.record(WIDE.fingerprint()).session is not None
    again = open_play(WIDE, app=app)
    again.restart()
    assert app.store.record(WIDE.fingerprint()).session is None


def test_a_damaged_saved_game_is_ignored_with_a_message() -> None:
    app = App(headless=True)
    app.store.save_session(WIDE.fingerprint(), {"version": 1, "board": "nonsense"})
    app.store.save_session(HEART.fingerprint(), {"version": 1, "board": "kept"})
    scene = open_play(WIDE, app=app)
    assert not scene.session.board.known_mask().any()
    assert any("could not be read" in text for text in app.toasts.texts)
    # The rest of the progress is untouched.
    assert app.store.record(HEART.fingerprint()).session == {"version": 1, "board": "kept"}
    click(scene, 0, 0)
    for _ in range(6):
        app.step(0.25)
    saved = app.store.record(WIDE.fingerprint()).session
    assert saved is not None and saved["history"] == ["P 0 0 0 0 F u"]


def test_a_damaged_saved_game_is_kept_in_a_file_of_its_own() -> None:
    # QA: a saved game that could not be resumed (its width hand-edited to 999) was dropped
    # from the progress file on leaving the puzzle, before any move: the player's moves
    # were gone for good. Now they are written aside first, and the toast names the file.
    import json

    app = App(headless=True)
    damaged = {"version": 1, "width": 999, "board": "#####", "history": ["P 0 0 4 0 F u"]}
    app.store.save_session(WIDE.fingerprint(), damaged, title="Stripes")
    scene = open_play(WIDE, app=app)
    notes = [text for text in app.toasts.texts if "could not be read" in text]
    assert len(notes) == 1
    kept = sorted(app.store.directory.glob("session-*.json"))
    assert len(kept) == 1 and kept[0].name in notes[0]
    data = json.loads(kept[0].read_text(encoding="utf-8"))
    assert data["session"] == damaged and data["title"] == "Stripes"
    app.pop()  # leaving without a move forgets the damaged game in the store...
    app.step()
    assert app.store.record(WIDE.fingerprint()).session is None
    assert json.loads(kept[0].read_text(encoding="utf-8"))["session"] == damaged  # ...not here
    assert scene.session.board.known_mask().sum() == 0


def test_a_damaged_saved_game_resumes_the_backups_copy() -> None:
    # QA: a saved game with a bad board started afresh (kept aside) while the backup, one
    # save older, held it whole; the toast named the kept file without its folder.
    scene = open_play(WIDE)
    app = scene.app
    click(scene, 2, 2)
    app.pop()  # leaving saves
    app.step()
    good = app.store.record(WIDE.fingerprint()).session
    assert good is not None
    damaged = dict(good, board=12345)
    app.store.save_session(WIDE.fingerprint(), damaged)  # the backup keeps the good one
    fresh = App(headless=True)
    resumed = open_play(WIDE, app=fresh)
    assert resumed.session.board.get(2, 2) == F
    notes = [text for text in fresh.toasts.texts if "could not be read" in text]
    assert len(notes) == 1 and "the backup's copy was resumed" in notes[0]
    assert f"in {fresh.store.directory}" in notes[0]
    assert len(sorted(fresh.store.directory.glob("session-*.json"))) == 1
    fresh.step()
    for _, lines in fresh.toasts._layout(fresh):  # whole, not cut to "…"
        assert not lines[-1].endswith("…"), lines
    for _ in range(6):  # the store gets the resumed game back before any move
        fresh.step(0.25)
    assert fresh.store.record(WIDE.fingerprint()).session["board"] == good["board"]


def test_a_win_clears_the_saved_game() -> None:
    scene = open_play(HEART)
    app = scene.app
    click(scene, 0, 4, button=3)
    for _ in range(6):
        app.step(0.25)
    assert app.store.record(HEART.fingerprint()).session is not None
    scene.session.apply(Paint(0, 1, 4, 2, F))
    scene.session.apply(Paint(1, 3, 3, 3, F))
    scene.session.apply(Paint(1, 0, 1, 0, F))
    scene.session.apply(Paint(3, 0, 3, 0, F))
    click(scene, 2, 4)
    assert scene.win is not None
    for _ in range(6):
        app.step(0.25)
    assert app.store.record(HEART.fingerprint()).session is None
    fresh = App(headless=True)
    assert fresh.store.record(HEART.fingerprint()).solved


def test_check_names_contradicted_lines_and_flashes_wrong_marks() -> None:
    scene = open_play(HEART)
    click(scene, 1, 0)  # right
    click(scene, 2, 0)  # wrong, and row 1 (clue 1 1) now holds a run of 2
    click(scene, 2, 1, button=3)  # wrong: row 2 is full, though no line shows it yet
    assert not scene.grid_view.row_look(0).contradicted  # nothing shown before a check
    key(scene, pygame.K_v)
    for _ in range(60):  # the uniqueness proof runs in slices between frames
        if scene.flash.cells:
            break
        scene.app.step()
    assert sorted(scene.flash.cells) == [(2, 0), (2, 1)]
    assert "wrong" in scene.message and scene.message_kind == "error"
    assert scene.grid_view.row_look(0).contradicted
    assert not scene.grid_view.row_look(1).contradicted
    assert "Row 1 " in scene.message
    flashed = scene.app.screen.get_at(scene.layout.cell_box(2, 0).centre)
    assert (flashed.r, flashed.g, flashed.b) != scene.app.theme.filled


def test_check_without_a_known_answer_only_judges_lines() -> None:
    no_goal = Puzzle(5, 1, ((1, 1),), ((1,), (), (1,), (), ()))
    scene = open_play(no_goal)
    click(scene, 1, 0)
    key(scene, pygame.K_v)
    assert scene.message_kind == "error" and not scene.flash.cells
    key(scene, pygame.K_z, pygame.KMOD_CTRL)
    key(scene, pygame.K_v)
    assert scene.message_kind == "success"


def test_auto_check_runs_after_every_move() -> None:
    app = App(headless=True)
    app.set_setting(AUTO_CHECK, True)
    scene = open_play(HEART, app=app)
    click(scene, 0, 0)
    for _ in range(60):
        if scene.flash.cells:
            break
        app.step()
    assert scene.flash.cells == [(0, 0)]
    # One wrong cell, flagged on its own: the option's sentence says it does that too.
    from game.ui.scenes.menu.options import EXPLANATIONS

    assert "wrong marks" in EXPLANATIONS[AUTO_CHECK.key]
    # The button turns it off again.
    scene.toggle_auto_check()
    assert app.setting(AUTO_CHECK) is False


def test_complete_lines_grey_their_clues() -> None:
    scene = open_play(HEART)
    drag(scene, (0, 1), (4, 1))
    assert scene.grid_view.row_look(1).complete
    assert not scene.grid_view.row_look(2).complete
    strip = scene.layout.row_clue_box(1)
    colours = {
        tuple(scene.app.screen.get_at((x, y)))[:3]
        for x in range(strip.x, strip.right)
        for y in range(strip.y, strip.bottom)
    }
    assert scene.app.theme.clue_done in colours
    assert scene.app.theme.clue_text not in colours


def test_greying_marks_only_runs_the_marks_prove_placed() -> None:
    puzzle = Puzzle.from_grid([[1, 1, 1, 0, 1, 0], [0, 0, 0, 0, 0, 0]], title="Greys")
    scene = open_play(puzzle)
    drag(scene, (0, 0), (1, 0))
    assert scene.grid_view.row_look(0).placed == frozenset()  # "##" could still slide
    click(scene, 2, 0)
    click(scene, 3, 0, button=3)
    look = scene.grid_view.row_look(0)
    assert look.placed == frozenset({0}) and not look.complete
    theme = scene.app.theme
    three = scene.layout.row_number_box(0, 0, 2)
    one = scene.layout.row_number_box(0, 1, 2)

    def colours(box: object) -> set[tuple[int, int, int]]:
        x0, y0, w, h = box  # type: ignore[misc]
        return {
            tuple(scene.app.screen.get_at((x, y)))[:3]  # type: ignore[misc]
            for x in range(x0, x0 + w)
            for y in range(y0, y0 + h)
        }

    assert theme.clue_done in colours(three) and theme.clue_text not in colours(three)
    assert theme.clue_text in colours(one)
    # With greying off in the options nothing greys, not even a complete line.
    scene.app.set_setting("clue_greying", False)
    click(scene, 4, 0)
    assert scene.session.row_status(0).complete
    assert scene.grid_view.row_look(0) == scene.grid_view.row_look(1)


def test_hint_outlines_its_whole_line_and_every_cell_it_gives() -> None:
    scene = open_play(HEART)
    key(scene, pygame.K_h)
    assert scene.message_kind == "hint"
    assert scene.hint_line == ("row", 1)
    assert scene.message == "Row 2: the 5 fills the whole row. Fill the 5 outlined cells."
    assert scene.cursor == (0, 1)
    theme = scene.app.theme
    for x in range(5):  # every given cell has its ring, not just the first
        box = scene.layout.cell_box(x, 1)
        edge = scene.app.screen.get_at((box.x, box.y + box.h // 2))
        assert (edge.r, edge.g, edge.b) == theme.success
    # Any move clears the hint.
    click(scene, 0, 1)
    assert scene.hint_show.hint is None


def test_show_me_animates_the_hint_then_stops() -> None:
    scene = open_play(HEART)
    key(scene, pygame.K_s)  # nothing to show yet
    assert not scene.hint_show.animating
    key(scene, pygame.K_h)
    hint = scene.hint_show.hint
    assert hint is not None and (hint.leftmost, hint.rightmost) == ((0,), (0,))
    key(scene, pygame.K_s)
    assert scene.hint_show.animating
    for _ in range(5):
        scene.app.step()
    assert scene.hint_show.animating and scene.hint_show.age > 0
    scene.hint_show.tick(10.0)
    assert not scene.hint_show.animating
    # The button does the same as S.
    button = scene.hint_show.button
    scene.app.step()
    centre = button.rect.center
    for kind in (Kind.POINTER_DOWN, Kind.POINTER_UP):
        scene.handle(pointer(kind, centre))
    assert scene.hint_show.animating


def test_hint_refuses_wrong_or_contradicting_marks() -> None:
    scene = open_play(HEART)
    for _ in range(120):  # let the uniqueness proof finish between frames
        if scene.checks.unique is not None:
            break
        scene.checks.advance(0.01)
    assert scene.checks.unique is True
    click(scene, 0, 0)  # wrong: that corner is empty in the only solution
    key(scene, pygame.K_h)
    assert scene.message_kind == "error" and "wrong" in scene.message
    assert scene.flash.cells == [(0, 0)]

    no_goal = Puzzle(5, 1, ((1, 1),), ((1,), (), (1,), (), ()))
    other = open_play(no_goal, app=scene.app)
    drag(other, (0, 0), (1, 0))  # a run of 2 where the clue says 1 1
    key(other, pygame.K_h)
    assert other.message_kind == "error" and "row 1 cannot hold 1 1" in other.message
    assert other.hint_line == ("row", 0)
