"""A picture in a few colours: the palette of a colour puzzle and each cell's colour.

The work, in three steps, each a function of its own:

1. :func:`fit_palette`: the picture's pixels are counted in a histogram of 5 bits a channel
   (at most 32,768 bins, a few thousand in a photo), each bin's mean colour taken to CIE Lab
   (:func:`game.core.convert.subject.lab`: distances there follow what a person sees) and
   clustered by a weighted k-means (on bins of 4 bits a channel, for speed): started from
   the heaviest bin, then each next centre the bin that most outweighs its distance from
   those chosen (no randomness: the same picture always gives the same palette), then
   Lloyd's rounds. Centres closer than
   ``MERGE_DISTANCE`` (Delta E) are one colour to the eye and are merged, so a picture of
   three colours asked for six gives three. :func:`choose_count` is Auto's number of
   colours (see it). Each bin gets the label of its nearest centre: labelling every pixel
   afterwards is one table look-up (:meth:`PixelPalette.label`).
2. :func:`background_label`: the background is the colour touching the picture's border most
   (a ring of ``BORDER_SHARE`` of its sides); a transparent picture was flattened to white
   when it was loaded, so its background is white.
3. :func:`vote_cells`: each cell gets the palette colour that covers most of its pixels (not
   the colour nearest to its mean, which blends a black-and-yellow stripe into olive); pad
   margins count as background. :func:`colour_cells` then cleans lone cells (optional),
   drops colours no cell kept and numbers the rest, the background 0 and the block colours
   from the commonest, as a :class:`~game.core.palette.Palette` with readable names.

:func:`reduce_picture` does all of it for a picture and a grid size in one call: the public
door for anything that makes colour puzzles from pictures (the converter goes through
:meth:`game.core.convert.converter.Converter.colour_cells`, which caches the steps). Only
numpy; nothing here imports pygame.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from typing import Literal

import numpy as np
import numpy.typing as npt

from game.core.convert.colour_names import palette_named
from game.core.convert.grid import Blocks, Fit, _block_sums, _summed_area, blocks_for
from game.core.convert.stepping import run_steps
from game.core.convert.subject import lab
from game.core.palette import RGB, Palette

FloatArray = npt.NDArray[np.float64]
LabelGrid = npt.NDArray[np.int8]
ColourCount = int | Literal["auto"]

# The Colours control: 2 is black and white (the methods), 3..8 a colour puzzle.
MIN_COLOURS = 2
MAX_PICTURE_COLOURS = 8
# Auto picks among these (colour puzzles; 2 is the black-and-white methods' job).
AUTO_COUNTS = tuple(range(3, MAX_PICTURE_COLOURS + 1))
# Bits a channel kept in the histogram: 5 keeps shades 8 apart, under a just-noticeable step.
HISTOGRAM_BITS = 5
_BINS = 1 << (3 * HISTOGRAM_BITS)
K_MEANS_ROUNDS = 16
# Rounds of k-means between two yields of a fit worked a step at a time.
ROUNDS_A_STEP = 4
# The histogram counts at most about this many pixels (see histogram).
HISTOGRAM_PIXELS = 80_000
# k-means runs on at most this many of the coarse bins, the heaviest (a noisy photo has
# 4,000: its lightest are a few pixels each, and a fit of 8 took 15 ms on them).
FIT_POINTS = 1200
# Two centres closer than this (CIE76 Delta E) read as one colour in a cell of a puzzle.
MERGE_DISTANCE = 10.0
# The background is the colour most common in this share of each side, all round the border.
BORDER_SHARE = 0.04
# Auto: each colour beyond the first must buy this much less error (RMS Delta E of the pixels
# to their colour). Measured on scikit-image's photos and on drawings: see choose_count.
COLOUR_COST = 1.5
# Auto: a colour that covers less than this share of the pixels is not worth a swatch.
LEAST_SHARE = 0.02
# Auto: a picture whose pixels lie this much in at most 8 distinct colours is a flat drawing,
# and those colours are its palette (flat_palette).
FLAT_COVER = 0.97
# ... counting the bins with at least this share (a 30x30's cell is 0.1% of it).
FLAT_LEAST = 0.0008


@dataclass(frozen=True)
class PixelPalette:
    """Colours fitted to a picture's pixels.

    ``lab`` and ``rgb`` are the centres (Lab, and the mean sRGB of their pixels), ``shares``
    the share of the pixels each one takes, ``error`` the RMS Delta E of the pixels to their
    centre, ``lut`` the label of each histogram bin (-1 for one not yet seen)."""

    lab: FloatArray = field(compare=False)
    rgb: tuple[RGB, ...]
    shares: tuple[float, ...]
    error: float
    lut: npt.NDArray[np.int8] = field(compare=False, repr=False)
    # The labels of colours kept for a small salient subject (game.core.convert.accent):
    # they win a cell's vote with less of it, and Clean specks leaves them.
    accents: tuple[int, ...] = ()

    @property
    def count(self) -> int:
        return len(self.rgb)

    def label(self, rgb: npt.NDArray[np.uint8]) -> LabelGrid:
        """The label of each pixel of ``rgb`` (``(..., 3)`` uint8): its bin's; a bin the
        palette was not fitted on (a pixel the histogram's sample missed) gets the colour
        nearest its centre."""
        codes = bin_codes(rgb)
        present = np.flatnonzero(np.bincount(codes.ravel(), minlength=_BINS))
        unknown = present[self.lut[present] < 0]
        if unknown.size:
            self.lut[unknown] = _nearest(_bin_lab()[unknown], self.lab).astype(np.int8)
        labels: LabelGrid = self.lut[codes]
        return labels


@dataclass(frozen=True)
class Histogram:
    """A picture's pixels in bins: each present bin's code, pixel count, mean sRGB (0..255)
    and Lab."""

    codes: npt.NDArray[np.intp] = field(compare=False)
    weights: FloatArray = field(compare=False)
    rgb: FloatArray = field(compare=False)
    lab: FloatArray = field(compare=False)
    # The same pixels in bins of one bit less a channel (what k-means runs on: a photo's
    # 4,000 bins become 600-900, and a fit of 8 colours takes a few milliseconds).
    coarse_weights: FloatArray = field(compare=False)
    coarse_lab: FloatArray = field(compare=False)

    @property
    def total(self) -> float:
        return float(self.weights.sum())


@dataclass(frozen=True)
class ColourCells:
    """A picture's cells in colour: ``cells`` holds colour numbers (0 the background, 1.. the
    block colours of ``palette``), ``source`` the pixel palette's label of each colour."""

    palette: Palette
    cells: LabelGrid = field(compare=False)
    source: tuple[int, ...] = ()

    @property
    def count(self) -> int:
        """How many colours, the background counted (2 is black and white's count)."""
        return self.palette.count + 1

    @property
    def filled(self) -> npt.NDArray[np.bool_]:
        mask: npt.NDArray[np.bool_] = self.cells != 0
        return mask


def bin_codes(rgb: npt.NDArray[np.uint8]) -> npt.NDArray[np.intp]:
    """Each pixel's histogram bin: its channels' top ``HISTOGRAM_BITS`` bits."""
    shift = 8 - HISTOGRAM_BITS
    top = rgb >> shift  # still uint8: a third of the memory of wide integers
    codes = top[..., 0].astype(np.intp) << (2 * HISTOGRAM_BITS)
    codes |= top[..., 1].astype(np.intp) << HISTOGRAM_BITS
    codes |= top[..., 2]
    return codes


def _bin_lab() -> FloatArray:
    """The Lab of every histogram bin's centre (worked out once, 2 ms)."""
    global _BIN_LAB
    if _BIN_LAB is None:
        codes = np.arange(_BINS)
        mask = (1 << HISTOGRAM_BITS) - 1
        shift = 8 - HISTOGRAM_BITS
        half = 1 << (shift - 1)
        channels = [(codes >> (2 * HISTOGRAM_BITS)) & mask, (codes >> HISTOGRAM_BITS) & mask,
                    codes & mask]  # fmt: skip
        centres = np.stack([(c << shift) + half for c in channels], axis=1)
        _BIN_LAB = lab(centres.astype(np.float64) / 255.0)
    return _BIN_LAB


_BIN_LAB: FloatArray | None = None


def histogram(rgb: npt.NDArray[np.uint8]) -> Histogram:
    """The histogram of ``rgb``'s pixels (any shape ending in 3), counted on at most
    ``HISTOGRAM_PIXELS`` of them (every second or third row and column of a large picture:
    the colours of a few hundred thousand pixels are all there in a quarter of them)."""
    return run_steps(histogram_steps(rgb))


def histogram_steps(rgb: npt.NDArray[np.uint8]) -> Generator[None, None, Histogram]:
    """:func:`histogram` in three steps (the counts, the bins' colours in Lab, the coarse
    bins), yielding between them: 4-7 ms in one go on a noisy photo's 20,000 bins, the
    longest single step of Auto colours."""
    if rgb.ndim == 3:
        stride = max(1, int(np.ceil(np.sqrt(rgb.shape[0] * rgb.shape[1] / HISTOGRAM_PIXELS))))
        rgb = rgb[::stride, ::stride]
    flat = rgb.reshape(-1, 3)
    codes = bin_codes(flat)
    counts = np.bincount(codes, minlength=_BINS).astype(np.float64)
    present = np.flatnonzero(counts)
    weights = counts[present]
    means = (
        np.stack(
            [np.bincount(codes, weights=flat[:, c], minlength=_BINS)[present] for c in range(3)],
            axis=1,
        )
        / weights[:, None]
    )
    yield None
    colours = lab(means / 255.0)
    yield None
    low = HISTOGRAM_BITS - 1
    mask = (1 << HISTOGRAM_BITS) - 1
    coarse = (
        ((present >> (2 * HISTOGRAM_BITS + 1)) << (2 * low))
        | (((present >> HISTOGRAM_BITS) & mask) >> 1) << low
        | ((present & mask) >> 1)
    )
    groups, inverse = np.unique(coarse, return_inverse=True)
    coarse_weights = np.bincount(inverse, weights=weights, minlength=len(groups)).astype(np.float64)
    coarse_lab = (
        np.stack(
            [
                np.bincount(inverse, weights=weights * colours[:, c], minlength=len(groups))
                for c in range(3)
            ],
            axis=1,
        )
        / coarse_weights[:, None]
    )
    return Histogram(present, weights, means, colours, coarse_weights, coarse_lab)


def _nearest(points: FloatArray, centres: FloatArray) -> npt.NDArray[np.intp]:
    # A centre at a time, with no matrix product: OpenBLAS's threads, spinning on a busy
    # machine, made one product of 32,768 x 8 take 1 to 40 ms.
    best = np.full(len(points), np.inf)
    nearest = np.zeros(len(points), dtype=np.intp)
    for index, centre in enumerate(centres):
        distance = ((points - centre) ** 2).sum(axis=1)
        closer = distance < best
        best[closer] = distance[closer]
        nearest[closer] = index
    return nearest


def _start(points: FloatArray, weights: FloatArray, count: int) -> FloatArray:
    """Deterministic seeds: the heaviest bin, then each time the bin whose weight times its
    squared distance from the chosen seeds is largest (k-means++'s rule without the dice)."""
    chosen = [int(np.argmax(weights))]
    nearest = ((points - points[chosen[0]]) ** 2).sum(axis=1)
    for _ in range(count - 1):
        index = int(np.argmax(weights * nearest))
        if nearest[index] < 1e-9:
            break
        chosen.append(index)
        nearest = np.minimum(nearest, ((points - points[index]) ** 2).sum(axis=1))
    centres: FloatArray = points[chosen].copy()
    return centres


def _lloyd(points: FloatArray, weights: FloatArray, centres: FloatArray) -> FloatArray:
    return run_steps(_lloyd_steps(points, weights, centres))


def _lloyd_steps(
    points: FloatArray, weights: FloatArray, centres: FloatArray
) -> Generator[None, None, FloatArray]:
    """Lloyd's rounds from ``centres``, yielding after every ``ROUNDS_A_STEP`` of them."""
    for round_number in range(K_MEANS_ROUNDS):
        if round_number and round_number % ROUNDS_A_STEP == 0:
            yield None
        labels = _nearest(points, centres)
        mass = np.bincount(labels, weights=weights, minlength=len(centres))
        moved = centres.copy()
        for axis in range(3):
            sums = np.bincount(labels, weights=weights * points[:, axis], minlength=len(centres))
            np.divide(sums, mass, out=moved[:, axis], where=mass > 0)
        if np.allclose(moved, centres, atol=1e-3):
            return moved
        centres = moved
    return centres


def _merge_close(
    points: FloatArray, weights: FloatArray, centres: FloatArray
) -> Generator[None, None, FloatArray]:
    """Merge centres closer than ``MERGE_DISTANCE`` (their weighted mean) until none are;
    a step a merge."""
    while len(centres) > 1:
        mass = np.bincount(_nearest(points, centres), weights=weights, minlength=len(centres))
        keep = mass > 0
        if not keep.all():
            centres = centres[keep]
            continue
        gaps = np.sqrt(((centres[:, None, :] - centres[None, :, :]) ** 2).sum(axis=2))
        gaps[np.diag_indices(len(centres))] = np.inf
        first, second = np.unravel_index(int(np.argmin(gaps)), gaps.shape)
        if gaps[first, second] >= MERGE_DISTANCE:
            break
        merged = (centres[first] * mass[first] + centres[second] * mass[second]) / (
            mass[first] + mass[second]
        )
        centres = np.vstack([np.delete(centres, [first, second], axis=0), merged[None, :]])
        yield None
        centres = yield from _lloyd_steps(points, weights, centres)
    return centres


def fit_histogram(hist: Histogram, count: int) -> PixelPalette:
    """At most ``count`` colours for the pixels of ``hist`` (see the module text)."""
    return run_steps(fitting_histogram(hist, count))


def fitting_histogram(hist: Histogram, count: int) -> Generator[None, None, PixelPalette]:
    """:func:`fit_histogram` a few k-means rounds at a time (one fit took 10-18 ms on a
    loaded machine: over a frame's budget with the frame's drawing), yielding between."""
    if not MIN_COLOURS <= count <= MAX_PICTURE_COLOURS:
        raise ValueError(f"colours must be {MIN_COLOURS} to {MAX_PICTURE_COLOURS}, not {count}")
    coarse, coarse_weights = hist.coarse_lab, hist.coarse_weights
    if len(coarse_weights) > FIT_POINTS:
        heaviest = np.argsort(-coarse_weights, kind="stable")[:FIT_POINTS]
        coarse, coarse_weights = coarse[heaviest], coarse_weights[heaviest]
    centres = yield from _lloyd_steps(coarse, coarse_weights, _start(coarse, coarse_weights, count))
    yield None
    centres = yield from _merge_close(coarse, coarse_weights, centres)
    yield None
    return (yield from palette_steps(hist, centres))


def _palette_from(hist: Histogram, centres: FloatArray) -> PixelPalette:
    """The pixel palette of ``centres`` (Lab) for the pixels of ``hist``."""
    return run_steps(palette_steps(hist, centres))


def palette_steps(hist: Histogram, centres: FloatArray) -> Generator[None, None, PixelPalette]:
    """:func:`_palette_from` in two steps: each bin's nearest centre, then the palette."""
    points, weights = hist.lab, hist.weights
    labels = _nearest(points, centres)
    yield None
    mass = np.bincount(labels, weights=weights, minlength=len(centres))
    rgb = []
    for index in range(len(centres)):
        members = labels == index
        mean = (hist.rgb[members] * weights[members, None]).sum(axis=0) / max(mass[index], 1e-9)
        rgb.append(tuple(round(float(v)) for v in np.clip(mean, 0, 255)))
    distance = ((points - centres[labels]) ** 2).sum(axis=1)
    error = float(np.sqrt((distance * weights).sum() / max(hist.total, 1e-9)))
    lut = np.full(_BINS, -1, dtype=np.int8)  # the bins seen; label() adds the others
    lut[hist.codes] = labels.astype(np.int8)
    shares = tuple(float(m) / max(hist.total, 1e-9) for m in mass)
    return PixelPalette(centres, tuple(rgb), shares, error, lut)  # type: ignore[arg-type]


def fit_palette(rgb: npt.NDArray[np.uint8], count: ColourCount) -> PixelPalette:
    """``count`` colours (2..8, or "auto": :func:`choose_count`) for the pixels of ``rgb``."""
    hist = histogram(rgb)
    if count == "auto":
        return choose_count(hist)
    return fit_histogram(hist, count)


def choose_count(hist: Histogram) -> PixelPalette:
    """Auto's palette (:func:`choosing_count` run to its end)."""
    steps = choosing_count(hist)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            chosen: PixelPalette = done.value
            return chosen


def flat_palette(hist: Histogram) -> PixelPalette | None:
    """A flat drawing's own colours, or None: when the bins of at least ``FLAT_LEAST`` of the
    pixels are at most ``MAX_PICTURE_COLOURS``, hold ``FLAT_COVER`` of the pixels together
    and no two of them are nearer than ``MERGE_DISTANCE``, they
    are the palette (a colour puzzle rendered as a picture comes back cell for cell: its eyes
    and windows are small but theirs). Anything else (a photo, a scan, an anti-aliased
    drawing of many shades) is fitted."""
    order = np.argsort(-hist.weights, kind="stable")
    shares = hist.weights[order] / max(hist.total, 1e-9)
    count = int((shares >= FLAT_LEAST).sum())  # a colour of a cell's pixels, or more
    if not MIN_COLOURS <= count <= MAX_PICTURE_COLOURS or shares[:count].sum() < FLAT_COVER:
        return None
    centres = hist.lab[order[:count]]
    gaps = np.sqrt(((centres[:, None, :] - centres[None, :, :]) ** 2).sum(axis=2))
    gaps[np.diag_indices(count)] = np.inf
    if gaps.min() < MERGE_DISTANCE:
        return None
    return _palette_from(hist, centres)


def choosing_count(hist: Histogram) -> Generator[None, None, PixelPalette]:
    """Auto's palette, a fit at a time (yielding between them, so a screen can spread the
    work over frames): for each count of ``AUTO_COUNTS`` a fit, scored by its error (RMS
    Delta E of the pixels to their colour) plus ``COLOUR_COST`` for each colour it has left
    after the merging of near ones; a fit with a colour under ``LEAST_SHARE`` of the pixels
    is passed over; the lowest score wins (ties to fewer colours). A colour must so pay for
    itself in error: a flat drawing stops at its own few colours (no error left), a
    photograph goes on while each colour takes a real part of it (its sky, its fur, its
    shade) and stops when the next would only split a gradient. A flat drawing of at most 8
    colours keeps exactly its own (:func:`flat_palette`)."""
    flat = flat_palette(hist)
    if flat is not None:
        return flat
    best: tuple[float, PixelPalette] | None = None
    for count in AUTO_COUNTS:
        palette = yield from fitting_histogram(hist, count)
        yield None
        if min(palette.shares) < LEAST_SHARE and palette.count > AUTO_COUNTS[0]:
            continue  # a colour for a sliver: a smaller count covers the same picture
        score = palette.error + COLOUR_COST * palette.count
        if best is None or score < best[0] - 1e-9:
            best = (score, palette)
        if palette.count < count:
            break  # the picture has no more colours to give
    if best is None:
        return fit_histogram(hist, AUTO_COUNTS[0])
    return best[1]


def background_label(labels: LabelGrid, count: int) -> int:
    """The label most common in a ring of ``BORDER_SHARE`` of each side round ``labels``."""
    height, width = labels.shape
    ring_y = max(1, round(height * BORDER_SHARE))
    ring_x = max(1, round(width * BORDER_SHARE))
    ring = np.concatenate(
        [
            labels[:ring_y].ravel(),
            labels[-ring_y:].ravel(),
            labels[:, :ring_x].ravel(),
            labels[:, -ring_x:].ravel(),
        ]
    )
    return int(np.argmax(np.bincount(ring.astype(np.intp), minlength=count)))


def label_tables(labels: LabelGrid, count: int) -> list[npt.NDArray[np.int32]]:
    """A summed-area table of each label's pixels (what :func:`vote_cells` sums over)."""
    return list(label_tables_steps(labels, count))


def label_tables_steps(labels: LabelGrid, count: int) -> Iterator[npt.NDArray[np.int32]]:
    """:func:`label_tables` one table at a time."""
    for index in range(count):
        yield _summed_area(labels == index)


def vote_cells(
    tables: list[npt.NDArray[np.int32]],
    shape: tuple[int, int],
    blocks: Blocks,
    background: int,
    accents: tuple[int, ...] = (),
    accent_vote: float = 1.0,
    background_vote: FloatArray | None = None,
) -> LabelGrid:
    """Each cell's label: the one covering most of its pixels, pad margins counting as
    ``background``, the ``accents``' pixels counting ``accent_vote`` times and, given a
    ``background_vote`` per cell, the background's counting that much; ties go to the
    lower label."""
    counts = np.stack([_block_sums(table, blocks, shape) for table in tables])
    xs, ys = blocks.clamped(shape[1], shape[0])
    inside = np.outer(np.diff(ys), np.diff(xs)).astype(np.float64)
    counts[background] += blocks.area.astype(np.float64) - inside
    for label in accents:
        counts[label] *= accent_vote
    if background_vote is not None:
        counts[background] *= background_vote
    cells: LabelGrid = counts.argmax(axis=0).astype(np.int8)
    cells[blocks.area == 0] = background
    return cells


def clean_colour_specks(cells: LabelGrid, keep: tuple[int, ...] = ()) -> LabelGrid:
    """``cells`` with each lone cell (no side neighbour of its colour) given the colour of
    at least three of its side neighbours when they agree; judged on the grid as it was.
    Cells of the labels in ``keep`` (a small subject's accent) stay."""
    height, width = cells.shape
    padded = np.pad(cells.astype(np.int16), 1, constant_values=-1)
    sides = np.stack(
        [padded[:-2, 1:-1], padded[2:, 1:-1], padded[1:-1, :-2], padded[1:-1, 2:]]
    )  # up, down, left, right
    lone = (sides != cells[None]).all(axis=0)
    for label in keep:
        lone &= cells != label
    cleaned = cells.copy()
    for y, x in zip(*np.nonzero(lone), strict=True):
        around = sides[:, y, x]
        around = around[around >= 0]
        values, counts = np.unique(around, return_counts=True)
        if counts.size and counts.max() >= 3:
            cleaned[y, x] = values[int(np.argmax(counts))]
    del height, width
    return cleaned


def overlay_lines(
    cells: LabelGrid, lines: npt.NDArray[np.bool_], pixels: PixelPalette, background: int
) -> LabelGrid:
    """``cells`` with the ``lines`` cells in the palette's darkest colour (by Lab lightness;
    the darkest but the background when the background is darkest: lines are drawn, never
    rubbed out)."""
    order = [int(label) for label in np.argsort(pixels.lab[:, 0], kind="stable")]
    ink = next((label for label in order if label != background), background)
    drawn = cells.copy()
    drawn[lines] = ink
    return drawn


def colour_cells(
    pixels: PixelPalette, cells: LabelGrid, background: int, *, clean: bool = False
) -> ColourCells:
    """Cells of pixel-palette labels as a colour puzzle's cells and palette: the background
    colour 0, the block colours numbered from the commonest (a colour no cell kept is not in
    the palette)."""
    if clean:
        cells = clean_colour_specks(cells)
    counts = np.bincount(cells.ravel().astype(np.intp), minlength=pixels.count)
    order = [int(i) for i in np.argsort(-counts, kind="stable") if counts[i] and i != background]
    source = (background, *order)
    renumber = np.zeros(pixels.count, dtype=np.int8)
    for number, label in enumerate(source):
        renumber[label] = number
    numbered: LabelGrid = renumber[cells.astype(np.intp)]
    rgbs = [pixels.rgb[label] for label in source]
    if len(rgbs) == 1:  # a picture of one colour: a block colour that no cell uses
        rgbs.append((0, 0, 0) if sum(rgbs[0]) > 382 else (255, 255, 255))
        source = (*source, -1)
    return ColourCells(palette_named(rgbs), numbered, source)


def reduce_picture(
    rgb: npt.NDArray[np.uint8],
    width: int,
    height: int,
    colours: ColourCount = "auto",
    *,
    fit: Fit = "stretch",
    clean: bool = False,
) -> ColourCells:
    """A picture (``(h, w, 3)`` uint8 sRGB, or ``(h, w, 4)`` with alpha) as ``width`` x
    ``height`` cells in ``colours`` colours (2..8 with the background, or "auto"): the
    palette and each cell's colour number (see the module text). ``fit`` lays the cells over
    the pixels as the converter does (stretch, pad or fill). With alpha the picture is laid
    on white and the background is the colour of its transparent pixels (an emoji's
    surround), not the border's."""
    if rgb.ndim != 3 or rgb.shape[2] not in (3, 4) or rgb.dtype != np.uint8:
        raise ValueError("the picture must be an (h, w, 3) or (h, w, 4) array of uint8")
    clear: npt.NDArray[np.bool_] | None = None
    if rgb.shape[2] == 4:
        alpha = rgb[..., 3:].astype(np.float32) / 255.0
        flat = rgb[..., :3].astype(np.float32) * alpha + 255.0 * (1.0 - alpha)
        clear = rgb[..., 3] < 128
        rgb = np.clip(np.round(flat), 0, 255).astype(np.uint8)
    pixels = fit_palette(rgb, colours)
    labels = pixels.label(rgb)
    shape = (int(rgb.shape[0]), int(rgb.shape[1]))
    if clear is not None and clear.any():
        counts = np.bincount(labels[clear].astype(np.intp), minlength=pixels.count)
        background = int(np.argmax(counts))
    else:
        background = background_label(labels, pixels.count)
    blocks = blocks_for(width, height, shape[1], shape[0], fit)
    cells = vote_cells(label_tables(labels, pixels.count), shape, blocks, background)
    return colour_cells(pixels, cells, background, clean=clean)
