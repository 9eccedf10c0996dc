"""The command-line dispatcher: help, and a reader that goes away mid-output."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO_ROOT


def test_help_lists_the_headless_tools() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "game", "--help"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == 0
    for command in ("show", "export", "solve", "check", "convert", "replay", "screenshot"):
        assert command in result.stdout


def test_a_closed_pipe_ends_quietly_without_a_traceback(tmp_path: Path) -> None:
    # Many solutions, printed to a reader that stops after one line.
    lines = ["width 12", "height 12", "rows", *["1"] * 12, "columns", *["1"] * 12]
    puzzle = tmp_path / "open_12.non"
    puzzle.write_text("\n".join(lines) + "\n", encoding="utf-8")
    solver = subprocess.Popen(
        [sys.executable, "-m", "game", "solve", str(puzzle), "--all"],
        cwd=REPO_ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert solver.stdout is not None and solver.stderr is not None
    solver.stdout.readline()
    solver.stdout.close()
    stderr = solver.stderr.read().decode()
    solver.wait(timeout=60)
    assert "Traceback" not in stderr
    assert solver.returncode in (0, 141)
