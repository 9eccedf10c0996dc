"""Random pictures that look like something: the raw material of the puzzle generator.

Every picture grows from structure, never from per-cell noise:

- **fields**: integer noise smoothed by repeated box blurs and cut at a level, which gives
  rounded islands and lakes; the blur radius sets how chunky they are;
- **symmetry**: the field mirrored left to right (faces, vases, insects) or in both axes;
- **blobs**: a few filled ellipses, some with an ellipse cut out (rings, crescents);
- **strokes**: thick random walks, like a brush line.

Only integers and numpy's PCG64 generator are used (sums, comparisons, sorting), so a seed
gives the same picture on every platform: no float rounding can move a threshold.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

BoolGrid = npt.NDArray[np.bool_]
IntGrid = npt.NDArray[np.int64]

STYLES = ("field", "mirror", "blobs", "strokes")


def _box_blur(values: IntGrid, radius: int) -> IntGrid:
    """Sum over a (2r+1)-square window, edges clamped; exact in integers."""
    if radius <= 0:
        return values
    padded = np.pad(values, radius, mode="edge")
    size = 2 * radius + 1
    sums = np.cumsum(np.pad(padded, ((1, 0), (0, 0))), axis=0)
    rows = sums[size:] - sums[:-size]
    sums = np.cumsum(np.pad(rows, ((0, 0), (1, 0))), axis=1)
    out: IntGrid = sums[:, size:] - sums[:, :-size]
    return out


def smooth_field(rng: np.random.Generator, width: int, height: int, radius: int) -> IntGrid:
    """Integer noise blurred twice: values vary smoothly over about ``radius`` cells."""
    noise = rng.integers(0, 1024, size=(height, width), dtype=np.int64)
    return _box_blur(_box_blur(noise, radius), radius)


def cut(values: IntGrid, density: float) -> BoolGrid:
    """The cells with the highest values, about ``density`` of them (ties by position)."""
    flat = values.ravel()
    order = np.argsort(-flat, kind="stable")
    count = round(len(flat) * density)
    picture = np.zeros(len(flat), dtype=bool)
    picture[order[:count]] = True
    shaped: BoolGrid = picture.reshape(values.shape)
    return shaped


def _ellipse(width: int, height: int, cx: int, cy: int, rx: int, ry: int) -> BoolGrid:
    ys, xs = np.mgrid[0:height, 0:width]
    inside: BoolGrid = (xs - cx) ** 2 * ry * ry + (ys - cy) ** 2 * rx * rx <= rx * rx * ry * ry
    return inside


def blobs(rng: np.random.Generator, width: int, height: int, count: int) -> BoolGrid:
    picture = np.zeros((height, width), dtype=bool)
    small = min(width, height)
    for _ in range(count):
        rx = int(rng.integers(max(1, small // 8), max(2, small // 3) + 1))
        ry = int(rng.integers(max(1, small // 8), max(2, small // 3) + 1))
        cx = int(rng.integers(0, width))
        cy = int(rng.integers(0, height))
        shape = _ellipse(width, height, cx, cy, rx, ry)
        if rng.integers(0, 3) == 0 and min(rx, ry) >= 3:
            # A hole off centre: a ring or a crescent.
            dx, dy = int(rng.integers(-1, 2)), int(rng.integers(-1, 2))
            shape &= ~_ellipse(width, height, cx + dx, cy + dy, rx // 2, ry // 2)
        picture |= shape
    return picture


def strokes(rng: np.random.Generator, width: int, height: int, count: int) -> BoolGrid:
    picture = np.zeros((height, width), dtype=bool)
    steps = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))
    for _ in range(count):
        x, y = int(rng.integers(0, width)), int(rng.integers(0, height))
        direction = int(rng.integers(0, len(steps)))
        thick = int(rng.integers(1, 3))
        for _step in range(int(rng.integers(width // 2 + 2, width + height + 1))):
            picture[max(0, y - thick + 1) : y + thick, max(0, x - thick + 1) : x + thick] = True
            if rng.integers(0, 4) == 0:  # turn by 45 degrees now and then
                direction = (direction + int(rng.integers(0, 3)) - 1) % len(steps)
            dx, dy = steps[direction]
            x = min(width - 1, max(0, x + dx))
            y = min(height - 1, max(0, y + dy))
    return picture


def make_picture(
    rng: np.random.Generator,
    width: int,
    height: int,
    chunk: float,
    density: float,
    style: str | None = None,
) -> BoolGrid:
    """One picture; ``chunk`` (0-1) sets how large its shapes are, ``density`` how much ink,
    ``style`` one of :data:`STYLES` (None: drawn at random)."""
    if style is None:
        style = STYLES[int(rng.integers(0, len(STYLES)))]
    radius = max(1, round(min(width, height) * (0.04 + 0.16 * chunk)))
    if style == "field":
        return cut(smooth_field(rng, width, height, radius), density)
    if style == "mirror":
        half = (width + 1) // 2
        left = smooth_field(rng, half, height, radius)
        values = np.concatenate([left, left[:, : width - half][:, ::-1]], axis=1)
        if rng.integers(0, 3) == 0:  # sometimes mirrored top to bottom as well
            top = (height + 1) // 2
            values = np.concatenate([values[:top], values[: height - top][::-1]], axis=0)
        return cut(values, density)
    if style == "blobs":
        count = 2 + int(rng.integers(0, 4)) + int((1.0 - chunk) * 4)
        picture = blobs(rng, width, height, count)
    else:
        picture = strokes(rng, width, height, 2 + int(rng.integers(0, 3)))
        picture |= blobs(rng, width, height, 1 + int(rng.integers(0, 2)))
    if not picture.any():
        picture[height // 2, width // 2] = True
    return picture
