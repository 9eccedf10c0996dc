"""The sketch draws an eye as a ring with its pupil, not as a blob (scikit-image's cat)."""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from game.core.convert.converter import Converter
from game.core.convert.load import source_from_image
from game.core.convert.methods import enclosed
from game.core.convert.options import ConvertOptions


def test_enclosed_finds_the_inside_of_closed_shapes_only() -> None:
    grid = np.zeros((7, 9), dtype=bool)
    grid[1:6, 1:6] = True
    grid[2:5, 2:5] = False  # a ring around 3x3 empty cells
    grid[0:3, 7] = True  # a stroke that encloses nothing
    inside = enclosed(grid)
    assert inside[2:5, 2:5].all() and inside.sum() == 9
    open_ring = grid.copy()
    open_ring[3, 5] = False  # a gap in the ring's side: its inside reaches the border
    assert not enclosed(open_ring).any()


def _eye_and_spoon() -> Image.Image:
    """A cat's eye as a photo shows it: a dark rim around a mid-dark iris (darker below, in
    the lid's shadow) with a black pupil, on light fur, and a dark blob (a nose) beside it."""
    image = Image.new("RGB", (300, 300), (205, 200, 190))
    draw = ImageDraw.Draw(image)
    draw.ellipse((30, 60, 210, 240), fill=(58, 58, 50))
    draw.rectangle((40, 150, 200, 230), fill=(44, 44, 38))
    draw.ellipse((30, 60, 210, 240), outline=(20, 20, 20), width=8)
    draw.ellipse((100, 120, 140, 180), fill=(5, 5, 5))
    draw.rectangle((255, 220, 280, 245), fill=(25, 25, 25))
    return image.filter(ImageFilter.GaussianBlur(1.5))


def test_the_sketch_keeps_an_eye_open_around_its_pupil() -> None:
    converter = Converter(source_from_image(_eye_and_spoon()))
    grid = converter.grid(
        ConvertOptions(width=30, height=30, fit="stretch", method="sketch", threshold=0.3)
    )
    assert grid[15, 2] and grid[15, 21] and grid[6, 12]  # the rim, left, right and top
    assert grid[13:17, 10:14].all()  # the pupil fills
    # The iris's darker half, among the picture's darkest cells, stays open: it filled
    # the eye's lower half before.
    assert not grid[16, 9] and not grid[22, 8:12].any() and not grid[18:20, 5:9].any()
    assert grid[22:24, 25:29].all()  # the dark blob outside fills, as before
