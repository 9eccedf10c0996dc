"""Small detectors that name the technique behind a line's deduction, for teaching hints.

The exact line solver (``line.py``) says *which* cells a line forces; these detectors say
*why*, in the words a player learns: a 0 clue, a clue that fills the line exactly, the
overlap of a run's leftmost and rightmost places, a filled cell near an edge, two filled
cells that must join, a completed line, a finished run's sealed ends, a gap too small for
any run, a cell that would make a run too long, cells no run can reach. Each detector
returns the cells its own argument proves (never more than the exact solver forces: every
result is intersected with it), so the sentence a hint shows is true of exactly the cells
it gives. When no named technique applies, ``general`` gives every forced cell: "all the
arrangements that fit your marks agree on these cells".

Positions are bit masks over the line (bit ``i`` is cell ``i``), as in ``line.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Literal, Protocol

from game.core.cells import EMPTY, FILLED, UNKNOWN
from game.core.i18n import N_, _, ngettext
from game.core.lines import Clue, clue_text
from game.core.solver.line import LineAnalysis, analyse_line, bit_positions

Technique = Literal[
    "zero",
    "fits",
    "overlap",
    "edge",
    "join",
    "range",
    "completed",
    "sealed",
    "split",
    "gap",
    "reach",
    "general",
]

# Simplest first, separately for deductions that fill cells and ones that only cross them:
# a hint prefers any fill to any cross ("never a trivial cross while a useful fill exists").
FILL_RANK: dict[Technique, int] = {
    "fits": 0,
    "overlap": 1,
    "edge": 2,
    "join": 3,
    "range": 4,
    "general": 9,
}
CROSS_RANK: dict[Technique, int] = {
    "zero": 0,
    "fits": 0,
    "completed": 1,
    "sealed": 2,
    "gap": 3,
    "split": 4,
    "reach": 5,
    "general": 9,
}

# "the second 3": a run named by its place among runs of the same length.
_ORDINALS = (N_("the first {length}"), N_("the second {length}"), N_("the third {length}"),
             N_("the fourth {length}"), N_("the fifth {length}"), N_("the sixth {length}"),
             N_("the seventh {length}"), N_("the eighth {length}"))  # fmt: skip


@dataclass(frozen=True)
class Deduction:
    """What one technique proves on one line: new filled and new empty cells (bit masks) and
    the reason in words (without the "row 3: " in front)."""

    technique: Technique
    filled: int
    empty: int
    reason: str
    # True when the reasoning ignores the marks (the overlap of an empty line): "show me"
    # then slides the runs over the empty line, not between the marks.
    blank: bool = False

    @property
    def rank(self) -> tuple[int, int]:
        """Sort key: fills before crosses, then simple techniques before complex ones."""
        if self.filled:
            return 0, FILL_RANK[self.technique]
        return 1, CROSS_RANK[self.technique]


def cell_word(axis: str) -> str:
    """A row's cells are counted in columns, a column's in rows."""
    return "column" if axis == "row" else "row"


def line_name(axis: str, index: int) -> str:
    """ "row 3", "column 5" in the player's words (``index`` from 0)."""
    return (_("row {number}") if axis == "row" else _("column {number}")).format(number=index + 1)


def axis_word(axis: str) -> str:
    """ "row" or "column" in the player's words."""
    return _("row") if axis == "row" else _("column")


def _cells_named(axis: str, numbers: str, plural: bool) -> str:
    """ "column 3", "columns 3 to 5" (a row's cells), "row 2", "rows 4 and 6"."""
    if cell_word(axis) == "column":
        text = _("columns {numbers}") if plural else _("column {numbers}")
    else:
        text = _("rows {numbers}") if plural else _("row {numbers}")
    return text.format(numbers=numbers)


def spans_text(axis: str, positions: Sequence[int]) -> str:
    """ "columns 3 to 5 and 8" for positions [2, 3, 4, 7] of a row (counting from 1)."""
    groups: list[tuple[int, int]] = []
    for position in sorted(positions):
        if groups and groups[-1][1] == position - 1:
            groups[-1] = (groups[-1][0], position)
        else:
            groups.append((position, position))
    plural = len(positions) > 1
    parts = [
        f"{a + 1}" if a == b else _("{first} to {last}").format(first=a + 1, last=b + 1)
        for a, b in groups
    ]
    joined = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + _(" and ") + parts[-1]
    return _cells_named(axis, joined, plural)


def run_name(clue: Clue, run: int) -> str:
    length = clue[run]
    if clue.count(length) == 1:
        return _("the {length}").format(length=length)
    if run < len(_ORDINALS):
        return _(_ORDINALS[run]).format(length=length)
    return _("the number {place} {length}").format(place=run + 1, length=length)


def _mask(first: int, last: int) -> int:
    """Bits first..last inclusive (0 when last < first)."""
    return ((1 << (last - first + 1)) - 1) << first if last >= first else 0


def blank_bounds(clue: Clue, length: int) -> list[tuple[int, int]]:
    """Each run's leftmost and rightmost start on an empty line of ``length`` cells."""
    bounds = []
    total = sum(clue) + len(clue) - 1
    before = 0
    for size in clue:
        left = before
        right = left + (length - total)
        bounds.append((left, right))
        before += size + 1
    return bounds


def marked_bounds(analysis: LineAnalysis) -> list[tuple[int, int]]:
    """Each run's leftmost and rightmost start among the placements that fit the marks."""
    bounds = []
    for starts in analysis.starts:
        positions = bit_positions(starts)
        bounds.append((positions[0], positions[-1]))
    return bounds


def _segments(line: bytes) -> list[tuple[int, int]]:
    """The filled stretches of ``line`` as (first, last)."""
    found: list[tuple[int, int]] = []
    start = -1
    for i, code in enumerate(line):
        if code == FILLED and start < 0:
            start = i
        elif code != FILLED and start >= 0:
            found.append((start, i - 1))
            start = -1
    if start >= 0:
        found.append((start, len(line) - 1))
    return found


def deductions(axis: str, clue: Clue, line: bytes) -> list[Deduction] | None:
    """Every named technique that proves something new on this line, simplest first, then
    ``general`` when the exact solver proves more than the named ones; None when no
    placement of ``clue`` fits the marks."""
    analysis = analyse_line(clue, line)
    if analysis is None:
        return None
    length = len(line)
    unknown = sum(1 << i for i, code in enumerate(line) if code == UNKNOWN)
    forced_filled = analysis.forced_filled & unknown
    forced_empty = analysis.forced_empty & unknown
    if not (forced_filled or forced_empty):
        return []
    found: list[Deduction] = []

    def add(
        technique: Technique, filled: int, empty: int, reason: str, blank: bool = False
    ) -> None:
        filled &= forced_filled
        empty &= forced_empty
        if filled or empty:
            found.append(Deduction(technique, filled, empty, reason, blank))

    text = clue_text(clue)
    if not clue:
        add(
            "zero",
            0,
            unknown,
            _("the clue is 0, so the whole {line} is empty").format(line=axis_word(axis)),
        )
        return found
    need = sum(clue) + len(clue) - 1
    blank = blank_bounds(clue, length)
    if need == length:
        filled = 0
        for (left, _right), size in zip(blank, clue, strict=True):
            filled |= _mask(left, left + size - 1)
        if len(clue) == 1:
            reason = _("the {length} fills the whole {line}").format(
                length=clue[0], line=axis_word(axis)
            )
        else:
            sizes = " + ".join(str(size) for size in clue)
            reason = _(
                "{clue} with one empty cell between runs needs {sizes} + {gaps} = "
                "{length} cells: the whole {line}, so everything is fixed"
            ).format(
                clue=text, sizes=sizes, gaps=len(clue) - 1, length=length, line=axis_word(axis)
            )
        add("fits", filled, unknown & ~filled, reason, blank=True)
    _overlap(add, axis, clue, blank, unknown)
    bounds = marked_bounds(analysis)
    _edges(add, axis, clue, line, analysis, bounds, unknown)
    _join(add, axis, line, forced_filled)
    _ranges(add, axis, clue, bounds, unknown)
    filled_count = line.count(FILLED)
    if filled_count == sum(clue):
        done = _("{clue} is all filled in, so the rest of the {line} is empty")
        add("completed", 0, unknown, done.format(clue=text, line=axis_word(axis)))
    _sealed(add, axis, clue, line, bounds)
    _gaps(add, axis, clue, line)
    _split(add, axis, clue, line, unknown)
    reachable = 0
    for (first, last), size in zip(bounds, clue, strict=True):
        reachable |= _mask(first, last + size - 1)
    out_of_reach = unknown & ~reachable
    if out_of_reach:
        cells = spans_text(axis, bit_positions(out_of_reach))
        reach = _("no run of {clue} can reach {cells}").format(clue=text, cells=cells)
        add("reach", 0, out_of_reach, reach)
    named_filled = named_empty = 0
    for deduction in found:
        named_filled |= deduction.filled
        named_empty |= deduction.empty
    if (forced_filled & ~named_filled) or (forced_empty & ~named_empty):
        parts = []
        if forced_filled:
            cells = spans_text(axis, bit_positions(forced_filled))
            parts.append(_("{cells} filled").format(cells=cells))
        if forced_empty:
            cells = spans_text(axis, bit_positions(forced_empty))
            parts.append(_("{cells} empty").format(cells=cells))
        reason = _("try every way {clue} fits your marks: they all agree on {cells}").format(
            clue=text, cells=_(" and ").join(parts)
        )
        add("general", forced_filled, forced_empty, reason)
    return found


class _Add(Protocol):
    """The signature of ``deductions``' local ``add`` (for the helpers below)."""

    def __call__(
        self, technique: Technique, filled: int, empty: int, reason: str, blank: bool = False
    ) -> None: ...


def _overlap(add: _Add, axis: str, clue: Clue, blank: list[tuple[int, int]], unknown: int) -> None:
    """The runs' leftmost and rightmost places on an empty line share cells."""
    filled = 0
    parts = []
    for run, ((left, right), size) in enumerate(zip(blank, clue, strict=True)):
        cover = _mask(right, left + size - 1)
        if not cover & unknown:
            continue
        filled |= cover
        cells = bit_positions(cover)
        if len(clue) == 1:
            count = len(cells)
            middle = ngettext(
                "the {length} covers the middle cell ({cells})",
                "the {length} covers the middle {count} cells ({cells})",
                count,
            )
            parts.append(middle.format(length=size, count=count, cells=spans_text(axis, cells)))
        else:
            covers = _("{run} covers {cells}")
            parts.append(covers.format(run=run_name(clue, run), cells=spans_text(axis, cells)))
    if filled:
        where = _(" wherever it sits") if len(parts) == 1 else _(" wherever they sit")
        add("overlap", filled, 0, _(" and ").join(parts) + where, blank=True)


def _edges(
    add: _Add,
    axis: str,
    clue: Clue,
    line: bytes,
    analysis: LineAnalysis,
    bounds: list[tuple[int, int]],
    unknown: int,
) -> None:
    """A filled cell near an edge that only the first (or last) run can cover pulls that
    run in: it cannot start before its leftmost place, so it reaches past the filled cell."""
    last_run = len(clue) - 1
    for run in sorted({0, last_run}):
        first, last = bounds[run]
        size = clue[run]
        window = range(first, first + size) if run == 0 else range(last, last + size)
        anchors = [c for c in window if line[c] == FILLED and analysis.covering_runs(c) == [run]]
        if not anchors:
            continue
        cover = _mask(last, first + size - 1) & unknown
        if not cover:
            continue
        anchor = anchors[0] if run == 0 else anchors[-1]
        name = run_name(clue, run)
        if run == 0:
            limit = _("cannot start before {cell}").format(cell=spans_text(axis, [first]))
        else:
            limit = _("cannot end after {cell}").format(cell=spans_text(axis, [last + size - 1]))
        edge = _("{run} must cover the filled {cell} and {limit}, so it covers {cells}")
        add(
            "edge",
            cover,
            0,
            edge.format(
                run=name,
                cell=spans_text(axis, [anchor]),
                limit=limit,
                cells=spans_text(axis, bit_positions(cover)),
            ),
        )


def _join(add: _Add, axis: str, line: bytes, forced_filled: int) -> None:
    """Two filled cells whose whole gap is forced filled belong to one run."""
    segments = _segments(line)
    filled = 0
    pairs = []
    for (_a, a_last), (b_first, _b) in pairwise(segments):
        gap = _mask(a_last + 1, b_first - 1)
        if gap and gap & forced_filled == gap:
            filled |= gap
            pairs.append((a_last, b_first))
    if filled:
        a, b = pairs[0]
        join = _(
            "the filled {cells} must be one run (no run ends between them), so the gap "
            "between them fills in"
        )
        add("join", filled, 0, join.format(cells=spans_text(axis, [a, b])))


def _ranges(add: _Add, axis: str, clue: Clue, bounds: list[tuple[int, int]], unknown: int) -> None:
    """With the marks a run can only slide within a short stretch: it always covers the
    middle of it."""
    for run, ((first, last), size) in enumerate(zip(bounds, clue, strict=True)):
        cover = _mask(last, first + size - 1) & unknown
        if not cover:
            continue
        room = spans_text(axis, list(range(first, last + size)))
        add(
            "range",
            cover,
            0,
            _("with your marks {run} can only sit in {room}, so it always covers {cells}").format(
                run=run_name(clue, run), room=room, cells=spans_text(axis, bit_positions(cover))
            ),
        )


def _sealed(add: _Add, axis: str, clue: Clue, line: bytes, bounds: list[tuple[int, int]]) -> None:
    """A run whose place is fixed and fully filled has an empty cell at each end."""
    empty = 0
    names = []
    for run, ((first, last), size) in enumerate(zip(bounds, clue, strict=True)):
        if first != last or any(code != FILLED for code in line[first : first + size]):
            continue
        ends = [c for c in (first - 1, first + size) if 0 <= c < len(line) and line[c] == UNKNOWN]
        for c in ends:
            empty |= 1 << c
        if ends:
            names.append(run_name(clue, run))
    if empty:
        who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + _(" and ") + names[-1]
        sealed = ngettext(
            "{runs} is complete, so the cells at its ends are empty",
            "{runs} are complete, so the cells at its ends are empty",
            len(names),
        )
        add("sealed", 0, empty, sealed.format(runs=who))


def _gaps(add: _Add, axis: str, clue: Clue, line: bytes) -> None:
    """A stretch of unknown cells walled in by crosses (or the edge), too short for the
    shortest run, stays empty."""
    shortest = min(clue)
    empty = 0
    start = 0
    for i in range(len(line) + 1):
        if i < len(line) and line[i] != EMPTY:
            continue
        stretch = line[start:i]
        if stretch and len(stretch) < shortest and all(c == UNKNOWN for c in stretch):
            empty |= _mask(start, i - 1)
        start = i + 1
    if empty:
        cells = spans_text(axis, bit_positions(empty))
        if len(clue) == 1:
            who = _("the {length}").format(length=shortest)
        else:
            who = _("the shortest run ({length})").format(length=shortest)
        gap = _("{run} cannot fit in the gap at {cells}, so it stays empty")
        add("gap", 0, empty, gap.format(run=who, cells=cells))


def _split(add: _Add, axis: str, clue: Clue, line: bytes, unknown: int) -> None:
    """Filling a cell next to filled cells would make a run longer than any in the clue."""
    longest = max(clue)
    empty = 0
    made = 0
    for c in bit_positions(unknown):
        left = c
        while left > 0 and line[left - 1] == FILLED:
            left -= 1
        right = c
        while right < len(line) - 1 and line[right + 1] == FILLED:
            right += 1
        size = right - left + 1
        if size > longest and (left < c or right > c):
            empty |= 1 << c
            made = max(made, size)
    if empty:
        cells = spans_text(axis, bit_positions(empty))
        add(
            "split",
            0,
            empty,
            _("filling {cells} would make a run of {length}, longer than any in {clue}").format(
                cells=cells, length=made, clue=clue_text(clue)
            ),
        )


__all__ = [
    "CROSS_RANK",
    "FILL_RANK",
    "Deduction",
    "Technique",
    "blank_bounds",
    "cell_word",
    "deductions",
    "marked_bounds",
    "run_name",
    "spans_text",
]
