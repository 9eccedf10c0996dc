"""The uniqueness check an editing screen runs as the player works (converter, clue editor).

It starts a pause after the last change, so a slider drag or a run of typing does not start
(and throw away) a check on every frame; it then gets ``CHECK_SLICE`` seconds of solver work a
frame; and "Keep checking" runs it again with ``LONGER`` times its limits when it ran out of
work, once (``MAX_SCALE``). Each screen builds the check itself (its own puzzle and
limits), through ``start``, with :func:`screen_check`.

The limits count engine work (lines looked at), not seconds, as the commands' do: the screen
gives the same verdict on a loaded machine as on an idle one, and every check ends within a known
amount of work, which its progress (:attr:`PacedCheck.progress`) counts. With seconds, the time the
engine's clock did not see (a busy machine, the observers, the collector) stretched a check
without bound on screen, and a busy moment made it "not decided in time" and sent the player
to "Keep checking", whose four times the limits then ran minutes with only "Checking…" shown
(issue 35).
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.create.fairness import CheckProgress, Clock, Report, UniquenessCheck
from game.core.create.free_cells import WORK_PER_SECOND
from game.core.puzzle import Puzzle

# Seconds of solver work per frame: small enough to keep 60 frames a second.
CHECK_SLICE = 0.006
# "Keep checking" gives a check that ran out of work this many times its limits, once: four
# times the work is already a minute or more of "Checking…" on screen on a slow picture, and a
# second press (16 times) was several minutes; past it the report stays "not decided".
LONGER = 4.0
MAX_SCALE = LONGER


def screen_check(
    puzzle: Puzzle,
    check_seconds: float,
    free_seconds: float,
    scale: float = 1.0,
    *,
    clock: Clock | None = None,
) -> UniquenessCheck:
    """A screen's check of ``puzzle``: ``check_seconds`` of engine work for two solutions and
    ``free_seconds`` for the free cells, each times ``scale``, counted in engine work
    (:data:`~game.core.create.free_cells.WORK_PER_SECOND`); ``clock`` (the check's own
    default when None) only times slices and the report."""
    timing = {} if clock is None else {"clock": clock}
    return UniquenessCheck(
        puzzle,
        check_seconds * scale,
        free_time_limit=free_seconds * scale,
        work_limit=int(check_seconds * scale * WORK_PER_SECOND),
        free_work_limit=int(free_seconds * scale * WORK_PER_SECOND),
        **timing,
    )


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

    @property
    def can_go_longer(self) -> bool:
        """The last check ran out of work and "Keep checking" may still raise its limits."""
        return self.undecided and self.limit_scale * LONGER <= MAX_SCALE

    @property
    def progress(self) -> CheckProgress | None:
        """How far the check is (nothing done yet during the pause); None once it is done."""
        if self.report is not None:
            return None
        return self.check.progress if self.check is not None else CheckProgress("second", 0.0)

    def longer(self) -> bool:
        """Check again at once with longer limits; False (nothing done) unless the last
        check ran out of work and the limits are below ``MAX_SCALE``."""
        if not self.can_go_longer:
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
        scale; building it is the frame's work: a 50x50 puzzle's overlap and effort meter
        took 10-14 ms) and from the next frame give it a slice a frame. Returns the check on
        the frame its report comes in."""
        if self.report is not None:
            return None
        if self.check is None:
            self.wait -= dt
            if self.wait > 0:
                return None
            self.check = start(self.limit_scale)
            return None
        if not self.check.advance(CHECK_SLICE):
            return None
        done = self.check
        self.report = done.report
        self.check = None
        return done
