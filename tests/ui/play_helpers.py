"""Driving the play scene with synthetic events, shared by the play tests."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.board import Cell
from game.core.puzzle import Puzzle
from game.ui.app import App
from game.ui.scenes.play.scene import PlayScene
from game.ui.widgets.dialog import DialogScene

# 10x10 with an empty first row, for drags that need room.
WIDE = Puzzle.from_grid(
    [[0] * 10] + [[(x + y) % 3 == 0 for x in range(10)] for y in range(1, 10)], title="Stripes"
)


def open_play(puzzle: Puzzle = WIDE, app: App | None = None, **options: Any) -> PlayScene:
    app = app or App(headless=True)
    scene = PlayScene(app, puzzle, **options)
    app.push(scene)
    app.step()
    return scene


def until_playing(app: App, frames: int) -> PlayScene:
    """Step the app until a play scene is on top (a puzzle being made opens one), at most
    ``frames`` frames."""
    for _ in range(frames):
        if isinstance(app.top, PlayScene):
            return app.top
        app.step()
    raise AssertionError(f"no puzzle after {frames} frames; top is {app.top!r}")


def dialog_named(app: App, name: str) -> DialogScene:
    """The dialog on top of the stack, which must be the one called ``name``."""
    top = app.top
    assert isinstance(top, DialogScene) and top.name == name, f"the top scene is {top!r}"
    return top


def centre(scene: PlayScene, x: int, y: int) -> tuple[int, int]:
    return scene.layout.cell_box(x, y).centre


def press(scene: PlayScene, pos: tuple[int, int], button: int = 1, **extra: Any) -> None:
    scene.app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, **extra))


def release(scene: PlayScene, pos: tuple[int, int], button: int = 1) -> None:
    scene.app.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def move(scene: PlayScene, pos: tuple[int, int], buttons: tuple[int, int, int] = (1, 0, 0)) -> None:
    scene.app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons))


def click(scene: PlayScene, x: int, y: int, button: int = 1, **extra: Any) -> None:
    pos = centre(scene, x, y)
    press(scene, pos, button, **extra)
    release(scene, pos, button)
    scene.app.step()


def drag(scene: PlayScene, start: tuple[int, int], end: tuple[int, int], button: int = 1) -> None:
    """Down on one cell, ONE motion event to the other, up: the fastest drag a mouse makes."""
    a, b = centre(scene, *start), centre(scene, *end)
    press(scene, a, button)
    move(scene, b)
    release(scene, b, button)
    scene.app.step()


def key(scene: PlayScene, code: int, mod: int = 0, up: bool = True) -> None:
    scene.app.feed(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))
    if up:
        scene.app.feed(pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0))
    scene.app.step()


def cells(scene: PlayScene, y: int) -> list[Cell]:
    return [scene.session.board.get(x, y) for x in range(scene.puzzle.width)]


def pixel(scene: PlayScene, x: int, y: int) -> tuple[int, int, int]:
    colour = scene.app.screen.get_at(centre(scene, x, y))
    return (colour.r, colour.g, colour.b)
