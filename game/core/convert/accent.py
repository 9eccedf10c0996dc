"""Colours that keep the subject: a small salient subject's colour gets a slot in the palette.

Auto's palette (:func:`game.core.convert.quantise.choosing_count`) pays each colour by the
error it saves over all the pixels, so a ladybird, 1% of a photo of leaves and flowers, never
buys a swatch: a third shade of green saves more. A person sees the ladybird first. So, after
Auto's fit (:func:`keep_subject`):

1. **Salient mass**: each pixel counts by the saliency of its coarse cell
   (:mod:`game.core.convert.saliency`: how far it stands out from the picture's sides),
   squared, so the bins of the subject weigh and those of the ground hardly do
   (:func:`salient_mass`, a bin at a time, beside the histogram).
2. **The accent**: of the saturated bins far (``ACCENT_DISTANCE``, Delta E) from every
   colour of the palette, the group of near bins with the most salient mass times chroma;
   when it holds at least ``ACCENT_LEAST`` of the picture and its pixels are salient
   (``ACCENT_SALIENCE``), it is one more colour.
   Its pixels must lie mostly in one piece (``ACCENT_PIECE``): a ladybird, not the vivid
   blue edging along an angelfish's stripes.
3. **Room for it**: background shades nearer than ``GROUND_MERGE`` (both of little
   saliency) merge first; then, if the palette is full or two of its colours are nearer than
   ``SHADE_MERGE``, the nearest two merge (the third shade of green goes, the red stays).

The accent's label is remembered (:attr:`PixelPalette.accents`): a cell takes it when it
covers ``ACCENT_VOTE`` times less than the cell's commonest colour (a ladybird across two
cells keeps a cell), and Clean specks leaves it (one red cell is the ladybird, not noise).
Only numpy; deterministic. Nothing here imports pygame.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

import numpy as np
import numpy.typing as npt

from game.core.convert.quantise import (
    HISTOGRAM_PIXELS,
    MAX_PICTURE_COLOURS,
    FloatArray,
    Histogram,
    PixelPalette,
    _nearest,
    bin_codes,
    palette_steps,
)
from game.core.convert.saliency import coarse_cells, saliency_map
from game.core.convert.subject import grow, lab, pieces

# A subject colour this far (CIE76 Delta E) from every palette colour is missing from it.
ACCENT_DISTANCE = 40.0
# ... when it is saturated (Lab chroma: the ladybird's orange-red 80, the forget-me-nots'
# pale blue 35) ...
ACCENT_CHROMA = 40.0
# ... covers at least this share of the picture's pixels ...
ACCENT_LEAST = 0.0015
# ... and its pixels' mean saliency squared is at least this (a saliency of 0.4).
ACCENT_SALIENCE = 0.16
# The heaviest far bins tried as the accent's seed.
ACCENT_SEEDS = 32
# The accent is the heaviest far bin and the far bins this near it.
ACCENT_SPREAD = 25.0
# Two palette colours this near are shades of one; the nearest pair gives way to an accent.
SHADE_MERGE = 22.0
# Two colours of the ground (little salient mass) this near merge anyway.
GROUND_MERGE = 15.0
# The accent's pixels lie mostly (this share) in one piece, looked at on at most
# COMPACT_SIDE pixels a side: a ladybird; not an angelfish's blue edging along its stripes.
ACCENT_PIECE = 0.5
# ... and fill at least this share of that piece's box (a blob, not a ring round a fish).
ACCENT_FILL = 0.3
COMPACT_SIDE = 160
# A cell takes the accent when the accent covers at least 1/ACCENT_VOTE of its commonest.
ACCENT_VOTE = 2.5


def salient_mass(
    rgb: npt.NDArray[np.uint8], hist: Histogram, saliency: FloatArray | None = None
) -> FloatArray:
    """Per bin of ``hist`` (the histogram of ``rgb``), its pixels weighted by their coarse
    cell's saliency squared (``saliency``: the map of ``rgb``'s coarse cells, worked out
    here when not given), counted on the same sample of pixels as the histogram."""
    if saliency is None:
        saliency = saliency_map(coarse_cells(rgb))
    stride = max(1, int(np.ceil(np.sqrt(rgb.shape[0] * rgb.shape[1] / HISTOGRAM_PIXELS))))
    sampled = rgb[::stride, ::stride]
    rows, columns = saliency.shape
    ys = np.minimum(np.arange(sampled.shape[0]) * stride * rows // rgb.shape[0], rows - 1)
    xs = np.minimum(np.arange(sampled.shape[1]) * stride * columns // rgb.shape[1], columns - 1)
    weight = saliency[ys[:, None], xs[None, :]] ** 2
    codes = bin_codes(sampled).ravel()
    binned = np.bincount(codes, weights=weight.ravel(), minlength=1 << 15).astype(np.float64)
    found: FloatArray = binned[hist.codes]
    return found


def keep_subject(
    hist: Histogram, mass: FloatArray, palette: PixelPalette, rgb: npt.NDArray[np.uint8]
) -> PixelPalette:
    """``palette`` with the ground's near shades merged and the subject's missing colour
    added (see the module text), for the picture ``rgb`` of ``hist``; ``palette`` itself
    when there is nothing to change (:func:`keeping_subject` run to its end)."""
    steps = keeping_subject(hist, mass, palette, rgb)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            kept: PixelPalette = done.value
            return kept


def keeping_subject(
    hist: Histogram, mass: FloatArray, palette: PixelPalette, rgb: npt.NDArray[np.uint8]
) -> Generator[None, None, PixelPalette]:
    """:func:`keep_subject` a phase at a time (each a few milliseconds on a noisy photo's
    20,000 bins), yielding between them so a screen spreads them over frames."""
    centres = palette.lab.copy()
    centres = _merge_ground(hist, mass, centres)
    yield None
    accent = _accent(hist, mass, centres)
    yield None
    if accent is not None:
        small = _small_lab(rgb)
        yield None
        if not _compact(small, accent):
            accent = None  # a colour along the subject's edges or stripes, not a subject
        yield None
    if accent is None:
        if len(centres) == palette.count:
            return palette
        yield None
        return (yield from palette_steps(hist, centres))
    gaps = _gaps(centres)
    first, second = np.unravel_index(int(np.argmin(gaps)), gaps.shape)
    if len(centres) >= MAX_PICTURE_COLOURS or gaps[first, second] < SHADE_MERGE:
        centres = _merged(hist, centres, int(first), int(second))
    centres = np.vstack([centres, accent[None, :]])
    yield None
    fitted = yield from palette_steps(hist, centres)
    return replace(fitted, accents=(len(centres) - 1,))


def _accent(hist: Histogram, mass: FloatArray, centres: FloatArray) -> FloatArray | None:
    """The subject's colour missing from ``centres`` (Lab), or None: of the saturated bins
    far from every centre, the group (within ``ACCENT_SPREAD``) of the most salient mass
    times chroma, when it holds ``ACCENT_LEAST`` of the pixels and they are salient."""
    distance = np.sqrt(((hist.lab - centres[_nearest(hist.lab, centres)]) ** 2).sum(axis=1))
    chroma = np.hypot(hist.lab[:, 1], hist.lab[:, 2])
    candidates = np.flatnonzero((distance > ACCENT_DISTANCE) & (chroma >= ACCENT_CHROMA))
    if candidates.size == 0:
        return None
    points, weights = hist.lab[candidates], mass[candidates] * chroma[candidates]
    seeds = np.argsort(-weights, kind="stable")[:ACCENT_SEEDS]
    best: tuple[float, npt.NDArray[np.bool_]] | None = None
    for seed in seeds:
        group = np.sqrt(((points - points[seed]) ** 2).sum(axis=1)) < ACCENT_SPREAD
        score = float(weights[group].sum())
        if best is None or score > best[0]:
            best = (score, group)
    assert best is not None
    members = candidates[best[1]]
    pixels = float(hist.weights[members].sum())
    if pixels / max(hist.total, 1e-9) < ACCENT_LEAST:
        return None
    if float(mass[members].sum()) / pixels < ACCENT_SALIENCE:
        return None  # a colour of the ground's, not the subject's
    found: FloatArray = (hist.lab[members] * hist.weights[members, None]).sum(axis=0) / pixels
    return found


def _small_lab(rgb: npt.NDArray[np.uint8]) -> FloatArray:
    """``rgb`` in Lab, on at most ``COMPACT_SIDE`` pixels a side."""
    step = max(1, -(-max(rgb.shape[0], rgb.shape[1]) // COMPACT_SIDE))
    small: FloatArray = lab(rgb[::step, ::step].astype(np.float64) / 255.0)
    return small


def _compact(small: FloatArray, accent: FloatArray) -> bool:
    """Do the pixels of the ``accent`` colour (within ``ACCENT_SPREAD``) in ``small`` (the
    picture in Lab, :func:`_small_lab`) lie mostly in one piece (``ACCENT_PIECE`` of them),
    as a small subject does?"""
    mask = np.sqrt(((small - accent) ** 2).sum(axis=2)) < ACCENT_SPREAD
    total = int(mask.sum())
    if total == 0:
        return False
    labels, count = pieces(grow(mask))  # touching or a pixel apart: one piece
    sizes = np.bincount(labels[mask], minlength=count)
    largest = int(np.argmax(sizes))
    if int(sizes[largest]) < ACCENT_PIECE * total:
        return False
    ys, xs = np.nonzero(mask & (labels == largest))
    box = (int(ys.max()) - int(ys.min()) + 1) * (int(xs.max()) - int(xs.min()) + 1)
    return int(sizes[largest]) >= ACCENT_FILL * box  # a blob, not an outline


def _gaps(centres: FloatArray) -> FloatArray:
    gaps: FloatArray = np.sqrt(((centres[:, None, :] - centres[None, :, :]) ** 2).sum(axis=2))
    gaps[np.diag_indices(len(centres))] = np.inf
    return gaps


def _merged(hist: Histogram, centres: FloatArray, first: int, second: int) -> FloatArray:
    """``centres`` with ``first`` and ``second`` as one, their pixels' weighted mean."""
    labels = _nearest(hist.lab, centres)
    mass = np.bincount(labels, weights=hist.weights, minlength=len(centres))
    both = mass[first] + mass[second]
    if both <= 0:
        joined = (centres[first] + centres[second]) / 2
    else:
        joined = (centres[first] * mass[first] + centres[second] * mass[second]) / both
    kept: FloatArray = np.vstack([np.delete(centres, [first, second], axis=0), joined[None, :]])
    return kept


def _merge_ground(hist: Histogram, mass: FloatArray, centres: FloatArray) -> FloatArray:
    """Merge pairs of the ground's colours (salient mass per pixel under the picture's)
    nearer than ``GROUND_MERGE``, nearest first."""
    overall = mass.sum() / max(hist.total, 1e-9)
    while len(centres) > 2:
        labels = _nearest(hist.lab, centres)
        pixels = np.bincount(labels, weights=hist.weights, minlength=len(centres))
        salient = np.bincount(labels, weights=mass, minlength=len(centres))
        ground = salient < overall * np.maximum(pixels, 1e-9)
        gaps = _gaps(centres)
        gaps[~ground, :] = np.inf
        gaps[:, ~ground] = np.inf
        first, second = np.unravel_index(int(np.argmin(gaps)), gaps.shape)
        if gaps[first, second] >= GROUND_MERGE:
            break
        centres = _merged(hist, centres, int(first), int(second))
    return centres
