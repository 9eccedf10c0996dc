"""Level select's Random entry: choose, generate (sliced, cancellable), play, keep."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.core.generate.files import played_pictures, random_folder
from game.core.generate.generator import generate
from game.core.generate.picture_library import library
from game.core.generate.picture_puzzles import PictureGeneration
from game.core.store.packs import puzzle_files
from game.ui.app import App
from game.ui.scenes.levels.generating import GeneratingScene
from game.ui.scenes.levels.random_panel import SIZES, SOURCES, pictures_read_at
from game.ui.scenes.levels.select import LevelSelectScene
from game.ui.scenes.play.scene import PlayScene
from tests.ui.play_helpers import until_playing
from tests.ui.test_level_select import CROSS, open_levels, write
from tests.ui.ui_events import click, key


@pytest.fixture
def levels(tmp_path: Path) -> Path:
    root = tmp_path / "levels"
    write(root / "starter" / "01-cross.non", CROSS)
    return root


def _open_random(levels: Path, tmp_path: Path) -> tuple[App, LevelSelectScene]:
    app, scene = open_levels(levels, tmp_path)
    click(app, scene.pack_rect(len(scene.packs)).center)
    assert scene.random_open
    scene.random.seed = lambda: 7
    return app, scene


def test_random_makes_the_chosen_puzzle_a_slice_a_frame_and_plays_it(
    levels: Path, tmp_path: Path
) -> None:
    app, scene = _open_random(levels, tmp_path)
    panel = scene.random
    click(app, panel.size_buttons[SIZES.index((10, 10))].rect.center)
    click(app, panel.level_buttons[1].rect.center)  # 2 Medium
    assert (panel.size, panel.level) == ((10, 10), 2)
    panel.make_button.activate()
    play = until_playing(app, 2000)
    assert play.puzzle == generate(10, 10, 2, 7)
    assert play.path is not None and play.path.parent == random_folder(app.store)
    assert play.pack == "Random"
    # The choice is remembered for next time.
    again = LevelSelectScene(app, levels=levels, user_dir=tmp_path / "mine")
    assert (again.random.size, again.random.level) == ((10, 10), 2)


def test_random_picture_draws_a_library_picture_and_remembers_the_choice(
    levels: Path, tmp_path: Path
) -> None:
    app, scene = _open_random(levels, tmp_path)
    panel = scene.random
    click(app, panel.size_buttons[SIZES.index((15, 15))].rect.center)
    click(app, panel.level_buttons[0].rect.center)  # 1 Easy
    click(app, panel.source_buttons[list(SOURCES).index("picture")].rect.center)
    assert panel.source == "picture"
    panel.make_button.activate()
    play = until_playing(app, 3000)
    picture = dict(play.puzzle.extra).get("picture")
    assert picture in {entry.name for entry in library()}
    assert play.puzzle == PictureGeneration(15, 15, 1, 7).run().puzzle
    # Its title names the picture: hidden until solved, as a bundled puzzle's is.
    assert play.shown_name() == "Random picture #7" != play.puzzle.title
    assert play.path is not None and play.path.parent == random_folder(app.store)
    again = LevelSelectScene(app, levels=levels, user_dir=tmp_path / "mine")
    assert again.random.source == "picture"
    # The next picture is another one: the one played is in the random folder.
    assert picture in played_pictures(random_folder(app.store))


def test_random_picture_below_the_size_pictures_read_at_says_so_and_makes_shapes(
    levels: Path, tmp_path: Path
) -> None:
    # At 10x10 the library's pictures were staircase blobs under an emoji's title (issue 46).
    app, scene = _open_random(levels, tmp_path)
    panel = scene.random
    click(app, panel.size_buttons[SIZES.index((10, 10))].rect.center)
    click(app, panel.level_buttons[0].rect.center)  # 1 Easy
    click(app, panel.source_buttons[list(SOURCES).index("picture")].rect.center)
    assert not pictures_read_at(panel.size) and pictures_read_at((15, 15))
    panel.make_button.activate()
    play = until_playing(app, 3000)
    assert "picture" not in dict(play.puzzle.extra)
    assert play.puzzle == generate(10, 10, 1, 7)


def test_generating_can_be_cancelled_and_the_screen_stays_as_it_was(
    levels: Path, tmp_path: Path
) -> None:
    app, scene = _open_random(levels, tmp_path)
    panel = scene.random
    click(app, panel.size_buttons[SIZES.index((40, 30))].rect.center)
    click(app, panel.level_buttons[4].rect.center)
    panel.make_button.activate()
    app.step()
    overlay = app.top
    assert isinstance(overlay, GeneratingScene)
    assert overlay.wake_in() == 0.0  # it works (and its bar moves) every frame
    for _ in range(3):
        app.step()  # a slice a frame: the screen keeps answering
    assert app.top is overlay and overlay.generation.candidates > 0
    key(app, pygame.K_ESCAPE)
    assert app.top is scene and scene.random_open
    assert overlay.generation.advance(1.0) is None  # stopped for good: no more work
    assert not puzzle_files(random_folder(app.store))


def test_a_solved_random_puzzle_can_be_kept_in_my_puzzles(levels: Path, tmp_path: Path) -> None:
    app, scene = _open_random(levels, tmp_path)
    click(app, scene.random.size_buttons[0].rect.center)  # 5x5
    click(app, scene.random.level_buttons[0].rect.center)
    scene.random.make_button.activate()
    play = until_playing(app, 2000)
    assert not scene.random.keep_button.enabled
    app.store.mark_solved(play.key, 42.0)
    app.pop()
    app.step()
    panel = scene.random
    assert app.top is scene and panel.keep_button.enabled
    assert panel.play_last_button.label == "Play it again"
    click(app, panel.keep_button.rect.center)
    kept = puzzle_files(tmp_path / "mine")
    assert len(kept) == 1 and panel.kept == kept[0]
    assert not panel.keep_button.enabled  # once
    # "My puzzles" is read again and lists it.
    user = next(index for index, state in enumerate(scene.packs) if state.pack.user)
    click(app, scene.pack_rect(user).center)
    scene.wait_for_files()
    assert [entry.path for entry in scene.entries] == kept


def test_the_keyboard_reaches_random_and_makes_a_puzzle(levels: Path, tmp_path: Path) -> None:
    app, scene = open_levels(levels, tmp_path)
    scene.random.seed = lambda: 3
    key(app, pygame.K_LEFT)  # shows the focus
    key(app, pygame.K_LEFT)  # to the pack list
    for _ in range(len(scene.packs)):
        key(app, pygame.K_DOWN)
    assert scene.random_open
    key(app, pygame.K_RIGHT)  # into the panel, on the chosen size (15x15)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)  # 10x10
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)  # the source row (Shapes | Picture)
    key(app, pygame.K_DOWN)  # the colours (they stay black and white)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Make a puzzle (level stays Medium, shapes)
    play = until_playing(app, 2000)
    assert play.puzzle == generate(10, 10, 2, 3)


def test_a_random_puzzle_opens_again_from_the_panel(levels: Path, tmp_path: Path) -> None:
    app, scene = _open_random(levels, tmp_path)
    click(app, scene.random.size_buttons[0].rect.center)
    scene.random.make_button.activate()
    first = until_playing(app, 2000).puzzle
    app.pop()
    app.step()
    assert scene.random.play_last_button.label == "Continue it"
    click(app, scene.random.play_last_button.rect.center)
    assert isinstance(app.top, PlayScene) and app.top.puzzle == first


def test_random_makes_a_colour_puzzle_when_colours_are_chosen(levels: Path, tmp_path: Path) -> None:
    from game.core.generate.generator import generate_colour
    from game.ui.scenes.levels.random_panel import COLOUR_CHOICES

    app, scene = _open_random(levels, tmp_path)
    panel = scene.random
    click(app, panel.size_buttons[SIZES.index((10, 10))].rect.center)
    click(app, panel.level_buttons[1].rect.center)  # 2 Medium
    choice = [count for count, _label in COLOUR_CHOICES].index(4)
    # The button counts the colours to paint with (the background is the paper): "4 colours"
    # made three swatches, read as one missing (QA).
    assert panel.colour_buttons[choice].label == "3 colours"
    assert [label for _count, label in COLOUR_CHOICES] == [
        "Black and white", "2 colours", "3 colours", "5 colours"]  # fmt: skip
    click(app, panel.colour_buttons[choice].rect.center)
    assert panel.colours == 4
    panel.make_button.activate()
    play = until_playing(app, 2000)
    assert play.puzzle.is_colour and play.puzzle.colour_count == 3
    assert play.puzzle.title is not None and "in 3 colours" in play.puzzle.title
    assert play.puzzle == generate_colour(10, 10, 2, 7, 4)
    assert play.path is not None and play.path.name.endswith("-4colours.non")
    again = LevelSelectScene(app, levels=levels, user_dir=tmp_path / "mine")
    assert again.random.colours == 4  # remembered, as size and level are


def test_random_says_so_when_the_level_asked_could_not_be_made(
    levels: Path, tmp_path: Path
) -> None:
    # A colour picture at 40x30 is never Easy: Random makes the nearest and tells the player,
    # where it silently played a Medium under the Easy asked.
    from game.core.generate.generator import Generated
    from game.core.rating import Rating

    app, scene = _open_random(levels, tmp_path)
    panel = scene.random
    click(app, panel.level_buttons[0].rect.center)  # 1 Easy
    puzzle = generate(10, 10, 2, 7)
    panel._made(Generated(puzzle, Rating(2, "Medium", "", 6.0), 7, 1, 0))
    until_playing(app, 200)
    notes = [item.text for item in app.toasts.items]
    assert "No 10x10 puzzle came out Easy: this one is Medium, the nearest" in notes
    app.toasts.items.clear()
    panel._made(Generated(puzzle, Rating(1, "Easy", "", 3.0), 7, 1, 0))
    assert not [item for item in app.toasts.items if "came out" in item.text]
