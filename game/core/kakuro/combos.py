"""The arithmetic of Kakuro runs: which sets of distinct digits make a sum, and what is left.

A set of digits is a *mask*: bit ``d`` (``1 << d``) stands for digit ``d``, 1 to 9, so the
nine digits are :data:`ALL_DIGITS` (``0b1111111110``). Every table here is built once, at
import, from the 511 non-empty subsets of 1..9:

- :func:`combinations` ``(total, length)``: the digit sets of ``length`` distinct digits
  adding up to ``total`` (7 in three cells: only ``{1, 2, 4}``);
- :func:`possible_digits` ``(total, length)``: the digits that appear in one of them (the
  seed thesis's table ``mat``, as a mask);
- :func:`run_options`: the exact reasoning about one run given each cell's candidates, what
  the solver, the hints and the "combinations still possible" panel all use.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from game.core.i18n import N_, _

DIGITS = range(1, 10)
ALL_DIGITS = sum(1 << digit for digit in DIGITS)
MAX_RUN = 9
MAX_TOTAL = 45

# In words in the player's language (a run's cells: "in three cells").
_NUMBER_WORDS = (N_("zero"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"),
                 N_("six"), N_("seven"), N_("eight"), N_("nine"))  # fmt: skip


def bit(digit: int) -> int:
    return 1 << digit


def digits_of(mask: int) -> tuple[int, ...]:
    """The digits of a mask, smallest first."""
    return tuple(digit for digit in DIGITS if mask >> digit & 1)


def mask_of(digits: Sequence[int]) -> int:
    mask = 0
    for digit in digits:
        mask |= 1 << digit
    return mask


def single_digit(mask: int) -> int:
    """The digit of a one-digit mask, 0 when the mask holds none or several."""
    if mask and not mask & (mask - 1):
        return mask.bit_length() - 1
    return 0


def count_of(mask: int) -> int:
    return mask.bit_count()


def number_word(count: int) -> str:
    return _(_NUMBER_WORDS[count]) if 0 <= count < len(_NUMBER_WORDS) else str(count)


def _build() -> dict[tuple[int, int], tuple[int, ...]]:
    table: dict[tuple[int, int], list[int]] = {}
    for mask in range(2, ALL_DIGITS + 1, 2):  # bit 0 is never a digit
        if mask & ~ALL_DIGITS:
            continue
        digits = digits_of(mask)
        table.setdefault((sum(digits), len(digits)), []).append(mask)
    # Sorted by the digits they hold, so every listing is in the same order everywhere.
    return {key: tuple(sorted(masks, key=digits_of)) for key, masks in table.items()}


_COMBINATIONS = _build()


def combinations(total: int, length: int) -> tuple[int, ...]:
    """The digit sets (masks) of ``length`` distinct digits that add up to ``total``."""
    return _COMBINATIONS.get((total, length), ())


def possible_digits(total: int, length: int) -> int:
    """The mask of digits that appear in some combination of ``length`` digits for ``total``."""
    union = 0
    for mask in combinations(total, length):
        union |= mask
    return union


def total_range(length: int) -> tuple[int, int]:
    """The smallest and largest sum a run of ``length`` distinct digits can have."""
    return length * (length + 1) // 2, sum(range(10 - length, 10))


def combination_text(mask: int) -> str:
    """``1+2+4``."""
    return "+".join(map(str, digits_of(mask)))


# The layers of the run reasoning are sets of used-digit masks held as one big integer each:
# bit ``m`` of a layer says the used-digit set ``m`` (a mask below 1024) is reachable. Adding
# digit ``d`` to every set without it is then one shift by ``1 << d`` of the sets that lack
# it, so a whole layer moves in a few big-integer operations instead of one set at a time.
_SET_BITS = 1 << (ALL_DIGITS + 1)
_WITHOUT = tuple(
    sum(1 << mask for mask in range(_SET_BITS.bit_length() - 1) if not mask >> digit & 1)
    for digit in range(10)
)
_COMBO_SETS = {key: sum(1 << mask for mask in masks) for key, masks in _COMBINATIONS.items()}
_ORDER = {mask: digits_of(mask) for masks in _COMBINATIONS.values() for mask in masks}


@lru_cache(maxsize=65_536)
def run_options(total: int, candidates: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Exact reasoning about one run: ``(supported, combos)``.

    ``candidates`` holds each cell's mask of digits still possible (a placed digit is a
    one-digit mask). ``supported[i]`` is the mask of the digits cell ``i`` takes in at least
    one way to fill the run with distinct digits adding up to ``total``; ``combos`` are the
    digit sets those ways use. An empty ``combos`` means the run cannot be completed.

    The ways are counted through layers of used-digit sets, never by trying permutations:
    forward, the sets reachable after each cell; back from the complete sets that are
    combinations, the sets that can still end in one. A digit is supported in a cell when it
    leads from a reachable set to a set that can still end well. The answer is cached, as
    the same run states come back again and again in a search.
    """
    length = len(candidates)
    wanted = _COMBO_SETS.get((total, length), 0)
    nothing = tuple(0 for _ in candidates)
    if not wanted:
        return nothing, ()
    allowed = possible_digits(total, length)
    cells = [mask & allowed for mask in candidates]
    forward = _forward_layers(cells)
    if not forward:
        return nothing, ()
    alive = forward[-1] & wanted
    if not alive:
        return nothing, ()
    return _walk_back(forward, cells, alive)


def _forward_layers(cells: list[int]) -> list[int]:
    """The used-digit sets reachable after each cell (the empty set before the first), or
    an empty list when some cell can take no digit at all."""
    forward = [1]  # the empty set only
    for cell in cells:
        layer = 0
        before = forward[-1]
        free = cell
        while free:
            low = free & -free
            free ^= low
            layer |= (before & _WITHOUT[low.bit_length() - 1]) << low
        if not layer:
            return []
        forward.append(layer)
    return forward


def _walk_back(
    forward: list[int], cells: list[int], alive: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """From ``alive`` (the complete sets that are wanted combinations) back to the start:
    each cell's digits on some way to one of them, and those combinations in digit order."""
    reached_bits = alive
    supported = [0] * len(cells)
    for index in range(len(cells) - 1, -1, -1):
        reachable = forward[index]
        back = 0
        free = cells[index]
        while free:
            low = free & -free
            free ^= low
            hits = (reachable & _WITHOUT[low.bit_length() - 1]) & (alive >> low)
            if hits:
                supported[index] |= low
                back |= hits
        alive = back
    reached: list[int] = []
    while reached_bits:
        low = reached_bits & -reached_bits
        reached_bits ^= low
        reached.append(low.bit_length() - 1)
    reached.sort(key=_ORDER.__getitem__)
    return tuple(supported), tuple(reached)


@lru_cache(maxsize=16_384)
def run_options_by_total(
    candidates: tuple[int, ...],
) -> tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]:
    """:func:`run_options` for every sum a run of these cells could have at once:
    ``(total, supported, combos)`` for each total with at least one way to fill the run.

    The forward layers do not depend on the sum (a way that ends in a combination only ever
    used that combination's digits), so they are built once and each sum only walks back;
    a sum none of whose combinations is reached costs one AND. The generator asks this when
    it weighs every sum a run could take.
    """
    length = len(candidates)
    cells = [cell & ALL_DIGITS for cell in candidates]
    forward = _forward_layers(cells)
    if not forward:
        return ()
    low_total, high_total = total_range(length)
    found: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
    for total in range(low_total, high_total + 1):
        alive = forward[-1] & _COMBO_SETS.get((total, length), 0)
        if alive:
            supported, reached = _walk_back(forward, cells, alive)
            found.append((total, supported, reached))
    return tuple(found)
