"""Methods for photographs, tone, specks, Auto, framing and fit, on pictures drawn here."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFilter

from game.core.convert import (
    Converter,
    ConvertError,
    ConvertOptions,
    defaults_for,
    looks_like_photo,
    parse_method,
    source_from_image,
)
from game.core.convert_auto import score_grid
from game.core.convert_methods import (
    adaptive_grid,
    clean_specks,
    count_specks,
    dither_grid,
    tone,
)


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
    for bad in ("auto=0.5", "otsu=0.2", "dither=1.5", "sketch"):
        with pytest.raises(ConvertError):
            parse_method(bad)
    with pytest.raises(ConvertError):
        ConvertOptions(gamma=10.0)
