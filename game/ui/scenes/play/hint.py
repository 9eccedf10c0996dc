"""The play screen's teaching hint: every cell a hint gives, outlined, and "Show me".

Core (``game.core.solver.hints``) decides the hint: its line, its cells, the technique and the
leftmost and rightmost arrangement of the line's runs the reasoning considers. This module only
draws that: a ring round each given cell with a faint preview of its mark, and, after "Show
me" (S or the button), a short animation of the line's reasoning: the runs appear at their
leftmost places, a copy of them slides to the rightmost places, then the given cells appear
where every arrangement agrees.

The hint belongs to the line the scene highlights (``scene.hint_line``): any move clears that,
and with it the hint here, so the scene needs no second "forget the hint" call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.board import mark_colour
from game.core.i18n import N_
from game.core.solver.hints import Hint
from game.ui.input import Action, Input
from game.ui.layout import Box
from game.ui.widgets.button import Button

if TYPE_CHECKING:
    from game.ui.scenes.play.scene import PlayScene

APPEAR = 0.5  # the leftmost arrangement fades in
SLIDE = 1.1  # ... a copy slides to the rightmost arrangement
GIVE = 0.6  # ... the given cells appear
HOLD = 1.2  # ... and everything stays a moment
SHOW_SECONDS = APPEAR + SLIDE + GIVE + HOLD


def _ease(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return t * t * (3 - 2 * t)


class HintShow:
    """The current teaching hint of one play scene and its "show me" animation."""

    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        self._hint: Hint | None = None
        self.age = 0.0
        self.playing = False
        self.button = Button(N_("Show me (S)"), self.play, font_size=15, prompt=Action.SHOW_HINT)

    @property
    def hint(self) -> Hint | None:
        """The hint on show: gone as soon as the scene no longer highlights its line."""
        hint = self._hint
        if hint is None or self.scene.hint_line != (hint.axis, hint.index):
            return None
        return hint

    @property
    def animating(self) -> bool:
        return self.playing and self.hint is not None

    def show(self, hint: Hint | None) -> None:
        self._hint = hint
        self.playing = False
        self.age = 0.0

    def play(self) -> None:
        """Start (or restart) the animation of the hint's reasoning."""
        if self.hint is not None:
            self.playing = True
            self.age = 0.0

    def tick(self, dt: float) -> None:
        if not self.animating:
            self.playing = False
            return
        self.age += dt
        if self.age >= SHOW_SECONDS:
            self.playing = False

    def handle(self, event: Input) -> bool:
        """The "Show me" button's events, while a hint is on show."""
        if self.hint is None:
            return False
        self._place()
        return self.button.handle(event)

    # --- drawing -------------------------------------------------------------------------

    def _place(self) -> None:
        """Under the message, at the bottom of the side panel's message area."""
        app = self.scene.app
        box = self.scene.chrome.message_box
        height = app.scaled(32)
        self.button.rect = pygame.Rect(box.x, box.bottom - height, box.w, height)

    def draw(self, surface: pygame.Surface) -> None:
        hint = self.hint
        scene = self.scene
        if hint is None or scene.win is not None or scene.paused:
            return
        layout = scene.layout
        old_clip = surface.get_clip()
        surface.set_clip(pygame.Rect(layout.cells_view).clip(old_clip))
        try:
            if self.playing:
                self._draw_runs(surface, hint)
            given = 1.0 if not self.playing else _ease((self.age - APPEAR - SLIDE) / GIVE)
            self._draw_cells(surface, hint, given)
        finally:
            surface.set_clip(old_clip)
        self._place()
        self.button.draw(surface, scene.app)

    def _cell(self, hint: Hint, position: int) -> Box:
        x, y = (position, hint.index) if hint.axis == "row" else (hint.index, position)
        return self.scene.layout.cell_box(x, y)

    def _run_rect(self, hint: Hint, start: float, length: int) -> pygame.Rect:
        """The box of a run of ``length`` cells starting at ``start`` (a fraction while it
        slides) along the hint's line."""
        cell = self.scene.layout.cell
        first = self._cell(hint, 0)
        inset = max(2, cell // 6)
        if hint.axis == "row":
            return pygame.Rect(
                round(first.x + start * cell) + inset,
                first.y + inset,
                length * cell - 2 * inset,
                cell - 2 * inset,
            )
        return pygame.Rect(
            first.x + inset,
            round(first.y + start * cell) + inset,
            cell - 2 * inset,
            length * cell - 2 * inset,
        )

    def _draw_runs(self, surface: pygame.Surface, hint: Hint) -> None:
        theme = self.scene.app.theme
        appear = _ease(self.age / APPEAR)
        slide = _ease((self.age - APPEAR) / SLIDE)
        width = max(2, self.scene.layout.cell // 10)
        for left, right, length in zip(hint.leftmost, hint.rightmost, hint.clue, strict=True):
            rect = self._run_rect(hint, left, length)
            _translucent(surface, rect, theme.accent, round(90 * appear))
            pygame.draw.rect(surface, theme.accent, rect, width)
            if slide > 0:
                moving = self._run_rect(hint, left + (right - left) * slide, length)
                _translucent(surface, moving, theme.success, round(90 * appear))
                pygame.draw.rect(surface, theme.success, moving, width)

    def _draw_cells(self, surface: pygame.Surface, hint: Hint, given: float) -> None:
        """A ring round each given cell, with a faint preview of its mark (``given`` 0..1 fades
        the preview in during the animation)."""
        theme = self.scene.app.theme
        cell = self.scene.layout.cell
        width = max(2, cell // 12)
        for x, y, state in hint.cells:
            box = self.scene.layout.cell_box(x, y)
            rect = pygame.Rect(box.x, box.y, box.w, box.h)
            pygame.draw.rect(surface, theme.success, rect.inflate(width, width), width)
            if given <= 0:
                continue
            mark = rect.inflate(-cell // 2, -cell // 2)
            colour = mark_colour(state)
            if colour > 0:
                palette = self.scene.puzzle.palette
                ink = theme.filled if palette is None else palette.colour(colour).rgb
                _translucent(surface, mark, ink, round(150 * given))
            elif mark.w >= 4:
                stroke = max(1, cell // 14)
                pygame.draw.line(surface, theme.success, mark.topleft, mark.bottomright, stroke)
                pygame.draw.line(surface, theme.success, mark.bottomleft, mark.topright, stroke)


def _translucent(
    surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], alpha: int
) -> None:
    if rect.w <= 0 or rect.h <= 0 or alpha <= 0:
        return
    tile = pygame.Surface(rect.size, pygame.SRCALPHA)
    tile.fill((*colour, min(255, alpha)))
    surface.blit(tile, rect.topleft)
