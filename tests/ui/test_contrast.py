"""Contrast as a rule (issue 48): every theme's text at 4.5:1 and its marks and controls at
3:1 against their grounds (WCAG 2.1), and every colour of every bundled colour puzzle at
3:1 on every theme's paper and clue strip, by its fill or by its rim. The table is printed
on failure (and by tools/contrast_table.py)."""

from __future__ import annotations

import pygame
import pytest

from game.core.board import fill_value
from game.core.palette import Palette
from game.core.vision import contrast_ratio
from game.ui.contrast import palette_ratios, rim_colour, table, theme_ratios
from game.ui.theme import DARK, THEMES
from game.ui.widgets.colour_marks import paint_colour_mark
from tools.contrast_table import bundled_colours


@pytest.mark.parametrize("name", list(THEMES))
def test_every_theme_keeps_text_at_4_5_and_marks_at_3(name: str) -> None:
    rows = theme_ratios(THEMES[name])
    assert all(row.passes for row in rows), table(rows)
    held = [row for row in rows if row.needed]
    assert len(held) >= 26


def test_every_bundled_puzzle_colour_stands_out_on_every_theme() -> None:
    colours = bundled_colours()
    assert len(colours) > 500
    rows = [row for theme in THEMES.values() for row in palette_ratios(theme, colours)]
    assert all(row.passes for row in rows), table(rows)
    # The rim is what carries it: some fills alone are nearly the paper.
    assert min(row.ratio for row in rows if not row.needed) < 1.5


def test_the_dark_themes_dark_grey_cell_gets_a_rim_that_reaches_3_to_1() -> None:
    """#282830 on the dark theme's empty #363942 was 1.27:1 (issue 48)."""
    dark_grey = (0x28, 0x28, 0x30)
    assert contrast_ratio(dark_grey, DARK.cell_unknown) < 1.3
    rim = rim_colour(dark_grey, DARK.cell_unknown)
    assert rim is not None and contrast_ratio(rim, DARK.cell_unknown) >= 3.0
    palette = Palette.of(("white", (255, 255, 255)), ("dark grey", dark_grey))
    surface = pygame.Surface((20, 20))
    paint_colour_mark(surface, pygame.Rect(0, 0, 20, 20), fill_value(1), DARK, palette)
    assert tuple(surface.get_at((0, 0)))[:3] == rim
    assert tuple(surface.get_at((10, 10)))[:3] == dark_grey
    # A colour that stands out by itself gets no rim.
    assert rim_colour((240, 210, 40), DARK.cell_unknown) is None
