"""``hanjie show`` and ``hanjie export`` on our sample files in every format and on bad input.

The same checks over the public files in ``../shared/puzzles`` are a benchmark script:
``benchmarks/public_files.py``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.core.formats import read_puzzle, read_puzzle_text, read_puzzles

from ..conftest import REPO_ROOT

SAMPLES = REPO_ROOT / "tests" / "data" / "formats"
NOTE = "this is the first (--puzzle N picks another; `check {path}` checks them all)\n"

# Colour puzzle files of formats/ (shown with their palette).
COLOUR_FILES = {"colour/garden.non", "colour/garden.xml", "colour/garden.g"}


def sample_files() -> list[str]:
    """Relative paths of our sample files (tests/data/formats), README left out."""
    return sorted(
        str(path.relative_to(SAMPLES))
        for path in SAMPLES.rglob("*")
        if path.is_file() and path.suffix != ".md"
    )


def is_licence(relative: str) -> bool:
    return Path(relative).name.upper().startswith("LICENSE")


FORMAT_FILES = [
    f
    for f in sample_files()
    if not f.startswith("invalid/") and f not in COLOUR_FILES and not is_licence(f)
]
INVALID_FILES = [f for f in sample_files() if f.startswith("invalid/")]


def show(path: Path | str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["show", str(path)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("relative", FORMAT_FILES)
def test_show_reads_every_black_and_white_format_file(
    relative: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = SAMPLES / relative
    code, out, err = show(path, capsys)
    count = len(read_puzzles(path))
    # A file of many (a list of Pattern ids) shows its first and says so in one line.
    assert (code, err) == (
        0,
        "" if count == 1 else f"{path} holds {count} puzzles: " + NOTE.format(path=path),
    )
    puzzle = read_puzzle(path)
    assert f"Size:      {puzzle.size_text}" in out
    assert out.count("\n") >= puzzle.width + puzzle.height + 4


@pytest.mark.parametrize("relative", sorted(COLOUR_FILES))
def test_show_reads_colour_puzzles(relative: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = SAMPLES / relative
    code, out, err = show(path, capsys)
    assert (code, err) == (0, "")
    assert "Colours:   3" in out


@pytest.mark.parametrize("relative", INVALID_FILES)
def test_show_refuses_invalid_files_with_one_clear_line(
    relative: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = SAMPLES / relative
    code, out, err = show(path, capsys)
    assert (code, out) == (2, "")
    assert err.startswith(f"hanjie: {path}")
    assert err.count("\n") == 1
    assert len(err.split(": ", 2)[-1].strip()) > 8


# Each invalid sample's exact reason is checked in test_formats_samples.py.


# --- show and export without the shared folder --------------------------------------------


def test_show_prints_title_author_clues_and_goal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "l.non"
    path.write_text(
        'title "L"\nby "Ana"\nwidth 2\nheight 2\nrows\n1\n2\ncolumns\n2\n1\ngoal "1011"\n'
    )
    code, out, err = show(path, capsys)
    assert (code, err) == (0, "")
    assert out == (
        "Title:     L\nAuthor:    Ana\nSize:      2x2 (2 columns, 2 rows, 3 filled cells)\n"
        "Rows:\n  1: 1\n  2: 2\nColumns:\n  1: 2\n  2: 1\nGoal:\n  #.\n  ##\n"
    )


def test_show_counts_one_in_the_singular(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "dot.non"
    path.write_text("width 1\nheight 1\nrows\n1\ncolumns\n1\n")
    code, out, _ = show(path, capsys)
    assert code == 0 and "Size:      1x1 (1 column, 1 row, 1 filled cell)\n" in out


def test_show_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "nope.non"
    code, out, err = show(path, capsys)
    assert (code, out) == (2, "")
    assert err == f"hanjie: {path}: No such file or directory\n"


@pytest.mark.parametrize("fmt", ["non", "txt", "pzl", "tatham"])
def test_export_to_stdout_and_file(
    fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "src.txt"
    source.write_text("#HORIZONTALES\n2\n1, 1\n0\n#VERTICALES\n0\n2\n1\n1\n")
    assert main(["export", str(source), "--to", fmt]) == 0
    printed = capsys.readouterr().out
    assert read_puzzle_text(printed, f"x.{fmt}").row_clues == ((2,), (1, 1), ())
    out = tmp_path / f"out.{fmt}"
    assert main(["export", str(source), "--to", fmt, "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == printed
    assert read_puzzle(out).column_clues == ((), (2,), (1,), (1,))


def test_export_infers_the_format_and_reports_problems(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "src.tatham"
    source.write_text("2:2/1/1/2\n")
    out = tmp_path / "out.pzl"
    assert main(["export", str(source), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8").splitlines()[1:] == ["N1", "2", "N2", "1"]
    assert main(["export", str(source)]) == 2
    assert "choose a format with --to" in capsys.readouterr().err
    bad = tmp_path / "bad.non"
    bad.write_text("width 2\n")
    assert main(["export", str(bad), "--to", "non"]) == 2
    assert capsys.readouterr().err.startswith(f"hanjie: {bad}: ")
    assert main(["export", str(source), "--to", "non", "-o", str(tmp_path / "no" / "x.non")]) == 2
    assert "No such file or directory" in capsys.readouterr().err


def test_python_m_game_show_bad_file_has_no_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.non"
    bad.write_bytes(b"\x00\x01binary")
    result = subprocess.run(
        [sys.executable, "-m", "game", "show", str(bad)],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == f"hanjie: {bad}: this is not a text file\n"


HOSTILE_TEXT = "\x1b]0;owned\x07\x1b[2J\u202eevil\u2066"


@pytest.mark.parametrize("fmt", ["non", "txt", "pzl", "tatham"])
def test_export_carries_no_raw_escapes_or_bidi_overrides(
    fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 36: a file's title, author and copyright reached the terminal (and exported
    files) with their escape sequences and bidi overrides as they were."""
    from dataclasses import replace

    from game.core.formats import format_puzzle
    from game.core.puzzle import Puzzle

    puzzle = replace(
        Puzzle.from_grid([[1, 0], [1, 1]]),
        title=HOSTILE_TEXT,
        author=HOSTILE_TEXT,
        copyright=HOSTILE_TEXT,
        extra=(("note", HOSTILE_TEXT),),
    )
    source = tmp_path / "hostile.non"
    source.write_text(format_puzzle(puzzle, "non"), encoding="utf-8")
    assert "\x1b" in source.read_text(encoding="utf-8")  # the hostile file does carry them
    out = tmp_path / f"out.{fmt}"
    assert main(["export", str(source), "--to", fmt]) == 0
    assert main(["export", str(source), "--to", fmt, "-o", str(out)]) == 0
    for text in (capsys.readouterr().out, out.read_text(encoding="utf-8")):
        assert not any(char in text for char in "\x1b\x07\u202e\u2066"), repr(text)
    # What the title said is still there, the override made visible.
    assert main(["export", str(source), "--to", "non"]) == 0
    assert 'title "]0;owned [2J\\u202eevil\\u2066"' in capsys.readouterr().out


@pytest.mark.parametrize("command", [["show"], ["export", "--to", "non"], ["solve"]])
def test_a_big_file_of_pattern_ids_reads_only_the_puzzle_asked_for(
    command: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 36: a 2 MB file of Pattern ids took 2.7 s to show its first puzzle, every id
    parsed to count them. Now one id is parsed; the count is still said."""
    from game.core.formats import tatham

    game_id = "20x20:" + "/".join(["1.1.1.1"] * 40)
    path = tmp_path / "ids.tatham"
    count = 2_000_000 // (len(game_id) + 1)
    path.write_text((game_id + "\n") * count)
    parsed: list[str] = []
    real = tatham.parse_game_id

    def counted(text: str, name: str = "<game id>", line: int | None = None) -> object:
        parsed.append(text)
        return real(text, name, line)

    monkeypatch.setattr(tatham, "parse_game_id", counted)
    assert main([*command, str(path)]) == 0
    assert len(parsed) == 1
    assert f"holds {count} puzzles: this is the first" in capsys.readouterr().err
    parsed.clear()
    assert main([*command, str(path), "--puzzle", str(count)]) == 0
    assert len(parsed) == 1
    assert main([*command, str(path), "--puzzle", str(count + 1)]) == 2
    assert f"holds {count} puzzles: there is no puzzle {count + 1}" in capsys.readouterr().err
