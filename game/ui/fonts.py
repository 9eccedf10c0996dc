"""The shipped fonts, loaded once per size and kept.

Text is drawn with DejaVu Sans from ``assets/fonts``; if the files are missing (a broken
install) the game falls back to pygame's built-in font rather than failing. Japanese, which
DejaVu has no glyphs for, is drawn with Noto Sans CJK JP cut down to the characters the
game's catalogue uses (``tools/subset_cjk_font.py``; its bold is the regular emboldened).

Sizes scale with the window, but reading text never shrinks below ``READABLE_SIZE`` pixels: at
800x600 the scale is 0.625 and a 15 px help line became 9 px. Only text that must fit inside a
cell (clue numbers, a guess's depth) asks for ``exact`` sizes and may go smaller.
"""

from __future__ import annotations

import pygame

from game.core.store.fileio import readable
from game.resources import asset

REGULAR_FILE = "DejaVuSans.ttf"
BOLD_FILE = "DejaVuSans-Bold.ttf"
# Languages whose text needs a font of their own: the language code -> its file.
OWN_FONTS = {"ja": "NotoSansCJKjp-subset.otf"}
MIN_SIZE = 6  # text sized to a cell
READABLE_SIZE = 12  # everything else


def text_size(size: float, exact: bool = False) -> int:
    """The pixel size ``size`` is drawn at: at least ``READABLE_SIZE`` unless ``exact``."""
    return max(MIN_SIZE if exact else READABLE_SIZE, int(size))


class Fonts:
    """``fonts.get(size, bold=False)``: a cached ``pygame.font.Font`` of that pixel size."""

    def __init__(self) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text_cache: dict[tuple[str, int, bool, tuple[int, int, int]], pygame.Surface] = {}
        self._own_file: str | None = None  # a language's own font, else DejaVu

    def set_language(self, code: str) -> None:
        """Draw text in the font ``code``'s language needs (DejaVu for the Latin ones)."""
        own = OWN_FONTS.get(code)
        if own is not None and not asset("fonts", own).is_file():
            own = None  # not installed: DejaVu, whose missing glyphs show as boxes
        if own != self._own_file:
            self._own_file = own
            self._cache.clear()
            self._text_cache.clear()

    def get(self, size: int, bold: bool = False, exact: bool = False) -> pygame.font.Font:
        """The font for ``size`` pixels (see ``text_size`` for the floor ``exact`` lifts)."""
        size = text_size(size, exact)
        key = (size, bold)
        font = self._cache.get(key)
        if font is None:
            own = self._own_file
            path = asset("fonts", own or (BOLD_FILE if bold else REGULAR_FILE))
            try:
                font = pygame.font.Font(str(path), size)
                if own is not None:
                    font.bold = bold
            except (OSError, FileNotFoundError, pygame.error):
                font = pygame.font.Font(None, size)
                font.bold = bold
            self._cache[key] = font
        return font

    def render(
        self,
        text: str,
        size: int,
        colour: tuple[int, int, int],
        bold: bool = False,
        exact: bool = False,
    ) -> pygame.Surface:
        """Antialiased text, cached: labels that do not change cost nothing after the first."""
        size = text_size(size, exact)
        text = readable(text)  # a file name's non-UTF-8 bytes would make the font raise
        key = (text, size, bold, colour)
        surface = self._text_cache.get(key)
        if surface is None:
            if len(self._text_cache) > 4000:  # a long session with many sizes: start over
                self._text_cache.clear()
            surface = self.get(size, bold, exact=True).render(text, True, colour)
            self._text_cache[key] = surface
        return surface
