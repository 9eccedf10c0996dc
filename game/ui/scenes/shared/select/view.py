"""The select screen's drawing: the pack list, the open pack's header and its cards.

The view draws a :class:`Shown` value the shell (:mod:`game.ui.scenes.shared.select.shell`) gathers
each frame from its UI state and data (Tatham's ``game_drawstate`` reads ``game_ui``); it
decides nothing and reads no scene fields.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ui.scenes.shared.select.cards import Card, CardPainter, Thumbnail
from game.ui.widgets.base import draw_card_focus_ring, radius
from game.ui.widgets.text import draw_help_line, draw_text, fit_text, wrap_text

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.shared.select.kind import ListPanel
    from game.ui.scenes.shared.select.layout import SelectLayout
    from game.ui.scenes.shared.select.state import SelectUI
    from game.ui.widgets.button import Button
    from game.ui.widgets.scroll import ScrollArea


def pack_name_fitted(app: App, title: str, room: int) -> tuple[str, int]:
    """A pack's name and its font size for ``room`` pixels: a long name ("Kakuro twelve by
    twelve") steps down to four sizes smaller before it is cut with an ellipsis."""
    size = round(19 * app.ui_scale)
    smallest = round(15 * app.ui_scale)
    while size > smallest and app.fonts.get(size, bold=True).size(title)[0] > room:
        size -= 1
    return fit_text(app.fonts.get(size, bold=True), title, room), size


def draw_pack_row(
    surface: pygame.Surface,
    app: App,
    rect: pygame.Rect,
    title: str,
    detail: str,
    *,
    chosen: bool,
    hovered: bool,
    focused: bool,
) -> None:
    """One row of a pack list: name over a line of detail."""
    theme = app.theme
    scale = app.ui_scale
    corner = radius(app)
    pad = round(12 * scale)
    if chosen:
        pygame.draw.rect(surface, theme.accent, rect, border_radius=corner)
    elif hovered:
        pygame.draw.rect(surface, theme.button_hover, rect, border_radius=corner)
    text_colour = theme.accent_text if chosen else theme.text
    muted = theme.accent_text if chosen else theme.text_muted
    name, name_size = pack_name_fitted(app, title, rect.width - 2 * pad)
    draw_text(
        surface,
        app,
        name,
        name_size,
        text_colour,
        (rect.left + pad, rect.top + round(8 * scale)),
        bold=True,
    )
    draw_text(
        surface,
        app,
        detail,
        round(15 * scale),
        muted,
        (rect.left + pad, rect.bottom - round(8 * scale)),
        "bottomleft",
    )
    if focused:
        draw_card_focus_ring(surface, app, rect)


@dataclass(frozen=True)
class Shown:
    """One frame of the select screen, as the view draws it."""

    ui: SelectUI
    layout: SelectLayout
    title: str
    rows: Sequence[tuple[str, str]]  # the pack list: each row's name and line of detail
    header: tuple[str, str] | None  # the open pack's name and description
    cards: Sequence[tuple[Card, Thumbnail]]  # the cards in view, with their thumbnails
    thumbnail_room: int
    empty: str | None  # what an empty pack says
    help: str
    panel: ListPanel | None  # open in place of the cards
    buttons: Sequence[Button]
    scroll: ScrollArea
    pack_scroll: ScrollArea | None = None  # the pack list's, when it scrolls


class SelectView:
    """Draws select screens."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.cards = CardPainter(app)

    def _title_x(self, shown: Shown, size: int) -> int:
        """The heading's centre: the window's middle, unless the header's buttons on the
        right reach it; then the middle of the room between Back and them."""
        app = self.app
        layout = shown.layout
        half = app.fonts.get(size, bold=True).size(shown.title)[0] // 2
        gap = round(12 * app.ui_scale)
        left = layout.frame.back.right + gap
        rights = [rect.left for rect in (layout.switch, layout.open_file, layout.make) if rect.w]
        right = min(rights, default=app.screen_size[0]) - gap
        middle = app.screen_size[0] // 2
        if middle - half < left or middle + half > right:
            return (left + right) // 2
        return middle

    def draw(self, surface: pygame.Surface, shown: Shown) -> None:
        app = self.app
        theme = app.theme
        scale = app.ui_scale
        surface.fill(theme.background)
        for button in shown.buttons:
            button.draw(surface, app)
        draw_text(
            surface,
            app,
            shown.title,
            round(30 * scale),
            theme.text,
            (self._title_x(shown, round(30 * scale)), round(20 * scale)),
            "midtop",
            bold=True,
        )
        self._draw_packs(surface, shown)
        if shown.panel is not None:
            shown.panel.draw(surface)
        else:
            self._draw_header(surface, shown)
            self._draw_cards(surface, shown)
        draw_help_line(surface, app, shown.help, gap=8)

    def _draw_packs(self, surface: pygame.Surface, shown: Shown) -> None:
        app = self.app
        theme = app.theme
        corner = radius(app)
        layout = shown.layout
        panel = layout.pack_panel
        pygame.draw.rect(surface, theme.panel, panel, border_radius=corner)
        pygame.draw.rect(
            surface, theme.panel_border, panel, max(1, theme.line_weight), border_radius=corner
        )
        ui = shown.ui
        chosen_row = len(shown.rows) - 1 if ui.panel_open else ui.pack_index
        scroll = shown.pack_scroll
        offset = scroll.offset if scroll is not None else 0.0
        clip = surface.get_clip()
        surface.set_clip(panel.inflate(-2, -2).clip(clip) if clip else panel.inflate(-2, -2))
        for index, (title, detail) in enumerate(shown.rows):
            rect = layout.pack_rect(index, app.ui_scale, offset)
            if rect.bottom < panel.top:
                continue  # scrolled away above: only the rows in view are drawn
            if rect.top > panel.bottom or (scroll is None and rect.bottom > panel.bottom):
                break
            chosen = index == chosen_row
            draw_pack_row(
                surface,
                app,
                rect,
                title,
                detail,
                chosen=chosen,
                hovered=index == ui.hover_pack,
                focused=chosen and ui.focus == "packs" and ui.show_focus,
            )
        surface.set_clip(clip)
        if scroll is not None:
            scroll.draw_bar(surface, app)

    def _draw_header(self, surface: pygame.Surface, shown: Shown) -> None:
        if shown.header is None:
            return
        app = self.app
        theme = app.theme
        scale = app.ui_scale
        viewport = shown.layout.viewport
        name, description = shown.header
        left = viewport.left + round(4 * scale)
        top = shown.layout.pack_panel.top
        draw_text(surface, app, name, round(24 * scale), theme.text, (left, top), bold=True)
        if description:
            size = round(15 * scale)
            text = fit_text(app.fonts.get(size), description, viewport.width - 8)
            draw_text(surface, app, text, size, theme.text_muted, (left, top + round(30 * scale)))

    def _draw_cards(self, surface: pygame.Surface, shown: Shown) -> None:
        viewport = shown.layout.viewport
        clip = surface.get_clip()
        surface.set_clip(viewport)
        if shown.empty is not None:
            self._draw_empty(surface, shown.empty, viewport)
        for card, thumbnail in shown.cards:
            self.cards.draw(surface, card, thumbnail, shown.thumbnail_room)
        surface.set_clip(clip)
        shown.scroll.draw_bar(surface, self.app)

    def _draw_empty(self, surface: pygame.Surface, message: str, viewport: pygame.Rect) -> None:
        app = self.app
        scale = app.ui_scale
        size = round(18 * scale)
        font = app.fonts.get(size)
        y = viewport.top + round(20 * scale)
        for line in wrap_text(font, message, viewport.width - round(40 * scale)):
            draw_text(
                surface,
                app,
                line,
                size,
                app.theme.text_muted,
                (viewport.left + round(10 * scale), y),
            )
            y += font.get_linesize()
