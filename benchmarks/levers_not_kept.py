"""Issue 47's fourth and fifth passes: levers measured blind and not kept, to reproduce them.

    python3 benchmarks/levers_not_kept.py flatten-palette JUDGE \\
        --list benchmarks/judge_sets/judge.tsv --out fp.npz
    python3 benchmarks/levers_not_kept.py texture JUDGE \\
        --list benchmarks/judge_sets/judge.tsv --out tx.npz
    python3 benchmarks/levers_not_kept.py frame-pad JUDGE \\
        --list benchmarks/judge_sets/judge.tsv --out fr.npz
    python3 benchmarks/levers_not_kept.py frame-grow JUDGE \\
        --list benchmarks/judge_sets/judge.tsv --out fg.npz
    python3 benchmarks/blind_judge.py sheets before.npz fp.npz --folder JUDGE \\
        --list benchmarks/judge_sets/judge.tsv --out SHEETS --colour-only --per-sheet 8

Each lever changes how a photo opens or how Auto colours choose its palette, here by wrapping
the functions the converter calls (nothing in ``game/`` changes), then runs
``blind_judge.py dump``:

- ``flatten-palette``: the palette (the histogram, the salient mass, the subject's accent) is
  fitted to the photo with its texture flattened by a Kuwahara filter (each pixel the mean of
  the quietest of the four squares of side ``RADIUS + 1`` it is a corner of, ``PASSES`` times,
  on the photo reduced to at most ``WORK_SIDE`` pixels a side); the cells are voted from the
  photo's own pixels as before.
- ``texture``: after Auto's fit, two colours within ``TEXTURE_SHADES`` Delta E whose pixels
  touch at least ``INTERLEAVE`` times per pixel of the smaller (on the photo sampled at most
  ``SAMPLE_SIDE`` a side) are merged into their weighted mean, each colour in one merge.
- ``frame-pad``: when the salient object's box with its margin, in the grid's shape, is
  larger than the photo, the frame is that box cut to the photo (not shrunk round the
  object), and the photo opens with Pad instead of Fill when the frame is not in the grid's
  shape: a tall tower keeps its top, with margins at its sides. Black and white changes too.
- ``frame-grow`` (fifth pass): the salient object's frame takes in the cells that join the
  object less salient (``grown_box``: touching it, above ``GROW_SHARE`` of the way from the
  rest's median saliency to Otsu's cut and above the rest's 90th percentile): a screwdriver's
  grey shaft beyond its yellow handle. Black and white changes too.

Why none was kept, with the blind scores: docs/photos.md, *Textures before the palette
(the fourth pass)* and *Frames and the blind target (the fifth pass)*; the scores are in
``benchmarks/judge_sets/scores/*_flatten_palette.tsv``, ``*_texture.tsv``,
``judge_frame_pad.tsv`` and ``*_frame_grow.tsv``. The photos are not in the repository (see
``judge_photos.py``).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable, Generator
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageFilter

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import blind_judge  # noqa: E402

from game.core.convert import converter as converter_module  # noqa: E402
from game.core.convert import first_look, saliency  # noqa: E402
from game.core.convert import frame as frame_module  # noqa: E402
from game.core.convert.methods import otsu_level  # noqa: E402
from game.core.convert.quantise import Histogram, PixelPalette, palette_steps  # noqa: E402
from game.core.convert.stepping import run_steps  # noqa: E402
from game.core.convert.subject import pieces  # noqa: E402

WORK_SIDE = 200
RADIUS = 2
PASSES = 2
SAMPLE_SIDE = 160
TEXTURE_SHADES = 22.0
INTERLEAVE = 1.0

RGB8 = npt.NDArray[np.uint8]
Floats = npt.NDArray[np.float64]


def _table(values: Floats) -> Floats:
    table = np.zeros((values.shape[0] + 1, values.shape[1] + 1, *values.shape[2:]))
    np.cumsum(np.cumsum(values, axis=0), axis=1, out=table[1:, 1:])
    return table


def _box(table: Floats, rows: tuple[slice, slice], columns: tuple[slice, slice]) -> Floats:
    """The sums of ``table`` (a summed-area table) over the boxes between the two slices."""
    (top, bottom), (left, right) = rows, columns
    found: Floats = (
        table[bottom, right] - table[top, right] - table[bottom, left] + table[top, left]
    )
    return found


def kuwahara(rgb: Floats, radius: int = RADIUS) -> Floats:
    """Each pixel the mean colour of the least varied of the four ``radius + 1`` squares it
    is a corner of (the picture's edge pixels repeated beyond it)."""
    height, width = rgb.shape[:2]
    padded = np.pad(rgb, ((radius, radius), (radius, radius), (0, 0)), mode="edge")
    sums, squares = _table(padded), _table((padded * padded).sum(axis=2))
    side = radius + 1
    area = float(side * side)
    best_var = np.full((height, width), np.inf)
    best = np.empty_like(rgb)
    for dy in (0, radius):
        for dx in (0, radius):
            rows = (slice(dy, dy + height), slice(dy + side, dy + side + height))
            columns = (slice(dx, dx + width), slice(dx + side, dx + side + width))
            mean = _box(sums, rows, columns) / area
            var = _box(squares, rows, columns) / area - (mean * mean).sum(axis=2)
            quieter = var < best_var
            best_var = np.where(quieter, var, best_var)
            best = np.where(quieter[..., None], mean, best)
    return best


def flattened(rgb: RGB8) -> RGB8:
    """``rgb`` with its texture flattened (see the module text), the same shape."""
    height, width = rgb.shape[:2]
    factor = max(1, -(-max(height, width) // WORK_SIDE))
    small = Image.fromarray(np.ascontiguousarray(rgb))
    if factor > 1:
        small = small.reduce(factor)
    work = np.asarray(small, dtype=np.float64)
    for _ in range(PASSES):
        work = kuwahara(work)
    out = np.clip(np.round(work), 0, 255).astype(np.uint8)
    ys = np.minimum(np.arange(height) // factor, out.shape[0] - 1)
    xs = np.minimum(np.arange(width) // factor, out.shape[1] - 1)
    result: RGB8 = out[ys[:, None], xs[None, :]]
    return result


def interleave(labels: npt.NDArray[np.integer], count: int) -> Floats:
    """Per pair of labels, their side-by-side pixel pairs over the smaller one's pixels."""
    flat = labels.astype(np.intp)
    area = np.bincount(flat.ravel(), minlength=count).astype(np.float64)
    touching = np.zeros(count * count)
    for first, second in ((flat[:, :-1], flat[:, 1:]), (flat[:-1], flat[1:])):
        differ = first != second
        codes = (first[differ] * count + second[differ]).ravel()
        touching += np.bincount(codes, minlength=count * count)
    pairs = touching.reshape(count, count)
    pairs = pairs + pairs.T
    found: Floats = pairs / np.maximum(np.minimum(area[:, None], area[None, :]), 1.0)
    found[np.diag_indices(count)] = 0.0
    return found


def merge_texture(hist: Histogram, palette: PixelPalette, rgb: RGB8) -> PixelPalette:
    """``palette`` with each pair of near, interleaved shades merged (see the module text)."""
    count = palette.count
    if count <= 2:
        return palette
    stride = max(1, -(-max(int(rgb.shape[0]), int(rgb.shape[1])) // SAMPLE_SIDE))
    woven = interleave(palette.label(rgb[::stride, ::stride]), count)
    gaps = np.sqrt(((palette.lab[:, None, :] - palette.lab[None, :, :]) ** 2).sum(axis=2))
    candidates = sorted(
        ((float(woven[i, j]), i, j) for i in range(count) for j in range(i + 1, count)
         if gaps[i, j] <= TEXTURE_SHADES and woven[i, j] >= INTERLEAVE
         and i not in palette.accents and j not in palette.accents),
        reverse=True,
    )  # fmt: skip
    pairs: list[tuple[int, int]] = []
    for _, first, second in candidates:
        if all(first not in pair and second not in pair for pair in pairs):
            pairs.append((first, second))
    if not pairs:
        return palette
    merged = {index for pair in pairs for index in pair}
    kept = [index for index in range(count) if index not in merged]
    shares = np.asarray(palette.shares)
    centres = [palette.lab[index] for index in kept]
    for first, second in pairs:
        weight = max(shares[first] + shares[second], 1e-12)
        centres.append((palette.lab[first] * shares[first]
                        + palette.lab[second] * shares[second]) / weight)  # fmt: skip
    fitted = run_steps(palette_steps(hist, np.array(centres)))
    return replace(fitted, accents=tuple(kept.index(label) for label in palette.accents))


def _patch(name: str, wrap: Callable[[Any], Any]) -> None:
    """The converter module's ``name`` (a function it imported) replaced by ``wrap(it)``."""
    setattr(converter_module, name, wrap(getattr(converter_module, name)))


# Whether the palette being fitted is a photo's (the levers leave a drawing's alone).
_PHOTO = [True]


def _photos_only() -> None:
    fitting = converter_module.Converter.fitting_palette

    def fitting_palette(self: Any, options: Any) -> Generator[None, None, PixelPalette]:
        _PHOTO[0] = self.is_photo
        return (yield from fitting(self, options))

    setattr(converter_module.Converter, "fitting_palette", fitting_palette)  # noqa: B010


def _flatten_palette() -> None:
    """The converter's histogram, salient mass and subject keeping see the flattened photo."""
    seen: dict[tuple[int, tuple[int, ...]], RGB8] = {}

    def flat(rgb: RGB8) -> RGB8:
        if not _PHOTO[0]:
            return rgb
        key = (int(rgb.__array_interface__["data"][0]), tuple(rgb.shape))
        if key not in seen:
            seen.clear()  # one region at a time
            seen[key] = flattened(rgb)
        return seen[key]

    _patch("histogram_steps", lambda steps: lambda rgb: steps(flat(rgb)))
    _patch(
        "salient_mass",
        lambda mass: lambda rgb, hist, saliency=None: mass(flat(rgb), hist, saliency),
    )
    _patch(
        "keeping_subject",
        lambda keeping: (
            lambda hist, salient, palette, rgb: keeping(hist, salient, palette, flat(rgb))
        ),
    )


def _texture() -> None:
    """Auto's palette, once the subject is kept, has its textures' shades merged."""

    def wrap(keeping: Any) -> Any:
        def keeping_then_merging(
            hist: Histogram, salient: Floats, palette: PixelPalette, rgb: RGB8
        ) -> Generator[None, None, PixelPalette]:
            kept: PixelPalette = yield from keeping(hist, salient, palette, rgb)
            return merge_texture(hist, kept, rgb) if _PHOTO[0] else kept

        return keeping_then_merging

    _patch("keeping_subject", wrap)


def _salient_frame_whole(
    rgb: RGB8, width: int, height: int
) -> tuple[float, float, float, float] | None:
    """:func:`saliency.salient_frame`, but a box too big for the photo is cut, not shrunk."""
    found = saliency.framed_object(rgb)
    if found is None:
        return None
    pixels_h, pixels_w = int(rgb.shape[0]), int(rgb.shape[1])
    bx0, by0, bx1, by1 = saliency.box_in_pixels(found, pixels_w, pixels_h)
    box_w = (bx1 - bx0) * (1 + 2 * saliency.MARGIN)
    box_h = (by1 - by0) * (1 + 2 * saliency.MARGIN)
    if box_w / box_h < width / height:
        box_w = box_h * width / height
    else:
        box_h = box_w * height / width
    if box_w <= pixels_w and box_h <= pixels_h:
        return saliency.salient_frame(rgb, width, height)
    fx0, fx1 = saliency._span((bx0 + bx1) / 2, min(box_w, pixels_w), pixels_w)
    fy0, fy1 = saliency._span((by0 + by1) / 2, min(box_h, pixels_h), pixels_h)
    return (round(fx0 / pixels_w, 4), round(fy0 / pixels_h, 4),
            round(fx1 / pixels_w, 4), round(fy1 / pixels_h, 4))  # fmt: skip


def _frame_pad() -> None:
    """A salient object's frame kept whole, and Pad when the frame is not the grid's shape."""
    setattr(frame_module, "salient_frame", _salient_frame_whole)  # noqa: B010
    opening = first_look.defaults_for

    def defaults_for(source: Any, width: int = 20, height: int = 20, *,
                     photo: bool | None = None) -> dict[str, object]:  # fmt: skip
        found = opening(source, width, height, photo=photo)
        box = found.get("frame")
        if isinstance(box, tuple) and found.get("fit") == "fill":
            shape = (box[2] - box[0]) * source.width / ((box[3] - box[1]) * source.height)
            if abs(shape / (width / height) - 1) > 0.03:
                found = {**found, "fit": "pad"}
        return found

    setattr(first_look, "defaults_for", defaults_for)  # noqa: B010


# frame-grow: the cells touching the salient object above this share of the way from the
# rest's median saliency to Otsu's cut, and above the rest's 90th percentile by GROW_ABOVE,
# join it in the frame's box.
GROW_SHARE = 0.4
GROW_ABOVE = 0.02


def grown_box(saliency_map: Floats, found: Any) -> tuple[int, int, int, int]:
    """The box (cells: x0, y0, x1, y1) of the salient object ``found`` with what joins it
    less salient (a screwdriver's grey shaft beyond its yellow handle)."""
    rest = saliency_map[~found.mask]
    if rest.size == 0:
        return tuple(found.box)  # type: ignore[return-value]
    median = float(np.median(rest))
    low = max(median + GROW_SHARE * (otsu_level(saliency_map) - median),
              float(np.percentile(rest, 90)) + GROW_ABOVE)  # fmt: skip
    labels, _count = pieces(saliency_map >= low)
    touching = np.unique(labels[found.mask & (labels >= 0)])
    joined = np.isin(labels, touching) | found.mask
    ys, xs = np.nonzero(joined)
    return (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)


def _frame_grow() -> None:
    """The salient object's frame takes in what joins it less salient (:func:`grown_box`)."""
    framed = saliency.framed_object
    frame_of = saliency.salient_frame

    def salient_frame(rgb: RGB8, width: int, height: int) -> Any:
        found = framed(rgb)
        if found is None:
            return None
        whole_map = run_steps(saliency.picture_saliency_steps(rgb))
        grown = replace(found, box=grown_box(whole_map, found))
        setattr(saliency, "framed_object", lambda _rgb: grown)  # noqa: B010
        try:
            return frame_of(rgb, width, height)
        finally:
            setattr(saliency, "framed_object", framed)  # noqa: B010

    setattr(frame_module, "salient_frame", salient_frame)  # noqa: B010


# sharpen-subject: an unsharp mask of this radius (pixels of the working copy), strength
# (percent) and threshold (levels), laid over the photo where it is salient.
SHARP_RADIUS = 2.0
SHARP_PERCENT = 150
SHARP_THRESHOLD = 3


def sharpened_subject(rgb: RGB8) -> RGB8:
    """``rgb`` with its salient part's local contrast raised (Pillow's unsharp mask, weighed
    by the saliency map: 0 at half Otsu's cut and below, all of it at the cut and above)."""
    sharp = np.asarray(
        Image.fromarray(rgb).filter(
            ImageFilter.UnsharpMask(SHARP_RADIUS, SHARP_PERCENT, SHARP_THRESHOLD)
        ),
        dtype=np.float64,
    )
    whole_map = run_steps(saliency.picture_saliency_steps(rgb))
    cut = otsu_level(whole_map)
    weight = np.clip((whole_map - cut / 2) / max(cut / 2, 1e-9), 0.0, 1.0)
    height, width = rgb.shape[:2]
    spread = Image.fromarray((weight * 255).astype(np.uint8)).resize((width, height),
                                                                      Image.BILINEAR)  # fmt: skip
    mix = np.asarray(spread, dtype=np.float64)[..., None] / 255.0
    blended = rgb * (1 - mix) + sharp * mix
    return np.clip(np.round(blended), 0, 255).astype(np.uint8)


def _sharpen_subject() -> None:
    """Auto colours are worked out on the photo with its subject sharpened (camouflage: a
    fish over a reef or sand as busy as itself); black and white is left as it is."""
    plain = converter_module.Converter.colour_cells
    twins: dict[int, Any] = {}
    folder = Path(tempfile.mkdtemp(prefix="sharpen-subject-"))

    def colour_cells(self: Any, options: Any) -> Any:
        if not self.is_photo:
            return plain(self, options)
        if id(self) not in twins:
            twins.clear()
            path = folder / "sharpened.png"
            Image.fromarray(sharpened_subject(self.source.rgb)).save(path)
            twins[id(self)] = converter_module.Converter.open(path)
        return plain(twins[id(self)], options)

    setattr(converter_module.Converter, "colour_cells", colour_cells)  # noqa: B010


LEVERS: dict[str, Callable[[], None]] = {"flatten-palette": _flatten_palette,
                                         "texture": _texture, "frame-pad": _frame_pad,
                                         "frame-grow": _frame_grow,
                                         "sharpen-subject": _sharpen_subject}  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lever", choices=sorted(LEVERS))
    parser.add_argument("folder", type=Path)
    parser.add_argument("--list", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    _photos_only()
    LEVERS[args.lever]()
    blind_judge.dump(args.folder, args.list, args.out, None)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
