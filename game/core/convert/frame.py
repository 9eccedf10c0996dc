"""The automatic frame: which part of a photo becomes the puzzle when the player has not chosen.

At 30x30 a head-and-shoulders photo gives its face about a tenth of the grid, and the
face is lost among what surrounds it (a flag's stripes, a suit's folds). Framed on the
face, the same grid draws hair, eyes and a collar. So when a photo holds a **face** (a
compact patch of skin tones), the frame is a portrait around it: the face in its upper
middle, the hair above it and the shoulders below, in the grid's shape.

Skin is judged per cell of a coarse grid (``CELLS`` along the long side) in YCbCr: red
chroma (Cr) and blue chroma (Cb) inside the usual skin range, moderately saturated, red over
green over blue, and not black. Brightness is left out on purpose: deep brown skin is as dark
as hair, and a rule that wanted light skin would frame only light-skinned faces (the tests
try seven tones from very light to very deep). The price is that brown hair, which has
skin's chroma, may join the face's patch; the frame is then a little taller.

The skin cells are opened first (thin skin-toned lines, a gold flagpole or a cap's braid,
would join the face to its surroundings). The largest 4-connected patch is a face only when
it is compact (it fills at least ``FACE_FILL`` of its bounding box), of a face's size and
shape, inside the picture (a patch running off its sides is a wall or a table), and skin is
not everywhere (a tabby cat's fur, a wooden table are skin-toned over large, ragged areas),
and, looked at closer, it is a smooth oval with two eyes (:func:`looks_like_a_face`: a bee's
thorax and a bison's fur are compact and skin-toned too). A misty picture is stretched over
its own range first (``MISTY_SPAN``). A photo without a face is framed on its salient object
(:func:`game.core.convert.saliency.salient_frame`), or not at all.

Only numpy, on the coarse grid: a few milliseconds, once per picture and size, and the same
picture always gives the same frame. Nothing here imports pygame.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from game.core.convert.load import SourceImage
from game.core.convert.methods import FloatGrid
from game.core.convert.saliency import cell_means, salient_frame
from game.core.convert.small_subject import small_subject_frame
from game.core.convert.subject import fill_holes, grow, pieces, shrink

FrameBox = tuple[float, float, float, float]

# The coarse grid skin is judged on: cells along the picture's long side.
CELLS = 48
# A face patch fills at least this share of its bounding box (a ragged patch is texture).
FACE_FILL = 0.5
# Its area, as a share of the picture: at most a close-up, at least a few coarse cells.
FACE_AREA = (0.01, 0.15)
# In a framed region, a face this large (a share of it) makes the region a portrait.
PORTRAIT_AREA = (0.06, 0.6)
# Its bounding box's height over width (a face is taller than wide, up to a long neck).
FACE_SHAPE = (0.8, 2.0)
# Skin over more than this share of the picture is a skin-toned scene, not a face.
SKIN_SHARE = 0.3
# A picture whose shades span less than this share of the range (mist, haze, dusk) has its
# skin judged after stretching it over its own range (see _clear).
MISTY_SPAN = 0.5
# A face is looked at closer, in its box: ``FEATURE_CELLS`` cells a side. Its skin, holes
# filled, is a compact oval (an ellipse fills 0.79 of its box; at least ``FACE_OVAL``), smooth
# (the median pixel's distance from its 3x3 mean, with the box sampled at about
# ``TEXTURE_PIXELS`` a side, at most ``FACE_TEXTURE``), and it has two eyes: two small spots
# darker than ``EYE_DARK`` of their 5x5 neighbourhood, side by side (rows at most
# ``EYE_ROWS`` apart, columns at least ``EYE_GAP``) in its upper ``EYE_ZONE``.
FEATURE_CELLS = 16
FACE_OVAL = 0.55
TEXTURE_PIXELS = 64
FACE_TEXTURE = 0.024
EYE_DARK = 0.85
EYE_ROWS = 2
EYE_GAP = 2.5
EYE_ZONE = 0.7
# The portrait around a face's box, in face heights: hair above it, shoulders below.
ABOVE = 0.2
BELOW = 0.05


def _clear(rgb: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """``rgb`` stretched over its own range when it spans less than ``MISTY_SPAN`` of the
    shades (its luminance's 1st to 99th percentile), else as it is. Mist and haze pull every
    colour toward one grey: a foggy astronaut's orange suit took skin's chroma and was
    "a face" filling the picture, while her own face lost it. Stretched, the suit is orange
    again and her face is found; a photo of ordinary contrast is left alone (stretched too,
    Grace Hopper's face was lost and the cat with white bands became a portrait)."""
    luminance = rgb.astype(np.float32) @ np.array([0.299, 0.587, 0.114], dtype=np.float32)
    low, high = np.percentile(luminance, (1, 99))
    if high - low >= MISTY_SPAN * 255:
        return rgb
    scale = np.float32(255 / max(float(high - low), 4.0))
    stretched = (rgb.astype(np.float32) - np.float32(low)) * scale
    clear: npt.NDArray[np.uint8] = np.clip(stretched, 0, 255).astype(np.uint8)
    return clear


def skin_cells(rgb: FloatGrid) -> np.ndarray:
    """Which cells (``rgb`` ``(h, w, 3)`` in 0..1) are skin-toned (see the module text)."""
    red, green, blue = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    luma = 0.299 * red + 0.587 * green + 0.114 * blue
    cr = (red - luma) * 0.713 + 0.5
    cb = (blue - luma) * 0.564 + 0.5
    top = rgb.max(axis=-1)
    saturation = (top - rgb.min(axis=-1)) / np.maximum(top, 1e-6)
    skin: np.ndarray = (
        (cr > 0.53) & (cr < 0.68) & (cb > 0.33) & (cb < 0.5)
        & (saturation > 0.12) & (saturation < 0.7)
        & (red > green) & (green > blue) & (luma > 0.08)
    )  # fmt: skip
    return skin


def face_box(source: SourceImage) -> FrameBox | None:
    """The bounding box of the photo's face as fractions of the picture, or None."""
    return _face_in(source.rgb, FACE_AREA, SKIN_SHARE, 0)


def holds_a_face(rgb: npt.NDArray[np.uint8]) -> bool:
    """Is ``rgb`` (a framed region) a portrait: a face filling ``PORTRAIT_AREA`` of it?"""
    return _face_in(rgb, PORTRAIT_AREA, PORTRAIT_AREA[1], 1) is not None


def _face_in(
    rgb: npt.NDArray[np.uint8], areas: tuple[float, float], most_skin: float, sides: int
) -> FrameBox | None:
    """The box of the face in ``rgb`` (its largest compact skin patch covering ``areas`` of
    it, as a share, with skin over at most ``most_skin`` of it, touching at most ``sides`` of
    its sides) as fractions of it, or None."""
    height, width = int(rgb.shape[0]), int(rgb.shape[1])
    # Four pixels a cell side are plenty for a cell's mean colour, and 4-10 times faster.
    step = max(1, max(height, width) // (4 * CELLS))
    rgb = _clear(rgb[::step, ::step])
    columns = CELLS if width >= height else max(8, round(CELLS * width / height))
    rows = CELLS if height >= width else max(8, round(CELLS * height / width))
    skin = skin_cells(cell_means(rgb, columns, rows))
    if not skin.any() or skin.mean() > most_skin:
        return None
    # Thin lines of skin tone (a gold flagpole, a cap's braid, a cup's rim) would join the
    # face to its surroundings and make it ragged: an opening drops what is under three
    # cells wide before the pieces are found.
    skin &= grow(shrink(skin))
    if not skin.any():
        return None
    labels, _ = pieces(skin)
    sizes = np.bincount(labels[labels >= 0])
    largest = int(np.argmax(sizes))
    ys, xs = np.nonzero(labels == largest)
    box_w, box_h = int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1)
    area = sizes[largest] / skin.size
    shape = (box_h / rows) * height / ((box_w / columns) * width)
    if not areas[0] <= area <= areas[1]:
        return None
    if sizes[largest] < FACE_FILL * box_w * box_h or not FACE_SHAPE[0] <= shape <= FACE_SHAPE[1]:
        return None
    # A patch that runs off the picture is a wall, a table, a sky at dusk: a face (a small
    # part of the photo) lies inside it; a framed portrait may cut it at one side (the chin).
    touched = sum(int(edge) for edge in (ys.min() == 0, xs.min() == 0, ys.max() == rows - 1,
                                         xs.max() == columns - 1))  # fmt: skip
    if touched > sides:
        return None
    # The patch's box in the sampled pixels: is it a face (smooth skin, two eyes) or fur?
    py = np.linspace(0, rgb.shape[0], rows + 1).astype(np.intp)
    px = np.linspace(0, rgb.shape[1], columns + 1).astype(np.intp)
    if not looks_like_a_face(rgb[py[ys.min()] : py[ys.max() + 1], px[xs.min()] : px[xs.max() + 1]]):
        return None
    return (float(xs.min()) / columns, float(ys.min()) / rows,
            float(xs.max() + 1) / columns, float(ys.max() + 1) / rows)  # fmt: skip


def looks_like_a_face(box: npt.NDArray[np.uint8]) -> bool:
    """Is ``box`` (the pixels of a compact skin-toned patch's bounding box) a face: its skin a
    compact oval, smooth, with two eyes side by side in its upper part (see the constants)?
    A honey bee's hairy thorax, a bison's fur and a crab's shell are skin-toned and compact,
    and were framed as faces; fur is rough and has no pair of eyes where a face has them."""
    if min(box.shape[:2]) < 4:
        return False
    cells = cell_means(box, FEATURE_CELLS, FEATURE_CELLS)
    skin = skin_cells(cells)
    if not skin.any():
        return False
    region = fill_holes(skin)
    if region.mean() < FACE_OVAL:
        return False
    step = max(1, max(box.shape[:2]) // TEXTURE_PIXELS)
    sampled = box[::step, ::step].astype(np.float64) @ LUMA / 255.0
    if float(np.median(np.abs(sampled - _mean3(sampled)))) > FACE_TEXTURE:
        return False
    return _two_eyes(cells @ LUMA, skin, region)


LUMA = np.array([0.299, 0.587, 0.114])


def _mean3(values: FloatGrid, size: int = 3) -> FloatGrid:
    """Each value's ``size`` x ``size`` neighbourhood mean (edges repeated)."""
    half = size // 2
    padded = np.pad(values, half, mode="edge")
    windows = np.lib.stride_tricks.sliding_window_view(padded, (size, size))
    means: FloatGrid = windows.mean(axis=(2, 3))
    return means


def _two_eyes(luma: FloatGrid, skin: npt.NDArray[np.bool_], region: npt.NDArray[np.bool_]) -> bool:
    """Two dark spots side by side in the upper part of the face ``region`` (see the
    constants): cells darker than their neighbourhood, or holes in the ``skin`` darker than
    it (in a small face an eye is a cell or two, and blurred)."""
    padded = np.pad(luma, 2, mode="edge")
    windows = np.lib.stride_tricks.sliding_window_view(padded, (5, 5))
    local = np.median(windows.reshape(*luma.shape, 25), axis=2)
    holes = ~skin & (luma < float(np.median(luma[skin])))
    dark = shrink(region) & ((luma < EYE_DARK * local) | holes)
    rows = np.nonzero(region.any(axis=1))[0]
    top, bottom = int(rows.min()), int(rows.max())
    dark[int(top + EYE_ZONE * (bottom - top + 1)) :] = False
    labels, count = pieces(dark)
    spots = []
    for label in range(count):
        spot_ys, spot_xs = np.nonzero(labels == label)
        if spot_ys.size <= 0.1 * region.sum():
            spots.append((float(spot_ys.mean()), float(spot_xs.mean())))
    return any(abs(ay - by) <= EYE_ROWS and bx - ax >= EYE_GAP
               for ay, ax in spots for by, bx in spots)  # fmt: skip


def _span(centre: float, length: float, limit: float) -> tuple[float, float]:
    """An interval of ``length`` around ``centre`` moved (then cut) to lie in 0..limit."""
    length = min(length, limit)
    start = min(max(0.0, centre - length / 2), limit - length)
    return start, start + length


def _area(box: FrameBox) -> float:
    return (box[2] - box[0]) * (box[3] - box[1])


def subject_frame(source: SourceImage, width: int, height: int) -> FrameBox | None:
    """The frame a photo starts with for a ``width`` x ``height`` grid: a portrait around its
    face, in the grid's shape where the picture allows (see the module text); without a
    face, zoomed on a small subject that is the photo's point
    (:func:`game.core.convert.small_subject.small_subject_frame`), else around its salient
    object (:func:`game.core.convert.saliency.salient_frame`); None
    (the whole picture) when it has neither."""
    face = face_box(source)
    if face is None:  # the salient object, or the small subject that is the point when
        # that frames it closer (a ladybird 0.2% of the photo: the coarse map framed the
        # whole strip of stem and leaves it sits on)
        salient = salient_frame(source.rgb, width, height)
        spot = small_subject_frame(source.rgb, width, height)
        if spot is None or (salient is not None and _area(salient) <= _area(spot)):
            return salient
        return spot
    pixels_w, pixels_h = source.width, source.height
    fx0, fy0, fx1, fy1 = (face[0] * pixels_w, face[1] * pixels_h,
                          face[2] * pixels_w, face[3] * pixels_h)  # fmt: skip
    face_h = fy1 - fy0
    top, bottom = fy0 - ABOVE * face_h, fy1 + BELOW * face_h
    frame_h = bottom - top
    frame_w = frame_h * width / height
    # The frame's height is fixed by the face; its width follows the grid's shape.
    x0, x1 = _span((fx0 + fx1) / 2, frame_w, pixels_w)
    y0, y1 = _span((top + bottom) / 2, frame_h, pixels_h)
    box = (x0 / pixels_w, y0 / pixels_h, x1 / pixels_w, y1 / pixels_h)
    if box[2] - box[0] > 0.95 and box[3] - box[1] > 0.95:
        return None  # the face fills the photo already
    x0, y0, x1, y1 = (round(float(value), 4) for value in box)
    return (x0, y0, x1, y1)
