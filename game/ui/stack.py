"""The scene stack: which screens are open, the top one first, and the switches between them.

A switch (push, pop, replace, pop to a kind) is queued and applied between frames
(:meth:`SceneStack.apply_switches`), so a scene never changes the stack under its own feet
in the middle of handling an event. Only the scene leaving the top gets ``on_exit`` and only
the one arriving ``on_enter``; a scene shown for the first time is arranged for the window
first. What a screen may count on is written down in :mod:`game.ui.scene`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeVar

from game.ui.scene import Scene
from game.ui.widgets.base import FocusGroup

SceneT = TypeVar("SceneT", bound=Scene)


@dataclass(frozen=True)
class _Switch:
    kind: Literal["push", "pop", "replace", "pop_to"]
    scene: Scene | None = None


class SceneStack:
    """The open screens (``scenes``, the top last) and the queued switches. The app that
    extends it says the window's size and whether the last input was a key."""

    keyboard_last: bool

    @property
    def screen_size(self) -> tuple[int, int]:
        """The window's size, which a scene shown for the first time is arranged for."""
        raise NotImplementedError

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self._switches: list[_Switch] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def scene_below(self, scene: Scene) -> Scene | None:
        """The scene under ``scene`` on the stack (the top when ``scene`` is not on it)."""
        if scene in self.scenes:
            index = self.scenes.index(scene)
            return self.scenes[index - 1] if index > 0 else None
        return self.top

    def find(self, kind: type[SceneT]) -> SceneT | None:
        """The scene nearest the top that is a ``kind``, or None."""
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def push(self, scene: Scene) -> None:
        self._switches.append(_Switch("push", scene))

    def pop(self) -> None:
        self._switches.append(_Switch("pop"))

    def replace(self, scene: Scene) -> None:
        self._switches.append(_Switch("replace", scene))

    def pop_to(self, kind: type[Scene]) -> bool:
        """Pop every scene above the nearest ``kind`` on the stack, so it is the top again;
        False (and nothing changes) when there is none. Deferred like every switch; the
        scenes popped on the way never become the top, so only the current top gets
        ``on_exit`` and only the found scene ``on_enter``."""
        target = self.find(kind)
        if target is None:
            return False
        self._switches.append(_Switch("pop_to", target))
        return True

    def _show(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.arrange(self.screen_size)
        self._enter(scene)

    def _enter(self, scene: Scene) -> None:
        """``on_enter``; a screen reached by a key shows its keyboard focus at once (QA:
        Options opened with Enter had Sound focused, unseen, and Space toggled it)."""
        scene.on_enter()
        focus = getattr(scene, "focus", None)
        if self.keyboard_last and isinstance(focus, FocusGroup):
            focus.show_focus = True

    def apply_switches(self) -> bool:
        """Apply the queued switches; True when there were any."""
        switched = bool(self._switches)
        while self._switches:
            switch = self._switches.pop(0)
            scene = switch.scene
            old = self.top
            if switch.kind == "push" and scene is not None:
                if old is not None:
                    old.on_exit()
                self._show(scene)
            elif switch.kind == "pop" and old is not None:
                old.on_exit()
                self.scenes.pop()
                if self.top is not None:
                    self._enter(self.top)
            elif switch.kind == "replace" and scene is not None:
                if old is not None:
                    old.on_exit()
                    self.scenes.pop()
                self._show(scene)
            elif switch.kind == "pop_to" and scene in self.scenes and old is not scene:
                if old is not None:
                    old.on_exit()
                del self.scenes[self.scenes.index(scene) + 1 :]
                self._enter(scene)
        return switched
