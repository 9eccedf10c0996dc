"""``solve`` and ``check`` limits: --timeout is CPU time, --max is bounded and streamed."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from game.cli import main
from game.commands.solving import MAX_SOLUTIONS_CAP, DeadlineClock, solve_with_deadline
from game.core.formats import write_puzzle
from game.core.puzzle import Puzzle
from game.core.solver.steps import SolutionFound, Step


def _permutations(size: int) -> Puzzle:
    """One filled cell per row and column: size! solutions."""
    return Puzzle(width=size, height=size, row_clues=((1,),) * size, column_clues=((1,),) * size)


@pytest.fixture
def open_puzzle_file(tmp_path: Path) -> Path:
    path = tmp_path / "open.non"
    write_puzzle(_permutations(8), path)
    return path


def one_line_refusal(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("hanjie: ")
    return lines[0]


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "-1", "0", "soon", "1e999"])
@pytest.mark.parametrize("command", ["solve", "check", "convert", "replay"])
def test_timeouts_that_are_not_a_finite_positive_number_are_refused(
    command: str, value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    option = "--time-limit" if command == "replay" else "--timeout"
    line = one_line_refusal([command, str(tmp_path), f"{option}={value}"], capsys)
    assert f"argument {option}" in line and repr(value) in line


@pytest.mark.parametrize("value", ["0", "-3", "1001", "99999999999999999999999", "many"])
def test_max_is_bounded(
    value: str, open_puzzle_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = one_line_refusal(["solve", str(open_puzzle_file), "--max", value], capsys)
    assert "argument --max" in line


def test_the_cap_is_documented_in_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert f"at most {MAX_SOLUTIONS_CAP}" in text
    assert "CPU time" in text  # issue 49: a loaded machine gives the same verdict, later


def test_solutions_are_printed_as_they_are_found(
    open_puzzle_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", str(open_puzzle_file), "--max", str(MAX_SOLUTIONS_CAP)]) == 0
    out = capsys.readouterr().out
    numbers = [int(n) for n in re.findall(r"^solution (\d+):$", out, flags=re.MULTILINE)]
    assert numbers == list(range(1, MAX_SOLUTIONS_CAP + 1))
    # Streamed: every solution comes before the verdict, which needs the end of the search.
    assert out.index("solution 1000:") < out.index("verdict:")
    assert "multiple (stopped at 1000 solutions: there may be more)" in out


class FakeTime:
    """A clock that moves only when a test says so."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_time_spent_printing_counts_against_the_timeout() -> None:
    # A slow reader: every step takes 0.1 s to print, and the engine itself takes no time.
    # The engine's own limit never counts printing (it would find all 1000 solutions); the
    # command's limit (CPU time, printing's included) stops after about five steps.
    fake = FakeTime()
    seen: list[Step] = []

    def slow_print(step: Step) -> None:
        seen.append(step)
        fake.now += 0.1

    result = solve_with_deadline(
        _permutations(8), max_solutions=1000, timeout=0.5, on_step=slow_print, now=fake
    )
    assert result.timed_out and result.status == "unknown" and not result.capped
    assert 5 <= len(seen) <= 12, len(seen)
    assert sum(isinstance(step, SolutionFound) for step in seen) == len(result.solutions)
    assert result.stats.seconds <= fake.now


def test_without_a_timeout_the_search_runs_to_the_cap() -> None:
    fake = FakeTime()
    result = solve_with_deadline(_permutations(6), max_solutions=1000, timeout=None, now=fake)
    assert (result.status, len(result.solutions), result.complete) == ("multiple", 720, True)


def test_the_deadline_clock_leaps_after_the_deadline() -> None:
    fake = FakeTime()
    clock = DeadlineClock(deadline=1.0, leap=3.0, now=fake)
    fake.now = 0.5
    assert clock() == 0.5 and not clock.expired
    fake.now = 1.0
    first = clock()
    second = clock()
    assert clock.expired and second - first >= 3.0 and first >= 4.0


def test_a_real_timeout_ends_on_time_with_steps(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 50x50 with 50! solutions: --steps --all used to stop after 0.73 s of a 0.5 s limit.
    path = tmp_path / "open50.non"
    write_puzzle(_permutations(50), path)
    # --timeout counts this process's CPU time (issue 49), so the bound is on CPU seconds:
    # a loaded machine stretches the wall time (2.1 s seen), not the work.
    before = time.process_time()
    assert main(["solve", str(path), "--all", "--steps", "--timeout", "0.5"]) == 0
    spent = time.process_time() - before
    out = capsys.readouterr().out
    assert re.search(r"^time:\s+([\d.]+) s$", out, flags=re.MULTILINE) is not None
    assert 0.45 <= spent <= 0.9, spent  # a slice may end a little late
    assert "stopped by the timeout" in out or "there may be more" in out
