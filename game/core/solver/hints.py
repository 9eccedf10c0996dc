"""Hints for a player: one line's deduction from the marks already on the board, named.

A hint never looks at the solution: it uses only what the exact line solver proves from the
player's marks (trial marks count as marks), so it teaches a step the player could have seen.
One module for every puzzle: a line is its runs and its cells' domains
(:mod:`~game.core.solver.line_logic`), black and white the one-colour case. Black-and-white
lines name their technique (:mod:`~game.core.solver.hint_techniques`: overlap, an edge, a
completed line, ...); colour lines say which run covers which cells, in the colours' plain
names. ``find_hint`` picks the most instructive deduction on the board; ``placed_runs`` serves
clue greying the same way: a run is greyed only when the marks prove where it lies and the
player has painted it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core.board import Board, fill_value, mark_colour, shown_colours
from game.core.convert.colour_names import said_names
from game.core.i18n import _, ngettext
from game.core.palette import ColourClue
from game.core.puzzle import Puzzle
from game.core.solver.hint_techniques import (
    CROSS_RANK,
    FILL_RANK,
    Technique,
    blank_bounds,
    deductions,
    line_name,
    marked_bounds,
    spans_text,
)
from game.core.solver.line import analyse_line, bit_positions
from game.core.solver.line_logic import (
    BACKGROUND,
    BINARY,
    Domains,
    LineLogic,
    domains_of,
    full_domain,
    line_codes,
    line_logic,
    logic_for,
    run_bounds,
    single,
)
from game.core.solver.steps import Axis


@dataclass(frozen=True)
class Hint:
    """One line's deduction: the cells it gives, the technique that proves them, and why.

    ``cells`` lists every cell the hint gives, as (x, y, value): the board value that marks
    it (``Cell.FILLED`` or a colour's :func:`~game.core.board.fill_value`, ``Cell.CROSSED``
    for the background), painted ones first; ``x``, ``y`` and ``state`` are the first of them
    (where the cursor goes). ``text`` explains it ("row 3: the 8 covers the middle 4 cells
    (columns 3 to 6) wherever it sits").

    ``line`` is the line's cells as the hint saw them (their domains) and ``leftmost`` /
    ``rightmost`` the start of each run in the leftmost and the rightmost arrangement the
    reasoning considers (over the empty line for an overlap, among the placements that fit
    the marks otherwise): the data a "show me" animation slides.
    """

    axis: Axis
    index: int
    runs: ColourClue
    technique: Technique
    text: str
    cells: tuple[tuple[int, int, int], ...]
    line: Domains
    leftmost: tuple[int, ...]
    rightmost: tuple[int, ...]

    @property
    def clue(self) -> tuple[int, ...]:
        """The runs' lengths."""
        return tuple(length for length, _ in self.runs)

    @property
    def x(self) -> int:
        return self.cells[0][0]

    @property
    def y(self) -> int:
        return self.cells[0][1]

    @property
    def state(self) -> int:
        return self.cells[0][2]

    @property
    def colour(self) -> int:
        """The colour the hint paints (0: it only crosses)."""
        return mark_colour(self.state)

    @property
    def filled_count(self) -> int:
        return sum(1 for cell in self.cells if mark_colour(cell[2]) > 0)

    @property
    def crossed_count(self) -> int:
        return len(self.cells) - self.filled_count


@dataclass(frozen=True)
class _Found:
    """A candidate hint on one line: its rank and what it gives (position, colour)."""

    rank: tuple[int, int]
    technique: Technique
    given: tuple[tuple[int, int], ...]
    reason: str
    blank: bool


def board_lines(puzzle: Puzzle, board: Board) -> list[tuple[Axis, int, ColourClue, Domains]]:
    """Every row, then every column: its axis, number, runs and the domains of its marks."""
    shown = shown_colours(board.cells)
    colours = puzzle.colour_count
    lines: list[tuple[Axis, int, ColourClue, Domains]] = [
        ("row", y, puzzle.row_runs(y), domains_of(shown[y, :].tolist(), colours))
        for y in range(puzzle.height)
    ]
    lines += [
        ("column", x, puzzle.column_runs(x), domains_of(shown[:, x].tolist(), colours))
        for x in range(puzzle.width)
    ]
    return lines


def find_hint(puzzle: Puzzle, board: Board) -> Hint | None:
    """The most instructive deduction one line makes from the marks on ``board``, or None.

    Never reads the puzzle's goal: only the clues and the marks, through the exact line
    solver. Candidates are ranked paints before crosses (a hint that only crosses cells is
    given only when no line can paint one), then simple techniques before complex ones
    (``hint_techniques.FILL_RANK`` / ``CROSS_RANK``), then the most cells, then rows before
    columns, top to bottom. When only crosses are left, a cross that lets a crossing line
    paint a cell comes first (crosses alone never win a puzzle; the paint they lead to
    does). None when a line's marks already contradict its clue (the player should fix that
    first) or when no line forces anything.
    """
    if (board.width, board.height) != (puzzle.width, puzzle.height):
        raise ValueError("the board and the puzzle are not the same size")
    logic = line_logic(puzzle)
    names = said_names(puzzle.palette) if puzzle.palette is not None else ()
    lines = board_lines(puzzle, board)
    ranked: list[tuple[tuple[int, int, int, int], int, _Found]] = []
    for order, (axis, _index, runs, line) in enumerate(lines):
        found = _line_deductions(logic, axis, runs, line, names)
        if found is None:
            return None
        for item in found:
            ranked.append(((*item.rank, -len(item.given), order), order, item))
    if not ranked:
        return None
    ranked.sort(key=lambda entry: entry[0])
    _key, order, best = ranked[0]
    then = ""
    if best.rank[0] == 1:
        best, order, then = _leading_cross(logic, puzzle.height, lines, ranked)
    axis, index, runs, line = lines[order]
    return _hint(logic, axis, index, runs, line, best, then)


def line_hint(
    axis: Axis, index: int, runs: ColourClue, line: Sequence[int], colours: int = 1
) -> Hint | None:
    """The best deduction on one line alone (for tests and lessons), or None."""
    logic = logic_for(colours)
    found = _line_deductions(logic, axis, runs, tuple(line), ())
    if not found:
        return None
    best = min(found, key=lambda item: (*item.rank, -len(item.given)))
    return _hint(logic, axis, index, runs, tuple(line), best, "")


def _line_deductions(
    logic: LineLogic, axis: Axis, runs: ColourClue, line: Domains, names: Sequence[str]
) -> list[_Found] | None:
    """Every deduction on one line, or None when its marks contradict its runs."""
    if logic is BINARY:
        clue = tuple(length for length, _ in runs)
        named = deductions(axis, clue, line_codes(line))
        if named is None:
            return None
        return [
            _Found(
                item.rank,
                item.technique,
                tuple((p, 1) for p in bit_positions(item.filled))
                + tuple((p, 0) for p in bit_positions(item.empty)),
                item.reason,
                item.blank,
            )
            for item in named
        ]
    return _colour_deductions(logic, axis, runs, line, names)


def _colour_deductions(
    logic: LineLogic, axis: Axis, runs: ColourClue, line: Domains, names: Sequence[str]
) -> list[_Found] | None:
    """A colour line's deduction in words: the colour with the most cells given first (a
    player paints one colour at a time), else the cells no run can reach."""
    solved = logic.solve(runs, line)
    if solved is None:
        return None
    given = [
        (position, value)
        for position, (before, after) in enumerate(zip(line, solved, strict=True))
        if single(before) is None and (value := single(after)) is not None
    ]
    if not given:
        return []
    blank = all(single(domain) is None for domain in line)
    painted = [item for item in given if item[1]]
    if painted:
        counts: dict[int, int] = {}
        for _position, colour in painted:
            counts[colour] = counts.get(colour, 0) + 1
        colour = max(counts, key=lambda c: (counts[c], -c))
        chosen = tuple(item for item in painted if item[1] == colour)
        technique: Technique = "overlap" if blank else "general"
        reason = _cover_text(axis, runs, chosen, colour, names, blank)
        return [_Found((0, FILL_RANK[technique]), technique, chosen, reason, blank)]
    cells = spans_text(axis, [p for p, _ in given])
    if not runs:
        technique, reason = "zero", _("its clue is 0, so {cells} stay empty").format(cells=cells)
    else:
        technique = "reach"
        reason = _("no run can reach {cells}, so they are background").format(cells=cells)
    return [_Found((1, CROSS_RANK[technique]), technique, tuple(given), reason, blank)]


def _cover_text(
    axis: Axis,
    runs: ColourClue,
    given: Sequence[tuple[int, int]],
    colour: int,
    names: Sequence[str],
    blank: bool,
) -> str:
    name = (
        names[colour - 1] if colour - 1 < len(names) else _("colour {number}").format(number=colour)
    )
    cells = spans_text(axis, [p for p, _ in given])
    same = [length for length, c in runs if c == colour]
    if len(same) == 1:
        if blank:
            text = _("the {colour} {length} must cover {cells} wherever it sits")
        else:
            text = _("the {colour} {length} must cover {cells}")
        return text.format(colour=name, length=same[0], cells=cells)
    lengths = ", ".join(map(str, same))
    return _("one of the {colour} runs ({lengths}) must cover {cells}").format(
        colour=name, lengths=lengths, cells=cells
    )


def _leading_cross(
    logic: LineLogic,
    height: int,
    lines: list[tuple[Axis, int, ColourClue, Domains]],
    ranked: list[tuple[tuple[int, int, int, int], int, _Found]],
) -> tuple[_Found, int, str]:
    """Among cross-only deductions (in rank order), the first whose crosses let a crossing
    line paint a cell, with the words for that next step; else the first."""
    for _key, order, item in ranked:
        axis, index, _runs, _line = lines[order]
        for position, _colour in item.given:
            other = height + position if axis == "row" else position
            cross_axis, cross_index, cross_runs, cross_line = lines[other]
            at = index  # where this line meets the crossing one
            changed = list(cross_line)
            changed[at] = BACKGROUND
            solved = logic.solve(cross_runs, changed)
            if solved is None:
                continue
            painted = sum(
                1
                for before, after in zip(changed, solved, strict=True)
                if single(before) is None and (single(after) or 0) > 0
            )
            if painted:
                line = line_name(cross_axis, cross_index)
                if logic is BINARY:
                    then = ngettext(
                        "then {line} can fill a cell", "then {line} can fill {count} cells", painted
                    )
                else:
                    then = ngettext(
                        "then {line} can paint a cell",
                        "then {line} can paint {count} cells",
                        painted,
                    )
                then = then.format(line=line, count=painted)
                return item, order, then
    _key, order, item = ranked[0]
    return item, order, ""


def _hint(
    logic: LineLogic,
    axis: Axis,
    index: int,
    runs: ColourClue,
    line: Domains,
    found: _Found,
    then: str,
) -> Hint:
    def place(position: int) -> tuple[int, int]:
        return (position, index) if axis == "row" else (index, position)

    painted = [(p, c) for p, c in found.given if c]
    crossed = [(p, c) for p, c in found.given if not c]
    cells = tuple((*place(p), fill_value(c)) for p, c in painted + crossed)
    bounds = _bounds(logic, runs, line, found.blank)
    text = f"{line_name(axis, index)}: {found.reason}" + (f"; {then}" if then else "")
    return Hint(
        axis=axis,
        index=index,
        runs=runs,
        technique=found.technique,
        text=text,
        cells=cells,
        line=line,
        leftmost=tuple(first for first, _last in bounds),
        rightmost=tuple(last for _first, last in bounds),
    )


def _bounds(
    logic: LineLogic, runs: ColourClue, line: Domains, blank: bool
) -> Sequence[tuple[int, int]]:
    """Each run's leftmost and rightmost start: over the empty line, or among the
    placements that fit the marks."""
    if logic is BINARY:
        clue = tuple(length for length, _ in runs)
        if blank or not clue:
            return blank_bounds(clue, len(line))
        analysis = analyse_line(clue, line_codes(line))
        assert analysis is not None  # the deduction found the line consistent
        return marked_bounds(analysis)
    colours = max((colour for _, colour in runs), default=1)
    seen = tuple(full_domain(colours) for _ in line) if blank else line
    starts = logic.starts(runs, seen)
    assert starts is not None  # the deduction found the line consistent
    return run_bounds(starts)


def placed_runs(runs: ColourClue, shown: Sequence[int], colours: int = 1) -> set[int]:
    """Indices of the runs whose place the marks prove and the player has painted.

    ``shown`` is the line's marks as colours (-1 unknown, 0 crossed, ``c`` colour ``c``;
    trial marks count). A run counts when, given the marks, it has exactly one possible
    start and every cell of it shows its colour. Marks that contradict the runs prove
    nothing: the answer is then empty.
    """
    logic = logic_for(colours)
    starts = logic.starts(runs, domains_of(shown, colours))
    if starts is None:
        return set()
    placed = set()
    for run, ((length, colour), mask) in enumerate(zip(runs, starts, strict=True)):
        if mask and not mask & (mask - 1):
            start = mask.bit_length() - 1
            if all(value == colour for value in shown[start : start + length]):
                placed.add(run)
    return placed
