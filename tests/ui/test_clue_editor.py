"""The clue editor, driven headless: reached from Create, typed with the keyboard, checked,
played, watched and saved, with an ambiguous puzzle asking first and showing as Ambiguous."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from game.core.create.clue_editor import CLUE_INKS, INK_LETTERS
from game.core.formats import read_puzzle
from game.core.puzzle import Puzzle
from game.ui.app import App
from game.ui.scenes.converter.clue_editor import ClueEditorScene
from game.ui.scenes.converter.clue_editor_shots import cat_puzzle, type_sheet
from game.ui.scenes.converter.scene import ConverterScene
from game.ui.scenes.levels.select import LevelSelectScene
from game.ui.widgets.dialog import DialogScene
from tests.core.test_clue_editor import ARROW
from tests.ui.ui_events import click, key


def _type(app: App, text: str) -> None:
    """Type ``text`` as a keyboard does: a KEYDOWN with the character, then its TEXTINPUT."""
    for char in text:
        code = pygame.key.key_code(char) if char.isalnum() else pygame.K_SPACE
        app.feed(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=char, scancode=0))
        app.feed(pygame.event.Event(pygame.TEXTINPUT, text=char))
    app.step()


def _editor(width: int = 5, height: int = 5) -> tuple[App, ClueEditorScene]:
    app = App(headless=True)
    scene = ClueEditorScene(app, width, height)
    app.push(scene)
    app.step()
    return app, scene


def _settle(app: App, scene: ClueEditorScene) -> None:
    for _ in range(2000):
        app.step()
        if not scene.checking:
            return
    raise AssertionError("the check did not finish")


def test_create_screen_opens_the_clue_editor_at_its_size() -> None:
    app = App(headless=True)
    converter = ConverterScene(app)
    app.push(converter)
    app.step()
    converter._change_options(width=12, height=8)
    click(app, converter.clues_button.rect.center)
    app.step()
    editor = app.top
    assert isinstance(editor, ClueEditorScene)
    assert (editor.sheet.width, editor.sheet.height) == (12, 8)
    key(app, pygame.K_ESCAPE)  # nothing typed: leaves without a question
    app.step()
    assert app.top is converter


def test_typing_every_line_with_the_keyboard_gives_a_unique_puzzle_to_play() -> None:
    puzzle = Puzzle.from_grid(ARROW)
    app, scene = _editor()
    assert scene.focus.focused is scene.clue_input
    for clue in (*puzzle.row_clues, *puzzle.column_clues):
        _type(app, " ".join(map(str, clue)) or "0")
        key(app, pygame.K_RETURN)
    assert scene.sheet.puzzle().row_clues == puzzle.row_clues
    assert scene.sheet.puzzle().column_clues == puzzle.column_clues
    assert scene.current == ("row", 0)  # Enter on the last column wraps round
    assert scene.checking and not scene.play_button.enabled
    _settle(app, scene)
    assert scene.report is not None and scene.report.status == "unique"
    assert scene.picture is not None and np.array_equal(scene.picture, ARROW)
    assert any(text.startswith("✓ One solution") for _, text in scene.report_lines())
    key(app, pygame.K_p, pygame.KMOD_CTRL)
    app.step()
    assert type(app.top).__name__ == "PlayScene"
    played = app.top.puzzle  # type: ignore[attr-defined]
    assert played.goal is not None and np.array_equal(played.goal_array(), ARROW)
    app.pop()
    app.step()
    click(app, scene.watch_button.rect.center)
    app.step()
    assert type(app.top).__name__ == "ReplayScene"


def test_a_typo_is_flagged_as_typed_and_moving_back_edits_the_line() -> None:
    app, scene = _editor(5, 4)
    key(app, pygame.K_UP)  # back from row 1 wraps to the last column
    assert scene.current == ("column", 4)
    _type(app, "2 2")  # five cells in a column of four
    assert scene.sheet.state("column", 4).problem == "needs 5 cells, the column has 4"
    assert scene.report_lines()[1] == ("bad", "✗ Column 5: needs 5 cells, the column has 4.")
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)
    assert scene.sheet.text("column", 4) == "2" and scene.sheet.state("column", 4).ok
    # A click on a row's clue picks that row, and the field shows what it holds.
    grid = scene.view.grid_rect
    click(app, (grid.left - 5, grid.top + scene.view.cell * 2 + 2))
    assert scene.current == ("row", 2) and scene.clue_input.text == ""


def test_ambiguous_clues_are_hatched_ask_before_saving_and_show_as_ambiguous(
    tmp_path: Path,
) -> None:
    puzzle = cat_puzzle()
    app, scene = _editor(puzzle.width, puzzle.height)
    type_sheet(scene, puzzle)
    scene._clues_changed()
    scene.title_input.text = "Cat and bird"
    _settle(app, scene)
    report = scene.report
    assert report is not None and report.status == "multiple" and report.free_exact
    # The bird's two diagonal dots can swap: exactly those four cells are free.
    assert sorted(report.ambiguous_cells) == [(6, 0), (6, 1), (7, 0), (7, 1)]
    assert ("bad", "✗ More than one solution: exactly 4 cells can go either way.") in (
        scene.report_lines()
    )
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    dialog = app.top
    assert isinstance(dialog, DialogScene) and scene.saved_path is None
    assert [button.label for button in dialog.buttons] == ["Save anyway", "Cancel"]
    click(app, dialog.buttons[0].rect.center)
    assert app.top is scene and scene.saved_path is not None and not scene.dirty
    saved = read_puzzle(scene.saved_path)
    assert saved.title == "Cat and bird" and saved.goal is None
    assert saved.row_clues == puzzle.row_clues
    mine = LevelSelectScene(app, levels=tmp_path, user_dir=scene.saved_path.parent)
    assert mine.wait_for_files()
    app.push(mine)
    (entry,) = mine.entries
    for _ in range(200):
        app.step()
        if mine.stars(entry) is not None:
            break
    assert mine.stars(entry) == 0  # Ambiguous: never rated


def test_leaving_unsaved_clues_asks_and_incomplete_ones_cannot_be_saved() -> None:
    app, scene = _editor(3, 3)
    _type(app, "1")
    key(app, pygame.K_ESCAPE)
    dialog = app.top
    assert isinstance(dialog, DialogScene)
    assert [button.label for button in dialog.buttons] == ["Leave", "Stay"]
    click(app, dialog.buttons[1].rect.center)
    assert app.top is scene and scene.sheet.text("row", 0) == "1"
    # QA: Esc then Enter left and lost the clues; Enter now takes the main choice, Stay.
    key(app, pygame.K_ESCAPE)
    dialog = app.top
    assert isinstance(dialog, DialogScene) and dialog.buttons[1].primary
    key(app, pygame.K_RETURN)
    assert app.top is scene and scene.sheet.text("row", 0) == "1"


def test_screenshots_render_and_the_editor_sleeps_when_idle() -> None:
    from game.ui.scenes.converter.clue_editor_shots import SCREENSHOTS

    app = App(headless=True)
    SCREENSHOTS["clue_editor_typing"](app)
    typing = app.top
    assert isinstance(typing, ClueEditorScene) and typing.current == ("column", 9)
    assert not typing.sheet.ready and typing.wake_in() is None  # nothing to solve: still
    app = App(headless=True)
    SCREENSHOTS["clue_editor_ambiguous"](app)
    ambiguous = app.top
    assert isinstance(ambiguous, ClueEditorScene) and ambiguous.report is not None
    assert ambiguous.report.status == "multiple" and ambiguous.wake_in() is None


def test_clues_not_decided_in_time_can_keep_checking(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.scenes.converter import clue_editor

    monkeypatch.setattr(clue_editor, "CHECK_TIME_LIMIT", 0.0)
    puzzle = cat_puzzle()  # needs a guess: no time, no verdict
    app, scene = _editor(puzzle.width, puzzle.height)
    type_sheet(scene, puzzle)
    scene._clues_changed()
    _settle(app, scene)
    assert scene.paced.undecided and not scene.hidden(scene.longer_button)
    assert scene.play_button.enabled  # the play screen checks again in its own time
    monkeypatch.setattr(clue_editor, "CHECK_TIME_LIMIT", 1.0)
    click(app, scene.longer_button.rect.center)
    assert scene.paced.limit_scale == clue_editor.LONGER
    _settle(app, scene)
    assert scene.report is not None and scene.report.status == "multiple"
    assert scene.hidden(scene.longer_button)


def test_a_wider_sheet_waits_for_its_new_column() -> None:
    """QA: widened after its clues were typed, the editor solved at once as if the new
    column were "0": a report, Play it and Save, before the book's clue was typed."""
    app, scene = _editor(4, 4)
    for _ in range(8):
        _type(app, "1")
        key(app, pygame.K_TAB)
    _settle(app, scene)
    assert scene.report is not None and scene.play_button.enabled
    scene.resize(5, None)
    for _ in range(3):
        app.step()
    assert not scene.checking and scene.report is None and not scene.play_button.enabled
    assert ("info", "So far the rows and columns both fill 4 cells; 1 line to type "
            "(0 for an empty one).") in scene.report_lines()  # fmt: skip


def test_leaving_ambiguous_clues_says_they_would_be_saved_ambiguous() -> None:
    """QA: the leave question said "not proven fair" of clues the report had just shown to
    have more than one solution, which My puzzles then badges "Ambiguous"."""
    app, scene = _editor(2, 2)
    for _ in range(4):
        _type(app, "1")
        key(app, pygame.K_TAB)
    _settle(app, scene)
    assert scene.report is not None and scene.report.status == "multiple"
    key(app, pygame.K_ESCAPE)
    dialog = app.top
    assert isinstance(dialog, DialogScene) and dialog.title == "Leave the clue editor?"
    assert dialog.message == (
        "The clues you typed are not saved. They have more than one solution (exactly 4 "
        "cells can go either way): saved now, My puzzles marks them Ambiguous."
    )


def test_tab_goes_past_the_lines_to_the_size_title_and_buttons() -> None:
    # QA: Tab only ever went round the clue lines: no key reached Width, Height, Title,
    # Author or the buttons, so a book's 20x25 puzzle could not be typed without a mouse.
    app, scene = _editor(2, 2)
    for _ in range(3):
        key(app, pygame.K_TAB)
    assert scene.current == ("column", 1) and scene.focus.focused is scene.clue_input
    key(app, pygame.K_TAB)  # past the last line
    assert scene.focus.focused is scene.width_stepper and scene.focus.show_focus
    key(app, pygame.K_TAB)
    assert scene.focus.focused is scene.height_stepper
    key(app, pygame.K_TAB)
    assert scene.focus.focused is scene.colour_button
    key(app, pygame.K_TAB)
    assert scene.focus.focused is scene.title_input
    _type(app, "Boat")
    assert scene.title_input.text == "Boat"
    for _ in range(20):  # on round the buttons and back to the first line
        key(app, pygame.K_TAB)
        if scene.focus.focused is scene.clue_input:
            break
    assert scene.focus.focused is scene.clue_input and scene.current == ("row", 0)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # before the first line: the last control
    assert scene.focus.focused is scene.back_button
    key(app, pygame.K_TAB)
    assert scene.focus.focused is scene.clue_input and scene.current == ("row", 0)


def test_a_game_ended_with_nobody_to_ask_keeps_typed_clues(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # SIGTERM or a closed terminal (see test_stopped_keeps_work): complete clues are kept
    # in My puzzles under a new name; clues that are not a puzzle yet cannot be.
    from game.ui.scenes.converter.clue_editor_shots import SCREENSHOTS

    app = App(headless=True)
    SCREENSHOTS["clue_editor_ambiguous"](app)
    scene = app.top
    assert isinstance(scene, ClueEditorScene) and scene.save_button.enabled
    scene.dirty = True
    before = set(app.store.user_puzzles_dir().glob("*-unsaved.non"))
    app.request_quit(keep_unsaved=True)
    kept = set(app.store.user_puzzles_dir().glob("*-unsaved.non")) - before
    assert len(kept) == 1
    assert f"kept in My puzzles as {kept.pop().name}" in capsys.readouterr().err
    incomplete_app, incomplete = _editor(3, 3)
    _type(incomplete_app, "1")
    assert incomplete.keep_unsaved() is None


def _ink_in(app: App, rect: pygame.Rect) -> bool:
    ink = app.theme.filled
    return any(
        tuple(app.screen.get_at((x, y)))[:3] == ink
        for x in range(rect.left, rect.right, 2)
        for y in range(rect.top, rect.bottom, 2)
    )


def test_the_picture_stays_hidden_until_asked_while_the_check_says_unique() -> None:
    # Issue 35 item 1: the editor drew the solution as soon as the last clue was typed,
    # spoiling the book's puzzle it is there to type in.
    puzzle = Puzzle.from_grid(ARROW)
    app, scene = _editor()
    for clue in (*puzzle.row_clues, *puzzle.column_clues):
        _type(app, " ".join(map(str, clue)) or "0")
        key(app, pygame.K_RETURN)
    _settle(app, scene)
    assert scene.report is not None and scene.report.status == "unique"
    assert any(text.startswith("✓ One solution") for _, text in scene.report_lines())
    app.draw()
    assert not _ink_in(app, scene.view.grid_rect)
    assert scene.show_button.enabled and scene.show_button.label == "Show the picture"
    click(app, scene.show_button.rect.center)
    app.draw()
    assert _ink_in(app, scene.view.grid_rect)
    assert scene.show_button.label == "Hide the picture"
    # Saving or playing uses the picture found, shown or not.
    click(app, scene.show_button.rect.center)
    app.draw()
    assert not _ink_in(app, scene.view.grid_rect)
    assert np.array_equal(scene.finished_puzzle().goal_array(), ARROW)


def test_colour_clues_typed_with_letters_and_swatches_are_checked_and_saved_in_colour() -> None:
    from game.core.formats import read_puzzle

    app, scene = _editor(3, 2)
    click(app, scene.colour_button.rect.center)
    assert scene.sheet.colour and scene.swatch_rects
    assert "3r 2b 1" in scene.clue_input.placeholder
    # Row 1 "1r 1" (red, then a bare black), row 2 "2" coloured blue by its swatch.
    _type(app, "1r 1")
    key(app, pygame.K_RETURN)
    _type(app, "2")
    click(app, scene.swatch_rects[INK_LETTERS.index("b")].center)
    assert scene.sheet.text("row", 1) == "2b"
    key(app, pygame.K_RETURN)
    _type(app, "1 9x")  # a typo: flagged on the line as it is typed
    assert "the colours are" in scene.sheet.state("column", 0).problem
    scene.clue_input.text = ""
    _type(app, "1r")
    for text in ("1k 1b", "1b"):
        key(app, pygame.K_RETURN)
        _type(app, text)
    _settle(app, scene)
    assert scene.report is not None and scene.report.status == "unique"
    assert scene.shown_picture is None  # hidden until asked, as in black and white
    scene.toggle_picture()
    assert scene.shown_picture is not None
    path = scene.save()
    assert path is not None
    saved = read_puzzle(path)
    assert saved.is_colour
    # The inks used, in CLUE_INKS' order (the .non keeps their RGBs, names as letters).
    rgbs = [colour.rgb for colour in saved.colours.colours]
    assert rgbs == [rgb for letter, _name, rgb in CLUE_INKS if letter in "krb"]
    assert saved.goal_colours == ((2, 1, 0), (0, 3, 3))
