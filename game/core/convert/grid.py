"""Pictures into cells: the pixel-level cuts (Otsu's, the HSV rule) and the geometry that lays a
grid's cells over a region of pixels (pad, fill, stretch) and counts each cell's pixels with a
summed-area table, for :class:`game.core.convert.converter.Converter`; nothing here imports
pygame.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Literal

import numpy as np
import numpy.typing as npt

from game.core.convert.load import MAX_SIZE, MIN_SIZE, BoolGrid, FloatImage, SourceImage
from game.core.convert.stepping import run_steps

Fit = Literal["fill", "pad", "stretch"]


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
    return _height_for(width, x1 - x0, y1 - y0)


def _height_for(width: int, pixels_wide: int, pixels_high: int) -> int:
    height = round(width * pixels_high / max(1, pixels_wide))
    return max(MIN_SIZE, min(MAX_SIZE, height))


PixelBox = tuple[int, int, int, int]


@dataclass(frozen=True)
class Blocks:
    """How a grid's cells lie over a region's pixels: integer pixel edges (``xs``, ``ys``,
    in region coordinates, beyond the region where a pad margin lies), each cell's area in
    pixels (margins included, as light pixels) and the ``view`` box the grid spans in region
    pixels (floats)."""

    xs: npt.NDArray[np.intp]
    ys: npt.NDArray[np.intp]
    widths: npt.NDArray[np.intp]
    heights: npt.NDArray[np.intp]
    view: tuple[float, float, float, float]

    def clamped(self, pixels_wide: int, pixels_high: int) -> tuple[npt.NDArray[np.intp], ...]:
        return np.clip(self.xs, 0, pixels_wide), np.clip(self.ys, 0, pixels_high)

    @property
    def area(self) -> npt.NDArray[np.int64]:
        return np.outer(self.heights, self.widths).astype(np.int64)


def _edges(cells: int, left: float, span: float, pad: bool) -> tuple[npt.NDArray[np.intp], ...]:
    steps = np.arange(cells + 1) * (span / cells)
    if pad:
        # Cells are laid out in padded space and shifted into the picture: a margin cell's
        # area still counts its light pixels.
        # One shift for every edge: rounding each ``padded + left`` on its own rounds a
        # half (left = -10.5) to even, alternately up and down, and a cell's pixels then
        # outnumbered its area (a mean colour of -0.055, NaN in Lab).
        padded = np.floor(steps + 1e-9)
        shift = np.floor(left + 0.5)
        return (padded + shift).astype(np.intp), np.diff(padded).astype(np.intp)
    edges = np.floor(left + steps + 1e-9).astype(np.intp)
    return edges, np.diff(edges)


def blocks_for(width: int, height: int, pixels_wide: int, pixels_high: int, fit: Fit) -> Blocks:
    """Cell edges of a ``width`` x ``height`` grid over a region of the given pixels.

    ``stretch`` spans the region; ``pad`` keeps proportions by adding light margins around
    it; ``fill`` keeps proportions by taking the largest centred box of the grid's shape.
    """
    span_x, span_y = float(pixels_wide), float(pixels_high)
    target = width / height
    wider = pixels_wide / pixels_high > target
    if fit == "pad":
        if wider:
            span_y = pixels_wide / target
        else:
            span_x = pixels_high * target
    elif fit == "fill":
        if wider:
            span_x = pixels_high * target
        else:
            span_y = pixels_wide / target
    left, top = (pixels_wide - span_x) / 2, (pixels_high - span_y) / 2
    xs, widths = _edges(width, left, span_x, fit == "pad")
    ys, heights = _edges(height, top, span_y, fit == "pad")
    return Blocks(xs, ys, widths, heights, (left, top, left + span_x, top + span_y))


def _block_sums(table: npt.NDArray[np.floating | np.integer], blocks: Blocks,
                shape: tuple[int, int]) -> npt.NDArray[np.float64]:  # fmt: skip
    xs, ys = blocks.clamped(shape[1], shape[0])
    sums = (
        table[ys[1:, None], xs[None, 1:]]
        - table[ys[:-1, None], xs[None, 1:]]
        - table[ys[1:, None], xs[None, :-1]]
        + table[ys[:-1, None], xs[None, :-1]]
    )
    return np.asarray(sums, dtype=np.float64)


def grid_from_mask(mask: BoolGrid, width: int, height: int, fit: Fit = "stretch") -> BoolGrid:
    """Cells of ``width`` x ``height`` from a dark-pixel mask: a cell is filled when at least
    half of its pixels are dark. ``fit="pad"`` keeps proportions by adding light margins."""
    shape = (int(mask.shape[0]), int(mask.shape[1]))
    blocks = blocks_for(width, height, shape[1], shape[0], fit)
    return _majority(_summed_area(mask), blocks, shape)


def _majority(table: npt.NDArray[np.int32], blocks: Blocks, shape: tuple[int, int]) -> BoolGrid:
    # Block areas are measured over the whole cell: pad margins count as light pixels.
    area = blocks.area
    result: BoolGrid = (area > 0) & (2 * _block_sums(table, blocks, shape) >= area)
    return result


def _summed_area(values: npt.NDArray[np.bool_ | np.float32]) -> npt.NDArray[np.int32]:
    return run_steps(summed_area_steps(values))


def summed_area_steps(
    values: npt.NDArray[np.bool_ | np.float32],
) -> Generator[None, None, npt.NDArray[np.int32]]:
    """The summed-area table of ``values`` (a zero row and column first) in two steps, the
    running sums down the columns and then along the rows: one table of a 640x480 photo took
    7-9 ms of the converter's frame after a new size, beside the frame's own 8 ms of
    drawing."""
    kind = np.int32 if values.dtype == np.bool_ else np.float64
    down = np.cumsum(values, axis=0, dtype=kind)
    yield None
    table = np.zeros((values.shape[0] + 1, values.shape[1] + 1), dtype=kind)
    np.cumsum(down, axis=1, out=table[1:, 1:])
    return table
