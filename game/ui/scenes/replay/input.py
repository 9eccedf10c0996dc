"""The replay's input: which widgets it has in focus order, what they show, and what keys do.

Keys: Space play/pause, Right one step, Shift+Right one line, End run to the end, Home or R
restart, + / - speed, Left / Right (or P / N, Page Up / Down) browse the solutions at the end,
A the next solver, Esc back. Every key has a button.

Functions over a :class:`~game.ui.scenes.replay.scene.ReplayScene`: the scene owns the
widgets and the playback; this module only maps pointer and key events onto its actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.widgets.button import Button
from game.ui.widgets.slider import Slider
from game.ui.widgets.toggle import Toggle

if TYPE_CHECKING:
    from game.ui.scenes.replay.scene import ReplayScene

_PLUS_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
_MINUS_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_UNDERSCORE)
_MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)


def widgets(scene: ReplayScene) -> list[Button | Slider | Toggle]:
    """The widgets Tab walks through, in that order (the marks toggle is handled apart)."""
    return [
        scene.restart_button,
        scene.step_button,
        scene.line_button,
        scene.play_button,
        scene.end_button,
        scene.previous_button,
        scene.next_button,
        scene.slower_button,
        scene.speed_slider,
        scene.faster_button,
        scene.back_button,
        scene.solver_button,
        scene.race_button,
    ]


def sync_buttons(scene: ReplayScene) -> None:
    """Labels and enabled states after the playback changed."""
    finished = scene.finished
    browsing = finished and len(scene.state.solutions) > 1
    scene.play_button.label = "Pause" if scene.playing and not finished else "Play"
    for button in (scene.step_button, scene.line_button, scene.play_button, scene.end_button):
        button.enabled = not finished
    scene.previous_button.enabled = browsing
    scene.next_button.enabled = browsing
    scene.focus.refresh()


def handle(scene: ReplayScene, event: pygame.event.Event) -> bool:
    """Pointer events to the widgets, keys to the replay's actions; True when used."""
    if event.type in _MOUSE_EVENTS or event.type == pygame.MOUSEWHEEL:
        used = scene.focus.handle(event)
        if scene.marks is not None:
            used = scene.marks_toggle.handle(event) or used
        sync_buttons(scene)
        return used
    if event.type != pygame.KEYDOWN:
        return False
    key = event.key
    shift = bool(event.mod & pygame.KMOD_SHIFT)
    if key == pygame.K_ESCAPE:
        scene.back()
    elif key == pygame.K_SPACE:
        scene.toggle_play()
    elif key == pygame.K_RIGHT and scene.finished:
        scene.next_solution()
    elif key == pygame.K_LEFT and scene.finished:
        scene.previous_solution()
    elif key == pygame.K_RIGHT:
        scene.step_line() if shift else scene.step_once()
    elif key == pygame.K_END:
        scene.run_to_end()
    elif key in (pygame.K_HOME, pygame.K_r):
        scene.restart()
    elif key in _PLUS_KEYS:
        scene.faster()
    elif key in _MINUS_KEYS:
        scene.slower()
    elif key in (pygame.K_PAGEDOWN, pygame.K_n):
        scene.next_solution()
    elif key in (pygame.K_PAGEUP, pygame.K_p):
        scene.previous_solution()
    elif key == pygame.K_a:
        scene.next_algorithm()
    else:
        return False
    sync_buttons(scene)
    return True
