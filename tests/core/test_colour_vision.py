"""Colours as players see them (game.core.vision) and palettes kept apart for every
kind of colour vision (game.core.convert.distinct_colours)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from game.core.convert.distinct_colours import (
    PLAY_DISTANCE,
    SEEN_DISTANCE,
    closest_pair,
    distinct_rgbs,
)
from game.core.formats import read_puzzle
from game.core.vision import (
    DEFICIENCIES,
    contrast_ratio,
    relative_luminance,
    seen_distance,
    simulated_rgb,
    worst_seen_pair,
)
from game.resources import levels_dir


def test_wcag_contrast_of_known_pairs() -> None:
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast_ratio((255, 255, 255), (255, 255, 255)) == pytest.approx(1.0)
    # WCAG's own example figure: #777777 on white is about 4.48:1 (just fails text).
    assert contrast_ratio((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)
    assert relative_luminance((255, 0, 0)) == pytest.approx(0.2126, abs=1e-4)


@pytest.mark.parametrize("vision", list(DEFICIENCIES))
def test_greys_look_the_same_to_every_dichromat(vision: str) -> None:
    for value in (0, 64, 128, 200, 255):
        seen = simulated_rgb((value, value, value), vision)
        assert max(abs(channel - value) for channel in seen) <= 1


def test_a_red_and_a_green_apart_in_normal_vision_run_together_for_red_green_blindness() -> None:
    red, green = (214, 48, 49), (22, 96, 48)  # the cherries' red and leaves before the check
    assert closest_pair([red, green])[0] > PLAY_DISTANCE
    assert seen_distance(red, green) < 3
    _distance, first, second, vision = worst_seen_pair([(255, 255, 255), red, green])
    assert (first, second) == (1, 2)
    assert vision in ("protanopia", "deuteranopia")
    # Blue and yellow stay apart for them, and run together for nobody.
    assert seen_distance((40, 80, 220), (240, 210, 40)) > 30


def test_the_spread_keeps_colours_apart_for_every_kind_of_vision() -> None:
    rgbs = [(255, 255, 255), (214, 48, 49), (22, 96, 48), (140, 84, 40), (246, 226, 180)]
    spread = distinct_rgbs(rgbs, [40, 20, 20, 10, 10])
    assert spread[0] == rgbs[0]
    assert worst_seen_pair(spread)[0] >= SEEN_DISTANCE - 0.05
    assert closest_pair(spread)[0] >= PLAY_DISTANCE - 0.05


def test_every_bundled_colour_palette_is_apart_for_every_kind_of_vision() -> None:
    """The packs' palettes are spread (tools/respread_palettes.py, build_colour_pack.py):
    before, 121 of 339 had a pair under Delta E 12 for some dichromat, the worst 1.4."""
    worst = (np.inf, "")
    count = 0
    for path in sorted(Path(levels_dir()).glob("*/*.non")):
        puzzle = read_puzzle(path)
        if not puzzle.is_colour:
            continue
        count += 1
        palette = puzzle.colours
        rgbs = [palette.background.rgb, *(colour.rgb for colour in palette.colours)]
        distance = worst_seen_pair(rgbs)[0]
        worst = min(worst, (distance, path.name))
    assert count >= 300
    assert worst[0] >= SEEN_DISTANCE - 0.05, worst
