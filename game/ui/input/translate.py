"""pygame's events in, the game's ``Input`` values out: the one module that knows pygame's
event and key constants (issue 45).

- **Keyboard**: a key press becomes a PRESS of the actions its chord is bound to (a chord
  with Shift that has no binding of its own falls back to the key without Shift, which then
  carries ``shift``: Shift+arrows still move); its release a RELEASE. A printable key also
  carries its character (``text``) and a digit key its ``digit``.
- **Mouse**: buttons 1-3 and movement become pointer inputs, the wheel WHEEL.
- **Game controllers** (SDL's, hot-plugged): each one is opened when it arrives; its buttons
  and its triggers (pulled past half way) are chords ``pad:...``; the left stick pushed past
  half way is the d-pad, the right stick pushed past half way one of four buttons of its own
  (``pad:rightstickup`` ...: a flick). A held d-pad direction repeats like a held key.
- **Touch**: one finger is a pointer. A tap is a primary click. A finger that moves past a
  few pixels drags with the primary button (a painted run); one held still for
  ``LONG_PRESS`` seconds presses the secondary button (a cross), and may drag on. A second
  finger ends the stroke (a POINTER_UP with button 0: screens call the stroke off) and then
  the two fingers pan (their centre's movement) and pinch (their spread's ratio) as GESTURE
  inputs, worked out from the fingers themselves. SDL's mouse events made from touches are
  dropped.

Time comes from an injected clock, and ``tick`` (once a frame) raises what waits on it (the
long press, pad repeats), so tests drive it without sleeping.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.core.i18n import N_, _
from game.ui.input.bindings import PAD_PREFIX, Bindings, chord
from game.ui.input.event import PRIMARY, SECONDARY, Device, Input, Kind

LONG_PRESS = 0.5  # seconds a still finger waits before it crosses
TOUCH_SLOP = 12  # pixels a finger moves before it is a drag, not a tap
PAD_REPEAT_DELAY = 0.3
PAD_REPEAT_EVERY = 0.06
_AXIS_ON = 16000  # of 32767: half way
_AXIS_OFF = 8000

_PAD_BUTTONS: dict[int, str] = {
    pygame.CONTROLLER_BUTTON_A: "a",
    pygame.CONTROLLER_BUTTON_B: "b",
    pygame.CONTROLLER_BUTTON_X: "x",
    pygame.CONTROLLER_BUTTON_Y: "y",
    pygame.CONTROLLER_BUTTON_BACK: "back",
    pygame.CONTROLLER_BUTTON_GUIDE: "guide",
    pygame.CONTROLLER_BUTTON_START: "start",
    pygame.CONTROLLER_BUTTON_LEFTSTICK: "leftstick",
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: "rightstick",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "leftshoulder",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "rightshoulder",
    pygame.CONTROLLER_BUTTON_DPAD_UP: "dpup",
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: "dpdown",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "dpleft",
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "dpright",
}
_REPEATING = ("pad:dpup", "pad:dpdown", "pad:dpleft", "pad:dpright")
_MODIFIER_KEYS = {
    pygame.K_LSHIFT,
    pygame.K_RSHIFT,
    pygame.K_LCTRL,
    pygame.K_RCTRL,
    pygame.K_LMETA,
    pygame.K_RMETA,
    pygame.K_LALT,
    pygame.K_RALT,
}
_DIGITS = {pygame.K_0 + n: n for n in range(10)} | {
    pygame.K_KP0: 0,
    pygame.K_KP1: 1,
    pygame.K_KP2: 2,
    pygame.K_KP3: 3,
    pygame.K_KP4: 4,
    pygame.K_KP5: 5,
    pygame.K_KP6: 6,
    pygame.K_KP7: 7,
    pygame.K_KP8: 8,
    pygame.K_KP9: 9,
}


@dataclass
class _Finger:
    start: tuple[int, int]
    pos: tuple[int, int]
    since: float
    button: int = 0  # the pointer button pressed for it; 0 while it may still be a tap


class Translator:
    """Turns pygame events into inputs; keeps what is held between events."""

    def __init__(
        self,
        bindings: Bindings,
        clock: Callable[[], float],
        screen_size: Callable[[], tuple[int, int]],
    ) -> None:
        self.bindings = bindings
        self.clock = clock
        self.screen_size = screen_size
        self.last_device = Device.MOUSE
        self.controllers: dict[int, object] = {}
        self._shift = False
        self._ctrl = False
        self._alt = False
        self._fingers: dict[int, _Finger] = {}
        self._gesture: tuple[tuple[float, float], float] | None = None  # centre, spread
        self._axes: dict[str, bool] = {}
        self._held_pad: dict[str, float] = {}  # a repeating pad chord -> when it next repeats
        self.pointer_pos = (0, 0)

    # --- what a frame's events become ------------------------------------------------------

    def translate(self, event: pygame.event.Event) -> list[Input]:
        kind = event.type
        if kind in (pygame.KEYDOWN, pygame.KEYUP):
            return self._key(event, kind == pygame.KEYDOWN)
        if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return self._mouse(event)
        if kind == pygame.MOUSEWHEEL:
            if getattr(event, "touch", False):
                return []
            self.last_device = Device.MOUSE
            return [self._stamp(Kind.WHEEL, Device.MOUSE, scroll=(event.x, event.y))]
        if kind == pygame.TEXTINPUT:
            return [Input(Kind.TEXT, text=str(event.text))]
        if kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            name = _PAD_BUTTONS.get(int(event.button))
            if name is None:
                return []
            return self._pad(PAD_PREFIX + name, kind == pygame.CONTROLLERBUTTONDOWN)
        if kind == pygame.CONTROLLERAXISMOTION:
            return self._axis(int(event.axis), int(event.value))
        if kind == pygame.CONTROLLERDEVICEADDED:
            self._open_controller(int(event.device_index))
            return []
        if kind == pygame.CONTROLLERDEVICEREMOVED:
            self._close_controller(int(event.instance_id))
            return []
        if kind in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            return self._finger(event)
        if kind == pygame.WINDOWFOCUSLOST:
            self._shift = self._ctrl = self._alt = False
            self._held_pad.clear()
            return [Input(Kind.FOCUS_LOST)]
        if kind == pygame.WINDOWFOCUSGAINED:
            return [Input(Kind.FOCUS_GAINED)]
        if kind == pygame.DROPFILE:
            return [Input(Kind.DROP, text=str(event.file))]
        return []

    def tick(self) -> list[Input]:
        """What the clock raised since the last call: a still finger's long press, a held
        d-pad's repeats."""
        now = self.clock()
        raised: list[Input] = []
        if len(self._fingers) == 1:
            finger = next(iter(self._fingers.values()))
            if finger.button == 0 and now - finger.since >= LONG_PRESS:
                finger.button = SECONDARY
                raised.append(self._touch(Kind.POINTER_DOWN, finger.start, SECONDARY))
        for name, due in list(self._held_pad.items()):
            if now >= due:
                self._held_pad[name] = now + PAD_REPEAT_EVERY
                raised.append(self._pad_press(name, Kind.PRESS))
        return raised

    def due_in(self) -> float | None:
        """Seconds until ``tick`` has something to raise (None: nothing waits)."""
        now = self.clock()
        waits = [due - now for due in self._held_pad.values()]
        if len(self._fingers) == 1:
            finger = next(iter(self._fingers.values()))
            if finger.button == 0:
                waits.append(finger.since + LONG_PRESS - now)
        return max(0.0, min(waits)) if waits else None

    # --- devices ---------------------------------------------------------------------------

    def _stamp(self, kind: Kind, device: Device, **values: object) -> Input:
        return Input(
            kind,
            device=device,
            shift=self._shift,
            ctrl=self._ctrl,
            alt=self._alt,
            **values,  # type: ignore[arg-type]
        )

    def _key(self, event: pygame.event.Event, down: bool) -> list[Input]:
        key = int(event.key)
        mod = int(getattr(event, "mod", 0))
        if key in _MODIFIER_KEYS:
            if key in (pygame.K_LSHIFT, pygame.K_RSHIFT):
                self._shift = down
            elif key in (pygame.K_LALT, pygame.K_RALT):
                self._alt = down
            else:
                self._ctrl = down
        shift = bool(mod & pygame.KMOD_SHIFT) or (self._shift and key not in _MODIFIER_KEYS)
        ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META)) or (
            self._ctrl and key not in _MODIFIER_KEYS
        )
        alt = bool(mod & pygame.KMOD_ALT)
        name = _key_name(key)
        if key in _MODIFIER_KEYS:
            actions = self.bindings.actions(name)
        else:
            actions = self.bindings.actions(chord(name, ctrl=ctrl, alt=alt, shift=shift))
            if not actions and shift:
                actions = self.bindings.actions(chord(name, ctrl=ctrl, alt=alt))
        self.last_device = Device.KEYBOARD
        text = str(getattr(event, "unicode", "") or "")
        return [
            Input(
                Kind.PRESS if down else Kind.RELEASE,
                actions,
                device=Device.KEYBOARD,
                pos=self.pointer_pos,
                shift=shift,
                ctrl=ctrl,
                alt=alt,
                source=name,
                text=text if text.isprintable() else "",
                digit=_DIGITS.get(key),
            )
        ]

    def _mouse(self, event: pygame.event.Event) -> list[Input]:
        if getattr(event, "touch", False):
            return []  # SDL's copy of a finger: the finger events speak for it
        pos = (int(event.pos[0]), int(event.pos[1]))
        self.pointer_pos = pos
        if event.type == pygame.MOUSEMOTION:
            self.last_device = Device.MOUSE
            return [self._stamp(Kind.POINTER_MOVE, Device.MOUSE, pos=pos)]
        button = int(event.button)
        if button > 3:
            return []  # old wheel buttons and side buttons: the wheel event speaks for them
        self.last_device = Device.MOUSE
        mods = _mods()
        kind = Kind.POINTER_DOWN if event.type == pygame.MOUSEBUTTONDOWN else Kind.POINTER_UP
        return [
            Input(
                kind,
                device=Device.MOUSE,
                pos=pos,
                button=button,
                shift=self._shift or bool(mods & pygame.KMOD_SHIFT),
                ctrl=self._ctrl or bool(mods & (pygame.KMOD_CTRL | pygame.KMOD_META)),
                alt=self._alt,
            )
        ]

    def _pad(self, name: str, down: bool) -> list[Input]:
        self.last_device = Device.PAD
        if name in _REPEATING:
            if down:
                self._held_pad[name] = self.clock() + PAD_REPEAT_DELAY
            else:
                self._held_pad.pop(name, None)
        return [self._pad_press(name, Kind.PRESS if down else Kind.RELEASE)]

    def _pad_press(self, name: str, kind: Kind) -> Input:
        return Input(kind, self.bindings.actions(name), device=Device.PAD, source=name)

    def _axis(self, axis: int, value: int) -> list[Input]:
        """Triggers past half way are buttons; the left stick past half way is the d-pad,
        the right stick's four directions four buttons (flicks, no repeat)."""
        names: list[tuple[str, bool]] = []
        if axis == pygame.CONTROLLER_AXIS_TRIGGERLEFT:
            names.append(("pad:lefttrigger", value > _AXIS_ON))
        elif axis == pygame.CONTROLLER_AXIS_TRIGGERRIGHT:
            names.append(("pad:righttrigger", value > _AXIS_ON))
        elif axis == pygame.CONTROLLER_AXIS_LEFTX:
            names += [("pad:dpleft", value < -_AXIS_ON), ("pad:dpright", value > _AXIS_ON)]
        elif axis == pygame.CONTROLLER_AXIS_LEFTY:
            names += [("pad:dpup", value < -_AXIS_ON), ("pad:dpdown", value > _AXIS_ON)]
        elif axis == pygame.CONTROLLER_AXIS_RIGHTX:
            names += [
                ("pad:rightstickleft", value < -_AXIS_ON),
                ("pad:rightstickright", value > _AXIS_ON),
            ]
        elif axis == pygame.CONTROLLER_AXIS_RIGHTY:
            names += [
                ("pad:rightstickup", value < -_AXIS_ON),
                ("pad:rightstickdown", value > _AXIS_ON),
            ]
        inputs: list[Input] = []
        for name, on in names:
            was = self._axes.get(name, False)
            if on == was:
                continue
            if not on and abs(value) > _AXIS_OFF and not name.endswith("trigger"):
                continue  # a little hysteresis so a stick near half way does not stutter
            self._axes[name] = on
            inputs += self._pad(name, on)
        return inputs

    def _open_controller(self, index: int) -> None:
        from pygame._sdl2 import controller

        with contextlib.suppress(pygame.error, ValueError):
            if not controller.get_init():
                controller.init()
            if controller.is_controller(index):
                pad = controller.Controller(index)
                joystick = pad.as_joystick()
                self.controllers[int(joystick.get_instance_id())] = pad

    def _close_controller(self, instance: int) -> None:
        pad = self.controllers.pop(instance, None)
        quit_pad = getattr(pad, "quit", None)
        if quit_pad is not None:
            with contextlib.suppress(pygame.error):
                quit_pad()

    def _finger(self, event: pygame.event.Event) -> list[Input]:
        self.last_device = Device.TOUCH
        width, height = self.screen_size()
        pos = (round(float(event.x) * width), round(float(event.y) * height))
        finger_id = int(event.finger_id)
        now = self.clock()
        if event.type == pygame.FINGERDOWN:
            inputs: list[Input] = []
            if len(self._fingers) == 1:  # a second finger: the stroke becomes a gesture
                first = next(iter(self._fingers.values()))
                if first.button:
                    inputs.append(self._touch(Kind.POINTER_UP, first.pos, 0))
                first.button = -1
            self._fingers[finger_id] = _Finger(pos, pos, now, -1 if self._fingers else 0)
            self._gesture = self._spread() if len(self._fingers) >= 2 else None
            return inputs
        finger = self._fingers.get(finger_id)
        if finger is None:
            return []
        finger.pos = pos
        if event.type == pygame.FINGERMOTION:
            if len(self._fingers) >= 2:
                return self._pinch()
            if finger.button == 0:
                far = max(abs(pos[0] - finger.start[0]), abs(pos[1] - finger.start[1]))
                if far <= TOUCH_SLOP:
                    return []
                finger.button = PRIMARY
                return [
                    self._touch(Kind.POINTER_DOWN, finger.start, PRIMARY),
                    self._touch(Kind.POINTER_MOVE, pos, PRIMARY),
                ]
            if finger.button > 0:
                return [self._touch(Kind.POINTER_MOVE, pos, finger.button)]
            return []
        del self._fingers[finger_id]
        if len(self._fingers) < 2:
            self._gesture = None
        if finger.button == 0:  # a tap
            return [
                self._touch(Kind.POINTER_DOWN, finger.start, PRIMARY),
                self._touch(Kind.POINTER_UP, finger.start, PRIMARY),
            ]
        if finger.button > 0:
            return [self._touch(Kind.POINTER_UP, pos, finger.button)]
        return []

    def _touch(self, kind: Kind, pos: tuple[int, int], button: int) -> Input:
        self.pointer_pos = pos
        return Input(kind, device=Device.TOUCH, pos=pos, button=button)

    def _spread(self) -> tuple[tuple[float, float], float]:
        first, second = list(self._fingers.values())[:2]
        centre = ((first.pos[0] + second.pos[0]) / 2, (first.pos[1] + second.pos[1]) / 2)
        spread = math.dist(first.pos, second.pos)
        return centre, spread

    def _pinch(self) -> list[Input]:
        before = self._gesture
        now = self._spread()
        self._gesture = now
        if before is None:
            return []
        (x0, y0), spread0 = before
        (x1, y1), spread1 = now
        zoom = spread1 / spread0 - 1 if spread0 > 0 else 0.0
        centre = (round(x1), round(y1))
        return [
            Input(
                Kind.GESTURE,
                device=Device.TOUCH,
                pos=centre,
                scroll=(x1 - x0, y1 - y0),
                zoom=zoom,
            )
        ]


def _key_name(key: int) -> str:
    name = pygame.key.name(key)
    return name if name else f"key{key}"


def _mods() -> int:
    try:
        return int(pygame.key.get_mods())
    except pygame.error:
        return 0


def describe(name: str) -> str:
    """A chord as a player reads it, in the player's language: "Ctrl+Z", "Page Down" ("Strg+Z",
    "Bild ab"), a pad's button by the label printed on it ("A", "LB") or in words ("D-pad up")."""
    if name.startswith(PAD_PREFIX):
        button = name[len(PAD_PREFIX) :]
        word = _PAD_WORDS.get(button, button.title())
        return _(word) if word in _SAID else word
    if "[" in name:
        cut = name.index("[")
        parts = [part for part in name[:cut].split("+") if part] + [name[cut:]]
    elif name.endswith("+"):  # the plus key itself
        parts = [part for part in name[:-1].split("+") if part] + ["+"]
    else:
        parts = name.split("+")
    return "+".join(_key_word(part) for part in parts)


def _key_word(part: str) -> str:
    """One key of a chord: a letter as printed, a named key in the player's language."""
    if len(part) <= 1:
        return part.upper()
    word = part.title()
    return _(word) if word in _SAID else word


# The keys and the pad's buttons a player reads as words (the others are letters, digits or
# labels printed on the pad: A, B, LB, F1).
_SAID = frozenset(
    (
        N_("Ctrl"),
        N_("Shift"),
        N_("Alt"),
        N_("Escape"),
        N_("Return"),
        N_("Enter"),
        N_("Space"),
        N_("Backspace"),
        N_("Delete"),
        N_("Tab"),
        N_("Home"),
        N_("End"),
        N_("Insert"),
        N_("Page Up"),
        N_("Page Down"),
        N_("Up"),
        N_("Down"),
        N_("Left"),
        N_("Right"),
        N_("Back"),
        N_("Start"),
        N_("Guide"),
        N_("D-pad up"),
        N_("D-pad down"),
        N_("D-pad left"),
        N_("D-pad right"),
    )
)


_PAD_WORDS = {
    "a": "A",
    "b": "B",
    "x": "X",
    "y": "Y",
    "back": "Back",
    "start": "Start",
    "guide": "Guide",
    "leftshoulder": "LB",
    "rightshoulder": "RB",
    "lefttrigger": "LT",
    "righttrigger": "RT",
    "leftstick": "L3",
    "rightstick": "R3",
    # The right stick flicked one way (the arrows as printed on no pad, but short).
    "rightstickup": "RS↑",
    "rightstickdown": "RS↓",
    "rightstickleft": "RS←",
    "rightstickright": "RS→",
    "dpup": "D-pad up",
    "dpdown": "D-pad down",
    "dpleft": "D-pad left",
    "dpright": "D-pad right",
}


def controller_names() -> dict[str, int]:
    """The pad chords' buttons, for tests and tools posting pad events."""
    return {name: button for button, name in _PAD_BUTTONS.items()}


def open_controllers() -> None:
    """Start SDL's game controller support: pads plugged in now and later arrive as
    CONTROLLERDEVICEADDED events, which open them (``Translator``)."""
    from pygame._sdl2 import controller

    with contextlib.suppress(pygame.error):
        controller.init()
