"""Japanese text has glyphs: the Noto Sans CJK subset holds every character the Japanese
catalogue uses (tools/subset_cjk_font.py cuts it), and the fonts switch to it."""

from __future__ import annotations

import pygame

from game.resources import asset
from game.ui.fonts import OWN_FONTS, Fonts
from tools.subset_cjk_font import needed_characters


def test_the_subset_has_a_glyph_for_every_character_the_catalogue_uses() -> None:
    path = asset("fonts", OWN_FONTS["ja"])
    assert path.is_file() and path.stat().st_size < 400_000  # a subset, not the 16 MB face
    pygame.font.init()
    font = pygame.font.Font(str(path), 20)
    wanted = sorted(char for char in needed_characters() if not char.isspace())
    found = font.metrics("".join(wanted))
    missing = [char for char, metrics in zip(wanted, found, strict=True) if not metrics]
    assert not missing, f"run tools/subset_cjk_font.py: missing {''.join(missing)!r}"


def test_fonts_switch_to_the_languages_own_font_and_back() -> None:
    fonts = Fonts()
    latin = fonts.render("Hanjie", 20, (0, 0, 0)).get_size()
    fonts.set_language("ja")
    japanese = fonts.render("数字を塗って", 20, (0, 0, 0))
    assert japanese.get_bounding_rect().w > 60  # glyphs, not empty boxes of nothing
    fonts.set_language("en")
    assert fonts.render("Hanjie", 20, (0, 0, 0)).get_size() == latin
