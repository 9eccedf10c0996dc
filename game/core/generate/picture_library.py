"""The picture library: small open-licensed pictures turned into grids, and whether they read.

The library is ``assets/pictures/``: one small indexed PNG a picture (at most
:data:`MAX_PICTURE_COLOURS` colours and a transparent background, made from the Noto colour
emoji by ``tools/build_picture_packs.py``) and ``manifest.json`` listing each picture's
``name``, ``theme``, ``title`` and ``file``. A picture is read as a :class:`Picture`: a label
per pixel (0 transparent, 1..k a colour) and its palette.

A picture becomes cells through the converter's own cell geometry
(:func:`game.core.convert.grid.blocks_for`, fit "pad"):

- in black and white (:func:`drawing_mask`, :func:`bw_grid`) as a silhouette, at ``detail`` 0
  its outline alone, at 1 with its light parts (white eyes, a panda's white) left empty, at 2
  also with thin empty lines where two colours of clearly different brightness meet (inner
  lines: a cat's face, a car's windows);
- in colour (:func:`colour_grid`) as the colour most of a cell's pixels have (near-white
  counts as the background, which is white).

:func:`readability` is the recognisability check: the puzzle's cells laid back over the
picture's pixels against the picture itself (the share of inked pixels both agree on: the
IoU, per colour in colour), and whether the cells are a plain blob (every line one run or
none: a disc reads as nothing). Nothing here imports pygame.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from PIL import Image

from game.core.convert.grid import Blocks, blocks_for
from game.core.convert.methods import clean_specks
from game.core.convert.quantise import reduce_picture
from game.core.palette import RGB, Palette
from game.resources import asset

BoolGrid = npt.NDArray[np.bool_]
Labels = npt.NDArray[np.uint8]

MAX_PICTURE_COLOURS = 8
MANIFEST = "manifest.json"
# A colour this light (luminance 0..1) and this little tinted (PAPER_TINT) is paper: left
# empty in a silhouette at detail 1+, and the background in colour.
LIGHT = 0.86
# Two colours whose luminance differs this much draw an inner line where they meet (detail 2).
LINE_CONTRAST = 0.22
DETAILS = (0, 1, 2)
# At detail 1 and 2 the light parts are left empty only when the rest keeps this share.
MIN_DARK_SHARE = 0.2
# A light colour is paper when its channels differ by at most this much (white, pale grey).
PAPER_TINT = 40
# The recognisability check's thresholds (see tools/build_picture_packs.py for how they were
# chosen by looking at the pictures either side of them).
MIN_IOU = 0.72
MIN_COLOUR_AGREEMENT = 0.55
# Black and white: refused when the ink is this close to a plain disc or box (plain_shape:
# at 0.84-0.88 a rucksack, a bread loaf, an onion or a doughnut were dark lumps on the
# contact sheet); colour: when this share of lines is a single run (blob_share).
MAX_PLAIN_SHAPE = 0.84
MAX_BLOB_SHARE = 0.88
# Colour: cells this far from white (RGB distance) stand out; at least this share must.
PALE = 0.2
MIN_STRONG_SHARE = 0.5
# In colour a cell agrees when its colour is this close to the picture's mean colour over
# it (RGB distance, 1 = black to white); cells this far from paper are content.
COLOUR_DISTANCE = 0.2
PAPER_DISTANCE = 0.1
# Colour: at least this share of the picture's opaque cells must be ink (not background).
# Under it at 15x15 a white sheep (0.26), a cream llama (0.23), a white cup (0.29) and a
# computer mouse (0.13) were specks, a panda (0.38) half a face, a dice (0.41) and a
# volleyball (0.44) scraps; an alarm clock (0.47) and a watch (0.48), white faces drawn by
# their rims, read.
MIN_COVERAGE = 0.45


@dataclass(frozen=True)
class PictureEntry:
    """One picture of the library's manifest."""

    name: str
    theme: str
    title: str
    file: str


@dataclass(frozen=True)
class Picture:
    """A label a pixel (0 transparent, 1..k the palette's colours) and the palette (k RGB)."""

    labels: Labels
    palette: tuple[RGB, ...]

    @property
    def width(self) -> int:
        return int(self.labels.shape[1])

    @property
    def height(self) -> int:
        return int(self.labels.shape[0])


def library_dir() -> Path:
    return asset("pictures")


def library(folder: Path | None = None) -> tuple[PictureEntry, ...]:
    """The manifest's pictures, in its order; () when there is no library."""
    path = (folder or library_dir()) / MANIFEST
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return ()
    entries = []
    for item in raw.get("pictures", []) if isinstance(raw, dict) else []:
        if isinstance(item, dict) and all(
            isinstance(item.get(key), str) for key in ("name", "theme", "title", "file")
        ):
            entries.append(PictureEntry(item["name"], item["theme"], item["title"], item["file"]))
    return tuple(entries)


def load_picture(path: Path) -> Picture:
    """An indexed PNG of the library: its transparent index is label 0."""
    with Image.open(path) as image:
        image.load()
        if image.mode != "P":
            raise ValueError(f"{path.name}: not an indexed picture")
        indices = np.asarray(image, dtype=np.int64)
        flat = image.getpalette() or []
        transparent = image.info.get("transparency")
    if isinstance(transparent, bytes):
        clear = {i for i, alpha in enumerate(transparent) if alpha < 128}
    elif isinstance(transparent, int):
        clear = {transparent}
    else:
        clear = set()
    mapped = np.where(np.isin(indices, sorted(clear)), -1, indices)
    used = sorted(int(i) for i in np.unique(mapped) if i >= 0)
    labels = np.zeros(indices.shape, dtype=np.uint8)
    colours: list[RGB] = []
    for number, index in enumerate(used, start=1):
        labels[mapped == index] = number
        colours.append((flat[3 * index], flat[3 * index + 1], flat[3 * index + 2]))
    return Picture(labels, tuple(colours))


def side_by_side(pictures: Sequence[Picture], gap: int = 4) -> Picture:
    """Pictures in a row, bottoms aligned, ``gap`` transparent pixels apart, one palette."""
    height = max(p.height for p in pictures)
    width = sum(p.width for p in pictures) + gap * (len(pictures) - 1)
    labels = np.zeros((height, width), dtype=np.uint8)
    palette: list[RGB] = []
    left = 0
    for picture in pictures:
        shifted = np.where(picture.labels > 0, picture.labels + len(palette), 0)
        top = height - picture.height
        labels[top:, left : left + picture.width] = shifted.astype(np.uint8)
        palette.extend(picture.palette)
        left += picture.width + gap
    return Picture(labels, tuple(palette))


def luminance(rgb: RGB) -> float:
    red, green, blue = rgb
    return (0.299 * red + 0.587 * green + 0.114 * blue) / 255.0


def is_paper(rgb: RGB) -> bool:
    """White or a light grey (not cream, not pastel): what reads as the paper."""
    return luminance(rgb) >= LIGHT and max(rgb) - min(rgb) <= PAPER_TINT


def _lightness(picture: Picture) -> npt.NDArray[np.float64]:
    table = np.array([1.0, *(luminance(c) for c in picture.palette)])
    lit: npt.NDArray[np.float64] = table[picture.labels]
    return lit


def _paper(picture: Picture) -> BoolGrid:
    table = np.array([True, *(is_paper(c) for c in picture.palette)])
    paper: BoolGrid = table[picture.labels]
    return paper


def drawing_mask(picture: Picture, detail: int, line_pixels: int = 1) -> BoolGrid:
    """The ink of the black-and-white drawing at pixel level (see the module text)."""
    mask: BoolGrid = picture.labels > 0
    if detail >= 1:
        dark = mask & ~_paper(picture)
        # Paper inside the outline draws the picture (a panda's white, a ball's panels) when
        # it is a part of it; a picture mostly light (a cream dog) keeps its outline.
        if np.count_nonzero(dark) >= MIN_DARK_SHARE * np.count_nonzero(mask):
            mask = dark
    if detail >= 2:
        lit = _lightness(picture)
        edge = np.zeros(mask.shape, dtype=bool)
        inside = picture.labels > 0
        for axis in (0, 1):
            step = np.abs(np.diff(lit, axis=axis)) >= LINE_CONTRAST
            both = np.logical_and(
                np.take(inside, range(inside.shape[axis] - 1), axis=axis),
                np.take(inside, range(1, inside.shape[axis]), axis=axis),
            )
            mark = step & both
            if axis == 0:
                edge[:-1, :] |= mark
            else:
                edge[:, :-1] |= mark
        for _ in range(max(0, line_pixels - 1)):
            grown = edge.copy()
            grown[1:, :] |= edge[:-1, :]
            grown[:, 1:] |= edge[:, :-1]
            edge = grown
        mask = mask & ~edge
    return mask


def _content_box(picture: Picture) -> tuple[slice, slice]:
    ys, xs = np.nonzero(picture.labels)
    if not len(xs):
        return slice(0, picture.height), slice(0, picture.width)
    return slice(int(ys.min()), int(ys.max()) + 1), slice(int(xs.min()), int(xs.max()) + 1)


def _blocks(shape: tuple[int, int], width: int, height: int) -> Blocks:
    return blocks_for(width, height, shape[1], shape[0], "pad")


def _cell_counts(
    labels: npt.NDArray[np.integer], count: int, width: int, height: int
) -> npt.NDArray[np.float64]:
    """Pixels of each label (0..count-1) in each cell: (height, width, count); a pad margin's
    pixels count as label 0."""
    shape = (int(labels.shape[0]), int(labels.shape[1]))
    blocks = _blocks(shape, width, height)
    xs, ys = blocks.clamped(shape[1], shape[0])
    counts = np.zeros((height, width, count), dtype=np.float64)
    for label in range(count):
        table = np.zeros((shape[0] + 1, shape[1] + 1), dtype=np.int64)
        np.cumsum(np.cumsum(labels == label, axis=0), axis=1, out=table[1:, 1:])
        counts[:, :, label] = (
            table[ys[1:, None], xs[None, 1:]]
            - table[ys[:-1, None], xs[None, 1:]]
            - table[ys[1:, None], xs[None, :-1]]
            + table[ys[:-1, None], xs[None, :-1]]
        )
    margin = blocks.area - counts.sum(axis=2)
    counts[:, :, 0] += np.maximum(margin, 0)
    return counts


def line_pixels_for(picture: Picture, width: int, height: int) -> int:
    """How thick an inner line is drawn so that it survives as cells: about half a cell."""
    rows, columns = _content_box(picture)
    span: float = max(
        (int(rows.stop) - int(rows.start)) / height,
        (int(columns.stop) - int(columns.start)) / width,
    )
    return max(1, round(span * 0.55))


def cell_means(picture: Picture, width: int, height: int) -> npt.NDArray[np.float64]:
    """Each cell's mean RGB over the picture's pixels (transparent and margins white): the
    picture as it looks at the size of the grid."""
    counts = _cell_counts(picture.labels, len(picture.palette) + 1, width, height)
    rgb = np.array([(255, 255, 255), *picture.palette], dtype=np.float64)
    total = counts.sum(axis=2, keepdims=True)
    means: npt.NDArray[np.float64] = (counts @ rgb) / np.maximum(total, 1.0)
    return means


def bw_grid(picture: Picture, width: int, height: int, detail: int) -> BoolGrid:
    """The black-and-white cells of the picture (its content box padded into the grid)."""
    rows, columns = _content_box(picture)
    cropped = Picture(picture.labels[rows, columns], picture.palette)
    mask = drawing_mask(cropped, detail, line_pixels_for(cropped, width, height))
    counts = _cell_counts(mask.astype(np.uint8), 2, width, height)
    grid: BoolGrid = counts[:, :, 1] * 2 >= counts.sum(axis=2)
    return clean_specks(grid) if detail >= 2 else grid


def flattened(picture: Picture) -> npt.NDArray[np.uint8]:
    """The picture's pixels on white (its transparent background), as the converter sees a
    picture: an ``(h, w, 3)`` sRGB array."""
    table = np.array([(255, 255, 255), *picture.palette], dtype=np.uint8)
    rgb: npt.NDArray[np.uint8] = table[picture.labels]
    return rgb


def colour_grid(
    picture: Picture, width: int, height: int, colours: int = MAX_PICTURE_COLOURS
) -> tuple[npt.NDArray[np.int64], Palette]:
    """Each cell's colour (0 the background, white) in at most ``colours`` colours counting
    the background, and the palette: the converter's quantiser
    (:func:`game.core.convert.quantise.reduce_picture`) over the picture's content box."""
    rows, columns = _content_box(picture)
    cropped = Picture(picture.labels[rows, columns], picture.palette)
    # With its alpha: the background is the colour of the transparent surround, not the
    # colour touching the content box's border most (a pair of jeans fills its box: blue
    # became the background and the gaps between the legs the ink).
    alpha = np.where(cropped.labels > 0, 255, 0).astype(np.uint8)
    rgba = np.dstack([flattened(cropped), alpha])
    reduced = reduce_picture(rgba, width, height, colours, fit="pad")
    return np.asarray(reduced.cells, dtype=np.int64), reduced.palette


@dataclass(frozen=True)
class Readability:
    """How well a puzzle's cells show the picture: ``agreement`` (0..1: the IoU of ink in
    black and white; in colour the share of cells close to the picture's colour over them)
    and ``blob`` (black and white: :func:`plain_shape`; colour: :func:`blob_share`);
    :attr:`reads` holds both to their thresholds."""

    agreement: float
    blob: float
    threshold: float
    most_blob: float = MAX_BLOB_SHARE

    @property
    def reads(self) -> bool:
        return self.agreement >= self.threshold and self.blob <= self.most_blob

    @property
    def text(self) -> str:
        return (
            f"agreement {self.agreement:.2f} (>= {self.threshold:.2f}), "
            f"blob {self.blob:.2f} (<= {self.most_blob:.2f})"
        )


def _upsampled(cells: npt.NDArray[np.integer], shape: tuple[int, int]) -> npt.NDArray[np.int64]:
    """Each pixel of a picture of ``shape`` takes the value of the cell over it (pad fit)."""
    height, width = cells.shape
    blocks = _blocks(shape, int(width), int(height))
    column_of = np.clip(
        np.searchsorted(blocks.xs, np.arange(shape[1]), side="right") - 1, 0, width - 1
    )
    row_of = np.clip(
        np.searchsorted(blocks.ys, np.arange(shape[0]), side="right") - 1, 0, height - 1
    )
    upsampled: npt.NDArray[np.int64] = np.asarray(cells, dtype=np.int64)[
        row_of[:, None], column_of[None, :]
    ]
    return upsampled


def blob_share(cells: npt.NDArray[np.integer]) -> float:
    """Colour: the share of rows and columns that are one run or none (a run: cells of one
    colour side by side)."""
    grid = np.asarray(cells, dtype=np.int64)
    simple = 0
    lines = [*grid, *grid.T]
    for line in lines:
        changes = np.flatnonzero(np.diff(line) != 0)
        runs = sum(1 for i in (-1, *changes) if i + 1 < len(line) and line[i + 1] > 0)
        simple += runs <= 1
    return simple / max(1, len(lines))


def plain_shape(cells: npt.NDArray[Any]) -> float:
    """Black and white: how much the ink is just a disc or a box: its best IoU with the
    ellipse or the rectangle that fills its bounding box (1 for a plain disc or box)."""
    ink = np.asarray(cells) > 0
    ys, xs = np.nonzero(ink)
    if not len(xs):
        return 1.0
    top, bottom, left, right = int(ys.min()), int(ys.max()), int(xs.min()), int(xs.max())
    box = ink[top : bottom + 1, left : right + 1]
    height, width = box.shape
    yy, xx = np.mgrid[0:height, 0:width]
    centre_y, centre_x = (height - 1) / 2, (width - 1) / 2
    ellipse = ((yy - centre_y) / (height / 2)) ** 2 + ((xx - centre_x) / (width / 2)) ** 2 <= 1
    inked = int(np.count_nonzero(box))
    union = max(1, int(np.count_nonzero(box | ellipse)))
    with_ellipse = int(np.count_nonzero(box & ellipse)) / union
    return float(max(with_ellipse, inked / box.size))


def readability(
    picture: Picture,
    cells: npt.NDArray[Any],
    detail: int | None,
    palette: Palette | None = None,
) -> Readability:
    """The recognisability check of ``cells`` made from ``picture``: black and white at
    ``detail``, or colour when ``detail`` is None (cells are colour numbers of ``palette``,
    as :func:`colour_grid` gives them)."""
    rows, columns = _content_box(picture)
    cropped = Picture(picture.labels[rows, columns], picture.palette)
    shape = (cropped.height, cropped.width)
    drawn = _upsampled(cells, shape)
    if detail is not None:
        blob = plain_shape(cells)
        height, width = cells.shape
        truth = drawing_mask(cropped, detail, line_pixels_for(cropped, int(width), int(height)))
        ink = drawn > 0
        union = np.count_nonzero(ink | truth)
        agreement = np.count_nonzero(ink & truth) / union if union else 1.0
        return Readability(float(agreement), blob, MIN_IOU, MAX_PLAIN_SHAPE)
    height, width = (int(n) for n in cells.shape)
    assert palette is not None, "a colour puzzle's cells are read with their palette"
    blob = blob_share(cells)
    mean = cell_means(cropped, width, height)
    rgbs = [palette.background.rgb, *(colour.rgb for colour in palette.colours)]
    shown = np.array(rgbs, dtype=np.float64)[np.clip(cells, 0, len(rgbs) - 1)]
    distance = np.sqrt(((shown - mean) ** 2).sum(axis=2)) / (255.0 * np.sqrt(3.0))
    paper = np.sqrt(((mean - 255.0) ** 2).sum(axis=2)) / (255.0 * np.sqrt(3.0))
    content = (paper > PAPER_DISTANCE) | (np.asarray(cells) > 0)
    close = np.count_nonzero(content & (distance <= COLOUR_DISTANCE))
    agreement = close / max(1, int(np.count_nonzero(content)))
    # A picture in pale colours (a cream llama, a white dove) is all but paper: its cells
    # must mostly stand out from the white background.
    ink = np.asarray(cells) > 0
    shown_paper = np.sqrt(((shown - 255.0) ** 2).sum(axis=2)) / (255.0 * np.sqrt(3.0))
    strong = np.count_nonzero(ink & (shown_paper >= PALE)) / max(1, int(np.count_nonzero(ink)))
    if strong < MIN_STRONG_SHARE:
        agreement = min(agreement, strong)
    # And the picture must be there: its opaque cells mostly ink (a white sheep, a cream
    # llama or a white cup on the white ground left a few specks that agreed with paper).
    coverage = _ink_coverage(cropped, ink)
    if coverage < MIN_COVERAGE:
        agreement = min(agreement, coverage)
    return Readability(float(agreement), blob, MIN_COLOUR_AGREEMENT)


def _ink_coverage(picture: Picture, ink: npt.NDArray[np.bool_]) -> float:
    """The share of the picture's opaque cells (at least half their pixels opaque) that
    ``ink`` fills."""
    height, width = (int(n) for n in ink.shape)
    counts = _cell_counts((picture.labels > 0).astype(np.uint8), 2, width, height)
    opaque = counts[:, :, 1] * 2 >= counts.sum(axis=2)
    return float(np.count_nonzero(ink & opaque) / max(1, int(np.count_nonzero(opaque))))
