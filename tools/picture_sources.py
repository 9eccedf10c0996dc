"""The picture library's sources: the catalogue of emoji and their rendering (build time only).

``tools/pictures/catalogue.txt`` lists emoji by theme with titles; :func:`render_library`
draws each with the Noto Color Emoji font (``apt-get install fonts-noto-color-emoji``, SIL
OFL 1.1, needed only to build), crops it to its ink, shrinks it to :data:`PICTURE_SIDE` and
reduces it to at most eight colours (:func:`reduce_colours`), and writes
``assets/pictures/<name>.png`` (indexed, transparent background) and ``manifest.json``.
The game reads only those files; the font is never shipped.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageDraw, ImageFont

from game.core.convert.quantise import fit_palette

REPO_ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = REPO_ROOT / "tools" / "pictures" / "catalogue.txt"
PICTURES_DIR = REPO_ROOT / "assets" / "pictures"
FONT_PATHS = (
    Path("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"),
    Path("/usr/share/fonts/noto/NotoColorEmoji.ttf"),
)
# The bitmap font's one size (its strikes are 109 px); the drawing is then shrunk to this
# many pixels on its longer side: enough for a 40-cell board, a few KB a picture.
FONT_SIZE = 109
PICTURE_SIDE = 72
MAX_COLOURS = 8
# A pixel at least this opaque is part of the picture.
OPAQUE = 128


@dataclass(frozen=True)
class Source:
    """One catalogue line: the emoji (one, or several joined by '+'), its title and theme."""

    emoji: tuple[str, ...]
    title: str
    theme: str
    line: int

    @property
    def name(self) -> str:
        return re.sub(r"[^a-z0-9]+", "-", self.title.lower()).strip("-")

    @property
    def codepoints(self) -> str:
        return " ".join(
            "+".join(f"U+{ord(ch):04X}" for ch in emoji if ch != "\ufe0f") for emoji in self.emoji
        )


def read_catalogue(path: Path = CATALOGUE) -> list[Source]:
    sources: list[Source] = []
    theme = ""
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        if line.startswith("theme:"):
            theme = line.split(":", 1)[1].strip()
            continue
        emoji, _, title = line.partition(" ")
        if not title or not theme:
            raise ValueError(f"{path}:{number}: expected 'EMOJI Title' under a theme")
        sources.append(Source(tuple(emoji.split("+")), title.strip(), theme, number))
    names = [source.name for source in sources]
    doubles = sorted({name for name in names if names.count(name) > 1})
    if doubles:
        raise ValueError(f"{path}: titles used twice: {', '.join(doubles)}")
    return sources


def emoji_font() -> ImageFont.FreeTypeFont:
    for path in FONT_PATHS:
        if path.is_file():
            return ImageFont.truetype(str(path), FONT_SIZE)
    raise SystemExit(
        "the Noto Color Emoji font is needed to build the library: "
        "apt-get install -y fonts-noto-color-emoji"
    )


def render_emoji(font: ImageFont.FreeTypeFont, emoji: str) -> Image.Image | None:
    """The emoji drawn in colour (RGBA), cropped to its ink; None when the font lacks it."""
    text = emoji if len(emoji) > 1 or ord(emoji) > 0xFFFF else emoji + "\ufe0f"
    canvas = Image.new("RGBA", (160, 160), (0, 0, 0, 0))
    ImageDraw.Draw(canvas).text((8, 8), text, font=font, embedded_color=True)
    alpha = np.asarray(canvas)[:, :, 3]
    if np.count_nonzero(alpha >= OPAQUE) < 200:
        return None
    box = canvas.getbbox()
    if box is None:
        return None
    cropped = canvas.crop(box)
    # A glyph the font lacks is drawn as one grey box: no colour at all.
    rgb = np.asarray(cropped)[:, :, :3].astype(np.int16)
    if np.ptp(rgb[np.asarray(cropped)[:, :, 3] >= OPAQUE], axis=0).max() < 30:
        return None
    return cropped


def shrink(image: Image.Image, side: int = PICTURE_SIDE) -> Image.Image:
    scale = side / max(image.size)
    size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
    # Premultiplied so the transparent pixels' colour does not bleed into the edges.
    return image.convert("RGBa").resize(size, Image.Resampling.LANCZOS).convert("RGBA")


def side_by_side(pictures: list[npt.NDArray[np.uint8]], gap: int = 6) -> npt.NDArray[np.uint8]:
    """RGBA pictures in a row, bottoms aligned, ``gap`` transparent pixels apart."""
    height = max(p.shape[0] for p in pictures)
    width = sum(p.shape[1] for p in pictures) + gap * (len(pictures) - 1)
    row = np.zeros((height, width, 4), dtype=np.uint8)
    left = 0
    for picture in pictures:
        row[height - picture.shape[0] :, left : left + picture.shape[1]] = picture
        left += picture.shape[1] + gap
    return row


def reduce_colours(rgba: npt.NDArray[np.uint8], colours: int) -> npt.NDArray[np.int64]:
    """Each pixel's colour number (0..colours-1; -1 transparent) for at most ``colours``
    colours: the converter core's quantiser (:func:`game.core.convert.quantise.fit_palette`,
    k-means in Lab) fitted on the opaque pixels."""
    opaque = rgba[:, :, 3] >= OPAQUE
    pixels = np.ascontiguousarray(rgba[opaque][:, :3]).reshape(1, -1, 3)
    palette = fit_palette(pixels, colours)
    numbers = np.full(opaque.shape, -1, dtype=np.int64)
    numbers[opaque] = palette.label(pixels).ravel().astype(np.int64)
    return numbers


def picture_png(rgba: npt.NDArray[np.uint8], numbers: npt.NDArray[np.int64]) -> Image.Image:
    """An indexed PNG: index 0 transparent, 1..k each colour number's mean colour."""
    used = sorted(int(n) for n in np.unique(numbers) if n >= 0)
    indices = np.zeros(numbers.shape, dtype=np.uint8)
    palette = [0, 0, 0]
    for index, number in enumerate(used, start=1):
        where = numbers == number
        indices[where] = index
        mean = rgba[where][:, :3].mean(axis=0)
        palette += [round(float(v)) for v in mean]
    image = Image.fromarray(indices, "P")
    image.putpalette(palette)
    image.info["transparency"] = 0
    return image


def render_library(sources: list[Source], out: Path = PICTURES_DIR) -> tuple[list[str], list[str]]:
    """Write the pictures (a scene's emoji side by side) and the manifest; (written,
    missing)."""
    font = emoji_font()
    out.mkdir(parents=True, exist_ok=True)
    entries = []
    written: list[str] = []
    missing: list[str] = []
    for source in sources:
        drawn = [render_emoji(font, emoji) for emoji in source.emoji]
        if any(image is None for image in drawn):
            missing.append(f"{source.title} ({source.codepoints})")
            continue
        rgba = side_by_side([np.asarray(shrink(image)) for image in drawn if image is not None])
        png = picture_png(rgba, reduce_colours(rgba, MAX_COLOURS))
        file_name = f"{source.name}.png"
        png.save(out / file_name, optimize=True)
        entries.append(
            {
                "name": source.name,
                "theme": source.theme,
                "title": source.title,
                "file": file_name,
                "emoji": source.codepoints,
            }
        )
        written.append(file_name)
    keep = {entry["file"] for entry in entries}
    for stale in out.glob("*.png"):
        if stale.name not in keep:
            stale.unlink()
    manifest = {
        "source": "Noto Color Emoji (https://github.com/googlefonts/noto-emoji), SIL OFL 1.1",
        "pictures": entries,
    }
    text = json.dumps(manifest, indent=0, ensure_ascii=False) + "\n"
    (out / "manifest.json").write_text(text, encoding="utf-8")
    return written, missing
