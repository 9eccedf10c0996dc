"""The main menu and the options screen, driven by mouse and keyboard."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.core.formats import format_puzzle
from game.core.play.session import Session
from game.core.puzzle import Puzzle
from game.ui.app import App
from game.ui.scenes.levels.select import LevelSelectScene
from game.ui.scenes.menu.options import OptionsScene
from game.ui.scenes.menu.scene import MenuScene
from tests.ui.ui_events import click, key


def open_menu(size: tuple[int, int] = (1280, 800)) -> tuple[App, MenuScene]:
    app = App(headless=True, size=size)
    menu = MenuScene(app)
    app.push(menu)
    app.step()
    return app, menu


def test_continue_is_disabled_without_a_game_in_progress() -> None:
    app, menu = open_menu()
    assert not menu.continue_button.enabled
    click(app, menu.continue_button.rect.center)
    assert app.top is menu
    # The keyboard starts on Play.
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, LevelSelectScene)


def test_click_play_opens_level_select_and_esc_comes_back() -> None:
    app, menu = open_menu()
    click(app, menu.play_button.rect.center)
    assert isinstance(app.top, LevelSelectScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is menu


def test_keyboard_moves_between_buttons_and_wraps() -> None:
    app, menu = open_menu()
    key(app, pygame.K_DOWN)  # Play -> Daily puzzle
    assert menu.focus.focused is menu.daily.button
    key(app, pygame.K_DOWN)  # -> Create a puzzle
    key(app, pygame.K_DOWN)  # -> Open a file… (beside it)
    assert menu.focus.focused is menu.open_button
    key(app, pygame.K_DOWN)  # -> Options
    assert menu.focus.focused is menu.options_button
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, OptionsScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is menu
    for _ in range(5):  # Options -> Open -> Create -> Daily -> Play -> (Continue off) -> Quit
        key(app, pygame.K_UP)
    assert menu.focus.focused is menu.quit_button


def test_create_from_image_opens_the_converter() -> None:
    from game.ui.scenes.converter.scene import ConverterScene

    app, menu = open_menu()
    click(app, menu.create_button.rect.center)
    assert isinstance(app.top, ConverterScene)


def test_quit_button_quits() -> None:
    app, menu = open_menu()
    click(app, menu.quit_button.rect.center)
    assert not app.running


def test_escape_moves_to_quit_and_a_second_escape_quits() -> None:
    """QA: Esc on the menu quit at once, so a few presses from deep in the game quit."""
    app, menu = open_menu()
    assert "Esc goes to Quit" in menu.help_text()
    key(app, pygame.K_ESCAPE)
    assert app.running
    assert menu.focus.focused is menu.quit_button and menu.focus.show_focus
    assert "Esc again or Enter quits" in menu.help_text()
    key(app, pygame.K_ESCAPE)
    assert not app.running
    # Enter on the focused Quit quits as well.
    app, menu = open_menu()
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)
    assert not app.running


def test_escape_held_down_or_walking_back_does_not_quit() -> None:
    app, menu = open_menu()
    # A held key: one key-down, then the repeats, never a key-up.
    for _ in range(10):
        app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        app.step()
    assert app.running and menu.focus.focused is menu.quit_button
    app.feed(pygame.event.Event(pygame.KEYUP, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.step()
    # Moving away disarms it: Esc goes back to Quit first.
    key(app, pygame.K_UP)
    assert "Esc goes to Quit" in menu.help_text()
    key(app, pygame.K_ESCAPE)
    assert app.running
    # Esc from the level select lands on the menu and stops there, even with Quit focused.
    click(app, menu.play_button.rect.center)
    menu.focus.focus_widget(menu.quit_button)
    key(app, pygame.K_ESCAPE)  # leaves the level select
    assert app.top is menu
    key(app, pygame.K_ESCAPE)
    assert app.running and menu.focus.focused is menu.quit_button
    key(app, pygame.K_ESCAPE)
    assert not app.running


def test_continue_reopens_the_last_game(tmp_path: Path) -> None:
    from game.ui.scenes.play import scene as play

    puzzle = Puzzle.from_grid([[1, 1, 0], [0, 1, 1], [1, 0, 1]], title="Saved one")
    path = tmp_path / "saved.non"
    path.write_text(format_puzzle(puzzle, "non"))
    app = App(headless=True)
    app.store.save_session(puzzle.fingerprint(), Session(puzzle).to_json())
    app.store.set_last_played(puzzle.fingerprint(), str(path))
    menu = MenuScene(app)
    app.push(menu)
    app.step()
    assert menu.continue_button.enabled
    assert "Saved one" in menu.continue_button.label
    assert menu.focus.focused is menu.continue_button
    click(app, menu.continue_button.rect.center)
    assert isinstance(app.top, play.PlayScene)
    assert app.top.puzzle.fingerprint() == puzzle.fingerprint()


def test_continue_stays_off_when_the_file_changed(tmp_path: Path) -> None:
    puzzle = Puzzle.from_grid([[1, 0], [1, 1]])
    other = Puzzle.from_grid([[0, 1], [1, 1]])
    path = tmp_path / "changed.non"
    path.write_text(format_puzzle(other, "non"))
    app = App(headless=True)
    app.store.save_session(puzzle.fingerprint(), Session(puzzle).to_json())
    app.store.set_last_played(puzzle.fingerprint(), str(path))
    menu = MenuScene(app)
    app.push(menu)
    app.step()
    assert not menu.continue_button.enabled


def test_a_last_game_whose_file_is_gone_is_named_once(tmp_path: Path) -> None:
    # QA: the puzzle file of the game left mid-way was moved away; the menu offered another
    # game to continue and said nothing of the one the player was playing.
    older = Puzzle.from_grid([[1, 1], [0, 1]], title="Older")
    older_path = tmp_path / "older.non"
    older_path.write_text(format_puzzle(older, "non"))
    gone = Puzzle.from_grid([[1, 0], [1, 1]], title="Gone")
    gone_path = tmp_path / "gone.non"
    app = App(headless=True)
    for puzzle, path in ((older, older_path), (gone, gone_path)):
        key_ = puzzle.fingerprint()
        app.store.save_session(key_, Session(puzzle).to_json(), title=puzzle.title, path=path)
        app.store.set_last_played(key_, str(path))
    menu = MenuScene(app)
    app.push(menu)
    app.step()
    assert "Older" in menu.continue_button.label  # the other game is still offered
    notes = [text for text in app.toasts.texts if "Gone" in text]
    assert len(notes) == 1 and "gone.non" in notes[0] and "\n" not in notes[0]
    assert app.store.record(gone.fingerprint()).session is not None  # nothing thrown away
    menu.on_enter()  # back from another screen: said once is enough
    assert len([text for text in app.toasts.texts if "Gone" in text]) == 1


def test_a_last_kakuro_whose_file_changed_is_named_too(tmp_path: Path) -> None:
    from game.core.kakuro.fileformat import write_kakuro
    from game.core.kakuro.session import KakuroSession
    from tests.core.kakuro_boards import tiny

    puzzle = tiny()
    path = tmp_path / "tiny.kak"
    write_kakuro(puzzle, path)
    app = App(headless=True)
    app.store.save_session(puzzle.fingerprint(), KakuroSession(puzzle).to_json(), title="Tiny")
    app.store.set_last_played(puzzle.fingerprint(), str(path))
    path.write_text("kakuro\n", encoding="utf-8")  # damaged since
    menu = MenuScene(app)
    app.push(menu)
    app.step()
    assert not menu.continue_button.enabled
    assert app.toasts.texts == [
        "Your game of Tiny cannot be continued: its file tiny.kak can no longer be read."
    ]


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_menu_buttons_fit_the_window_without_overlapping(size: tuple[int, int]) -> None:
    app, menu = open_menu(size)
    screen = app.screen.get_rect()
    rects = [button.rect for button in menu.buttons]
    for index, rect in enumerate(rects):
        assert screen.contains(rect)
        assert rect.collidelist(rects[index + 1 :]) == -1
    # The primary button is drawn in the accent colour.
    assert app.screen.get_at(menu.play_button.rect.midleft)[:3] != app.theme.background


def test_options_change_settings_and_theme_at_once(hanjie_home: Path) -> None:
    app, menu = open_menu()
    click(app, menu.options_button.rect.center)
    options = app.top
    assert isinstance(options, OptionsScene)
    assert app.setting("sound") is True
    click(app, options.sound.rect.center)
    assert app.setting("sound") is False
    assert not app.sounds.enabled
    assert not options.volume.enabled
    click(app, options.auto_check.rect.center)
    assert app.setting("auto_check") is True
    background = app.screen.get_at((5, 5))[:3]
    choice = options.theme_choice.rect
    click(app, (choice.right - 20, choice.centery))  # the right arrow: next theme, dark
    assert app.theme.name == "dark"
    assert app.screen.get_at((5, 5))[:3] != background
    # A click moved the keyboard focus too; Down goes to the interface size, the language
    # (offered: every catalogue is complete), the lesson, Controls, then Back (beside it);
    # Up returns.
    key(app, pygame.K_DOWN)
    assert options.focus.focused is options.interface_size
    key(app, pygame.K_DOWN)
    assert options.focus.focused is options.language
    key(app, pygame.K_DOWN)
    assert options.focus.focused is options.lesson
    key(app, pygame.K_DOWN)
    assert options.focus.focused is options.controls
    key(app, pygame.K_DOWN)
    assert options.focus.focused is options.back
    for _press in range(5):
        key(app, pygame.K_UP)
    assert options.focus.focused is options.theme_choice
    key(app, pygame.K_RIGHT)
    assert app.theme.name == "contrast"
    key(app, pygame.K_ESCAPE)
    assert app.top is menu
    again = App(headless=True)
    assert again.theme.name == "contrast"
    assert again.setting("auto_check") is True


def test_volume_slider_follows_the_mouse_and_is_saved_on_leaving() -> None:
    app, menu = open_menu()
    click(app, menu.options_button.rect.center)
    options = app.top
    assert isinstance(options, OptionsScene)
    track = options.volume.track()
    click(app, (track.left + track.width // 4, track.centery))
    assert options.volume.value == pytest.approx(0.25, abs=0.02)
    assert app.sounds.volume == pytest.approx(0.25, abs=0.02)
    key(app, pygame.K_ESCAPE)
    assert app.setting("volume") == pytest.approx(0.25, abs=0.02)


def test_continue_works_from_any_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """QA: `play levels/…/03-goblet.non` stored the relative path; started elsewhere, the
    game greyed Continue out. The record is absolute now."""
    from game.core.formats import read_puzzle
    from game.core.play.moves import Paint
    from game.resources import levels_dir
    from game.ui.scenes.play.scene import PlayScene

    install = levels_dir().parent
    relative = Path("levels") / "01-first-steps" / "03-goblet.non"
    monkeypatch.chdir(install)
    app = App(headless=True)
    app.push(MenuScene(app))
    app.step()
    assert app.open_level_file(relative)
    app.step()
    game = app.top
    assert isinstance(game, PlayScene)
    game.apply(Paint(0, 0, 0, 0, 2))
    game.save()
    recorded = Path(str(app.store.last_played_path))
    assert recorded.is_absolute() and recorded == (install / relative).resolve()

    monkeypatch.chdir(tmp_path)
    fresh = App(headless=True)
    menu = MenuScene(fresh)
    fresh.push(menu)
    fresh.step()
    assert menu.continue_button.enabled
    # A record an older version wrote, relative to a folder long left: found all the same.
    goblet = read_puzzle(install / relative)
    fresh.store.set_last_played(goblet.fingerprint(), str(relative))
    menu.on_enter()
    assert menu.continue_button.enabled
    fresh.store.set_last_played(goblet.fingerprint(), "nowhere/03-goblet.non")
    menu.on_enter()
    assert not menu.continue_button.enabled


def test_continue_offers_an_unfinished_random_puzzle_after_a_kakuro_is_solved(
    tmp_path: Path,
) -> None:
    """QA: a few moves of a Random 15x15, then a Kakuro opened and solved: Continue was grey
    (it only ever looked at the last game played, the solved Kakuro)."""
    from game.core.board import Cell
    from game.core.kakuro.fileformat import read_kakuro
    from game.core.play.moves import Paint
    from game.ui.scenes.kakuro.play import KakuroPlayScene
    from game.ui.scenes.play.scene import PlayScene
    from tests.ui.test_kakuro_scenes import SMALL, solution_digit

    puzzle = Puzzle.from_grid([[1, 1, 0], [0, 1, 1], [1, 0, 1]], title="Random 3x3")
    path = tmp_path / "random.non"
    path.write_text(format_puzzle(puzzle, "non"))
    app, menu = open_menu()
    game = PlayScene(app, puzzle, path=path)
    app.push(game)
    app.step()
    game.apply(Paint(0, 0, 0, 0, Cell.FILLED))
    game.save()
    app.pop()
    kakuro = KakuroPlayScene(app, read_kakuro(SMALL), path=SMALL)
    app.push(kakuro)
    app.step()
    kakuro.select(0)
    kakuro.type_digit(solution_digit(kakuro.puzzle, 0))
    kakuro.save()
    assert app.store.last_played == kakuro.key
    for index in range(1, kakuro.puzzle.white_count):
        kakuro.select(index)
        kakuro.type_digit(solution_digit(kakuro.puzzle, index))
    assert kakuro.win is not None and app.store.record(kakuro.key).session is None
    app.pop()
    app.step()
    assert app.top is menu
    assert menu.continue_button.enabled and "Random 3x3" in menu.continue_button.label
    menu.continue_last()
    app.step()
    resumed = app.top
    assert isinstance(resumed, PlayScene) and resumed.key == game.key
    assert resumed.session.board.get(0, 0) == Cell.FILLED


def test_a_screen_opened_by_a_key_shows_its_focus_at_once() -> None:
    # QA: Options opened with Enter had Sound focused, with no outline, and Space toggled
    # it; the first Tab went on to Volume. Opened by a click, the outline waits for a key.
    app, menu = open_menu()
    menu.focus.focus_widget(menu.options_button)
    key(app, pygame.K_RETURN)
    options = app.top
    assert isinstance(options, OptionsScene)
    assert options.focus.show_focus and options.focus.focused is options.sound
    key(app, pygame.K_ESCAPE)
    assert app.top is menu and menu.focus.show_focus
    click(app, menu.options_button.rect.center)
    assert isinstance(app.top, OptionsScene) and not app.top.focus.show_focus
