"""Synthetic input for the app-shell, menu and level-select tests."""

from __future__ import annotations

import pygame

from game.ui.app import App


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """Move there, press and release, then run one frame."""
    app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.step()


def key(app: App, code: int, mod: int = 0, unicode: str = "") -> None:
    """Press and release one key, then run one frame."""
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=unicode, scancode=0))
    app.feed(pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode=unicode, scancode=0))
    app.step()


def wheel(app: App, pos: tuple[int, int], notches: int) -> None:
    app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.feed(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False))
    app.step()
