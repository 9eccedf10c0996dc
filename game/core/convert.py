"""Pictures into puzzles: load an image once, then re-grid it cheaply for every setting.

The work is split in two so a live preview stays fast:

- ``load_image`` (slow, once per file): Pillow decodes the file, follows its EXIF
  orientation, takes the first frame of an animation, lays transparency on white and shrinks
  big photos early (JPEG draft decoding, then box reduction) to a working copy of at most
  ``WORKING_SIDE`` pixels a side. Brightness, saturation and luminance are computed once.
- ``Converter.grid(options)`` (fast, every settings change): a dark-pixel mask per method,
  a summed-area table of it, and one vectorised block count per cell.

Then ``puzzle_from_grid`` makes the Puzzle and ``convert`` does every step in one call,
ending with :func:`game.core.fairness.check_uniqueness` (is the puzzle fair?). Fairness
reports and fix searches live in :mod:`game.core.fairness`; the converter screen's document
(touch-ups, undo) in :mod:`game.core.editor`. Nothing here imports pygame.
"""

from __future__ import annotations

import io
import os
import re
import stat
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageOps, UnidentifiedImageError

from game.core.fairness import Report, check_uniqueness, grid_warnings
from game.core.puzzle import Puzzle

MIN_SIZE = 5
MAX_SIZE = 50
SIZE_PRESETS = (5, 10, 15, 20, 25, 30)
# The longest side of the working copy. Big enough that a 50-cell row still averages over
# a dozen pixels per cell, small enough that one re-grid costs a few milliseconds.
WORKING_SIDE = 640
# Tiny sources (icons, pixel art) are blown up with nearest-neighbour sampling to at least
# this many pixels a side, so every cell covers whole pixels and the shapes stay exact.
UPSCALE_SIDE = 200
# The smallest source that can draw anything at the smallest puzzle size.
MIN_SOURCE_SIDE = MIN_SIZE
# Refuse anything larger before decoding: a photo from a 64-megapixel camera passes, a
# crafted "decompression bomb" does not.
MAX_SOURCE_PIXELS = 80_000_000
# Files are read whole before decoding; nothing a camera makes comes near this.
MAX_FILE_BYTES = 256 * 1024 * 1024
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".bmp", ".webp")

Method = Literal["hsv", "otsu", "threshold"]
Fit = Literal["pad", "stretch"]
METHODS: tuple[Method, ...] = ("hsv", "otsu", "threshold")
# Otsu by default: the seed's HSV rule fills nearly every cell of a drawing on tinted paper
# or a photo under a saturated sky; it stays one option away.
DEFAULT_METHOD: Method = "otsu"
FITS: tuple[Fit, ...] = ("pad", "stretch")
# How far a border pixel may stray from the border colour and still count as border
# (0..1 per channel): absorbs JPEG noise, keeps faint but real lines.
CROP_TOLERANCE = 0.12

BoolGrid = npt.NDArray[np.bool_]
FloatImage = npt.NDArray[np.float32]


class ConvertError(ValueError):
    """An image that cannot become a puzzle; the message is for players."""


# --------------------------------------------------------------------------- options


@dataclass(frozen=True)
class ConvertOptions:
    """Everything the player can set; a new value of this is a new preview."""

    width: int = 20
    height: int = 20
    # When set, the height follows the (cropped) image's aspect ratio and ``height`` is ignored.
    keep_aspect: bool = False
    fit: Fit = "pad"
    crop: bool = False
    method: Method = DEFAULT_METHOD
    # For the "threshold" method: a pixel darker than this luminance (0..1) is dark.
    threshold: float = 0.5
    invert: bool = False

    def __post_init__(self) -> None:
        for name, value in (("width", self.width), ("height", self.height)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise ConvertError(f"the {name} must be a whole number, not {value!r}")
            if not MIN_SIZE <= value <= MAX_SIZE:
                raise ConvertError(
                    f"the {name} must be between {MIN_SIZE} and {MAX_SIZE} cells, not {value}"
                )
        if self.method not in METHODS:
            raise ConvertError(f"unknown method {self.method!r} (use hsv, otsu or threshold)")
        if self.fit not in FITS:
            raise ConvertError(f"unknown fit {self.fit!r} (use pad or stretch)")
        if not 0.0 <= self.threshold <= 1.0:
            raise ConvertError(f"the threshold must be between 0 and 1, not {self.threshold}")


def parse_size(text: str) -> tuple[int, int]:
    """``"20x15"`` -> (20, 15); ``"20"`` -> (20, 20). ConvertError when out of range."""
    parts = text.lower().replace("×", "x").split("x")
    try:
        numbers = [int(part) for part in parts]
    except ValueError:
        raise ConvertError(f"bad size {text!r}: write it as WIDTHxHEIGHT, e.g. 20x20") from None
    if len(numbers) == 1:
        numbers *= 2
    if len(numbers) != 2:
        raise ConvertError(f"bad size {text!r}: write it as WIDTHxHEIGHT, e.g. 20x20")
    width, height = numbers
    for value in numbers:
        if not MIN_SIZE <= value <= MAX_SIZE:
            raise ConvertError(
                f"bad size {text!r}: each side must be between {MIN_SIZE} and {MAX_SIZE}"
            )
    return width, height


def parse_method(text: str) -> tuple[Method, float | None]:
    """``"hsv"``, ``"otsu"`` or ``"threshold=0.45"`` -> (method, threshold or None)."""
    name, _, value = text.strip().lower().partition("=")
    if name == "hsv" and not value:
        return "hsv", None
    if name == "otsu" and not value:
        return "otsu", None
    if name == "threshold":
        if not value:
            return "threshold", None
        try:
            threshold = float(value)
        except ValueError:
            raise ConvertError(f"bad threshold {value!r}: give a number from 0 to 1") from None
        if not 0.0 <= threshold <= 1.0:
            raise ConvertError(f"bad threshold {value!r}: give a number from 0 to 1")
        return "threshold", threshold
    raise ConvertError(f"unknown method {text!r} (use hsv, otsu or threshold=0.45)")


# --------------------------------------------------------------------------- loading


@dataclass(frozen=True, eq=False)
class SourceImage:
    """A decoded picture reduced to its working copy, with per-pixel channels precomputed.

    ``rgb`` is ``(h, w, 3)`` uint8 on a white background; ``brightness`` (HSV value),
    ``saturation`` and ``luminance`` are ``(h, w)`` float32 in 0..1. ``crop_box`` is
    ``(x0, y0, x1, y1)`` of the content inside uniform borders (the whole image if none).
    """

    name: str
    original_size: tuple[int, int]
    format: str
    frame_count: int
    rgb: npt.NDArray[np.uint8]
    brightness: FloatImage
    saturation: FloatImage
    luminance: FloatImage

    @cached_property
    def crop_box(self) -> tuple[int, int, int, int]:
        # Worked out on first use: only the crop option and keep-aspect-with-crop need it.
        return uniform_border_box(self.rgb)

    @property
    def width(self) -> int:
        return int(self.rgb.shape[1])

    @property
    def height(self) -> int:
        return int(self.rgb.shape[0])


def _describe_os_error(path: Path, error: OSError) -> str:
    if isinstance(error, FileNotFoundError):
        return "no such file"
    if isinstance(error, IsADirectoryError):
        return "this is a folder, not an image"
    if isinstance(error, PermissionError):
        return "permission denied: the file cannot be read"
    return f"the file cannot be read ({error.strerror or error})"


def load_image(path: str | Path) -> SourceImage:
    """Decode ``path`` into a working copy; ConvertError with a clear reason on bad input."""
    path = Path(path)
    try:
        # Only a regular file is opened: opening a FIFO blocks until someone writes to it,
        # and a device may never end.
        mode = path.stat().st_mode
        if stat.S_ISDIR(mode):
            raise ConvertError("this is a folder, not an image")
        if not stat.S_ISREG(mode):
            raise ConvertError("this is not a regular file (a pipe or a device?), not an image")
        with path.open("rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > MAX_FILE_BYTES:
                raise ConvertError(
                    f"the file is {size // (1024 * 1024)} MB, more than the "
                    f"{MAX_FILE_BYTES // (1024 * 1024)} MB a picture may have here"
                )
            # Read the whole file up front: later decoding errors are then about the
            # bytes, never about the file system.
            data = handle.read()
    except OSError as error:
        raise ConvertError(_describe_os_error(path, error)) from None
    return _load_from_bytes(io.BytesIO(data), path.name)


def _too_small_message(size: tuple[int, int]) -> str:
    width, height = size
    return (
        f"the image is only {width}x{height} pixels: it needs at least {MIN_SOURCE_SIDE} "
        f"pixels each way to draw even a {MIN_SIZE}x{MIN_SIZE} puzzle"
    )


# The formats Pillow may decode here, and nothing else: other plugins hand files to outside
# programs (EPS to Ghostscript) or bring large parsers (TIFF, ICO) a puzzle does not need.
PICTURE_FORMATS = ("PNG", "JPEG", "GIF", "BMP", "WEBP")
READABLE_TEXT = "PNG, JPEG, GIF, BMP and WebP"
# Leading bytes of formats people try, so a refusal can name what the file really is.
_OTHER_FORMATS: tuple[tuple[bytes, int, str], ...] = (
    (b"%!PS", 0, "an EPS"),
    (b"\xc5\xd0\xd3\xc6", 0, "an EPS"),
    (b"%PDF", 0, "a PDF"),
    (b"II*\x00", 0, "a TIFF"),
    (b"MM\x00*", 0, "a TIFF"),
    (b"\x00\x00\x01\x00", 0, "an ICO"),
    (b"\x00\x00\x02\x00", 0, "a CUR"),
    (b"icns", 0, "an ICNS"),
    (b"8BPS", 0, "a Photoshop (PSD)"),
    (b"\x00\x00\x00\x0cjP  ", 0, "a JPEG 2000"),
    (b"\xffO\xffQ", 0, "a JPEG 2000"),
    (b"heic", 8, "a HEIC"),
    (b"heix", 8, "a HEIC"),
    (b"avif", 8, "an AVIF"),
    (b"qoif", 0, "a QOI"),
    (b"DDS ", 0, "a DDS"),
    (b"gimp xcf", 0, "a GIMP XCF"),
)


def unreadable_picture_reason(head: bytes) -> str:
    """Why a file starting with ``head`` is refused, naming its format when it is known."""
    stripped = head.lstrip()
    if stripped.startswith((b"<svg", b"<?xml")):
        return f"this is an SVG file; Hanjie reads {READABLE_TEXT}"
    for magic, offset, name in _OTHER_FORMATS:
        if head[offset : offset + len(magic)] == magic:
            return f"this is {name} file; Hanjie reads {READABLE_TEXT}"
    return f"this is not an image Hanjie can read; Hanjie reads {READABLE_TEXT}"


def _open_checked(stream: Any) -> Image.Image:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(stream, formats=PICTURE_FORMATS)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as error:
        raise ConvertError(_bomb_message(None, error)) from None
    except UnidentifiedImageError:
        stream.seek(0)
        raise ConvertError(unreadable_picture_reason(stream.read(32))) from None
    except (OSError, SyntaxError, ValueError, EOFError) as error:
        raise ConvertError(f"the image is damaged: {error}") from None
    # Every size check is on the picture's real size, before any shrinking.
    width, height = image.size
    if width * height > MAX_SOURCE_PIXELS:
        raise ConvertError(_bomb_message((width, height)))
    if width < MIN_SOURCE_SIDE or height < MIN_SOURCE_SIDE:
        raise ConvertError(_too_small_message((width, height)))
    # The working copy keeps the proportions within WORKING_SIDE a side; a strip thinner than
    # this would come out less than MIN_SOURCE_SIDE pixels thick.
    longest, shortest = max(width, height), min(width, height)
    if longest * MIN_SOURCE_SIDE > shortest * WORKING_SIDE:
        ratio = WORKING_SIDE // MIN_SOURCE_SIDE
        raise ConvertError(
            f"the image is {width}x{height} pixels, {longest // shortest} times as "
            f"{'wide as it is tall' if width > height else 'tall as it is wide'}: "
            f"at most {ratio} times can be made into a puzzle"
        )
    return image


def _bomb_message(size: tuple[int, int] | None, error: Exception | None = None) -> str:
    limit = f"{MAX_SOURCE_PIXELS // 1_000_000} million pixels"
    if size is None:
        # Pillow refuses before we see the size; its message carries the pixel count.
        claimed = re.search(r"\((\d+) pixels\)", str(error or ""))
        if claimed:
            millions = int(claimed.group(1)) // 1_000_000
            return (
                f"the image claims {millions} million pixels, more than the {limit} "
                "that can be opened safely"
            )
        return f"the image is too large to open safely (more than {limit})"
    width, height = size
    return (
        f"the image claims to be {width}x{height} pixels, more than the {limit} "
        "that can be opened safely"
    )


def _load_from_bytes(stream: Any, name: str) -> SourceImage:
    image = _open_checked(stream)
    original_size = image.size
    image_format = image.format or "image"
    frame_count = int(getattr(image, "n_frames", 1) or 1)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            picture = _decode_first_frame(image)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ConvertError(_bomb_message(original_size)) from None
    except MemoryError:
        raise ConvertError("the image is too large to open with the memory available") from None
    except (OSError, SyntaxError, ValueError, EOFError, IndexError) as error:
        reason = str(error) or type(error).__name__
        if "truncated" in reason.lower() or isinstance(error, EOFError):
            raise ConvertError(f"the image file is incomplete (cut short): {reason}") from None
        raise ConvertError(f"the image is damaged: {reason}") from None
    return source_from_image(
        picture, name, original_size=original_size, image_format=image_format,
        frame_count=frame_count,
    )  # fmt: skip


def _decode_first_frame(image: Image.Image) -> Image.Image:
    """The first frame, reduced, upright and on white, as RGB."""
    # JPEG can decode at 1/2, 1/4 or 1/8 scale: far less work for a big photo. The bound
    # is square, so shrinking before the EXIF rotation gives the same result. Conversion
    # and thumbnail keep the EXIF bytes in ``info``, which exif_transpose reads.
    image.draft("RGB", (WORKING_SIDE, WORKING_SIDE))
    image = image.convert("RGBA" if _has_alpha(image) else "RGB")
    image.thumbnail((WORKING_SIDE, WORKING_SIDE), Image.Resampling.BOX, reducing_gap=2.0)
    image = ImageOps.exif_transpose(image)
    return flatten_on_white(image)


def _has_alpha(image: Image.Image) -> bool:
    return image.mode in ("RGBA", "LA", "PA", "RGBa", "La") or "transparency" in image.info


def flatten_on_white(image: Image.Image) -> Image.Image:
    """RGB, with any transparency laid over a white background."""
    if not _has_alpha(image):
        return image.convert("RGB")
    rgba = image.convert("RGBA")
    white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
    return Image.alpha_composite(white, rgba).convert("RGB")


def source_from_image(
    image: Image.Image,
    name: str = "",
    *,
    original_size: tuple[int, int] | None = None,
    image_format: str | None = None,
    frame_count: int = 1,
) -> SourceImage:
    """A working copy of an in-memory Pillow image (tests and the drawing canvas use it)."""
    original_size = original_size or image.size
    if min(image.size) < MIN_SOURCE_SIDE:
        raise ConvertError(_too_small_message(image.size))
    image = flatten_on_white(image)
    if max(image.size) > WORKING_SIDE:
        image = image.copy()
        image.thumbnail((WORKING_SIDE, WORKING_SIDE), Image.Resampling.BOX)
    if min(image.size) < UPSCALE_SIDE:
        factor = -(-UPSCALE_SIDE // min(image.size))
        image = image.resize(
            (image.width * factor, image.height * factor), Image.Resampling.NEAREST
        )
    rgb = np.asarray(image, dtype=np.uint8)
    channels = rgb.astype(np.float32) / np.float32(255.0)
    brightness = channels.max(axis=2)
    darkest = channels.min(axis=2)
    # HSV saturation: (max - min) / max, and 0 for black, as in every HSB conversion.
    saturation = np.divide(
        brightness - darkest,
        brightness,
        out=np.zeros_like(brightness),
        where=brightness > 0,
    )
    luminance = (
        channels[..., 0] * np.float32(0.299)
        + channels[..., 1] * np.float32(0.587)
        + channels[..., 2] * np.float32(0.114)
    )
    return SourceImage(
        name=name,
        original_size=original_size,
        format=image_format or "image",
        frame_count=frame_count,
        rgb=rgb,
        brightness=brightness.astype(np.float32),
        saturation=saturation.astype(np.float32),
        luminance=luminance.astype(np.float32),
    )


def uniform_border_box(rgb: npt.NDArray[np.uint8]) -> tuple[int, int, int, int]:
    """``(x0, y0, x1, y1)`` of what lies inside borders of one uniform colour.

    The border colour is the median of the outermost pixels; rows and columns whose every
    pixel is within ``CROP_TOLERANCE`` of it are trimmed from each edge. A picture with no
    such border, or one that is all border, keeps its full box.
    """
    height, width = rgb.shape[:2]
    full = (0, 0, width, height)
    edge = np.concatenate([rgb[0], rgb[-1], rgb[:, 0], rgb[:, -1]]).astype(np.int16)
    border = np.median(edge, axis=0)
    distance = np.abs(rgb.astype(np.int16) - border).max(axis=2)
    content = distance > CROP_TOLERANCE * 255
    rows = np.flatnonzero(content.any(axis=1))
    columns = np.flatnonzero(content.any(axis=0))
    if rows.size == 0 or columns.size == 0:
        return full
    return (int(columns[0]), int(rows[0]), int(columns[-1]) + 1, int(rows[-1]) + 1)


# --------------------------------------------------------------------------- gridding


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
    height = round(width * (y1 - y0) / max(1, x1 - x0))
    return max(MIN_SIZE, min(MAX_SIZE, height))


def _cell_edges(cells: int, padded: float, offset: float, limit: int) -> npt.NDArray[np.intp]:
    """Pixel edges of ``cells`` equal blocks across ``padded`` pixels, shifted into image
    coordinates by ``offset`` and clamped to the image (padding holds no dark pixels)."""
    edges = np.floor(np.arange(cells + 1) * (padded / cells) + 1e-9) - offset
    clamped: npt.NDArray[np.intp] = np.clip(np.round(edges), 0, limit).astype(np.intp)
    return clamped


def grid_from_mask(mask: BoolGrid, width: int, height: int, fit: Fit = "stretch") -> BoolGrid:
    """Cells of ``width`` x ``height`` from a dark-pixel mask: a cell is filled when at least
    half of its pixels are dark. ``fit="pad"`` keeps proportions by adding light margins."""
    return _grid_from_table(_summed_area(mask), mask.shape, width, height, fit)


def _summed_area(mask: BoolGrid) -> npt.NDArray[np.int32]:
    table = np.zeros((mask.shape[0] + 1, mask.shape[1] + 1), dtype=np.int32)
    np.cumsum(np.cumsum(mask, axis=0, dtype=np.int32), axis=1, out=table[1:, 1:])
    return table


def _grid_from_table(
    table: npt.NDArray[np.int32], shape: tuple[int, ...], width: int, height: int, fit: Fit
) -> BoolGrid:
    pixels_high, pixels_wide = int(shape[0]), int(shape[1])
    padded_wide, padded_high = float(pixels_wide), float(pixels_high)
    if fit == "pad":
        # Grow one side of the picture with light pixels until it has the grid's proportions.
        target_ratio = width / height
        if pixels_wide / pixels_high > target_ratio:
            padded_high = pixels_wide / target_ratio
        else:
            padded_wide = pixels_high * target_ratio
    offset_x = (padded_wide - pixels_wide) / 2
    offset_y = (padded_high - pixels_high) / 2
    xs = _cell_edges(width, padded_wide, offset_x, pixels_wide)
    ys = _cell_edges(height, padded_high, offset_y, pixels_high)
    # Block areas are measured in padded space: margins count as light pixels.
    area_x = np.diff(np.floor(np.arange(width + 1) * (padded_wide / width) + 1e-9))
    area_y = np.diff(np.floor(np.arange(height + 1) * (padded_high / height) + 1e-9))
    area = np.outer(area_y, area_x)
    dark = (
        table[ys[1:, None], xs[None, 1:]]
        - table[ys[:-1, None], xs[None, 1:]]
        - table[ys[1:, None], xs[None, :-1]]
        + table[ys[:-1, None], xs[None, :-1]]
    )
    result: BoolGrid = (area > 0) & (2 * dark >= area)
    return result


class Converter:
    """One loaded picture, re-gridded on demand; caches the work that settings share."""

    def __init__(self, source: SourceImage) -> None:
        self.source = source
        self._tables: dict[tuple[object, ...], npt.NDArray[np.int32]] = {}
        self._otsu: dict[bool, float] = {}

    @classmethod
    def open(cls, path: str | Path) -> Converter:
        return cls(load_image(path))

    def _region(self, crop: bool) -> tuple[slice, slice]:
        if not crop:
            return slice(None), slice(None)
        x0, y0, x1, y1 = self.source.crop_box
        return slice(y0, y1), slice(x0, x1)

    def otsu_level(self, crop: bool = False) -> float:
        if crop not in self._otsu:
            self._otsu[crop] = otsu_threshold(self.source.luminance[self._region(crop)])
        return self._otsu[crop]

    def dark_mask(self, options: ConvertOptions) -> BoolGrid:
        """Which working pixels count as dark under ``options`` (after crop and invert)."""
        region = self._region(options.crop)
        if options.method == "hsv":
            mask = hsv_dark_mask(self.source.brightness[region], self.source.saturation[region])
        elif options.method == "otsu":
            mask = self.source.luminance[region] < self.otsu_level(options.crop)
        else:
            mask = self.source.luminance[region] < options.threshold
        if options.invert:
            mask = np.logical_not(mask)
        return mask

    def resolved(self, options: ConvertOptions) -> ConvertOptions:
        """``options`` with the height filled in when it follows the picture's aspect."""
        if not options.keep_aspect:
            return options
        return replace(options, height=fitted_height(self.source, options.width, options.crop))

    def grid(self, options: ConvertOptions) -> BoolGrid:
        """The ``(height, width)`` filled-cell grid for ``options``: the fast path."""
        options = self.resolved(options)
        key: tuple[object, ...] = (options.method, options.crop, options.invert)
        if options.method == "threshold":
            key += (round(options.threshold, 4),)
        table = self._tables.get(key)
        if table is None:
            if len(self._tables) > 16:
                self._tables.clear()
            mask = self.dark_mask(options)
            table = _summed_area(mask)
            self._tables[key] = table
        x0, y0, x1, y1 = (
            self.source.crop_box if options.crop else (0, 0, self.source.width, self.source.height)
        )
        return _grid_from_table(
            table, (y1 - y0, x1 - x0), options.width, options.height, options.fit
        )


# --------------------------------------------------------------------------- puzzles and reports


def puzzle_from_grid(
    grid: BoolGrid | Sequence[Sequence[bool]], title: str = "", author: str = ""
) -> Puzzle:
    """The puzzle whose goal is ``grid``."""
    return Puzzle.from_grid(np.asarray(grid, dtype=bool), title=title, author=author)


@dataclass(frozen=True)
class Conversion:
    """One finished conversion: the options used, the grid, the puzzle and its report."""

    options: ConvertOptions
    grid: BoolGrid = field(compare=False)
    puzzle: Puzzle
    report: Report


def convert(
    source: str | Path | SourceImage | Converter,
    options: ConvertOptions | None = None,
    *,
    title: str = "",
    author: str = "",
    timeout: float = 0.5,
) -> Conversion:
    """Picture -> grid -> Puzzle -> uniqueness report, in one call (the CLI's path)."""
    if isinstance(source, Converter):
        converter = source
    elif isinstance(source, SourceImage):
        converter = Converter(source)
    else:
        converter = Converter.open(source)
    options = converter.resolved(options or ConvertOptions())
    grid = converter.grid(options)
    puzzle = puzzle_from_grid(grid, title=title, author=author)
    report = replace(check_uniqueness(puzzle, timeout=timeout), warnings=grid_warnings(grid))
    return Conversion(options, grid, puzzle, report)


def grid_text(grid: BoolGrid, filled: str = "#", empty: str = ".") -> str:
    """The grid as text art, one row a line."""
    return "\n".join("".join(filled if cell else empty for cell in row) for row in grid)
