"""The logical rules of Yu et al. (2011) as seed 004 describes them, on one line.

Each run ``j`` of a line's clue has a *range* ``[start[j], end[j]]``: the cells it must lie
in (seed 004's "blackruns"). At first they come from the leftmost and the rightmost
placements. Part 1 of the rules colours cells from the ranges, part 2 narrows the ranges,
part 3 does both. A line is a list of -1 (unknown), 0 (empty) and 1 (filled).

Where seed 004's wording leaves a rule open to a wrong deduction, the rule here takes the
safe reading and says so in its comment (rule 2.3); every rule keeps the invariant that a
run lies inside its range in every solution that agrees with the line, so the search above
never loses one. A rule that would colour a cell both ways, or squeeze a run out of its
range, raises :class:`LineConflict`.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.lines import Clue


class LineConflict(Exception):
    """The line cannot hold its clue."""


class LineRanges:
    """A line's clue, its cells and its runs' ranges, with the rules that work on them."""

    __slots__ = ("clue", "end", "length", "line", "start")

    def __init__(self, clue: Clue, length: int) -> None:
        self.clue = clue
        self.length = length
        self.line: list[int] = []
        # Seed 004's initial run range estimation: the leftmost placement gives each run's
        # first possible cell, the rightmost its last.
        self.start: list[int] = []
        self.end: list[int] = []
        position = 0
        for run in clue:
            self.start.append(position)
            position += run + 1
        position = length - 1
        for run in reversed(clue):
            self.end.append(position)
            position -= run + 1
        self.end.reverse()

    def copy_ranges(self) -> tuple[list[int], list[int]]:
        return self.start[:], self.end[:]

    def set_ranges(self, ranges: tuple[list[int], list[int]]) -> None:
        self.start, self.end = ranges[0][:], ranges[1][:]

    # -- helpers -----------------------------------------------------------------------------

    def _set(self, cell: int, value: int) -> None:
        if not 0 <= cell < self.length:  # a run pushed past the line's end cannot fit
            raise LineConflict
        current = self.line[cell]
        if current < 0:
            self.line[cell] = value
        elif current != value:
            raise LineConflict

    def _covering(self, cell: int) -> list[int]:
        """The runs whose range holds ``cell``."""
        return [j for j in range(len(self.clue)) if self.start[j] <= cell <= self.end[j]]

    def _check(self) -> None:
        for j, run in enumerate(self.clue):
            if self.start[j] < 0:
                self.start[j] = 0
            if self.end[j] > self.length - 1:
                self.end[j] = self.length - 1
            if self.end[j] - self.start[j] + 1 < run:
                raise LineConflict

    def _segments(self, low: int, high: int) -> list[tuple[int, int]]:
        """The filled segments that have a cell in [low, high], each at its full extent."""
        line = self.line
        found: list[tuple[int, int]] = []
        cell = max(low, 0)
        high = min(high, self.length - 1)
        while cell <= high:
            if line[cell] == 1:
                first = cell
                while first > 0 and line[first - 1] == 1:
                    first -= 1
                last = cell
                while last + 1 < self.length and line[last + 1] == 1:
                    last += 1
                found.append((first, last))
                cell = last + 1
            else:
                cell += 1
        return found

    # -- part 1: cells from ranges -------------------------------------------------------

    def rule_1_1(self) -> None:
        """Where a run's leftmost and rightmost placements overlap, the cells are filled."""
        for j, run in enumerate(self.clue):
            for cell in range(self.end[j] - run + 1, self.start[j] + run):
                self._set(cell, 1)

    def rule_1_2(self) -> None:
        """A cell in no run's range is empty."""
        covered = [False] * self.length
        for j in range(len(self.clue)):
            for cell in range(self.start[j], self.end[j] + 1):
                covered[cell] = True
        for cell, inside in enumerate(covered):
            if not inside:
                self._set(cell, 0)

    def rule_1_3(self) -> None:
        """A filled first (last) cell of a range whose other runs there are all 1s: the cell
        before (after) it is empty."""
        line = self.line
        for j in range(len(self.clue)):
            for cell, beside in (
                (self.start[j], self.start[j] - 1),
                (self.end[j], self.end[j] + 1),
            ):
                if 0 <= beside < self.length and line[cell] == 1:
                    others = [i for i in self._covering(cell) if i != j]
                    if all(self.clue[i] == 1 for i in others):
                        self._set(beside, 0)

    def rule_1_4(self) -> None:
        """An unknown cell between two filled segments that together would make a segment
        longer than every run that could hold the cell is empty."""
        line = self.line
        for cell in range(1, self.length - 1):
            if line[cell] != -1 or line[cell - 1] != 1 or line[cell + 1] != 1:
                continue
            first = cell - 1
            while first > 0 and line[first - 1] == 1:
                first -= 1
            last = cell + 1
            while last + 1 < self.length and line[last + 1] == 1:
                last += 1
            longest = max((self.clue[j] for j in self._covering(cell)), default=0)
            if last - first + 1 > longest:
                self._set(cell, 0)

    def rule_1_5(self) -> None:
        """A filled segment near an empty cell (or the edge) grows to the shortest run that
        could hold it; a segment as long as every run that could hold it is closed off."""
        line = self.line
        for first, last in self._segments(0, self.length - 1):
            covering = self._covering(first)
            if not covering:
                raise LineConflict
            shortest = min(self.clue[j] for j in covering)
            wall = first - 1
            while wall >= 0 and line[wall] != 0:
                wall -= 1
            for cell in range(first + 1, wall + shortest + 1):
                self._set(cell, 1)
            wall = last + 1
            while wall < self.length and line[wall] != 0:
                wall += 1
            for cell in range(wall - shortest, last):
                self._set(cell, 1)
            size = last - first + 1
            if all(self.clue[j] == size for j in covering):
                if first > 0:
                    self._set(first - 1, 0)
                if last + 1 < self.length:
                    self._set(last + 1, 0)

    # -- part 2: ranges --------------------------------------------------------------------

    def rule_2_1(self) -> None:
        """A range that starts at or before the previous run's starts after that run; one
        that ends at or after the next run's ends before it."""
        clue, start, end = self.clue, self.start, self.end
        for j in range(1, len(clue)):
            if start[j] <= start[j - 1]:
                start[j] = start[j - 1] + clue[j - 1] + 1
        for j in range(len(clue) - 2, -1, -1):
            if end[j] >= end[j + 1]:
                end[j] = end[j + 1] - clue[j + 1] - 1
        self._check()

    def rule_2_2(self) -> None:
        """A filled cell just before (after) a range: the run cannot start (end) there."""
        line = self.line
        for j in range(len(self.clue)):
            if self.start[j] > 0 and line[self.start[j] - 1] == 1:
                self.start[j] += 1
            if self.end[j] + 1 < self.length and line[self.end[j] + 1] == 1:
                self.end[j] -= 1
        self._check()

    def rule_2_3(self) -> None:
        """A filled segment in a run's range, longer than the run, belongs to another run:
        the range stops short of it on that run's side.

        Seed 004 looks first for a later run that could hold it; when an earlier run could
        too, which side the run is on is not known, so the range is left alone (the safe
        reading)."""
        clue = self.clue
        for j, run in enumerate(clue):
            for first, last in self._segments(self.start[j], self.end[j]):
                size = last - first + 1
                if size <= run:
                    continue

                def holds(i: int, first: int = first, last: int = last, size: int = size) -> bool:
                    return clue[i] >= size and self.start[i] <= first and last <= self.end[i]

                later = any(holds(i) for i in range(j + 1, len(clue)))
                earlier = any(holds(i) for i in range(j))
                if later and not earlier:
                    self.end[j] = min(self.end[j], first - 2)
                elif earlier and not later:
                    self.start[j] = max(self.start[j], last + 2)
                elif not later and not earlier:
                    raise LineConflict
                self._check()

    # -- part 3: both ----------------------------------------------------------------------

    def rule_3_1(self) -> None:
        """Filled cells that only one run's range holds belong to that run: fill between
        the first and the last, and narrow the range around them."""
        clue, line = self.clue, self.line
        owners = [0] * self.length
        for j in range(len(clue)):
            for cell in range(self.start[j], self.end[j] + 1):
                owners[cell] += 1
        for j, run in enumerate(clue):
            own = [
                cell
                for cell in range(self.start[j], self.end[j] + 1)
                if line[cell] == 1 and owners[cell] == 1
            ]
            if not own:
                continue
            first, last = own[0], own[-1]
            for cell in range(first, last + 1):
                self._set(cell, 1)
            self.start[j] = max(self.start[j], last - run + 1)
            self.end[j] = min(self.end[j], first + run - 1)
            self._check()

    def rule_3_2(self) -> None:
        """A run does not fit before the first empty cell of its range (or after the last):
        the range moves past it. A stretch between empty cells too short for every run that
        could reach it is empty."""
        clue, line = self.clue, self.line
        for j, run in enumerate(clue):
            cell = self.start[j]
            while cell <= self.end[j]:
                if line[cell] == 0:
                    if cell - self.start[j] < run:
                        self.start[j] = cell + 1
                    else:
                        break
                cell += 1
            cell = self.end[j]
            while cell >= self.start[j]:
                if line[cell] == 0:
                    if self.end[j] - cell < run:
                        self.end[j] = cell - 1
                    else:
                        break
                cell -= 1
            self._check()
        cell = 0
        while cell < self.length:
            if line[cell] == 0:
                cell += 1
                continue
            first = cell
            while cell < self.length and line[cell] != 0:
                cell += 1
            last = cell - 1
            reaching = [
                j for j in range(len(clue)) if self.start[j] <= last and first <= self.end[j]
            ]
            if reaching and all(clue[j] > last - first + 1 for j in reaching):
                for inside in range(first, last + 1):
                    self._set(inside, 0)

    def rule_3_3(self) -> None:
        """For a range clear of the previous run's: (1) a filled first cell starts the run
        there; (2) an empty cell after its first filled cell ends the range before it;
        (3) filled segments too far apart for one run end the range before the far one."""
        clue, line = self.clue, self.line
        for j, run in enumerate(clue):
            if j > 0 and self.start[j] <= self.end[j - 1]:
                continue
            start = self.start[j]
            if line[start] == 1:  # 3.3-1
                for cell in range(start, start + run):
                    self._set(cell, 1)
                if start > 0:
                    self._set(start - 1, 0)
                if start + run < self.length:
                    self._set(start + run, 0)
                self.end[j] = start + run - 1
                if j + 1 < len(clue) and self.start[j + 1] <= self.end[j] + 1:
                    self.start[j + 1] = self.end[j] + 2
                if j > 0 and self.end[j - 1] == start - 1:
                    self.end[j - 1] = start - 2
                self._check()
                continue
            first_filled = next(
                (cell for cell in range(start, self.end[j] + 1) if line[cell] == 1), None
            )
            if first_filled is None:
                continue
            for cell in range(first_filled + 1, self.end[j] + 1):  # 3.3-2
                if line[cell] == 0:
                    self.end[j] = cell - 1
                    break
            segments = self._segments(first_filled, self.end[j])  # 3.3-3
            for segment_first, segment_last in segments[1:]:
                if segment_last - segments[0][0] + 1 > run:
                    self.end[j] = min(self.end[j], segment_first - 2)
                    break
            self._check()

    def check_complete(self) -> None:
        """A line with no unknown cell must show its clue's runs exactly."""
        line = self.line
        if -1 in line:
            return
        runs: list[int] = []
        current = 0
        for value in line:
            if value == 1:
                current += 1
            elif current:
                runs.append(current)
                current = 0
        if current:
            runs.append(current)
        if tuple(runs) != self.clue:
            raise LineConflict


RULES: tuple[tuple[str, Callable[[LineRanges], None]], ...] = (
    ("1.1", LineRanges.rule_1_1),
    ("1.2", LineRanges.rule_1_2),
    ("1.3", LineRanges.rule_1_3),
    ("1.4", LineRanges.rule_1_4),
    ("1.5", LineRanges.rule_1_5),
    ("2.1", LineRanges.rule_2_1),
    ("2.2", LineRanges.rule_2_2),
    ("2.3", LineRanges.rule_2_3),
    ("3.1", LineRanges.rule_3_1),
    ("3.2", LineRanges.rule_3_2),
    ("3.3", LineRanges.rule_3_3),
)


def apply_rules(ranges: LineRanges, line: list[int]) -> tuple[list[str], bool]:
    """Run every rule once, in order, on ``line`` (changed in place). Returns the rules that
    coloured cells and whether any range narrowed. Raises :class:`LineConflict`."""
    ranges.line = line
    before = ranges.copy_ranges()
    fired: list[str] = []
    for name, rule in RULES:
        unknown = line.count(-1)
        rule(ranges)
        if line.count(-1) != unknown:
            fired.append(name)
    ranges.check_complete()
    return fired, ranges.copy_ranges() != before
