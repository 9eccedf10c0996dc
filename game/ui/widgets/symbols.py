"""Colour-blind symbols on screen: a colour's symbol (:mod:`game.core.play.symbols`)
drawn into a square, on a cell, beside a clue number, on a swatch and on the mini-map."""

from __future__ import annotations

import pygame

from game.core.palette import RGB
from game.core.play.symbols import SYMBOLS

# A symbol smaller than this many pixels is not drawn: below it the shapes run together.
SMALLEST = 5


def draw_symbol(surface: pygame.Surface, rect: pygame.Rect, symbol: str, ink: RGB) -> None:
    """Draw ``symbol`` scaled into the square centred in ``rect``, in ``ink``."""
    side = min(rect.w, rect.h)
    if side < SMALLEST:
        return
    left = rect.x + (rect.w - side) / 2
    top = rect.y + (rect.h - side) / 2
    width = max(1, round(side / 6))
    span = side - 1

    def at(point: tuple[float, float]) -> tuple[int, int]:
        return round(left + point[0] * span), round(top + point[1] * span)

    for stroke in SYMBOLS[symbol]:
        if stroke.kind == "circle":
            centre = at(stroke.points[0])
            radius = max(1, round(stroke.radius * span))
            pygame.draw.circle(surface, ink, centre, radius, 0 if stroke.filled else width)
        elif stroke.kind == "line":
            start, end = at(stroke.points[0]), at(stroke.points[1])
            pygame.draw.line(surface, ink, start, end, width + (1 if side >= 12 else 0))
        else:
            points = [at(point) for point in stroke.points]
            pygame.draw.polygon(surface, ink, points, 0 if stroke.filled else width)
