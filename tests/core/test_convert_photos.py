"""Methods for photographs, tone, specks, Auto, framing and fit, on pictures drawn here."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFilter

from game.cli import main
from game.core.convert.auto import SKETCH_BELOW, score_grid
from game.core.convert.converter import Converter
from game.core.convert.first_look import defaults_for, looks_like_photo
from game.core.convert.load import ConvertError, source_from_image
from game.core.convert.methods import (
    adaptive_grid,
    clean_specks,
    count_specks,
    dither_grid,
    join_diagonals,
    tone,
)
from game.core.convert.options import ConvertOptions, parse_method
from game.core.create.conversion import puzzle_from_grid
from game.core.create.free_cells import free_cells


def _shaded_disc(size: tuple[int, int] = (400, 300), seed: int = 3) -> Image.Image:
    """A photo-like picture: a dark disc lit from the left on a background that darkens to
    the right, so no single cut separates the disc from it; blur and noise as a lens gives."""
    width, height = size
    x = np.linspace(0, 1, width)[None, :]
    y = np.linspace(0, 1, height)[:, None]
    background = 0.85 - 0.45 * x + 0 * y
    disc = (x * width - width / 2) ** 2 + (y * height - height / 2) ** 2 < (height / 3) ** 2
    values = np.where(disc, background - 0.3, background)
    noise = np.random.default_rng(seed).normal(0, 0.03, values.shape)
    pixels = np.clip((values + noise) * 255, 0, 255).astype(np.uint8)
    image = Image.fromarray(np.dstack([pixels] * 3)).filter(ImageFilter.GaussianBlur(2))
    return image


def _disc_truth(width: int, height: int) -> np.ndarray:
    ys, xs = np.mgrid[0:height, 0:width]
    return ((xs + 0.5) / width - 0.5) ** 2 * 16 + ((ys + 0.5) / height - 0.5) ** 2 * 9 < 1


def test_adaptive_finds_a_disc_a_global_cut_cannot() -> None:
    converter = Converter(source_from_image(_shaded_disc()))
    options = ConvertOptions(width=24, height=18, fit="stretch")
    truth = _disc_truth(24, 18)
    adaptive = converter.grid(replace(options, method="adaptive", threshold=0.35))
    otsu = converter.grid(replace(options, method="otsu"))
    assert (adaptive == truth).mean() > 0.85
    # Otsu fills the darker right half, disc or not: it is the control that fails.
    assert (otsu == truth).mean() < 0.8


def test_adaptive_on_a_flat_picture_fills_nothing_at_the_middle_level() -> None:
    cells = np.full((10, 10), 0.4)
    assert not adaptive_grid(cells, 0.5).any()
    assert adaptive_grid(cells, 1.0).all()


def test_dither_density_follows_the_grey() -> None:
    for grey in (0.25, 0.5, 0.75):
        grid = dither_grid(np.full((20, 20), grey), 0.5)
        assert abs(grid.mean() - (1 - grey)) < 0.05
    ramp = np.tile(np.linspace(0, 1, 30), (30, 1))
    grid = dither_grid(ramp, 0.5)
    assert grid[:, :10].mean() > 0.8 and grid[:, -10:].mean() < 0.2


def test_outline_draws_the_edge_of_a_shape_not_its_inside() -> None:
    image = Image.new("RGB", (300, 300), "white")
    ImageDraw.Draw(image).rectangle((60, 60, 239, 239), fill="black")
    converter = Converter(source_from_image(image))
    grid = converter.grid(ConvertOptions(width=20, height=20, fit="stretch", method="outline"))
    assert grid[4, 4:16].all() and grid[15, 4:16].all()  # the top and bottom sides
    assert not grid[8:12, 8:12].any() and not grid[0].any()  # not inside, not outside


def test_sketch_draws_the_outline_and_the_darkest_feature_not_mid_tones() -> None:
    image = Image.new("RGB", (300, 300), "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle((60, 60, 239, 239), fill=(120, 120, 120))  # a grey square, 36% of cells
    draw.rectangle((135, 135, 164, 164), fill="black")  # a black "pupil" in it
    converter = Converter(source_from_image(image))
    grid = converter.grid(ConvertOptions(width=20, height=20, fit="stretch", method="sketch"))
    assert grid[4, 4:16].all() and grid[4:16, 4].all()  # the square's sides
    assert grid[9:11, 9:11].all()  # the pupil, filled
    assert not grid[6:8, 6:14].any() and not grid[0].any()  # grey inside and white outside


def test_joined_diagonals_read_as_one_stroke_and_remove_the_checkerboard_swap() -> None:
    step = np.zeros((4, 4), dtype=bool)
    step[0, 0] = step[1, 1] = True  # two cells touching by a corner: clues 1, 1 both ways
    assert free_cells(puzzle_from_grid(step), time_limit=5.0).count == 4  # or the other diagonal
    joined = join_diagonals(step)
    assert joined[step].all() and joined[1, 0] and int(joined.sum()) == 3
    found = free_cells(puzzle_from_grid(joined), time_limit=5.0)
    assert found.exact and found.count == 0
    line = np.eye(6, dtype=bool)  # a long diagonal: one corner cell per step, the lower one
    assert int(join_diagonals(line).sum()) == 11
    assert all(join_diagonals(line)[y + 1, y] for y in range(5))
    assert (join_diagonals(np.fliplr(line)) == np.fliplr(join_diagonals(line))).all()
    block = np.zeros((4, 4), dtype=bool)
    block[1:3, 1:3] = True
    assert (join_diagonals(block) == block).all()  # no corner-only touch: unchanged


def _ring_on_fur(seed: int = 5) -> Image.Image:
    """A dark ring and pupil on a texture that changes every cell, as fur does."""
    texture = np.random.default_rng(seed).random((30, 30))
    pixels = (110 + 90 * texture).astype(np.uint8)
    image = Image.fromarray(pixels).resize((300, 300), Image.Resampling.NEAREST).convert("RGB")
    draw = ImageDraw.Draw(image)
    draw.ellipse((60, 60, 240, 240), outline="black", width=12)
    draw.ellipse((130, 130, 170, 170), fill="black")
    return image.filter(ImageFilter.GaussianBlur(1.5))


def test_auto_sketches_a_picture_whose_tones_make_no_faithful_grid() -> None:
    converter = Converter(source_from_image(_ring_on_fur()))
    options = ConvertOptions(width=30, height=30, fit="stretch", method="auto", clean=True)
    choice = converter.choice(options)
    assert choice.method == "sketch" and choice.text.startswith("Auto chose Sketch")
    grid = converter.grid(options)
    ring = [(15, 6), (15, 23), (6, 15), (23, 15)]  # (row, column) on the ring's line
    assert all(grid[row, column] for row, column in ring) and grid[14:16, 14:16].all()
    assert not grid[:4].any() and not grid[:, :4].any()  # the fur outside stays empty
    # The picture's best tone grid is what fell short: an untextured ring keeps its tones.
    plain = Image.new("RGB", (300, 300), "white")
    ImageDraw.Draw(plain).ellipse((60, 60, 240, 240), outline="black", width=12)
    clean_choice = Converter(source_from_image(plain)).choice(options)
    assert clean_choice.method != "sketch" and clean_choice.score.likeness >= SKETCH_BELOW


def test_auto_never_sketches_a_smooth_ramp_into_a_full_grid() -> None:
    # A smooth ramp has the same weak edge in every cell, so the outline (relative to its
    # own strongest edges) filled every cell and Auto chose that black grid.
    ramp = np.tile(np.linspace(0, 255, 300), (200, 1)).astype(np.uint8)
    converter = Converter(source_from_image(Image.fromarray(ramp, "L")))
    options = ConvertOptions(width=20, height=20, fit="stretch", method="auto", clean=True)
    grid = converter.grid(options)
    assert 0.3 < grid.mean() < 0.7
    assert grid[:, :5].all() and not grid[:, -5:].any()  # the dark side is the filled one


@pytest.mark.parametrize("method", ["outline", "sketch"])
def test_a_smooth_ramp_has_no_outline_when_chosen_by_hand(method: str) -> None:
    # Chosen by hand (not through Auto), the outline's relative cut filled every cell too.
    ramp = np.tile(np.linspace(0, 255, 300), (200, 1)).astype(np.uint8)
    converter = Converter(source_from_image(Image.fromarray(ramp, "L")))
    for level in (0.3, 0.5, 1.0):
        options = ConvertOptions(width=20, height=20, fit="stretch", method=method)
        grid = converter.grid(replace(options, threshold=level))
        assert grid.mean() < 0.2, (method, level)
    # A real edge still shows at every level.
    step = np.zeros((200, 300), dtype=np.uint8)
    step[:, 150:] = 255
    edged = Converter(source_from_image(Image.fromarray(step, "L")))
    grid = edged.grid(ConvertOptions(width=20, height=20, fit="stretch", method="outline"))
    assert grid[:, 9:11].all() and not grid[:, :5].any()


def test_tone_controls() -> None:
    values = np.array([0.0, 0.25, 0.5, 0.75, 1.0], dtype=np.float32)
    assert tone(values) is values
    assert np.allclose(tone(values, brightness=0.25), [0.25, 0.5, 0.75, 1.0, 1.0])
    assert np.allclose(tone(values, contrast=0.5), [0.0, 0.0, 0.5, 1.0, 1.0])
    assert tone(values, gamma=2.0)[1] > 0.25 > tone(values, gamma=0.5)[1]
    # Through a converter: brightening a mid-grey picture empties a threshold grid.
    image = Image.new("RGB", (100, 100), (110, 110, 110))
    converter = Converter(source_from_image(image))
    options = ConvertOptions(width=5, height=5, method="threshold", threshold=0.5)
    assert converter.grid(options).all()
    assert not converter.grid(replace(options, brightness=0.2)).any()
    assert not converter.grid(replace(options, gamma=2.0)).any()


def test_clean_specks_removes_lone_cells_and_keeps_shapes() -> None:
    grid = np.zeros((8, 8), dtype=bool)
    grid[1, 1] = True  # a lone filled cell
    grid[4:7, 3:7] = True
    grid[5, 4] = False  # a lone hole in the block
    grid[4, 4] = True
    assert count_specks(grid) == 2
    cleaned = clean_specks(grid)
    assert not cleaned[1, 1] and cleaned[5, 4]
    assert cleaned[4:7, 3:7].all() and cleaned.sum() == 12 and count_specks(cleaned) == 0
    converter = Converter(source_from_image(_shaded_disc()))
    options = ConvertOptions(width=30, height=30, method="dither")
    assert count_specks(converter.grid(replace(options, clean=True))) < count_specks(
        converter.grid(options)
    )


def test_auto_scores_the_truth_above_noise_and_picks_a_good_grid() -> None:
    truth = _disc_truth(24, 18)
    darkness = np.where(truth, 0.8, 0.2)
    noisy = truth ^ (np.random.default_rng(1).random(truth.shape) < 0.1)
    assert score_grid(truth, darkness).total > score_grid(noisy, darkness).total
    assert score_grid(np.ones_like(truth), darkness).total < score_grid(truth, darkness).total
    converter = Converter(source_from_image(_shaded_disc()))
    options = ConvertOptions(width=24, height=18, fit="stretch", method="auto")
    choice = converter.choice(options)
    assert (converter.grid(options) == truth).mean() > 0.85
    assert choice.method != "otsu" and choice.text.startswith("Auto chose ")
    concrete = converter.concrete(options)
    assert concrete.method == choice.method and concrete.threshold == choice.level


def test_fill_fit_wastes_no_rows_on_a_landscape_picture() -> None:
    image = Image.new("RGB", (400, 200), "white")
    ImageDraw.Draw(image).rectangle((0, 0, 399, 99), fill="black")  # the top half dark
    converter = Converter(source_from_image(image))
    padded = converter.grid(ConvertOptions(width=20, height=20, fit="pad"))
    filled = converter.grid(ConvertOptions(width=20, height=20, fit="fill"))
    assert not padded[:5].any() and not padded[-5:].any()  # wasted margins
    assert filled[:10].all() and not filled[10:].any()  # every row is picture


def test_the_frame_chooses_the_part_that_becomes_the_puzzle() -> None:
    image = Image.new("RGB", (400, 400), "white")
    ImageDraw.Draw(image).rectangle((200, 200, 399, 399), fill="black")  # bottom-right
    converter = Converter(source_from_image(image))
    options = ConvertOptions(width=10, height=10, fit="stretch")
    assert converter.grid(options).sum() == 25
    framed = replace(options, frame=(0.5, 0.5, 1.0, 1.0))
    assert converter.grid(framed).all()
    assert converter.view_box(framed) == pytest.approx((0.5, 0.5, 1.0, 1.0))
    assert converter.grid(replace(options, frame=(0.0, 0.0, 0.5, 0.5))).sum() == 0
    for bad in ((0.5, 0.5, 0.4, 1.0), (0.0, 0.0, 0.01, 1.0), (-0.1, 0.0, 1.0, 1.0)):
        with pytest.raises(ConvertError):
            replace(options, frame=bad)


def test_photos_and_drawings_get_their_own_defaults() -> None:
    drawing = Image.new("RGB", (300, 300), "white")
    ImageDraw.Draw(drawing).ellipse((50, 50, 250, 250), fill=(200, 30, 30))
    assert not looks_like_photo(source_from_image(drawing))
    photo = source_from_image(_shaded_disc())
    assert looks_like_photo(photo)
    assert defaults_for(photo)["method"] == "auto" and defaults_for(photo)["fit"] == "fill"
    assert defaults_for(source_from_image(drawing))["method"] == "otsu"


def test_parse_method_knows_the_new_methods() -> None:
    assert parse_method("auto") == ("auto", None)
    assert parse_method("adaptive=0.6") == ("adaptive", 0.6)
    assert parse_method("Outline") == ("outline", None)
    assert parse_method("dither=0.4") == ("dither", 0.4)
    assert parse_method("sketch=0.4") == ("sketch", 0.4)
    for bad in ("auto=0.5", "otsu=0.2", "dither=1.5", "sketchy"):
        with pytest.raises(ConvertError):
            parse_method(bad)
    with pytest.raises(ConvertError):
        ConvertOptions(gamma=10.0)


def test_the_convert_command_opens_a_photo_as_the_screen_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Auto, Fill and clean specks for a photo (a landscape one wastes no rows); a method
    or fit given on the command line still wins."""
    path = tmp_path / "disc.jpg"
    _shaded_disc((400, 200)).save(path, quality=90)
    assert main(["convert", str(path), "--size", "20x20", "--timeout", "1"]) == 0
    out = capsys.readouterr().out
    assert "auto: " in out  # what Auto chose, e.g. "auto: adaptive 0.5"
    art = [line for line in out.splitlines() if line and set(line) <= {"#", "."}]
    # Filled: the disc (rows 3.3..16.7 of the square cut from the middle) spans 14 rows.
    assert len(art) == 20 and all("#" in line for line in art[4:16])
    # (--whole: the disc stands out, and the photo would open framed on it.)
    assert main(["convert", str(path), "--size", "20x20", "--method", "otsu", "--fit", "pad",
                 "--whole", "--timeout", "1"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    art = [line for line in out.splitlines() if line and set(line) <= {"#", "."}]
    # Padded, the picture takes rows 5..14 and the disc rows 6.7..13.3: ten empty rows.
    assert "method otsu" in out and sum("#" not in line for line in art) >= 10


def test_a_dark_photo_is_still_a_photo_and_sketches_as_in_daylight() -> None:
    """A photo taken in the dark keeps its pixels in a few absolute shades: it passed for a
    drawing (Otsu and Pad). Its shades are counted over its own range, and its edges are
    measured against that range, so its outline is the daylight one's."""
    bright = _shaded_disc()
    pixels = np.asarray(bright, dtype=np.float32) * 0.15
    dark = source_from_image(Image.fromarray(pixels.astype(np.uint8)))
    assert looks_like_photo(dark) and defaults_for(dark)["method"] == "auto"
    options = ConvertOptions(width=24, height=18, fit="stretch", method="outline", threshold=0.5)
    daylight = Converter(source_from_image(bright)).grid(options)
    night = Converter(dark).grid(options)
    assert daylight.sum() > 10 and (night == daylight).mean() > 0.9
    # A flat grey picture's noise is still not an outline.
    noise = np.random.default_rng(2).normal(128, 2, (300, 400))
    flat = Image.fromarray(np.clip(noise, 0, 255).astype(np.uint8)).convert("RGB")
    assert not Converter(source_from_image(flat)).grid(options).any()


def test_a_photo_opens_with_its_uniform_borders_cropped() -> None:
    """Transparent bands above and below a photo become white when flattened; under Fill they
    took whole rows of the grid. A photo opens with Crop borders on, a drawing does not."""
    disc = np.asarray(_shaded_disc().convert("RGBA")).copy()
    disc[:60, :, 3] = 0
    disc[-60:, :, 3] = 0
    source = source_from_image(Image.fromarray(disc, "RGBA"))
    settings = defaults_for(source, 30, 30)
    assert settings["crop"] is True
    converter = Converter(source)
    options = replace(ConvertOptions(width=30, height=30), **settings)  # type: ignore[arg-type]
    assert converter.region(options) == (0, 60, 400, 240)
    uncropped = converter.grid(replace(options, crop=False, method="otsu"))
    cropped = converter.grid(replace(options, method="otsu"))
    # Uncropped, the white bands are empty rows at the top and bottom; cropped, there are none.
    assert not uncropped[:4].any() and not uncropped[-4:].any()
    assert cropped[:4].any() or cropped[-4:].any()
    drawing = Image.new("RGB", (300, 300), "white")
    ImageDraw.Draw(drawing).ellipse((50, 50, 250, 250), fill=(200, 30, 30))
    assert defaults_for(source_from_image(drawing))["crop"] is False


def test_convert_command_crops_a_photos_borders(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    disc = np.asarray(_shaded_disc().convert("RGBA")).copy()
    disc[:60, :, 3] = 0
    disc[-60:, :, 3] = 0
    picture = tmp_path / "banded.png"
    Image.fromarray(disc, "RGBA").save(picture)
    assert main(["convert", str(picture), "--size", "20x20", "--method", "otsu"]) == 0
    rows = capsys.readouterr().out.splitlines()[:20]
    # Cropped to the photo: the disc reaches the top and bottom thirds, no blank bands.
    assert "#" in "".join(rows[:3]) + "".join(rows[-3:])


def test_a_photos_soft_border_is_not_cropped() -> None:
    """A photo's plain studio wall varies by a few levels: only a border within 3% of one
    colour (a flattened transparent band, black bars) is cropped, so a pale subject against
    such a wall keeps its light side."""
    disc = np.asarray(_shaded_disc(), dtype=np.float64)
    wall = np.random.default_rng(5).normal(215, 8, (300, 120, 1)) * np.ones((1, 1, 3))
    pixels = np.clip(np.concatenate([disc, wall], axis=1), 0, 255).astype(np.uint8)
    source = source_from_image(Image.fromarray(pixels))
    converter = Converter(source)
    settings = defaults_for(source, 30, 30)
    options = replace(ConvertOptions(width=30, height=30), **settings)  # type: ignore[arg-type]
    assert settings["crop"] is True and converter.is_photo
    # (It opens framed on the disc, its salient object; the crop is asked of the whole.)
    assert converter.region(replace(options, frame=None)) == (0, 0, 520, 300)


def _stars(size: tuple[int, int] = (300, 240)) -> Image.Image:
    """Light dots on black: a drawing (few shades) that is light on dark."""
    image = Image.new("RGB", size, "black")
    draw = ImageDraw.Draw(image)
    for index in range(12):
        x, y = 10 + (index * 53) % 260, 10 + (index * 37) % 200
        draw.ellipse((x, y, x + 28, y + 28), fill="white")
    return image


def test_a_light_on_dark_drawing_opens_inverted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = source_from_image(_stars())
    assert not looks_like_photo(source)
    settings = defaults_for(source, 20, 20)
    assert settings["invert"] is True and settings["method"] == "otsu"
    options = replace(ConvertOptions(width=20, height=20), **settings)  # type: ignore[arg-type]
    grid = Converter(source).grid(options)
    assert 0.03 < grid.mean() < 0.3  # the stars filled, not the night (over 90%)
    drawing = Image.new("RGB", (300, 300), "white")
    ImageDraw.Draw(drawing).ellipse((50, 50, 250, 250), fill=(20, 20, 20))
    assert defaults_for(source_from_image(drawing))["invert"] is False
    assert defaults_for(source_from_image(_shaded_disc()))["invert"] is False
    # Specks of light smaller than a cell (3% of the picture) would leave the grid empty.
    specks = np.zeros((240, 300, 3), dtype=np.uint8)
    specks[::12, ::8] = 255
    assert defaults_for(source_from_image(Image.fromarray(specks)))["invert"] is False
    picture = tmp_path / "stars.png"
    _stars().save(picture)
    assert main(["convert", str(picture), "--size", "20x20"]) == 0
    rows = capsys.readouterr().out.splitlines()[:20]
    assert 0.03 < "".join(rows).count("#") / 400 < 0.3
