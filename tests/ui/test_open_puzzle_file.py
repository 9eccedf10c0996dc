"""Issue 35 item 1: any puzzle file can be played blind, from level select (a button and O)
and from the menu ("Open a file…"): the file browser lists puzzle files only, and the file
chosen opens in its play screen with nothing of its picture shown."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.core.board import Cell
from game.core.formats import write_puzzle
from game.ui.app import App
from game.ui.scenes.kakuro.play import KakuroPlayScene
from game.ui.scenes.kakuro.select import KakuroSelectScene
from game.ui.scenes.levels.select import LevelSelectScene
from game.ui.scenes.menu.scene import MenuScene
from game.ui.scenes.play.scene import PlayScene
from game.ui.widgets.file_browser import FileBrowserScene
from game.ui.window import quit_display
from tests.shared_data import HEART
from tests.ui.ui_events import click, key

KAKURO = Path(__file__).resolve().parent.parent / "data" / "kakuro-levels" / "kakuro-starter"


@pytest.fixture
def app() -> Iterator[App]:
    app = App(headless=True)
    yield app
    quit_display()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    books = tmp_path / "book"
    books.mkdir()
    write_puzzle(HEART, books / "page-12.non")
    shutil.copy(KAKURO / "01-starter.kak", books / "sums.kak")
    (books / "photo.png").write_bytes(b"\x89PNG\r\n\x1a\n")  # a picture: not listed
    return books


def browser_at(app: App, folder: Path) -> FileBrowserScene:
    browser = app.top
    assert isinstance(browser, FileBrowserScene)
    assert browser.into == "play" and browser.title == "Open a puzzle file"
    browser.enter(folder)
    return browser


def pick(app: App, browser: FileBrowserScene, name: str) -> None:
    entry = next(entry for entry in browser.entries if entry.name == name)
    browser.open_entry(entry)
    app.step()


def test_level_select_plays_a_puzzle_file_blind(app: App, folder: Path) -> None:
    app.push(LevelSelectScene(app))
    app.step()
    select = app.top
    assert isinstance(select, LevelSelectScene)
    click(app, select.open_button.rect.center)
    browser = browser_at(app, folder)
    assert [entry.name for entry in browser.entries if entry.kind != "parent"] == [
        "page-12.non",
        "sums.kak",
    ]
    pick(app, browser, "page-12.non")
    game = app.top
    assert isinstance(game, PlayScene)
    assert game.puzzle.fingerprint() == HEART.fingerprint()
    # Blind: not one cell of the picture is shown.
    assert np.all(game.session.board.cells == Cell.UNKNOWN)
    # The next time, the browser starts where the last file came from.
    app.pop()
    app.step()
    key(app, pygame.K_o)
    again = app.top
    assert isinstance(again, FileBrowserScene) and again.folder == folder.resolve()


def test_the_menu_and_the_kakuro_select_open_a_puzzle_file_too(app: App, folder: Path) -> None:
    menu = MenuScene(app, offer_lesson=False)
    app.push(menu)
    app.step()
    click(app, menu.open_button.rect.center)
    pick(app, browser_at(app, folder), "sums.kak")
    assert isinstance(app.top, KakuroPlayScene)
    app.pop()
    app.push(KakuroSelectScene(app))
    app.step()
    key(app, pygame.K_o)
    pick(app, browser_at(app, folder), "page-12.non")
    assert isinstance(app.top, PlayScene)
