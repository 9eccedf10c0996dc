"""Pictures into puzzles: load an image once, then re-grid it cheaply for every setting.

The work is split in two so a live preview stays fast:

- ``load_image`` (slow, once per file, in :mod:`game.core.convert_load`): decoding, checks
  and a working copy of at most ``WORKING_SIDE`` pixels a side with its channels.
- ``Converter.grid(options)`` (fast, every settings change): a dark-pixel mask per method,
  a summed-area table of it, and one vectorised block count per cell.

Then ``puzzle_from_grid`` makes the Puzzle and ``convert`` does every step in one call,
ending with :func:`game.core.fairness.check_uniqueness` (is the puzzle fair?). Fairness
reports and fix searches live in :mod:`game.core.fairness`; the converter screen's document
(touch-ups, undo) in :mod:`game.core.editor`. Nothing here imports pygame.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal

import numpy as np
import numpy.typing as npt

from game.core.convert_load import (
    CROP_TOLERANCE,
    IMAGE_SUFFIXES,
    MAX_FILE_BYTES,
    MAX_SIZE,
    MAX_SOURCE_PIXELS,
    MIN_SIZE,
    MIN_SOURCE_SIDE,
    PICTURE_FORMATS,
    READABLE_TEXT,
    UPSCALE_SIDE,
    WORKING_SIDE,
    BoolGrid,
    ConvertError,
    FloatImage,
    SourceImage,
    flatten_on_white,
    load_image,
    source_from_image,
    uniform_border_box,
    unreadable_picture_reason,
)
from game.core.fairness import Report, check_uniqueness, grid_warnings
from game.core.puzzle import Puzzle

# Names that lived here before the loader had its own module; importers keep working.
__all__ = [
    "CROP_TOLERANCE", "IMAGE_SUFFIXES", "MAX_FILE_BYTES", "MAX_SIZE", "MAX_SOURCE_PIXELS",
    "MIN_SIZE", "MIN_SOURCE_SIDE", "PICTURE_FORMATS", "READABLE_TEXT", "UPSCALE_SIDE",
    "WORKING_SIDE", "BoolGrid", "ConvertError", "FloatImage", "SourceImage",
    "flatten_on_white", "load_image", "source_from_image", "uniform_border_box",
    "unreadable_picture_reason",
]  # fmt: skip

SIZE_PRESETS = (5, 10, 15, 20, 25, 30)
Method = Literal["hsv", "otsu", "threshold"]
Fit = Literal["pad", "stretch"]
METHODS: tuple[Method, ...] = ("hsv", "otsu", "threshold")
# Otsu by default: the seed's HSV rule fills nearly every cell of a drawing on tinted paper
# or a photo under a saturated sky; it stays one option away.
DEFAULT_METHOD: Method = "otsu"
FITS: tuple[Fit, ...] = ("pad", "stretch")


# --------------------------------------------------------------------------- options


@dataclass(frozen=True)
class ConvertOptions:
    """Everything the player can set; a new value of this is a new preview."""

    width: int = 20
    height: int = 20
    # When set, the height follows the (cropped) image's aspect ratio and ``height`` is ignored.
    keep_aspect: bool = False
    fit: Fit = "pad"
    crop: bool = False
    method: Method = DEFAULT_METHOD
    # For the "threshold" method: a pixel darker than this luminance (0..1) is dark.
    threshold: float = 0.5
    invert: bool = False

    def __post_init__(self) -> None:
        for name, value in (("width", self.width), ("height", self.height)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise ConvertError(f"the {name} must be a whole number, not {value!r}")
            if not MIN_SIZE <= value <= MAX_SIZE:
                raise ConvertError(
                    f"the {name} must be between {MIN_SIZE} and {MAX_SIZE} cells, not {value}"
                )
        if self.method not in METHODS:
            raise ConvertError(f"unknown method {self.method!r} (use hsv, otsu or threshold)")
        if self.fit not in FITS:
            raise ConvertError(f"unknown fit {self.fit!r} (use pad or stretch)")
        if not 0.0 <= self.threshold <= 1.0:
            raise ConvertError(f"the threshold must be between 0 and 1, not {self.threshold}")


def parse_size(text: str) -> tuple[int, int]:
    """``"20x15"`` -> (20, 15); ``"20"`` -> (20, 20). ConvertError when out of range."""
    parts = text.lower().replace("×", "x").split("x")
    try:
        numbers = [int(part) for part in parts]
    except ValueError:
        raise ConvertError(f"bad size {text!r}: write it as WIDTHxHEIGHT, e.g. 20x20") from None
    if len(numbers) == 1:
        numbers *= 2
    if len(numbers) != 2:
        raise ConvertError(f"bad size {text!r}: write it as WIDTHxHEIGHT, e.g. 20x20")
    width, height = numbers
    for value in numbers:
        if not MIN_SIZE <= value <= MAX_SIZE:
            raise ConvertError(
                f"bad size {text!r}: each side must be between {MIN_SIZE} and {MAX_SIZE}"
            )
    return width, height


def parse_method(text: str) -> tuple[Method, float | None]:
    """``"hsv"``, ``"otsu"`` or ``"threshold=0.45"`` -> (method, threshold or None)."""
    name, _, value = text.strip().lower().partition("=")
    if name == "hsv" and not value:
        return "hsv", None
    if name == "otsu" and not value:
        return "otsu", None
    if name == "threshold":
        if not value:
            return "threshold", None
        try:
            threshold = float(value)
        except ValueError:
            raise ConvertError(f"bad threshold {value!r}: give a number from 0 to 1") from None
        if not 0.0 <= threshold <= 1.0:
            raise ConvertError(f"bad threshold {value!r}: give a number from 0 to 1")
        return "threshold", threshold
    raise ConvertError(f"unknown method {text!r} (use hsv, otsu or threshold=0.45)")


# --------------------------------------------------------------------------- gridding


def otsu_threshold(luminance: FloatImage) -> float:
    """Otsu's threshold (0..1) on a luminance image: the cut with the widest class gap."""
    levels = np.clip((luminance * 255.0).astype(np.int32), 0, 255)
    histogram = np.bincount(levels.ravel(), minlength=256).astype(np.float64)
    total = histogram.sum()
    if total == 0:
        return 0.5
    probability = histogram / total
    weight_dark = np.cumsum(probability)
    mean_dark = np.cumsum(probability * np.arange(256))
    mean_all = mean_dark[-1]
    weight_light = 1.0 - weight_dark
    with np.errstate(divide="ignore", invalid="ignore"):
        between = (mean_all * weight_dark - mean_dark) ** 2 / (weight_dark * weight_light)
    between = np.nan_to_num(between, nan=0.0, posinf=0.0)
    level = int(np.argmax(between))
    # Pixels at or below ``level`` are dark: the threshold sits just above it.
    return (level + 1) / 255.0


def hsv_dark_mask(brightness: FloatImage, saturation: FloatImage) -> BoolGrid:
    """The Sevilla rule: a pixel is light when it is at least as bright as the image's mean
    brightness and at most as saturated as its mean saturation; every other pixel is dark."""
    light = (brightness >= brightness.mean(dtype=np.float64)) & (
        saturation <= saturation.mean(dtype=np.float64)
    )
    dark: BoolGrid = np.logical_not(light)
    return dark


def fitted_height(source: SourceImage, width: int, crop: bool) -> int:
    """The height that keeps the (cropped) picture's proportions at ``width`` cells."""
    x0, y0, x1, y1 = source.crop_box if crop else (0, 0, source.width, source.height)
    height = round(width * (y1 - y0) / max(1, x1 - x0))
    return max(MIN_SIZE, min(MAX_SIZE, height))


def _cell_edges(cells: int, padded: float, offset: float, limit: int) -> npt.NDArray[np.intp]:
    """Pixel edges of ``cells`` equal blocks across ``padded`` pixels, shifted into image
    coordinates by ``offset`` and clamped to the image (padding holds no dark pixels)."""
    edges = np.floor(np.arange(cells + 1) * (padded / cells) + 1e-9) - offset
    clamped: npt.NDArray[np.intp] = np.clip(np.round(edges), 0, limit).astype(np.intp)
    return clamped


def grid_from_mask(mask: BoolGrid, width: int, height: int, fit: Fit = "stretch") -> BoolGrid:
    """Cells of ``width`` x ``height`` from a dark-pixel mask: a cell is filled when at least
    half of its pixels are dark. ``fit="pad"`` keeps proportions by adding light margins."""
    return _grid_from_table(_summed_area(mask), mask.shape, width, height, fit)


def _summed_area(mask: BoolGrid) -> npt.NDArray[np.int32]:
    table = np.zeros((mask.shape[0] + 1, mask.shape[1] + 1), dtype=np.int32)
    np.cumsum(np.cumsum(mask, axis=0, dtype=np.int32), axis=1, out=table[1:, 1:])
    return table


def _grid_from_table(
    table: npt.NDArray[np.int32], shape: tuple[int, ...], width: int, height: int, fit: Fit
) -> BoolGrid:
    pixels_high, pixels_wide = int(shape[0]), int(shape[1])
    padded_wide, padded_high = float(pixels_wide), float(pixels_high)
    if fit == "pad":
        # Grow one side of the picture with light pixels until it has the grid's proportions.
        target_ratio = width / height
        if pixels_wide / pixels_high > target_ratio:
            padded_high = pixels_wide / target_ratio
        else:
            padded_wide = pixels_high * target_ratio
    offset_x = (padded_wide - pixels_wide) / 2
    offset_y = (padded_high - pixels_high) / 2
    xs = _cell_edges(width, padded_wide, offset_x, pixels_wide)
    ys = _cell_edges(height, padded_high, offset_y, pixels_high)
    # Block areas are measured in padded space: margins count as light pixels.
    area_x = np.diff(np.floor(np.arange(width + 1) * (padded_wide / width) + 1e-9))
    area_y = np.diff(np.floor(np.arange(height + 1) * (padded_high / height) + 1e-9))
    area = np.outer(area_y, area_x)
    dark = (
        table[ys[1:, None], xs[None, 1:]]
        - table[ys[:-1, None], xs[None, 1:]]
        - table[ys[1:, None], xs[None, :-1]]
        + table[ys[:-1, None], xs[None, :-1]]
    )
    result: BoolGrid = (area > 0) & (2 * dark >= area)
    return result


class Converter:
    """One loaded picture, re-gridded on demand; caches the work that settings share."""

    def __init__(self, source: SourceImage) -> None:
        self.source = source
        self._tables: dict[tuple[object, ...], npt.NDArray[np.int32]] = {}
        self._otsu: dict[bool, float] = {}

    @classmethod
    def open(cls, path: str | Path) -> Converter:
        return cls(load_image(path))

    def _region(self, crop: bool) -> tuple[slice, slice]:
        if not crop:
            return slice(None), slice(None)
        x0, y0, x1, y1 = self.source.crop_box
        return slice(y0, y1), slice(x0, x1)

    def otsu_level(self, crop: bool = False) -> float:
        if crop not in self._otsu:
            self._otsu[crop] = otsu_threshold(self.source.luminance[self._region(crop)])
        return self._otsu[crop]

    def dark_mask(self, options: ConvertOptions) -> BoolGrid:
        """Which working pixels count as dark under ``options`` (after crop and invert)."""
        region = self._region(options.crop)
        if options.method == "hsv":
            mask = hsv_dark_mask(self.source.brightness[region], self.source.saturation[region])
        elif options.method == "otsu":
            mask = self.source.luminance[region] < self.otsu_level(options.crop)
        else:
            mask = self.source.luminance[region] < options.threshold
        if options.invert:
            mask = np.logical_not(mask)
        return mask

    def resolved(self, options: ConvertOptions) -> ConvertOptions:
        """``options`` with the height filled in when it follows the picture's aspect."""
        if not options.keep_aspect:
            return options
        return replace(options, height=fitted_height(self.source, options.width, options.crop))

    def grid(self, options: ConvertOptions) -> BoolGrid:
        """The ``(height, width)`` filled-cell grid for ``options``: the fast path."""
        options = self.resolved(options)
        key: tuple[object, ...] = (options.method, options.crop, options.invert)
        if options.method == "threshold":
            key += (round(options.threshold, 4),)
        table = self._tables.get(key)
        if table is None:
            if len(self._tables) > 16:
                self._tables.clear()
            mask = self.dark_mask(options)
            table = _summed_area(mask)
            self._tables[key] = table
        x0, y0, x1, y1 = (
            self.source.crop_box if options.crop else (0, 0, self.source.width, self.source.height)
        )
        return _grid_from_table(
            table, (y1 - y0, x1 - x0), options.width, options.height, options.fit
        )


# --------------------------------------------------------------------------- puzzles and reports


def puzzle_from_grid(
    grid: BoolGrid | Sequence[Sequence[bool]], title: str = "", author: str = ""
) -> Puzzle:
    """The puzzle whose goal is ``grid``."""
    return Puzzle.from_grid(np.asarray(grid, dtype=bool), title=title, author=author)


@dataclass(frozen=True)
class Conversion:
    """One finished conversion: the options used, the grid, the puzzle and its report."""

    options: ConvertOptions
    grid: BoolGrid = field(compare=False)
    puzzle: Puzzle
    report: Report


def convert(
    source: str | Path | SourceImage | Converter,
    options: ConvertOptions | None = None,
    *,
    title: str = "",
    author: str = "",
    timeout: float = 0.5,
) -> Conversion:
    """Picture -> grid -> Puzzle -> uniqueness report, in one call (the CLI's path)."""
    if isinstance(source, Converter):
        converter = source
    elif isinstance(source, SourceImage):
        converter = Converter(source)
    else:
        converter = Converter.open(source)
    options = converter.resolved(options or ConvertOptions())
    grid = converter.grid(options)
    puzzle = puzzle_from_grid(grid, title=title, author=author)
    report = replace(check_uniqueness(puzzle, timeout=timeout), warnings=grid_warnings(grid))
    return Conversion(options, grid, puzzle, report)


def grid_text(grid: BoolGrid, filled: str = "#", empty: str = ".") -> str:
    """The grid as text art, one row a line."""
    return "\n".join("".join(filled if cell else empty for cell in row) for row in grid)
