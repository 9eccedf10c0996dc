"""Learned rules ("nogoods"): sets of cell values that cannot all hold, watched cheaply.

A nogood is a list of trail entries (``cell index * 4 + code``, codes 1 filled and 2 empty):
the grid may never hold all of them at once. A nogood with every entry but one holding forces
that last cell the other way; one with every entry holding is a contradiction.

Checking every nogood on every change would cost more than it saves, so each nogood watches
two of its entries that do not hold (the two-watched-literal scheme of SAT solvers): only
when a watched entry comes to hold does the nogood look for another entry to watch, and only
when it finds none does it force a cell or report a contradiction. Undoing cells never breaks
a watch, so backtracking costs the store nothing.

The store is bounded: learned nogoods carry an activity, bumped when one helps explain a
contradiction and aged (every bump weighs a little more than the last), and when the store
passes its limit the least active half is dropped. Nogoods that shut out a counted solution
(``permanent``) are never dropped: the solution count depends on them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

# Learned nogoods kept before the first clean-up, and how the limit grows after each.
FIRST_LIMIT = 2000
LIMIT_GROWTH = 1.1
# Activity growth per conflict (the aging: recent help counts more than old help).
ACTIVITY_GROWTH = 1.0 / 0.999
_RESCALE_ABOVE = 1e100

# Entries are ``index << 2 | code``: the hot loop below writes ``>> 2`` and ``& 3`` as
# literals (a module constant costs a global look-up per use there).


class Nogood:
    """One rule; ``entries[0]`` and ``entries[1]`` are its watched entries."""

    __slots__ = ("activity", "dropped", "entries", "permanent")

    def __init__(self, entries: list[int], permanent: bool) -> None:
        self.entries = entries
        self.permanent = permanent
        self.activity = 0.0
        # Forgotten: its watch lists let go of it the next time they are read.
        self.dropped = False


# Sets a cell: (entry to set, the nogood that forces it).
Assign = Callable[[int, Nogood], None]


class RuleStore(Protocol):
    """What the engine asks of a nogood store: this module's :class:`NogoodStore`, or the
    compiled kernel's twin (``_kernel_store.h``), whose nogoods are numbers (ids) instead of
    :class:`Nogood` objects. A nogood handed out by ``add`` is only given back to its store."""

    head: int

    @property
    def learned(self) -> int: ...

    @property
    def forgotten(self) -> int: ...

    def __len__(self) -> int: ...

    def add(self, entries: list[int], permanent: bool) -> Any: ...

    def undo_to(self, length: int) -> None: ...

    def bump(self, nogood: Any) -> None: ...

    def age(self) -> None: ...

    def over_limit(self) -> bool: ...

    def reduce(self) -> int: ...

    def set_rule(self, index: int, nogood: Any) -> None: ...

    def size(self, nogood: Any) -> int: ...

    def entries(self, nogood: Any) -> list[int]: ...

    def rules(self) -> list[tuple[tuple[int, ...], float]]: ...


class NogoodStore:
    """The learned nogoods of one solve and their watch lists.

    ``cells`` is the engine's flat grid (one byte a cell: 0 unknown, else the code), read
    live; ``trail`` the engine's trail, also live. ``rule`` names the nogood that set each
    cell it forced (None for a fact of one cell).
    """

    def __init__(self, cells: bytearray, trail: list[int]) -> None:
        self.cells = cells
        self.trail = trail
        self.nogoods: list[Nogood] = []
        self.rule: dict[int, Nogood | None] = {}
        # The nogoods watching each trail entry, by entry (index * 4 + code): a list looked
        # up by position costs no hashing, in the hot loop here and in the compiled twin. It
        # grows to the largest entry of a nogood kept (a big grid that never learns keeps
        # none: a list of a slot an entry would cost its set-up, and every full garbage
        # collection, a walk over millions of slots); entries past its end have no watchers.
        self.watches: list[list[Nogood] | None] = []
        # Trail entries before this index have had their watches looked at.
        self.head = 0
        self.limit = FIRST_LIMIT
        self.learned = 0
        self.forgotten = 0
        self.bump_by = 1.0

    def __len__(self) -> int:
        return len(self.nogoods)

    def add(self, entries: list[int], permanent: bool) -> Nogood:
        """Keep a nogood of two or more entries; ``entries[0]`` must be the one that is not
        holding (the cell it will force) and ``entries[1]`` the latest set of the others."""
        nogood = Nogood(entries, permanent)
        self.nogoods.append(nogood)
        self.learned += 1
        watches = self.watches
        top = max(entries) + 1
        if top > len(watches):
            watches.extend([None] * (top - len(watches)))
        for entry in entries[:2]:
            watching = watches[entry]
            if watching is None:
                watches[entry] = [nogood]
            else:
                watching.append(nogood)
        return nogood

    def undo_to(self, length: int) -> None:
        if self.head > length:
            self.head = length

    def propagate(self, assign: Assign) -> Nogood | None:
        """Look at the watches of the trail entries not looked at yet until one nogood breaks
        (returned) or forces a cell through ``assign`` (which appends to the trail; None is
        returned then, as when every watch was looked at)."""
        cells = self.cells
        trail = self.trail
        watches = self.watches
        head = self.head
        while head < len(trail):
            entry = trail[head]
            head += 1
            watching = watches[entry] if entry < len(watches) else None
            if not watching:
                continue
            self.head = head
            kept: list[Nogood] = []
            keep = kept.append
            broken: Nogood | None = None
            for index, nogood in enumerate(watching):
                if nogood.dropped:
                    continue
                entries = nogood.entries
                other = entries[0]
                if other == entry:
                    other = entries[1]
                    entries[0] = other
                    entries[1] = entry
                other_code = cells[other >> 2]
                if other_code and other_code != other & 3:
                    keep(nogood)  # the other watched entry can never hold now
                    continue
                for position in range(2, len(entries)):
                    candidate = entries[position]
                    if cells[candidate >> 2] != candidate & 3:
                        entries[1] = candidate
                        entries[position] = entry
                        target = watches[candidate]
                        if target is None:
                            watches[candidate] = [nogood]
                        else:
                            target.append(nogood)
                        break
                else:
                    keep(nogood)
                    if other_code:  # every entry holds
                        broken = nogood
                        kept.extend(watching[index + 1 :])
                        break
                    assign(other ^ 3, nogood)  # codes 1 and 2: XOR 3 swaps them
                    # One forced cell a call, so the engine's step for it shows the board
                    # as it is: this entry's watches are looked at again next call.
                    kept.extend(watching[index + 1 :])
                    watches[entry] = kept
                    self.head = head - 1
                    return None
            watches[entry] = kept
            if broken is not None:
                return broken
            head = self.head
        self.head = head
        return None

    def bump(self, nogood: Nogood) -> None:
        nogood.activity += self.bump_by
        if nogood.activity > _RESCALE_ABOVE:
            for each in self.nogoods:
                each.activity *= 1e-100
            self.bump_by *= 1e-100

    def age(self) -> None:
        self.bump_by *= ACTIVITY_GROWTH

    def over_limit(self) -> bool:
        return len(self.nogoods) > self.limit

    def set_rule(self, index: int, nogood: Nogood | None) -> None:
        """Note that ``nogood`` set the cell ``index`` (None: a fact of one cell)."""
        self.rule[index] = nogood

    def size(self, nogood: Nogood) -> int:
        return len(nogood.entries)

    def entries(self, nogood: Nogood) -> list[int]:
        return list(nogood.entries)

    def rules(self) -> list[tuple[tuple[int, ...], float]]:
        """The nogoods kept, in order: (entries, activity) each."""
        return [(tuple(nogood.entries), nogood.activity) for nogood in self.nogoods]

    def _locked(self, nogood: Nogood) -> bool:
        """Whether ``nogood`` is why a cell is set now (it must then stay)."""
        index = nogood.entries[0] >> 2
        return bool(self.cells[index]) and self.rule.get(index) is nogood

    def reduce(self) -> int:
        """Drop the less active half of the droppable nogoods; the number dropped.

        Permanent nogoods, nogoods of two entries (cheap and strong) and nogoods that are the
        reason a cell is set now (locked) stay.
        """
        droppable = [
            nogood
            for nogood in self.nogoods
            if not nogood.permanent and len(nogood.entries) > 2 and not self._locked(nogood)
        ]
        droppable.sort(key=lambda nogood: nogood.activity)
        dropped = droppable[: len(droppable) // 2]
        if dropped:
            # Flagged, not unwatched: rebuilding every watch list here took 12 ms in one step
            # (TAAI 2011 #750); each list drops its flagged nogoods when it is next read.
            for nogood in dropped:
                nogood.dropped = True
            self.nogoods = [nogood for nogood in self.nogoods if not nogood.dropped]
        self.limit = int(self.limit * LIMIT_GROWTH)
        self.forgotten += len(dropped)
        return len(dropped)
