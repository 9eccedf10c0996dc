"""What the player sets for a conversion: :class:`ConvertOptions` (a new value is a new
preview), the methods and fits it chooses among, the defaults a picture opens with, and the
command line's words for them (:func:`parse_size`, :func:`parse_method`).

Values only: turning a picture into a grid under these options is
:class:`game.core.convert.converter.Converter`. Nothing here imports pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from game.core.convert.grid import Fit
from game.core.convert.load import MAX_SIZE, MIN_SIZE, ConvertError
from game.core.convert.quantise import MAX_PICTURE_COLOURS, MIN_COLOURS, ColourCount

SIZE_PRESETS = (5, 10, 15, 20, 25, 30)
Method = Literal[
    "auto", "otsu", "threshold", "hsv", "adaptive", "outline", "sketch", "subject", "dither"
]  # fmt: skip
METHODS: tuple[Method, ...] = (
    "auto", "otsu", "threshold", "hsv", "adaptive", "outline", "sketch", "subject", "dither"
)  # fmt: skip
# The methods that cut each pixel and fill a cell when most of its pixels are dark; the
# others work on each cell's mean luminance (see game.core.convert.methods).
PIXEL_METHODS: tuple[Method, ...] = ("otsu", "threshold", "hsv")
# The methods with a level (the "threshold" field): what it means depends on the method.
LEVEL_METHODS: tuple[Method, ...] = (
    "threshold", "adaptive", "outline", "sketch", "subject", "dither"
)  # fmt: skip
# Otsu by default for drawings: the seed's HSV rule fills nearly every cell of a drawing on
# tinted paper; photographs get Auto instead (see game.core.convert.first_look.defaults_for).
DEFAULT_METHOD: Method = "otsu"
PHOTO_METHOD: Method = "auto"
FITS: tuple[Fit, ...] = ("fill", "pad", "stretch")
# A photo fills the grid (cropping the long side) so no row is wasted on padding; a drawing
# keeps its whole picture, padded.
PHOTO_FIT: Fit = "fill"
# A photo opens with Crop borders on: a band of one colour along its edges (a transparent
# margin flattened to white, a video still's black bars, a scan's margin) is not its
# subject, and under Fill it would take whole rows of the grid.
PHOTO_CROP = True
DEFAULT_FIT: Fit = "pad"
# The smallest framing, as a fraction of the picture's side.
MIN_FRAME = 0.05
FrameBox = tuple[float, float, float, float]


@dataclass(frozen=True)
class ConvertOptions:
    """Everything the player can set; a new value of this is a new preview."""

    width: int = 20
    height: int = 20
    # When set, the height follows the (framed, cropped) image's aspect and ``height`` is
    # ignored.
    keep_aspect: bool = False
    fit: Fit = DEFAULT_FIT
    crop: bool = False
    method: Method = DEFAULT_METHOD
    # The method's level, 0..1: the luminance cut for "threshold", the margin against the
    # neighbourhood for "adaptive", the dither's cut, the outline's sensitivity. Higher
    # always fills more.
    threshold: float = 0.5
    invert: bool = False
    # Tone, applied to luminance before any method (see game.core.convert.methods.tone).
    brightness: float = 0.0
    contrast: float = 0.0
    gamma: float = 1.0
    # Flip isolated single cells to match their neighbours.
    clean: bool = False
    # The part of the picture that becomes the puzzle, (x0, y0, x1, y1) as fractions of
    # the picture's width and height; None for all of it.
    frame: FrameBox | None = None
    # How many colours, the background counted: 2 is black and white (the methods above);
    # 3..8 a colour puzzle, "auto" a colour puzzle whose count the picture decides (see
    # game.core.convert.quantise). In colour the method, level, invert and tone do not apply.
    colours: ColourCount = 2
    # In colour: lay the dark lines of the black-and-white grid over the colours when its
    # method draws lines (Auto's Sketch on a face; see Converter.colour_lines).
    lines: bool = True

    def __post_init__(self) -> None:
        for name, value in (("width", self.width), ("height", self.height)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise ConvertError(f"the {name} must be a whole number, not {value!r}")
            if not MIN_SIZE <= value <= MAX_SIZE:
                raise ConvertError(
                    f"the {name} must be between {MIN_SIZE} and {MAX_SIZE} cells, not {value}"
                )
        if self.colours != "auto" and (
            isinstance(self.colours, bool)
            or not isinstance(self.colours, int)
            or not MIN_COLOURS <= self.colours <= MAX_PICTURE_COLOURS
        ):
            raise ConvertError(
                f"the colours must be {MIN_COLOURS} to {MAX_PICTURE_COLOURS} or auto, "
                f"not {self.colours!r}"
            )
        if self.method not in METHODS:
            raise ConvertError(f"unknown method {self.method!r} (use {', '.join(METHODS)})")
        if self.fit not in FITS:
            raise ConvertError(f"unknown fit {self.fit!r} (use fill, pad or stretch)")
        if not 0.0 <= self.threshold <= 1.0:
            raise ConvertError(f"the threshold must be between 0 and 1, not {self.threshold}")
        ranges: tuple[tuple[str, float, float, float], ...] = (
            ("brightness", self.brightness, -1.0, 1.0),
            ("contrast", self.contrast, -1.0, 1.0),
            ("gamma", self.gamma, 0.25, 4.0),
        )
        for label, amount, low, high in ranges:
            if not low <= amount <= high:
                raise ConvertError(
                    f"the {label} must be between {low:g} and {high:g}, not {amount}"
                )
        if self.frame is not None:
            x0, y0, x1, y1 = self.frame
            if not (0.0 <= x0 < x1 <= 1.0 and 0.0 <= y0 < y1 <= 1.0):
                raise ConvertError(f"the frame {self.frame} is not a box inside the picture")
            if x1 - x0 < MIN_FRAME or y1 - y0 < MIN_FRAME:
                raise ConvertError("the frame is too small: take at least a twentieth of a side")

    @property
    def in_colour(self) -> bool:
        """A colour puzzle (more than black and white)?"""
        return self.colours != 2

    @property
    def tone_key(self) -> tuple[float, float, float]:
        return (round(self.brightness, 4), round(self.contrast, 4), round(self.gamma, 4))


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
    """``"auto"``, ``"otsu"``, ``"hsv"``, or a method with a level: ``"threshold=0.45"``,
    ``"adaptive"``, ``"outline=0.6"``, ``"dither"`` -> (method, level or None)."""
    name, _, value = text.strip().lower().partition("=")
    for method in METHODS:
        if name != method:
            continue
        if not value:
            return method, None
        if method not in LEVEL_METHODS:
            # "otsu=0.3" was an "unknown method", as if otsu were not one (QA).
            raise ConvertError(f"{method} takes no level: write it alone, not {text.strip()!r}")
        try:
            level = float(value)
        except ValueError:
            raise ConvertError(f"bad {name} level {value!r}: give a number from 0 to 1") from None
        if not 0.0 <= level <= 1.0:
            raise ConvertError(f"bad {name} level {value!r}: give a number from 0 to 1")
        return method, level
    raise ConvertError(
        f"unknown method {text!r} (use auto, otsu, hsv, threshold=0.45, adaptive, outline, "
        "sketch, subject or dither)"
    )


def parse_colours(text: str) -> ColourCount:
    """The command line's ``--colours``: ``"auto"`` or a whole number 2..8 (the background
    counted: 2 is black and white)."""
    word = text.strip().lower()
    if word == "auto":
        return "auto"
    try:
        value = int(word)
    except ValueError:
        raise ConvertError(
            f"bad colours {text.strip()[:20]!r}: give a number from {MIN_COLOURS} to "
            f"{MAX_PICTURE_COLOURS}, or auto"
        ) from None
    if not MIN_COLOURS <= value <= MAX_PICTURE_COLOURS:
        raise ConvertError(
            f"bad colours {value}: give a number from {MIN_COLOURS} to {MAX_PICTURE_COLOURS} "
            "(2 is black and white), or auto"
        )
    return value
