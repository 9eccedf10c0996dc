"""The command-line dispatcher: help, and a reader that goes away mid-output."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
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


def _read_one_line_and_close(argv: list[str]) -> tuple[str, int]:
    """Run ``python -m game *argv``, read one line of its output, close the pipe (as
    ``| head -1`` does) and return its stderr and exit status."""
    command = subprocess.Popen(
        [sys.executable, "-m", "game", *argv],
        cwd=REPO_ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert command.stdout is not None and command.stderr is not None
    command.stdout.readline()
    command.stdout.close()
    stderr = command.stderr.read().decode()
    command.wait(timeout=60)
    return stderr, command.returncode


def test_a_closed_pipe_ends_quietly_without_a_traceback(tmp_path: Path) -> None:
    # Many solutions, printed to a reader that stops after one line.
    lines = ["width 12", "height 12", "rows", *["1"] * 12, "columns", *["1"] * 12]
    puzzle = tmp_path / "open_12.non"
    puzzle.write_text("\n".join(lines) + "\n", encoding="utf-8")
    stderr, returncode = _read_one_line_and_close(["solve", str(puzzle), "--all"])
    assert "Traceback" not in stderr
    assert returncode in (0, 141)


def test_check_to_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    # QA: ``check DIR --json | head -c 100`` printed a traceback from the process pool's
    # thread (InvalidStateError on a cancelled puzzle, Python 3.11) most times.
    for index in range(24):
        (tmp_path / f"p{index:02}.non").write_text(
            "width 2\nheight 2\nrows\n2\n1\ncolumns\n2\n1\n", encoding="utf-8"
        )
    for _ in range(5):  # a race: without the fix most runs, not all, showed it
        argv = ["check", str(tmp_path), "--json", "--jobs", "2"]
        stderr, returncode = _read_one_line_and_close(argv)
        assert "Traceback" not in stderr and stderr == ""
        assert returncode in (0, 141)


def test_version_says_the_installed_version(capsys: pytest.CaptureFixture[str]) -> None:
    from game import __version__

    assert main(["--version"]) == 0
    from game.core.solver.kernel import engine_name

    assert capsys.readouterr().out.strip() == f"hanjie {__version__} (engine: {engine_name()})"


@pytest.mark.parametrize("command", [["play"], ["screenshot", "--out", "shots"]])
def test_the_original_pygame_is_named_before_anything_starts(
    command: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """Issue 36: with the original pygame installed instead of pygame-ce the game started
    and crashed on Ctrl+V. It now says what to do, in one line, and exits 2."""
    import types

    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(sys.modules, "pygame", types.ModuleType("pygame"))
    assert main(command) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert "uninstall pygame, install pygame-ce" in error
    assert not (tmp_path / "shots").exists()
