"""The Subject method (a silhouette of what stands out from the background by colour) and when
Auto picks it, on pictures made here."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from game.core.convert import auto as convert_auto
from game.core.convert.converter import Converter
from game.core.convert.load import source_from_image
from game.core.convert.options import ConvertOptions, parse_method
from game.core.convert.subject import (
    chroma,
    distinctness,
    fill_holes,
    grow,
    k_means,
    lab,
    pieces,
    separation,
    shrink,
    silhouette,
    subject_grid,
)


def _red_kite(size: int = 300, seed: int = 5) -> Image.Image:
    """A saturated red diamond (with a dark slit inside) on a speckled blue-grey ground of the
    same mean luminance: tone cannot tell them apart, colour can."""
    rng = np.random.default_rng(seed)
    ground = 0.45 + 0.35 * rng.random((size // 6, size // 6))
    ground = np.kron(ground, np.ones((6, 6)))[:size, :size]
    rgb = np.stack([ground * 0.8, ground * 0.9, ground], axis=-1)
    ys, xs = np.mgrid[0:size, 0:size]
    centre = size / 2
    kite = np.abs(xs - centre) / (0.3 * size) + np.abs(ys - centre) / (0.38 * size) < 1
    rgb[kite] = (0.95, 0.12, 0.1)
    slit = kite & (np.abs(xs - centre) < size * 0.02) & (np.abs(ys - centre) < size * 0.12)
    rgb[slit] = (0.05, 0.02, 0.02)
    return Image.fromarray((np.clip(rgb, 0, 1) * 255).astype(np.uint8), "RGB")


def _kite_mask(size: int) -> np.ndarray:
    ys, xs = np.mgrid[0:size, 0:size] + 0.5
    return np.abs(xs - size / 2) / (0.3 * size) + np.abs(ys - size / 2) / (0.38 * size) < 1


def test_lab_greys_and_primaries() -> None:
    colours = lab(np.array([[0.0, 0.0, 0.0], [1.0, 1.0, 1.0], [1.0, 0.0, 0.0]]))
    assert abs(colours[0, 0]) < 0.5 and abs(colours[1, 0] - 100) < 0.5
    assert abs(colours[1, 1]) < 0.5 and abs(colours[1, 2]) < 0.5  # white has no hue
    assert colours[2, 1] > 60  # red is far along a*


def test_k_means_finds_two_clusters_and_stops_at_distinct_points() -> None:
    points = np.array([[0.0, 0.0]] * 5 + [[10.0, 10.0]] * 5)
    centres = k_means(points, 4)
    assert len(centres) == 2
    assert sorted(tuple(c) for c in centres) == [(0.0, 0.0), (10.0, 10.0)]


def test_separation_is_high_for_two_values_and_zero_for_flat() -> None:
    two = np.array([[0.0, 0.0, 1.0, 1.0]] * 4)
    assert separation(two) > 0.99
    assert separation(np.full((4, 4), 0.3)) == 0.0
    rng = np.random.default_rng(1)
    assert separation(rng.random((20, 20))) < 0.8


def test_fill_holes_fills_enclosed_areas_only() -> None:
    ring = np.zeros((7, 7), dtype=bool)
    ring[1:6, 1:6] = True
    ring[2:5, 2:5] = False
    filled = fill_holes(ring)
    assert filled[1:6, 1:6].all() and filled.sum() == 25
    ring[3, 0:2] = False  # a channel to the edge: the hole is open, nothing fills
    opened = fill_holes(ring)
    assert (opened == ring).all()


def test_pieces_label_four_connected_pieces_and_grow_shrink_are_one_cell_steps() -> None:
    mask = np.zeros((6, 6), dtype=bool)
    mask[0:2, 0:2] = True  # a square
    mask[2, 2] = True  # touches it only at a corner: a piece of its own
    mask[4:6, 3:6] = True
    labels, count = pieces(mask)
    assert count == 3
    assert (labels >= 0).sum() == mask.sum() and (labels[~mask] == -1).all()
    assert len({int(labels[0, 0]), int(labels[2, 2]), int(labels[5, 5])}) == 3
    assert (labels[0:2, 0:2] == labels[0, 0]).all()
    dot = np.zeros((5, 5), dtype=bool)
    dot[2, 2] = True
    assert grow(dot).sum() == 5 and not shrink(dot).any()
    assert (shrink(grow(dot)) == dot).all()


def test_silhouette_drops_small_pieces_and_fills_holes() -> None:
    values = np.zeros((20, 20))
    values[4:16, 4:16] = 1.0
    values[8:12, 8:12] = 0.0  # a hole
    values[1, 18] = 1.0  # a lone piece
    shape = silhouette(values, 0.5)
    assert shape[4:16, 4:16].all()
    assert not shape[1, 18]
    assert shape.sum() == 144


def test_distinctness_singles_out_the_coloured_subject() -> None:
    image = np.asarray(_red_kite(), dtype=np.float64) / 255
    cells = image.reshape(30, 10, 30, 10, 3).mean(axis=(1, 3))
    value = distinctness(cells)
    inside = _kite_mask(30)
    assert value[inside].mean() > 3 * value[~inside].mean()


def test_subject_grid_draws_the_kite_with_its_dark_slit_open() -> None:
    image = np.asarray(_red_kite(), dtype=np.float64) / 255
    cells = image.reshape(30, 10, 30, 10, 3).mean(axis=(1, 3))
    luminance = cells @ np.array([0.299, 0.587, 0.114])
    grid = subject_grid(cells, luminance, 0.5)
    inside = _kite_mask(30)
    agree = (grid == inside).mean()
    assert agree > 0.9
    assert not grid[13:17, 15].all()  # the slit is left (at least partly) empty
    assert grid[8, 15] and not grid[0, 0]


def test_auto_picks_the_subject_when_tones_cannot_separate_it() -> None:
    converter = Converter(source_from_image(_red_kite(), "kite.png"))
    options = ConvertOptions(width=30, height=30, method="auto", fit="fill", clean=True)
    choice = converter.choice(options)
    assert choice.method == "subject"
    assert choice.text == "Auto chose Subject 50%"
    grid = converter.grid(options)
    assert (grid == _kite_mask(30)).mean() > 0.9


def test_subject_is_a_method_with_a_level_and_invert_fills_the_background() -> None:
    assert parse_method("subject=0.6") == ("subject", 0.6)
    converter = Converter(source_from_image(_red_kite(), "kite.png"))
    plain = converter.grid(ConvertOptions(width=30, height=30, method="subject"))
    inverted = converter.grid(ConvertOptions(width=30, height=30, method="subject", invert=True))
    assert (plain ^ inverted).all()
    more = converter.grid(ConvertOptions(width=30, height=30, method="subject", threshold=0.9))
    assert more.sum() >= plain.sum()


def test_cell_rgb_is_each_cells_mean_colour_with_white_margins() -> None:
    image = Image.new("RGB", (200, 100), (255, 0, 0))
    converter = Converter(source_from_image(image, "red.png"))
    colours = converter.cell_rgb(ConvertOptions(width=10, height=10, fit="pad"))
    assert colours.shape == (10, 10, 3)
    assert np.allclose(colours[5, 5], (1.0, 0.0, 0.0))
    assert np.allclose(colours[0, 5], (1.0, 1.0, 1.0))  # a pad margin is white


def test_chroma_tells_a_grey_picture_from_a_coloured_one() -> None:
    grey = np.full((4, 4, 3), 0.4)
    assert chroma(grey) < 0.5
    assert chroma(np.asarray(_red_kite(60), dtype=np.float64) / 255) > 30


def _red_bank(size: int = 300) -> Image.Image:
    """The kite's speckled ground without the kite, and a bank of red leaves along its
    bottom, rising up both sides (a wave): colourful scenery running out of the picture, not
    a thing standing in it."""
    pixels = np.asarray(_red_kite(size)).copy()
    kite = _kite_mask(size)
    pixels[kite] = np.roll(np.asarray(_red_kite(size, seed=9)), size // 2, axis=1)[kite]
    ys, xs = np.mgrid[0:size, 0:size]
    pixels[ys > size * (0.72 + 0.06 * np.sin(xs / size * 9))] = (242, 31, 25)
    return Image.fromarray(pixels)


def test_auto_does_not_take_scenery_along_the_sides_for_the_subject(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    converter = Converter(source_from_image(_red_bank(), "bank.png"))
    options = ConvertOptions(width=30, height=30, method="auto", fit="fill", clean=True)
    assert converter.choice(options).method != "subject"
    # Without the rule, the bank (along 17% of the top and sides) is the "subject".
    monkeypatch.setattr(convert_auto, "SUBJECT_MAX_SIDES", 1.0)
    choice = Converter(source_from_image(_red_bank(), "bank.png")).choice(options)
    assert choice.method == "subject" and choice.grid[-4:].mean() > 0.9
