"""Methods made for photographs, and the tone controls and speck cleaning they share.

A photograph has no "dark ink on light paper": a global cut (Otsu, a threshold) turns a cat
on a grey sofa into a black blob with holes. These work at the level of cells instead, from
``cell_luminance`` (each cell's mean luminance, 0 black .. 1 white):

- ``adaptive_grid``: a cell is filled when it is darker than a cut made three parts of its
  neighbourhood (a blur of a few cells) and one part the picture's Otsu cut: slow shading
  is taken away, features stay, large dark areas stay dark;
- ``dither_grid``: Floyd-Steinberg error diffusion with a serpentine scan, so grey areas
  become a pattern whose density follows the grey;
- ``outline_grid``: cells where the picture's luminance changes most (a blurred gradient at
  three samples a cell, the strongest sample per cell), the subject's drawn outline;
- ``sketch_grid``: the outline plus the picture's darkest cells (pupils, a nostril, a
  collar), diagonal steps joined: how a person draws a face or a cup in a few strokes. On
  a busy photo (a cat's striped fur) it keeps the features a viewer knows the subject by
  and drops the texture.

``tone`` applies brightness, contrast and gamma to luminance before any method;
``clean_specks`` removes isolated single cells (a filled cell with no filled neighbour, an
empty one with no empty neighbour, counting the four sides). Nothing here imports pygame;
all of it is numpy on arrays no bigger than the working copy.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

BoolGrid = npt.NDArray[np.bool_]
FloatImage = npt.NDArray[np.float32]
FloatGrid = npt.NDArray[np.float64]

# The neighbourhood the adaptive method compares a cell with: a Gaussian of this many cells'
# standard deviation per 30 cells of the grid's longer side (so 4 at 30x30, 2.7 at 20x20).
# Smaller keeps texture (fur becomes noise); larger drifts back to a global threshold.
ADAPTIVE_SIGMA_PER_30 = 4.0
# The level 0..1 moves the adaptive cut this far either side of the local mean.
ADAPTIVE_SPAN = 0.16
# How much of the adaptive cut is local (the rest is the picture's Otsu cut).
ADAPTIVE_LOCAL_SHARE = 0.75
# Samples per cell side for the outline method's gradient.
OUTLINE_SAMPLES = 3
# Edges are measured against the picture's range of shades, but never one narrower than
# this: a flat grey picture's noise is not an outline.
EDGE_MIN_SPREAD = 0.1
# The sketch fills the darkest this share of cells (never above the Otsu cut) beside its
# outline: on the photographs measured, 10% kept pupils and collars and no shading.
SKETCH_DARK_SHARE = 0.10


def tone(
    luminance: FloatImage, brightness: float = 0.0, contrast: float = 0.0, gamma: float = 1.0
) -> FloatImage:
    """Luminance after gamma, then contrast about mid-grey, then brightness, clipped to 0..1.

    ``brightness`` -1..1 adds that much; ``contrast`` -1..1 scales the distance from mid-grey
    by 4**contrast (so ±1 is a quarter or four times); ``gamma`` > 1 brightens mid-tones
    (the exponent is 1/gamma), < 1 darkens them. The neutral values return the input itself.
    """
    if brightness == 0.0 and contrast == 0.0 and gamma == 1.0:
        return luminance
    result = luminance
    if gamma != 1.0:
        result = np.power(np.clip(result, 0.0, 1.0), np.float32(1.0 / gamma))
    if contrast != 0.0:
        result = (result - np.float32(0.5)) * np.float32(4.0**contrast) + np.float32(0.5)
    if brightness != 0.0:
        result = result + np.float32(brightness)
    clipped: FloatImage = np.clip(result, 0.0, 1.0).astype(np.float32, copy=False)
    return clipped


def blur(values: FloatGrid, sigma: float) -> FloatGrid:
    """A separable Gaussian blur of a small array, edges extended (no dark frame creeps in)."""
    if sigma <= 0:
        return values
    radius = max(1, int(3 * sigma + 0.5))
    offsets = np.arange(-radius, radius + 1, dtype=np.float64)
    kernel = np.exp(-0.5 * (offsets / sigma) ** 2)
    kernel /= kernel.sum()
    result = values.astype(np.float64)
    for axis in (0, 1):
        padded = np.pad(
            result, [(radius, radius) if a == axis else (0, 0) for a in (0, 1)], mode="edge"
        )
        length = result.shape[axis]
        total = np.zeros_like(result)
        for index, weight in enumerate(kernel):
            window = [slice(None), slice(None)]
            window[axis] = slice(index, index + length)
            total += weight * padded[tuple(window)]
        result = total
    return result


def adaptive_grid(cells: FloatGrid, level: float) -> BoolGrid:
    """Cells darker than a cut that is three parts their blurred neighbourhood and one part the
    picture's Otsu cut; ``level`` 0.5 cuts there, higher fills more (up to
    ``ADAPTIVE_SPAN`` above it), lower fewer.

    A purely local cut turns every large dark area into an outline of itself (a night sky
    around a rocket becomes a ring); anchoring it a quarter of the way to the global cut keeps large
    areas what they are while features inside them still show.
    """
    sigma = ADAPTIVE_SIGMA_PER_30 * max(cells.shape) / 30.0
    local = blur(cells, sigma)
    anchor = otsu_level(cells)
    cut = ADAPTIVE_LOCAL_SHARE * local + (1 - ADAPTIVE_LOCAL_SHARE) * anchor
    # A hair below the cut: on a flat area rounding must not decide.
    grid: BoolGrid = cells < cut + (level - 0.5) * 2 * ADAPTIVE_SPAN - 1e-6
    return grid


def otsu_level(values: FloatGrid) -> float:
    """Otsu's cut (0..1) on a small array of luminances: the cut with the widest class gap;
    the middle of the range when every value is the same."""
    flat = np.sort(values.ravel())
    if flat.size == 0 or flat[-1] - flat[0] < 1e-9:
        return float(flat[0]) if flat.size else 0.5
    # Try a cut between each pair of neighbouring distinct values.
    total = flat.sum()
    count = flat.size
    below = np.cumsum(flat)[:-1]
    counts = np.arange(1, count)
    mean_dark = below / counts
    mean_light = (total - below) / (count - counts)
    between = counts * (count - counts) * (mean_light - mean_dark) ** 2
    between[flat[1:] - flat[:-1] < 1e-12] = -1.0  # no cut between equal values
    index = int(np.argmax(between))
    return float((flat[index] + flat[index + 1]) / 2)


def dither_grid(cells: FloatGrid, level: float) -> BoolGrid:
    """Floyd-Steinberg at cell level: a cell is filled when its luminance plus the error
    carried to it is below ``level``; the error goes on right, below-left, below and
    below-right (7, 3, 5, 1 sixteenths), scanning rows alternately left and right so the
    pattern has no drift. Python loops over at most 50x50 cells: well under 5 ms."""
    height, width = cells.shape
    work = cells.astype(np.float64).tolist()
    filled = np.zeros((height, width), dtype=bool)
    for y in range(height):
        row = work[y]
        below = work[y + 1] if y + 1 < height else None
        forward = y % 2 == 0
        xs = range(width) if forward else range(width - 1, -1, -1)
        step = 1 if forward else -1
        for x in xs:
            old = row[x]
            dark = old < level
            filled[y, x] = dark
            error = old - (0.0 if dark else 1.0)
            ahead = x + step
            if 0 <= ahead < width:
                row[ahead] += error * 7 / 16
            if below is not None:
                below[x] += error * 5 / 16
                behind = x - step
                if 0 <= behind < width:
                    below[behind] += error * 3 / 16
                if 0 <= ahead < width:
                    below[ahead] += error * 1 / 16
    return filled


def edge_strength(samples: FloatGrid, width: int, height: int) -> FloatGrid:
    """Per cell, the strongest gradient among its ``OUTLINE_SAMPLES``² luminance samples
    (``samples`` is ``(height*k, width*k)``), after a blur of one sample against noise, in
    units of the picture's own range of shades (its 1st to 99th percentile, at least
    ``EDGE_MIN_SPREAD``): a photo taken in the dark has every edge a sixth as steep as in
    daylight, and the outline's floor (a ramp across the grid) erased all of them."""
    smooth = blur(samples, 1.0)
    gy, gx = np.gradient(smooth)
    magnitude = np.hypot(gx, gy)
    k = OUTLINE_SAMPLES
    low, high = np.percentile(samples, (1, 99))
    spread = min(1.0, max(float(high - low), EDGE_MIN_SPREAD))
    strongest: FloatGrid = magnitude.reshape(height, k, width, k).max(axis=(1, 3)) / spread
    return strongest


def outline_grid(strength: FloatGrid, level: float) -> BoolGrid:
    """Cells whose edge strength reaches a cut relative to the picture's strong edges (its
    95th percentile): level 0.5 cuts at half of it; higher levels draw fainter edges too."""
    reference = float(np.percentile(strength, 95))
    if reference <= 1e-6:
        return np.zeros(strength.shape, dtype=bool)
    # The cut never drops below twice the slope of a black-to-white ramp across the whole
    # grid: a smooth gradient has no edges, and a cut relative to its own faint slope
    # filled every cell of it.
    floor = 2.0 / (OUTLINE_SAMPLES * max(strength.shape))
    cut = max(reference * (1.0 - 0.9 * level), floor)
    grid: BoolGrid = strength >= cut
    return grid


def sketch_grid(strength: FloatGrid, cells: FloatGrid, level: float) -> BoolGrid:
    """The outline at ``level`` (see :func:`outline_grid`) and the darkest
    ``SKETCH_DARK_SHARE`` of ``cells`` (luminance), when they are darker than Otsu's cut;
    inside a shape the outline encloses, only those also darker than Otsu's cut of the
    enclosed cells.

    A cat's eye is a dark rim around a mid-dark iris and a black pupil: all of it among the
    picture's darkest cells, it filled into a blob. Inside the ring only the pupil, darker
    than the iris around it, fills: the ring and the pupil a person knows an eye by. The
    darkest cells outside closed shapes (a spoon, a collar, a crater) fill as before."""
    cut = min(float(np.percentile(cells, SKETCH_DARK_SHARE * 100)), otsu_level(cells))
    outline = join_diagonals(outline_grid(strength, level))
    dark = cells < cut - 1e-6
    inside = enclosed(outline)
    if inside.any():
        dark &= ~inside | (cells < otsu_level(cells[inside]) - 1e-6)
    return join_diagonals(outline | dark)


def enclosed(grid: BoolGrid) -> BoolGrid:
    """The empty cells of ``grid`` that no path of empty side neighbours links to its border:
    the insides of its closed shapes. A flood from the border, a few array passes per step."""
    empty = ~grid
    reached = np.zeros_like(empty)
    for side in (np.s_[0, :], np.s_[-1, :], np.s_[:, 0], np.s_[:, -1]):
        reached[side] = empty[side]
    while True:
        grown = reached.copy()
        grown[1:, :] |= reached[:-1, :]
        grown[:-1, :] |= reached[1:, :]
        grown[:, 1:] |= reached[:, :-1]
        grown[:, :-1] |= reached[:, 1:]
        grown &= empty
        if np.array_equal(grown, reached):
            inside: BoolGrid = empty & ~reached
            return inside
        reached = grown


def join_diagonals(grid: BoolGrid) -> BoolGrid:
    """``grid`` with every diagonal step of a line joined at a corner: where a 2x2 block is a
    checkerboard (two filled cells touching only by a corner), the lower empty cell is filled.

    A line drawn at cell size steps diagonally; joined, it reads as one stroke, and the
    checkerboard is the commonest swap that leaves a picture's clues with two solutions (on
    scikit-image's cat, the sketch's 8 free cells at 30x30 were all in two such steps)."""
    joined = grid.copy()
    for _ in range(3):  # a fill can make a new step only beside another: a few passes do
        top_left, top_right = joined[:-1, :-1], joined[:-1, 1:]
        low_left, low_right = joined[1:, :-1], joined[1:, 1:]
        falling = top_left & low_right & ~top_right & ~low_left
        rising = top_right & low_left & ~top_left & ~low_right
        if not (falling.any() or rising.any()):
            break
        joined[1:, :-1] |= falling
        joined[1:, 1:] |= rising
    return joined


def _neighbours_alike(grid: BoolGrid) -> npt.NDArray[np.int8]:
    """For each cell, how many of its four in-grid neighbours hold the same value."""
    same = np.zeros(grid.shape, dtype=np.int8)
    same[1:, :] += grid[1:, :] == grid[:-1, :]
    same[:-1, :] += grid[:-1, :] == grid[1:, :]
    same[:, 1:] += grid[:, 1:] == grid[:, :-1]
    same[:, :-1] += grid[:, :-1] == grid[:, 1:]
    return same


def speck_mask(grid: BoolGrid) -> BoolGrid:
    """Isolated single cells: none of the four neighbours (inside the grid) is like them."""
    if grid.size <= 1:
        return np.zeros(grid.shape, dtype=bool)
    specks: BoolGrid = _neighbours_alike(grid) == 0
    return specks


def count_specks(grid: BoolGrid) -> int:
    """How many filled and empty cells stand alone (see :func:`speck_mask`)."""
    return int(speck_mask(grid).sum())


def clean_specks(grid: BoolGrid) -> BoolGrid:
    """``grid`` with its isolated single cells flipped to match their neighbours.

    Every speck is judged on the original grid and flipped at once, so the result does not
    depend on scan order; a flip can leave a new lone cell only in a checkerboard, so two
    passes are enough for anything a picture makes.
    """
    cleaned = grid.copy()
    for _ in range(2):
        specks = speck_mask(cleaned)
        if not specks.any():
            break
        cleaned = cleaned ^ specks
    return cleaned
