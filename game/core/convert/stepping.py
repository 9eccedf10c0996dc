"""Work done a step at a time, and what a picture's steps worked out, remembered.

The converter's work on a photo (its saliency, its small subject, its face, its palette) is
written as generators that yield between steps of a few milliseconds, so a screen can spread
it over frames (``benchmarks/frame_time.py``); a command or a test runs the same steps to
their end with :func:`run_steps`. What depends only on the picture (not on the settings) is
kept by :class:`PerPicture` for the last few pictures: the opening works it out a step at a
time, and each later frame or grid size asks again for free.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Generic, TypeVar

T = TypeVar("T")

Steps = Generator[None, None, T]


def run_steps(steps: Steps[T]) -> T:
    """Run a step generator to its end: what it returns."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            value: T = done.value
            return value


class PerPicture(Generic[T]):
    """One value per picture, kept for the ``keep`` pictures asked about last. The key is
    the picture's array (or image) object itself: the same object is the same picture, and
    an array is never hashed or compared by value (a photo's pixels are 1 MB)."""

    def __init__(self, keep: int = 4) -> None:
        self.keep = keep
        self._seen: list[tuple[object, T]] = []

    def steps(self, picture: object, make: Callable[[], Steps[T]]) -> Steps[T]:
        """The value for ``picture``: remembered, or worked out by ``make()``'s steps."""
        for seen, value in self._seen:
            if seen is picture:
                return value
        value = yield from make()
        self._keep(picture, value)
        return value

    def get(self, picture: object, make: Callable[[], Steps[T]]) -> T:
        """:meth:`steps` run to the end."""
        return run_steps(self.steps(picture, make))

    def value(self, picture: object, make: Callable[[], T]) -> T:
        """The value for ``picture``: remembered, or ``make()`` (one step of work)."""
        for seen, value in self._seen:
            if seen is picture:
                return value
        value = make()
        self._keep(picture, value)
        return value

    def _keep(self, picture: object, value: T) -> None:
        self._seen = [(picture, value), *self._seen[: self.keep - 1]]
