"""The one value a screen is handed: an ``Input``, what the player did in the game's words.

The translator (``game.ui.input.translate``) makes these from pygame's events; screens read
their kind, their actions and, for pointers, a position and a button. No screen needs to know
whether a press came from a keyboard, a pad or a finger, but it may ask (``device``) to show
the right prompts.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.ui.input.actions import Action


class Kind(Enum):
    PRESS = "press"  # actions pressed (a key, a pad button; repeats while held)
    RELEASE = "release"  # actions let go
    POINTER_DOWN = "pointer_down"  # a mouse button or a finger on the screen
    POINTER_UP = "pointer_up"
    POINTER_MOVE = "pointer_move"
    WHEEL = "wheel"  # ``scroll`` notches (x, y), y up positive
    GESTURE = "gesture"  # two fingers: ``scroll`` pans by pixels, ``zoom`` pinches
    TEXT = "text"  # ``text`` typed (an input method's characters)
    FOCUS_LOST = "focus_lost"  # the window lost the keyboard: forget what is held
    FOCUS_GAINED = "focus_gained"
    DROP = "drop"  # a file dropped on the window: ``text`` is its path
    OTHER = "other"  # nothing a screen acts on (the app uses its own events)


class Device(Enum):
    MOUSE = "mouse"
    KEYBOARD = "keyboard"
    PAD = "pad"
    TOUCH = "touch"


# Pointer buttons.
PRIMARY = 1
MIDDLE = 2
SECONDARY = 3


@dataclass(frozen=True)
class Input:
    """One thing the player did. ``source`` names the key or button behind a press ("z",
    "pad:a"), so that a held one can be told apart from another (strokes end on its
    release); ``text`` is the printable character a key press types, if any."""

    kind: Kind
    actions: frozenset[Action] = frozenset()
    device: Device = Device.KEYBOARD
    pos: tuple[int, int] = (0, 0)
    button: int = 0
    shift: bool = False
    ctrl: bool = False
    alt: bool = False
    source: str = ""
    text: str = ""
    digit: int | None = None
    scroll: tuple[float, float] = (0.0, 0.0)
    zoom: float = 0.0

    def pressed(self, *actions: Action) -> bool:
        """A press of any of ``actions``."""
        return self.kind is Kind.PRESS and any(action in self.actions for action in actions)

    def released(self, *actions: Action) -> bool:
        return self.kind is Kind.RELEASE and any(action in self.actions for action in actions)

    def action(self, *choices: Action) -> Action | None:
        """The first of ``choices`` this press carries (None when it carries none)."""
        if self.kind is not Kind.PRESS:
            return None
        for choice in choices:
            if choice in self.actions:
                return choice
        return None

    @property
    def is_pointer(self) -> bool:
        """A pointer's press, release or movement (mouse or finger)."""
        return self.kind in (Kind.POINTER_DOWN, Kind.POINTER_UP, Kind.POINTER_MOVE)

    def down(self, button: int = PRIMARY) -> bool:
        """A pointer pressed with ``button``."""
        return self.kind is Kind.POINTER_DOWN and self.button == button

    def up(self, button: int = PRIMARY) -> bool:
        return self.kind is Kind.POINTER_UP and self.button == button


def press(*actions: Action, source: str = "", shift: bool = False, text: str = "") -> Input:
    """A key press carrying ``actions`` (tests and tools)."""
    return Input(Kind.PRESS, frozenset(actions), source=source, shift=shift, text=text)


def pointer(kind: Kind, pos: tuple[int, int], button: int = PRIMARY) -> Input:
    """A mouse event at ``pos`` (tests and tools)."""
    return Input(kind, device=Device.MOUSE, pos=pos, button=button)
