"""The compiled kernel against its pure-Python twin (issue 32): the same line outcomes, the same
explanations, and so the same engine: verdicts, solution sets, statistics and step streams
on thousands of random puzzles. Seeded generators, so a failure names its case.

Skipped where the kernel is not built, unless HANJIE_REQUIRE_KERNEL=1 (CI sets it: there
a missing kernel is a failure, not a skip).
"""

from __future__ import annotations

import functools
import itertools
import random
import sys
from collections.abc import Iterator
from types import ModuleType

import pytest

from game.core.lines import runs_of
from game.core.puzzle import Puzzle
from game.core.solver import engine_learn, engine_probe, kernel, nogoods, solve_steps
from game.core.solver.colour_line import solve_colour_line
from game.core.solver.engine import _Engine
from game.core.solver.engine_state import EngineState, EngineTimeout
from game.core.solver.line import SIZE, LineSolver, forced_cells, pack_outcome, smallest_reason
from game.core.solver.options import SolveOptions
from game.core.solver.steps import Finished, Learned, RootSettled, SolutionFound, Step


def _clue_and_line(rng: random.Random, length: int) -> tuple[tuple[int, ...], bytes]:
    """A clue (of a random picture, or random runs that may not fit) and a partly known line
    (cells of that picture, or random codes that may contradict)."""
    picture = [rng.random() < 0.55 for _ in range(length)]
    clue = runs_of(picture)
    if rng.random() < 0.2:
        clue = tuple(rng.randint(1, max(1, length // 3)) for _ in range(rng.randint(0, 4)))
    known = rng.random()
    if rng.random() < 0.8:
        cells = [(1 if cell else 2) if rng.random() < known else 0 for cell in picture]
    else:
        cells = [rng.choice((0, 0, 1, 2)) for _ in range(length)]
    return clue, bytes(cells)


def test_the_line_solver_agrees_on_random_lines(compiled: ModuleType) -> None:
    """Lengths around the word kernel's eight-cell chunks (line_masks) and its last one, 62."""
    rng = random.Random(32)
    for case in range(20_000):
        length = rng.choice(
            (0, 1, 2, 3, 5, 7, 8, 9, 10, 15, 16, 17, 20, 25, 30, 40, 55, 61, 62, 64, 65)
        )
        clue, line = _clue_and_line(rng, length)
        expected = pack_outcome(forced_cells(clue, line), length)
        assert compiled.forced_packed(clue, line) == expected, (case, clue, line)


def test_the_line_solver_agrees_on_wide_lines(compiled: ModuleType) -> None:
    # Lines of 256 cells and more pack two bytes an index.
    rng = random.Random(256)
    for case in range(200):
        length = rng.choice((255, 256, 300, 512))
        clue, line = _clue_and_line(rng, length)
        expected = pack_outcome(forced_cells(clue, line), length)
        assert compiled.forced_packed(clue, line) == expected, (case, clue)


def test_the_line_solver_agrees_on_lines_longer_than_a_word(compiled: ModuleType) -> None:
    """Lines of 63 cells and more go through the word-array sweeps (``_kernel_long.h``):
    every length around a word boundary, many runs (over 64 on the longest), lines that do
    not fit, fully known lines."""
    rng = random.Random(63)
    checked_runs = 0
    for case in range(2500):
        length = rng.choice((63, 64, 65, 70, 99, 127, 128, 129, 191, 192, 193, 200))
        clue, line = _clue_and_line(rng, length)
        if rng.random() < 0.05:
            line = bytes(1 if rng.random() < 0.5 else 2 for _ in range(length))
        expected = pack_outcome(forced_cells(clue, line), length)
        assert compiled.forced_packed(clue, line) == expected, (case, clue, line)
        checked_runs = max(checked_runs, len(clue))
    many = tuple([1] * 70)
    line = bytes(rng.choice((0, 0, 0, 2)) for _ in range(150))
    assert compiled.forced_packed(many, line) == pack_outcome(forced_cells(many, line), 150)
    assert checked_runs >= 20, checked_runs


def test_every_line_of_up_to_eight_cells_agrees(compiled: ModuleType) -> None:
    """Exhaustive where it is cheap: every clue that fits and every line state."""
    for length in range(9):
        clues = {runs_of(bits) for bits in itertools.product((0, 1), repeat=length)}
        for clue in clues:
            for cells in itertools.product((0, 1, 2), repeat=length):
                line = bytes(cells)
                expected = pack_outcome(forced_cells(clue, line), length)
                assert compiled.forced_packed(clue, line) == expected, (clue, line)


def test_the_reason_search_agrees(compiled: ModuleType) -> None:
    rng = random.Random(7)
    checked = 0
    while checked < 3000:
        length = rng.randint(1, compiled.MAX_WORD_LINE)
        clue, line = _clue_and_line(rng, length)
        filled = sum(1 << i for i, code in enumerate(line) if code == 1)
        empty = sum(1 << i for i, code in enumerate(line) if code == 2)
        if forced_cells(clue, line) is not None:
            continue  # the reason search is asked about lines that do not fit
        order = [i for i, code in enumerate(line) if code]
        rng.shuffle(order)
        expected = smallest_reason(clue, length, filled, empty, order)
        assert compiled.smallest_reason(clue, length, filled, empty, order) == expected
        checked += 1


def test_the_reason_search_on_long_lines_agrees(compiled: ModuleType) -> None:
    """The word-array reason search (``_kernel_long.h``) against line.smallest_reason on
    lines of 0 to 300 cells (around every word boundary), the one-word kernel's too; every
    case a contradiction, as the engine asks, and as many that fit (nothing to drop there
    but the cells the order does not name)."""
    rng = random.Random(70)
    contradictions = 0
    for case in range(2500):
        length = rng.choice((0, 1, 5, 62, 63, 64, 65, 70, 99, 126, 127, 128, 129, 200, 300))
        clue, line = _clue_and_line(rng, length)
        filled = sum(1 << i for i, code in enumerate(line) if code == 1)
        empty = sum(1 << i for i, code in enumerate(line) if code == 2)
        order = [i for i, code in enumerate(line) if code]
        rng.shuffle(order)
        order = [*order[: rng.randint(0, len(order))], length + 5]
        expected = smallest_reason(clue, length, filled, empty, order)
        assert compiled.long_smallest_reason(clue, length, filled, empty, order) == expected, (
            case,
            clue,
            line,
        )
        contradictions += forced_cells(clue, line) is None
    assert contradictions > 500, contradictions
    with pytest.raises(OverflowError):
        compiled.long_smallest_reason((1,), 3, -1, 0, [0])


def _placements(lengths: list[int], colours: list[int], size: int) -> Iterator[list[int]]:
    """Every colour line of ``size`` cells with these runs (0 background), by brute force."""
    for cells in itertools.product(range(max(colours, default=0) + 1), repeat=size):
        runs: list[tuple[int, int]] = []
        previous = 0
        for cell in cells:
            if cell and cell == previous:
                runs[-1] = (runs[-1][0] + 1, cell)
            elif cell:
                runs.append((1, cell))
            previous = cell
        if [run for run, _ in runs] == lengths and [colour for _, colour in runs] == colours:
            yield list(cells)


def test_the_colour_line_solver_matches_brute_force(compiled: ModuleType) -> None:
    """The kernel's cell is a domain of colours (bit 0 background): colour lines, checked
    against every placement, so a colour engine can run on the same core."""
    rng = random.Random(31)
    for case in range(400):
        size = rng.randint(0, 7)
        colours_in_use = rng.randint(1, 3)
        picture = [rng.choice([0] * 2 + list(range(1, colours_in_use + 1))) for _ in range(size)]
        lengths: list[int] = []
        colours: list[int] = []
        previous = 0
        for cell in picture:
            if cell and cell == previous:
                lengths[-1] += 1
            elif cell:
                lengths.append(1)
                colours.append(cell)
            previous = cell
        full = (1 << (colours_in_use + 1)) - 1
        domains = tuple(
            full if rng.random() < 0.6 else (rng.randint(1, full) | (1 << cell)) for cell in picture
        )
        if rng.random() < 0.2:  # domains that may rule the picture out
            domains = tuple(rng.randint(1, full) for _ in picture)
        fitting = [
            cells
            for cells in _placements(lengths, colours, size)
            if all(domains[i] >> cell & 1 for i, cell in enumerate(cells))
        ]
        answer = compiled.line_domains(tuple(lengths), tuple(colours), domains)
        if not fitting:
            assert answer is None, (case, lengths, colours, domains)
            continue
        expected = tuple(sum({1 << cells[i] for cells in fitting}) for i in range(size))
        assert answer == expected, (case, lengths, colours, domains)


def _random_puzzle(rng: random.Random) -> Puzzle:
    width, height = rng.randint(2, 9), rng.randint(2, 9)
    density = rng.uniform(0.3, 0.7)
    grid = [[rng.random() < density for _ in range(width)] for _ in range(height)]
    return Puzzle.from_grid(grid, keep_goal=False)


def _run(puzzle: Puzzle, compiled: bool, watch: bool = True) -> list[object]:
    """The engine's step stream with the verdict (its seconds left out: time differs)."""
    was_compiled = kernel.engine_name() == kernel.COMPILED
    kernel.use(compiled)
    try:
        stream: list[object] = []
        step: Step
        for step in solve_steps(puzzle, max_solutions=3, watch=watch):
            if isinstance(step, Finished):
                result = step.result
                stats = result.stats.as_dict()
                stats.pop("seconds", None)
                solutions = sorted(solution.tobytes() for solution in result.solutions)
                stream.append((result.status, solutions, stats))
            else:
                stream.append(step)
        return stream
    finally:
        kernel.use(was_compiled)


def test_the_engine_agrees_on_random_puzzles(compiled: ModuleType) -> None:
    """Verdict, solution set, statistics and every step, compiled against pure."""
    rng = random.Random(2026)
    for case in range(1500):
        puzzle = _random_puzzle(rng)
        assert _run(puzzle, True) == _run(puzzle, False), case


def test_the_engine_agrees_where_search_and_learning_work(compiled: ModuleType) -> None:
    """Bigger sparse pictures: guesses, contradictions, nogoods and restarts in the stream."""
    rng = random.Random(13)
    searched = 0
    for case in range(16):
        size = rng.randint(12, 17)
        grid = [[rng.random() < 0.35 for _ in range(size)] for _ in range(size)]
        puzzle = Puzzle.from_grid(grid, keep_goal=False)
        compiled_stream = _run(puzzle, True)
        assert compiled_stream == _run(puzzle, False), case
        searched += any(type(step).__name__ == "Learned" for step in compiled_stream)
    assert searched >= 4, searched


def test_lookahead_picks_the_same_cells_compiled_and_pure(compiled: ModuleType) -> None:
    """The cells lookahead tries: activities with many equal scores (whole rows at zero,
    repeated values, known cells among them), compiled against the numpy twin, which
    orders them by score then tie key on any machine."""
    rng = random.Random(88)
    for case in range(300):
        width, height = rng.randint(1, 30), rng.randint(1, 30)
        puzzle = Puzzle.from_grid([[False] * width for _ in range(height)], keep_goal=False)
        engine = _Engine(puzzle, SolveOptions(2))
        engine._init_learning()
        assert engine.propagator is not None
        levels = [0.0, 0.0, 1.5, 3.0, rng.random()]
        for index in range(width * height):
            engine.activity[index] = rng.choice(levels) * rng.choice((1.0, 1e-90))
            if rng.random() < 0.3:
                engine.cells[index] = rng.choice((1, 2))
        for line in range(width + height):
            engine.line_weight[line] = rng.choice((1, 1, 2, 7, 10**6))
        engine.unknown = engine.cells.count(0)
        count = rng.choice((0, 1, 12, 16, width * height + 3))
        ours = engine._lookahead_candidates(count)
        propagator, engine.propagator = engine.propagator, None
        assert engine._lookahead_candidates(count) == ours, case
        engine.propagator = propagator
        assert len(ours) == min(count, engine.unknown)
        assert all(engine.cells[index] == 0 for index in ours)


def test_the_nogood_stores_keep_forget_and_rank_alike(compiled: ModuleType) -> None:
    """The compiled nogood store against nogoods.NogoodStore on random work: adds, bumps
    (with the rescale past 1e100), aging, cells set by rules (locked, so kept) and clean-ups.
    The same nogoods kept, in order, with their entries and activities to the bit."""
    rng = random.Random(591)
    dropped = rescaled = 0
    for case in range(40):
        cells = bytearray(rng.randint(3, 60))
        pure = nogoods.NogoodStore(cells, [])
        ours = compiled.NogoodStore(cells, 12)
        pure.limit = 12
        pairs: list[tuple[nogoods.Nogood, int]] = []
        for _ in range(400):
            roll = rng.random()
            if roll < 0.45:
                picked = rng.sample(range(len(cells)), rng.randint(2, min(8, len(cells))))
                entries = [index * 4 + rng.choice((1, 2)) for index in picked]
                permanent = rng.random() < 0.1
                pairs.append((pure.add(list(entries), permanent), ours.add(entries, permanent)))
            live = [pair for pair in pairs if not pair[0].dropped]
            if roll < 0.45:
                pass
            elif roll < 0.75 and live:
                pure_handle, our_handle = rng.choice(live)
                for _ in range(rng.choice((1, 1, 3))):
                    before = pure.bump_by
                    pure.bump(pure_handle)
                    ours.bump(our_handle)
                    rescaled += pure.bump_by < before
            elif roll < 0.85:
                for _ in range(rng.choice((1, 50, 100_000))):
                    pure.age()
                    ours.age()
            elif roll < 0.95 and live:
                pure_handle, our_handle = rng.choice(live)
                index = pure_handle.entries[0] >> 2
                cells[index] = rng.choice((0, 1, 2))
                pure.set_rule(index, pure_handle)
                ours.set_rule(index, our_handle)
            if pure.over_limit() or rng.random() < 0.02:
                assert ours.over_limit() == pure.over_limit(), case
                assert ours.reduce() == pure.reduce(), case
            assert ours.rules() == pure.rules(), case
            dropped += pure.forgotten
            assert (len(ours), ours.learned, ours.forgotten, ours.limit, ours.bump_by) == (
                len(pure),
                pure.learned,
                pure.forgotten,
                pure.limit,
                pure.bump_by,
            ), case
    assert dropped and rescaled, (dropped, rescaled)


def test_the_compiled_nogood_store_refuses_what_is_not_its_own(compiled: ModuleType) -> None:
    """One clear error for a bad entry or a nogood it never handed out; a compiled
    propagator will not run over the pure store."""
    store = compiled.NogoodStore(bytearray(4), 10)
    for entries in ([1], [1, 16], [3, 5], [-2, 5], [1, "5"]):
        with pytest.raises((ValueError, TypeError)):
            store.add(entries, False)
    assert len(store) == 0 and store.learned == 0
    first = store.add([1, 6], False)
    assert store.size(first) == 2 and store.entries(first) == [1, 6]
    for bogus in (-1, first + 1, 10**30):
        with pytest.raises((ValueError, OverflowError)):
            store.size(bogus)
    with pytest.raises(ValueError):
        store.set_rule(4, first)
    engine = _Engine(Puzzle.from_grid([[True, False]], keep_goal=False), SolveOptions(2))
    engine.nogoods = nogoods.NogoodStore(engine.cells, engine.trail)
    with pytest.raises(TypeError, match="compiled store"):
        compiled.Propagator(engine.kernel_state())
    # Objects by position only: the engine itself, or a state of another shape, is refused.
    for wrong in (engine, tuple(engine.kernel_state())[:-1]):
        with pytest.raises(TypeError, match="KernelState"):
            compiled.Propagator(wrong)


def _unwatched(stream: list[object]) -> list[object]:
    """What an unwatched solve gives of a stream: its solutions and the verdict (its
    heartbeats and its cells settled at the root left out)."""
    return [step for step in stream if isinstance(step, SolutionFound | tuple)]


def test_an_unwatched_engine_finds_the_same_as_a_watched_one(compiled: ModuleType) -> None:
    """Verdict callers ask for no steps (solve(), solve_steps(watch=False)): the compiled
    engine then runs each propagation in one go, and its solutions (in order), verdict and
    statistics are still those of the watched engine and of pure, watched or not."""
    rng = random.Random(32)
    learned = 0
    for case in range(60):
        if case % 4:
            puzzle = _random_puzzle(rng)
        else:
            size = rng.randint(12, 16)
            grid = [[rng.random() < 0.35 for _ in range(size)] for _ in range(size)]
            puzzle = Puzzle.from_grid(grid, keep_goal=False)
        unwatched = _run(puzzle, True, watch=False)
        watched = _run(puzzle, True)
        pure = _run(puzzle, False, watch=False)
        assert _unwatched(unwatched) == _unwatched(watched) == _unwatched(pure), case
        settled = [step for step in unwatched if isinstance(step, RootSettled)]
        assert settled == [step for step in pure if isinstance(step, RootSettled)], case
        learned += any(isinstance(step, Learned) for step in watched)
    assert learned >= 3, learned


def test_a_compiled_probing_round_paused_and_cut_short_agrees_with_pure(
    compiled: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Unwatched, the kernel runs each probing round (Propagator.probe_scan), handing back
    every SCAN_PAUSE fresh probes and giving a round up after PROBE_PATIENCE fruitless ones:
    with both tiny, the pauses and the cut rounds still give pure's solutions, verdict and
    statistics (probes, lines, guesses), and black and white branch where pure does."""
    monkeypatch.setattr(engine_probe, "SCAN_PAUSE", 1)
    monkeypatch.setattr(engine_probe, "PROBE_PATIENCE", 3)
    rng = random.Random(77)
    guessed = 0
    for case in range(40):
        size = rng.randint(10, 15)
        grid = [[rng.random() < 0.45 for _ in range(size)] for _ in range(size)]
        puzzle = Puzzle.from_grid(grid, keep_goal=False)
        fast = _run(puzzle, True, watch=False)
        pure = _run(puzzle, False, watch=False)
        assert _unwatched(fast) == _unwatched(pure), case
        guessed += _unwatched(fast)[-1][2]["guesses"] > 0  # type: ignore[index]
    assert guessed >= 5, guessed


def test_the_engine_agrees_on_long_lines_and_small_caches(
    compiled: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Lines past one word's 62 cells (solved and explained on word arrays, with the
    solver's dicts for caches) and line caches and explanation memories small enough to be
    emptied again and again: the same steps, counts and verdicts both ways."""
    monkeypatch.setattr(LineSolver.__init__, "__defaults__", (60, 12))
    monkeypatch.setattr(engine_learn, "REASON_CACHE_LIMIT", 16)
    rng = random.Random(62)
    for case in range(6):
        width, height = (rng.randint(63, 80), rng.randint(3, 6)) if case < 2 else (14, 15)
        grid = [[rng.random() < 0.4 for _ in range(width)] for _ in range(height)]
        puzzle = Puzzle.from_grid(grid, keep_goal=False)
        assert _run(puzzle, True) == _run(puzzle, False), case


def _cut_run(puzzle: Puzzle, compiled: bool, work_limit: int) -> tuple[object, ...]:
    """An unwatched solve cut after ``work_limit`` lines (the same place on both engines):
    its verdict, solutions and statistics."""
    was_compiled = kernel.engine_name() == kernel.COMPILED
    kernel.use(compiled)
    try:
        for step in solve_steps(puzzle, max_solutions=2, watch=False, work_limit=work_limit):
            if isinstance(step, Finished):
                stats = step.result.stats.as_dict()
                stats.pop("seconds", None)
                solutions = sorted(solution.tobytes() for solution in step.result.solutions)
                return step.result.status, solutions, stats
        raise AssertionError("no verdict")
    finally:
        kernel.use(was_compiled)


def test_the_engine_agrees_where_it_learns_on_long_lines(compiled: ModuleType) -> None:
    """Search and learning on lines of 64 to 90 cells, where every explanation and every
    line solved goes through the word arrays: the same search, cut at the same line."""
    rng = random.Random(64)
    for case, (width, height) in enumerate(((64, 16), (16, 70), (90, 12))):
        grid = [[rng.random() < 0.45 for _ in range(width)] for _ in range(height)]
        puzzle = Puzzle.from_grid(grid, keep_goal=False)
        ours = _cut_run(puzzle, True, 30_000)
        assert ours == _cut_run(puzzle, False, 30_000), case
        assert ours[2]["backtracks"] > 20, (case, ours[2])


def _engine_run(puzzle: Puzzle, compiled: bool, probing: bool) -> tuple[object, ...]:
    """An unwatched solve counting up to three solutions, probing and lookahead on or off:
    its solutions in order, verdict, statistics, and what learning left behind."""
    was_compiled = kernel.engine_name() == kernel.COMPILED
    kernel.use(compiled)
    try:
        engine = _Engine(puzzle, SolveOptions(3))
        engine.watching = False
        engine.probing = probing
        found = [step.cells for step in engine.run() if isinstance(step, SolutionFound)]
        stats = engine._result(False, False, False).stats.as_dict()
        stats.pop("seconds", None)
        nogoods = engine.nogoods.rules()
        return (
            found,
            stats,
            engine.explanations,
            engine.bump_by,
            bytes(engine.activity),
            nogoods,
            engine.nogoods.forgotten,
        )
    finally:
        kernel.use(was_compiled)


def test_conflict_analysis_agrees_where_search_learns_most(
    compiled: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Conflict analysis (Propagator.analyse against Learner.analyse_python): the same
    nogoods in the same order, activities to the bit and counts, on puzzles searched without
    probing (deep search, many contradictions, restarts), with analyses cut short after a
    few cells now and then (the guesses' nogood) and a store small enough to forget."""
    monkeypatch.setattr(nogoods, "FIRST_LIMIT", 40)
    rng = random.Random(577)
    learned = cut = restarted = 0
    for case in range(40):
        monkeypatch.setattr(engine_learn, "ANALYSIS_LIMIT", 3 if case % 3 == 0 else 400)
        width, height = rng.randint(14, 20), rng.randint(14, 20)
        density = rng.uniform(0.3, 0.45)
        grid = [[rng.random() < density for _ in range(width)] for _ in range(height)]
        puzzle = Puzzle.from_grid(grid, keep_goal=False)
        probing = case % 2 == 1
        ran = _engine_run(puzzle, True, probing)
        assert ran == _engine_run(puzzle, False, probing), case
        backtracks = ran[1]["backtracks"]  # type: ignore[index]
        learned += backtracks >= 10
        cut += case % 3 == 0 and backtracks >= 10
        restarted += ran[1]["restarts"] > 0  # type: ignore[index]
    assert learned >= 20 and cut >= 5 and restarted >= 2, (learned, cut, restarted)


def test_the_colour_line_solver_agrees_with_the_pure_one(compiled: ModuleType) -> None:
    """The colour engine's line solver (colour_line.py) and the kernel, up to 32 colours."""
    rng = random.Random(3131)
    was_compiled = kernel.engine_name() == kernel.COMPILED
    kernel.use(True)
    try:
        solver = kernel.colour_line()
    finally:
        kernel.use(was_compiled)
    assert solver is not None
    for case in range(3000):
        size = rng.randint(0, 30)
        colours = rng.choice((1, 2, 3, 5, 32))
        picture = [rng.choice([0, 0, *range(1, colours + 1)]) for _ in range(size)]
        runs: list[tuple[int, int]] = []
        previous = 0
        for cell in picture:
            if cell and cell == previous:
                runs[-1] = (runs[-1][0] + 1, cell)
            elif cell:
                runs.append((1, cell))
            previous = cell
        full = (1 << (colours + 1)) - 1
        line = tuple(
            full if rng.random() < 0.6 else (rng.randint(1, full) | (1 << cell)) for cell in picture
        )
        if rng.random() < 0.2:
            line = tuple(rng.randint(1, full) for _ in picture)
        assert solver(tuple(runs), line) == solve_colour_line(tuple(runs), line), case


def test_an_unwatched_compiled_search_stops_at_its_timeout(
    compiled: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The compiled lookahead looks at the clock from inside the kernel (the engine's
    _check_clock): a search out of time there ends with a timed-out verdict, as on pure."""
    rng = random.Random(469)
    grid = [[rng.random() < 0.4 for _ in range(24)] for _ in range(24)]
    puzzle = Puzzle.from_grid(grid, keep_goal=False)
    callers: list[str] = []
    check = EngineState._check_clock

    def spy(engine: EngineState, looks: int = 1) -> int:
        try:
            return check(engine, looks)
        except EngineTimeout:
            callers.append(sys._getframe(1).f_code.co_name)  # the kernel has no frame
            raise

    monkeypatch.setattr(EngineState, "_check_clock", spy)
    for timeout in range(400, 700, 7):
        compiled_caller = ""
        for use_compiled in (True, False):
            # One second a reading of the clock: out of time in the search (a whole solve
            # reads it about 1,400 times).
            clock = functools.partial(lambda ticks: float(next(ticks)), itertools.count())
            was_compiled = kernel.engine_name() == kernel.COMPILED
            kernel.use(use_compiled)
            try:
                steps = list(
                    solve_steps(
                        puzzle, max_solutions=None, timeout=timeout, clock=clock, watch=False
                    )
                )
            finally:
                kernel.use(was_compiled)
            last = steps[-1]
            assert isinstance(last, Finished)
            assert last.result.timed_out and last.result.stats.guesses > 0, use_compiled
            if use_compiled:
                compiled_caller = callers[-1]
        if compiled_caller == "_lookahead_compiled":
            break  # the compiled engine's timeout came from inside a lookahead probe
    else:
        raise AssertionError(f"no timeout inside a compiled probe: {callers}")


def _cache_run(puzzle: Puzzle, compiled: bool) -> tuple[object, ...]:
    """An unwatched solve's line-cache counts: lines solved, hits, the total kept and each
    clue's cache size in the solver's order (the Propagator's own tables when it owns them)."""
    was_compiled = kernel.engine_name() == kernel.COMPILED
    kernel.use(compiled)
    try:
        engine = _Engine(puzzle, SolveOptions(2))
        engine.watching = False
        found = [step.cells for step in engine.run() if isinstance(step, SolutionFound)]
        solver = engine.solver
        owned = engine.propagator.cache_sizes() if engine.propagator is not None else None
        sizes = owned if owned is not None else [len(cache) for cache in solver.caches.values()]
        return found, solver.solved, solver.hits, solver.counts[SIZE], sizes, owned is not None
    finally:
        kernel.use(was_compiled)


def test_the_compiled_line_caches_keep_what_the_dicts_keep(
    compiled: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The line caches the Propagator owns on a grid of word lines (_kernel_cache.h) against
    LineSolver's dicts: the same lines solved, hits and size of every clue's cache, with
    limits small enough that a clue's cache, and the largest one (the first of equals),
    are emptied again and again; repeated rows and columns share a clue's cache. Lines past
    the word kernel's 62 cells keep the dicts."""
    monkeypatch.setattr(LineSolver.__init__, "__defaults__", (70, 9))
    rng = random.Random(5)
    owned = 0
    for case in range(14):
        size = rng.randint(10, 16)
        rows = [[rng.random() < 0.45 for _ in range(size)] for _ in range(size // 2)]
        grid = [rows[rng.randrange(len(rows))] if rng.random() < 0.3 else row for row in rows]
        grid += [list(row) for row in rows[: size - len(grid)]]
        grid += [[rng.random() < 0.45 for _ in range(size)] for _ in range(size - len(grid))]
        puzzle = Puzzle.from_grid(grid, keep_goal=False)
        ran = _cache_run(puzzle, True)
        assert ran[:5] == _cache_run(puzzle, False)[:5], case
        owned += bool(ran[5]) and ran[1] > 70  # type: ignore[operator]
    assert owned >= 10, owned
    wide = Puzzle.from_grid([[rng.random() < 0.5 for _ in range(70)] for _ in range(4)])
    ran = _cache_run(wide, True)
    assert not ran[5] and ran[:5] == _cache_run(wide, False)[:5]
