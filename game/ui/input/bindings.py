"""Which keys and pad buttons carry which actions, and the player's changes to them.

A binding is a chord in words: ``"z"``, ``"ctrl+shift+z"``, ``"page down"`` (pygame's key
names, with ``ctrl+``, ``alt+`` and ``shift+`` in that order before them; Cmd counts as Ctrl)
or ``"pad:a"`` (an SDL game controller's button names, and ``pad:lefttrigger`` /
``pad:righttrigger`` for the triggers pulled past half way, ``pad:rightstickup`` ... for the
right stick flicked one way). The defaults are the game's keys as
they always were; Options replaces an action's chords, and the settings file keeps only what
the player changed (``overrides``), so new defaults still reach them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TypeGuard

from game.ui.input.actions import Action

A = Action
# The keyboard's chords for each action.
DEFAULT_KEYS: dict[Action, tuple[str, ...]] = {
    A.UP: ("up",),
    A.DOWN: ("down",),
    A.LEFT: ("left",),
    A.RIGHT: ("right",),
    A.FOCUS_NEXT: ("tab",),
    A.FOCUS_PREVIOUS: ("shift+tab",),
    A.PAGE_UP: ("page up",),
    A.PAGE_DOWN: ("page down",),
    A.FIRST: ("home",),
    A.LAST: ("end",),
    A.CONFIRM: ("return", "enter"),
    A.SELECT: ("space",),
    A.BACK: ("escape",),
    A.ERASE: ("backspace",),
    A.DELETE: ("delete",),
    A.FILL: ("z", "space"),
    A.CROSS: ("x",),
    A.CLEAR: ("c", "backspace", "delete"),
    A.EXTEND: ("left shift", "right shift"),
    A.PAN: ("space",),
    A.NEXT_COLOUR: ("e",),
    A.PREVIOUS_COLOUR: ("q",),
    A.COLOUR_LIST: ("l",),
    A.TRIAL: ("t",),
    A.KEEP_TRIAL: ("k",),
    A.DROP_TRIAL: ("d",),
    A.UNDO: ("ctrl+z",),
    A.REDO: ("ctrl+y", "ctrl+shift+z"),
    A.ZOOM_IN: ("+", "=", "[+]"),
    A.ZOOM_OUT: ("-", "[-]"),
    A.ZOOM_FIT: ("0", "[0]"),
    A.HINT: ("h",),
    A.SHOW_HINT: ("s",),
    A.CHECK: ("v",),
    A.PANEL: ("p", "tab"),
    A.PAUSE: ("escape",),
    A.PENCIL: ("p",),
    A.CHECK_VALUE: ("c",),
    A.REVEAL: ("r",),
    A.SOLVER: ("w",),
    A.ACROSS: ("a",),
    A.DOWNWARD: ("d",),
    A.PLAY_PAUSE: ("space",),
    A.STEP: ("right",),
    A.STEP_BACK: ("left",),
    A.RESTART: ("home", "r"),
    A.TO_END: ("end",),
    A.NEXT_PUZZLE: ("page down", "n"),
    A.PREVIOUS_PUZZLE: ("page up", "p"),
    A.MARKS: ("a",),
    A.FASTER: ("+", "=", "[+]"),
    A.SLOWER: ("-", "[-]", "_"),
    A.SAVE: ("ctrl+s",),
    A.OPEN: ("ctrl+o",),
    A.PLAY_NOW: ("ctrl+p",),
    A.WATCH: ("w",),
    A.LOCATION: ("ctrl+l",),
    A.SELECT_ALL: ("ctrl+a",),
    A.COPY: ("ctrl+c",),
    A.CUT: ("ctrl+x",),
    A.PASTE: ("ctrl+v",),
    A.QUIT: ("ctrl+q",),
    A.FULL_SCREEN: ("f11",),
}
# A game controller's buttons (SDL's layout: A below, B right, X left, Y above).
DEFAULT_PAD: dict[Action, tuple[str, ...]] = {
    A.UP: ("pad:dpup",),
    A.DOWN: ("pad:dpdown",),
    A.LEFT: ("pad:dpleft",),
    A.RIGHT: ("pad:dpright",),
    A.STEP: ("pad:dpright",),
    A.STEP_BACK: ("pad:dpleft",),
    A.CONFIRM: ("pad:a",),
    A.SELECT: ("pad:a",),
    A.FILL: ("pad:a",),
    A.PLAY_PAUSE: ("pad:a",),
    A.CROSS: ("pad:b",),
    A.BACK: ("pad:b",),
    A.CLEAR: ("pad:x",),
    A.HINT: ("pad:y",),
    A.PAUSE: ("pad:start",),
    A.UNDO: ("pad:back",),
    A.REDO: ("pad:rightstick",),
    # Every button is taken in play, so the modes are flicks of the right stick, which
    # nothing else uses: up turns trial mode (or Kakuro's pencil) on and off, right keeps
    # the trial's marks, left drops them.
    A.TRIAL: ("pad:rightstickup",),
    A.KEEP_TRIAL: ("pad:rightstickright",),
    A.DROP_TRIAL: ("pad:rightstickleft",),
    A.PENCIL: ("pad:rightstickup",),
    A.CHECK: ("pad:leftstick",),
    A.PREVIOUS_COLOUR: ("pad:leftshoulder",),
    A.NEXT_COLOUR: ("pad:rightshoulder",),
    A.FOCUS_PREVIOUS: ("pad:leftshoulder",),
    A.FOCUS_NEXT: ("pad:rightshoulder",),
    A.PREVIOUS_PUZZLE: ("pad:leftshoulder",),
    A.NEXT_PUZZLE: ("pad:rightshoulder",),
    A.ZOOM_OUT: ("pad:lefttrigger",),
    A.ZOOM_IN: ("pad:righttrigger",),
    A.SLOWER: ("pad:lefttrigger",),
    A.FASTER: ("pad:righttrigger",),
}
PAD_PREFIX = "pad:"
_MODS = ("ctrl", "alt", "shift")


def chord(name: str, *, ctrl: bool = False, alt: bool = False, shift: bool = False) -> str:
    """The chord for key ``name`` with these modifiers, in the one spelling bindings use."""
    held = [mod for mod, on in zip(_MODS, (ctrl, alt, shift), strict=True) if on]
    return "+".join([*held, name])


def is_pad(name: str) -> bool:
    return name.startswith(PAD_PREFIX)


def is_binding_table(value: object) -> TypeGuard[dict[str, list[str]]]:
    """A stored table of overrides: action names to lists of chords (unknown names are
    dropped when it is read, so an old or hand-edited file still loads)."""
    return isinstance(value, dict) and all(
        isinstance(key, str)
        and isinstance(chords, list)
        and all(isinstance(item, str) and item for item in chords)
        for key, chords in value.items()
    )


@dataclass(frozen=True)
class Bindings:
    """The chords of every action, keyboard and pad together, and the reverse index."""

    chords: Mapping[Action, tuple[str, ...]]
    _index: Mapping[str, frozenset[Action]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index: dict[str, set[Action]] = {}
        for action, names in self.chords.items():
            for name in names:
                index.setdefault(name, set()).add(action)
        object.__setattr__(self, "_index", {name: frozenset(s) for name, s in index.items()})

    @classmethod
    def default(cls) -> Bindings:
        return cls.with_overrides({})

    @classmethod
    def with_overrides(cls, overrides: dict[str, list[str]]) -> Bindings:
        """The defaults with the player's changes (action name -> chords) laid over them."""
        chords = {
            action: DEFAULT_KEYS.get(action, ()) + DEFAULT_PAD.get(action, ()) for action in Action
        }
        by_name = {action.value: action for action in Action}
        for name, names in overrides.items():
            action = by_name.get(name)
            if action is not None:
                chords[action] = tuple(names)
        return cls(chords)

    def actions(self, name: str) -> frozenset[Action]:
        """What the chord ``name`` carries."""
        return self._index.get(name, frozenset())

    def keys_of(self, action: Action) -> tuple[str, ...]:
        return tuple(name for name in self.chords.get(action, ()) if not is_pad(name))

    def pad_of(self, action: Action) -> tuple[str, ...]:
        return tuple(name for name in self.chords.get(action, ()) if is_pad(name))

    def rebound(self, action: Action, name: str) -> Bindings:
        """``action`` bound to ``name`` in place of its chords of the same device (a key
        replaces its keys, a pad button its buttons); ``name`` leaves any other remappable
        action of the same device it carried, so one press never does two of them."""
        from game.ui.input.actions import REMAPPABLE

        pad = is_pad(name)
        chords = dict(self.chords)
        kept = tuple(item for item in chords.get(action, ()) if is_pad(item) != pad)
        chords[action] = (*kept, name) if pad else (name, *kept)
        for other in REMAPPABLE:
            if other is not action and name in chords.get(other, ()):
                chords[other] = tuple(item for item in chords[other] if item != name)
        return Bindings(chords)

    def overrides(self) -> dict[str, list[str]]:
        """What differs from the defaults, for the settings file."""
        base = Bindings.default().chords
        return {
            action.value: list(names)
            for action, names in self.chords.items()
            if tuple(names) != tuple(base.get(action, ()))
        }
