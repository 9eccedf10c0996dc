"""The shipped fonts, loaded once per size and kept.

Text is drawn with DejaVu Sans from ``assets/fonts``; if the files are missing (a broken
install) the game falls back to pygame's built-in font rather than failing.
"""

from __future__ import annotations

import pygame

from game.resources import asset

REGULAR_FILE = "DejaVuSans.ttf"
BOLD_FILE = "DejaVuSans-Bold.ttf"
MIN_SIZE = 6


class Fonts:
    """``fonts.get(size, bold=False)``: a cached ``pygame.font.Font`` of that pixel size."""

    def __init__(self) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text_cache: dict[tuple[str, int, bool, tuple[int, int, int]], pygame.Surface] = {}

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        size = max(MIN_SIZE, int(size))
        key = (size, bold)
        font = self._cache.get(key)
        if font is None:
            path = asset("fonts", BOLD_FILE if bold else REGULAR_FILE)
            try:
                font = pygame.font.Font(str(path), size)
            except (OSError, FileNotFoundError, pygame.error):
                font = pygame.font.Font(None, size)
                font.bold = bold
            self._cache[key] = font
        return font

    def render(
        self, text: str, size: int, colour: tuple[int, int, int], bold: bool = False
    ) -> pygame.Surface:
        """Antialiased text, cached: labels that do not change cost nothing after the first."""
        key = (text, max(MIN_SIZE, int(size)), bold, colour)
        surface = self._text_cache.get(key)
        if surface is None:
            if len(self._text_cache) > 4000:  # a long session with many sizes: start over
                self._text_cache.clear()
            surface = self.get(size, bold).render(text, True, colour)
            self._text_cache[key] = surface
        return surface
