"""Loading a picture for the converter: checks, decoding and the working copy.

``load_image`` (slow, once per file) reads a regular file whole, lets Pillow decode only the
allow-listed formats (PNG, JPEG, GIF, BMP, WebP) after checking the real size, follows the EXIF
orientation, takes the first frame of an animation, lays transparency on white and shrinks big
photos early (JPEG draft decoding, then box reduction) to a working copy of at most
``WORKING_SIDE`` pixels a side. Brightness, saturation and luminance are computed once, so
re-gridding (:mod:`game.core.convert.converter`) never touches the file again. Nothing here imports
pygame.
"""

from __future__ import annotations

import io
import os
import re
import stat
import struct
import warnings
from collections.abc import Generator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from PIL import Image, UnidentifiedImageError

from game.core.i18n import N_, _
from game.core.store.fileio import os_reason

MIN_SIZE = 5
MAX_SIZE = 50
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
# Only JPEG can be decoded at a smaller scale (its draft mode); every other format is decoded
# whole before it can be shrunk, so the decoded picture is capped (Pillow keeps 1 byte a
# pixel for "1", "L" and "P", 2 for 16-bit grey, 4 for the rest). With the shrinking done in
# bands, a picture that passes never takes much more than this (a 16-bit grey PNG of
# 8944x8944, 80 million pixels, decodes to 160 MB).
MAX_DECODED_BYTES = 256 * 1024 * 1024
# Measured: Pillow's WebP decoder peaks at about 16 bytes a pixel of the picture.
WEBP_BYTES_PER_PIXEL = 16
# Pixels converted at a time while a big picture is shrunk (16 MB as RGBA).
BAND_PIXELS = 4_000_000
# .jfif and .jpe are JPEG under other names (browsers on Windows save photos as .jfif).
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".jfif", ".jpe", ".gif", ".bmp", ".webp")
# How far a border pixel may stray from the border colour and still count as border
# (0..1 per channel): absorbs JPEG noise, keeps faint but real lines.
CROP_TOLERANCE = 0.12
# A photo's borders are cropped only when they are nearly one colour (a transparent band
# flattened to white, a video still's black bars, a scan's margin: within 8 levels): at 12%
# a motion-blurred clock lost its light half to the grey studio behind it, and a dark
# photo lost a third of itself.
PHOTO_CROP_TOLERANCE = 0.03

BoolGrid = npt.NDArray[np.bool_]
# An opened picture's size (upright), format and frame count, as stored.
Stored = tuple[tuple[int, int], str, int]
FloatImage = npt.NDArray[np.float32]


class ConvertError(ValueError):
    """An image that cannot become a puzzle; the message is for players."""


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

    def crop_box_steps(self) -> Generator[None, None, tuple[int, int, int, int]]:
        """:attr:`crop_box` worked out a band at a time (then kept as it keeps it)."""
        if "crop_box" not in vars(self):
            vars(self)["crop_box"] = yield from border_box_steps(self.rgb)
        return self.crop_box

    @property
    def width(self) -> int:
        return int(self.rgb.shape[1])

    @property
    def height(self) -> int:
        return int(self.rgb.shape[0])


def _describe_os_error(path: Path, error: OSError) -> str:
    if isinstance(error, FileNotFoundError):
        return _("no such file")
    if isinstance(error, IsADirectoryError):
        return _("this is a folder, not an image")
    if isinstance(error, PermissionError):
        return _("permission denied: the file cannot be read")
    return _("the file cannot be read ({reason})").format(reason=os_reason(error))


# An empty file's reason, marked here and said through _() where it is shown.
EMPTY_FILE = N_("the file is empty (0 bytes)")


def load_image(path: str | Path) -> SourceImage:
    """Decode ``path`` into a working copy; ConvertError with a clear reason on bad input."""
    steps = load_steps(path)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            source: SourceImage = done.value
            return source


def load_steps(path: str | Path) -> Generator[None, None, SourceImage]:
    """:func:`load_image` a step at a time (reading, decoding, the working copy, its
    channels), yielding between them so a screen can open a picture over several frames;
    the same ConvertErrors, raised from the step that finds them."""
    data = read_image_bytes(path)
    yield None
    image, stored, orientation = _open_checked(io.BytesIO(data), Path(path).name)
    decoded = _decoded(image, orientation)
    yield None
    working = _working_copy(decoded)
    yield None
    return (yield from _channel_steps(working, Path(path).name, *stored))


def read_image_bytes(path: str | Path) -> bytes:
    """The whole file, when it is a regular one and not too big (ConvertError otherwise)."""
    path = Path(path)
    try:
        # Only a regular file is opened: opening a FIFO blocks until someone writes to it,
        # and a device may never end.
        mode = path.stat().st_mode
        if stat.S_ISDIR(mode):
            raise ConvertError(_("this is a folder, not an image"))
        if not stat.S_ISREG(mode):
            raise ConvertError(_("this is not a regular file (a pipe or a device?), not an image"))
        with path.open("rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > MAX_FILE_BYTES:
                reason = _(
                    "the file is {size} MB, more than the {limit} MB a picture may have here"
                )
                raise ConvertError(
                    reason.format(size=size // (1024 * 1024), limit=MAX_FILE_BYTES // (1024 * 1024))
                )
            # Read the whole file up front: later decoding errors are then about the
            # bytes, never about the file system.
            data = handle.read()
    except OSError as error:
        raise ConvertError(_describe_os_error(path, error)) from None
    if not data:  # Pillow would say "not an image Hanjie can read": true, but not why
        raise ConvertError(_(EMPTY_FILE))
    return data


def _too_small_message(size: tuple[int, int]) -> str:
    width, height = size
    return _(
        "the image is only {width}x{height} pixels: it needs at least {least} pixels each way "
        "to draw even a {size}x{size} puzzle"
    ).format(width=width, height=height, least=MIN_SOURCE_SIDE, size=MIN_SIZE)


# The formats Pillow may decode here, and nothing else: other plugins hand files to outside
# programs (EPS to Ghostscript) or bring large parsers (TIFF, ICO) a puzzle does not need.
PICTURE_FORMATS = ("PNG", "JPEG", "GIF", "BMP", "WEBP")
READABLE_TEXT = N_("PNG, JPEG, GIF, BMP and WebP")  # said through _() where shown
# Leading bytes of formats people try, so a refusal can name what the file really is.
_OTHER_FORMATS: tuple[tuple[bytes, int, str], ...] = (
    (b"%!PS", 0, N_("an EPS")),
    (b"\xc5\xd0\xd3\xc6", 0, N_("an EPS")),
    (b"%PDF", 0, N_("a PDF")),
    (b"II*\x00", 0, N_("a TIFF")),
    (b"MM\x00*", 0, N_("a TIFF")),
    (b"\x00\x00\x01\x00", 0, N_("an ICO")),
    (b"\x00\x00\x02\x00", 0, N_("a CUR")),
    (b"icns", 0, N_("an ICNS")),
    (b"8BPS", 0, N_("a Photoshop (PSD)")),
    (b"\x00\x00\x00\x0cjP  ", 0, N_("a JPEG 2000")),
    (b"\xffO\xffQ", 0, N_("a JPEG 2000")),
    (b"heic", 8, N_("a HEIC")),
    (b"heix", 8, N_("a HEIC")),
    (b"avif", 8, N_("an AVIF")),
    (b"qoif", 0, N_("a QOI")),
    (b"DDS ", 0, N_("a DDS")),
    (b"gimp xcf", 0, N_("a GIMP XCF")),
)


# Leading bytes of the formats the converter reads, named for a file read as a puzzle.
_PICTURE_FORMATS: tuple[tuple[bytes, int, str], ...] = (
    (b"\x89PNG", 0, N_("a PNG")),
    (b"\xff\xd8\xff", 0, N_("a JPEG")),
    (b"GIF8", 0, N_("a GIF")),
    (b"BM", 0, N_("a BMP")),
    (b"WEBP", 8, N_("a WebP")),
)


def readable_picture(head: bytes) -> bool:
    """Whether a file starting with ``head`` is in one of the formats the converter reads."""
    return any(head[offset : offset + len(magic)] == magic for magic, offset, _ in _PICTURE_FORMATS)


def _matches(head: bytes, magic: bytes, offset: int, name: str) -> bool:
    if head[offset : offset + len(magic)] != magic:
        return False
    if name in ("an ICO", "a CUR"):
        # Their four bytes also start a TGA; an icon file holds at least one image.
        return len(head) >= 6 and struct.unpack_from("<H", head, 4)[0] > 0
    return True


def _looks_like_tga(head: bytes) -> bool:
    """A TGA has no signature at its start: its 18-byte header must make sense instead (no
    or a 1-bit colour map, a known image type, a size, a usual pixel depth)."""
    if len(head) < 18:
        return False
    colour_map, image_type = head[1], head[2]
    width, height = struct.unpack_from("<HH", head, 12)
    return (
        (colour_map == 1 or head[3:8] == bytes(5))  # no colour map: its fields are zero
        and image_type in ((1, 9) if colour_map else (2, 3, 10, 11))
        and width > 0
        and height > 0
        and head[16] in (8, 15, 16, 24, 32)
        and head[17] & 0xC0 == 0  # the descriptor's top bits are unused
    )


def picture_kind(head: bytes) -> str | None:
    """The picture format ("a PNG", "a TIFF"...) a file starting with ``head`` is, or None."""
    for magic, offset, name in _PICTURE_FORMATS + _OTHER_FORMATS:
        if _matches(head, magic, offset, name):
            return name
    return None  # a TGA has no signature to be sure of: named only when a picture is refused


def unreadable_picture_reason(head: bytes, file_name: str = "") -> str:
    """Why a file starting with ``head`` is refused, naming its format when it is known (a
    TGA named .png was "a CUR file"), else saying it is not what its name claims."""
    stripped = head.lstrip()
    readable = _(READABLE_TEXT)
    kind: str | None = None
    if stripped.startswith((b"<svg", b"<?xml")):
        kind = _("an SVG")
    for magic, offset, name in _OTHER_FORMATS:
        if kind is None and _matches(head, magic, offset, name):
            kind = _(name)
    if kind is None and _looks_like_tga(head):
        kind = _("a TGA")
    if kind is not None:
        return _("this is {kind} file; Hanjie reads {readable}").format(
            kind=kind, readable=readable
        )
    suffix = Path(file_name).suffix.lower()
    if suffix in IMAGE_SUFFIXES:
        return _(
            "this is not an image Hanjie can read, though named {suffix}; Hanjie reads {readable}"
        ).format(suffix=suffix, readable=readable)
    return _("this is not an image Hanjie can read; Hanjie reads {readable}").format(
        readable=readable
    )


def _open_checked(stream: Any, name: str = "") -> tuple[Image.Image, Stored, int]:
    """The picture opened (not decoded) and checked, with its size (upright), format and
    frame count as stored, and its EXIF orientation; a JPEG's ``size`` is the drafted one
    from here on."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(stream, formats=PICTURE_FORMATS)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as error:
        raise ConvertError(_bomb_message(None, error)) from None
    except UnidentifiedImageError:
        stream.seek(0)
        raise ConvertError(unreadable_picture_reason(stream.read(32), name)) from None
    except (OSError, SyntaxError, ValueError, EOFError) as error:
        raise ConvertError(_("the image is damaged: {reason}").format(reason=error)) from None
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
        template = (
            _(
                "the image is {width}x{height} pixels, {times} times as wide as it is tall: at "
                "most {ratio} times can be made into a puzzle"
            )
            if width > height
            else _(
                "the image is {width}x{height} pixels, {times} times as tall as it is wide: at "
                "most {ratio} times can be made into a puzzle"
            )
        )
        raise ConvertError(
            template.format(width=width, height=height, times=longest // shortest, ratio=ratio)
        )
    orientation = _orientation(image)
    # Orientations 5 to 8 turn the picture a quarter.
    upright = (height, width) if orientation in (5, 6, 7, 8) else (width, height)
    stored = (upright, image.format or "image", int(getattr(image, "n_frames", 1) or 1))
    # A JPEG is decoded at 1/2, 1/4 or 1/8 scale when that still leaves the working size:
    # far less work and memory for a big photo (its size then reads as the decoded size).
    image.draft("RGB", (WORKING_SIDE, WORKING_SIDE))
    decoded = _decoded_bytes(image, (width, height))
    if decoded > MAX_DECODED_BYTES:
        megabytes = 1024 * 1024
        reason = _(
            "the image is {width}x{height} pixels ({format} {mode}): opening it would take "
            "{size} MB, more than the {limit} MB allowed: save a smaller copy to convert it"
        ).format(
            width=width,
            height=height,
            format=image.format,
            mode=image.mode,
            size=decoded // megabytes,
            limit=MAX_DECODED_BYTES // megabytes,
        )
        raise ConvertError(reason)
    return image, stored, orientation


def _decoded_bytes(image: Image.Image, stored: tuple[int, int]) -> int:
    """The memory decoding ``image`` takes (after any JPEG draft), measured per format:
    Pillow keeps 1 byte a pixel for "1", "L" and "P", 2 for 16-bit grey, 4 for the rest;
    WebP's decoder takes about 16 at full size; a progressive JPEG holds 2 bytes of
    coefficients per pixel of each colour plane at full size, whatever the draft."""
    pixels = stored[0] * stored[1]
    if image.format == "WEBP":
        return pixels * WEBP_BYTES_PER_PIXEL
    width, height = image.size
    if image.mode in ("1", "L", "P"):
        per_pixel = 1
    elif image.mode.startswith("I;16"):
        per_pixel = 2
    else:
        per_pixel = 4
    decoded = width * height * per_pixel
    layers = getattr(image, "layer", None)
    if image.format == "JPEG" and image.info.get("progressive") and layers:
        most = max(h * v for _, h, v, _ in layers)
        decoded += sum(2 * pixels * h * v // most for _, h, v, _ in layers)
    return decoded


def header_problem(stream: Any) -> str | None:
    """Why the picture in ``stream`` cannot be converted, from its header alone (None: it
    may be): the checks :func:`load_image` makes before decoding, for a caller that wants to
    refuse at once (``play PICTURE`` before its window opens). No Pillow warning escapes."""
    if not stream.read(1):
        return _(EMPTY_FILE)  # as the converter says it, not "not an image Hanjie can read"
    stream.seek(0)
    try:
        _open_checked(stream, str(getattr(stream, "name", "")))[0].close()
    except ConvertError as error:
        return str(error)
    return None


def _bomb_message(size: tuple[int, int] | None, error: Exception | None = None) -> str:
    limit = MAX_SOURCE_PIXELS // 1_000_000
    if size is None:
        # Pillow refuses before we see the size; its message carries the pixel count.
        claimed = re.search(r"\((\d+) pixels\)", str(error or ""))
        if claimed:
            millions = int(claimed.group(1)) // 1_000_000
            return _(
                "the image claims {millions} million pixels, more than the {limit} million "
                "pixels that can be opened safely"
            ).format(millions=millions, limit=limit)
        return _("the image is too large to open safely (more than {limit} million pixels)").format(
            limit=limit
        )
    width, height = size
    return _(
        "the image claims to be {width}x{height} pixels, more than the {limit} million pixels "
        "that can be opened safely"
    ).format(width=width, height=height, limit=limit)


# EXIF orientation -> the turn that shows the picture upright (2-8; 1 is upright).
_UPRIGHT = {
    2: Image.Transpose.FLIP_LEFT_RIGHT,
    3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM,
    5: Image.Transpose.TRANSPOSE,
    6: Image.Transpose.ROTATE_270,
    7: Image.Transpose.TRANSVERSE,
    8: Image.Transpose.ROTATE_90,
}


def _orientation(image: Image.Image) -> int:
    """The EXIF orientation (1-8), 1 when there is none or the EXIF block is damaged: a
    garbage EXIF block says nothing about the pixels, which are then shown as stored."""
    try:
        orientation = image.getexif().get(0x0112)
    except Exception:  # Pillow's EXIF parser raises many kinds on garbage; none matter here
        return 1
    return orientation if isinstance(orientation, int) and orientation in _UPRIGHT else 1


def _load_from_bytes(stream: Any, name: str) -> SourceImage:
    image, stored, orientation = _open_checked(stream, name)
    return _channels(_working_copy(_decoded(image, orientation)), name, *stored)


def _decoded(image: Image.Image, orientation: int = 1) -> Image.Image:
    """The first frame of an opened image, decoded and turned upright (see
    ``_decode_first_frame``)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            picture = _decode_first_frame(image, orientation)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ConvertError(_bomb_message(image.size)) from None
    except MemoryError:
        reason = _("the image is too large to open with the memory available")
        raise ConvertError(reason) from None
    except (OSError, SyntaxError, ValueError, EOFError, IndexError) as error:
        reason = str(error) or type(error).__name__
        if "truncated" in reason.lower() or isinstance(error, EOFError):
            # Pillow's own words add nothing a player can use ("image file is truncated
            # (1 bytes not processed)" for a JPEG cut to a tenth of itself).
            raise ConvertError(_("the image file is incomplete (cut short)")) from None
        raise ConvertError(_("the image is damaged: {reason}").format(reason=reason)) from None
    return picture


def _decode_first_frame(image: Image.Image, orientation: int = 1) -> Image.Image:
    """The first frame (already drafted by ``_open_checked``), reduced, turned upright by
    its EXIF ``orientation`` and on white, as RGB. The bound is square, so shrinking before
    turning gives the same result."""
    image.load()
    image = shrunk_in_bands(image, 2 * WORKING_SIDE)
    image.thumbnail((WORKING_SIDE, WORKING_SIDE), Image.Resampling.BOX)
    if orientation in _UPRIGHT:
        image = image.transpose(_UPRIGHT[orientation])
    return flatten_on_white(image)


def shrunk_in_bands(image: Image.Image, least_side: int) -> Image.Image:
    """``image`` as 8-bit RGB or RGBA, shrunk by the largest whole factor that keeps its
    longer side at least ``least_side`` (box averages). The conversion is done a band of
    rows at a time, so no full-size converted copy (nor a full-size array) is ever made."""
    width, height = image.size
    mode = "RGBA" if _has_alpha(image) else "RGB"
    factor = max(1, max(width, height) // least_side)
    rows = factor * max(1, BAND_PIXELS // (width * factor))
    shrunk = Image.new(mode, (-(-width // factor), -(-height // factor)))
    for top in range(0, height, rows):
        band = eight_bit(image.crop((0, top, width, min(height, top + rows)))).convert(mode)
        shrunk.paste(band.reduce(factor) if factor > 1 else band, (0, top // factor))
    shrunk.info = dict(image.info)  # "transparency" for a palette picture rides along
    return shrunk


def eight_bit(image: Image.Image) -> Image.Image:
    """A 16-bit greyscale picture (PNG's 0..65535 samples, Pillow's "I;16" or "I") as 8-bit
    "L". Pillow's own conversion clips every sample above 255 to white, which turned all but
    the darkest 0.4% of such a picture white; the top byte keeps the picture."""
    if image.mode != "I" and not image.mode.startswith("I;16"):
        return image
    samples = np.asarray(image)
    if samples.dtype.itemsize > 2 or samples.dtype.kind == "i":
        samples = np.clip(samples, 0, 65535)
    eight = Image.fromarray((samples >> 8).astype(np.uint8), "L")
    eight.info = dict(image.info)  # the EXIF orientation rides along
    return eight


def _has_alpha(image: Image.Image) -> bool:
    return image.mode in ("RGBA", "LA", "PA", "RGBa", "La") or "transparency" in image.info


def flatten_on_white(image: Image.Image) -> Image.Image:
    """RGB, with any transparency laid over a white background."""
    image = eight_bit(image)
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
    return _channels(
        _working_copy(image), name, original_size or image.size, image_format, frame_count
    )


def _working_copy(image: Image.Image) -> Image.Image:
    """RGB on white, at most ``WORKING_SIDE`` and at least ``UPSCALE_SIDE`` pixels a side."""
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
    return image


def _channels(
    image: Image.Image,
    name: str,
    original_size: tuple[int, int],
    image_format: str | None,
    frame_count: int,
) -> SourceImage:
    """The source of a working copy: its pixels and per-pixel channels."""
    steps = _channel_steps(image, name, original_size, image_format, frame_count)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            source: SourceImage = done.value
            return source


def _channel_steps(
    image: Image.Image,
    name: str,
    original_size: tuple[int, int],
    image_format: str | None,
    frame_count: int,
) -> Generator[None, None, SourceImage]:
    """:func:`_channels` in three steps (each under 10 ms on a 640-pixel photo)."""
    rgb = np.asarray(image, dtype=np.uint8)
    channels = rgb.astype(np.float32) / np.float32(255.0)
    yield None
    # The largest and smallest channel, found on the bytes (a reduction over the last axis
    # of floats took 20 ms on a 640x480 photo) and scaled as the channels are: the same
    # values as channels.max(axis=2) and channels.min(axis=2).
    red, green, blue = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    scale = np.float32(255.0)
    brightness = np.maximum(np.maximum(red, green), blue).astype(np.float32) / scale
    darkest = np.minimum(np.minimum(red, green), blue).astype(np.float32) / scale
    yield None
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


def uniform_border_box(
    rgb: npt.NDArray[np.uint8], tolerance: float = CROP_TOLERANCE
) -> tuple[int, int, int, int]:
    """``(x0, y0, x1, y1)`` of what lies inside borders of one uniform colour.

    The border colour is the median of the outermost pixels; rows and columns whose every
    pixel is within ``tolerance`` (``CROP_TOLERANCE``, or the tighter
    ``PHOTO_CROP_TOLERANCE`` for a photo) of it are trimmed from each edge. A picture with no
    such border, or one that is all border, keeps its full box.
    """
    steps = border_box_steps(rgb, tolerance)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            box: tuple[int, int, int, int] = done.value
            return box


# Rows of pixels :func:`border_box_steps` looks at in one step (a 640x480 photo in four).
BORDER_BAND = 128


def border_box_steps(
    rgb: npt.NDArray[np.uint8], tolerance: float = CROP_TOLERANCE
) -> Generator[None, None, tuple[int, int, int, int]]:
    """:func:`uniform_border_box` a band of ``BORDER_BAND`` rows a step (one pass over a
    loaded machine's photo took 11-15 ms, most of a frame)."""
    height, width = rgb.shape[:2]
    full = (0, 0, width, height)
    edge = np.concatenate([rgb[0], rgb[-1], rgb[:, 0], rgb[:, -1]]).astype(np.int16)
    border = np.median(edge, axis=0)
    row_content = np.zeros(height, dtype=bool)
    column_content = np.zeros(width, dtype=bool)
    for top in range(0, height, BORDER_BAND):
        band = rgb[top : top + BORDER_BAND]
        distance = np.abs(band.astype(np.int16) - border).max(axis=2)
        content = distance > tolerance * 255
        row_content[top : top + BORDER_BAND] = content.any(axis=1)
        column_content |= content.any(axis=0)
        yield None
    rows = np.flatnonzero(row_content)
    columns = np.flatnonzero(column_content)
    if rows.size == 0 or columns.size == 0:
        return full
    return (int(columns[0]), int(rows[0]), int(columns[-1]) + 1, int(rows[-1]) + 1)
