"""On-screen prompts in the device the player last used: a screen's help line names keys
after a key press, pad buttons after a pad press and gestures after a touch, and so does a
button that names its key ("Check (V)" shows "Check (L3)" once a pad was used) (issue 45).
The pad's words are built from the bindings, so a remapped button is shown where it now
is."""

from __future__ import annotations

import re
from collections.abc import Sequence

from game.core.i18n import N_, _
from game.ui.input.actions import Action
from game.ui.input.bindings import Bindings
from game.ui.input.event import Device
from game.ui.input.translate import describe

# What a help line says a pad's buttons do, in order: the actions behind each part and
# its words.
PadHelp = Sequence[tuple[tuple[Action, ...], str]]

MOVE = (Action.UP, Action.DOWN, Action.LEFT, Action.RIGHT)
MENU_PAD: PadHelp = (
    (MOVE, N_("choose")),
    ((Action.CONFIRM,), N_("select")),
    ((Action.BACK,), N_("back")),
)
SELECT_PAD: PadHelp = (
    (MOVE, N_("choose")),
    ((Action.CONFIRM,), N_("play")),
    ((Action.FOCUS_PREVIOUS, Action.FOCUS_NEXT), N_("pack")),
    ((Action.BACK,), N_("back")),
)
PLAY_PAD: PadHelp = (
    (MOVE, N_("move")),
    ((Action.FILL,), N_("fill")),
    ((Action.CROSS,), N_("cross")),
    ((Action.CLEAR,), N_("clear")),
    ((Action.PREVIOUS_COLOUR, Action.NEXT_COLOUR), N_("colour")),
    ((Action.ZOOM_OUT, Action.ZOOM_IN), N_("zoom")),
    ((Action.UNDO,), N_("undo")),
    ((Action.TRIAL,), N_("trial")),
    ((Action.HINT,), N_("hint")),
    ((Action.PAUSE,), N_("pause")),
)
COLOURS = (Action.PREVIOUS_COLOUR, Action.NEXT_COLOUR)
# A black-and-white puzzle has no colours for the shoulders to choose.
PLAY_PAD_ONE_COLOUR: PadHelp = tuple(part for part in PLAY_PAD if part[0] != COLOURS)
KAKURO_PAD: PadHelp = (
    (MOVE, N_("move")),
    ((Action.PREVIOUS_COLOUR, Action.NEXT_COLOUR), N_("digit")),
    ((Action.CLEAR,), N_("clear")),
    ((Action.PENCIL,), N_("pencil")),
    ((Action.UNDO,), N_("undo")),
    ((Action.PAUSE,), N_("pause")),
)
REPLAY_PAD: PadHelp = (
    ((Action.PLAY_PAUSE,), N_("play/pause")),
    ((Action.STEP,), N_("step")),
    ((Action.SLOWER, Action.FASTER), N_("speed")),
    ((Action.BACK,), N_("back")),
)
PLAY_TOUCH = N_("Tap: fill · Hold: cross · Drag: a line · Two fingers: move and pinch to zoom")
MENU_TOUCH = N_("Tap to choose")


def buttons(bindings: Bindings, actions: Sequence[Action]) -> str:
    """The pad's buttons for ``actions``: "D-pad" for the four directions, else their names
    joined by "/" ("LB/RB"); empty when one of them has no button."""
    names = [bindings.pad_of(action) for action in actions]
    if not all(names):
        return ""
    firsts = [describe(options[0]) for options in names]
    if tuple(actions) == MOVE and all(options[0].startswith("pad:dp") for options in names):
        return _("D-pad")
    return "/".join(dict.fromkeys(firsts))


def pad_line(bindings: Bindings, parts: PadHelp) -> str:
    """A help line of pad buttons: "D-pad move · A fill · B cross …"."""
    said = []
    for actions, words in parts:
        names = buttons(bindings, actions)
        if names:
            said.append(f"{names} {_(words)}")
    return "  ·  ".join(said)


def help_for(
    device: Device,
    bindings: Bindings,
    keyboard: str,
    pad: PadHelp = MENU_PAD,
    touch: str = MENU_TOUCH,
) -> str:
    """The help line for ``device``: ``keyboard`` (already translated) for a keyboard or a
    mouse, the pad's buttons for a pad, ``touch`` for a finger."""
    if device is Device.PAD:
        return pad_line(bindings, pad)
    if device is Device.TOUCH:
        return _(touch)
    return keyboard


# A label's key at its end, in brackets: "Check (V)", "Pause (Esc)", Japanese "停止（Esc）".
_KEY_AT_END = re.compile(r"\s*([(（])[^()（）]*[)）]\s*$")


def without_key(text: str) -> str:
    """``text`` without the key in brackets at its end ("Check (V)" -> "Check")."""
    found = _KEY_AT_END.search(text)
    return text if found is None else text[: found.start()]


def prompted(text: str, device: Device, bindings: Bindings, action: Action | None) -> str:
    """A button's words ``text`` (translated), which may end with its key in brackets, in
    the words of the device last used: as they are for a keyboard or a mouse; with the pad's
    button for ``action`` in the brackets for a pad ("Undo (Back)", "Check (L3)"), or no
    brackets when no button does it; with no brackets on a touch screen (no keys there)."""
    if action is None or device not in (Device.PAD, Device.TOUCH):
        return text
    found = _KEY_AT_END.search(text)
    base = text if found is None else text[: found.start()]
    names = bindings.pad_of(action) if device is Device.PAD else ()
    if not names:
        return base
    if found is not None and found.group(1) == "（":
        return f"{base}（{describe(names[0])}）"
    return f"{base} ({describe(names[0])})"
