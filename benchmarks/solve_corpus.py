"""Solve every puzzle of a folder (or a TAAI question file) and print the figures.

    python3 benchmarks/solve_corpus.py ../shared/puzzles/corpus --timeout 60
    python3 benchmarks/solve_corpus.py ../shared/puzzles/taai2011 --limit 100 --timeout 10

For each puzzle: seconds, verdict (and the expected one when the folder has a verdicts.tsv),
the engine's statistics, the longest single step (the longest wait for one ``next()`` on
the step generator) and when the first solution came. Then totals: median, 90th percentile,
timeouts (and how many of them had not found any solution), disagreements.
A folder holding ``questions.txt`` is read as TAAI 2011 tournament questions.

Seconds belong to the machine they were measured on. To hold today's figures against ones
measured elsewhere (an issue's targets), first run the commit those came from on this machine
(``git archive <commit> | tar -x -C /tmp/then``, then its own copy of this script) and compare
the two runs here: the machines this project was measured on have differed by up to 2.7x.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.formats import FormatError, read_puzzle
from game.core.puzzle import Puzzle, PuzzleError
from game.core.solver import solve_steps
from game.core.solver.result import SolveResult
from game.core.solver.steps import Finished, SolutionFound


def _puzzles(folder: Path, limit: int | None) -> Iterator[tuple[str, Puzzle | str]]:
    """(name, puzzle) pairs; a puzzle that cannot be read comes as (name, reason)."""
    questions = folder / "questions.txt" if folder.is_dir() else folder
    if questions.name == "questions.txt" and questions.is_file():
        from game.core.formats.taai import read_taai_questions

        text = questions.read_text(encoding="utf-8")
        for count, puzzle in enumerate(read_taai_questions(text, str(questions)), start=1):
            if limit is not None and count > limit:
                return
            yield f"taai2011_{count:04d}", puzzle
        return
    files = sorted(path for path in folder.iterdir() if path.is_file() and path.suffix != ".tsv")
    for count, path in enumerate(files):
        if limit is not None and count >= limit:
            return
        try:
            yield path.stem, read_puzzle(path)
        except (FormatError, PuzzleError, OSError) as error:
            yield path.stem, str(error)


def _expected(folder: Path) -> dict[str, str]:
    table = folder / "verdicts.tsv"
    if not table.is_file():
        return {}
    verdicts = {}
    for line in table.read_text().splitlines()[1:]:
        fields = line.split("\t")
        if len(fields) >= 5:
            verdicts[fields[0]] = fields[4]
    return verdicts


class _CollectorClock:
    """CPU seconds the cyclic garbage collector has spent, summed (a gc callback)."""

    def __init__(self) -> None:
        self.total = 0.0
        self._started = 0.0

    def __call__(self, phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.thread_time()
        else:
            self.total += time.thread_time() - self._started


_COLLECTOR = _CollectorClock()
gc.callbacks.append(_COLLECTOR)


class _Timing(NamedTuple):
    result: SolveResult
    wall: float
    cpu: float
    # The longest single step: wall and CPU seconds, and CPU seconds less garbage collection.
    step_wall: float
    step_cpu: float
    step_work: float
    # Seconds (on the limit's clock) until the first solution, or None when none was found.
    first: float | None


def _timed_solve(
    puzzle: Puzzle, timeout: float | None, cpu_clock: bool = False, watch: bool = True
) -> _Timing:
    """The result, wall and CPU seconds, the longest single step (wall and CPU seconds, and
    CPU seconds less garbage collection) and when the first solution came.

    The machine is shared, so a step's wall time can include time other processes ran; its
    CPU time (this thread's) cannot. A full collection walks the whole interpreter's heap
    (about 5 ms here for the 21,000 objects imports leave), whichever step it lands in; the
    engine keeps no containers for it to walk, so the CPU time less collections is the
    figure that shows the engine's own cost.
    """
    longest_wall = longest_cpu = longest_work = 0.0
    result: SolveResult | None = None
    first: float | None = None
    start = time.perf_counter()
    start_cpu = time.thread_time()
    before, before_cpu, before_gc = start, start_cpu, _COLLECTOR.total
    clock = time.thread_time if cpu_clock else time.perf_counter
    for step in solve_steps(puzzle, timeout=timeout, clock=clock, watch=watch):
        now, now_cpu = time.perf_counter(), time.thread_time()
        longest_wall = max(longest_wall, now - before)
        longest_cpu = max(longest_cpu, now_cpu - before_cpu)
        longest_work = max(longest_work, now_cpu - before_cpu - (_COLLECTOR.total - before_gc))
        if isinstance(step, Finished):
            result = step.result
        elif first is None and isinstance(step, SolutionFound):
            first = now_cpu - start_cpu if cpu_clock else now - start
        before, before_cpu, before_gc = time.perf_counter(), time.thread_time(), _COLLECTOR.total
    assert result is not None
    wall = time.perf_counter() - start
    cpu = time.thread_time() - start_cpu
    return _Timing(result, wall, cpu, longest_wall, longest_cpu, longest_work, first)


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def corpus_parser(description: str, timeout: float) -> argparse.ArgumentParser:
    """The arguments every corpus benchmark takes: the folder (or questions.txt), the time
    limit a puzzle, and which puzzles (the first N, names containing a text)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("folder", type=Path, help="a folder of puzzles or of questions.txt")
    parser.add_argument("--timeout", type=float, default=timeout, help="seconds per puzzle")
    parser.add_argument("--limit", type=int, default=None, help="only the first N puzzles")
    parser.add_argument("--only", default=None, help="only names containing this text")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = corpus_parser(__doc__.splitlines()[0], 60.0)
    parser.add_argument(
        "--cpu-clock",
        action="store_true",
        help="the time limit counts this thread's CPU seconds, not wall seconds (fairer on "
        "a loaded machine; the summary then also quotes CPU seconds)",
    )
    parser.add_argument(
        "--unwatched",
        action="store_true",
        help="ask the engine for no steps of propagation, as a verdict caller does (the same "
        "verdicts; the compiled engine then runs each propagation in one go)",
    )
    args = parser.parse_args(argv)

    expected = _expected(args.folder)
    seconds: list[float] = []
    line_only: list[float] = []
    timeouts: list[str] = []
    unsolved: list[str] = []  # timeouts that had not found any solution
    after_first: list[float] = []
    wrong: list[str] = []
    broken: list[str] = []
    unreadable: list[str] = []
    slowest_step = (0.0, 0.0, "")
    slowest_work = (0.0, "")
    from game.core.solver.kernel import engine_name

    watched = "unwatched" if args.unwatched else "watched"
    print(f"engine: {engine_name()} (HANJIE_PURE=1 forces python), {watched}")
    print(
        f"{'puzzle':44} {'size':>7} {'verdict':>8} {'expect':>8} {'seconds':>8} {'cpu':>8} "
        f"{'step ms':>7} {'cpu ms':>6} {'first':>7}  lines/hits/probes/guesses/depth"
    )
    for name, puzzle in _puzzles(args.folder, args.limit):
        if args.only and args.only not in name:
            continue
        if isinstance(puzzle, str):
            unreadable.append(name)
            print(f"{name:44} unreadable: {puzzle}", flush=True)
            continue
        # What exists now (imports, earlier results, this puzzle) is not the engine's garbage:
        # frozen, a full collection during the solve walks only what the solve makes.
        gc.freeze()
        timing = _timed_solve(puzzle, args.timeout, args.cpu_clock, not args.unwatched)
        result, wall, cpu, step_wall, step_cpu, step_work, first = timing
        stats = result.stats
        seconds.append(cpu if args.cpu_clock else wall)
        if stats.solved_by_lines:
            line_only.append(seconds[-1])
        if result.timed_out:
            timeouts.append(name)
            if first is None:
                unsolved.append(name)
        elif first is not None and result.status == "multiple":
            # How much of the time went to the second solution (or to proving none).
            after_first.append(seconds[-1] - first)
        want = expected.get(name, "")
        if want and result.status != "unknown" and result.status != want:
            wrong.append(name)
        if not all(puzzle.is_solution(solution) for solution in result.solutions):
            broken.append(name)
        if step_cpu > slowest_step[1]:
            slowest_step = (step_wall, step_cpu, name)
        if step_work > slowest_work[0]:
            slowest_work = (step_work, name)
        print(
            f"{name[:44]:44} {puzzle.size_text:>7} {result.status:>8} {want or '-':>8} "
            f"{wall:8.3f} {cpu:8.3f} {step_wall * 1000:7.2f} {step_cpu * 1000:6.2f} "
            f"{'-' if first is None else format(first, '7.3f'):>7}  "
            f"{stats.lines_solved}/{stats.cache_hits}/{stats.probes}/{stats.guesses}/"
            f"{stats.max_depth}",
            flush=True,
        )
    if not seconds:
        print("no puzzles solved")
        return 1
    print()
    print(f"puzzles: {len(seconds)} solved or timed out, {len(unreadable)} unreadable")
    print(
        f"{'CPU ' if args.cpu_clock else ''}seconds: median {statistics.median(seconds):.3f}, "
        f"p90 {_percentile(seconds, 0.9):.3f}, max {max(seconds):.3f}, total {sum(seconds):.1f}"
    )
    if line_only:
        print(
            f"line-solvable: {len(line_only)}, median {statistics.median(line_only) * 1000:.1f} ms"
        )
    print(f"timeouts ({args.timeout:g} s): {len(timeouts)} {' '.join(timeouts)}")
    if timeouts:
        print(f"timeouts without a first solution: {len(unsolved)} of {len(timeouts)}")
    if after_first:
        print(
            f"puzzles with several solutions: {len(after_first)}, seconds after the first "
            f"solution: median {statistics.median(after_first):.3f}, max {max(after_first):.3f}"
        )
    print(
        f"longest single step: {slowest_step[1] * 1000:.2f} ms CPU "
        f"({slowest_step[0] * 1000:.2f} ms wall) in {slowest_step[2]}"
    )
    print(
        f"longest single step less garbage collection: {slowest_work[0] * 1000:.2f} ms CPU "
        f"in {slowest_work[1]}"
    )
    print(f"solutions breaking a clue: {len(broken)} {' '.join(broken)}")
    if expected:
        print(f"verdicts differing from verdicts.tsv: {len(wrong)} {' '.join(wrong)}")
    return 1 if wrong or broken else 0


if __name__ == "__main__":
    sys.exit(main())
