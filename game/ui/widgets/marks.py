"""Drawing one cell's mark the same way everywhere (grid, thumbnails, replays, screenshots).

States are the integer values of ``game.core.board.Cell``: 0 unknown, 1 filled, 2 crossed,
3 trial filled, 4 trial crossed. With a theme whose ``marks_by_shape`` is set, trial fills are
hatched and trial crosses are rings, so no mark is told apart by colour alone.

What the game says *about* cells (a wrong mark after a check, the replay's contradiction,
a cell the solver tried) is a pattern, not a colour: a puzzle's palette can hold any colour,
and a red flash on a red-and-black puzzle read as red cells (issue 48). ``error_pattern``
stripes a cell the other way from a trial fill's hatching; ``stipple`` dots it.
"""

from __future__ import annotations

import pygame

from game.ui.theme import Theme

UNKNOWN, FILLED, CROSSED, TRIAL_FILLED, TRIAL_CROSSED = range(5)

# Hatch tiles are cached per (side, colour, background): a 30x30 board reuses one tile.
_hatch_cache: dict[tuple[int, tuple[int, int, int], tuple[int, int, int]], pygame.Surface] = {}


def draw_mark(surface: pygame.Surface, rect: pygame.Rect, state: int, theme: Theme) -> None:
    """Draw the mark for ``state`` inside ``rect`` (the cell without its grid lines)."""
    if state == FILLED:
        pygame.draw.rect(surface, theme.filled, rect)
    elif state == CROSSED:
        _draw_cross(surface, rect, theme.crossed, _stroke(rect))
    elif state == TRIAL_FILLED:
        if theme.marks_by_shape:
            surface.blit(_hatch(rect.width, rect.height, theme), rect)
        else:
            pygame.draw.rect(surface, theme.trial_filled, rect)
    elif state == TRIAL_CROSSED:
        if theme.marks_by_shape:
            radius = max(2, min(rect.width, rect.height) * 3 // 10)
            pygame.draw.circle(
                surface, theme.trial_crossed, rect.center, radius, max(1, _stroke(rect))
            )
        else:
            _draw_cross(surface, rect, theme.trial_crossed, _stroke(rect) + 1)


def _stroke(rect: pygame.Rect) -> int:
    return max(1, min(rect.width, rect.height) // 9)


def _draw_cross(
    surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], width: int
) -> None:
    inset = max(1, min(rect.width, rect.height) // 4)
    inner = rect.inflate(-2 * inset, -2 * inset)
    if inner.width < 1 or inner.height < 1:
        pygame.draw.rect(surface, colour, rect.inflate(-rect.width // 2, -rect.height // 2))
        return
    pygame.draw.line(surface, colour, inner.topleft, (inner.right - 1, inner.bottom - 1), width)
    pygame.draw.line(
        surface, colour, (inner.left, inner.bottom - 1), (inner.right - 1, inner.top), width
    )


# The see-through colour of pattern tiles (never a theme's or a drawn colour: odd values).
_SEE_THROUGH = (255, 0, 255)
# What edges an error stripe or frame, so it shows on a cell of the error's own colour.
EDGE = (255, 255, 255)


def error_pattern(side: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A cell-sized tile of stripes falling left to right ("\\", a trial fill's hatching
    rises) on see-through: a cell flagged wrong, over whatever it shows. Each stripe is
    ``colour`` edged in white, so it shows on a cell of any colour, ``colour``'s own too."""
    tile = pygame.Surface((max(1, side), max(1, side)))
    tile.fill(_SEE_THROUGH)
    tile.set_colorkey(_SEE_THROUGH)
    gap = max(5, side // 3)
    stroke = max(2, side // 8)
    for offset in range(-side, 2 * side, gap):
        pygame.draw.line(tile, EDGE, (offset, 0), (offset + side, side), stroke + 2)
        pygame.draw.line(tile, colour, (offset, 0), (offset + side, side), stroke)
    return tile


def error_frame(
    surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], width: int
) -> None:
    """A frame in ``colour`` lined inside in white: it shows round a cell of any colour."""
    pygame.draw.rect(surface, colour, rect, width)
    pygame.draw.rect(surface, EDGE, rect.inflate(-2 * width, -2 * width), 1)


def stipple(side: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A cell-sized tile of dots in ``colour`` on see-through: a cell the solver only tried."""
    tile = pygame.Surface((max(1, side), max(1, side)))
    tile.fill(_SEE_THROUGH)
    tile.set_colorkey(_SEE_THROUGH)
    gap = max(3, side // 4)
    radius = max(1, gap // 3)
    for y in range(gap // 2, side, gap):
        shift = gap // 2 if (y // gap) % 2 else 0
        for x in range(gap // 2 + shift, side, gap):
            pygame.draw.circle(tile, colour, (x, y), radius)
    return tile


def _hatch(width: int, height: int, theme: Theme) -> pygame.Surface:
    """Orange diagonal stripes on a pale ground: a trial fill readable in greyscale."""
    key = (width * 10000 + height, theme.trial_filled, theme.cell_unknown)
    tile = _hatch_cache.get(key)
    if tile is None:
        tile = pygame.Surface((max(1, width), max(1, height)))
        tile.fill(theme.cell_unknown)
        gap = max(3, min(width, height) // 3)
        stroke = max(1, gap // 2)
        for offset in range(-height, width + height, gap):
            pygame.draw.line(
                tile, theme.trial_filled, (offset, height), (offset + height, 0), stroke
            )
        pygame.draw.rect(tile, theme.trial_filled, tile.get_rect(), max(1, stroke // 2 + 1))
        if len(_hatch_cache) > 64:
            _hatch_cache.clear()
        _hatch_cache[key] = tile
    return tile
