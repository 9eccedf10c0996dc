"""Level select on a temporary levels folder: cards, a broken file, keys, wheel, packs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.formats import format_puzzle
from game.core.play.session import Session
from game.core.puzzle import Puzzle
from game.ui.app import App
from game.ui.fonts import Fonts
from game.ui.scenes.levels.select import LevelSelectScene
from game.ui.widgets.text import format_time
from tests.ui.ui_events import click, key, wheel

CROSS = Puzzle.from_grid([[0, 1, 0], [1, 1, 1], [0, 1, 0]], title="Cross")
CORNER = Puzzle.from_grid([[1, 1, 1], [1, 0, 0], [1, 0, 0]], title="Corner")
DIAGONAL = Puzzle.from_grid([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])


def write(path: Path, puzzle: Puzzle) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(format_puzzle(puzzle, "non"), encoding="utf-8")
    return path


@pytest.fixture
def levels(tmp_path: Path) -> Path:
    root = tmp_path / "levels"
    write(root / "starter" / "01-cross.non", CROSS)
    (root / "starter" / "02-broken.non").write_text("width 3\nheight 3\nrows\n1\n1\n4\n")
    write(root / "starter" / "03-corner.non", CORNER)
    (root / "starter" / "pack.json").write_text(json.dumps({"name": "Starter", "order": 1}))
    for number in range(1, 31):
        write(root / "many" / f"{number:02d}.non", DIAGONAL)
    (root / "many" / "pack.json").write_text(json.dumps({"name": "Many", "order": 2}))
    return root


def open_levels(
    levels: Path, tmp_path: Path, size: tuple[int, int] = (1280, 800)
) -> tuple[App, LevelSelectScene]:
    app = App(headless=True, size=size)
    scene = LevelSelectScene(app, levels=levels, user_dir=tmp_path / "mine")
    assert scene.wait_for_files()  # the files are read on a worker thread
    app.push(scene)
    app.step()
    return app, scene


def test_packs_and_my_puzzles_are_listed(levels: Path, tmp_path: Path) -> None:
    write(tmp_path / "mine" / "own.non", CORNER)
    app, scene = open_levels(levels, tmp_path)
    assert [state.pack.name for state in scene.packs] == ["Starter", "Many", "My puzzles"]
    assert [entry.path.name for entry in scene.entries] == [
        "01-cross.non",
        "02-broken.non",
        "03-corner.non",
    ]
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    assert scene.pack is not None and scene.pack.user
    assert [entry.name for entry in scene.entries] == ["Corner"]


def test_broken_card_shows_its_reason_and_the_rest_of_the_pack_plays(
    levels: Path, tmp_path: Path
) -> None:
    from game.ui.scenes.play import scene as play

    app, scene = open_levels(levels, tmp_path)
    broken = scene.entries[1]
    assert broken.puzzle is None and broken.error
    # The broken card is drawn with the error colour around it.
    rect = scene.card_rect(1)
    assert app.screen.get_at((rect.centerx, rect.top))[:3] == app.theme.error
    click(app, rect.center)
    assert app.top is scene
    assert any("02-broken.non" in text and broken.error in text for text in app.toasts.texts)
    click(app, scene.card_rect(2).center)
    assert isinstance(app.top, play.PlayScene)
    assert app.top.puzzle.fingerprint() == CORNER.fingerprint()
    assert app.top.path == levels / "starter" / "03-corner.non"
    assert app.top.pack == "Starter"


def test_next_puzzles_skip_the_broken_file(levels: Path, tmp_path: Path) -> None:
    from game.ui.scenes.play import scene as play

    app, scene = open_levels(levels, tmp_path)
    click(app, scene.card_rect(0).center)
    assert isinstance(app.top, play.PlayScene)
    following = list(app.top.next_puzzles)
    assert len(following) == 1
    puzzle, path = following[0]
    assert puzzle.fingerprint() == CORNER.fingerprint()
    assert Path(path).name == "03-corner.non"


def test_keyboard_navigation_plays_the_selected_card(levels: Path, tmp_path: Path) -> None:
    from game.ui.scenes.play import scene as play

    app, scene = open_levels(levels, tmp_path)
    key(app, pygame.K_RIGHT)  # the first arrow shows the selection without moving it
    assert scene.show_focus and scene.selected == 0
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.selected == 2
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)  # from the first column into the pack list
    assert scene.focus_area == "packs"
    key(app, pygame.K_DOWN)
    assert scene.pack is not None and scene.pack.name == "Many"
    key(app, pygame.K_RETURN)
    assert scene.focus_area == "cards"
    key(app, pygame.K_DOWN)
    assert scene.selected == scene.columns
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, play.PlayScene)
    key(app, pygame.K_ESCAPE)  # the play scene's pause menu or back: not ours to test
    assert scene in app.scenes


def test_reached_by_a_key_the_card_enter_plays_is_outlined_at_once(
    levels: Path, tmp_path: Path
) -> None:
    # QA: Enter on the menu's Play, then Enter again, played a card no outline showed.
    app = App(headless=True, size=(1280, 800))
    key(app, pygame.K_DOWN)  # the player's last input: a key
    scene = LevelSelectScene(app, levels=levels, user_dir=tmp_path / "mine")
    assert scene.wait_for_files()
    app.push(scene)
    app.step()
    assert scene.show_focus and scene.focus_area == "cards"
    key(app, pygame.K_RIGHT)  # the outline was seen: the arrow moves it
    assert scene.selected == 1
    # Reached with the mouse, the outline waits for a key, as before.
    app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    other = LevelSelectScene(app, levels=levels, user_dir=tmp_path / "mine")
    assert other.wait_for_files()
    app.push(other)
    app.step()
    assert not other.show_focus


def test_wheel_and_end_key_scroll_to_the_bottom(levels: Path, tmp_path: Path) -> None:
    app, scene = open_levels(levels, tmp_path)
    scene.select_pack(1)
    app.step()
    assert len(scene.entries) == 30
    assert scene.scroll.max_offset > 0
    inside = scene.scroll.viewport.center
    wheel(app, inside, -2)
    assert scene.scroll.offset > 0
    wheel(app, inside, 5)
    assert scene.scroll.offset == 0
    key(app, pygame.K_END)
    assert scene.selected == 29
    last = scene.card_rect(29)
    assert scene.scroll.viewport.contains(last)
    key(app, pygame.K_HOME)
    assert scene.scroll.offset == 0


def test_card_shows_solved_picture_best_time_and_progress_badge(
    levels: Path, tmp_path: Path
) -> None:
    app = App(headless=True)
    app.store.mark_solved(CROSS.fingerprint(), 83.0)
    app.store.save_session(CORNER.fingerprint(), Session(CORNER).to_json())
    scene = LevelSelectScene(app, levels=levels, user_dir=tmp_path / "mine")
    assert scene.wait_for_files()
    app.push(scene)
    app.step()
    solved = scene.record(scene.entries[0])
    assert solved is not None and solved.solved and solved.best_time == 83.0
    assert format_time(83.0) == "1:23"
    assert format_time(3725.0) == "1:02:05"
    progress = scene.record(scene.entries[2])
    assert progress is not None and progress.session is not None
    assert scene.packs[0].solved == 1
    # The solved cross's thumbnail: its middle cell is ink, its corner cell is paper.
    card = scene.card_rect(0)
    pad = round(10 * app.ui_scale)
    side = card.width - 2 * pad
    box = pygame.Rect(card.left + pad, card.top + pad, side, side - round(36 * app.ui_scale))
    assert app.screen.get_at(box.center)[:3] == app.theme.filled
    cell = min(box.width - 8, box.height - 8) // 3
    corner = (box.centerx - cell - cell // 3, box.centery + cell + cell // 3)
    assert app.screen.get_at(corner)[:3] == app.theme.cell_unknown
    # QA: the "✓ Solved" badge covered the thumbnail's corner; it sits below it now.
    badge = {app.theme.success}
    thumbnail = {
        tuple(app.screen.get_at((x, y)))[:3]
        for x in range(box.left, box.right)
        for y in range(box.top, box.bottom)
    }
    assert not badge & thumbnail
    below = {
        tuple(app.screen.get_at((x, y)))[:3]
        for x in range(card.left, card.right)
        for y in range(box.bottom, card.bottom)
    }
    assert badge <= below


def test_cards_show_a_number_until_solved_then_the_title(
    levels: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """QA: the titles on the cards gave the pictures away before they were solved."""
    drawn: list[str] = []
    real_render = Fonts.render

    def render(self: Fonts, text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        drawn.append(text)
        return real_render(self, text, *args, **kwargs)

    monkeypatch.setattr(Fonts, "render", render)
    app, scene = open_levels(levels, tmp_path)
    assert "#1" in drawn and "#3" in drawn
    assert "Cross" not in drawn and "Corner" not in drawn
    # The broken card keeps its file name and its reason.
    broken = scene.entries[1]
    assert "02-broken.non" in drawn
    assert broken.error is not None and broken.error.split()[0] in " ".join(drawn)
    # Once solved (and back from the game), the card is called by its title.
    app.store.mark_solved(CROSS.fingerprint(), 30.0)
    scene.on_enter()
    drawn.clear()
    app.step()
    assert "Cross" in drawn and "#1" not in drawn
    assert "#3" in drawn and "Corner" not in drawn


def test_watch_button_opens_the_replay(levels: Path, tmp_path: Path) -> None:
    from game.ui.scenes.replay.scene import ReplayScene

    app, scene = open_levels(levels, tmp_path)
    click(app, scene._watch_rect(0).center)
    assert isinstance(app.top, ReplayScene)


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_cards_fit_the_window(levels: Path, tmp_path: Path, size: tuple[int, int]) -> None:
    app, scene = open_levels(levels, tmp_path, size)
    scene.select_pack(1)
    app.step()
    first = scene.card_rect(0)
    assert scene.scroll.viewport.contains(first)
    assert app.screen.get_rect().contains(scene.pack_panel)
    assert scene.columns >= (2 if size[0] < 1000 else 4)


def test_it_opens_on_the_puzzle_last_played_scrolled_into_view(
    levels: Path, tmp_path: Path
) -> None:
    app = App(headless=True)
    last = levels / "many" / "27.non"
    app.store.set_last_played(DIAGONAL.fingerprint(), str(last))
    app.store.set_setting("last_pack", "starter")  # browsed last, but the game is in "many"
    scene = LevelSelectScene(app, levels=levels, user_dir=tmp_path / "mine")
    assert scene.wait_for_files()
    app.push(scene)
    app.step()
    assert scene.selected == 26
    assert scene.scroll.viewport.contains(scene.card_rect(26))
    key(app, pygame.K_RETURN)  # Enter plays it
    assert type(app.top).__name__ == "PlayScene"


def test_my_puzzles_that_is_a_file_says_so(
    levels: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # QA: with My puzzles replaced by a file the empty pack said "put puzzle files in <it>".
    from game.ui.scenes.shared.select import view as level_view

    blocker = tmp_path / "mine"
    blocker.write_text("not a folder")
    app, scene = open_levels(levels, tmp_path)
    scene.select_pack(len(scene.packs) - 1)
    app.step()
    assert scene.pack is not None and scene.pack.user and not scene.entries
    drawn: list[str] = []

    def record(surface: object, app: object, text: str, *args: object, **kw: object) -> None:
        drawn.append(text)

    monkeypatch.setattr(level_view, "draw_text", record)
    scene.draw(app.screen)
    said = " ".join(drawn)
    assert f"{blocker} is a file, not a folder" in said and "put puzzle files" not in said
    assert blocker.read_text() == "not a folder"


def test_a_solved_colour_picture_on_its_own_ground_shows_it_on_its_card(tmp_path: Path) -> None:
    # QA: Mobile phone, a colour picture on a teal wall, was revealed on the wall when won
    # and shown on white paper on its card. The card shows its ground; a white-ground
    # picture keeps the paper.
    from game.core.palette import Palette
    from game.core.puzzle import Puzzle
    from game.core.store.packs import PuzzleEntry
    from game.ui.scenes.levels.select import NonogramKind

    app = App(headless=True)
    ground, red, cream = (34, 36, 30), (200, 40, 40), (238, 222, 202)
    grid = [[0, 1, 0], [1, 1, 1], [0, 2, 0]]
    box = pygame.Rect(0, 0, 68, 68)
    for background, expected in (
        (("black", ground), ground),
        (("white", (255, 255, 255)), app.theme.cell_unknown),
    ):
        palette = Palette.of(background, ("red", red), ("cream", cream))
        puzzle = Puzzle.from_colour_grid(grid, palette)
        assert puzzle.is_colour
        surface = pygame.Surface((68, 68))
        entry = PuzzleEntry(tmp_path / "phone.non", puzzle)
        NonogramKind().draw_thumbnail(surface, app, box, entry, True)
        corner = surface.get_at((box.centerx - 15, box.centery - 15))
        middle = surface.get_at(box.center)
        assert (corner.r, corner.g, corner.b) == expected, background
        assert (middle.r, middle.g, middle.b) == red
