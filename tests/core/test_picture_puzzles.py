"""The picture library's puzzles: pictures that do not read are refused, Random's "Picture" is
fair and at the level asked, the daily picture is fixed by its date.

The pictures are drawn here with Pillow into a small library in a temporary folder (the same
files the build writes: an indexed PNG with a transparent index and a manifest), except the
daily test, which uses the shipped library as the game does.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

from game.core.generate.daily import plan_for
from game.core.generate.files import played_pictures, write_generated
from game.core.generate.picture_library import (
    MAX_PLAIN_SHAPE,
    Picture,
    bw_grid,
    colour_grid,
    library,
    load_picture,
    readability,
)
from game.core.generate.picture_puzzles import (
    PictureGeneration,
    attempt,
    run_attempt,
    trimmed,
)
from game.core.rating import rate_puzzle
from game.core.solver.task import SolveTask

SIDE = 72
RED, GREEN, BLUE, BLACK = (210, 40, 40), (40, 160, 60), (40, 80, 200), (30, 30, 30)


def _indexed(draw_on: Image.Image) -> Image.Image:
    """An RGBA drawing as the library stores it: index 0 transparent, then its colours."""
    rgba = np.asarray(draw_on)
    colours = sorted({tuple(int(v) for v in p[:3]) for p in rgba.reshape(-1, 4) if p[3] >= 128})
    indices = np.zeros(rgba.shape[:2], dtype=np.uint8)
    for number, colour in enumerate(colours, start=1):
        indices[(rgba[:, :, 3] >= 128) & np.all(rgba[:, :, :3] == colour, axis=2)] = number
    image = Image.fromarray(indices, "P")
    image.putpalette([0, 0, 0, *(v for colour in colours for v in colour)])
    image.info["transparency"] = 0
    return image


def _canvas() -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGBA", (SIDE, SIDE), (0, 0, 0, 0))
    return image, ImageDraw.Draw(image)


def house() -> Image.Image:
    image, draw = _canvas()
    draw.polygon([(4, 34), (36, 4), (68, 34)], fill=RED)
    draw.rectangle([12, 34, 60, 70], fill=BLUE)
    draw.rectangle([30, 48, 42, 70], fill=BLACK)
    draw.rectangle([48, 10, 56, 26], fill=BLACK)
    draw.rectangle([16, 40, 26, 50], fill=(255, 255, 255))  # windows: paper at detail 1
    draw.rectangle([46, 40, 56, 50], fill=(255, 255, 255))
    return image


def tree() -> Image.Image:
    image, draw = _canvas()
    draw.ellipse([8, 2, 64, 46], fill=GREEN)
    draw.ellipse([2, 20, 30, 44], fill=GREEN)
    draw.rectangle([30, 40, 42, 70], fill=(120, 70, 30))
    draw.rectangle([16, 64, 56, 70], fill=BLACK)
    return image


def hairline_grid() -> Image.Image:
    """A net of one-pixel lines: at 10x10 every line falls under half a cell."""
    image, draw = _canvas()
    for x in range(0, SIDE, 9):
        draw.line([(x, 0), (x, SIDE - 1)], fill=BLACK)
        draw.line([(0, x), (SIDE - 1, x)], fill=BLACK)
    return image


def disc() -> Image.Image:
    image, draw = _canvas()
    draw.ellipse([0, 0, SIDE - 1, SIDE - 1], fill=BLACK)
    return image


def make_library(folder: Path, pictures: dict[str, Image.Image]) -> Path:
    entries = []
    for name, image in pictures.items():
        _indexed(image).save(folder / f"{name}.png")
        entries.append(
            {"name": name, "theme": "test", "title": name.title(), "file": f"{name}.png"}
        )
    (folder / "manifest.json").write_text(json.dumps({"pictures": entries}), encoding="utf-8")
    return folder


def picture(image: Image.Image, tmp_path: Path) -> Picture:
    path = tmp_path / "one.png"
    _indexed(image).save(path)
    return load_picture(path)


def test_a_picture_of_hairlines_does_not_read_at_ten_by_ten_and_is_refused(
    tmp_path: Path,
) -> None:
    lines = picture(hairline_grid(), tmp_path)
    reading = readability(lines, bw_grid(lines, 10, 10, 0), 0)
    assert not reading.reads and reading.agreement < 0.5
    made = run_attempt(attempt(lines, 10, 10, 0, title="Net"))
    assert made.puzzle is None and made.refused.startswith("does not read")


def test_a_plain_disc_is_a_blob_and_is_refused(tmp_path: Path) -> None:
    ball = picture(disc(), tmp_path)
    made = run_attempt(attempt(ball, 15, 15, 0, title="Ball"))
    assert made.puzzle is None
    assert made.reading is not None and made.reading.agreement > 0.9  # drawn well: a blob
    assert made.reading.blob > MAX_PLAIN_SHAPE  # a plain disc


def test_a_picture_that_reads_is_made_a_fair_rated_puzzle(tmp_path: Path) -> None:
    home = picture(house(), tmp_path)
    made = run_attempt(attempt(home, 15, 15, 1, title="House"))
    assert made.puzzle is not None and made.rating is not None, made.refused
    assert made.reading is not None and made.reading.reads
    result, rating = rate_puzzle(made.puzzle)
    assert result.status == "unique"
    assert rating.stars == made.rating.stars == int(dict(made.puzzle.extra)["difficulty"])
    goal = made.puzzle.goal_array()
    assert goal is not None and np.array_equal(result.solutions[0], goal)


@pytest.mark.parametrize("level", [1, 2])
def test_random_picture_is_unique_and_at_the_level_asked(tmp_path: Path, level: int) -> None:
    folder = make_library(tmp_path, {"house": house(), "tree": tree()})
    made = PictureGeneration(15, 15, level, seed=3, folder=folder).run()
    puzzle = made.puzzle
    assert made.rating.stars == level
    result, rating = rate_puzzle(puzzle)
    assert result.status == "unique" and rating.stars == level
    assert dict(puzzle.extra)["picture"] in {"house", "tree"}
    assert puzzle.title in {"House", "Tree"}


def test_random_picture_in_colour_is_unique(tmp_path: Path) -> None:
    folder = make_library(tmp_path, {"house": house(), "tree": tree()})
    made = PictureGeneration(15, 15, 2, seed=5, colours=4, folder=folder).run()
    puzzle = made.puzzle
    assert puzzle.is_colour and 2 <= puzzle.colour_count <= 4
    result = SolveTask(puzzle, max_solutions=2).run()
    assert result.status == "unique"
    assert rate_puzzle(puzzle)[1].stars == made.rating.stars


def test_random_picture_draws_one_not_played_yet(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    folder = make_library(tmp_path / "lib", {"house": house(), "tree": tree()})
    first = PictureGeneration(15, 15, 1, seed=11, folder=folder).run().puzzle
    played_folder = tmp_path / "random"
    write_generated(played_folder, first, "first")
    played = played_pictures(played_folder)
    assert played == {dict(first.extra)["picture"]}
    for seed in (11, 12, 13):
        again = PictureGeneration(15, 15, 1, seed=seed, played=played, folder=folder).run()
        assert dict(again.puzzle.extra)["picture"] not in played


def test_random_picture_is_the_same_for_a_seed_however_sliced(tmp_path: Path) -> None:
    folder = make_library(tmp_path, {"house": house(), "tree": tree()})
    whole = PictureGeneration(20, 20, 2, seed=7, folder=folder).run().puzzle
    sliced = PictureGeneration(20, 20, 2, seed=7, folder=folder)
    while sliced.advance(0.0005) is None:
        pass
    assert sliced.result is not None
    assert sliced.result.puzzle.fingerprint() == whole.fingerprint()


def test_a_size_no_picture_reads_at_falls_back_to_shapes(tmp_path: Path) -> None:
    folder = make_library(tmp_path, {"net": hairline_grid()})
    made = PictureGeneration(10, 10, 1, seed=2, folder=folder).run()
    assert "picture" not in dict(made.puzzle.extra)
    assert SolveTask(made.puzzle, max_solutions=2).run().status == "unique"


def test_the_daily_puzzle_is_a_picture_fixed_by_its_date() -> None:
    from game.core.generate.daily_making import daily_generation

    assert library(), "the shipped picture library is missing"
    wednesday = plan_for(date(2025, 3, 12))  # 15x15, Medium (10x10 days are shapes)
    first = daily_generation(wednesday)
    second = daily_generation(wednesday)
    one, two = first.advance(60.0), second.advance(60.0)
    assert one is not None and two is not None
    assert one.puzzle.fingerprint() == two.puzzle.fingerprint()
    assert "picture" in dict(one.puzzle.extra)
    thursday = plan_for(date(2025, 3, 13))
    other = daily_generation(thursday)
    made = other.advance(60.0)
    assert made is not None
    assert dict(made.puzzle.extra)["picture"] != dict(one.puzzle.extra)["picture"]


def bus() -> Image.Image:
    """A picture twice as wide as it is tall: in a square grid it leaves empty rows."""
    image, draw = _canvas()
    draw.rectangle([2, 22, 69, 46], fill=BLUE)
    draw.rectangle([8, 26, 22, 34], fill=(255, 255, 255))
    draw.rectangle([30, 26, 44, 34], fill=(255, 255, 255))
    draw.rectangle([2, 40, 69, 42], fill=RED)
    draw.ellipse([10, 42, 22, 54], fill=BLACK)
    draw.ellipse([48, 42, 60, 54], fill=BLACK)
    return image


def squashed(image: Image.Image) -> Image.Image:
    """``image`` drawn half as tall in the middle of the canvas."""
    canvas, _ = _canvas()
    canvas.paste(image.resize((SIDE, SIDE // 2)), (0, SIDE // 4))
    return canvas


@pytest.mark.parametrize(("drawing", "detail"), [(bus, 1), (lambda: squashed(house()), None)])
def test_a_trimmed_picture_puzzle_has_no_empty_edge_lines_and_stays_unique(
    tmp_path: Path, drawing: Callable[[], Image.Image], detail: int | None
) -> None:
    wide = picture(drawing(), tmp_path)
    whole = run_attempt(attempt(wide, 15, 15, detail, title="Bus"))
    made = run_attempt(attempt(wide, 15, 15, detail, title="Bus", trim=True))
    assert whole.puzzle is not None and made.puzzle is not None, (whole.refused, made.refused)
    assert not whole.puzzle.row_clues[0] or not whole.puzzle.row_clues[-1]  # empty rows
    puzzle = made.puzzle
    assert puzzle.width <= 15 and puzzle.height < 15
    assert all(puzzle.row_clues[y] for y in (0, -1))
    assert all(puzzle.column_clues[x] for x in (0, -1))
    assert SolveTask(puzzle, max_solutions=2).run().status == "unique"
    # The same picture, its empty edges cut off.
    before = np.array(whole.puzzle.goal_colours or whole.puzzle.goal, dtype=int)
    after = np.array(puzzle.goal_colours or puzzle.goal, dtype=int)
    assert np.array_equal(trimmed(before), after)


def test_a_colour_picture_puzzle_is_drawn_in_colours_a_player_tells_apart(
    tmp_path: Path,
) -> None:
    # A wall and its door in two browns Delta E 12 apart: the quantiser keeps both (they are
    # two colours of the picture), the puzzle draws them at least PLAY_DISTANCE apart.
    from game.core.convert.distinct_colours import PLAY_DISTANCE, closest_pair

    image, draw = _canvas()
    draw.polygon([(4, 34), (36, 4), (68, 34)], fill=RED)
    draw.rectangle([12, 34, 60, 70], fill=(140, 95, 70))
    draw.rectangle([30, 46, 42, 70], fill=(112, 72, 52))
    draw.rectangle([16, 40, 26, 50], fill=BLUE)
    made = run_attempt(attempt(picture(image, tmp_path), 15, 15, None, title="House"))
    assert made.puzzle is not None, made.refused
    palette = made.puzzle.colours
    rgbs = [palette.background.rgb, *(colour.rgb for colour in palette.colours)]
    assert palette.count == 4
    assert closest_pair(rgbs)[0] >= PLAY_DISTANCE
    assert closest_pair([(255, 255, 255), RED, (140, 95, 70), (112, 72, 52), BLUE])[0] < 15


def test_the_colour_weekend_is_at_its_level_and_not_the_same_picture_every_week() -> None:
    # Sundays' 25x20 colour pictures came out Hard under an Expert label, and the nearest
    # was the one of fewest points: Safari on every Sunday's seed.
    from game.core.generate.daily_making import make_daily

    assert library(), "the shipped picture library is missing"
    sundays = [plan_for(date(2026, 11, 29) + timedelta(weeks=week)) for week in range(6)]
    made = [make_daily(plan) for plan in sundays]
    assert all(m.rating.stars == plan.level for m, plan in zip(made, sundays, strict=True))
    assert all(m.puzzle.is_colour for m in made)
    assert len({dict(m.puzzle.extra)["picture"] for m in made}) == 6


def test_a_picture_filling_its_box_keeps_the_transparent_surround_as_background(
    tmp_path: Path,
) -> None:
    # A pair of jeans fills its box: the colour touching the box's border most was its blue,
    # which became the background and the gap between the legs the ink.
    image, draw = _canvas()
    draw.rectangle([4, 4, 67, 67], fill=BLUE)
    draw.rectangle([30, 30, 41, 67], fill=(0, 0, 0, 0))  # the gap between the legs
    draw.rectangle([4, 4, 67, 10], fill=BLACK)  # the waistband
    cells, palette = colour_grid(picture(image, tmp_path), 12, 12)
    assert palette.background.rgb == (255, 255, 255)
    assert BLUE in {colour.rgb for colour in palette.colours}
    assert np.count_nonzero(cells) > 0.7 * cells.size


def test_a_white_animal_on_the_white_ground_does_not_read_in_colour(tmp_path: Path) -> None:
    # A white sheep: its body is the ground's colour, its puzzle a few specks (the legs and
    # the eye) that agreed with the paper around them, and passed.
    image, draw = _canvas()
    draw.ellipse([6, 14, 66, 52], fill=(250, 250, 250))
    draw.rectangle([16, 50, 20, 68], fill=BLACK)
    draw.rectangle([52, 50, 56, 68], fill=BLACK)
    draw.ellipse([50, 16, 66, 34], fill=(240, 170, 170))  # its pink face
    draw.ellipse([56, 22, 60, 26], fill=BLACK)
    sheep = picture(image, tmp_path)
    cells, palette = colour_grid(sheep, 15, 15)
    reading = readability(sheep, cells, None, palette)
    assert not reading.reads
    made = run_attempt(attempt(sheep, 15, 15, None, title="Sheep"))
    assert made.puzzle is None and "does not read" in made.refused
