"""The paused board's plate stays on the board's area, however far the board is zoomed, and
the pause menu says what is played in one line."""

from __future__ import annotations

import pygame

from game.core.puzzle import Puzzle
from game.ui.layout import Box
from game.ui.widgets.dialog import DialogScene
from tests.ui.play_helpers import open_play


def _area(surface: pygame.Surface, box: Box) -> bytes:
    return pygame.image.tobytes(surface.subsurface(pygame.Rect(box.x, box.y, box.w, box.h)), "RGB")


def test_the_pause_plate_stays_off_the_panel_and_the_help_line_when_zoomed() -> None:
    scene = open_play()
    scene.zoom_centre(4)
    assert scene.layout.outer_box.bottom > scene.regions.help_line.y  # it reaches the footer
    regions = scene.regions
    playing = pygame.Surface(scene.app.screen.get_size())
    scene.draw(playing)
    scene.open_pause()
    scene.app.step()
    assert scene.paused
    paused = pygame.Surface(scene.app.screen.get_size())
    scene.draw(paused)
    panel = regions.side_panel
    below_map = Box(
        panel.x, scene.minimap.box.bottom + 1, panel.w, panel.bottom - scene.minimap.box.bottom - 1
    )
    assert _area(paused, regions.help_line) == _area(playing, regions.help_line)
    assert _area(paused, below_map) == _area(playing, below_map)
    assert _area(paused, regions.tool_rail) == _area(playing, regions.tool_rail)


def test_the_pause_menu_names_the_size_once_on_one_line() -> None:
    rows = [[(x * y + x) % 3 == 0 for x in range(15)] for y in range(15)]
    puzzle = Puzzle.from_grid(rows, title="Random 15x15 #1234567890123")
    scene = open_play(puzzle)
    scene.open_pause()
    scene.app.step()
    dialog = scene.app.top
    assert isinstance(dialog, DialogScene) and dialog.name == "pause"
    assert dialog.message.count("15x15") == 1
    assert len(dialog._lines) == 1
    photo = Puzzle.from_grid(rows, title="A very long name of a photo taken on a holiday " * 3)
    scene = open_play(photo)
    scene.open_pause()
    scene.app.step()
    dialog = scene.app.top
    assert isinstance(dialog, DialogScene)
    assert len(dialog._lines) == 1
    assert dialog._lines[0].endswith("15x15 · 0:00")  # the name gives way, not the time
