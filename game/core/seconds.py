"""Play time as the game keeps it: a finite number of seconds, never more than a century."""

from __future__ import annotations

from typing import TypeGuard

# No game lasts a century; a bigger time in a file is damage, not a record.
MAX_SECONDS = 100 * 365 * 24 * 3600


def is_seconds(value: object) -> TypeGuard[int | float]:
    """Whether ``value`` is a time the game can hold: a finite number of seconds, at least
    zero and at most :data:`MAX_SECONDS`. Compares before converting, so a JSON integer with
    hundreds of digits is refused instead of overflowing ``float()``; NaN fails both bounds."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return 0 <= value <= MAX_SECONDS
