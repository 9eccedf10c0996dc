"""What a newly opened picture starts from: is it a photograph (:func:`looks_like_photo`, a
count at a time in :func:`photo_steps`), a drawing light on dark (:func:`light_on_dark`), and
the options it opens with (:func:`defaults_for`, :func:`opening_options`). The converter
(:mod:`game.core.convert.converter`) asks it once a picture; nothing here imports pygame.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import numpy.typing as npt

from game.core.convert.frame import subject_frame
from game.core.convert.grid import otsu_threshold
from game.core.convert.load import SourceImage
from game.core.convert.options import (
    DEFAULT_FIT,
    DEFAULT_METHOD,
    PHOTO_CROP,
    PHOTO_FIT,
    PHOTO_METHOD,
    ConvertOptions,
)
from game.core.convert.stepping import Steps, run_steps

# A drawing more than this share dark under Otsu's cut is light on dark: it opens inverted.
# Folder icons and silhouettes on white measured 0.32-0.67.
LIGHT_ON_DARK = 0.85
# ... but only when its light part is at least this share: smaller dots fill no cell.
LIGHT_INK_LEAST = 0.05


def defaults_for(
    source: SourceImage, width: int = 20, height: int = 20, *, photo: bool | None = None
) -> dict[str, object]:
    """The options a newly opened picture starts from: Auto and Fill for a photograph,
    framed on its face or its salient object (:func:`convert_frame.subject_frame`, for a
    ``width`` x ``height`` grid), with Crop borders on (``PHOTO_CROP``); Otsu and Pad for a
    drawing, unframed and uncropped, inverted when it is light on dark
    (:func:`light_on_dark`); tone neutral, specks cleaned on photos. ``photo``: whether it
    looks like a photo, when that is known already."""
    if looks_like_photo(source) if photo is None else photo:
        frame = subject_frame(source, width, height)
        return {"method": PHOTO_METHOD, "fit": PHOTO_FIT, "clean": True, "frame": frame,
                "crop": PHOTO_CROP, "invert": False,
                "brightness": 0.0, "contrast": 0.0, "gamma": 1.0}  # fmt: skip
    return {"method": DEFAULT_METHOD, "fit": DEFAULT_FIT, "clean": False, "frame": None,
            "crop": False, "invert": light_on_dark(source),
            "brightness": 0.0, "contrast": 0.0, "gamma": 1.0}  # fmt: skip


def opening_options(source: SourceImage, width: int, height: int) -> ConvertOptions:
    """The options ``source`` opens with at ``width`` x ``height``: the default options
    with :func:`defaults_for` laid over them (what the benchmarks convert by)."""
    start = defaults_for(source, width, height)
    return replace(ConvertOptions(width=width, height=height), **start)  # type: ignore[arg-type]


def light_on_dark(source: SourceImage) -> bool:
    """Is the picture light lines on a dark ground (chalk on a board, a white logo on black)?
    Then Otsu's dark side is the ground, over ``LIGHT_ON_DARK`` of the pixels, and a drawing
    opens inverted so the minority (the ink) is filled, not the ground (a grid 85-90%
    filled). Only when the light part is at least ``LIGHT_INK_LEAST`` of the picture: dots
    smaller than a cell (the stars of a deep-sky photo, 3%) fill no cell, and the inverted
    grid was empty."""
    luminance = source.luminance[::2, ::2]
    dark = float((luminance < otsu_threshold(luminance)).mean())
    return dark > LIGHT_ON_DARK and 1.0 - dark >= LIGHT_INK_LEAST


def looks_like_photo(source: SourceImage) -> bool:
    """A photograph spreads its pixels over many shades; a drawing, pixel art or a scan of
    line art keeps most of them in a few. Measured on luminance in 64 bins over the
    picture's own range (1st to 99th percentile: a dark or misty photo spreads over few
    absolute shades, yet over many of its own), and on colour in 4 bits a channel, as it
    is and stretched over the same range (a misty photo's colours fall in a few absolute
    bins; stretched, a reddish retina's clip to a few): a photo has less than 60% of its
    pixels in the 6 commonest bins and, unless it is grey, less than 85% in the 16
    commonest colours of either count. (Luminance alone would call a colourful drawing a
    photo; colour alone, every grey-scale picture a drawing.)"""
    return run_steps(photo_steps(source))


def photo_steps(source: SourceImage) -> Steps[bool]:
    """:func:`looks_like_photo` a count at a time (in one step it took 10-17 ms of a
    loaded machine's frame)."""
    sample = source.rgb[::2, ::2]
    # Shades are counted over the picture's own range (its 1st to 99th percentile): a photo
    # taken in the dark or through fog keeps its pixels in a few of the 64 absolute bins and
    # would pass for a drawing (Otsu and Pad: a black blob).
    luminance = source.luminance[::2, ::2]
    low, high = np.percentile(luminance, (1, 99))
    stretched = (luminance - low) / max(float(high - low), 1 / 64)  # 0..1 over its range
    levels = np.clip((stretched * 64).astype(np.int32), 0, 63)
    shades = np.sort(np.bincount(levels.ravel(), minlength=64))[-6:].sum()
    yield None
    span = max(float(high - low), 1 / 64)
    misty = np.clip((sample.astype(np.float32) - np.float32(low * 255)) / np.float32(span), 0, 255)
    as_it_is = _common_colours(sample)
    yield None
    colours = min(as_it_is, _common_colours(misty.astype(np.uint8)))
    grey = not (sample.max(axis=2) - sample.min(axis=2) > 24).any()
    return bool(shades < 0.6 * levels.size and (grey or colours < 0.85 * levels.size))


def _common_colours(sample: npt.NDArray[np.uint8]) -> int:
    """How many of ``sample``'s pixels fall in its 16 commonest colours (4 bits a channel)."""
    coarse = (sample >> 4).astype(np.int32)
    codes = (coarse[..., 0] << 8) | (coarse[..., 1] << 4) | coarse[..., 2]
    return int(np.sort(np.bincount(codes.ravel(), minlength=4096))[-16:].sum())
