"""The Subject method: the part of a photo that stands out from its background, as a silhouette.

A photograph's tones often do not separate its subject: a white rocket against a deep blue
evening sky and lit towers, a red motorcycle in a grey garage. Its colours often do. So:

1. the background's colours are learnt from the picture's edge cells (the top row and the
   sides' upper 70%: a subject often stands on the bottom edge, a bust fills it), clustered
   into at most ``BACKGROUND_COLOURS`` colours (k-means in CIE Lab, from a fixed start, so the
   same picture always gives the same grid);
2. each cell's **distinctness** is its Lab distance to the nearest of those colours, weighted
   by a mild centre prior (a subject is seldom at the very edge);
3. the cells whose distinctness is above Otsu's cut (moved by the level) are the subject; it is
   closed (a one-cell gap bridged), its holes filled and pieces under a fifth of the largest
   dropped, so it reads as one silhouette and not as scattered colour;
4. the subject's darkest inner cells (its darkest ``DARK_HOLE_SHARE``, away from its outline)
   are left empty: a rocket's shadowed stage, an eye, a collar.

Only numpy, on the grid's cells (at most 50x50): a few milliseconds. Nothing here imports
pygame. :func:`separation` tells how cleanly the distinctness splits in two (Otsu's
between-class share of the variance); Auto uses it to decide when a silhouette says more than
a sketch (see :mod:`game.core.convert.auto`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from game.core.convert.methods import BoolGrid, FloatGrid, otsu_level

# At most this many background colours (the edge of a photo is seldom one colour: sky and
# ground, a wall and a shelf).
BACKGROUND_COLOURS = 5
K_MEANS_ROUNDS = 12
# The sides' upper share that counts as background (the bottom edge and the sides' lowest
# part often belong to the subject).
SIDE_SHARE = 0.7
# The centre prior: distinctness is scaled between this floor (at the corners) and 1.
CENTRE_FLOOR = 0.5
CENTRE_SPREAD = 0.4
# Pieces of the subject smaller than this share of the largest are dropped.
PIECE_SHARE = 0.2
# The subject's darkest inner cells (this share of its cells) are left empty.
DARK_HOLE_SHARE = 0.12
# The level 0..1 moves the cut this far (as a share of Otsu's cut) either side of it; higher
# takes in more of the picture.
LEVEL_SPAN = 0.4


def lab(rgb: FloatGrid) -> FloatGrid:
    """CIE L*a*b* (D65) of sRGB values in 0..1, shape ``(..., 3)``: distances in it follow
    what a person sees as different colours far better than distances in RGB."""
    linear = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    matrix = np.array(
        [[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]
    )
    xyz = linear @ matrix.T / np.array([0.9505, 1.0, 1.089])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16.0 / 116.0)
    result: FloatGrid = np.stack(
        [
            116.0 * f[..., 1] - 16.0,
            500.0 * (f[..., 0] - f[..., 1]),
            200.0 * (f[..., 1] - f[..., 2]),
        ],
        axis=-1,
    )
    return result


def k_means(points: FloatGrid, count: int) -> FloatGrid:
    """Up to ``count`` cluster centres of ``points`` (n, d): started from the point farthest
    from those chosen so far (the first: the point nearest the mean), then ``K_MEANS_ROUNDS``
    rounds of Lloyd's algorithm. Deterministic; fewer centres when the points have fewer
    distinct values."""
    first = points[int(np.argmin(((points - points.mean(axis=0)) ** 2).sum(axis=1)))]
    centres = [first]
    nearest = ((points - first) ** 2).sum(axis=1)
    for _ in range(count - 1):
        index = int(np.argmax(nearest))
        if nearest[index] < 1e-9:
            break
        centres.append(points[index])
        nearest = np.minimum(nearest, ((points - points[index]) ** 2).sum(axis=1))
    chosen = np.array(centres)
    for _ in range(K_MEANS_ROUNDS):
        labels = ((points[:, None, :] - chosen[None]) ** 2).sum(axis=2).argmin(axis=1)
        for index in range(len(chosen)):
            members = points[labels == index]
            if len(members):
                chosen[index] = members.mean(axis=0)
    return chosen


def distinctness(rgb: FloatGrid) -> FloatGrid:
    """Per cell (``rgb`` is ``(h, w, 3)`` in 0..1), how far its colour is from the background's
    colours, centre-weighted, scaled to 0..1 (see the module text)."""
    colours = lab(rgb)
    height, width = colours.shape[:2]
    edge = np.zeros((height, width), dtype=bool)
    edge[0, :] = True
    side = max(1, round(height * SIDE_SHARE))
    edge[:side, 0] = True
    edge[:side, -1] = True
    background = k_means(colours[edge], BACKGROUND_COLOURS)
    distance = np.sqrt(((colours[:, :, None, :] - background[None, None]) ** 2).sum(axis=3))
    nearest = distance.min(axis=2)
    ys, xs = np.mgrid[0:height, 0:width]
    prior = np.exp(
        -0.5
        * (
            ((ys - 0.55 * (height - 1)) / (CENTRE_SPREAD * height)) ** 2
            + ((xs - 0.5 * (width - 1)) / (CENTRE_SPREAD * width)) ** 2
        )
    )
    weighted = nearest * (CENTRE_FLOOR + (1 - CENTRE_FLOOR) * prior)
    top = float(weighted.max())
    scaled: FloatGrid = weighted / top if top > 1e-9 else np.zeros_like(weighted)
    return scaled


def chroma(rgb: FloatGrid) -> float:
    """How colourful the cells are: the 90th percentile of their Lab chroma (distance from
    grey; 0 for a grey picture, 24 for the evening sky of a rocket photo)."""
    colours = lab(rgb)
    return float(np.percentile(np.hypot(colours[..., 1], colours[..., 2]), 90))


def separation(values: FloatGrid) -> float:
    """How cleanly ``values`` split in two at Otsu's cut: the between-class share of their
    variance (0: no split at all, 1: two single values)."""
    variance = float(values.var())
    if variance < 1e-12:
        return 0.0
    cut = otsu_level(values)
    low, high = values[values < cut], values[values >= cut]
    if not low.size or not high.size:
        return 0.0
    weight = low.size * high.size / values.size**2
    return float(weight * (high.mean() - low.mean()) ** 2 / variance)


def grow(mask: BoolGrid) -> BoolGrid:
    """``mask`` with every cell beside a set one (its four sides) set too."""
    grown = mask.copy()
    grown[1:, :] |= mask[:-1, :]
    grown[:-1, :] |= mask[1:, :]
    grown[:, 1:] |= mask[:, :-1]
    grown[:, :-1] |= mask[:, 1:]
    return grown


def shrink(mask: BoolGrid) -> BoolGrid:
    """``mask`` with every set cell beside an unset one (or the edge's outside) unset."""
    shrunk: BoolGrid = ~grow(~mask)
    return shrunk


def pieces(mask: BoolGrid) -> tuple[npt.NDArray[np.int32], int]:
    """Labels of the mask's 4-connected pieces (-1 outside) and how many there are."""
    height, width = mask.shape
    labels = np.full((height, width), -1, dtype=np.int32)
    count = 0
    for y, x in zip(*np.nonzero(mask), strict=True):
        if labels[y, x] >= 0:
            continue
        labels[y, x] = count
        stack = [(int(y), int(x))]
        while stack:
            cy, cx = stack.pop()
            for ny, nx in ((cy + 1, cx), (cy - 1, cx), (cy, cx + 1), (cy, cx - 1)):
                if 0 <= ny < height and 0 <= nx < width and mask[ny, nx] and labels[ny, nx] < 0:
                    labels[ny, nx] = count
                    stack.append((ny, nx))
        count += 1
    return labels, count


def fill_holes(mask: BoolGrid) -> BoolGrid:
    """``mask`` with every empty area that does not reach the grid's edge filled."""
    outside = np.zeros(mask.shape, dtype=bool)
    outside[0, :] |= ~mask[0, :]
    outside[-1, :] |= ~mask[-1, :]
    outside[:, 0] |= ~mask[:, 0]
    outside[:, -1] |= ~mask[:, -1]
    while True:
        grown = grow(outside) & ~mask
        if (grown == outside).all():
            break
        outside = grown
    filled: BoolGrid = ~outside
    return filled


def silhouette(values: FloatGrid, level: float) -> BoolGrid:
    """The cells above Otsu's cut of ``values`` (moved by ``level``: 0.5 at the cut, higher
    takes in more), closed, holes filled, small pieces dropped."""
    cut = otsu_level(values) * (1.0 - (level - 0.5) * 2 * LEVEL_SPAN)
    mask: BoolGrid = values > cut
    mask = shrink(grow(mask)) | mask
    labels, count = pieces(mask)
    if count > 1:
        sizes = np.bincount(labels[labels >= 0])
        keep = sizes >= PIECE_SHARE * sizes.max()
        mask = (labels >= 0) & keep[np.maximum(labels, 0)]
    return fill_holes(mask)


def subject_grid(rgb: FloatGrid, luminance: FloatGrid, level: float) -> BoolGrid:
    """The Subject method's grid: the silhouette of what stands out from the background, with
    its darkest inner cells left empty (``rgb`` ``(h, w, 3)`` and ``luminance`` ``(h, w)``,
    each cell's mean, 0..1)."""
    shape = silhouette(distinctness(rgb), level)
    if not shape.any():
        return shape
    inner = shrink(shape)
    dark_cut = float(np.percentile(luminance[shape], DARK_HOLE_SHARE * 100))
    grid: BoolGrid = shape & ~(inner & (luminance < dark_cut))
    return grid
