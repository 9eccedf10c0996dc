"""Saliency: where in a photo is the thing a person would name (a bird, a tower, a cup)?

A person looking at a photo picks out what differs from its surroundings, and the
surroundings of a photo are its edges: the sky, the grass, the wall the subject stands
against run off the picture; the subject seldom does, and seldom on more than one side. So
a cell's **saliency** is how far its colour (CIE Lab, the mean of a coarse cell: texture such
as grass or fur averages out) is from the colours along the picture's sides, each side on its
own (``SIDE_COLOURS`` colours by k-means): the *second nearest* side counts, so a subject
standing on the bottom edge, or cut by one side, is still far from the other three. It is
weighted by a mild centre prior (``CENTRE_FLOOR``) and smoothed over a cell's neighbours.

The **salient object** is the largest piece above Otsu's cut of that map (closed, holes
filled). It gives the automatic frame of a photo without a face (:func:`salient_frame`: the
piece's box with a margin, in the grid's shape) and tells Auto whether one compact thing
stands out (:func:`salient_object`, :func:`game.core.convert.auto.choose_steps`).

Only numpy, on at most ``CELLS`` cells a side: 2-4 ms per picture. Deterministic. Nothing
here imports pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from game.core.convert.methods import BoolGrid, FloatGrid, otsu_level
from game.core.convert.stepping import PerPicture, Steps, run_steps
from game.core.convert.subject import fill_holes, grow, k_means, lab, pieces, separation, shrink

FrameBox = tuple[float, float, float, float]

# The coarse grid the photo's saliency is worked out on: cells along its long side.
CELLS = 48
# Each side's background: its cells (a ring ``RING`` cells deep) clustered into this many.
RING = 2
SIDE_COLOURS = 3
# The centre prior scales saliency between this floor (at the corners) and 1.
CENTRE_FLOOR = 0.45
CENTRE_SPREAD = 0.35
# A salient object is the largest piece of the map above Otsu's cut; smaller pieces at least
# this share of it join its box (a bird's head apart from its body).
JOIN_SHARE = 0.25


@dataclass(frozen=True)
class SalientObject:
    """The most salient piece of a picture (or of a grid's cells)."""

    mask: BoolGrid  # the piece, holes filled
    separation: float  # how cleanly the saliency splits in two (Otsu's between-class share)
    share: float  # the piece's share of the cells
    box: tuple[int, int, int, int]  # its cells' box: x0, y0, x1, y1 (exclusive)
    sides: float  # the share of the outermost ring of cells it covers
    contrast: float  # the mean saliency inside it less the mean outside


def cell_means(pixels: npt.NDArray[np.uint8], columns: int, rows: int) -> FloatGrid:
    """Each cell's mean colour, 0..1, shape ``(rows, columns, 3)``."""
    rgb = pixels.astype(np.float64) / 255.0
    ys = np.linspace(0, pixels.shape[0], rows + 1).astype(np.intp)
    xs = np.linspace(0, pixels.shape[1], columns + 1).astype(np.intp)
    # Sum each band of rows, then each band of columns: two reduceat passes, no loops.
    banded = np.add.reduceat(rgb, ys[:-1], axis=0)
    sums = np.add.reduceat(banded, xs[:-1], axis=1)
    area = np.outer(np.diff(ys), np.diff(xs))[..., None]
    means: FloatGrid = sums / np.maximum(area, 1)
    return means


def coarse_cells(rgb: npt.NDArray[np.uint8]) -> FloatGrid:
    """The photo's ``CELLS``-a-side mean colours (from at most 4 pixels a cell side)."""
    height, width = int(rgb.shape[0]), int(rgb.shape[1])
    step = max(1, max(height, width) // (4 * CELLS))
    sampled = rgb[::step, ::step]
    columns = CELLS if width >= height else max(8, round(CELLS * width / height))
    rows = CELLS if height >= width else max(8, round(CELLS * height / width))
    return cell_means(sampled, columns, rows)


def saliency_map(colours: FloatGrid) -> FloatGrid:
    """Per cell (``colours`` ``(h, w, 3)`` in 0..1), how far it stands out from the picture's
    sides, centre-weighted and smoothed, scaled to 0..1 (see the module text)."""
    cells = lab(colours)
    height, width = cells.shape[:2]
    ring = max(1, min(RING, height // 4, width // 4))
    sides = (cells[:ring].reshape(-1, 3), cells[-ring:].reshape(-1, 3),
             cells[:, :ring].reshape(-1, 3), cells[:, -ring:].reshape(-1, 3))  # fmt: skip
    distances = []
    for side in sides:
        centres = k_means(side, SIDE_COLOURS)
        nearest = np.full((height, width), np.inf)
        for centre in centres:
            nearest = np.minimum(nearest, np.sqrt(((cells - centre) ** 2).sum(axis=2)))
        distances.append(nearest)
    # The second nearest side: one side may hold the subject (it stands on the ground, or the
    # frame cuts it); the other three still see it as different.
    second = np.sort(np.stack(distances), axis=0)[1]
    ys, xs = np.mgrid[0:height, 0:width]
    across = ((xs - 0.5 * (width - 1)) / (CENTRE_SPREAD * width)) ** 2
    prior = np.exp(-0.5 * (((ys - 0.5 * (height - 1)) / (CENTRE_SPREAD * height)) ** 2 + across))
    weighted = second * (CENTRE_FLOOR + (1 - CENTRE_FLOOR) * prior)
    smooth = _mean3(weighted)
    top = float(smooth.max())
    scaled: FloatGrid = smooth / top if top > 1e-9 else np.zeros_like(smooth)
    return scaled


def _mean3(values: FloatGrid) -> FloatGrid:
    padded = np.pad(values, 1, mode="edge")
    windows = np.lib.stride_tricks.sliding_window_view(padded, (3, 3))
    means: FloatGrid = windows.mean(axis=(2, 3))
    return means


def salient_object(saliency: FloatGrid) -> SalientObject | None:
    """The largest piece of ``saliency`` above Otsu's cut (closed, holes filled, with the
    pieces near its size), or None when nothing stands out."""
    if float(saliency.max()) - float(saliency.min()) < 1e-6:
        return None
    mask: BoolGrid = saliency > otsu_level(saliency)
    mask = shrink(grow(mask)) | mask
    labels, count = pieces(mask)
    if count == 0:
        return None
    sizes = np.bincount(labels[labels >= 0])
    keep = sizes >= JOIN_SHARE * sizes.max()
    piece = fill_holes((labels >= 0) & keep[np.maximum(labels, 0)])
    ys, xs = np.nonzero(piece)
    ring = np.ones(piece.shape, dtype=bool)
    ring[1:-1, 1:-1] = False
    inside = float(saliency[piece].mean())
    outside = float(saliency[~piece].mean()) if (~piece).any() else 0.0
    return SalientObject(
        piece,
        separation(saliency),
        float(piece.mean()),
        (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1),
        float(piece[ring].mean()),
        inside - outside,
    )


# The frame around a salient object: its box grown by this share of its size on each side
# (the subject with some of what it stands in), then to the grid's shape.
MARGIN = 0.2
# Only a clear object gets a frame: the map splits at least this cleanly, the object is
# this share of the picture, it covers at most ``FRAME_SIDES`` of the outermost ring of
# cells (a subject running off the picture is scenery) and its saliency stands at least
# ``FRAME_CONTRAST`` above the rest.
FRAME_SEPARATION = 0.6
FRAME_SHARE = (0.02, 0.5)
FRAME_SIDES = 0.1
FRAME_CONTRAST = 0.25
# A frame this close to the whole picture (each side's share) is no frame.
FRAME_WHOLE = 0.9


# A whole photo's saliency map and salient object, remembered per picture: the opening
# works them out a step at a time, and the small subject, each grid size's frame and the
# frame shown on every change ask again (9-14 ms a time on a loaded machine).
_PICTURE_MAPS: PerPicture[FloatGrid] = PerPicture()
_PICTURE_OBJECTS: PerPicture[SalientObject | None] = PerPicture()


def picture_saliency_steps(rgb: npt.NDArray[np.uint8]) -> Steps[FloatGrid]:
    """The saliency map of the whole photo ``rgb``, its coarse cells a step and the map a
    step; remembered for the last few pictures."""

    def make() -> Steps[FloatGrid]:
        cells = coarse_cells(rgb)
        yield None
        return saliency_map(cells)

    return _PICTURE_MAPS.steps(rgb, make)


def picture_object_steps(rgb: npt.NDArray[np.uint8]) -> Steps[SalientObject | None]:
    """The salient object of the whole photo ``rgb`` (:func:`salient_object` of
    :func:`picture_saliency_steps`), a step after its map; remembered."""

    def make() -> Steps[SalientObject | None]:
        saliency = yield from picture_saliency_steps(rgb)
        yield None
        return salient_object(saliency)

    return _PICTURE_OBJECTS.steps(rgb, make)


def framed_object(rgb: npt.NDArray[np.uint8]) -> SalientObject | None:
    """The photo's salient object when it is clear enough to frame (see the constants)."""
    found = run_steps(picture_object_steps(rgb))
    if found is None or found.separation < FRAME_SEPARATION:
        return None
    if not FRAME_SHARE[0] <= found.share <= FRAME_SHARE[1]:
        return None
    if found.sides > FRAME_SIDES or found.contrast < FRAME_CONTRAST:
        return None
    return found


def box_in_pixels(
    found: SalientObject, pixels_w: int, pixels_h: int
) -> tuple[float, float, float, float]:
    """The salient object's box (on the saliency map's cells) in the photo's pixels: left,
    top, right, bottom."""
    rows, columns = found.mask.shape
    x0, y0, x1, y1 = found.box
    return (x0 * pixels_w / columns, y0 * pixels_h / rows,
            x1 * pixels_w / columns, y1 * pixels_h / rows)  # fmt: skip


def salient_frame(rgb: npt.NDArray[np.uint8], width: int, height: int) -> FrameBox | None:
    """The frame for a ``width`` x ``height`` grid around the photo's salient object (its box
    with ``MARGIN``, widened to the grid's shape and moved to lie in the picture), as
    fractions of the picture; None when no object is clear or the frame is nearly all of it."""
    found = framed_object(rgb)
    if found is None:
        return None
    pixels_h, pixels_w = int(rgb.shape[0]), int(rgb.shape[1])
    # In pixels: the box with its margin.
    bx0, by0, bx1, by1 = box_in_pixels(found, pixels_w, pixels_h)
    grow_x, grow_y = MARGIN * (bx1 - bx0), MARGIN * (by1 - by0)
    box_w, box_h = bx1 - bx0 + 2 * grow_x, by1 - by0 + 2 * grow_y
    # The grid's shape, taking in the whole box.
    aspect = width / height
    if box_w / box_h < aspect:
        box_w = box_h * aspect
    else:
        box_h = box_w / aspect
    if box_w > pixels_w or box_h > pixels_h:  # wider or taller than the picture: shrink
        scale = min(pixels_w / box_w, pixels_h / box_h)
        box_w, box_h = box_w * scale, box_h * scale
    fx0, fx1 = _span((bx0 + bx1) / 2, box_w, pixels_w)
    fy0, fy1 = _span((by0 + by1) / 2, box_h, pixels_h)
    if (fx1 - fx0) >= FRAME_WHOLE * pixels_w and (fy1 - fy0) >= FRAME_WHOLE * pixels_h:
        return None
    return (round(fx0 / pixels_w, 4), round(fy0 / pixels_h, 4),
            round(fx1 / pixels_w, 4), round(fy1 / pixels_h, 4))  # fmt: skip


def _span(centre: float, length: float, limit: float) -> tuple[float, float]:
    """An interval of ``length`` around ``centre`` moved (then cut) to lie in 0..limit."""
    length = min(length, limit)
    start = min(max(0.0, centre - length / 2), limit - length)
    return start, start + length
