"""A small subject that is the picture's point: a ladybird on a stem, a red bird on a branch.

The salient object of :mod:`game.core.convert.saliency` is found on 48 coarse cells, where a
ladybird 1% of the photo is a cell or two of mixed colour; its frame was the whole strip of
stem and leaves, and at 30x30 the ladybird was a few cells of it. Here the photo is looked at
finer (``SIDE`` pixels along its long side) for a **saturated spot**: pixels of Lab chroma at
least ``SPOT_CHROMA`` and far (``SPOT_DISTANCE``, Delta E) from every colour along the
picture's sides (each side clustered into ``SIDE_COLOURS``; the second nearest side counts,
as in the saliency map). When the largest piece of them is small (``SPOT_SHARE``), compact,
off the picture's edge, holds most of such pixels (``SPOT_ALONE``: it is *the* point, not
one flower of a meadow), stands out of the whole photo (its saliency map, at least
``SPOT_SALIENCE`` there) and lies in its salient object, itself at most ``SPOT_OBJECT_MOST``
of the photo (set after the first judge set: a logo beside a baseball and a crowd's colours
at the foot of the leaning tower were zoomed on), :func:`small_subject_frame` zooms on it:
a frame in the grid's shape ``1 / SPOT_SPAN`` times its size, centred on it. The converter
shows it as the automatic frame (drag to reframe, "Whole picture" to undo) and
:func:`suggested_size` says how many cells show it.

Only numpy, on at most 160 x 160 pixels and the 48-cell saliency map: 5-10 ms, in a step of
its own when a photo opens (:func:`find_spot` remembers it). Nothing here imports pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from game.core.convert.saliency import picture_object_steps, picture_saliency_steps
from game.core.convert.stepping import PerPicture, Steps, run_steps
from game.core.convert.subject import grow, k_means, lab, pieces

FrameBox = tuple[float, float, float, float]

SIDE = 160
SIDE_COLOURS = 3
SPOT_CHROMA = 40.0
SPOT_DISTANCE = 45.0
# The spot's share of the picture's pixels: under this it is a small subject (over it, the
# coarse salient object frames it already).
SPOT_SHARE = (0.001, 0.03)
# The piece holds at least this share of all the saturated distinct pixels.
SPOT_ALONE = 0.6
# It fills at least this share of its box (a blob, not a line of poppies along a field).
SPOT_FILL = 0.3
# The photo's saliency map (game.core.convert.saliency) is at least this high on the spot:
# what stands out of the whole picture, not a red stitch on a ball that stands out itself.
SPOT_SALIENCE = 0.5
# The spot lies in the photo's salient object (saliency.salient_object), and that object is
# at most this share of the photo.
SPOT_OBJECT_MOST = 0.3
# The spot's larger side is this share of the frame's matching side.
SPOT_SPAN = 0.3


@dataclass(frozen=True)
class Spot:
    """A small saturated subject: its box as fractions of the picture, its pixels' share."""

    box: FrameBox
    share: float


def _sampled(rgb: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    step = max(1, -(-max(rgb.shape[0], rgb.shape[1]) // SIDE))
    sampled: npt.NDArray[np.uint8] = rgb[::step, ::step]
    return sampled


def find_spot(rgb: npt.NDArray[np.uint8]) -> Spot | None:
    """The photo's small saturated subject (see the module text), or None; remembered for
    the last few pictures (the opening works it out a step at a time, :func:`spot_steps`,
    and each new size's frame asks again)."""
    return run_steps(spot_steps(rgb))


def spot_steps(rgb: npt.NDArray[np.uint8]) -> Steps[Spot | None]:
    """:func:`find_spot` a step at a time (its colours, their distance from the sides, the
    pieces, the photo's saliency): remembered."""
    return _REMEMBERED.steps(rgb, lambda: _spot_steps(rgb))


# The pictures looked at last (the array itself: the same object is the same picture).
_REMEMBERED: PerPicture[Spot | None] = PerPicture()


def _spot_steps(rgb: npt.NDArray[np.uint8]) -> Steps[Spot | None]:
    small = _sampled(rgb)
    height, width = small.shape[:2]
    if height < 16 or width < 16:
        return None
    colours = lab(small.astype(np.float64) / 255.0)
    chroma = np.hypot(colours[..., 1], colours[..., 2])
    yield None
    ring = 2
    sides = (colours[:ring].reshape(-1, 3), colours[-ring:].reshape(-1, 3),
             colours[:, :ring].reshape(-1, 3), colours[:, -ring:].reshape(-1, 3))  # fmt: skip
    distances = []
    for side in sides:
        nearest = np.full((height, width), np.inf)
        for centre in k_means(side, SIDE_COLOURS):
            nearest = np.minimum(nearest, np.sqrt(((colours - centre) ** 2).sum(axis=2)))
        distances.append(nearest)
        yield None
    second = np.sort(np.stack(distances), axis=0)[1]
    mask = (chroma >= SPOT_CHROMA) & (second >= SPOT_DISTANCE)
    total = int(mask.sum())
    if total == 0:
        return None
    labels, count = pieces(grow(mask))  # a pixel apart is one piece (a ladybird's spots)
    sizes = np.bincount(labels[mask], minlength=count)
    largest = int(np.argmax(sizes))
    size = int(sizes[largest])
    share = size / (height * width)
    if not SPOT_SHARE[0] <= share <= SPOT_SHARE[1] or size < SPOT_ALONE * total:
        return None
    ys, xs = np.nonzero(mask & (labels == largest))
    y0, y1, x0, x1 = int(ys.min()), int(ys.max()) + 1, int(xs.min()), int(xs.max()) + 1
    if size < SPOT_FILL * (y1 - y0) * (x1 - x0):
        return None
    if x0 == 0 or y0 == 0 or x1 == width or y1 == height:
        return None  # cut by the picture's edge: scenery, or not the point
    box = (x0 / width, y0 / height, x1 / width, y1 / height)
    yield None
    saliency = yield from picture_saliency_steps(rgb)
    rows, columns = saliency.shape
    # The coarse cells under the spot (a spot may be a cell or two, or less, of them).
    top, left = int(box[1] * rows), int(box[0] * columns)
    bottom, right = max(top + 1, -int(-box[3] * rows)), max(left + 1, -int(-box[2] * columns))
    if float(saliency[top:bottom, left:right].max()) < SPOT_SALIENCE:
        return None
    # Part of what stands out, and that is a small part of the photo: a ladybird on its
    # stem; not a logo beside a ball that is the subject, nor one colour among a crowd at
    # the foot of a tower that fills half the picture.
    yield None
    found = yield from picture_object_steps(rgb)
    if found is None or found.share > SPOT_OBJECT_MOST:
        return None
    if not found.mask[top:bottom, left:right].any():
        return None
    return Spot(box, share)


def small_subject_frame(rgb: npt.NDArray[np.uint8], width: int, height: int) -> FrameBox | None:
    """A frame for a ``width`` x ``height`` grid zoomed on the photo's small subject (its
    larger side ``SPOT_SPAN`` of the frame's), as fractions of the picture; None when the
    photo has none."""
    spot = find_spot(rgb)
    if spot is None:
        return None
    pixels_h, pixels_w = int(rgb.shape[0]), int(rgb.shape[1])
    x0, y0, x1, y1 = spot.box
    spot_w, spot_h = (x1 - x0) * pixels_w, (y1 - y0) * pixels_h
    aspect = width / height
    frame_w = max(spot_w / SPOT_SPAN, spot_h / SPOT_SPAN * aspect)
    frame_h = frame_w / aspect
    scale = min(1.0, pixels_w / frame_w, pixels_h / frame_h)
    frame_w, frame_h = frame_w * scale, frame_h * scale
    centre_x, centre_y = (x0 + x1) / 2 * pixels_w, (y0 + y1) / 2 * pixels_h
    left = min(max(0.0, centre_x - frame_w / 2), pixels_w - frame_w)
    top = min(max(0.0, centre_y - frame_h / 2), pixels_h - frame_h)
    right, bottom = left + frame_w, top + frame_h
    return (round(left / pixels_w, 4), round(top / pixels_h, 4),
            round(right / pixels_w, 4), round(bottom / pixels_h, 4))  # fmt: skip


def suggested_size(rgb: npt.NDArray[np.uint8], frame: FrameBox | None) -> int | None:
    """Cells along the grid's longer side that show the photo's small subject at least
    ``MIN_SPOT_CELLS`` across (20, 30 or 40), or None when it has none inside ``frame``."""
    spot = find_spot(rgb)
    if spot is None:
        return None
    fx0, fy0, fx1, fy1 = frame if frame is not None else (0.0, 0.0, 1.0, 1.0)
    x0, y0, x1, y1 = spot.box
    if x0 < fx0 or y0 < fy0 or x1 > fx1 or y1 > fy1:
        return None
    across = max((x1 - x0) / max(fx1 - fx0, 1e-9), (y1 - y0) / max(fy1 - fy0, 1e-9))
    for cells in (20, 30, 40):
        if across * cells >= MIN_SPOT_CELLS:
            return cells
    return 40


# A small subject reads from this many cells across.
MIN_SPOT_CELLS = 5
