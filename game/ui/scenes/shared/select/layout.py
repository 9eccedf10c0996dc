"""Where the select screen's parts go: a value made by ``arrange`` for one window size.

The pack list's rows, the card grid and each card's Watch button, in pixels. Cards scroll:
the functions that place a card take the scroll ``offset``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_, _
from game.ui.scenes.shared.select.cards import (
    SelectFrame,
    card_columns,
    card_grid_rect,
    select_frame,
)

if TYPE_CHECKING:
    from game.ui.app import App

OPEN_FILE_LABEL = N_("Open a puzzle file…")
PACK_ROW_HEIGHT = 64  # a pack's row at scale 1; taller when its text needs it
CARD_GAP = 18
EMPTY = pygame.Rect(0, 0, 0, 0)


@dataclass(frozen=True)
class SelectLayout:
    frame: SelectFrame
    switch: pygame.Rect  # the button to the other kind's select
    open_file: pygame.Rect  # "Open a puzzle file…", left of the switch
    make: pygame.Rect  # the kind's button making a puzzle, left of that (empty: none)
    columns: int
    inner_width: int  # the viewport less its scroll bar
    pack_row: int  # a pack row's height
    watch_size: tuple[int, int]
    watch_inset: int  # from the card's bottom right corner
    panel: pygame.Rect  # where a panel listed after the packs (Random) goes
    pack_bar: int = 0  # room for the pack list's scroll bar when the list scrolls

    @property
    def viewport(self) -> pygame.Rect:
        return self.frame.viewport

    @property
    def pack_panel(self) -> pygame.Rect:
        return self.frame.pack_panel

    @property
    def pitch(self) -> int:
        """A row of cards with its gap."""
        return self.frame.card[1] + self.frame.gap

    def content_height(self, count: int) -> int:
        rows = (count + self.columns - 1) // self.columns
        return rows * self.pitch + self.frame.gap if rows else 0

    def content_rect(self, index: int) -> pygame.Rect:
        """Card ``index`` in content coordinates (x relative to the viewport)."""
        return card_grid_rect(
            index, self.columns, self.frame.card, self.frame.gap, self.inner_width
        )

    def card_rect(self, index: int, offset: float) -> pygame.Rect:
        """Card ``index`` on screen (it may lie outside the viewport)."""
        viewport = self.viewport
        return self.content_rect(index).move(viewport.left, viewport.top - round(offset))

    def watch_rect(self, index: int, offset: float) -> pygame.Rect:
        card = self.card_rect(index, offset)
        rect = pygame.Rect((0, 0), self.watch_size)
        rect.bottomright = (card.right - self.watch_inset, card.bottom - self.watch_inset)
        return rect

    def pack_rect(self, index: int, scale: float, offset: float = 0.0) -> pygame.Rect:
        """Row ``index`` of the pack list on screen, the list scrolled by ``offset`` (it
        may lie outside the panel)."""
        panel = self.pack_panel
        top = panel.top + round(8 * scale) + index * self.pack_row - round(offset)
        return pygame.Rect(panel.left + 4, top, panel.width - 8 - self.pack_bar, self.pack_row - 4)

    def pack_list_height(self, rows: int, scale: float) -> int:
        """The pack list's content: ``rows`` rows with the margins above and below."""
        return 2 * round(8 * scale) + rows * self.pack_row if rows else 0

    def pack_at(
        self, position: tuple[int, int], rows: int, scale: float, offset: float = 0.0
    ) -> int | None:
        if not self.pack_panel.collidepoint(position):
            return None
        for index in range(rows):
            if self.pack_rect(index, scale, offset).collidepoint(position):
                return index
        return None

    def visible_range(self, count: int, offset: float) -> tuple[int, int]:
        pitch = max(1, self.pitch)
        first_row = int(offset) // pitch
        last_row = (int(offset) + self.viewport.height) // pitch + 1
        return first_row * self.columns, min(count, (last_row + 1) * self.columns)

    def card_at(self, position: tuple[int, int], count: int, offset: float) -> int | None:
        if not self.viewport.collidepoint(position):
            return None
        first, last = self.visible_range(count, offset)
        for index in range(first, last):
            if self.card_rect(index, offset).collidepoint(position):
                return index
        return None


def select_layout(
    app: App,
    size: tuple[int, int],
    card: tuple[int, int],
    switch_width: int,
    bar: int,
    make_label: str | None = None,
) -> SelectLayout:
    """The layout for a window of ``size``; ``card`` and ``switch_width`` at scale 1, ``bar``
    the scroll bar's width."""
    scale = app.ui_scale
    fonts = app.fonts
    frame = select_frame(scale, size, card, CARD_GAP)
    switch = pygame.Rect(0, 0, round(switch_width * scale), frame.back.height)
    switch.topright = (size[0] - frame.margin, frame.back.top)
    open_label = fonts.get(round(20 * scale)).size(_(OPEN_FILE_LABEL))[0]
    open_file = pygame.Rect(0, 0, open_label + round(32 * scale), frame.back.height)
    open_file.topright = (switch.left - round(12 * scale), frame.back.top)
    make = pygame.Rect(0, 0, 0, 0)
    if make_label:
        make_w = fonts.get(round(20 * scale)).size(make_label)[0] + round(32 * scale)
        make = pygame.Rect(0, 0, make_w, frame.back.height)
        make.topright = (open_file.left - round(12 * scale), frame.back.top)
    inner = frame.viewport.width - bar
    text = (
        fonts.get(round(19 * scale), bold=True).get_linesize()
        + fonts.get(round(15 * scale)).get_linesize()
    )
    pack_row = max(round(PACK_ROW_HEIGHT * scale), text + round(16 * scale) + 6)
    # As large as the label needs: text stays readable on a small window.
    label_w, label_h = fonts.get(round(13 * scale)).size(_("Watch"))
    watch = (
        max(round(64 * scale), label_w + 2 * max(6, round(10 * scale))),
        max(round(26 * scale), label_h + 6),
    )
    viewport = frame.viewport
    header = frame.header
    panel = pygame.Rect(
        viewport.left + round(4 * scale),
        header,
        min(viewport.width - frame.margin, round(760 * scale)),
        viewport.bottom - header,
    )
    return SelectLayout(
        frame=frame,
        switch=switch,
        open_file=open_file,
        make=make,
        columns=card_columns(inner, frame.card[0], frame.gap),
        inner_width=inner,
        pack_row=pack_row,
        watch_size=watch,
        watch_inset=round(8 * scale),
        panel=panel,
    )


def empty_layout(app: App) -> SelectLayout:
    """A placeholder until the first ``arrange``."""
    return select_layout(app, (0, 0), (1, 1), 1, 0)
