"""``hanjie generate``: files written, each rated; bad input one line and exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import main
from game.core.formats import read_puzzle
from game.core.solver import solve


def test_one_puzzle_to_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "p.non"
    assert main(["generate", "--size", "8x6", "--level", "2", "--seed", "4", "-o", str(out)]) == 0
    puzzle = read_puzzle(out)
    assert (puzzle.width, puzzle.height) == (8, 6)
    assert solve(puzzle).status == "unique"
    line = capsys.readouterr().out
    assert "seed 4" in line and "Medium" in line and " s" in line


def test_a_count_fills_a_folder_with_consecutive_seeds(tmp_path: Path) -> None:
    out = tmp_path / "made"
    args = ["generate", "--size", "6", "--level", "1", "--seed", "10", "--count", "3"]
    assert main([*args, "-o", str(out)]) == 0
    names = sorted(path.name for path in out.iterdir())
    assert names == [f"random-6x6-level1-{seed}.non" for seed in (10, 11, 12)]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--size", "3x3", "--level", "1"], "each side must be 5 to 40"),
        # A Kakuro's range is its own (the nonogram range was said for a 2x2 Kakuro).
        (["--kind", "kakuro", "--size", "2x2"], "a Kakuro is 6 to 16 cells a side"),
        (["--size", "ten", "--level", "1"], "is not a size"),
        (["--size", "10", "--level", "0"], "the level must be 1 to 5"),
        (["--size", "10", "--level", "1", "--count", "0"], "the count must be 1"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    assert main(["generate", *args, "-o", str(tmp_path / "x.non")]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
    assert not (tmp_path / "x.non").exists()


def test_a_folder_without_count_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["generate", "--size", "6", "--level", "1", "-o", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "name"),
    [
        (["--size", "6", "--level", "1"], "random-6x6-level1-11.non"),
        (["--kind", "kakuro", "--size", "6", "--level", "1"], "kakuro-6x6-level1-11.kak"),
    ],
)
def test_a_count_never_writes_over_a_file_already_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], name: str
) -> None:
    # The same seed makes the same names; the one already there may be the player's edit.
    edited = tmp_path / name
    edited.write_text("the player's own version\n", encoding="utf-8")
    code = main(["generate", *args, "--seed", "10", "--count", "3", "-o", str(tmp_path)])
    assert code == 2
    err = capsys.readouterr().err
    assert name in err and "already there" in err and err.count("\n") == 1
    assert edited.read_text(encoding="utf-8") == "the player's own version\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == [name]


def test_without_o_the_puzzle_is_printed(capsys: pytest.CaptureFixture[str]) -> None:
    # A newcomer's first try, "generate --colours 4 --size 20x20 --level 3", was refused for
    # want of -o: the puzzle now comes on stdout, its summary on stderr.
    from game.core.formats import read_puzzle_text

    assert (
        main(["generate", "--colours", "4", "--size", "10x10", "--level", "2", "--seed", "3"]) == 0
    )
    captured = capsys.readouterr()
    puzzle = read_puzzle_text(captured.out, "printed.non")
    assert puzzle.is_colour and (puzzle.width, puzzle.height) == (10, 10)
    assert solve(puzzle).status == "unique"
    assert "seed 3" in captured.err and "Medium" in captured.err
    assert main(["generate", "--size", "10x10", "--level", "2", "--count", "2"]) == 2
    assert "give -o FOLDER" in capsys.readouterr().err
