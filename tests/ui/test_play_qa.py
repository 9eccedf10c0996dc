"""Play-scene regressions found by playing the game in a real window."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np
import pygame
import pytest

from game.core.formats import format_puzzle, read_puzzle
from game.core.play.session import Session
from game.core.puzzle import Puzzle
from game.resources import levels_dir
from game.ui.app import App
from game.ui.scenes.menu.scene import MenuScene
from game.ui.scenes.play.scene import PlayScene
from game.ui.widgets.win_reveal import TITLE_AT, TITLE_FADE
from tests.shared_data import HEART
from tests.ui.play_helpers import centre, drag, key, move, open_play
from tests.ui.play_helpers import click as click_cell
from tests.ui.ui_events import click


def _map_colours(scene: PlayScene) -> int:
    """How many different colours the mini-map shows."""
    box = scene.minimap.box
    area = scene.app.screen.subsurface(pygame.Rect(box.x, box.y, box.w, box.h))
    pixels = pygame.surfarray.array3d(area).reshape(-1, 3)
    return len(np.unique(pixels, axis=0))


def test_the_mini_map_hides_the_picture_while_paused() -> None:
    scene = open_play()
    app = scene.app
    drag(scene, (0, 1), (9, 1))
    # The map shows paper and ink; paused, it is one flat colour (the pause veil dims it).
    assert _map_colours(scene) == 2
    key(scene, pygame.K_ESCAPE)  # the pause menu hides the board...
    assert scene.paused
    assert _map_colours(scene) == 1  # ...and the map as well
    key(scene, pygame.K_ESCAPE)
    assert not scene.paused
    assert _map_colours(scene) == 2
    app.feed(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    app.step()
    assert _map_colours(scene) == 1


def _continue_from_menu(path: Path) -> PlayScene:
    puzzle = read_puzzle(path)
    app = App(headless=True)
    app.store.save_session(puzzle.fingerprint(), Session(puzzle).to_json())
    app.store.set_last_played(puzzle.fingerprint(), str(path))
    menu = MenuScene(app)
    app.push(menu)
    app.step()
    click(app, menu.continue_button.rect.center)
    scene = app.top
    assert isinstance(scene, PlayScene)
    return scene


def test_continue_names_the_pack_and_offers_its_next_puzzle() -> None:
    pack = levels_dir() / "01-first-steps"
    scene = _continue_from_menu(pack / "02-ghost.non")
    assert scene.pack == "First steps"
    assert [Path(str(item)).name for item in scene.next_puzzles[:2]] == [
        "03-goblet.non",
        "04-arrow.non",
    ]
    goal = scene.puzzle.goal_array()
    assert goal is not None
    for y, x in np.argwhere(goal).tolist():
        click_cell(scene, x, y)
    assert scene.win is not None and scene.next_button.enabled
    click(scene.app, scene.next_button.rect.center)  # the first click skips the reveal
    assert scene.app.top is scene
    click(scene.app, scene.next_button.rect.center)
    after = scene.app.top
    assert isinstance(after, PlayScene) and after.puzzle.title == "Goblet"
    assert after.pack == "First steps"


def test_continue_of_a_file_outside_the_packs_has_no_pack(tmp_path: Path) -> None:
    path = tmp_path / "loose.non"
    path.write_text(format_puzzle(Puzzle.from_grid([[1, 0], [1, 1]], title="Loose"), "non"))
    scene = _continue_from_menu(path)
    assert scene.pack is None and scene.next_puzzles == ()


def _colours_in(scene: PlayScene, box: tuple[int, int, int, int]) -> set[tuple[int, int, int]]:
    x, y, w, h = box
    area = scene.app.screen.subsurface(pygame.Rect(x - 4, y - 4, w + 8, h + 8))
    pixels = pygame.surfarray.array3d(area).reshape(-1, 3)
    return {(int(r), int(g), int(b)) for r, g, b in np.unique(pixels, axis=0)}


def test_the_hint_cell_does_not_look_like_the_cursor() -> None:
    scene = open_play(HEART)
    key(scene, pygame.K_h)
    hint = scene.hint_show.hint
    assert hint is not None and hint.cells[0][:2] == (0, 1)
    move(scene, centre(scene, 3, 4), buttons=(0, 0, 0))  # the mouse takes the cursor away
    scene.app.step()
    assert scene.cursor == (3, 4)
    theme = scene.app.theme
    hint_colours = _colours_in(scene, scene.layout.cell_box(0, 1))
    cursor_colours = _colours_in(scene, scene.layout.cell_box(3, 4))
    assert theme.success in hint_colours and theme.cursor not in hint_colours
    assert theme.cursor in cursor_colours and theme.success not in cursor_colours


def _shows(scene: PlayScene, colour: tuple[int, int, int], rect: pygame.Rect) -> bool:
    pixels = pygame.surfarray.array3d(scene.app.screen.subsurface(rect)).reshape(-1, 3)
    return bool((pixels == np.array(colour)).all(axis=1).any())


def test_the_win_buttons_appear_whatever_the_frame_timing() -> None:
    scene = open_play(HEART)
    goal = scene.puzzle.goal_array()
    assert goal is not None
    for y, x in np.argwhere(goal).tolist():
        click_cell(scene, x, y)
    win = scene.win
    assert win is not None
    move(scene, (1, 1), buttons=(0, 0, 0))  # the mouse far from the buttons, still
    # A frame with the panel 98% faded in, then one fully in: the buttons must show.
    win.age = TITLE_AT + TITLE_FADE * 0.98
    scene.app.step(0.0)
    button = scene.app.theme.button
    assert not _shows(scene, button, scene.levels_button.rect)
    win.age = TITLE_AT + TITLE_FADE
    scene.app.step(0.0)
    assert _shows(scene, button, scene.levels_button.rect)
    assert _shows(scene, button, scene.menu_button.rect)


def test_two_digit_column_clues_keep_apart_on_a_30x30_board() -> None:
    """QA: on 30x30 boards two-digit column clue numbers nearly touched (docs/play-30x30)."""
    # Every column reads "12 13"; a single-digit row keeps one column clear of the test.
    rows = [[y not in (12, 26, 27, 28, 29) for _ in range(30)] for y in range(30)]
    puzzle = Puzzle.from_grid(rows, title="Tall runs")
    assert puzzle.column_clues[0] == (12, 13)
    scene = open_play(puzzle)
    scene.cursor = (0, 0)  # its highlighted column is away from the measured ones
    scene.app.step()
    layout = scene.layout
    background = scene.app.theme.background  # the clue strips' ground
    gaps = []
    for index in range(2):
        inked: list[tuple[int, int]] = []  # each column's leftmost and rightmost inked pixel
        for x in range(10, 14):
            slot = layout.column_number_box(x, index, 2)
            xs = [
                px
                for px in range(slot.x, slot.x + slot.w)
                for py in range(slot.y, slot.y + slot.h)
                if scene.app.screen.get_at((px, py))[:3] != background
            ]
            assert xs, "the number is drawn"
            inked.append((min(xs), max(xs)))
        gaps += [right[0] - left[1] - 1 for left, right in pairwise(inked)]
    # Clear background between neighbours: 30% of a cell (it was 5 px of a 21 px cell).
    assert min(gaps) >= round(layout.cell * 0.3), (gaps, layout.cell)


def _header_counts(scene: PlayScene, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every "Filled…"/"To fill…" text the header draws from now on."""
    fonts = scene.app.fonts
    drawn: list[str] = []
    real = fonts.render

    def recording(text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        if text.startswith(("Filled", "To fill")):
            drawn.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(fonts, "render", recording)
    return drawn


def test_a_hint_does_not_turn_the_count_into_a_judge_of_each_fill(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """QA: after H the header went from "Filled 17 of 57" to "To fill 40", and then a wrong
    fill left it unchanged while a right one lowered it, with Auto-check off."""
    scene = open_play(HEART)
    assert not scene.show_errors
    for _ in range(120):  # let the uniqueness proof finish between frames
        if scene.checks.unique is not None:
            break
        scene.checks.advance(0.01)
    assert scene.answer_known
    total = HEART.filled_total
    drawn = _header_counts(scene, monkeypatch)
    click_cell(scene, 1, 1)  # right: filled in the only solution
    key(scene, pygame.K_h)
    click_cell(scene, 0, 0)  # wrong: that corner is empty
    click_cell(scene, 2, 2)  # right
    assert drawn and all(text.startswith("Filled") for text in drawn)
    assert drawn[-1] == f"Filled 3 of {total}"  # the wrong fill counted like the right ones
