"""``check DIR`` on folders that fight back (issue 36): very deep, closed, or with a
sub-folder that cannot be opened; and ``--jobs`` far above the cores."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from game.cli import main
from game.commands import check

PUZZLE = "width 1\nheight 1\nrows\n1\ncolumns\n1\n"


def closed_folders(monkeypatch: pytest.MonkeyPatch, *closed: Path) -> None:
    """os.scandir refuses ``closed`` as it does a folder the user may not enter (tests run
    as root in CI, where chmod 0 closes nothing)."""
    real = os.scandir

    def scandir(path: object = ".") -> object:
        if Path(str(path)) in closed:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", scandir)


def test_a_folder_a_thousand_deep_is_walked_without_recursion(tmp_path: Path) -> None:
    deep = tmp_path
    for _ in range(1000):  # mkdir(parents=True) recurses too
        deep = deep / "d"
        deep.mkdir()
    (deep / "bottom.non").write_text(PUZZLE)
    (tmp_path / "top.non").write_text(PUZZLE)
    try:
        found = check.puzzle_files(tmp_path)
    finally:
        # Bottom up, one level at a time: pytest's own clean-up (rmtree) recurses.
        (deep / "bottom.non").unlink()
        while deep != tmp_path:
            deep.rmdir()
            deep = deep.parent
    assert found == sorted(
        [tmp_path / "d" / Path(*["d"] * 999) / "bottom.non", tmp_path / "top.non"]
    )


def test_a_folder_that_cannot_be_opened_is_not_called_empty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a.non").write_text(PUZZLE)
    closed_folders(monkeypatch, tmp_path)
    assert main(["check", str(tmp_path)]) == 2
    error = capsys.readouterr().err.strip()
    assert "\n" not in error
    assert "cannot be opened (Permission denied)" in error and "no puzzle files" not in error


@pytest.mark.parametrize("as_json", [False, True])
def test_a_sub_folder_that_cannot_be_opened_fails_the_check(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    as_json: bool,
) -> None:
    (tmp_path / "a.non").write_text(PUZZLE)
    (tmp_path / "locked").mkdir()
    (tmp_path / "locked" / "b.non").write_text(PUZZLE)
    closed_folders(monkeypatch, tmp_path / "locked")
    argv = ["check", str(tmp_path), "--jobs", "1"] + (["--json"] if as_json else [])
    assert main(argv) == 1  # it said success (exit 0) with the folder's puzzles unchecked
    out = capsys.readouterr().out
    if as_json:
        rows = [json.loads(line) for line in out.splitlines()]
        assert {"file": str(tmp_path / "locked"), "error": rows[0]["error"]} in rows
        assert "Permission denied" in rows[0]["error"]
        assert any(row.get("status") == "unique" for row in rows)
    else:
        assert "locked" in out and "cannot be opened (Permission denied)" in out
        assert "1 folder(s) could not be opened" in out


def test_jobs_is_bounded_by_the_cores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for index in range(5):
        (tmp_path / f"p{index}.non").write_text(PUZZLE)
    started: list[int] = []
    real_pool = check.ProcessPoolExecutor

    def pool(max_workers: int) -> object:
        started.append(max_workers)
        return real_pool(max_workers=max_workers)

    monkeypatch.setattr(check, "ProcessPoolExecutor", pool)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert main(["check", str(tmp_path), "--jobs", "100000"]) == 0
    assert started == [2]
    assert "5 of 5 puzzles have exactly one solution" in capsys.readouterr().out


@pytest.mark.usefixtures("enforced_permissions")
def test_a_real_closed_sub_folder_fails_the_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a.non").write_text(PUZZLE)
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "b.non").write_text(PUZZLE)
    locked.chmod(0)
    try:
        assert main(["check", str(tmp_path), "--jobs", "1"]) == 1
    finally:
        locked.chmod(0o700)
    assert "Permission denied" in capsys.readouterr().out
