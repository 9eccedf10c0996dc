"""``hanjie convert``: the exact free-cell count, ``--fix`` and ``--require-unique``."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from game.cli import main
from game.core.create.fairness import check_uniqueness
from game.core.create.free_cells import free_cells
from game.core.formats import read_puzzle
from game.core.puzzle import Puzzle

# A 12x12 picture: a frame (so the grid keeps its size) and lone cells on a diagonal, which
# can trade places with each other.
PICTURE = np.zeros((12, 12), dtype=bool)
PICTURE[0, :] = PICTURE[-1, :] = PICTURE[:, 0] = PICTURE[:, -1] = True
for k in (3, 5, 8):
    PICTURE[k, k] = True


def _picture(path: Path) -> Path:
    pixels = np.where(PICTURE, 0, 255).astype(np.uint8)
    Image.fromarray(pixels, "L").resize((240, 240), Image.Resampling.NEAREST).save(path)
    return path


def test_convert_prints_the_exact_free_cells_and_exits_3_when_unique_is_required(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    image = _picture(tmp_path / "dots.png")
    expected = free_cells(Puzzle.from_grid(PICTURE)).count
    assert expected == 9  # three rows and three columns of one cell: any placement solves it
    assert main(["convert", str(image), "--size", "12x12"]) == 0
    out = capsys.readouterr().out
    assert f"exactly {expected} cells can go either way" in out
    assert "--fix" in out
    code = main(["convert", str(image), "--size", "12x12", "--require-unique"])
    captured = capsys.readouterr()
    assert code == 3 and "not unique: ambiguous, exactly 9 cells" in captured.err


def test_convert_require_unique_does_not_write_an_ambiguous_puzzle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA: --require-unique exited 3 but had written OUT all the same."""
    image = _picture(tmp_path / "dots.png")
    out = tmp_path / "dots.non"
    args = ["convert", str(image), "--size", "12x12", "-o", str(out)]
    assert main([*args, "--require-unique"]) == 3
    captured = capsys.readouterr()
    assert not out.exists()
    (line,) = captured.err.splitlines()
    assert line.startswith("not written: ") and "dots.non" in line
    assert "not unique: ambiguous, exactly 9 cells" in line
    assert "saved to" not in captured.out
    # A file already there is left as it was.
    out.write_text("kept")
    assert main([*args, "--require-unique"]) == 3
    assert out.read_text() == "kept"
    # Without the requirement the ambiguous puzzle is saved, and says so.
    out.unlink()
    assert main(args) == 0
    assert "(ambiguous, exactly 9 cells" in capsys.readouterr().out
    assert read_puzzle(out).goal_array() is not None


def test_convert_fix_makes_it_fair_and_saves_the_unique_puzzle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    image = _picture(tmp_path / "dots.png")
    out = tmp_path / "dots.non"
    code = main(
        ["convert", str(image), "--size", "12x12", "--fix", "--require-unique", "-o", str(out)]
    )
    printed = capsys.readouterr().out
    assert code == 0, printed
    assert "make it fair: " in printed and "edit" in printed
    assert "solver: one solution" in printed
    saved = read_puzzle(out)
    assert check_uniqueness(saved, timeout=5.0).status == "unique"
    goal = saved.goal_array()
    assert goal is not None and 1 <= int((goal != PICTURE).sum()) <= 4


def test_convert_starts_a_photo_where_the_create_screen_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.core.test_convert_photos import _shaded_disc

    image = tmp_path / "disc.jpg"
    _shaded_disc((200, 150)).save(image, quality=90)
    assert main(["convert", str(image), "--size", "12x12"]) == 0
    out = capsys.readouterr().out
    # Auto (naming what it chose), Fill (a 4:3 picture fills all 12 rows) and clean specks.
    assert ", auto: " in out and ", specks cleaned," in out
    assert "12x12 puzzle from disc.jpg" in out
    assert main(["convert", str(image), "--size", "12", "--method", "otsu", "--no-clean"]) == 0
    out = capsys.readouterr().out
    assert "12x9 puzzle" in out and "method otsu, " in out and "specks" not in out
    assert main(["convert", str(image), "--size", "12x12", "--fit", "pad", "--method", "otsu"]) == 0
    art = [
        line for line in capsys.readouterr().out.splitlines() if line and set(line) <= {"#", "."}
    ]
    assert art[0] == "." * 12  # padded: the 4:3 picture leaves the top row empty


def test_convert_fix_says_why_it_did_not_try_when_the_check_ran_out_of_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # --fix said nothing at all when the uniqueness check had no verdict: the saved puzzle
    # was simply "(not decided in time)", the --fix asked for silently skipped.
    noise = np.random.default_rng(7).random((200, 200)) < 0.5
    image = tmp_path / "noise.png"
    Image.fromarray(np.where(noise, 0, 255).astype(np.uint8), "L").save(image)
    argv = ["convert", str(image), "--size", "50x50", "--method", "otsu", "--no-clean"]
    assert main([*argv, "--fix", "--timeout", "0.001"]) == 0
    printed = capsys.readouterr().out
    assert "solver: not decided in time" in printed
    assert (
        "make it fair: not tried, the solver did not decide within 0.001 s; "
        "give it longer with --timeout"
    ) in printed


def test_convert_fix_gives_the_same_edits_on_every_run_however_its_work_is_sliced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Make it fair's budget counts engine steps: slices of a microsecond (a machine so busy
    # that each slice gets one step) change nothing it decides.
    import game.core.create.make_fair as make_fair_module

    image = _picture(tmp_path / "dots.png")
    lines = []
    for slice_seconds in (make_fair_module._STEP_SLICE, 1e-6):
        monkeypatch.setattr(make_fair_module, "_STEP_SLICE", slice_seconds)
        assert main(["convert", str(image), "--size", "12x12", "--fix"]) == 0
        printed = capsys.readouterr().out
        fix = [line for line in printed.splitlines() if line.startswith("make it fair: ")]
        assert len(fix) == 1 and "edit" in fix[0]
        text, _, spent = fix[0].partition(" [")
        lines.append(text + spent.partition(" s, ")[2])  # the edits and edits tried, no time
    assert lines[0] == lines[1]


def test_one_edit_tried_is_said_in_the_singular(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA: `convert --fix` on many photos printed "[0.23 s, 1 edits tried]"."""
    switch = np.zeros((6, 6), dtype=bool)
    switch[2, 2] = switch[3, 3] = True  # two cells on a diagonal: the commonest swap
    pixels = np.where(switch, 0, 255).astype(np.uint8)
    image = tmp_path / "switch.png"
    Image.fromarray(pixels, "L").resize((120, 120), Image.Resampling.NEAREST).save(image)
    assert main(["convert", str(image), "--size", "6x6", "--fix"]) == 0
    fix = [line for line in capsys.readouterr().out.splitlines() if line.startswith("make it")]
    assert len(fix) == 1 and fix[0].endswith(" s, 1 edit tried]"), fix


def test_edits_tried_are_never_fewer_than_the_edits_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA: a dithered gradient printed "make it fair: 7 edits: ... [0.55 s, 2 edits tried]":
    a batch of edits counted as one edit tried."""
    rng = np.random.default_rng(14)
    y, x = np.mgrid[0:480, 0:640]
    g = (x / 640 * 200 + y / 480 * 55 + rng.normal(0, 12, (480, 640))).clip(0, 255)
    g = g.astype(np.uint8)
    image = tmp_path / "gradient.png"
    Image.fromarray(np.dstack([g, g // 2 + 60, 255 - g])).save(image)
    assert main(["convert", str(image), "--size", "25x25", "--method", "dither", "--fix"]) == 0
    (fix,) = [line for line in capsys.readouterr().out.splitlines() if line.startswith("make it")]
    made = int(fix.split("make it fair: ")[1].split(" edit")[0])
    tried = int(fix.rsplit(", ", 1)[1].split(" edit")[0])
    assert made > 1 and tried >= made, fix
