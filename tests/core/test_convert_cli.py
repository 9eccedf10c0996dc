"""``hanjie convert``: text art and a report on success, one stderr line and exit 2 on bad input."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

from game.cli import main
from tests.core.test_convert import bomb_png


def _ring(path: Path) -> Path:
    image = Image.new("RGB", (300, 200), "white")
    draw = ImageDraw.Draw(image)
    draw.ellipse((50, 20, 250, 180), fill=(200, 20, 20))
    draw.rectangle((120, 70, 180, 130), fill="white")
    image.save(path)
    return path


def test_convert_prints_text_art_and_saves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    image = _ring(tmp_path / "ring.png")
    out = tmp_path / "ring.non"
    code = main(["convert", str(image), "--size", "15", "-o", str(out), "--author", "Ana"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    lines = captured.out.splitlines()
    art = [line for line in lines if set(line) <= {"#", "."} and line]
    assert len(art) == 10 and all(len(line) == 15 for line in art)  # 300x200 keeps 3:2
    assert art[0] == "." * 15 and "###...###" in art[4]
    assert "15x10 puzzle from ring.png" in captured.out
    assert "method otsu" in captured.out  # the same default as the converter screen
    assert "solver:" in captured.out
    text = out.read_text()
    assert "goal" in text and 'title "ring"' in text

    from game.core.formats import read_puzzle

    puzzle = read_puzzle(out)
    assert puzzle.size_text == "15x10" and puzzle.goal is not None
    art_grid = np.array([[c == "#" for c in line] for line in art])
    assert np.array_equal(puzzle.goal_array(), art_grid)


def test_convert_options_change_the_grid(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    image = _ring(tmp_path / "ring.png")
    assert main(["convert", str(image), "--size", "10x10", "--fit", "stretch"]) == 0
    plain = capsys.readouterr().out.splitlines()[:10]
    assert main(["convert", str(image), "--size", "10x10", "--fit", "stretch", "--invert"]) == 0
    inverted = capsys.readouterr().out.splitlines()[:10]
    # Invert works on pixels: a cell that was mostly light is now filled; a cell exactly
    # half dark is filled both ways ("at least half").
    for before, after in zip(plain, inverted, strict=True):
        for old, new in zip(before, after, strict=True):
            if old == ".":
                assert new == "#"
    changed = sum(
        a != b
        for before, after in zip(plain, inverted, strict=True)
        for a, b in zip(before, after, strict=True)
    )
    assert changed >= 90
    code = main(["convert", str(image), "--size", "10x10", "--method", "threshold=0.45", "--crop"])
    assert code == 0
    assert "method threshold 0.45" in capsys.readouterr().out


def _bad_inputs(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    text = tmp_path / "text.png"
    text.write_text("not a picture")
    buffer = io.BytesIO()
    noise = np.random.default_rng(3).integers(0, 255, (120, 120, 3), dtype=np.uint8)
    Image.fromarray(noise).save(buffer, "PNG")
    cut = tmp_path / "cut.png"
    cut.write_bytes(buffer.getvalue()[:2000])
    bomb = tmp_path / "bomb.png"
    bomb.write_bytes(bomb_png())
    dot = tmp_path / "dot.png"
    Image.new("RGB", (1, 1)).save(dot)
    return {
        "text": (text, "not an image"),
        "truncated": (cut, "incomplete"),
        "bomb": (bomb, "900 million pixels"),
        "one pixel": (dot, "only 1x1 pixels"),
        "missing": (tmp_path / "nope.png", "no such file"),
        "folder": (tmp_path, "folder"),
    }


def test_bad_inputs_give_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name, (path, reason) in _bad_inputs(tmp_path).items():
        code = main(["convert", str(path)])
        captured = capsys.readouterr()
        assert code == 2, name
        assert captured.out == "", name
        lines = captured.err.strip().splitlines()
        assert len(lines) == 1, (name, captured.err)
        assert lines[0].startswith(f"hanjie: {path}: ") and reason in lines[0], lines[0]


def test_bad_options_give_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    image = _ring(tmp_path / "ring.png")
    for option in (["--size", "3x3"], ["--size", "axb"], ["--method", "threshold=7"]):
        assert main(["convert", str(image), *option]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith("hanjie: convert: ")
    unwritable = tmp_path / "missing-folder" / "out.non"
    assert main(["convert", str(image), "-o", str(unwritable)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot save" in err[0]


def test_ambiguous_cells_are_named_as_hints_name_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Two black squares on a diagonal: the 2x2 swap makes the puzzle ambiguous.
    image = Image.new("RGB", (50, 50), "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, 9, 9), fill="black")
    draw.rectangle((10, 10, 19, 19), fill="black")
    path = tmp_path / "diagonal.png"
    image.save(path)
    assert main(["convert", str(path), "--size", "5"]) == 0
    out = capsys.readouterr().out
    assert "free cells: row 1, column 1; row 1, column 2" in out
