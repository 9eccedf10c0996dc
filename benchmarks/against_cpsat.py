"""Our engine against OR-tools CP-SAT, puzzle by puzzle: time, and contradictions met.

    python3 -m pip install ortools     # for this benchmark only: not a dependency of the game
    python3 benchmarks/against_cpsat.py ../shared/puzzles/taai2011 --only taai2011_05 --first

Both run on one core: our engine in this thread (CPU seconds), CP-SAT with one search worker
(CPU seconds of this process, which its threads count in). For each puzzle: each one's verdict,
seconds and contradictions (ours: the engine's backtracks, every contradiction it learned
from; CP-SAT: its conflicts), and each one's contradictions a second. Then totals, and two
ratios that tell apart what a search knows from how fast it runs:

- *contradictions, ours / CP-SAT* (median): below 1, our search needs fewer dead ends than
  CP-SAT's clause learning; above 1, more.
- *contradictions a second, CP-SAT / ours* (median): how much faster CP-SAT meets them.

``--first`` stops at the first solution (what the tournaments time, and where the hardest
TAAI puzzles spend their time); without it each finds up to two, the verdict the game asks
for (CP-SAT: a second solve that shuts the first solution out).

CP-SAT's model: one Boolean a cell and, per line, the clue as an automaton over the line's
cells (``AddAutomaton``), the regular-constraint model of the OR-tools nonogram examples.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solve_corpus import _percentile, _puzzles, corpus_parser  # type: ignore[import-not-found]

from game.core.puzzle import Puzzle
from game.core.solver import solve_steps
from game.core.solver.steps import Finished

# Puzzles whose ratios count: both met at least this many contradictions (a few, or none,
# make ratios of noise).
RATIO_FROM = 50


class _Run(NamedTuple):
    verdict: str  # unique, multiple, none, one (--first: a solution), unknown (timed out)
    seconds: float
    contradictions: int


def _ours(puzzle: Puzzle, timeout: float, first: bool, watch: bool = True) -> _Run:
    start = time.thread_time()
    for step in solve_steps(
        puzzle,
        max_solutions=1 if first else 2,
        timeout=timeout,
        clock=time.thread_time,
        watch=watch,
    ):
        if isinstance(step, Finished):
            result = step.result
    seconds = time.thread_time() - start
    verdict = result.status
    if first and result.solutions:
        verdict = "one"
    elif result.timed_out and verdict != "multiple":
        verdict = "unknown"
    return _Run(verdict, seconds, result.stats.backtracks)


def _automaton(clue: tuple[int, ...]) -> tuple[list[tuple[int, int, int]], list[int]]:
    """The clue as transitions (state, cell value, next state) from state 0, and the final
    states: a run of zeros, each block's ones, one zero or more between blocks."""
    transitions = [(0, 0, 0)]
    finals = [0]
    state = 0
    fresh = 1
    for block in clue:
        for _ in range(block):
            transitions.append((state, 1, fresh))
            state, fresh = fresh, fresh + 1
        gap = fresh
        fresh += 1
        transitions += [(state, 0, gap), (gap, 0, gap)]
        finals = [state, gap]
        state = gap
    return transitions, finals


def _cpsat(cp_model: Any, puzzle: Puzzle, timeout: float, first: bool) -> _Run:
    model = cp_model.CpModel()
    cells = [
        [model.NewBoolVar(f"r{y}c{x}") for x in range(puzzle.width)] for y in range(puzzle.height)
    ]
    for y, clue in enumerate(puzzle.row_clues):
        transitions, finals = _automaton(clue)
        model.AddAutomaton(cells[y], 0, finals, transitions)
    for x, clue in enumerate(puzzle.column_clues):
        transitions, finals = _automaton(clue)
        model.AddAutomaton([row[x] for row in cells], 0, finals, transitions)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    start = time.process_time()
    solver.parameters.max_time_in_seconds = timeout
    status = solver.Solve(model)
    contradictions = solver.NumConflicts()
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        verdict = "none" if status == cp_model.INFEASIBLE else "unknown"
        return _Run(verdict, time.process_time() - start, contradictions)
    if first:
        return _Run("one", time.process_time() - start, contradictions)
    # Shut the solution out: some cell must differ.
    model.AddBoolOr([cell.Not() if solver.Value(cell) else cell for row in cells for cell in row])
    solver.parameters.max_time_in_seconds = max(0.01, timeout - (time.process_time() - start))
    status = solver.Solve(model)
    contradictions += solver.NumConflicts()
    verdict = {cp_model.INFEASIBLE: "unique", cp_model.OPTIMAL: "multiple"}.get(status, "unknown")
    if status == cp_model.FEASIBLE:
        verdict = "multiple"
    return _Run(verdict, time.process_time() - start, contradictions)


def _rate(run: _Run) -> float:
    return run.contradictions / max(run.seconds, 1e-3)


def main(argv: list[str] | None = None) -> int:
    parser = corpus_parser(__doc__.splitlines()[0], 10.0)
    parser.add_argument("--names", nargs="*", default=None, help="only these puzzle names")
    parser.add_argument("--first", action="store_true", help="stop at the first solution")
    parser.add_argument(
        "--unwatched",
        action="store_true",
        help="ask our engine for no steps of propagation, as a verdict caller does (the "
        "same search and statistics; the compiled engine then runs each propagation in one go)",
    )
    args = parser.parse_args(argv)
    try:
        from ortools.sat.python import cp_model
    except ImportError:
        print("against_cpsat: needs OR-tools: python3 -m pip install ortools", file=sys.stderr)
        return 2
    if not args.folder.exists():
        print(f"against_cpsat: {args.folder}: no such folder or file", file=sys.stderr)
        return 2
    runs: list[tuple[str, _Run, _Run]] = []
    from game.core.solver.kernel import engine_name

    watched = "unwatched" if args.unwatched else "watched"
    print(f"engine: {engine_name()} (HANJIE_PURE=1 forces python), {watched}")
    print(
        f"{'puzzle':36} {'ours':>8} {'s':>7} {'contr.':>7} {'/s':>6}   {'cp-sat':>8} "
        f"{'s':>7} {'contr.':>7} {'/s':>6}"
    )
    for name, puzzle in _puzzles(args.folder, args.limit):
        if (args.only and args.only not in name) or (args.names and name not in args.names):
            continue
        if isinstance(puzzle, str):
            print(f"{name:36} unreadable: {puzzle}", flush=True)
            continue
        ours = _ours(puzzle, args.timeout, args.first, not args.unwatched)
        theirs = _cpsat(cp_model, puzzle, args.timeout, args.first)
        runs.append((name, ours, theirs))
        print(
            f"{name:36} {ours.verdict:>8} {ours.seconds:7.2f} {ours.contradictions:7d} "
            f"{_rate(ours):6.0f}   {theirs.verdict:>8} {theirs.seconds:7.2f} "
            f"{theirs.contradictions:7d} {_rate(theirs):6.0f}",
            flush=True,
        )
    if not runs:
        print("against_cpsat: no puzzle matched", file=sys.stderr)
        return 2
    for label, pick in (("ours", 1), ("CP-SAT", 2)):
        seconds = [run[pick].seconds for run in runs]
        late = [run[0] for run in runs if run[pick].verdict == "unknown"]
        print(
            f"{label:7} total {sum(seconds):8.1f} s  median {statistics.median(seconds):6.2f}  "
            f"p90 {_percentile(seconds, 0.9):6.2f}  max {max(seconds):6.2f}  "
            f"timeouts {len(late)}{': ' + ' '.join(late) if late else ''}"
        )
    both = [
        (ours, theirs)
        for _name, ours, theirs in runs
        if "unknown" not in {ours.verdict, theirs.verdict}
        and min(ours.contradictions, theirs.contradictions) >= RATIO_FROM
    ]
    if both:
        fewer = statistics.median(o.contradictions / max(t.contradictions, 1) for o, t in both)
        faster = statistics.median(_rate(t) / max(_rate(o), 1e-9) for o, t in both)
        print(
            f"over the {len(both)} both settled with {RATIO_FROM}+ contradictions each: "
            f"contradictions, ours / CP-SAT, median {fewer:.2f}; "
            f"contradictions a second, CP-SAT / ours, median {faster:.1f}"
        )
    differ = [
        name
        for name, ours, theirs in runs
        if "unknown" not in {ours.verdict, theirs.verdict} and ours.verdict != theirs.verdict
    ]
    if differ:
        print(f"VERDICTS DIFFER: {' '.join(differ)}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
