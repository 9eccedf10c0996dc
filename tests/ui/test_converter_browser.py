"""The converter's file browser: what a folder lists, keyboard and mouse, unreadable folders."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest
from PIL import Image

from game.ui.app import App
from game.ui.scenes.converter.scene import ConverterScene
from game.ui.widgets.file_browser import (
    FileBrowserScene,
    default_start_folder,
    folder_entries,
    size_text,
)
from tests.ui.converter_helpers import finish_opening
from tests.ui.ui_events import click, key


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "pictures"
    (root / "beta").mkdir(parents=True)
    (root / "Alpha").mkdir()
    (root / ".hidden").mkdir()
    Image.new("RGB", (20, 20), "black").save(root / "zebra.PNG")
    Image.new("RGB", (20, 20), "black").save(root / "apple.jpg")
    (root / "level.non").write_text("width 5\nheight 5\n")
    (root / "notes.txt").write_text("width 5\nheight 5\n")
    (root / "notes.doc").write_text("not shown")
    (root / ".secret.png").write_bytes(b"")
    return root


def test_folder_entries_order_and_filter(folder: Path) -> None:
    (folder / "sums.kak").write_text("not shown: the converter does not edit Kakuro")
    entries = folder_entries(folder)
    assert [(entry.name, entry.kind) for entry in entries] == [
        ("..", "parent"),
        ("Alpha", "folder"),
        ("beta", "folder"),
        ("apple.jpg", "picture"),
        ("level.non", "nonogram"),
        ("notes.txt", "nonogram"),  # a text puzzle format
        ("zebra.PNG", "picture"),
    ]
    assert entries[0].path == folder.parent
    assert entries[3].size == (folder / "apple.jpg").stat().st_size
    with pytest.raises(OSError):
        folder_entries(folder / "missing")


def test_size_text() -> None:
    assert size_text(512) == "512 B"
    assert size_text(14 * 1024) == "14 KB"
    assert size_text(3 * 1024 * 1024 + 200_000) == "3.2 MB"


def test_start_folder_is_pictures_or_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.delenv("XDG_PICTURES_DIR", raising=False)
    assert default_start_folder() == tmp_path
    (tmp_path / "Pictures").mkdir()
    assert default_start_folder() == tmp_path / "Pictures"


@pytest.mark.skipif(sys.platform != "linux", reason="the XDG user folders are Linux's")
def test_start_folder_is_the_one_the_system_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 36: the Pictures folder was guessed from five names; a Dutch or Portuguese
    desktop's "Fotos" (named in the XDG user folders) was missed for the home folder."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.delenv("XDG_PICTURES_DIR", raising=False)
    (tmp_path / ".config").mkdir()
    (tmp_path / ".config" / "user-dirs.dirs").write_text('XDG_PICTURES_DIR="$HOME/Fotos"\n')
    (tmp_path / "Fotos").mkdir()
    (tmp_path / "Pictures").mkdir()
    assert default_start_folder() == tmp_path / "Fotos"


def _browser(folder: Path) -> tuple[App, ConverterScene, FileBrowserScene]:
    app = App(headless=True)
    scene = ConverterScene(app)
    app.push(scene)
    app.step()
    app.store.set_setting("converter_folder", str(folder))
    click(app, scene.open_button.rect.center)
    browser = app.top
    assert isinstance(browser, FileBrowserScene)
    assert browser.folder == folder.resolve()
    return app, scene, browser


def test_keyboard_opens_a_picture_in_the_converter(folder: Path) -> None:
    app, scene, browser = _browser(folder)
    names = [entry.name for entry in browser.entries]
    assert browser.entries[browser.selected].name == "Alpha"  # first entry under ".."
    for _ in range(names.index("apple.jpg") - browser.selected):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    app.step()
    finish_opening(app, scene)
    assert app.top is scene and scene.document.mode == "image"
    assert "apple.jpg" in scene.source_label


def test_mouse_enters_folders_and_goes_back_up(folder: Path) -> None:
    app, _scene, browser = _browser(folder)
    row = browser.scroll.viewport.top + browser.row_height * 2 + browser.row_height // 2
    position = (browser.scroll.viewport.centerx, row)
    click(app, position)
    assert browser.entries[browser.selected].name == "beta"
    click(app, position)  # a second click on the same row opens it
    assert browser.folder == (folder / "beta").resolve()
    key(app, pygame.K_BACKSPACE)
    assert browser.folder == folder.resolve()
    assert browser.entries[browser.selected].name == "beta"  # where we came from
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.top, FileBrowserScene)


@pytest.mark.usefixtures("enforced_permissions")
def test_unreadable_folder_is_explained(folder: Path) -> None:
    locked = folder / "beta"
    locked.chmod(0)
    try:
        _app, _scene, browser = _browser(folder)
        assert not browser.enter(locked)
        assert "permission denied" in browser.problem
        assert browser.folder == folder.resolve()
    finally:
        locked.chmod(0o755)


def test_missing_folder_is_explained(folder: Path) -> None:
    app, _scene, browser = _browser(folder)
    assert not browser.enter(folder / "vanished")
    assert "Cannot open vanished" in browser.problem
    assert browser.folder == folder.resolve()
    app.step()  # draws the problem line without failing


def test_a_drop_while_browsing_is_the_choice(folder: Path) -> None:
    app, scene, _browser_scene = _browser(folder)
    app.feed(pygame.event.Event(pygame.DROPFILE, file=str(folder / "zebra.PNG")))
    for _ in range(3):
        app.step()
    finish_opening(app, scene)
    assert app.top is scene and "zebra.PNG" in scene.source_label


def _pause(app: App) -> None:
    for _ in range(6):
        app.step(0.25)  # the app counts at most a quarter of a second a frame


def _type(app: App, text: str) -> None:
    for char in text:
        key(app, pygame.key.key_code(char), unicode=char)


def test_typing_a_name_jumps_to_it(folder: Path) -> None:
    for index in range(12):
        Image.new("RGB", (4, 4), "black").save(folder / f"photo-{index:02}.png")
    app, _scene, browser = _browser(folder)

    def selected() -> str:
        return browser.entries[browser.selected].name

    _type(app, "ze")
    assert selected() == "zebra.PNG"
    _pause(app)  # a pause starts a new name
    _type(app, "photo-1")
    assert selected() == "photo-10.png"
    assert browser.typed == "photo-1"
    _pause(app)
    _type(app, "a")  # one letter steps through the names starting with it
    assert selected() == "Alpha"
    _type(app, "a")
    assert selected() == "apple.jpg"
    _pause(app)
    _type(app, "q")  # nothing starts with q: the selection stays
    assert selected() == "apple.jpg"
    key(app, pygame.K_RETURN)
    app.step()
    app.step()
    assert not isinstance(app.top, FileBrowserScene)


def test_numbered_files_are_listed_as_people_count(tmp_path: Path) -> None:
    # QA: a folder of 3,000 pictures listed p1, p10, p100, p1000, p1001 … before p2.
    for name in ("IMG_10.jpg", "img_2.jpg", "IMG_1.jpg", "p100.png", "p9.png"):
        (tmp_path / name).write_bytes(b"")
    names = [entry.name for entry in folder_entries(tmp_path)][1:]
    assert names == ["IMG_1.jpg", "img_2.jpg", "IMG_10.jpg", "p9.png", "p100.png"]


def test_folders_named_with_digits_int_refuses_are_listed(tmp_path: Path) -> None:
    """Issue 36: a folder named "Photos 2²" or "①" crashed the browser (int("²"))."""
    for name in ("Photos 2²", "①", "Photos 2", "Photos 10"):
        (tmp_path / name).mkdir()
    names = [entry.name for entry in folder_entries(tmp_path)][1:]
    assert names == ["Photos 2", "Photos 2²", "Photos 10", "①"]


def test_a_long_folder_opens_at_its_top(tmp_path: Path) -> None:
    # QA: a folder longer than the list opened scrolled by two rows, ".." and the selected
    # first entry out of sight (the first folder was shown before the list had any size).
    for index in range(40):
        Image.new("RGB", (8, 8), "black").save(tmp_path / f"p{index}.png")
    app, _scene, browser = _browser(tmp_path)
    app.step()
    assert browser.scroll.offset == 0
    assert browser.entries[browser.selected].name == "p0.png"


def _press(app: App, char: str, code: int | None = None, mod: int = 0) -> None:
    """One key down and up, fed without running a frame (keys typed in one burst)."""
    code = pygame.key.key_code(char) if code is None else code
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        app.feed(pygame.event.Event(kind, key=code, mod=mod, unicode=char, scancode=0))


def test_a_typed_path_opens_a_folder_or_a_file(folder: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    Image.new("RGB", (20, 20), "black").save(elsewhere / "cat.png")
    app, scene, browser = _browser(folder)
    for char in str(elsewhere):
        _press(app, char)
    _press(app, "", pygame.K_RETURN)
    app.step()
    assert browser.folder == elsewhere.resolve() and browser.path_typed is None
    # A file's path is the choice; "~" starts a path too, and a path not there says so.
    _press(app, "~")
    _press(app, "", pygame.K_BACKSPACE)
    for char in str(elsewhere / "nothing.png"):
        _press(app, char)
    _press(app, "", pygame.K_RETURN)
    app.step()
    assert browser.problem.startswith("Nothing at") and app.top is browser
    _press(app, "", pygame.K_ESCAPE)  # out of the path, still browsing
    app.step()
    assert browser.path_typed is None and app.top is browser
    _press(app, "l", mod=pygame.KMOD_CTRL)  # Ctrl+L: the folder shown, to go on from
    for char in "cat.png":
        _press(app, char)
    _press(app, "", pygame.K_RETURN)
    app.step()
    finish_opening(app, scene)
    assert app.top is scene and "cat.png" in scene.source_label


def test_keys_typed_at_once_after_opening_reach_the_browser(folder: Path) -> None:
    app = App(headless=True)
    scene = ConverterScene(app)
    app.push(scene)
    app.step()
    app.store.set_setting("converter_folder", str(folder))
    _press(app, "o", mod=pygame.KMOD_CTRL)  # Ctrl+O, then "ze" in the same burst
    _press(app, "z")
    _press(app, "e")
    app.step()
    browser = app.top
    assert isinstance(browser, FileBrowserScene)
    assert browser.entries[browser.selected].name == "zebra.PNG"


def test_files_show_thumbnails_made_off_the_drawing_thread(folder: Path) -> None:
    from concurrent.futures import wait

    from game.ui.widgets import thumbnails

    app, _scene, browser = _browser(folder)
    fresh = thumbnails.Thumbnails()
    browser.thumbnails = fresh
    app.step()  # the first frame asks; nothing is waited for while drawing
    wait(list(fresh._pending.values()), timeout=30)
    assert fresh.busy
    app.step()  # the next frame takes them in
    side = browser.row_height - 4
    for name, kind in (("apple.jpg", "picture"), ("zebra.PNG", "picture")):
        surface = fresh.get(kind, folder / name, side)
        assert surface is not None and max(surface.get_size()) <= side, name
    # The level file is not a valid puzzle: no thumbnail, and no error.
    assert fresh.get("nonogram", folder / "level.non", side) is None and not fresh.busy
