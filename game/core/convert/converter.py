"""Pictures into grids: a loaded picture, re-gridded cheaply for every setting.

The work is split in two so a live preview stays fast:

- :func:`~game.core.convert.load.load_image` (slow, once per file): decoding, checks and a
  working copy of at most ``WORKING_SIDE`` pixels a side with its channels;
- :meth:`Converter.grid` (fast, every settings change, :mod:`game.core.convert.options`):
  a dark-pixel mask per method, a summed-area table of it (:mod:`game.core.convert.grid`),
  one vectorised block count per cell; the cell methods in :mod:`game.core.convert.methods`
  and :mod:`game.core.convert.subject`, Auto's choice in :mod:`game.core.convert.auto`.

What a newly opened picture starts from (``defaults_for``: is it a photo?) is
:mod:`game.core.convert.first_look`.
The grid becomes a puzzle, and is judged fair or not, in :mod:`game.core.create`
(:func:`game.core.create.conversion.convert` in one call, the screen's document
:mod:`game.core.create.editor` a frame at a time). Nothing here imports pygame.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import replace
from pathlib import Path
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from game.core.convert.accent import ACCENT_VOTE, keeping_subject, salient_mass
from game.core.convert.auto import AutoChoice, choose, choose_steps, compact_object
from game.core.convert.detail import detail_cells, overlay_details, ridge_steps
from game.core.convert.first_look import photo_steps
from game.core.convert.frame import holds_a_face, subject_frame
from game.core.convert.grid import (
    Blocks,
    PixelBox,
    _block_sums,
    _height_for,
    _summed_area,
    blocks_for,
    hsv_dark_mask,
    otsu_threshold,
    summed_area_steps,
)
from game.core.convert.ground import background_votes, flatten_ground, tidy_pieces
from game.core.convert.load import (
    CROP_TOLERANCE,
    MIN_SOURCE_SIDE,
    PHOTO_CROP_TOLERANCE,
    BoolGrid,
    FloatImage,
    SourceImage,
    border_box_steps,
    load_image,
)
from game.core.convert.methods import (
    OUTLINE_SAMPLES,
    FloatGrid,
    adaptive_grid,
    clean_specks,
    dither_grid,
    edge_strength,
    outline_grid,
    sketch_grid,
    tone,
)
from game.core.convert.options import (
    PIXEL_METHODS,
    ConvertOptions,
    FrameBox,
)
from game.core.convert.quantise import (
    ColourCells,
    PixelPalette,
    background_label,
    choosing_count,
    clean_colour_specks,
    colour_cells,
    fit_histogram,
    histogram_steps,
    label_tables_steps,
    overlay_lines,
    vote_cells,
)
from game.core.convert.saliency import SalientObject, coarse_cells, saliency_map, salient_object
from game.core.convert.small_subject import small_subject_frame, suggested_size
from game.core.convert.stepping import Steps, run_steps
from game.core.convert.subject import subject_grid

T = TypeVar("T")
# The methods whose grid is lines (laid over the colours as dark lines, see colour_lines).
LINE_METHODS = ("sketch", "outline")
# The colour labels of a region are worked out this many bands of rows a step.
LABEL_BANDS = 8
# --------------------------------------------------------------------------- gridding


def _channel_values(rgb: npt.NDArray[np.uint8], channel: int) -> npt.NDArray[np.float32]:
    """One colour channel of ``rgb``, in 0..1."""
    values: npt.NDArray[np.float32] = rgb[..., channel].astype(np.float32) / np.float32(255)
    return values


def _channel_table(rgb: npt.NDArray[np.uint8], channel: int) -> npt.NDArray[np.int32]:
    """The summed-area table of one colour channel of ``rgb``, in 0..1."""
    return _summed_area(_channel_values(rgb, channel))


class Converter:
    """One loaded picture, re-gridded on demand; caches the work that settings share.

    Every settings change is a few array passes over the working copy (at most 640 pixels a
    side) and then work on the cells only; tables that survive a change (a dark mask's
    summed-area table, toned luminance) are kept, keyed by what they depend on.
    """

    def __init__(self, source: SourceImage) -> None:
        self.source = source
        self._cache: dict[tuple[object, ...], object] = {}
        # A property of the picture, not of the settings: kept apart from the cache.
        self._photo: bool | None = None

    @classmethod
    def open(cls, path: str | Path) -> Converter:
        return cls(load_image(path))

    def _cached(self, key: tuple[object, ...], make: Callable[[], T]) -> T:
        if key in self._cache:
            return self._cache[key]  # type: ignore[return-value]
        if len(self._cache) > 64:
            self._cache.clear()
        value = make()
        self._cache[key] = value
        return value

    def _cached_steps(self, key: tuple[object, ...], make: Callable[[], Steps[T]]) -> Steps[T]:
        """:meth:`_cached`, the value worked out by ``make()``'s steps when it is not kept."""
        if key in self._cache:
            return self._cache[key]  # type: ignore[return-value]
        value = yield from make()
        return self._cached(key, lambda: value)

    # -- where the puzzle comes from ----------------------------------------------------------

    def frame_box(self, frame: FrameBox | None) -> PixelBox:
        """The frame in working pixels, at least ``MIN_SOURCE_SIDE`` a side."""
        width, height = self.source.width, self.source.height
        if frame is None:
            return (0, 0, width, height)
        x0, y0, x1, y1 = frame
        left, top = round(x0 * width), round(y0 * height)
        right = max(round(x1 * width), left + MIN_SOURCE_SIDE)
        bottom = max(round(y1 * height), top + MIN_SOURCE_SIDE)
        if right > width:
            left, right = max(0, width - (right - left)), width
        if bottom > height:
            top, bottom = max(0, height - (bottom - top)), height
        return (left, top, right, bottom)

    def region(self, options: ConvertOptions) -> PixelBox:
        """The working pixels that become the puzzle: the frame, then (with crop) what lies
        inside its uniform borders."""
        box = self.frame_box(options.frame)
        if not options.crop:
            return box
        if options.frame is None and not self.is_photo:
            return self.source.crop_box
        return run_steps(self._cropping(box))

    def region_steps(self, options: ConvertOptions) -> Steps[PixelBox]:
        """:meth:`region`, its borders looked for a band of rows at a time."""
        if options.crop and (options.frame is not None or self.is_photo):
            yield from self._cropping(self.frame_box(options.frame))
        return self.region(options)

    def _cropping(self, box: PixelBox) -> Steps[PixelBox]:
        key = ("crop", box)
        if key in self._cache:
            return self._cache[key]  # type: ignore[return-value]
        tolerance = PHOTO_CROP_TOLERANCE if self.is_photo else CROP_TOLERANCE
        x0, y0, x1, y1 = box
        inner = yield from border_box_steps(self.source.rgb[y0:y1, x0:x1], tolerance)
        cx0, cy0, cx1, cy1 = inner
        return self._cached(key, lambda: (x0 + cx0, y0 + cy0, x0 + cx1, y0 + cy1))

    def _region_slices(self, options: ConvertOptions) -> tuple[slice, slice]:
        x0, y0, x1, y1 = self.region(options)
        return slice(y0, y1), slice(x0, x1)

    def resolved(self, options: ConvertOptions) -> ConvertOptions:
        """``options`` with the height filled in when it follows the picture's aspect."""
        if not options.keep_aspect:
            return options
        x0, y0, x1, y1 = self.region(options)
        return replace(options, height=_height_for(options.width, x1 - x0, y1 - y0))

    def blocks(self, options: ConvertOptions, scale: int = 1) -> Blocks:
        options = self.resolved(options)
        x0, y0, x1, y1 = self.region(options)
        return blocks_for(options.width * scale, options.height * scale, x1 - x0, y1 - y0,
                          options.fit)  # fmt: skip

    def view_box(self, options: ConvertOptions) -> FrameBox:
        """The box the grid spans, as fractions of the picture (beyond 0..1 where padded):
        cell (x, y) covers ``x0 + x*(x1-x0)/width`` to the next, and so on."""
        x0, y0, _, _ = self.region(options)
        vx0, vy0, vx1, vy1 = self.blocks(options).view
        width, height = self.source.width, self.source.height
        return ((x0 + vx0) / width, (y0 + vy0) / height, (x0 + vx1) / width, (y0 + vy1) / height)

    def auto_frame(self, width: int, height: int) -> FrameBox | None:
        """The frame a photo opens with for a ``width`` x ``height`` grid (None for a
        drawing, or a photo without a face): see :mod:`game.core.convert.frame`."""
        if not self.is_photo:
            return None
        return self._cached(("autoframe", width, height),
                            lambda: subject_frame(self.source, width, height))  # fmt: skip

    def zoomed_on_small_subject(self, width: int, height: int) -> bool:
        """Is the automatic frame for ``width`` x ``height`` the zoom on a small subject
        (:mod:`game.core.convert.small_subject`), not a face's or the salient object's?"""
        automatic = self.auto_frame(width, height)
        if automatic is None:
            return False
        return automatic == small_subject_frame(self.source.rgb, width, height)

    def suggested_width(self, options: ConvertOptions) -> int | None:
        """Cells along the longer side that show the photo's small subject in ``options``'s
        frame (:func:`game.core.convert.small_subject.suggested_size`), or None."""
        if not self.is_photo:
            return None
        return suggested_size(self.source.rgb, options.frame)

    def portrait(self, options: ConvertOptions) -> bool:
        """Does the region hold a face that fills much of it (Auto sketches a portrait)?"""
        box = self.region(options)
        x0, y0, x1, y1 = box
        if not self.is_photo:
            return False
        return self._cached(("portrait", box),
                            lambda: holds_a_face(self.source.rgb[y0:y1, x0:x1]))  # fmt: skip

    @property
    def is_photo(self) -> bool:
        """:func:`looks_like_photo` of the picture, worked out once."""
        return run_steps(self.deciding_photo())

    def deciding_photo(self) -> Steps[bool]:
        """:attr:`is_photo` a step at a time (:func:`photo_steps`), worked out once."""
        if self._photo is None:
            self._photo = yield from photo_steps(self.source)
        return self._photo

    # -- pixels ---------------------------------------------------------------------------------

    def luminance(self, options: ConvertOptions) -> FloatImage:
        """The region's luminance after the tone controls."""
        key = ("lum", self.region(options), options.tone_key)
        return self._cached(key, lambda: tone(
            self.source.luminance[self._region_slices(options)],
            options.brightness, options.contrast, options.gamma,
        ))  # fmt: skip

    def otsu_level(self, options: ConvertOptions | bool = False) -> float:
        """Otsu's cut on the region's (toned) luminance."""
        if isinstance(options, bool):
            options = ConvertOptions(crop=options)
        key = ("otsu", self.region(options), options.tone_key)
        return self._cached(key, lambda: otsu_threshold(self.luminance(options)))

    def dark_mask(self, options: ConvertOptions) -> BoolGrid:
        """Which region pixels count as dark under a pixel method (after invert)."""
        if options.method == "hsv":
            region = self._region_slices(options)
            brightness = tone(self.source.brightness[region], options.brightness,
                              options.contrast, options.gamma)  # fmt: skip
            mask = hsv_dark_mask(brightness, self.source.saturation[region])
        elif options.method == "otsu":
            mask = self.luminance(options) < self.otsu_level(options)
        else:
            mask = self.luminance(options) < options.threshold
        if options.invert:
            mask = np.logical_not(mask)
        return mask

    def _mask_table(self, options: ConvertOptions) -> npt.NDArray[np.int32]:
        # Without invert: an inverted cell's dark count is its picture pixels less this one.
        plain = replace(options, invert=False)
        key: tuple[object, ...] = ("mask", options.method, self.region(options),
                                   options.tone_key)  # fmt: skip
        if options.method == "threshold":
            key += (round(options.threshold, 4),)
        return self._cached(key, lambda: _summed_area(self.dark_mask(plain)))

    def cell_luminance(self, options: ConvertOptions, scale: int = 1) -> FloatGrid:
        """Each cell's mean (toned) luminance, pad margins counting as white; ``scale``
        samples per cell side (the outline method looks at 3)."""
        options = self.resolved(options)
        key = ("cells", self.region(options), options.tone_key, options.width, options.height,
               options.fit, scale)  # fmt: skip
        return self._cached(key, lambda: self._cell_means(options, scale))

    def preparing_cell_luminance(self, options: ConvertOptions) -> Generator[None, None, None]:
        """:meth:`cell_luminance`'s table in steps (the toned luminance, then its summed-area
        table in two), yielding between them, then the cells' means."""
        options = self.resolved(options)
        key = ("lumtable", self.region(options), options.tone_key)
        if key not in self._cache:
            lum = self.luminance(options)
            yield None
            table = yield from summed_area_steps(lum)
            self._cached(key, lambda: table)
            yield None
        self.cell_luminance(options)

    def cell_rgb(self, options: ConvertOptions) -> FloatGrid:
        """Each cell's mean colour, ``(height, width, 3)`` in 0..1, pad margins white (the
        tone controls act on luminance only and leave it as it is)."""
        options = self.resolved(options)
        key = ("rgb", self.region(options), options.width, options.height, options.fit)
        return self._cached(key, lambda: self._cell_colours(options))

    def preparing_cell_rgb(self, options: ConvertOptions) -> Generator[None, None, None]:
        """:meth:`cell_rgb`'s tables a channel at a time, yielding between them (each is a
        summed-area table of the framed picture: 4-6 ms on a big photo, three in one go
        were the converter's longest frame after a new size), then the cells' colours."""
        options = self.resolved(options)
        key = ("rgbtables", self.region(options))
        if key not in self._cache:
            rows, columns = self._region_slices(options)
            rgb = self.source.rgb[rows, columns]
            tables = []
            for channel in range(3):
                table = yield from summed_area_steps(_channel_values(rgb, channel))
                tables.append(table)
                yield None
            self._cached(key, lambda: tables)
        self.cell_rgb(options)

    def _cell_colours(self, options: ConvertOptions) -> FloatGrid:
        rows, columns = self._region_slices(options)
        rgb = self.source.rgb[rows, columns]
        shape = (int(rgb.shape[0]), int(rgb.shape[1]))
        blocks = self.blocks(options)
        area = blocks.area.astype(np.float64)
        xs, ys = blocks.clamped(shape[1], shape[0])
        inside = np.outer(np.diff(ys), np.diff(xs)).astype(np.float64)
        # The tables survive a change of size, fit or tone: only the region matters.
        tables = self._cached(("rgbtables", self.region(options)), lambda: [
            _channel_table(rgb, channel) for channel in range(3)
        ])  # fmt: skip
        channels = []
        for table in tables:
            total = _block_sums(table, blocks, shape) + (area - inside)
            channels.append(np.divide(total, area, out=np.ones_like(total), where=area > 0))
        # The float32 tables' rounding can put a thin margin cell a little outside 0..1
        # (-0.055 seen), and Lab's gamma curve turns a negative channel into NaN.
        colours: FloatGrid = np.clip(np.stack(channels, axis=-1), 0.0, 1.0)
        colours.setflags(write=False)  # shared through the cache
        return colours

    def _cell_means(self, options: ConvertOptions, scale: int) -> FloatGrid:
        lum = self.luminance(options)
        shape = (int(lum.shape[0]), int(lum.shape[1]))
        table = self._cached(("lumtable", self.region(options), options.tone_key),
                             lambda: _summed_area(lum))  # fmt: skip
        blocks = self.blocks(options, scale)
        area = blocks.area.astype(np.float64)
        xs, ys = blocks.clamped(shape[1], shape[0])
        inside = np.outer(np.diff(ys), np.diff(xs)).astype(np.float64)
        total = _block_sums(table, blocks, shape) + (area - inside)
        means: FloatGrid = np.clip(
            np.divide(total, area, out=np.ones_like(total), where=area > 0), 0.0, 1.0
        )
        means.setflags(write=False)  # shared through the cache
        return means

    # -- grids ----------------------------------------------------------------------------------

    def method_grid(self, options: ConvertOptions) -> BoolGrid:
        """The grid of one concrete method (not Auto), before cleaning."""
        options = self.resolved(options)
        if options.method in PIXEL_METHODS:
            lum = self.luminance(options)
            shape = (int(lum.shape[0]), int(lum.shape[1]))
            blocks = self.blocks(options)
            dark = _block_sums(self._mask_table(options), blocks, shape)
            if options.invert:
                xs, ys = blocks.clamped(shape[1], shape[0])
                dark = np.outer(np.diff(ys), np.diff(xs)) - dark  # margins stay light
            area = blocks.area
            majority: BoolGrid = (area > 0) & (2 * dark >= area)
            return majority
        if options.method == "outline":
            return outline_grid(self._edge_strength(options), options.threshold)
        cells = self.cell_luminance(options)
        if options.invert:
            cells = 1.0 - cells
        if options.method == "adaptive":
            grid = adaptive_grid(cells, options.threshold)
        elif options.method == "sketch":
            grid = sketch_grid(self._edge_strength(options), cells, options.threshold)
        elif options.method == "subject":
            # Colour, not tone, tells the subject from its background: invert fills the
            # background instead.
            grid = subject_grid(self.cell_rgb(options), self.cell_luminance(options),
                                options.threshold)  # fmt: skip
            if options.invert:
                grid = ~grid
        else:
            grid = dither_grid(cells, options.threshold)
        if options.invert and options.fit == "pad":
            grid &= self._inside_cells(options)  # inverted margins stay empty
        return grid

    def _edge_strength(self, options: ConvertOptions) -> FloatGrid:
        # The same for both polarities and every level: Auto asks for it several times.
        key = ("edges", self.region(options), options.tone_key, options.width, options.height,
               options.fit)  # fmt: skip
        samples = self.cell_luminance(options, OUTLINE_SAMPLES)
        return self._cached(key, lambda: edge_strength(samples, options.width, options.height))

    def _inside_cells(self, options: ConvertOptions) -> BoolGrid:
        x0, y0, x1, y1 = self.region(options)
        blocks = self.blocks(options)
        xs, ys = blocks.clamped(x1 - x0, y1 - y0)
        inside: BoolGrid = np.outer(np.diff(ys) > 0, np.diff(xs) > 0)
        return inside

    def choice(self, options: ConvertOptions) -> AutoChoice:
        """What Auto picks for ``options`` (cached: a redraw asks again)."""
        options = self.resolved(options)
        return self._cached(self._auto_key(options), lambda: choose(self, options))

    def _auto_key(self, options: ConvertOptions) -> tuple[object, ...]:
        return ("auto", self.region(options), options.tone_key, options.width,
                options.height, options.fit, options.invert, options.clean)  # fmt: skip

    def choosing(self, options: ConvertOptions) -> Generator[None, None, AutoChoice]:
        """:meth:`choice` a candidate at a time (yielding between them); the choice is
        cached as :meth:`choice` caches it, so asking for it afterwards costs nothing."""
        options = self.resolved(options)
        key = self._auto_key(options)
        if key in self._cache:
            return self._cache[key]  # type: ignore[return-value]
        chosen = yield from choose_steps(self, options)
        if chosen.method in LINE_METHODS and self.is_photo:  # its details, for grid()
            yield from self._ridge_steps(options)
            yield None
            self._region_saliency(options)
            yield None
        return self._cached(key, lambda: chosen)

    def concrete(self, options: ConvertOptions) -> ConvertOptions:
        """``options`` with Auto replaced by the method and level it chose."""
        if options.method != "auto":
            return options
        chosen = self.choice(options)
        return replace(options, method=chosen.method, threshold=chosen.level,
                       invert=options.invert != chosen.flipped)  # fmt: skip

    def grid(self, options: ConvertOptions) -> BoolGrid:
        """The ``(height, width)`` filled-cell grid for ``options``: the fast path."""
        if options.method == "auto":
            chosen = self.choice(options)
            grid = chosen.grid.copy()
            if chosen.method in LINE_METHODS and self.is_photo:  # the filaments as lines
                grid |= self.detail_grid(options)
            return grid
        grid = self.method_grid(options)
        return clean_specks(grid) if options.clean else grid

    # -- colour -------------------------------------------------------------------------------

    def _palette_key(self, options: ConvertOptions) -> tuple[object, ...]:
        return ("palette", self.region(options), options.colours)

    def pixel_palette(self, options: ConvertOptions) -> PixelPalette:
        """The colours fitted to the region's pixels for ``options.colours`` (3..8 or auto;
        :mod:`game.core.convert.quantise`), cached: a new size or fit keeps them."""
        steps = self.fitting_palette(options)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                palette: PixelPalette = done.value
                return palette

    def fitting_palette(self, options: ConvertOptions) -> Generator[None, None, PixelPalette]:
        """:meth:`pixel_palette` a fit at a time (Auto tries six counts), yielding between
        them so a screen can spread the work over frames; cached as it is."""
        key = self._palette_key(options)
        if key in self._cache:
            return self._cache[key]  # type: ignore[return-value]
        rows, columns = self._region_slices(options)
        region = self.source.rgb[rows, columns]
        hist = yield from self._cached_steps(("histogram", self.region(options)),
                                             lambda: histogram_steps(region))  # fmt: skip
        yield None
        if options.colours == "auto":
            fitted = yield from choosing_count(hist)
            yield None
            saliency = yield from self._region_saliency_steps(options)
            yield None
            mass = self._cached(("salient mass", self.region(options)),
                                lambda: salient_mass(region, hist, saliency))  # fmt: skip
            yield None
            fitted = yield from keeping_subject(hist, mass, fitted, region)
        else:
            fitted = fit_histogram(hist, int(options.colours))
        return self._cached(key, lambda: fitted)

    def _labels_key(self, options: ConvertOptions) -> tuple[object, ...]:
        return ("labels", *self._palette_key(options))

    def colours_ready(self, options: ConvertOptions) -> bool:
        """Is the colour work for ``options`` done (a new grid is then a vote, quick)?"""
        options = self.resolved(options)
        lines = self._lines_choice(options)
        return (
            self._labels_key(options) in self._cache
            and (lines is None or self._auto_key(lines) in self._cache)
            and (not self._keeps_subject(options) or self._object_key(options) in self._cache)
        )

    def _lines_choice(self, options: ConvertOptions) -> ConvertOptions | None:
        """The black-and-white options whose Auto choice decides colour's dark lines, or
        None when there is no choice to make (lines off, or a method chosen by hand)."""
        black_and_white = replace(options, colours=2)
        return black_and_white if options.lines and options.method == "auto" else None

    def colour_lines(self, options: ConvertOptions) -> BoolGrid | None:
        """The dark lines laid over the colours: the black-and-white grid of ``options``
        when its method (Auto's choice, or the one set) draws lines (Sketch or Outline:
        the eyes, brows and mouth of a face, a cup's rim, that a few flat colours lose);
        None when ``options.lines`` is off or the method fills areas (Otsu, Subject, ...:
        it would paint a silhouette over the colours)."""
        if not options.lines:
            return None
        black_and_white = replace(options, colours=2)
        if self.concrete(black_and_white).method not in LINE_METHODS:
            return None
        return self.grid(black_and_white)

    def preparing_colours(self, options: ConvertOptions) -> Generator[None, None, None]:
        """The colour work for ``options`` a step at a time (the histogram, each fit, the
        labels, each colour's table), yielding between steps; what it makes is cached, so
        :meth:`colour_cells` afterwards only votes (and a vote is kept per settings)."""
        options = self.resolved(options)
        lines = self._lines_choice(options)
        if lines is not None:  # Auto's black-and-white choice, for the lines
            yield from self.choosing(lines)
        if self._keeps_subject(options):  # the grid's own salient object, a step
            yield from self.preparing_cell_rgb(options)  # its colour tables, a step each
            yield None
            self.cell_object(options)
            yield None
        key = self._labels_key(options)
        if key in self._cache:
            return
        palette = yield from self.fitting_palette(options)
        yield None
        rows, columns = self._region_slices(options)
        region = self.source.rgb[rows, columns]
        labels = np.empty(region.shape[:2], dtype=np.int8)
        band = max(1, -(-region.shape[0] // LABEL_BANDS))
        for top in range(0, region.shape[0], band):  # a band of rows a step
            labels[top : top + band] = palette.label(region[top : top + band])
            yield None
        tables = []
        for table in label_tables_steps(labels, palette.count):
            tables.append(table)
            yield None
        if options.colours == "auto" and self.is_photo:  # thin light details (seeds)
            yield from self._ridge_steps(options)
            yield None
        self._cached(key, lambda: (palette, tables, background_label(labels, palette.count)))

    def _keeps_subject(self, options: ConvertOptions) -> bool:
        """Does the colour grid of ``options`` keep its subject (:mod:`ground`: Auto
        colours)?"""
        return options.colours == "auto"

    def _object_key(self, options: ConvertOptions) -> tuple[object, ...]:
        return ("cell object", self.region(options), options.width, options.height, options.fit)

    def cell_object(self, options: ConvertOptions) -> SalientObject | None:
        """The one compact object standing out of the grid's own cells
        (:func:`~game.core.convert.auto.compact_object`), or None; cached per size."""
        options = self.resolved(options)

        def find() -> SalientObject | None:
            found = salient_object(saliency_map(self.cell_rgb(options)))
            return found if found is not None and compact_object(found) else None

        return self._cached(self._object_key(options), find)

    def _region_rgb(self, options: ConvertOptions) -> npt.NDArray[np.uint8]:
        rows, columns = self._region_slices(options)
        region: npt.NDArray[np.uint8] = self.source.rgb[rows, columns]
        return region

    def detail_grid(self, options: ConvertOptions) -> BoolGrid:
        """The region's thin light details that define its subject, as cells
        (:func:`detail_cells`): seeds' filaments, whiskers."""
        options = self.resolved(options)
        region = self.region(options)
        x0, y0, x1, y1 = region

        def find() -> BoolGrid:
            ridges = self._ridges(options)
            saliency = self._region_saliency(options)
            found = detail_cells(ridges, self.blocks(options), (y1 - y0, x1 - x0), saliency)
            found.setflags(write=False)  # cached: shared by every grid of these settings
            return found

        key = ("details", region, options.width, options.height, options.fit)
        return self._cached(key, find)

    def _region_saliency(self, options: ConvertOptions) -> FloatGrid:
        """The saliency map of the region's coarse cells (:mod:`saliency`), cached."""
        return run_steps(self._region_saliency_steps(options))

    def _region_saliency_steps(self, options: ConvertOptions) -> Steps[FloatGrid]:
        """:meth:`_region_saliency` in two steps: the coarse cells, then their map."""
        region = self._region_rgb(options)

        def steps() -> Steps[FloatGrid]:
            cells = coarse_cells(region)
            yield None
            return saliency_map(cells)

        return (yield from self._cached_steps(("saliency", self.region(options)), steps))

    def _ridges(self, options: ConvertOptions) -> npt.NDArray[np.int32]:
        """The region's thin light details (:func:`ridge_table`), cached."""
        return run_steps(self._ridge_steps(options))

    def _ridge_steps(self, options: ConvertOptions) -> Steps[npt.NDArray[np.int32]]:
        key = ("ridges", self.region(options))
        if key in self._cache:
            return self._cache[key]  # type: ignore[return-value]
        rows, columns = self._region_slices(options)
        table = yield from ridge_steps(self.source.luminance[rows, columns])
        return self._cached(key, lambda: table)

    def _labelled(
        self, options: ConvertOptions
    ) -> tuple[PixelPalette, list[npt.NDArray[np.int32]], int]:
        run_steps(self.preparing_colours(options))
        return self._cache[self._labels_key(options)]  # type: ignore[return-value]

    def colour_cells(self, options: ConvertOptions) -> ColourCells:
        """The ``options`` grid in colour: each cell the palette colour covering most of its
        pixels, the background the colour touching the region's border most (lone cells
        cleaned when ``options.clean``), the dark lines of :meth:`colour_lines` over them;
        see :mod:`game.core.convert.quantise`."""
        options = self.resolved(options)
        if not options.in_colour:
            raise ValueError("colour cells need 3 to 8 colours or auto")
        # Kept: the screen votes on a frame of its own, before the frame that shows the grid.
        return self._cached(("colour cells", options), lambda: self._colour_cells(options))

    def _colour_cells(self, options: ConvertOptions) -> ColourCells:
        palette, tables, background = self._labelled(options)
        x0, y0, x1, y1 = self.region(options)
        found = self.cell_object(options) if self._keeps_subject(options) else None
        votes = background_votes(found, (options.height, options.width))
        cells = vote_cells(tables, (y1 - y0, x1 - x0), self.blocks(options), background,
                           palette.accents, ACCENT_VOTE, votes)  # fmt: skip
        if options.clean:
            cells = clean_colour_specks(cells, palette.accents)
            if self._keeps_subject(options) and self.is_photo:  # a drawing's eye stays
                cells = tidy_pieces(cells, palette.count, palette.accents)
        cells = flatten_ground(cells, palette.count, background, found)
        lines = self.colour_lines(options)
        if lines is not None:
            cells = overlay_lines(cells, lines, palette, background)
        # The thin light details over the lines: a seed's filaments are the subject, and the
        # sketch's lines around them the edges of a blurred ground (the dandelion seeds of
        # issue 47 lost 32 of their 65 detail cells at 30x30 to the lines of orange bokeh).
        if options.colours == "auto" and self.is_photo:
            cells = overlay_details(cells, self.detail_grid(options), palette.lab, background)
        coloured = colour_cells(palette, cells, background)
        coloured.cells.setflags(write=False)  # cached: shared by every caller of these settings
        return coloured
