"""pygame events made up for the game: screenshots, tests and drivers that play it by posting
what a keyboard, a mouse, a pad or a finger would send (``app.feed`` takes them, or
``pygame.event.post``). The other half of the input layer: only these two modules build or
read pygame's event constants."""

from __future__ import annotations

import time

import pygame

from game.ui.input.bindings import Bindings
from game.ui.input.event import Input
from game.ui.input.translate import Translator, controller_names

_MOD_BITS = {"ctrl": pygame.KMOD_LCTRL, "shift": pygame.KMOD_LSHIFT, "alt": pygame.KMOD_LALT}


def key(name: str, *, down: bool = True, up: bool = True) -> list[pygame.event.Event]:
    """A key pressed and let go: ``name`` a chord as bindings spell it ("h", "ctrl+z",
    "escape", "left shift")."""
    if "[" in name:  # a keypad key ("[+]", "ctrl+[0]")
        cut = name.index("[")
        mods, key_name = [part for part in name[:cut].split("+") if part], name[cut:]
    elif name.endswith("+"):  # the plus key itself, maybe with modifiers before it
        mods, key_name = [part for part in name[:-1].split("+") if part], "+"
    else:
        *mods, key_name = name.split("+")
    mod = 0
    for part in mods:
        mod |= _MOD_BITS[part]
    code = pygame.key.key_code(key_name)
    text = key_name if len(key_name) == 1 and not mod & pygame.KMOD_CTRL else ""
    text = " " if key_name == "space" else text
    if text and mod & pygame.KMOD_SHIFT:
        text = text.upper()
    events = []
    if down:
        events.append(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=text))
    if up:
        events.append(pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode=text))
    return events


def typed(text: str) -> list[pygame.event.Event]:
    """What an input method sends for ``text``."""
    return [pygame.event.Event(pygame.TEXTINPUT, text=text)]


def move(pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)


def button(pos: tuple[int, int], number: int = 1, *, down: bool) -> pygame.event.Event:
    kind = pygame.MOUSEBUTTONDOWN if down else pygame.MOUSEBUTTONUP
    return pygame.event.Event(kind, pos=pos, button=number)


def click(pos: tuple[int, int], number: int = 1) -> list[pygame.event.Event]:
    """The pointer moved there, pressed and let go."""
    return [move(pos), button(pos, number, down=True), button(pos, number, down=False)]


def wheel(notches: int, across: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEWHEEL, x=across, y=notches, flipped=False)


def focus(gained: bool) -> pygame.event.Event:
    return pygame.event.Event(pygame.WINDOWFOCUSGAINED if gained else pygame.WINDOWFOCUSLOST)


def drop(path: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.DROPFILE, file=path)


def pad(name: str, *, down: bool = True, up: bool = True) -> list[pygame.event.Event]:
    """A game controller's button ("a", "dpup", "start"...) pressed and let go."""
    number = controller_names()[name]
    events = []
    if down:
        events.append(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=number))
    if up:
        events.append(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=0, button=number))
    return events


def pad_trigger(right: bool, pulled: bool) -> pygame.event.Event:
    axis = pygame.CONTROLLER_AXIS_TRIGGERRIGHT if right else pygame.CONTROLLER_AXIS_TRIGGERLEFT
    return pygame.event.Event(
        pygame.CONTROLLERAXISMOTION, instance_id=0, axis=axis, value=32767 if pulled else 0
    )


def pad_stick(direction: str, pushed: bool) -> pygame.event.Event:
    """The right stick pushed all the way ``"up"``, ``"down"``, ``"left"`` or ``"right"``,
    or let back to the middle."""
    axis = (
        pygame.CONTROLLER_AXIS_RIGHTY
        if direction in ("up", "down")
        else pygame.CONTROLLER_AXIS_RIGHTX
    )
    value = (-32768 if direction in ("up", "left") else 32767) if pushed else 0
    return pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=axis, value=value)


def pad_flick(direction: str) -> list[pygame.event.Event]:
    """The right stick flicked ``direction`` and let go."""
    return [pad_stick(direction, True), pad_stick(direction, False)]


def finger(
    kind: str, finger_id: int, pos: tuple[int, int], size: tuple[int, int]
) -> pygame.event.Event:
    """A finger going ``"down"``, ``"move"`` or ``"up"`` at pixel ``pos`` of a window of
    ``size`` (finger events carry the position as a share of the window)."""
    types = {"down": pygame.FINGERDOWN, "move": pygame.FINGERMOTION, "up": pygame.FINGERUP}
    return pygame.event.Event(
        types[kind],
        touch_id=1,
        finger_id=finger_id,
        x=pos[0] / size[0],
        y=pos[1] / size[1],
        dx=0.0,
        dy=0.0,
        pressure=1.0,
    )


def translated(event: pygame.event.Event) -> list[Input]:
    """What the default bindings make of ``event`` (for handing a widget or a scene inputs
    directly, without an app's frame)."""
    return _TRANSLATOR.translate(event)


_TRANSLATOR = Translator(Bindings.default(), time.monotonic, lambda: (1280, 800))


def pressed(name: str) -> Input:
    """The input a press of the key chord ``name`` makes under the default bindings."""
    return translated(key(name, up=False)[0])[0]
