"""Issue 47: what the game's start made is kept out of the garbage collector's full passes
(``App.settle``, before the first frame): a full pass walked the start's 32,000 objects in
10-16 ms, in the middle of a frame now and then. The garbage made so far is collected first,
not kept."""

from __future__ import annotations

import gc
import weakref

from game.ui.app import App
from game.ui.window import quit_display


class _Node:
    other: object = None


def test_settle_freezes_what_lives_and_collects_the_garbage_first() -> None:
    was_enabled = gc.isenabled()
    gc.disable()  # so the cycle below is not collected before settle looks at it
    gc.unfreeze()
    app = App(headless=True)
    try:
        first, second = _Node(), _Node()
        first.other, second.other = second, first  # garbage only a full pass finds
        gone = weakref.ref(first)
        del first, second
        assert gone() is not None
        app.settle()
        assert gone() is None  # collected, not frozen with the rest
        # The start's objects (modules, fonts, the store) are out of the collector's passes.
        assert gc.get_freeze_count() > 10_000
        assert gc.get_count()[2] == 0
    finally:
        gc.unfreeze()
        if was_enabled:
            gc.enable()
        quit_display()
