"""The play screen's ways out: "Leave without saving?" asks only about the puzzle the game
was started from, and only while that puzzle is not saved."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
from PIL import Image, ImageDraw

from game.core.board import Cell
from game.core.play.moves import Paint
from game.core.puzzle import Puzzle
from game.ui.app import App
from game.ui.scenes.converter.clue_editor import ClueEditorScene
from game.ui.scenes.converter.clue_editor_shots import type_sheet
from game.ui.scenes.converter.scene import ConverterScene
from game.ui.scenes.menu.scene import MenuScene
from game.ui.scenes.play.exits import ambiguity_notice
from game.ui.scenes.play.scene import PlayScene
from game.ui.settings import PLAY_PANEL
from game.ui.widgets.dialog import DialogScene
from tests.core.test_clue_editor import ARROW
from tests.ui.converter_helpers import finish_opening
from tests.ui.ui_events import click, key


def _picture(path: Path) -> Path:
    image = Image.new("RGB", (200, 200), "white")
    ImageDraw.Draw(image).rectangle((30, 60, 170, 140), fill=(20, 20, 20))
    image.save(path)
    return path


def _converter_with_a_picture(tmp_path: Path) -> tuple[App, ConverterScene]:
    """Menu, then Create a puzzle with a picture opened and not saved."""
    app = App(headless=True)
    app.push(MenuScene(app))
    app.step()
    converter = ConverterScene(app, _picture(tmp_path / "coffee.png"))
    app.push(converter)
    finish_opening(app, converter)
    converter.document.dirty = True  # as after a touch-up: the picture's puzzle is unsaved
    assert converter.unsaved_work() is not None
    return app, converter


def _to_menu(app: App) -> None:
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, DialogScene) and pause.name == "pause"
    pause.button("Menu").activate()
    app.step()


def test_a_saved_puzzle_from_the_clue_editor_leaves_without_asking_about_the_converter(
    tmp_path: Path,
) -> None:
    """QA: Create -> open coffee.png -> Type clues -> save box -> Play it -> Menu asked about
    coffee.png, and "Save the puzzle and go" saved that unrelated conversion."""
    app, _converter = _converter_with_a_picture(tmp_path)
    editor = _typed_arrow(app, "Box")
    saved = editor.save()
    assert saved is not None and editor.unsaved_work() is None
    editor.play()
    app.step()
    play = app.top
    assert isinstance(play, PlayScene) and play.path == saved
    play.apply(Paint(0, 0, 0, 0, Cell.CROSSED))
    _to_menu(app)
    # The question names the conversion as the converter's own work (not this game's) and
    # offers no way to save it from here: leaving would close that screen too.
    dialog = app.top
    assert isinstance(dialog, DialogScene) and dialog.name == "leave"
    assert "coffee.png" in dialog.message and "closes that screen too" in dialog.message
    assert "cannot be continued" not in dialog.message
    assert [button.label for button in dialog.buttons] == ["Leave without saving", "Cancel"]
    # Nothing here can be saved: the main choice is the one that drops nothing.
    assert [button.label for button in dialog.buttons if button.primary] == ["Cancel"]
    dialog.button("Leave without saving").activate()
    app.step()
    assert [type(scene) for scene in app.scenes] == [MenuScene]
    # Nothing but the box was saved: the coffee conversion was not written behind the back.
    assert [path.name for path in app.store.user_puzzles_dir().iterdir()] == [saved.name]
    assert app.store.last_played == play.key


def test_an_unsaved_puzzle_played_from_the_converter_still_asks(tmp_path: Path) -> None:
    app, converter = _converter_with_a_picture(tmp_path)
    click(app, converter.play_button.rect.center)
    app.step()
    play = app.top
    # Played from a copy of its own (so the game can be continued), not from My puzzles.
    assert isinstance(play, PlayScene) and play.path is not None
    assert play.path.parent.name == "played"
    _to_menu(app)
    question = app.top
    assert isinstance(question, DialogScene) and question.name == "leave"
    assert "coffee.png" in question.message
    assert [button.label for button in question.buttons if button.primary] == [
        "Save the puzzle and go"
    ]
    question.button("Save the puzzle and go").activate()
    app.step()
    assert [type(scene) for scene in app.scenes] == [MenuScene]
    (saved,) = app.store.user_puzzles_dir().iterdir()
    assert play.path == saved


def test_an_unsaved_editor_holding_another_puzzle_is_named_as_its_own_work(
    tmp_path: Path,
) -> None:
    """A game that is not the editor's current puzzle (it changed since Play) is not kept by
    saving that editor: the question names the editor's work as that screen's, offers no
    save for this game, and leaving writes nothing."""
    app, converter = _converter_with_a_picture(tmp_path)
    click(app, converter.play_button.rect.center)
    app.step()
    play = app.top
    assert isinstance(play, PlayScene)
    play.key = "another puzzle"  # as if the game had replaced the one Play now started
    _to_menu(app)
    question = app.top
    assert isinstance(question, DialogScene) and question.name == "leave"
    assert "closes that screen too" in question.message
    assert "cannot be continued" not in question.message
    question.button("Leave without saving").activate()
    app.step()
    assert [type(scene) for scene in app.scenes] == [MenuScene]
    assert not app.store.user_puzzles_dir().exists() or not any(
        app.store.user_puzzles_dir().iterdir()
    )


def _solve(app: App, play: PlayScene) -> None:
    """Fill the goal picture and let the reveal run to its buttons."""
    goal = play.puzzle.goal_array()
    assert goal is not None
    for y, x in zip(*goal.nonzero(), strict=True):
        play.apply(Paint(int(x), int(y), int(x), int(y), Cell.FILLED))
    assert play.win is not None
    for _ in range(400):
        app.step(1 / 30)
        if play.chrome.buttons.editor.rect.w and play.chrome.win_appear() >= 1.0:
            break


def _edited_converter(tmp_path: Path) -> tuple[App, ConverterScene, np.ndarray]:
    """The converter with a touch-up made (one undo step) and a typed title."""
    app, converter = _converter_with_a_picture(tmp_path)
    document = converter.document
    document.begin_stroke()
    document.paint([(0, 0)], not bool(document.grid[0, 0]))
    converter.title_input.text = "My coffee"
    return app, converter, document.grid.copy()


def test_back_to_the_editor_from_the_pause_menu_keeps_the_converter_as_it_was(
    tmp_path: Path,
) -> None:
    """QA: after Play now the pause menu had no way back to the converter; every way out
    asked "Leave without saving?" and dropped the touched-up puzzle."""
    app, converter, grid = _edited_converter(tmp_path)
    undo_steps = len(converter.document._undo)
    click(app, converter.play_button.rect.center)
    app.step()
    play = app.top
    assert isinstance(play, PlayScene) and play.editor is converter
    play.apply(Paint(1, 1, 1, 1, Cell.CROSSED))
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, DialogScene) and pause.name == "pause"
    assert [button.label for button in pause.buttons][:2] == ["Resume", "Back to the editor"]
    pause.button("Back to the editor").activate()
    app.step()
    # No question: straight back to the very converter, its work untouched.
    assert app.scenes == [app.scenes[0], converter] and app.top is converter
    assert (converter.document.grid == grid).all()
    assert converter.title_input.text == "My coffee"
    assert converter.document.touched >= 1
    assert len(converter.document._undo) == undo_steps and converter.document.can_undo
    assert converter.unsaved_work() is not None  # still the player's to save
    # The editor still works as before: Undo takes the touch-up back.
    assert converter.document.undo()


def test_a_game_from_no_editor_has_no_way_back_to_one() -> None:
    app = App(headless=True)
    app.push(MenuScene(app))
    app.step()
    app.play_puzzle(Puzzle.from_grid(ARROW, title="Arrow"))
    app.step()
    play = app.top
    assert isinstance(play, PlayScene) and play.editor is None
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, DialogScene)
    assert "Back to the editor" not in [button.label for button in pause.buttons]
    assert play.chrome.buttons.editor not in play.win_buttons


def _typed_arrow(app: App, title: str) -> ClueEditorScene:
    """The clue editor pushed on ``app`` with the arrow's clues typed, titled ``title``,
    after its check has finished."""
    editor = ClueEditorScene(app, 5, 5)
    app.push(editor)
    app.step()
    type_sheet(editor, Puzzle.from_grid(ARROW))
    editor._clues_changed()
    editor.title_input.text = title
    for _ in range(2000):
        app.step()
        if not editor.checking:
            break
    return editor


def _solved_from_the_clue_editor(tmp_path: Path) -> tuple[App, ClueEditorScene, PlayScene]:
    app = App(headless=True)
    app.push(MenuScene(app))
    app.step()
    editor = _typed_arrow(app, "Arrow")
    assert editor.unsaved_work() is not None
    editor.play()
    app.step()
    play = app.top
    assert isinstance(play, PlayScene) and play.editor is editor
    _solve(app, play)
    return app, editor, play


def test_the_win_panel_and_esc_go_back_to_the_clue_editor(tmp_path: Path) -> None:
    app, editor, play = _solved_from_the_clue_editor(tmp_path)
    labels = [button.label for button in play.win_buttons]
    assert labels == ["Back to the editor", "Level select", "Menu"]
    assert play.chrome.buttons.editor.primary and play.chrome.buttons.editor.rect.w > 0
    texts = [editor.sheet.text("row", y) for y in range(5)]
    click(app, play.chrome.buttons.editor.rect.center)
    app.step()
    assert app.top is editor and len(app.scenes) == 2
    assert [editor.sheet.text("row", y) for y in range(5)] == texts
    assert editor.title_input.text == "Arrow"
    # Esc on the win screen goes back there too (it went to the level select).
    editor.play()
    app.step()
    again = app.top
    assert isinstance(again, PlayScene) and again is not play
    _solve(app, again)
    key(app, pygame.K_ESCAPE)
    assert app.top is editor and len(app.scenes) == 2


def test_leaving_a_solved_game_asks_only_about_the_editor_and_keeps_the_board_drawn(
    tmp_path: Path,
) -> None:
    """QA capture ce7: the question on a solved game blanked the board and said "this game
    cannot be continued later" about a game already solved."""
    app, editor, play = _solved_from_the_clue_editor(tmp_path)
    app.step()
    # Cells of the left column, clear of the dialog in the middle: the arrow's point is
    # filled, its top corner empty.
    filled = play.layout.cell_box(0, 2).centre
    empty = play.layout.cell_box(0, 0).centre
    click(app, play.menu_button.rect.center)
    question = app.top
    assert isinstance(question, DialogScene) and question.name == "leave"
    assert "cannot be continued" not in question.message
    assert "clues you typed are not saved" in question.message
    assert "solved game is kept" in question.message
    assert not play.paused
    app.step()
    # The solved picture stays in view under the dialog's veil: a filled cell is dark, an
    # empty one light (a hidden board draws both the same).
    dark = sum(app.screen.get_at(filled)[:3])
    light = sum(app.screen.get_at(empty)[:3])
    assert light - dark > 150
    # Leaving still asks about the editor's work, and Cancel keeps everything.
    question.button("Cancel").activate()
    app.step()
    assert app.top is play and editor in app.scenes


def test_play_on_ambiguous_clues_says_so_on_the_play_screen(tmp_path: Path) -> None:
    """QA capture gp1: Play on a puzzle with several solutions started without a word."""
    app = App(headless=True)
    app.push(MenuScene(app))
    app.step()
    editor = ClueEditorScene(app, 5, 5)
    app.push(editor)
    app.step()
    diagonal = np.zeros((5, 5), dtype=bool)
    diagonal[0, 0] = diagonal[1, 1] = True  # the clues fit the other diagonal as well
    type_sheet(editor, Puzzle.from_grid(diagonal))
    editor._clues_changed()
    for _ in range(2000):
        app.step()
        if not editor.checking:
            break
    assert editor.report is not None and editor.report.status == "multiple"
    editor.play()
    app.step()
    play = app.top
    assert isinstance(play, PlayScene)
    assert "more than one solution" in play.message
    assert editor.report.free_text in play.message
    assert not app.toasts.texts  # the panel shows the message: no toast on top of it
    # With the side panel hidden (P), the message would not show: a toast says it instead.
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, DialogScene)
    pause.button("Back to the editor").activate()
    app.step()
    assert app.top is editor
    app.set_setting(PLAY_PANEL, False)
    editor.play()
    app.step()
    assert any("more than one solution" in text for text in app.toasts.texts)
    # A unique puzzle says nothing of the kind.
    assert ambiguity_notice(None) == ""


def test_play_now_on_an_ambiguous_conversion_says_so(tmp_path: Path) -> None:
    """Two blocks on a diagonal: the other diagonal fits the clues as well."""
    image = Image.new("RGB", (200, 200), "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, 59, 59), fill=(0, 0, 0))
    draw.rectangle((120, 120, 179, 179), fill=(0, 0, 0))
    image.save(tmp_path / "blocks.png")
    app = App(headless=True)
    app.push(MenuScene(app))
    app.step()
    converter = ConverterScene(app, tmp_path / "blocks.png")
    app.push(converter)
    for _ in range(2000):
        app.step()
        if converter.fairness.report is not None:
            break
    assert converter.fairness.ambiguous
    click(app, converter.play_button.rect.center)
    app.step()
    play = app.top
    assert isinstance(play, PlayScene) and play.editor is converter
    assert play.message.startswith("These clues have more than one solution")


def test_the_win_says_where_the_next_daily_or_random_puzzle_is(tmp_path: Path) -> None:
    # QA: a daily (or random) win said "No next puzzle in this list." and no more.
    from game.core.generate.files import daily_folder, random_folder, write_generated
    from tests.shared_data import HEART
    from tests.ui.play_helpers import click as click_cell
    from tests.ui.play_helpers import open_play

    app = App(headless=True)
    notes = {}
    for name, folder in (
        ("daily", daily_folder(app.store)),
        ("random", random_folder(app.store)),
        ("elsewhere", tmp_path),
    ):
        path = write_generated(folder, HEART, "heart")
        scene = open_play(HEART, app=app, path=path, pack="Random")
        goal = scene.puzzle.goal_array()
        assert goal is not None
        for y, x in np.argwhere(goal).tolist():
            click_cell(scene, x, y)
        assert scene.win is not None and not scene.next_button.enabled
        notes[name] = scene.exits.no_next_note()
        app.pop()
        app.step()
    assert notes == {
        "daily": "A new daily puzzle tomorrow.",
        "random": "Level select's Random makes another, or keeps this one.",
        "elsewhere": "No next puzzle in this list.",
    }


def test_enter_in_a_dialog_takes_its_main_button() -> None:
    # QA: the keyboard started on the first button whatever the main (blue) one was, so
    # Enter on "Leave without saving?" left, while Cancel was shown as the main choice.
    from game.ui.scene import Scene
    from game.ui.widgets.dialog import DialogButton

    app = App(headless=True)
    app.push(Scene(app))
    app.step()
    dialog = DialogScene(
        app, "Leave?", "", [DialogButton("Leave"), DialogButton("Cancel", primary=True)]
    )
    app.push(dialog)
    app.step()
    assert dialog.focus.focused is dialog.button("Cancel")
    key(app, pygame.K_RETURN)
    assert dialog.chosen == 1
