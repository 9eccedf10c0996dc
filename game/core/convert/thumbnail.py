"""Small pictures of files for the file browser: a picture shrunk to fit a box, and a puzzle
file as its blank grid (its proportions and size, never its picture: a file may be played
blind). Plain numpy arrays, made by Pillow; the screen makes them off its drawing thread.

A picture goes through the converter's checks first (:func:`~game.core.convert.load`'s
header checks: no decompression bomb, no picture too large to decode); a JPEG is decoded at
a fraction of its size. Anything that cannot be read gives None.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import numpy.typing as npt
from PIL import Image

from game.core.convert.load import ConvertError, _open_checked, flatten_on_white

Thumbnail = npt.NDArray[np.uint8]  # (height, width, 3)

PAPER = (250, 248, 243)
LINE = (150, 145, 135)


def picture_thumbnail(path: Path, side: int) -> Thumbnail | None:
    """``path``'s picture shrunk to fit ``side`` x ``side`` pixels (its proportions kept)."""
    try:
        with path.open("rb") as stream:
            image, _stored, _orientation = _open_checked(stream, path.name)
            image.draft("RGB", (side * 2, side * 2))
            image.thumbnail((side, side))
            return np.asarray(flatten_on_white(image), dtype=np.uint8).copy()
    except (ConvertError, OSError, ValueError, SyntaxError, EOFError, Image.DecompressionBombError):
        return None


def grid_thumbnail(width: int, height: int, side: int) -> Thumbnail:
    """A blank grid of ``width`` x ``height`` cells fitted in ``side`` pixels: paper, its
    border, and its cell lines where they are at least three pixels apart."""
    cell = max(1, side // max(width, height))
    w, h = max(2, cell * width), max(2, cell * height)
    grid = np.empty((h + 1, w + 1, 3), dtype=np.uint8)
    grid[:] = PAPER
    if cell >= 3:
        grid[::cell, :] = LINE
        grid[:, ::cell] = LINE
    grid[[0, -1], :] = LINE
    grid[:, [0, -1]] = LINE
    return grid


def puzzle_thumbnail(path: Path, side: int) -> Thumbnail | None:
    """A puzzle file's blank grid (see :func:`grid_thumbnail`); None when it cannot be read."""
    from game.core.formats import read_puzzle

    try:
        puzzle = read_puzzle(path)
    except (ValueError, OSError):
        return None
    return grid_thumbnail(puzzle.width, puzzle.height, side)
