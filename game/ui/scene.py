"""The scene base class: one screen of the game (menu, level select, play, replay, converter).

The app owns a stack of scenes and is the only place that reads pygame events. Each frame it
hands the top scene its events, then ``update(dt)``, then ``draw(surface)``. Scenes ask the
app for switches (``app.push``, ``app.pop``, ``app.replace``); the app applies them between
frames, so a scene never disappears in the middle of its own ``handle``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.app import App


class Scene:
    """Base class: override what the screen needs; the defaults do nothing."""

    def __init__(self, app: App) -> None:
        self.app = app

    def on_enter(self) -> None:
        """The scene became the top of the stack (first shown, or uncovered by a pop)."""

    def on_exit(self) -> None:
        """The scene stops being the top of the stack (covered, popped or replaced)."""

    def on_quit(self) -> None:
        """The window is closing: save anything worth keeping. Called on every scene."""

    def unsaved_work(self) -> str | None:
        """What closing the window now would lose, in a sentence for the player ("The puzzle
        made from cat.png is not saved."), or None when nothing would be lost. The app asks
        before closing when any scene on the stack says something here."""
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        """React to one event; return True when the event was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds. Never draws."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene onto ``surface``. Never changes game state."""
