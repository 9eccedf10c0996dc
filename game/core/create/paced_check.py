"""The uniqueness check an editing screen runs as the player works (converter, clue editor).

It starts a pause after the last change, so a slider drag or a run of typing does not start
(and throw away) a check on every frame; it then gets ``CHECK_SLICE`` seconds of solver work a
frame; and "Keep checking" runs it again with ``LONGER`` times its limits when it ran out of
time. Each screen builds the check itself (its own puzzle and limits), through ``start``.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.create.fairness import Report, UniquenessCheck

# Seconds of solver work per frame: small enough to keep 60 frames a second.
CHECK_SLICE = 0.006
# "Keep checking" gives a check that ran out of time this many times its limits, each press.
LONGER = 4.0


class PacedCheck:
    """One screen's current check: its pause, its limits' scale and its report."""

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.check: UniquenessCheck | None = None
        self.wait = 0.0
        self.report: Report | None = None
        self.limit_scale = 1.0  # raised by "Keep checking", back to 1 on a change

    def restart(self) -> None:
        """The puzzle changed: forget the report and check again after the pause."""
        if self.check is not None:
            self.check.cancel()
        self.check = None
        self.report = None
        self.wait = self.delay
        self.limit_scale = 1.0

    @property
    def undecided(self) -> bool:
        return self.report is not None and self.report.status == "unknown"

    def longer(self) -> bool:
        """Check again at once with longer limits; False (nothing done) unless the last
        check ran out of time."""
        if not self.undecided:
            return False
        self.limit_scale *= LONGER
        self.report = None
        self.check = None
        self.wait = 0.0
        return True

    def advance(
        self, dt: float, start: Callable[[float], UniquenessCheck]
    ) -> UniquenessCheck | None:
        """One frame: count the pause down, then start the check (``start`` gets the limits'
        scale) and give it a slice. Returns the check on the frame its report comes in."""
        if self.report is not None:
            return None
        if self.check is None:
            self.wait -= dt
            if self.wait > 0:
                return None
            self.check = start(self.limit_scale)
        if not self.check.advance(CHECK_SLICE):
            return None
        done = self.check
        self.report = done.report
        self.check = None
        return done
