"""The input layer (issue 45): pygame's events in, the game's actions out; bindings remapped
and kept; only the input layer reads pygame's event constants."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game.ui.input import Action, Device, Kind
from game.ui.input import synthetic as fake
from game.ui.input.bindings import Bindings, is_binding_table
from game.ui.input.translate import LONG_PRESS, PAD_REPEAT_DELAY, Translator, describe

SIZE = (1000, 800)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def translator(clock: Clock) -> Translator:
    pygame.display.init()
    return Translator(Bindings.default(), clock, lambda: SIZE)


def test_keys_carry_their_actions_and_shift_falls_back(translator: Translator) -> None:
    (press,) = translator.translate(fake.key("z", up=False)[0])
    assert press.kind is Kind.PRESS and Action.FILL in press.actions and press.source == "z"
    (undo,) = translator.translate(fake.key("ctrl+z", up=False)[0])
    assert undo.actions == frozenset({Action.UNDO})  # Ctrl+Z is not a fill
    (redo,) = translator.translate(fake.key("ctrl+shift+z", up=False)[0])
    assert redo.actions == frozenset({Action.REDO})
    (back_tab,) = translator.translate(fake.key("shift+tab", up=False)[0])
    assert Action.FOCUS_PREVIOUS in back_tab.actions and Action.FOCUS_NEXT not in back_tab.actions
    (painting,) = translator.translate(fake.key("shift+right", up=False)[0])
    assert Action.RIGHT in painting.actions and painting.shift  # no binding of its own
    (digit,) = translator.translate(fake.key("[3]", up=False)[0])
    assert digit.digit == 3
    (release,) = translator.translate(fake.key("z", down=False)[0])
    assert release.kind is Kind.RELEASE and release.source == "z"
    assert translator.last_device is Device.KEYBOARD


def test_a_rebound_action_leaves_its_old_key_and_the_settings_keep_only_the_change() -> None:
    bindings = Bindings.default().rebound(Action.FILL, "f")
    assert "f" in bindings.keys_of(Action.FILL) and "z" not in bindings.keys_of(Action.FILL)
    assert bindings.pad_of(Action.FILL) == ("pad:a",)  # the pad keeps its button
    taken = Bindings.default().rebound(Action.CROSS, "z")  # z was FILL's: FILL lets go of it
    assert Action.CROSS in taken.actions("z") and Action.FILL not in taken.actions("z")
    stored = bindings.overrides()
    assert is_binding_table(stored) and set(stored) == {"fill"}
    assert Bindings.with_overrides(stored) == bindings
    # A hand-edited file: unknown action names are dropped, bad shapes refused.
    assert Bindings.with_overrides({"no such": ["x"]}) == Bindings.default()
    assert not is_binding_table({"fill": "z"})
    assert describe("ctrl+shift+z") == "Ctrl+Shift+Z" and describe("pad:rightshoulder") == "RB"


def test_pad_buttons_triggers_and_a_held_dpad_repeat(translator: Translator, clock: Clock) -> None:
    (press,) = translator.translate(fake.pad("a", up=False)[0])
    assert press.device is Device.PAD and {Action.FILL, Action.CONFIRM} <= press.actions
    assert translator.last_device is Device.PAD
    (zoom,) = translator.translate(fake.pad_trigger(right=True, pulled=True))
    assert Action.ZOOM_IN in zoom.actions
    assert translator.translate(fake.pad_trigger(right=True, pulled=True)) == []  # still held
    (down,) = translator.translate(fake.pad("dpright", up=False)[0])
    assert Action.RIGHT in down.actions
    assert translator.tick() == []
    clock.now += PAD_REPEAT_DELAY + 0.01
    (repeat,) = translator.tick()
    assert repeat.kind is Kind.PRESS and Action.RIGHT in repeat.actions
    translator.translate(fake.pad("dpright", down=False)[0])
    clock.now += 1.0
    assert translator.tick() == []


def test_a_tap_a_drag_a_long_press_and_two_fingers(translator: Translator, clock: Clock) -> None:
    def finger(kind: str, ident: int, pos: tuple[int, int]) -> list[tuple[Kind, int]]:
        return [
            (i.kind, i.button) for i in translator.translate(fake.finger(kind, ident, pos, SIZE))
        ]

    assert finger("down", 1, (100, 100)) == []  # a tap or a drag: not known yet
    assert finger("up", 1, (101, 100)) == [(Kind.POINTER_DOWN, 1), (Kind.POINTER_UP, 1)]
    finger("down", 1, (100, 100))
    assert finger("move", 1, (160, 100)) == [(Kind.POINTER_DOWN, 1), (Kind.POINTER_MOVE, 1)]
    assert finger("up", 1, (200, 100)) == [(Kind.POINTER_UP, 1)]
    finger("down", 1, (300, 300))
    clock.now += LONG_PRESS + 0.01
    assert [(i.kind, i.button) for i in translator.tick()] == [(Kind.POINTER_DOWN, 3)]
    assert finger("up", 1, (300, 300)) == [(Kind.POINTER_UP, 3)]  # a cross
    finger("down", 1, (400, 400))
    finger("move", 1, (450, 400))  # a stroke under way...
    assert finger("down", 2, (500, 400)) == [(Kind.POINTER_UP, 0)]  # ...called off
    (pinch,) = translator.translate(fake.finger("move", 2, (550, 400), SIZE))
    assert pinch.kind is Kind.GESTURE and pinch.zoom == pytest.approx(1.0)  # spread 50 -> 100
    assert pinch.scroll == pytest.approx((25.0, 0.0))
    assert finger("up", 2, (550, 400)) == [] and finger("up", 1, (450, 400)) == []
    assert translator.last_device is Device.TOUCH
    # SDL's mouse copy of a finger is dropped.
    copy = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1, touch=True)
    assert translator.translate(copy) == []


def test_only_the_input_layer_reads_pygame_event_constants() -> None:
    """The issue's measure: modules of game/ui naming raw device events (at most 3)."""
    pattern = re.compile(
        r"pygame\.(KEYDOWN|KEYUP|MOUSEBUTTONDOWN|MOUSEMOTION|FINGERDOWN|CONTROLLERBUTTONDOWN"
        r"|JOYBUTTONDOWN)"
    )
    ui = Path(__file__).resolve().parents[2] / "game" / "ui"
    readers = sorted(
        str(path.relative_to(ui)) for path in ui.rglob("*.py") if pattern.search(path.read_text())
    )
    assert readers == ["input/synthetic.py", "input/translate.py"]
