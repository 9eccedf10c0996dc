"""The scene contract: one screen of the game (menu, level select, play, replay, converter),
or an overlay on one (a dialog, the file browser).

The app owns a stack of scenes and is the only place that reads pygame events; its input
layer (``game.ui.input``) turns them into the game's inputs, which is what scenes handle. What it
promises a scene, and what it expects back:

- **Switches** (``app.push``, ``app.pop``, ``app.replace``, ``app.pop_to(SceneClass)``) are
  queued and applied between the frame's phases, so a scene never disappears in the middle
  of its own ``handle``. ``on_enter`` runs when the scene becomes the top (first shown or
  uncovered), ``on_exit`` when it stops being the top (covered, popped or replaced).
- **Layout**: ``arrange(size)`` is called with the window size before the scene is first
  shown (before its ``on_enter``) and again for every scene on the stack whenever the window
  changes size (a resize, full screen). Place widgets there; ``handle`` and ``draw`` never
  need to check the size themselves. A scene whose content changes shape (a new pack with
  more cards) calls its own ``arrange(self.app.screen_size)``. (Not called ``layout``: the
  play and replay screens keep their board geometry in a ``layout`` attribute.)
- **Frames**: each frame the top scene gets its events (``handle``), then ``update(dt)``,
  then the app draws. Only the top scene is updated.
- **Idle**: the app draws only when something changed (an event, a switch, a resize, a
  toast) or a scene on screen is due, and between such frames it sleeps until the next
  event. A scene says when it is due with ``wake_in()``: 0.0 while something moves by
  itself (an animation, solver work shown as it goes), the seconds until its next change
  (play's clock: the next whole second), or None when only an event can change it. The
  default is 0.0, drawn every frame as before, so a scene that animates needs nothing; a
  still scene returns None, and then anything it shows that changes outside ``handle``
  must either make ``wake_in`` return 0 meanwhile or call ``app.redraw()``.
- **Overlays**: a scene with ``transparent = True`` is drawn over the scene below it: the app
  draws the nearest opaque scene first, then every transparent one above it, bottom to top.
  An overlay dims what is under it itself (``widgets.base.Veil``). Overlays are modal:
  events go to the top scene only, so a dialog is simply a transparent scene pushed on top
  (``widgets.dialog.DialogScene``). That is the one modal mechanism.
- **handle's result**: return True when the event was used. The app acts on False: an unused
  key press falls to the app's own shortcuts (``Ctrl+Q`` closes the window, asking first when
  work would be lost), and a dropped file the scene did not take is opened by the app (a
  picture in the converter, a puzzle for play). Returning True for everything is allowed (a
  modal overlay does) and simply turns those fallbacks off while the scene is on top.
- **Quitting**: ``on_quit`` is called on every scene when the window closes, to save;
  ``unsaved_work`` names what closing now would lose, and the app asks first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, ClassVar

import pygame

from game.ui.input import Action, Input, Kind

if TYPE_CHECKING:
    from pathlib import Path

    from game.core.puzzle import Puzzle
    from game.ui.app import App


class Scene:
    """Base class: override what the screen needs; the defaults do nothing."""

    # Drawn over the scene below it (which the app draws first); see the module text.
    transparent: ClassVar[bool] = False

    def __init__(self, app: App) -> None:
        self.app = app

    def on_enter(self) -> None:
        """The scene became the top of the stack (first shown, or uncovered by a pop)."""

    def on_exit(self) -> None:
        """The scene stops being the top of the stack (covered, popped or replaced)."""

    def on_quit(self) -> None:
        """The window is closing: save anything worth keeping. Called on every scene."""

    def keep_unsaved(self) -> str | None:
        """The game is ending with nobody to ask (a signal, a crash) while this scene holds
        unsaved work: write it somewhere safe and say where, in a sentence; None when it
        cannot be kept."""
        return None

    def unsaved_work(self) -> str | None:
        """What closing the window now would lose, in a sentence for the player ("The puzzle
        made from cat.png is not saved."), or None when nothing would be lost. The app asks
        before closing when any scene on the stack says something here."""
        return None

    def arrange(self, size: tuple[int, int]) -> None:
        """Place everything for a window of ``size`` pixels. Called before the scene is first
        shown and on every change of the window's size; never by ``draw``."""

    def handle(self, event: Input) -> bool:
        """React to one input (``game.ui.input``: actions, pointers, text); return True when
        it was used (see the module text for what the app does with an unused one)."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds. Never draws. On an idle screen
        frames are far apart, so ``dt`` may be long (up to the wait ``wake_in`` asked for)."""

    def wake_in(self) -> float | None:
        """Seconds until this scene changes by itself and needs a frame: 0.0 while it
        animates (the default: every frame), None when only an event can change it. Asked
        after every frame of every scene on screen (see the module text)."""
        return 0.0

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene onto ``surface`` (an overlay: only itself; the app drew what
        is below). Never changes game state."""


class EditorScene(Scene):
    """A screen that makes a puzzle (the converter, the clue editor): what a game started
    from it asks of it on the way out."""

    def finished_puzzle(self) -> Puzzle:
        """The puzzle as the editor holds it now (ValueError when it is not a whole one)."""
        raise NotImplementedError

    def save(self) -> Path | None:
        """Save the puzzle; its file, or None (and a toast saying why) when it could not."""
        raise NotImplementedError


def run_action(table: Mapping[Action, Callable[[], None]], event: Input) -> bool:
    """Call what ``table`` gives the first action of the press ``event`` that it lists;
    whether there was one (a screen's table of its plain actions)."""
    if event.kind is not Kind.PRESS:
        return False
    for action, run in table.items():
        if action in event.actions:
            run()
            return True
    return False
