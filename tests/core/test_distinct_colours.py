"""Colours a player can tell apart (game.core.convert.distinct_colours)."""

from __future__ import annotations

import itertools

import numpy as np

from game.core.convert.distinct_colours import (
    PLAY_DISTANCE,
    closest_pair,
    distinct_palette,
    distinct_rgbs,
    rgb_of_lab,
)
from game.core.convert.subject import lab
from game.core.palette import Palette


def test_lab_and_back_is_the_same_colour() -> None:
    rgb = np.random.default_rng(7).integers(0, 256, size=(500, 3)) / 255.0
    assert np.abs(rgb_of_lab(lab(rgb)) - rgb).max() < 1e-6


def test_a_cow_on_white_and_an_elephants_greys_are_pushed_apart_the_ground_kept() -> None:
    # Two palettes of the picture packs before this: a light grey Delta E 10 from the white
    # ground; three greys 10-15 apart.
    cow = [(255, 255, 255), (224, 224, 224), (76, 76, 76), (174, 174, 179), (235, 179, 23)]
    elephant = [(255, 255, 255), (191, 191, 191), (134, 134, 134), (161, 161, 161), (15, 15, 15)]
    for rgbs in (cow, elephant):
        assert closest_pair(rgbs)[0] < 15
        spread = distinct_rgbs(rgbs, [100, 40, 30, 20, 10])
        assert spread[0] == rgbs[0]
        assert closest_pair(spread)[0] >= PLAY_DISTANCE
        # Small moves: no colour goes further than the distance asked.
        moved = np.linalg.norm(lab(np.array(spread) / 255.0) - lab(np.array(rgbs) / 255.0), axis=1)
        assert moved.max() < PLAY_DISTANCE
        # Greys stay grey.
        for before, after in zip(rgbs, spread, strict=True):
            if len(set(before)) == 1:
                assert max(after) - min(after) <= 3


def test_the_colour_more_cells_use_moves_less() -> None:
    rgbs = [(255, 255, 255), (120, 80, 60), (105, 70, 52)]
    common_first = distinct_rgbs(rgbs, [10, 90, 5])
    common_second = distinct_rgbs(rgbs, [10, 5, 90])
    shift = lambda spread, i: float(  # noqa: E731
        np.linalg.norm(lab(np.array(spread[i]) / 255.0) - lab(np.array(rgbs[i]) / 255.0))
    )
    assert shift(common_first, 1) < shift(common_first, 2)
    assert shift(common_second, 2) < shift(common_second, 1)


def test_a_palette_already_apart_is_left_alone_and_names_are_kept() -> None:
    palette = Palette.of(
        ("white", (255, 255, 255)), ("red", (220, 30, 30)), ("blue", (40, 60, 200))
    )
    cells = np.array([[0, 1], [2, 1]])
    assert distinct_palette(palette, cells) == palette
    close = Palette.of(
        ("white", (255, 255, 255)), ("light grey", (226, 226, 226)), ("black", (0, 0, 0))
    )
    spread = distinct_palette(close, cells)
    assert [c.name for c in spread.colours] == ["light grey", "black"]
    rgbs = [spread.background.rgb, *(c.rgb for c in spread.colours)]
    assert all(
        np.linalg.norm(lab(np.array(a) / 255.0) - lab(np.array(b) / 255.0)) >= PLAY_DISTANCE
        for a, b in itertools.combinations(rgbs, 2)
    )
