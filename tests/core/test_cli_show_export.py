"""``hanjie show`` and ``hanjie export`` on the public puzzle files and on bad input."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.core.formats import read_puzzle, read_puzzle_text, read_taai_questions, read_tatham_ids
from game.core.puzzle import MAX_DIMENSION

from ..conftest import REPO_ROOT, SHARED_PUZZLES

# Puzzle files of formats/ that the game must refuse as colour puzzles.
COLOUR_FILES = {"webpbn_xml/missing.xml", "webpbn_xml/take_two.xml", "olsak/acorn.g"}


def shared_files(folder: str) -> list[str]:
    """Relative paths under ``SHARED_PUZZLES/folder`` (empty when the folder is absent)."""
    root = SHARED_PUZZLES / folder
    if not root.is_dir():
        return []
    return sorted(str(path.relative_to(root)) for path in root.rglob("*") if path.is_file())


def is_licence(relative: str) -> bool:
    return Path(relative).name.upper().startswith("LICENSE")


FORMAT_FILES = [
    f
    for f in shared_files("formats")
    if not f.startswith("invalid/") and f not in COLOUR_FILES and not is_licence(f)
]
INVALID_FILES = [f for f in shared_files("formats") if f.startswith("invalid/")]
CORPUS_FILES = [f for f in shared_files("corpus") if f.endswith(".non")]


def show(path: Path | str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["show", str(path)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("relative", FORMAT_FILES)
def test_show_reads_every_black_and_white_format_file(
    relative: str, shared_puzzles: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = shared_puzzles / "formats" / relative
    code, out, err = show(path, capsys)
    assert (code, err) == (0, "")
    puzzle = read_puzzle(path)
    assert f"Size:      {puzzle.size_text}" in out
    assert out.count("\n") >= puzzle.width + puzzle.height + 4


@pytest.mark.parametrize("relative", sorted(COLOUR_FILES))
def test_show_refuses_colour_puzzles(
    relative: str, shared_puzzles: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = shared_puzzles / "formats" / relative
    code, out, err = show(path, capsys)
    assert (code, out) == (2, "")
    assert err == f"hanjie: {path}: colour puzzles are not supported yet\n"


def declared_size(path: Path) -> tuple[int, int]:
    keys = dict(
        line.split(None, 1)
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith(("width ", "height "))
    )
    return int(keys["width"]), int(keys["height"])


@pytest.mark.parametrize("relative", CORPUS_FILES)
def test_show_reads_the_corpus(
    relative: str, shared_puzzles: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = shared_puzzles / "corpus" / relative
    code, out, err = show(path, capsys)
    width, height = declared_size(path)
    # Every corpus file is within the model's limits (0x0 drafts and 512x512 included).
    assert width <= MAX_DIMENSION and height <= MAX_DIMENSION
    assert (code, err) == (0, "")
    assert f"Size:      {width}x{height} " in out


@pytest.mark.parametrize("relative", INVALID_FILES)
def test_show_refuses_invalid_files_with_one_clear_line(
    relative: str, shared_puzzles: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = shared_puzzles / "formats" / relative
    code, out, err = show(path, capsys)
    if relative == "invalid/no_solution_10x10.non":
        assert (code, err) == (0, "")
        assert "Size:      10x10" in out
        return
    assert (code, out) == (2, "")
    assert err.startswith(f"hanjie: {path}")
    assert err.count("\n") == 1
    assert len(err.split(": ", 2)[-1].strip()) > 8


EXPECTED_REASONS = {
    "absurd_size.non": "width must be between 0 and 512, not 1000000",
    "clue_too_long.non": "needs 5 cells, the row has 3",
    "empty.non": "empty",
    "missing_columns.non": "no 'columns' section",
    "negative.non": "cannot be negative",
    "not_a_number.non": "'x' is not a whole number",
    "random_bytes.non": "not a text file",
    "sums_differ.non": "row clues fill 4 cells but column clues fill 3",
    "too_many_rows.non": "3 row clues but the height is 2",
    "truncated.xml": "not well formed",
}


@pytest.mark.parametrize(("name", "reason"), sorted(EXPECTED_REASONS.items()))
def test_invalid_files_give_their_reason(name: str, reason: str, shared_puzzles: Path) -> None:
    path = shared_puzzles / "formats" / "invalid" / name
    with pytest.raises(ValueError, match=reason):
        read_puzzle(path)


def test_shared_format_files_agree_with_their_corpus_copies(shared_puzzles: Path) -> None:
    pairs = {
        "formats/olsak/bird.mk": "corpus/olsakmk_bird.non",
        "formats/webpbn_xml/atrus.xml": "corpus/loom_atrus.non",
        "formats/webpbn_xml/logo.xml": "corpus/loom_logo.non",
    }
    for source, copy in pairs.items():
        assert read_puzzle(shared_puzzles / source).fingerprint() == (
            read_puzzle(shared_puzzles / copy).fingerprint()
        )
    bicycle = read_puzzle(shared_puzzles / "formats/olsak/bicycle.g")
    assert (bicycle.size_text, bicycle.title) == ("20x20", "Bicykl")
    copy = read_puzzle(shared_puzzles / "corpus/olsak_bicycle.non")
    # The corpus copy carries one extra empty column; the clues are otherwise the same.
    assert bicycle.row_clues == copy.row_clues
    assert bicycle.column_clues == copy.column_clues[: bicycle.width]


def test_pzl_sample_is_the_three_by_three(shared_puzzles: Path) -> None:
    puzzle = read_puzzle(shared_puzzles / "formats/pzl/voorbeeld_3x3.pzl")
    assert (puzzle.row_clues, puzzle.column_clues) == (((1,), (2,), (1, 1)), ((1,), (2,), (2,)))


def test_tatham_and_taai_collections(shared_puzzles: Path) -> None:
    ids = (shared_puzzles / "formats/tatham/game_ids.txt").read_text(encoding="utf-8")
    assert [p.size_text for p in read_tatham_ids(ids)] == ["5x5", "10x10", "15x10", "20x20"]
    assert read_puzzle(shared_puzzles / "formats/tatham/game_ids.txt").size_text == "5x5"
    questions = shared_puzzles / "taai2011" / "questions.txt"
    puzzles = read_taai_questions(questions.read_text(encoding="utf-8"))
    assert len(puzzles) == 1000
    assert puzzles[41].title == "taai2011 #42"
    assert all(p.size_text == "25x25" for p in puzzles)
    solution_lines = (shared_puzzles / "taai2011" / "solutions.txt").read_text().splitlines()
    first = [[cell == "1" for cell in line.split("\t")] for line in solution_lines[1:26]]
    assert puzzles[0].is_solution(first)
    assert read_puzzle(questions).title == "taai2011 #1"


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
