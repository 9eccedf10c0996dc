"""'Making a puzzle…': the generator at work, a slice a frame, over the screen that asked.

An overlay (like a dialog): the screen below stays drawn and dimmed, a panel says what is
being made (size and level), how far the search has come (pictures drawn, candidates
rated) and a moving bar, since nobody can say in advance how many candidates a level
takes. Cancel (or Esc) stops at once. Each frame gives :meth:`Generation.advance` a few
milliseconds, so the window keeps answering; when the puzzle is ready the overlay closes
and hands it to ``on_done``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.generate.generator import Generated, Making
from game.core.i18n import N_, _, ngettext
from game.core.rating import STAR_NAMES
from game.ui.input import Action, Input
from game.ui.scene import Scene
from game.ui.widgets.base import FocusGroup, Veil, radius
from game.ui.widgets.button import Button
from game.ui.widgets.text import draw_text

if TYPE_CHECKING:
    from game.ui.app import App

# The generator's share of a frame: enough to finish a 15x15 in well under a second of
# frames, little enough that a 60 Hz frame still has room to draw.
SLICE_SECONDS = 0.010
BAR_PERIOD = 1.6  # seconds for the moving bar to sweep across and back


class GeneratingScene(Scene):
    """Runs one :class:`Generation`; ``on_done`` gets the puzzle after the overlay closes."""

    transparent = True

    def __init__(
        self,
        app: App,
        generation: Making,
        on_done: Callable[[Generated], None],
        title: str = N_("Making a puzzle"),
    ) -> None:
        super().__init__(app)
        self.generation = generation
        self.on_done = on_done
        self.title = title
        self.age = 0.0
        self.finished = False
        self.cancel_button = Button(N_("Cancel"), self.cancel, font_size=20)
        self.focus = FocusGroup([self.cancel_button])
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.bar = pygame.Rect(0, 0, 0, 0)
        self._veil = Veil(120)

    @property
    def detail(self) -> str:
        """ "15x15 · Hard"."""
        generation = self.generation
        name = _(STAR_NAMES[generation.level]) if generation.level in STAR_NAMES else ""
        return f"{generation.width}x{generation.height} · {name}"

    @property
    def progress_text(self) -> str:
        generation = self.generation
        pictures = generation.pictures
        candidates = generation.candidates
        drawn = ngettext("{count} picture drawn", "{count} pictures drawn", pictures)
        rated = ngettext("{count} candidate rated", "{count} candidates rated", candidates)
        return f"{drawn.format(count=pictures)} · {rated.format(count=candidates)}"

    def cancel(self) -> None:
        if self.finished:
            return
        self.finished = True
        self.generation.cancel()
        self.app.pop()

    # -- frame ------------------------------------------------------------------------------

    def handle(self, event: Input) -> bool:
        if event.pressed(Action.BACK):
            self.cancel()
            return True
        self.focus.handle(event)
        return True  # modal: nothing reaches the screen below

    def update(self, dt: float) -> None:
        self.age += dt
        if self.finished:
            return
        made = self.generation.advance(SLICE_SECONDS)
        if made is not None:
            self.finished = True
            self.app.pop()
            self.on_done(made)

    def wake_in(self) -> float | None:
        return None if self.finished else 0.0  # works and animates every frame

    def arrange(self, size: tuple[int, int]) -> None:
        scale = self.app.ui_scale
        width, height = size
        panel_width = min(width - round(40 * scale), round(460 * scale))
        panel_height = round(250 * scale)
        self.panel = pygame.Rect(0, 0, panel_width, panel_height)
        self.panel.center = (width // 2, height // 2)
        pad = round(28 * scale)
        self.bar = pygame.Rect(
            self.panel.left + pad, self.panel.top + round(118 * scale), panel_width - 2 * pad, 0
        )
        self.bar.height = max(6, round(12 * scale))
        button = pygame.Rect(0, 0, round(160 * scale), round(44 * scale))
        button.midbottom = (self.panel.centerx, self.panel.bottom - round(22 * scale))
        self.cancel_button.rect = button

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        theme = app.theme
        scale = app.ui_scale
        corner = radius(app)
        self._veil.draw(surface)
        pygame.draw.rect(surface, theme.panel, self.panel, border_radius=corner)
        pygame.draw.rect(
            surface, theme.panel_border, self.panel, max(1, theme.line_weight), border_radius=corner
        )
        centre = self.panel.centerx
        top = self.panel.top + round(22 * scale)
        draw_text(
            surface,
            app,
            _(self.title),
            round(26 * scale),
            theme.text,
            (centre, top),
            "midtop",
            True,
        )
        draw_text(
            surface,
            app,
            self.detail,
            round(18 * scale),
            theme.text_muted,
            (centre, top + round(40 * scale)),
            "midtop",
        )
        self._draw_bar(surface)
        draw_text(
            surface,
            app,
            self.progress_text,
            round(15 * scale),
            theme.text_muted,
            (centre, self.bar.bottom + round(12 * scale)),
            "midtop",
        )
        self.focus.draw(surface, app)

    def _draw_bar(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        bar = self.bar
        ends = bar.height // 2
        pygame.draw.rect(surface, theme.cell_unknown, bar, border_radius=ends)
        pygame.draw.rect(surface, theme.panel_border, bar, 1, border_radius=ends)
        # A block sweeping to and fro: work is going on, its length unknown.
        block = max(bar.height * 2, bar.width // 4)
        phase = (1 - math.cos(2 * math.pi * self.age / BAR_PERIOD)) / 2
        left = bar.left + round(phase * (bar.width - block))
        pygame.draw.rect(
            surface, theme.accent, pygame.Rect(left, bar.top, block, bar.height), border_radius=ends
        )
