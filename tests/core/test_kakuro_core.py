"""Kakuro core: the combination table, the model, the solver and its replay, the session."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

from game.core.kakuro.combos import (
    combinations,
    digits_of,
    mask_of,
    possible_digits,
    run_options,
)
from game.core.kakuro.model import KakuroError, KakuroPuzzle, from_digits
from game.core.kakuro.session import KakuroMove, KakuroSaveError, KakuroSession
from game.core.kakuro.solver import solve_steps
from game.core.kakuro.steps import (
    CandidatesRemoved,
    Finished,
    Guess,
    KakuroStep,
    apply_step,
    blank_candidates,
    placed_digits,
)
from game.core.kakuro.task import KakuroSolveTask, solve
from tests.core.kakuro_boards import (
    TINY_DIGITS,
    TINY_WHITE,
    brute_force_count,
    random_puzzle,
    tiny,
)


def test_combination_table_matches_brute_force() -> None:
    for length in range(1, 10):
        for total in range(0, 46):
            expected = sorted(
                combo
                for combo in itertools.combinations(range(1, 10), length)
                if sum(combo) == total
            )
            assert [digits_of(mask) for mask in combinations(total, length)] == expected
            for digit in range(1, 10):
                found = bool(possible_digits(total, length) >> digit & 1)
                assert found == any(digit in c for c in expected)


def test_the_seed_examples() -> None:
    assert [digits_of(m) for m in combinations(7, 3)] == [(1, 2, 4)]
    assert [digits_of(m) for m in combinations(13, 2)] == [(4, 9), (5, 8), (6, 7)]
    # A cell in both: only 4 is common.
    supported, _ = run_options(13, (mask_of([1, 2, 4]), mask_of(range(1, 10))))
    assert digits_of(supported[0]) == (4,)
    assert digits_of(supported[1]) == (9,)


def test_run_options_matches_permutations() -> None:
    rng = np.random.default_rng(3)
    for _ in range(300):
        length = int(rng.integers(2, 6))
        total = int(rng.integers(3, 36))
        cands = tuple(int(rng.integers(0, 1024)) & 0b1111111110 for _ in range(length))
        supported, combos = run_options(total, cands)
        ways = [
            p
            for p in itertools.permutations(range(1, 10), length)
            if sum(p) == total and all(cands[i] >> d & 1 for i, d in enumerate(p))
        ]
        assert [mask_of(sorted(p)) for p in ways] == [] or combos
        assert set(combos) == {mask_of(p) for p in ways}
        for i in range(length):
            assert supported[i] == mask_of({p[i] for p in ways}) if ways else True


def test_model_refuses_bad_boards_in_player_words() -> None:
    white = [list(row) for row in TINY_WHITE]
    white[3][3] = 0  # leaves a run of one cell
    with pytest.raises(KakuroError, match="runs need 2 to 9"):
        from_digits(white, TINY_DIGITS)
    puzzle = tiny()
    across = [list(row) for row in puzzle.across]
    across[1][0] = 30  # two digits cannot make 30
    with pytest.raises(KakuroError, match="cannot add up to 30"):
        KakuroPuzzle(4, 4, puzzle.white, tuple(map(tuple, across)), puzzle.down)
    with pytest.raises(KakuroError, match="must be 3 to 32"):
        KakuroPuzzle(2, 2, ((False,) * 2,) * 2, ((0,) * 2,) * 2, ((0,) * 2,) * 2)


def test_runs_and_names() -> None:
    puzzle = tiny()
    names = [f"{run.name}, {run.sum_text}" for run in puzzle.runs]
    assert names[1] == "row 3 from column 2, sum 7 in three cells"
    assert puzzle.fingerprint().startswith("k") and len(puzzle.fingerprint()) == 16


def test_solver_counts_match_brute_force_on_small_boards() -> None:
    rng = np.random.default_rng(11)
    seen = {"unique": 0, "multiple": 0}
    for _ in range(40):
        puzzle = random_puzzle(rng, int(rng.integers(3, 5)), int(rng.integers(3, 5)))
        expected = brute_force_count(puzzle)
        result = solve(puzzle, max_solutions=None)
        assert result.solution_count == expected
        assert result.status == ("unique" if expected == 1 else "multiple")
        for solution in result.solutions:
            assert puzzle.is_solution(solution)
        seen[result.status] += 1
    assert seen["unique"] and seen["multiple"]


def test_solver_finds_no_solution_when_sums_clash() -> None:
    puzzle = tiny()
    down = [list(row) for row in puzzle.down]
    down[0][1] = 4  # the downs now add up to one more than the acrosses
    broken = KakuroPuzzle(4, 4, puzzle.white, puzzle.across, tuple(map(tuple, down)))
    assert brute_force_count(broken) == 0
    assert solve(broken).status == "none"


def test_replaying_the_steps_rebuilds_every_board() -> None:
    rng = np.random.default_rng(5)
    for _ in range(10):
        puzzle = random_puzzle(rng, 5, 5)
        board = blank_candidates(puzzle)
        steps: list[KakuroStep] = list(solve_steps(puzzle, max_solutions=2))
        final = steps[-1]
        assert isinstance(final, Finished)
        for step in steps[:-1]:
            apply_step(board, step)
            if hasattr(step, "rows"):  # a solution: the board holds exactly it
                rows = step.rows  # type: ignore[union-attr]
                digits = placed_digits(board)
                assert [rows[y][x] for x, y in puzzle.white_cells] == digits


def test_a_step_names_the_run_and_its_combination() -> None:
    steps = list(solve_steps(tiny()))
    texts = [step.describe() for step in steps if isinstance(step, CandidatesRemoved)]
    assert any("row 3 from column 2, sum 7 in three cells: only 1+2+4" in t for t in texts)
    assert not any(isinstance(step, Guess) for step in steps)


def test_task_slices_with_an_injected_clock() -> None:
    ticks = itertools.count()

    def clock() -> float:
        return next(ticks) * 0.001

    puzzle = random_puzzle(np.random.default_rng(2), 6, 6)
    task = KakuroSolveTask(puzzle, clock=clock)
    slices = 0
    while task.advance(0.004) is None:
        slices += 1
    assert task.done and task.result is not None and slices >= 1
    assert task.result.status == solve(puzzle).status
    # A time limit on the same clock ends with "unknown".
    limited = KakuroSolveTask(puzzle, time_limit=0.0, clock=clock).run()
    assert limited.status == "unknown" and limited.timed_out


def play(session: KakuroSession) -> None:
    session.apply(KakuroMove("digit", 0, 1))
    session.apply(KakuroMove("pencil", 1, 3))
    session.apply(KakuroMove("pencil", 1, 5))
    session.apply(KakuroMove("digit", 2, 9))
    session.undo()
    session.tick(12.5)
    session.cursor = 4


def test_session_saved_and_resumed_exactly() -> None:
    puzzle = tiny()
    session = KakuroSession(puzzle)
    play(session)
    assert session.check_value(1, 1) == "right"
    saved = json.loads(json.dumps(session.to_json()))
    resumed = KakuroSession.from_json(puzzle, saved)
    assert resumed.to_json() == session.to_json()
    assert resumed.digits == session.digits and resumed.marks == session.marks
    # The histories resume too: redo brings back the undone 9, undo takes it away again.
    assert resumed.redo() is not None and resumed.digits[2] == 9
    assert resumed.undo() is not None and resumed.undo() is not None
    assert resumed.marks[1] == 1 << 3


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("digits", "12", "digits"),
        ("puzzle", "x", "another puzzle"),
        ("marks", [1] * 7, "pencil marks"),
        ("undo", [[0, 0, 0, 99, 0]], "damaged move"),
        ("elapsed", float("nan"), "time"),
        ("kind", "nonogram", "not a Kakuro"),
    ],
)
def test_damaged_saves_are_refused_in_one_line(key: str, value: object, message: str) -> None:
    puzzle = tiny()
    data = KakuroSession(puzzle).to_json()
    data[key] = value
    with pytest.raises(KakuroSaveError, match=message) as raised:
        KakuroSession.from_json(puzzle, data)
    assert "\n" not in str(raised.value)


def test_session_flags_repeats_and_unreachable_sums_and_wins() -> None:
    puzzle = tiny()
    session = KakuroSession(puzzle)
    session.apply(KakuroMove("digit", 2, 4))  # row 3 run 7 in three: 4 ...
    session.apply(KakuroMove("digit", 3, 4))  # ... 4 again
    kinds = {(p.run, p.kind) for p in session.run_problems()}
    assert (1, "repeat") in kinds
    session.apply(KakuroMove("digit", 3, 9))  # 4 + 9 > 7
    assert (1, "sum") in {(p.run, p.kind) for p in session.run_problems()}
    assert session.check_value(2, 2) == "wrong"
    for index, (x, y) in enumerate(puzzle.white_cells):
        session.apply(KakuroMove("digit", index, TINY_DIGITS[y][x]))
    assert session.solved and not session.run_problems()
    # Combinations the run still allows, from the digits placed and the pencil marks.
    fresh = KakuroSession(puzzle)
    assert [digits_of(m) for m in fresh.run_combinations(1)] == [(1, 2, 4)]
    fresh.reveal(1, 1)
    assert fresh.digits[0] == 1 and fresh.reveals_used == 1 and fresh.can_undo
