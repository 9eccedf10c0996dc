"""The converter in colour, driven headless by clicks: the Colours control, the palette's
swatches (choose, merge, recolour, drop), touch-ups with a swatch, the preview in the
puzzle's colours at play's cell size, and saving a colour .non."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pygame
from PIL import Image, ImageDraw

from game.core.formats import read_puzzle
from game.ui.app import App
from game.ui.scenes.converter.scene import ConverterScene
from tests.ui.converter_helpers import finish_opening
from tests.ui.ui_events import click, key

WHITE, RED, ORANGE, BLUE = (255, 255, 255), (220, 30, 30), (245, 130, 20), (30, 60, 200)


def _flag(path: Path) -> Path:
    """Red and orange blocks above a blue bar, on white (a drawing: it opens in Pad)."""
    image = Image.new("RGB", (240, 240), WHITE)
    draw = ImageDraw.Draw(image)
    draw.rectangle((24, 24, 119, 119), fill=RED)
    draw.rectangle((120, 24, 191, 119), fill=ORANGE)
    draw.rectangle((24, 168, 215, 215), fill=BLUE)
    image.save(path)
    return path


def _open(path: Path) -> tuple[App, ConverterScene]:
    app = App(headless=True)
    scene = ConverterScene(app, path)
    app.push(scene)
    app.step()
    finish_opening(app, scene)
    return app, scene


def _in_colours(app: App, scene: ConverterScene, steps: int) -> None:
    """Click the Colours control's right arrow ``steps`` times, then let it settle."""
    right = scene.colour_part.choice.rect
    for _ in range(steps):
        click(app, (right.right - right.height // 2, right.centery))
    for _ in range(200):
        app.step()
        if not scene.colour_part.busy:
            break
    assert not scene.colour_part.busy


def _swatch_centre(scene: ConverterScene, rgb: tuple[int, int, int]) -> tuple[int, int]:
    row = scene.colour_part.swatch_row
    pairs = list(zip(row.swatches, row.swatch_rects(), strict=True))
    _swatch, rect = min(
        pairs, key=lambda p: sum((a - b) ** 2 for a, b in zip(p[0].rgb, rgb, strict=True))
    )
    return rect.center


def _count(scene: ConverterScene, rgb: tuple[int, int, int]) -> int:
    swatches = scene.document.swatches
    nearest = min(
        swatches, key=lambda s: sum((a - b) ** 2 for a, b in zip(s.rgb, rgb, strict=True))
    )
    return nearest.cells


def test_colours_show_the_palette_and_the_preview_in_its_colours(tmp_path: Path) -> None:
    app, scene = _open(_flag(tmp_path / "flag.png"))
    assert scene.colour_part.hides(scene.colour_part.swatch_row)  # black and white first
    assert not scene.document.puzzle().is_colour
    _in_colours(app, scene, 2)  # 2 -> 3 -> 4 colours
    assert scene.document.options.colours == 4
    assert {s.rgb for s in scene.document.swatches} == {WHITE, RED, ORANGE, BLUE}
    # The method, level and invert rows give way to the palette.
    assert scene.colour_part.hides(scene.method_choice)
    assert not scene.method_choice.enabled and scene.colour_part.swatch_row.enabled
    assert not scene.photo.controls.brightness.enabled  # the tone does not apply in colour
    colours = scene.preview.colours
    assert colours is not None and colours.shape == (*scene.document.grid.shape, 3)
    assert {tuple(int(v) for v in c) for c in colours.reshape(-1, 3)} == {WHITE, RED, ORANGE, BLUE}
    # At the cell size play gives this puzzle in this window, when the panel has room.
    game = scene.colour_part.game_cell(scene.puzzle.row_clues, scene.puzzle.column_clues)
    assert scene.preview.max_cell == game
    height, width = scene.document.grid.shape
    room = min(scene.preview.rect.width // width, scene.preview.rect.height // height)
    assert scene.preview.cell_size == min(game, room)
    app.step()  # draws
    assert scene.puzzle.is_colour and scene.puzzle.colour_count == 3
    # The labels count the colours to paint with, the background beside them, as the
    # swatches (bg, 1, 2, 3) do: a bare "4" read as a colour missing in play (QA).
    choice = scene.colour_part.choice
    assert choice.options[choice.index][1] == "3 + bg"
    caption = scene.colour_part.caption()
    assert caption is not None and " in 3 colours, " in caption
    assert scene.photo.controls.auto_text == "3 colours + bg"


def test_merge_recolour_and_drop_by_clicks_each_undo(tmp_path: Path) -> None:
    app, scene = _open(_flag(tmp_path / "flag.png"))
    _in_colours(app, scene, 2)
    part = scene.colour_part
    red_cells, orange_cells = _count(scene, RED), _count(scene, ORANGE)
    # Merge: choose orange, Merge into…, then click red.
    click(app, _swatch_centre(scene, ORANGE))
    click(app, part.merge_button.rect.center)
    assert part.merging
    click(app, _swatch_centre(scene, RED))
    assert len(scene.document.swatches) == 3 and _count(scene, RED) == red_cells + orange_cells
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(scene.document.swatches) == 4
    # Recolour: choose blue, Recolour…, click the picker's green.
    click(app, _swatch_centre(scene, BLUE))
    click(app, part.recolour_button.rect.center)
    assert part.picker.open
    green = part.picker.colours.index((60, 160, 70))
    click(app, part.picker.cell_rects()[green].center)
    assert not part.picker.open
    assert (60, 160, 70) in {s.rgb for s in scene.document.swatches}
    assert BLUE not in {s.rgb for s in scene.document.swatches}
    # Drop: orange goes to its nearest colour left, red.
    click(app, _swatch_centre(scene, ORANGE))
    click(app, part.drop_button.rect.center)
    assert len(scene.document.swatches) == 3 and _count(scene, RED) == red_cells + orange_cells
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert {s.rgb for s in scene.document.swatches} == {WHITE, RED, ORANGE, BLUE}


def test_touch_ups_paint_with_the_chosen_swatch_and_save_a_colour_puzzle(tmp_path: Path) -> None:
    app, scene = _open(_flag(tmp_path / "flag.png"))
    _in_colours(app, scene, 2)
    click(app, _swatch_centre(scene, BLUE))
    preview = scene.preview
    start, end = preview.cell_rect((0, 0)).center, preview.cell_rect((3, 0)).center
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.step()
    cells = scene.document.colour_cells
    assert cells is not None
    blue = scene.colour_part.chosen
    assert (cells[0, :4] == blue).all() and scene.document.touched == 4
    assert preview.colours is not None and tuple(preview.colours[0, 0]) == BLUE
    # The right button paints the background over a red cell.
    red = next(s.label for s in scene.document.swatches if s.rgb == RED)
    red_cell = tuple(int(v) for v in np.argwhere(cells == red)[0])
    where = preview.cell_rect((red_cell[1], red_cell[0])).center
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=where, button=3))
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=where, button=3))
    app.step()
    assert not scene.document.grid[red_cell]
    scene.title_input.text = "Flag"
    click(app, scene.save_button.rect.center)
    saved = scene.document.saved_path
    assert saved is not None
    puzzle = read_puzzle(saved)
    assert puzzle.is_colour and puzzle.colour_count == 3
    assert puzzle.goal_colours is not None
    goal = np.array(puzzle.goal_colours)
    assert np.array_equal(goal != 0, scene.document.grid)
    assert puzzle.colours.colour(int(goal[0, 0])).rgb == BLUE


def test_no_frame_waits_on_finding_the_colours(tmp_path: Path) -> None:
    """The colour work of Auto on a photo-sized picture is spread over frames."""
    rng = np.random.default_rng(4)
    yy, xx = np.mgrid[0:480, 0:640]
    pixels = np.stack([128 + 100 * np.sin(xx / 40), 128 + 100 * np.cos(yy / 50),
                       128 + 60 * np.sin((xx + yy) / 70)], axis=-1)  # fmt: skip
    pixels = np.clip(pixels + rng.normal(0, 12, pixels.shape), 0, 255).astype(np.uint8)
    path = tmp_path / "photo.png"
    Image.fromarray(pixels).save(path)
    app, scene = _open(path)
    arrow = scene.colour_part.choice._arrow_rects()[0].center  # the "‹" arrow
    click(app, arrow)  # 2 wraps back to Auto
    assert scene.colour_part.busy and scene.document.options.colours == 2
    frames = 0
    while scene.colour_part.busy:
        began = time.thread_time()
        app.step()
        frames += 1
        assert time.thread_time() - began < 0.25  # generous for a loaded machine
    assert frames >= 3  # spread, not done in one go
    assert scene.document.options.colours == "auto" and scene.document.swatches


def test_a_change_while_the_colours_are_found_keeps_them(tmp_path: Path) -> None:
    app, scene = _open(_flag(tmp_path / "flag.png"))
    scene.colour_part._colours_chosen(4)
    assert scene.colour_part.busy and scene.document.options.colours == 2
    scene._change_options(width=12, height=12)  # before the colours are ready
    for _ in range(200):
        app.step()
        if not scene.colour_part.busy:
            break
    options = scene.document.options
    assert (options.colours, options.width, options.height) == (4, 12, 12)
    assert scene.document.colour_cells is not None
    assert scene.document.colour_cells.shape == (12, 12)


def test_the_preview_is_drawn_in_the_puzzles_colours(tmp_path: Path) -> None:
    app, scene = _open(_flag(tmp_path / "flag.png"))
    _in_colours(app, scene, 2)
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    cells = scene.document.colour_cells
    assert cells is not None
    for swatch in scene.document.swatches:
        y, x = (int(v) for v in np.argwhere(cells == swatch.label)[0])
        centre = scene.preview.cell_rect((x, y)).center
        assert tuple(surface.get_at(centre))[:3] == swatch.rgb


def test_the_dark_lines_toggle_sets_the_option(tmp_path: Path) -> None:
    app, scene = _open(_flag(tmp_path / "flag.png"))
    _in_colours(app, scene, 2)
    toggle = scene.colour_part.lines_toggle
    assert toggle.enabled and toggle.value and scene.document.options.lines
    click(app, toggle.rect.center)
    for _ in range(50):
        app.step()
        if not scene.colour_part.busy:
            break
    assert not scene.document.options.lines and not toggle.value
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # a setting, not an edit: nothing to undo
    assert not scene.document.options.lines
