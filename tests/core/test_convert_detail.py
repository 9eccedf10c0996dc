"""Thin light details survive downscaling (issue 47): white filaments on an orange bokeh
become lines of light cells in Auto colours, and lone glints do not become specks."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from game.core.convert.converter import Converter
from game.core.convert.detail import detail_cells, ridge_table
from game.core.convert.grid import blocks_for
from game.core.convert.load import source_from_image
from game.core.convert.options import ConvertOptions


def _seeds_on_bokeh(lines: bool = True) -> Image.Image:
    """Orange and red blurred blobs on dark green, with (or without) thin white filaments
    fanning out from a point, and a few single-pixel glints."""
    rng = np.random.default_rng(9)
    width, height = 480, 320
    image = Image.new("RGB", (width, height), (60, 80, 40))
    draw = ImageDraw.Draw(image)
    for _ in range(14):
        x, y, r = rng.uniform(0, width), rng.uniform(0, height), rng.uniform(40, 110)
        tone = (int(rng.integers(200, 250)), int(rng.integers(90, 150)), int(rng.integers(10, 40)))
        draw.ellipse((x - r, y - r, x + r, y + r), fill=tone)
    image = image.filter(ImageFilter.GaussianBlur(18))
    draw = ImageDraw.Draw(image)
    if lines:
        for angle in np.linspace(0.3, 2.8, 8):  # the seed's filaments, 2 pixels wide
            draw.line((240, 200, 240 + 110 * np.cos(angle), 200 - 110 * np.sin(angle)),
                      fill=(245, 240, 230), width=2)  # fmt: skip
    for _ in range(25):  # glints: a pixel each
        x, y = int(rng.integers(0, width)), int(rng.integers(0, height))
        draw.point((x, y), fill=(255, 255, 255))
    noise = rng.normal(0, 3, (height, width, 3))
    return Image.fromarray(np.clip(np.asarray(image) + noise, 0, 255).astype(np.uint8))


def test_the_filaments_are_detail_cells_and_the_glints_are_not() -> None:
    for lines, least, most in ((True, 20, 60), (False, 0, 0)):
        source = source_from_image(_seeds_on_bokeh(lines))
        table = ridge_table(source.luminance)
        shape = source.luminance.shape
        blocks = blocks_for(30, 20, shape[1], shape[0], "stretch")
        found = detail_cells(table, blocks, (int(shape[0]), int(shape[1])))
        assert least <= int(found.sum()) <= most


def test_ridges_all_over_a_picture_are_a_texture_and_draw_nothing() -> None:
    """Bright blades everywhere (a lawn in sun): over a tenth of the cells would be details,
    so none is: the texture is the colours' business, not thin lines'."""
    rng = np.random.default_rng(4)
    image = Image.new("RGB", (480, 320), (70, 110, 40))
    draw = ImageDraw.Draw(image)
    for _ in range(900):
        x, y = rng.uniform(0, 480), rng.uniform(0, 320)
        draw.line((x, y, x + rng.uniform(-4, 4), y - rng.uniform(8, 20)), fill=(220, 235, 190))
    source = source_from_image(image)
    shape = source.luminance.shape
    blocks = blocks_for(30, 20, shape[1], shape[0], "stretch")
    found = detail_cells(ridge_table(source.luminance), blocks, (int(shape[0]), int(shape[1])))
    assert not found.any()


def test_auto_colours_draw_the_filaments_in_the_lightest_colour() -> None:
    source = source_from_image(_seeds_on_bokeh())
    converter = Converter(source)
    assert converter.is_photo
    options = replace(ConvertOptions(width=30, height=20, fit="stretch"), colours="auto")
    coloured = converter.colour_cells(options)
    palette = coloured.palette
    rgbs = [palette.colour(i).rgb for i in range(palette.count + 1)]
    lightest = int(np.argmax([sum(rgb) for rgb in rgbs]))
    assert min(rgbs[lightest]) > 180  # a near-white colour is in the palette ...
    light = coloured.cells == lightest
    assert int(light.sum()) >= 12  # ... and draws the filaments
    # Above the seed's centre (its fan), not scattered over the bokeh.
    assert int(light[:14].sum()) >= 0.8 * int(light.sum())


def test_the_filaments_are_drawn_over_the_sketchs_lines_in_colour_and_as_lines_in_black() -> None:
    """Auto's black and white is a sketch here (its lines are the bokeh's blurred edges); the
    colours lay its dark lines over the cells. The seed's filaments come after them: every
    detail cell that may take the lightest colour takes it (32 of the seeds' 65 detail cells at
    30x30 were the lines' before), and the sketch draws the filaments as lines too."""
    converter = Converter(source_from_image(_seeds_on_bokeh()))
    for width, height in ((20, 20), (30, 30)):
        options = ConvertOptions(width=width, height=height, fit="fill", method="auto")
        assert converter.choice(options).method == "sketch"
        details = converter.detail_grid(options)
        assert int(details.sum()) >= 20
        sketch = converter.grid(options)
        assert sketch[details].all()  # the filaments are lines of the sketch
        coloured = converter.colour_cells(replace(options, colours="auto"))
        palette = coloured.palette
        rgbs = np.array([palette.colour(i).rgb for i in range(palette.count + 1)], dtype=float)
        lightest = int(np.argmax(rgbs.sum(axis=1)))
        assert (coloured.cells[details] == lightest).all()  # none lost to the dark lines
