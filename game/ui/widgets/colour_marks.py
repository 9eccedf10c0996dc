"""Colour marks on screen: a colour puzzle's cells, clue tiles and swatches drawn the same way
everywhere (the grid, the mini-map, the palette bar, thumbnails, replays, the win).

A cell value is a ``game.core.board`` value: a real mark of colour ``c`` is painted in the
palette's RGB; a trial mark of it is the same colour, paler, inside a frame of the theme's
trial colour; a cross is the theme's cross (the background). With *letters* on (the
colour-blind option, and always in the high-contrast theme) each colour also carries a letter,
so no colour is told apart by hue alone.
"""

from __future__ import annotations

import functools

import numpy as np
import numpy.typing as npt
import pygame

from game.core.board import MAX_CELL_VALUE, Cell, is_trial_value, mark_colour
from game.core.convert.colour_names import spoken_name
from game.core.convert.distinct_colours import PLAY_DISTANCE, closest_pair
from game.core.palette import RGB, Palette
from game.ui.fonts import Fonts
from game.ui.theme import Theme
from game.ui.widgets.marks import draw_mark

DARK: RGB = (20, 20, 20)
LIGHT: RGB = (250, 250, 250)


def luminance(rgb: RGB) -> float:
    """Relative luminance (WCAG) of an sRGB colour, 0 black to 1 white."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink_on(rgb: RGB) -> RGB:
    """Black or white text on ``rgb``: whichever contrasts more."""
    lum = luminance(rgb)
    return DARK if (lum + 0.05) / 0.06 >= 1.05 / (lum + 0.05) else LIGHT


def paler(rgb: RGB, share: float = 0.45) -> RGB:
    """``rgb`` moved ``share`` of the way to white (trial marks, finished clues)."""
    r, g, b = rgb
    return (
        round(r + (255 - r) * share),
        round(g + (255 - g) * share),
        round(b + (255 - b) * share),
    )


@functools.lru_cache(maxsize=256)
def near_paper(rgb: RGB, paper: RGB) -> bool:
    """Whether a painted cell of ``rgb`` is hard to tell from an empty one of ``paper``:
    nearer than the Delta E the palettes keep between their own colours for play (they keep
    it from white, the light theme's paper, not from the dark theme's)."""
    return closest_pair([rgb, paper])[0] < PLAY_DISTANCE


def toward(rgb: RGB, target: RGB, share: float) -> RGB:
    """``rgb`` moved ``share`` of the way to ``target``."""
    return (
        round(rgb[0] + (target[0] - rgb[0]) * share),
        round(rgb[1] + (target[1] - rgb[1]) * share),
        round(rgb[2] + (target[2] - rgb[2]) * share),
    )


def done_clue_colours(rgb: RGB, ground: RGB) -> tuple[RGB, RGB]:
    """(tile, digits) of a finished colour clue whose colour is ``rgb``, on ``ground`` (the
    clue strip's background): faded, so what is left to do stands out. On a light ground
    the tile goes most of the way to white. On a dark one it goes towards the ground: paler
    tiles, brighter than the colours still to place, drew the eye to the finished clues of
    the dark theme (QA); its digits are the tile's contrasting ink, muted."""
    if luminance(ground) >= 0.2:
        tile = paler(rgb, 0.7)
        return tile, ((150, 150, 150) if ink_on(tile) == DARK else (235, 235, 235))
    tile = toward(rgb, ground, 0.6)
    return tile, toward(ink_on(tile), tile, 0.4)


def colour_letters(palette: Palette) -> str:
    """One capital letter per colour, background first (``" "``): each colour's initial when
    they differ, else A, B, C..."""
    names = [spoken_name(palette, number) for number in range(1, palette.count + 1)]
    initials = [name[0].upper() for name in names]
    if len(set(initials)) == len(initials) and all(ch.isalpha() for ch in initials):
        return " " + "".join(initials)
    return " " + "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456"[: palette.count]


# A background this far from white (the sum of its channels' distance) is a ground of its own.
OWN_GROUND = 90


def own_ground(palette: Palette | None) -> RGB | None:
    """A colour puzzle's background when it is a ground of its own (a photo's dark
    surround, a phone's teal wall), which the won picture shows instead of the paper; None
    for a white or nearly white one, and in black and white."""
    if palette is None:
        return None
    ground = palette.background.rgb
    return ground if sum(255 - value for value in ground) > OWN_GROUND else None


def value_rgb_table(
    theme: Theme, palette: Palette, ground: RGB | None = None
) -> npt.NDArray[np.uint8]:
    """Every cell value's colour in a small picture (the mini-map, thumbnails): crosses and
    unknown cells the paper (``ground`` when given: the won picture's own), a trial mark its
    colour paler."""
    table = np.zeros((MAX_CELL_VALUE + 1, 3), dtype=np.uint8)
    for value in range(MAX_CELL_VALUE + 1):
        colour = mark_colour(value)
        if colour <= 0 or colour > palette.count:
            table[value] = ground if ground is not None else theme.cell_unknown
        else:
            rgb = palette.colour(colour).rgb
            table[value] = paler(rgb) if is_trial_value(value) else rgb
    return table


def paint_colour_mark(
    surface: pygame.Surface,
    rect: pygame.Rect,
    value: int,
    theme: Theme,
    palette: Palette,
    fonts: Fonts | None = None,
    letters: bool = False,
) -> None:
    """Paint one colour puzzle cell (its inner square ``rect``), background included."""
    colour = mark_colour(value)
    if colour <= 0 or colour > palette.count:
        surface.fill(theme.cell_unknown, rect)
        if value != Cell.UNKNOWN:
            draw_mark(surface, rect, value, theme)  # a cross or a trial cross
        return
    rgb = palette.colour(colour).rgb
    if is_trial_value(value):
        surface.fill(theme.trial_filled, rect)
        inner = rect.inflate(-2 * max(1, rect.w // 7), -2 * max(1, rect.h // 7))
        surface.fill(paler(rgb, 0.3), inner)
    else:
        surface.fill(rgb, rect)
        if rect.w >= 6 and near_paper(rgb, theme.cell_unknown):
            # A colour too near the empty cells' paper (a dark grey on the dark theme's):
            # a painted cell read as an empty one (QA); a rim in its contrasting ink tells it.
            pygame.draw.rect(surface, toward(rgb, ink_on(rgb), 0.45), rect, 1)
    if letters and fonts is not None and rect.w >= 9:
        letter = colour_letters(palette)[colour]
        size = max(7, rect.h * 2 // 3)
        text = fonts.render(letter, size, ink_on(rgb), True, exact=True)
        surface.blit(text, text.get_rect(center=rect.center))


def draw_swatch(
    surface: pygame.Surface,
    rect: pygame.Rect,
    rgb: RGB,
    label: str,
    fonts: Fonts,
    theme: Theme,
    chosen: bool,
) -> None:
    """One palette swatch: the colour with its key (and letter) on it; the chosen one framed."""
    surface.fill(rgb, rect)
    pygame.draw.rect(surface, theme.grid_line_thick, rect, 1)
    if chosen:
        pygame.draw.rect(surface, theme.cursor, rect.inflate(8, 8), 3)
    text = fonts.render(label, max(10, rect.h // 2), ink_on(rgb), True, exact=True)
    surface.blit(text, text.get_rect(center=rect.center))
