"""The commands on Kakuro files: show, solve (text, steps, JSON), check DIR and generate
--kind kakuro; a bad file is one line and exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.core.kakuro.fileformat import read_kakuro, write_kakuro
from game.core.kakuro.task import solve
from tests.core.kakuro_boards import tiny


def _tiny_file(tmp_path: Path) -> Path:
    path = tmp_path / "tiny.kak"
    write_kakuro(tiny(), path)
    return path


def test_show_prints_the_board_and_solution(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["show", str(_tiny_file(tmp_path))]) == 0
    out = capsys.readouterr().out
    assert "Kind:      Kakuro" in out and "Size:      4x4" in out
    assert "Solution:" in out and "\\4" in out and "3\\" in out


def test_solve_text_steps_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(_tiny_file(tmp_path))
    assert main(["solve", path, "--steps"]) == 0
    out = capsys.readouterr().out
    assert "verdict:  unique" in out and "rating:" in out and "solution 1:" in out
    assert "in two cells" in out or "in three cells" in out
    assert main(["solve", path, "--json"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["kind"] == "kakuro" and row["status"] == "unique" and row["solutions"] == 1
    assert 1 <= row["rating"]["stars"] <= 5


def test_check_rates_kakuro_files_and_counts_bad_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _tiny_file(tmp_path)
    (tmp_path / "bad.kak").write_text("kakuro\nsize 3x3\n", encoding="utf-8")
    assert main(["check", str(tmp_path), "--jobs", "1"]) == 1
    out = capsys.readouterr().out
    assert "tiny.kak" in out and "unique" in out
    assert "bad.kak" in out and "unreadable" in out
    assert "1 of 2 puzzles have exactly one solution" in out


@pytest.mark.parametrize("command", ["show", "solve"])
def test_bad_files_are_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    path = tmp_path / "bad.kak"
    path.write_text("kakuro\nsize 3x3\n\ngrid\n# #\n", encoding="utf-8")
    assert main([command, str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.kak" in err


@pytest.mark.parametrize("command", ["show", "solve"])
def test_a_puzzle_number_past_the_one_kakuro_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    # QA: ``show x.kak --puzzle 2`` showed the only puzzle without a word, where a
    # nonogram file of one says there is no puzzle 2.
    path = str(_tiny_file(tmp_path))
    assert main([command, path, "--puzzle", "2"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"hanjie: {path} holds one puzzle: there is no puzzle 2\n"
    assert main([command, path, "--puzzle", "1"]) == 0


def test_generate_kakuro_writes_unique_rated_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "made"
    args = ["generate", "--kind", "kakuro", "--size", "6x6", "--level", "1", "--seed", "5"]
    assert main([*args, "--count", "2", "-o", str(out)]) == 0
    names = sorted(path.name for path in out.iterdir())
    assert names == ["kakuro-6x6-level1-5.kak", "kakuro-6x6-level1-6.kak"]
    for name in names:
        assert solve(read_kakuro(out / name), max_solutions=None).status == "unique"
    assert "Kakuro 6x6 seed 5" in capsys.readouterr().out


def test_generate_kakuro_to_a_bare_name_writes_what_solve_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 36: "generate --kind kakuro -o k1" wrote k1, which "solve k1" refused as an
    unknown format. The name gets its .kak; another suffix is refused in one line."""
    monkeypatch.chdir(tmp_path)
    args = ["generate", "--kind", "kakuro", "--size", "6x6", "--level", "1", "--seed", "5"]
    assert main([*args, "-o", "k1"]) == 0
    assert "k1.kak: Kakuro 6x6 seed 5" in capsys.readouterr().out
    assert not (tmp_path / "k1").exists()
    assert main(["solve", "k1.kak"]) == 0
    assert main([*args, "-o", "k2.non"]) == 2
    assert "k2.kak" in capsys.readouterr().err
    assert not (tmp_path / "k2.non").exists()


@pytest.mark.parametrize(
    ("size", "words"), [("8x6", "is square"), ("20", "6 to 16"), ("5", "6 to 16")]
)
def test_generate_kakuro_refuses_sizes_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], size: str, words: str
) -> None:
    target = tmp_path / "x.kak"
    assert main(["generate", "--kind", "kakuro", "--size", size, "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and not target.exists()


def test_generate_kakuro_refuses_a_level_the_size_cannot_reach(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "x.kak"
    args = ["generate", "--kind", "kakuro", "--size", "16x16", "--level", "1", "-o", str(target)]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and not target.exists()
    assert "16x16 Kakuro is Hard, Expert or Fiendish, not Easy" in err and "6x6 to 10x10" in err


def test_generate_kakuro_says_when_it_gives_another_level(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Hard is at the edge of what a 6x6 reaches; seed 1 gives Medium after six boards.
    target = tmp_path / "x.kak"
    args = ["generate", "--kind", "kakuro", "--size", "6x6", "--level", "3", "--seed", "1"]
    assert main([*args, "-o", str(target)]) == 0
    captured = capsys.readouterr()
    assert "Medium" in captured.out
    assert captured.err.count("\n") == 1
    assert "asked Hard, made Medium" in captured.err and "edge of what a 6x6" in captured.err
