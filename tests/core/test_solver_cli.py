"""The solve and check commands."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.cli import main
from game.core.formats import write_puzzle
from game.core.puzzle import Puzzle


def _permutations(size: int) -> Puzzle:
    """One filled cell per row and column: size! solutions."""
    return Puzzle(width=size, height=size, row_clues=((1,),) * size, column_clues=((1,),) * size)


SAMPLES = Path(__file__).resolve().parent.parent / "data" / "formats"


def test_solve_all_counts_every_solution(capsys: pytest.CaptureFixture[str]) -> None:
    # The seed's text format; one cell per row and column of a 5x5: 5! = 120 solutions.
    path = SAMPLES / "verdicts" / "multiple_5x5.txt"
    assert main(["solve", str(path), "--all"]) == 0
    out = capsys.readouterr().out
    assert "multiple (exactly 120 solutions)" in out
    assert "solution 120:" in out and "solution 121:" not in out


def test_solve_json_none(capsys: pytest.CaptureFixture[str]) -> None:
    path = SAMPLES / "verdicts" / "none_4x4.non"
    assert main(["solve", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "none"
    assert data["solutions"] == 0
    assert data["rating"]["stars"] == 0
    assert "lines_solved" in data["stats"]


def test_solve_steps_and_art(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "plus.non"
    write_puzzle(Puzzle.from_grid([[0, 1, 0], [1, 1, 1], [0, 1, 0]], title="Plus"), path)
    assert main(["solve", str(path), "--steps"]) == 0
    out = capsys.readouterr().out
    assert "unique (exactly 1 solution)" in out
    assert "row 2: 3 cells filled" in out
    assert ".#.\n###\n.#." in out
    assert "finished: unique" in out


def test_solve_stops_at_the_cap(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "many.non"
    write_puzzle(_permutations(8), path)
    assert main(["solve", str(path), "--max", "30", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "multiple"
    assert data["solutions"] == 30
    assert data["capped"] is True
    assert main(["solve", str(path), "--max", "5"]) == 0
    assert "stopped at 5 solutions: there may be more" in capsys.readouterr().out


def test_solve_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.non"
    path.write_text("width 3\nheight x\n")
    assert main(["solve", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hanjie: ") and err.count("\n") == 1
    assert main(["solve", str(tmp_path / "missing.non")]) == 2
    assert main(["solve", str(path), "--max", "0"]) == 2


def test_check_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    write_puzzle(Puzzle.from_grid([[1, 1], [0, 1]], title="Hook"), pack / "01-hook.non")
    write_puzzle(Puzzle.from_grid([[1, 0, 1], [1, 1, 1]], title="Cup"), pack / "02-cup.non")
    (pack / "pack.json").write_text("{}")
    assert main(["check", str(pack)]) == 0
    out = capsys.readouterr().out
    assert "01-hook.non" in out and "02-cup.non" in out
    assert "2 of 2 puzzles have exactly one solution" in out
    # The pack's line counts its puzzles by level and says over how many levels they spread
    # (a count of levels under a "levels" heading read as a count of puzzles).
    lines = out.splitlines()
    at = next(at for at, line in enumerate(lines) if line.startswith("pack "))
    assert lines[at].split()[-1] == "spread"
    line = lines[at + 1]
    assert line.split()[0] == "pack"
    counts = [int(word) for word in line.split()[1:6]]
    assert sum(counts) == 2
    assert line.endswith(f"{sum(1 for count in counts if count)} of 5")

    write_puzzle(_permutations(3), pack / "03-many.non")
    (pack / "04-broken.non").write_text("width 2\n")
    assert main(["check", str(pack), "--json", "--jobs", "1"]) == 1
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    by_name = {Path(str(row["file"])).name: row for row in rows}
    assert by_name["01-hook.non"]["status"] == "unique"
    assert by_name["03-many.non"]["status"] == "multiple"
    assert "error" in by_name["04-broken.non"]
    assert main(["check", str(tmp_path / "nowhere")]) == 2


def test_solve_steps_name_cells_as_hints_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A puzzle that needs probes and guesses: every cell the steps name reads "row r,
    # column c" (as hints say it), never "(c,r)".
    from tests.shared_data import SEARCH_8X8

    path = tmp_path / "search.non"
    write_puzzle(SEARCH_8X8, path)
    assert main(["solve", str(path), "--steps"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"(guess|tried|try) row \d+, column \d+ (filled|empty)", out)
    assert not re.search(r"\(\d+,\s*\d+\)", out)
    assert "is consistent" not in out and "cells followed" not in out


def test_check_one_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A new player's first try is ``check my.non``: it said "not a folder"; now that one
    # file is checked, its name as given. A broken one is bad input, as for ``solve``: one
    # line on stderr and exit 2 (it was a table of one failed row and exit 1).
    path = tmp_path / "hook.non"
    write_puzzle(Puzzle.from_grid([[1, 1], [0, 1]], title="Hook"), path)
    assert main(["check", str(path), "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "hook.non" in out and "unique" in out
    assert "1 of 1 puzzles have exactly one solution" in out
    broken = tmp_path / "broken.non"
    broken.write_text("width 2\n")
    assert main(["check", str(broken), "--jobs", "1"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"hanjie: {broken}: there is no 'rows' section\n"
    kakuro = tmp_path / "bad.kak"
    kakuro.write_text("sums\n")
    assert main(["check", str(kakuro), "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and "bad.kak" in captured.err


def test_check_does_not_count_a_puzzle_with_no_cells_as_fair(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # QA: a 0x0 file was "unique, Easy", one of the fair puzzles, though nothing plays it.
    empty = tmp_path / "none.non"
    empty.write_text("width 0\nheight 0\nrows\ncolumns\n")
    assert main(["check", str(empty), "--jobs", "1"]) == 1
    out = capsys.readouterr().out
    assert "the puzzle is 0x0: it has no cells to play" in out
    assert "0 of 1 puzzles have exactly one solution" in out


def test_check_names_a_pipe_for_what_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import os
    import sys

    if sys.platform == "win32":
        pytest.skip("no FIFOs")
    pipe = tmp_path / "pipe.non"
    os.mkfifo(pipe)
    assert main(["check", str(pipe)]) == 2  # refused by stat: never opened, so no hang
    assert capsys.readouterr().err == f"hanjie: {pipe}: this is a pipe (FIFO), not a folder\n"


def test_check_reads_every_puzzle_of_a_file_that_holds_many(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A tournament's question file or a list of Pattern game ids holds many puzzles: each
    # is checked as a row of its own (it checked the first alone, silently).
    ids = tmp_path / "ids.txt"
    ids.write_text("# three\n2x2:2/1/2/1\n2x2:1/1/1/1\n3x1:1/1/1/3\n", encoding="utf-8")
    assert main(["check", str(ids), "--jobs", "1"]) == 1
    out = capsys.readouterr().out
    assert re.search(r"ids\.txt #1 +2x2 +unique", out)
    assert re.search(r"ids\.txt #2 +2x2 +multiple", out)
    assert re.search(r"ids\.txt #3 +3x1 +unique", out)
    assert "2 of 3 puzzles have exactly one solution" in out
    # In a folder too, and as JSON with the puzzle's number; a file of one keeps one row.
    write_puzzle(Puzzle.from_grid([[1, 1], [0, 1]], title="Hook"), tmp_path / "hook.non")
    assert main(["check", str(tmp_path), "--json", "--jobs", "1"]) == 1
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert sorted((Path(str(row["file"])).name, row.get("puzzle")) for row in rows) == [
        ("hook.non", None),
        ("ids.txt", 1),
        ("ids.txt", 2),
        ("ids.txt", 3),
    ]
    # A broken id after the first is reported, with its line, not skipped.
    ids.write_text("2x2:2/1/2/1\n3x1:3/1.1.1\n", encoding="utf-8")
    assert main(["check", str(ids), "--jobs", "1"]) == 1
    out = capsys.readouterr().out
    assert "unreadable: line 2:" in out and "0 of 1 puzzles" in out


def test_a_file_of_many_says_so_and_any_of_its_puzzles_can_be_picked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ids = tmp_path / "ids.txt"
    ids.write_text("2x2:2/1/2/1\n2x2:1/1/1/1\n3x1:1/1/1/3\n", encoding="utf-8")
    # Without --puzzle: the first, and one line on stderr that there are more.
    assert main(["show", str(ids)]) == 0
    captured = capsys.readouterr()
    assert "Size:      2x2" in captured.out
    assert "holds 3 puzzles: this is the first (--puzzle N" in captured.err
    assert captured.err.count("\n") == 1
    assert main(["solve", str(ids), "--puzzle", "3", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["size"] == "3x1" and captured.err == ""
    assert main(["show", str(ids), "--puzzle", "2"]) == 0
    assert "Title:     ids #2" in capsys.readouterr().out  # untitled: named by its place
    assert main(["export", str(ids), "--puzzle", "2", "--to", "tatham"]) == 0
    assert capsys.readouterr().out == "2:1/1/1/1\n"  # the second id, written square
    # A broken id after the first: the first still shows; asking for the broken one says why.
    broken = tmp_path / "broken.txt"
    broken.write_text("2x2:2/1/2/1\n3x1:3/1.1.1\n", encoding="utf-8")
    assert main(["show", str(broken)]) == 0
    assert "Size:      2x2" in capsys.readouterr().out
    assert main(["show", str(broken), "--puzzle", "2"]) == 2
    assert f"{broken}:2: a 3x1 game id needs 4 clues" in capsys.readouterr().err
    # Past the last, or 0: one line, exit 2.
    for number, words in (("4", "holds 3 puzzles: there is no puzzle 4"), ("0", "from 1")):
        assert main(["show", str(ids), "--puzzle", number]) == 2
        err = capsys.readouterr().err
        assert words in err and err.count("\n") == 1


def test_play_names_the_first_of_many_without_offering_a_choice_it_lacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.commands.play import check_file

    ids = tmp_path / "ids.tatham"
    ids.write_text("2x2:2/1/2/1\n2x2:1/1/1/1\n", encoding="utf-8")
    check_file(ids)  # the game then plays the first
    err = capsys.readouterr().err
    assert "holds 2 puzzles: this is the first (`check" in err and "--puzzle" not in err
