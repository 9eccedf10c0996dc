"""Opening a picture is sliced like every solve (issue 35, item 8): PictureOpening reads,
decodes, works out the channels, the defaults and Auto's choice a step at a time, and ends
with what opening it in one go gives."""

from __future__ import annotations

from dataclasses import replace
from itertools import count
from pathlib import Path

import numpy as np
from PIL import Image

from game.core.convert.converter import Converter
from game.core.convert.first_look import defaults_for
from game.core.convert.load import load_image, load_steps
from game.core.convert.opening import PictureOpening
from game.core.convert.options import ConvertOptions
from tests.core.test_convert_stepping import count_steps


def _photo(path: Path) -> Path:
    rng = np.random.default_rng(3)
    yy, xx = np.mgrid[0:300, 0:400]
    light = 128 + 60 * np.sin(xx / 23.0) * np.cos(yy / 31.0) + rng.normal(0, 40, (300, 400))
    Image.fromarray(np.clip(light, 0, 255).astype(np.uint8), "L").convert("RGB").save(path)
    return path


def _ticking() -> object:
    ticks = count()
    return lambda: float(next(ticks))  # every reading a second later: one step a call


def test_a_picture_opens_a_step_at_a_time_and_ends_as_opened_at_once(tmp_path: Path) -> None:
    path = _photo(tmp_path / "photo.png")
    options = ConvertOptions(width=50, height=50)
    opening = PictureOpening(path, options, clock=_ticking())  # type: ignore[arg-type]
    calls = 0
    while not opening.advance(0.001):
        calls += 1
        assert opening.converter is None  # nothing is handed over half done
    assert opening.error is None and opening.converter is not None
    # Reading, decoding, the channels, borders, photo or not, defaults, Auto's candidates.
    assert calls >= 10, calls
    at_once = Converter.open(path)
    start = defaults_for(at_once.source, 50, 50)
    assert opening.start == start and start["method"] == "auto"
    assert np.array_equal(opening.converter.source.luminance, at_once.source.luminance)
    assert np.array_equal(opening.converter.source.brightness, at_once.source.brightness)
    final = replace(options, **start)  # type: ignore[arg-type]
    assert np.array_equal(opening.converter.grid(final), at_once.grid(final))
    assert opening.converter.choice(final).text == at_once.choice(final).text


def test_load_steps_give_what_load_image_gives_and_the_same_errors(tmp_path: Path) -> None:
    path = _photo(tmp_path / "photo.png")
    steps = load_steps(path)
    taken, source = count_steps(steps)
    assert taken >= 4
    whole = load_image(path)
    assert np.array_equal(source.rgb, whole.rgb) and source.original_size == whole.original_size
    assert np.array_equal(source.saturation, whole.saturation)
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 40)
    opening = PictureOpening(broken, ConvertOptions())
    assert opening.advance(10.0)
    assert opening.converter is None and opening.error
