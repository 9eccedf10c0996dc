"""When the window needs drawing, and how long the real loop may sleep until then.

Drawing a still menu 60 times a second cost a third of a core on a desktop and nearly a
whole one under a software X server. So the app draws a frame only when something changed
(an event, a scene switch, a toast) or a scene on screen said it would be due by now
(``Scene.wake_in``), and between frames ``wait_for_events`` sleeps in SDL until an event
arrives or the next scene is due. A scene that animates is due at once, every frame, and
the loop runs at the usual frame rate.
"""

from __future__ import annotations

import time

import pygame

# The longest the loop sleeps without an event. Nothing is drawn when it wakes with nothing
# due; a scene that forgot to say it has work under way still gets ``update`` twice a second.
IDLE_WAKE = 0.5
# A wake-up a millisecond early (timer granularity) counts as on time rather than costing a
# second frame straight after.
EARLY = 0.001
# How often a sleeping loop looks for events (see ``wait_for_events``).
POLL_SECONDS = 0.02


class FramePacer:
    """Whether the next frame must be drawn (``dirty``, or a scene due by ``due_at`` on the
    app's frame time) and how long the loop may wait for it."""

    def __init__(self) -> None:
        self.dirty = True  # the first frame is always drawn
        self.due_at: float | None = None

    def mark(self) -> None:
        """Something on screen changed: draw the next frame."""
        self.dirty = True

    def needs_draw(self, now: float) -> bool:
        return self.dirty or (self.due_at is not None and now >= self.due_at - EARLY)

    def drawn(self) -> None:
        self.dirty = False

    def schedule(self, now: float, wake: float | None) -> None:
        """After a frame: the scenes on screen are next due in ``wake`` seconds (0: at once,
        they animate; None: only an event changes them)."""
        self.due_at = None if wake is None else now + max(0.0, wake)

    def wait(self, now: float) -> float:
        """Seconds the loop may sleep waiting for an event before the next frame (0: none)."""
        if self.needs_draw(now):
            return 0.0
        if self.due_at is None:
            return IDLE_WAKE
        return max(0.0, min(IDLE_WAKE, self.due_at - now))


def wait_for_events(seconds: float) -> list[pygame.event.Event]:
    """The events that arrive within ``seconds``: at once the ones already queued (also for
    0), else the first batch to come, or none when the time is up.

    Not ``pygame.event.wait``: pygame-ce waits by polling SDL every millisecond, which cost 2%
    of a core doing nothing. Polling every ``POLL_SECONDS`` in a sleep costs a quarter of
    that, and delays only the first event after a still spell, by less than a frame."""
    deadline = time.perf_counter() + seconds
    while True:
        events = pygame.event.get()
        left = deadline - time.perf_counter()
        if events or left <= 0:
            return events
        time.sleep(min(POLL_SECONDS, left))
