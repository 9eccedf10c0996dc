"""Thumbnails for the file browser: pictures shrunk, puzzle files as blank grids (no spoiler),
anything unreadable None."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image

from game.core.convert.thumbnail import grid_thumbnail, picture_thumbnail, puzzle_thumbnail
from game.core.formats import format_puzzle
from game.core.puzzle import Puzzle


def test_a_picture_is_shrunk_into_its_box_keeping_its_shape(tmp_path: Path) -> None:
    path = tmp_path / "wide.jpg"
    pixels = np.zeros((300, 600, 3), np.uint8)
    pixels[:, 300:] = 255
    Image.fromarray(pixels).save(path)
    thumb = picture_thumbnail(path, 26)
    assert thumb is not None and thumb.shape == (13, 26, 3)
    assert thumb[6, 2].max() < 60 and thumb[6, 23].min() > 200  # dark left, light right


def test_unreadable_files_have_no_thumbnail(tmp_path: Path) -> None:
    text = tmp_path / "text.png"
    text.write_text("hello")
    assert picture_thumbnail(text, 26) is None
    assert picture_thumbnail(tmp_path / "gone.png", 26) is None
    assert puzzle_thumbnail(text, 26) is None


def test_a_puzzle_file_shows_its_blank_grid_not_its_picture(tmp_path: Path) -> None:
    puzzle = Puzzle.from_grid([[1, 0, 1, 0, 1]] * 10, title="Stripes")
    path = tmp_path / "stripes.non"
    path.write_text(format_puzzle(puzzle, "non"))
    thumb = puzzle_thumbnail(path, 26)
    assert thumb is not None and np.array_equal(thumb, grid_thumbnail(5, 10, 26))
    assert thumb.shape[0] > thumb.shape[1]  # taller than wide, as the puzzle
