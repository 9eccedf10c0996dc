"""Dark lines over the colours (Converter.colour_lines, quantise.overlay_lines): a face's
eyes and mouth, which a few flat colours lose, drawn from the black-and-white sketch."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from PIL import Image, ImageDraw

from game.core.convert.converter import Converter
from game.core.convert.load import source_from_image
from game.core.convert.options import ConvertOptions
from game.core.convert.quantise import fit_palette, overlay_lines


def _face() -> Converter:
    """A pale face on a blue wall: two small dark eyes and a thin mouth, thinner than a cell
    of a 20x20 grid, so no cell is mostly dark there."""
    image = Image.new("RGB", (400, 400), (90, 120, 200))
    draw = ImageDraw.Draw(image)
    draw.ellipse((80, 60, 320, 340), fill=(235, 195, 165))
    for x in (150, 250):
        draw.ellipse((x - 9, 160, x + 9, 178), fill=(30, 20, 20))
    draw.arc((150, 220, 250, 290), 20, 160, fill=(120, 30, 30), width=7)
    return Converter(source_from_image(image))


def test_the_darkest_colour_draws_the_lines_never_the_background() -> None:
    image = np.zeros((20, 20, 3), dtype=np.uint8)
    image[:, :10] = (10, 10, 10)  # black: the darkest, and here the background's side
    image[:, 10:] = (240, 240, 240)
    image[5:15, 12:18] = (200, 30, 30)
    pixels = fit_palette(image, 3)
    labels = pixels.label(image)
    dark = int(labels[0, 0])
    red = int(labels[10, 15])
    lines = np.zeros((20, 20), dtype=bool)
    lines[10, 11:19] = True
    drawn = overlay_lines(labels, lines, pixels, background=int(labels[0, 19]))
    assert (drawn[lines] == dark).all() and (drawn[~lines] == labels[~lines]).all()
    # With black the background, the lines take the next darkest colour (red), not black.
    drawn = overlay_lines(labels, lines, pixels, background=dark)
    assert (drawn[lines] == red).all()


def test_a_sketch_lays_its_lines_over_the_colours() -> None:
    converter = _face()
    options = ConvertOptions(width=20, height=20, fit="stretch", method="sketch",
                             threshold=0.5, colours=4)  # fmt: skip
    lines = converter.colour_lines(options)
    assert lines is not None and lines.any()
    assert np.array_equal(lines, converter.grid(replace(options, colours=2)))
    drawn = converter.colour_cells(options)
    plain = converter.colour_cells(replace(options, lines=False))
    ink = drawn.cells[lines]
    assert len(set(ink.tolist())) == 1 and ink[0] != 0  # one colour, not the background
    assert np.array_equal(drawn.cells[~lines] != 0, plain.cells[~lines] != 0)
    assert (plain.cells[lines] != ink[0]).any()  # the lines add what the colours lost


def test_a_method_that_fills_areas_draws_no_lines() -> None:
    converter = _face()
    for method in ("otsu", "subject", "adaptive"):
        options = ConvertOptions(width=20, height=20, fit="stretch", method=method, colours=4)
        assert converter.colour_lines(options) is None
        plain = converter.colour_cells(replace(options, lines=False))
        assert np.array_equal(converter.colour_cells(options).cells, plain.cells)


def test_auto_draws_lines_only_when_it_chose_a_line_method() -> None:
    converter = _face()
    options = ConvertOptions(width=20, height=20, fit="stretch", method="auto", colours=4)
    assert not converter.colours_ready(options)
    steps = sum(1 for _ in converter.preparing_colours(options))  # Auto's choice is a step too
    assert steps > 4 and converter.colours_ready(options)
    chosen = converter.concrete(replace(options, colours=2)).method
    assert (converter.colour_lines(options) is not None) == (chosen in ("sketch", "outline"))
