"""Issue 49's hostile files and commands: each refused or answered in one clear line (exit 2
for a command), nothing silently drawn in another colour."""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import pytest

from game.cli import main
from game.commands import solving
from game.core.formats import FormatError, read_puzzle_text
from game.core.formats._common import MAX_FILE_BYTES
from tests.core.test_colour_formats import NON  # a two-colour .non


def _one_line_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], reason: str
) -> tuple[str, str]:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and err.startswith("hanjie: "), err
    assert reason in err, err
    return out, err


@pytest.mark.parametrize(
    ("change", "line", "reason"),
    [
        # A colour with no RGB was drawn in one of ours: here red's, so red and green alike.
        (("color g #00ff00", "color g"), 4, "colour g: no #rrggbb colour is given"),
        # Two colours of one RGB: touching runs of the two read as one run.
        (("color g #00ff00", "color g #ff0000"), 4, "the colour 'g' is #ff0000, the colour of"),
        # A colour the background's: its painted cells cannot be seen.
        (("color g #00ff00", "color g #ffffff"), 4, "the background's colour"),
    ],
)
def test_a_non_colour_that_would_be_drawn_as_another_is_refused(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    change: tuple[str, str],
    line: int,
    reason: str,
) -> None:
    with pytest.raises(FormatError) as caught:
        read_puzzle_text(NON.replace(*change), "bad.non")
    assert caught.value.line == line and reason in caught.value.reason
    path = tmp_path / "bad.non"
    path.write_text(NON.replace(*change))
    _one_line_exit_2(capsys, ["show", str(path)], reason)


XML = """<?xml version="1.0"?>
<puzzleset><puzzle type="grid" defaultcolor="red">
<color name="white" char=".">FFFFFF</color>
<color name="red" char="r">FF0000</color>
<color name="green" char="g">ZZZZZZ</color>
<clues type="columns"><line><count>1</count></line><line><count color="green">1</count></line>
<line><count color="green">2</count></line></clues>
<clues type="rows"><line><count>1</count><count color="green">1</count></line>
<line><count color="green">2</count></line></clues>
</puzzle></puzzleset>
"""


def test_an_unreadable_xml_colour_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "green.xml"
    path.write_text(XML)
    _one_line_exit_2(capsys, ["show", str(path)], "colour 'green': 'ZZZZZZ' is not an RRGGBB")


OLSAK = "#d\n0:  #FFFFFF white\n1:#  #FF0000 red\ng:%  #00FF00 green\n{line}:\n1 1g\n:\n1\n1g\n:\n"


def test_an_olsak_colour_table_line_not_understood_is_refused_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert read_puzzle_text(OLSAK.format(line=""), "c.g").colour_count == 2
    with pytest.raises(FormatError) as caught:
        read_puzzle_text(OLSAK.format(line="b=#0000FF blue\n"), "c.g")
    assert caught.value.line == 5
    assert caught.value.reason.startswith("'b=#0000FF blue' is not a colour table line")
    # A colour's name stands for its colour, as Olšák's files write them.
    named = read_puzzle_text(OLSAK.format(line="").replace("#00FF00 green", "lime"), "c.g")
    assert named.colours is not None and named.colours.colours[1].rgb == (0, 255, 0)
    path = tmp_path / "c.g"
    path.write_text(OLSAK.format(line="").replace("#00FF00 green", "ZZZZ"))
    _one_line_exit_2(capsys, ["show", str(path)], "'ZZZZ' is not a #rrggbb colour nor a colour")


def test_a_puzzle_without_cells_is_refused_by_solve_as_by_check_and_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "empty.non"
    path.write_text("width 0\nheight 3\n\nrows\n0\n0\n0\n\ncolumns\n")
    _one_line_exit_2(capsys, ["solve", str(path)], "the puzzle is 0x3: it has no cells to solve")
    out, _err = _one_line_exit_2(capsys, ["solve", str(path), "--json"], "no cells to solve")
    assert json.loads(out)["status"] == "refused"


def test_solve_json_prints_a_status_for_a_file_whose_clues_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "clue.non"
    path.write_text("width 2\nheight 2\n\nrows\n3\n1\n\ncolumns\n1\n1\n")
    out, err = _one_line_exit_2(capsys, ["solve", str(path), "--json"], "clue 3 needs 3 cells")
    said = json.loads(out)
    assert said["status"] == "refused" and said["file"] == str(path)
    assert said["error"] in err


def _webpbn_xml(grid: np.ndarray) -> str:
    def counts(line: np.ndarray) -> str:
        runs = np.diff(np.concatenate(([0], line.astype(np.int8), [0])))
        lengths = np.flatnonzero(runs == -1) - np.flatnonzero(runs == 1)
        return "".join(f"<count>{n}</count>" for n in lengths)

    rows = "".join(f"<line>{counts(row)}</line>\n" for row in grid)
    columns = "".join(f"<line>{counts(column)}</line>\n" for column in grid.T)
    return (
        f'<puzzleset><puzzle type="grid"><clues type="columns">{columns}</clues>'
        f'<clues type="rows">{rows}</clues></puzzle></puzzleset>'
    )


def test_a_490_square_webpbn_file_within_the_size_limit_is_read() -> None:
    grid = np.random.default_rng(49).random((490, 490)) < 0.35
    text = _webpbn_xml(grid)
    assert len(text.encode()) <= MAX_FILE_BYTES
    assert text.count("<") > 200_000  # the old cap refused it
    puzzle = read_puzzle_text(text, "big.xml")
    assert (puzzle.width, puzzle.height) == (490, 490)


def test_dash_v_says_the_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["-V"]) == 0
    assert capsys.readouterr().out.startswith("hanjie ")


def test_generate_takes_colors_as_convert_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "c.non"
    argv = ["generate", "--size", "5x5", "--level", "1", "--colors", "3", "--seed", "1"]
    assert main([*argv, "-o", str(out)]) == 0, capsys.readouterr().err
    assert "color " in out.read_text()


def test_the_commands_budget_is_cpu_time_not_wall_time(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A loaded machine: wall time runs away (here a leap of a minute at every reading)
    while this process gets little CPU. ``check`` answered "unknown" after 4 s of CPU."""
    assert solving.BUDGET_CLOCK is time.process_time
    real = time.perf_counter
    leaps = [0.0]

    def loaded() -> float:
        leaps[0] += 60.0
        return real() + leaps[0]

    monkeypatch.setattr(time, "perf_counter", loaded)
    monkeypatch.setattr(time, "monotonic", loaded)
    level = next(
        iter(sorted(Path(__file__).resolve().parents[2].joinpath("levels").rglob("*.non")))
    )
    assert main(["solve", str(level), "--json", "--timeout", "30"]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "unique"


def test_pillows_corrupt_exif_warning_is_one_line_of_ours(tmp_path: Path) -> None:
    import subprocess
    import sys

    from PIL import Image

    picture = Image.new("RGB", (40, 40), "white")
    picture.paste((0, 0, 0), (10, 10, 30, 30))
    path = tmp_path / "exif.jpg"
    picture.save(path, exif=b"Exif\x00\x00II*\x00\x08\x00\x00\x00\xff\xff\x12\x01")
    done = subprocess.run(
        [sys.executable, "-m", "game", "convert", str(path), "--size", "10x10"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    (line,) = done.stderr.splitlines()  # Pillow's words differ a little between versions
    assert line.startswith("hanjie: warning: Pillow: Corrupt EXIF data")


def test_a_pygame_ce_older_than_the_floor_is_refused_in_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """pygame-ce 2.5.0 (which the old floor allowed) cannot subclass pygame.Window."""
    import types

    import pygame

    from game.commands.common import pygame_problem

    assert pygame_problem() is None
    monkeypatch.setattr(pygame, "version", types.SimpleNamespace(vernum=(2, 5, 0)))
    assert pygame_problem() == (
        "pygame-ce 2.5.0 is too old for the game window: pip install 'pygame-ce>=2.5.1'"
    )
