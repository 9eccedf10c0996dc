"""The play screen's ways out: "Leave without saving?" asks only about the puzzle the game
was started from, and only while that puzzle is not saved."""

from __future__ import annotations

from pathlib import Path

import pygame
from PIL import Image, ImageDraw

from game.core.board import Cell
from game.core.moves import Paint
from game.core.puzzle import Puzzle
from game.ui.app import App
from game.ui.scenes.clue_editor import ClueEditorScene
from game.ui.scenes.clue_editor_shots import type_sheet
from game.ui.scenes.converter import ConverterScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.play import PlayScene
from game.ui.widgets.dialog import DialogScene
from tests.core.test_clue_editor import ARROW
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
    app.step()
    app.step()
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
    editor = ClueEditorScene(app, 5, 5)
    app.push(editor)
    app.step()
    type_sheet(editor, Puzzle.from_grid(ARROW))
    editor._clues_changed()
    editor.title_input.text = "Box"
    for _ in range(2000):
        app.step()
        if not editor.checking:
            break
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
    assert isinstance(play, PlayScene) and play.path is None
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
