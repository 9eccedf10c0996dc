"""The replay's input: which widgets it has in focus order, what they show, and what keys do.

Keys: Space play/pause, Right one step, Shift+Right the kind's bigger step (one line), End run
to the end, Home or R restart, + / - speed, Left / Right (or P / N, Page Up / Down) browse the
solutions at the end, Esc or Backspace back; a kind adds its own (A: the next solver). Every
key has a button.

Functions over a :class:`~game.ui.scenes.replay.shell.ReplayShell`: the shell owns the
widgets and the playback; this module only maps pointer and key events onto its actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_
from game.ui.widgets.base import Widget

if TYPE_CHECKING:
    from game.ui.scenes.replay.shell import ReplayShell

_PLUS_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
_MINUS_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_UNDERSCORE)
_MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)


def widgets(shell: ReplayShell) -> list[Widget]:
    """The widgets Tab walks through, in that order, the part's top buttons last."""
    own: list[Widget] = [
        shell.restart_button,
        shell.step_button,
        shell.big_button,
        shell.play_button,
        shell.end_button,
        shell.previous_button,
        shell.next_button,
        shell.slower_button,
        shell.speed_slider,
        shell.faster_button,
        shell.back_button,
    ]
    return own + list(shell.part.top_buttons())


def sync_buttons(shell: ReplayShell) -> None:
    """Labels and enabled states after the playback changed."""
    finished = shell.finished
    browsing = shell.browsing
    shell.play_button.label = N_("Pause") if shell.ui.playing and not finished else N_("Play")
    for button in (shell.step_button, shell.big_button, shell.play_button, shell.end_button):
        button.enabled = not finished
    shell.big_button.enabled = not finished and shell.part.big_step is not None
    shell.previous_button.enabled = browsing
    shell.next_button.enabled = browsing
    shell.focus.refresh()


def handle(shell: ReplayShell, event: pygame.event.Event) -> bool:
    """Pointer events to the widgets, keys to the replay's actions; True when used."""
    if event.type in _MOUSE_EVENTS or event.type == pygame.MOUSEWHEEL:
        used = shell.focus.handle(event)
        used = shell.part.handle(event) or used
        sync_buttons(shell)
        return used
    if event.type != pygame.KEYDOWN:
        return False
    key = event.key
    shift = bool(event.mod & pygame.KMOD_SHIFT)
    if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
        shell.back()
    elif key == pygame.K_SPACE:
        shell.toggle_play()
    elif key == pygame.K_RIGHT and shell.finished:
        shell.next_solution()
    elif key == pygame.K_LEFT and shell.finished:
        shell.previous_solution()
    elif key == pygame.K_RIGHT:
        shell.step_big() if shift else shell.step_once()
    elif key == pygame.K_END:
        shell.run_to_end()
    elif key in (pygame.K_HOME, pygame.K_r):
        shell.restart()
    elif key in _PLUS_KEYS:
        shell.faster()
    elif key in _MINUS_KEYS:
        shell.slower()
    elif key in (pygame.K_PAGEDOWN, pygame.K_n):
        shell.next_solution()
    elif key in (pygame.K_PAGEUP, pygame.K_p):
        shell.previous_solution()
    elif not shell.part.handle_key(key):
        return False
    sync_buttons(shell)
    return True
