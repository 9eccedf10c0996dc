"""The replay's input: which widgets it has in focus order, what they show, and what keys do.

Keys: Space play/pause, Right one step, Shift+Right the kind's bigger step (one line), End run
to the end, Home or R restart, + / - speed, Left / Right (or P / N, Page Up / Down) browse the
solutions at the end, Esc or Backspace back; a kind adds its own (A: the next solver). Every
key has a button.

Functions over a :class:`~game.ui.scenes.shared.replay.shell.ReplayShell`: the shell owns the
widgets and the playback; this module only maps pointer and key events onto its actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.i18n import N_
from game.ui.input import Action, Input, Kind
from game.ui.widgets.base import Widget

if TYPE_CHECKING:
    from game.core.trace import ResultT
    from game.ui.scenes.shared.replay.shell import ReplayShell, StepT

_MOUSE_EVENTS = (Kind.POINTER_DOWN, Kind.POINTER_UP, Kind.POINTER_MOVE)


def widgets(shell: ReplayShell[StepT, ResultT]) -> list[Widget]:
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


def sync_buttons(shell: ReplayShell[StepT, ResultT]) -> None:
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


def handle(shell: ReplayShell[StepT, ResultT], event: Input) -> bool:
    """Pointer events to the widgets, keys to the replay's actions; True when used."""
    if event.kind in _MOUSE_EVENTS or event.kind is Kind.WHEEL:
        used = shell.focus.handle(event)
        used = shell.part.handle(event) or used
        sync_buttons(shell)
        return used
    if event.kind is not Kind.PRESS:
        return False
    if event.pressed(Action.BACK, Action.ERASE):
        shell.back()
    elif event.pressed(Action.PLAY_PAUSE):
        shell.toggle_play()
    elif event.pressed(Action.STEP) and shell.finished:
        shell.next_solution()
    elif event.pressed(Action.STEP_BACK) and shell.finished:
        shell.previous_solution()
    elif event.pressed(Action.STEP):
        shell.step_big() if event.shift else shell.step_once()
    elif event.pressed(Action.TO_END):
        shell.run_to_end()
    elif event.pressed(Action.RESTART):
        shell.restart()
    elif event.pressed(Action.FASTER):
        shell.faster()
    elif event.pressed(Action.SLOWER):
        shell.slower()
    elif event.pressed(Action.NEXT_PUZZLE):
        shell.next_solution()
    elif event.pressed(Action.PREVIOUS_PUZZLE):
        shell.previous_solution()
    elif not shell.part.handle_key(event):
        return False
    sync_buttons(shell)
    return True
