"""Drawing text: one call that places a label by an anchor point, and word wrapping."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import pygame

from game.core.store.fileio import readable

if TYPE_CHECKING:
    from game.ui.app import App

Anchor = Literal[
    "topleft",
    "midtop",
    "topright",
    "midleft",
    "center",
    "midright",
    "bottomleft",
    "midbottom",
    "bottomright",
]


def draw_text(
    surface: pygame.Surface,
    app: App,
    text: str,
    size: int,
    colour: tuple[int, int, int],
    position: tuple[int, int],
    anchor: Anchor = "topleft",
    bold: bool = False,
) -> pygame.Rect:
    """Draw ``text`` with its ``anchor`` point at ``position``; return where it went."""
    rendered = app.fonts.render(text, size, colour, bold)
    rect = rendered.get_rect(**{anchor: position})
    surface.blit(rendered, rect)
    return rect


def draw_help_line(surface: pygame.Surface, app: App, text: str, gap: int = 16) -> pygame.Rect:
    """The keys line at the foot of a screen, centred ``gap`` (unscaled) pixels above the
    bottom edge, in the muted text colour."""
    scale = app.ui_scale
    width, height = app.screen_size
    position = (width // 2, height - round(gap * scale))
    return draw_text(
        surface, app, text, round(15 * scale), app.theme.text_muted, position, "midbottom"
    )


def wrap_text(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` (a word longer than that is cut)."""
    text = readable(text)  # a file name's non-UTF-8 bytes would make the font raise
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split(" "):
            candidate = f"{current} {word}" if current else word
            if font.size(candidate)[0] <= width:
                current = candidate
                continue
            if current:
                lines.append(current)
            while font.size(word)[0] > width and len(word) > 1:
                cut = len(word)
                while cut > 1 and font.size(word[:cut])[0] > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            current = word
        lines.append(current)
    return lines


def fit_text(font: pygame.font.Font, text: str, width: int) -> str:
    """``text`` shortened with an ellipsis so it fits in ``width`` pixels."""
    text = readable(text)  # a file name's non-UTF-8 bytes would make the font raise
    if font.size(text)[0] <= width:
        return text
    return room_for_ellipsis(font, text, width) + "…"


def room_for_ellipsis(font: pygame.font.Font, text: str, width: int) -> str:
    """The longest start of ``text`` that still fits in ``width`` pixels with "…" after it."""
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text


def format_time(seconds: float | None) -> str:
    """``m:ss`` (``h:mm:ss`` past an hour) for the timer and best times; "–" for no time."""
    if seconds is None:
        return "–"
    whole = max(0, int(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"
