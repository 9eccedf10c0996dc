"""The Kakuro entry screen (issue 35 item 7): reached from the Kakuro select, a book's board
typed in with clicks and keys, checked by the solver a slice a frame (one solution, none or
several, no digits shown), saved as a .kak in My puzzles and played."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.core.kakuro.fileformat import read_kakuro
from game.core.kakuro.model import KakuroPuzzle
from game.ui.app import App
from game.ui.scenes.kakuro.entry import KakuroEntryScene
from game.ui.scenes.kakuro.play import KakuroPlayScene
from game.ui.scenes.kakuro.select import KakuroSelectScene
from game.ui.window import quit_display
from tests.ui.ui_events import click, key

STARTER = Path(__file__).resolve().parent.parent / "data" / "kakuro-levels" / "kakuro-starter"
BOOK = STARTER / "01-starter.kak"


@pytest.fixture
def app() -> Iterator[App]:
    app = App(headless=True)
    yield app
    quit_display()


def digit_key(digit: int) -> int:
    return int(getattr(pygame, f"K_{digit}"))


def open_entry(app: App) -> KakuroEntryScene:
    app.push(KakuroSelectScene(app))
    app.step()
    key(app, pygame.K_t)
    scene = app.top
    assert isinstance(scene, KakuroEntryScene)
    return scene


def settle(app: App, scene: KakuroEntryScene) -> int:
    """Frames until the solver's verdict is in."""
    for frame in range(1, 2000):
        app.step(1 / 60)
        if not scene.checking:
            return frame
    raise AssertionError("the check did not finish")


def type_in(app: App, scene: KakuroEntryScene, book: KakuroPuzzle) -> None:
    """``book`` typed in as a player does: the size with the steppers' buttons, the cells
    with right-clicks, each sum by a click on its half of the black cell and its digits."""
    for stepper, size in ((scene.width_stepper, book.width), (scene.height_stepper, book.height)):
        minus, _box, plus = stepper._parts()
        while stepper.value != size:
            click(app, (minus if stepper.value > size else plus).center)
    draft = scene.draft
    for y in range(book.height):
        for x in range(book.width):
            if draft.white[y][x] != book.white[y][x]:
                click(app, pygame.Rect(scene.layout.cell_box(x, y)).center, button=3)
    for run in book.runs:
        box = pygame.Rect(scene.layout.cell_box(run.x, run.y))
        # The across sum above the diagonal (top right), the down sum below it.
        where = (
            (box.right - 4, box.top + 4) if run.axis == "across" else (box.left + 4, box.bottom - 4)
        )
        click(app, where)
        for char in str(run.total):
            key(app, digit_key(int(char)))


def test_a_book_kakuro_typed_in_is_checked_saved_and_played(app: App) -> None:
    book = read_kakuro(BOOK)
    scene = open_entry(app)
    type_in(app, scene, book)
    assert scene.draft.ready, scene.draft.problems()
    assert not scene.play_button.enabled  # not checked yet: a pause, then a slice a frame
    frames = settle(app, scene)
    assert frames > 2
    assert scene.result is not None and scene.result.status == "unique"
    assert any(text.startswith("✓ One solution") for _, text in scene.report())
    assert scene.play_button.enabled and scene.unsaved_work() is not None
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    saved = scene.saved_path
    assert saved is not None and saved.suffix == ".kak"
    assert saved.parent == app.store.user_puzzles_dir()
    again = read_kakuro(saved)
    assert again.fingerprint() == book.fingerprint() and again.solution == book.solution
    assert scene.unsaved_work() is None
    click(app, scene.play_button.rect.center)
    app.step()
    game = app.top
    assert isinstance(game, KakuroPlayScene)
    assert game.puzzle.fingerprint() == book.fingerprint()
    assert not any(game.session.digits)  # nothing of the answer shown


def test_several_solutions_and_none_are_reported(app: App) -> None:
    scene = open_entry(app)
    scene.resize(3, 3)  # four white cells, two runs each way
    for x, y, axis in ((0, 1, "across"), (0, 2, "across"), (1, 0, "down"), (2, 0, "down")):
        scene.select(x, y, axis)  # type: ignore[arg-type]
        key(app, digit_key(3))
    settle(app, scene)
    assert scene.result is not None and scene.result.status == "multiple"
    assert scene.hatched() == {(1, 1), (2, 1), (1, 2), (2, 2)}
    assert any("More than one solution" in text for _, text in scene.report())
    scene.select(1, 0, "down")
    key(app, pygame.K_BACKSPACE)
    key(app, digit_key(4))  # 4 + 3 down against 3 + 3 across: nothing fits
    assert scene.result is None  # the verdict went with the change
    settle(app, scene)
    assert scene.result is not None and scene.result.status == "none"
    assert not scene.play_button.enabled
    assert any("No solution" in text for _, text in scene.report())


def test_typing_names_problems_and_keys_move_between_sums(app: App) -> None:
    scene = open_entry(app)
    scene.resize(4, 3)
    scene.select(0, 1, "across")
    key(app, digit_key(4))
    key(app, digit_key(5))  # "45" in three cells: at most 24
    assert scene.draft.sums[(0, 1, "across")] == 45
    assert any("cannot add up to 45" in text for _, text in scene.report())
    key(app, pygame.K_BACKSPACE)
    assert scene.draft.sums[(0, 1, "across")] == 4
    key(app, pygame.K_RETURN)  # on to the next sum in reading order
    assert (*scene.cursor, scene.axis) == (0, 2, "across")
    key(app, pygame.K_SPACE)  # the black cell turns white: its sum and slot go
    assert scene.draft.white[2][0]
    assert any("Row 3, column 1 is white" in text for _, text in scene.report())
    scene.select(1, 1)
    key(app, digit_key(7))  # a white cell takes no sum
    assert "sums go on black cells" in scene.message


def test_a_whole_kakuro_is_kept_when_the_game_ends_unasked(app: App) -> None:
    scene = open_entry(app)
    type_in(app, scene, read_kakuro(BOOK))
    kept = scene.keep_unsaved()
    assert kept is not None and "-unsaved.kak" in kept
    files = list(app.store.user_puzzles_dir().glob("*-unsaved.kak"))
    assert (
        len(files) == 1 and read_kakuro(files[0]).fingerprint() == read_kakuro(BOOK).fingerprint()
    )
    scene.resize(scene.draft.width + 1, scene.draft.height)  # a new column: sums to type
    assert scene.keep_unsaved() is None
