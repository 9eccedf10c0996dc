"""``hanjie convert IMAGE --colours N|auto``: a colour .non that reads back as the colour
puzzle printed; bad values get one line and exit 2."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

from game.cli import main
from game.core.formats import read_puzzle


def _flower(path: Path) -> Path:
    """A red flower with a yellow heart on a green stem, on white: four colours."""
    image = Image.new("RGB", (200, 200), "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle((92, 100, 108, 200), fill=(40, 150, 60))
    draw.ellipse((40, 20, 160, 140), fill=(215, 30, 40))
    draw.ellipse((80, 60, 120, 100), fill=(245, 210, 30))
    image.save(path)
    return path


@pytest.mark.parametrize("colours", ["4", "auto"])
def test_colour_convert_writes_a_colour_puzzle_that_reads_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], colours: str
) -> None:
    out = tmp_path / "flower.non"
    code = main(["convert", str(_flower(tmp_path / "flower.png")), "--size", "12x12",
                 "--colours", colours, "-o", str(out)])  # fmt: skip
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "4 colours (white background" in captured.out
    puzzle = read_puzzle(out)
    assert puzzle.is_colour and puzzle.colour_count == 3
    assert puzzle.goal_colours is not None
    letters = puzzle.colours.letters()
    art = ["".join(letters[v] for v in row) for row in puzzle.goal_colours]
    assert "\n".join(art) in captured.out  # what was printed is what was saved
    rgbs = {c.rgb for c in puzzle.colours.colours}
    # The flower's own colours, near enough (the palette is the mean of each colour's pixels).
    for wanted in ((215, 30, 40), (245, 210, 30), (40, 150, 60)):
        assert min(sum(abs(a - b) for a, b in zip(rgb, wanted, strict=True)) for rgb in rgbs) < 30
    assert puzzle.solved_by_values(np.array(puzzle.goal_colours))


def test_two_colours_is_black_and_white(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "flower.non"
    image = str(_flower(tmp_path / "flower.png"))
    assert main(["convert", image, "--size", "12x12", "--colours", "2", "-o", str(out)]) == 0
    assert not read_puzzle(out).is_colour
    assert "method otsu" in capsys.readouterr().out


@pytest.mark.parametrize("value", ["1", "9", "0", "lots", "3.5", ""])
def test_bad_colours_get_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str
) -> None:
    out = tmp_path / "flower.non"
    code = main(["convert", str(_flower(tmp_path / "flower.png")), "--colours", value,
                 "-o", str(out)])  # fmt: skip
    captured = capsys.readouterr()
    assert code == 2
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and "colours" in lines[0] and "2 to 8" in lines[0]
    assert not out.exists()


def test_convert_colours_fix_makes_an_ambiguous_colour_picture_fair(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.core.create.fairness import check_uniqueness
    from game.ui.scenes.converter.shots import _ambiguous_picture

    picture = _ambiguous_picture(tmp_path / "cat.png")  # a bird of two diagonal dots
    out = tmp_path / "cat.non"
    args = ["convert", str(picture), "--size", "15x15", "--colours", "3"]
    assert main([*args, "--fix", "--require-unique", "-o", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "more than one solution" in printed and "make it fair: 1 edit" in printed
    puzzle = read_puzzle(out)
    assert puzzle.is_colour and check_uniqueness(puzzle, timeout=2.0).status == "unique"


def test_a_colour_puzzle_is_saved_in_colours_a_player_tells_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Petals and a darker red heart Delta E ~13 apart: two colours of the picture, saved at
    # least PLAY_DISTANCE apart so a player tells them apart in a cell.
    from game.core.convert.distinct_colours import PLAY_DISTANCE, closest_pair

    image = Image.new("RGB", (200, 200), "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle((92, 100, 108, 200), fill=(40, 150, 60))
    draw.ellipse((40, 20, 160, 140), fill=(215, 30, 40))
    draw.ellipse((75, 55, 125, 105), fill=(180, 22, 34))
    image.save(tmp_path / "flower.png")
    assert closest_pair([(255, 255, 255), (215, 30, 40), (180, 22, 34), (40, 150, 60)])[0] < 15
    out = tmp_path / "flower.non"
    code = main(["convert", str(tmp_path / "flower.png"), "--size", "12x12", "--colours", "4",
                 "-o", str(out)])  # fmt: skip
    assert code == 0, capsys.readouterr().err
    puzzle = read_puzzle(out)
    assert puzzle.colour_count == 3
    rgbs = [puzzle.colours.background.rgb, *(c.rgb for c in puzzle.colours.colours)]
    assert closest_pair(rgbs)[0] >= PLAY_DISTANCE
