"""A colour nonogram as an OR-tools CP-SAT model, to check our colour engine's verdicts.

Each cell is an integer 0..k (0 the background, 1..k the palette's colours); each line's
clue is an automaton over those values (``AddAutomaton``): a run of colour c is c repeated
its length; two runs of the same colour have at least one background cell between them,
runs of different colours may touch. The verdict counts up to two solutions: the first
solve, then the same model with that solution shut out. OR-tools is for benchmarks only
(``python3 -m pip install ortools``); ``benchmarks/solve_colour.py --cpsat`` uses this.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from game.core.puzzle import Puzzle


def colour_automaton(
    lengths: Sequence[int], colours: Sequence[int]
) -> tuple[list[tuple[int, int, int]], list[int]]:
    """The clue as transitions (state, cell value, next state) from state 0, and the final
    states. Deterministic: the next run's first cell leaves the gap state, or the last cell
    of a run of another colour."""
    transitions = [(0, 0, 0)]
    finals = [0]
    fresh = 1
    entry = [0]  # states the next run may start from
    last_end, last_gap, last_colour = -1, 0, -1
    for index, (length, colour) in enumerate(zip(lengths, colours, strict=True)):
        if index:
            entry = [last_gap] + ([last_end] if colour != last_colour else [])
        first = fresh
        fresh += 1
        transitions += [(state, colour, first) for state in entry]
        state = first
        for _ in range(length - 1):
            transitions.append((state, colour, fresh))
            state, fresh = fresh, fresh + 1
        gap = fresh
        fresh += 1
        transitions += [(state, 0, gap), (gap, 0, gap)]
        finals = [state, gap]
        last_end, last_gap, last_colour = state, gap, colour
    return transitions, finals


def line_colours(puzzle: Puzzle, axis: str, index: int) -> list[int]:
    """The colour of each run of a line (all 1 for black and white)."""
    table = puzzle.row_colours if axis == "row" else puzzle.column_colours
    clue = puzzle.row_clues[index] if axis == "row" else puzzle.column_clues[index]
    return [1] * len(clue) if table is None else list(table[index])


def cpsat_verdict(puzzle: Puzzle, timeout: float) -> tuple[str, float]:
    """ "none", "unique", "multiple" or "unknown", and the CPU seconds CP-SAT took (one
    worker, as our engine)."""
    from ortools.sat.python import cp_model

    colours = max(1, puzzle.colour_count)
    model: Any = cp_model.CpModel()
    cells = [
        [model.NewIntVar(0, colours, f"r{y}c{x}") for x in range(puzzle.width)]
        for y in range(puzzle.height)
    ]
    for y, clue in enumerate(puzzle.row_clues):
        transitions, finals = colour_automaton(clue, line_colours(puzzle, "row", y))
        model.AddAutomaton(cells[y], 0, finals, transitions)
    for x, clue in enumerate(puzzle.column_clues):
        transitions, finals = colour_automaton(clue, line_colours(puzzle, "column", x))
        model.AddAutomaton([row[x] for row in cells], 0, finals, transitions)
    solver: Any = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = timeout
    start = time.process_time()
    status = solver.Solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        verdict = "none" if status == cp_model.INFEASIBLE else "unknown"
        return verdict, time.process_time() - start
    differs = []
    for row in cells:
        for cell in row:
            value = solver.Value(cell)
            other = model.NewBoolVar("")
            model.Add(cell != value).OnlyEnforceIf(other)
            model.Add(cell == value).OnlyEnforceIf(other.Not())
            differs.append(other)
    model.AddBoolOr(differs)
    solver.parameters.max_time_in_seconds = max(0.01, timeout - (time.process_time() - start))
    status = solver.Solve(model)
    verdict = {cp_model.INFEASIBLE: "unique", cp_model.OPTIMAL: "multiple"}.get(status, "unknown")
    if status == cp_model.FEASIBLE:
        verdict = "multiple"
    return verdict, time.process_time() - start
