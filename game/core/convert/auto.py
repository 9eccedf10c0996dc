"""Auto: try each method at a few levels and keep the grid that scores best.

The score asks "does this grid look like the picture, and does it make a good puzzle?",
from the cells' mean luminance ``L`` (after the tone controls; darkness ``D = 1 - L``, or
``L`` when inverted) and the candidate grid ``G`` (1 filled):

- **tone** (weight 0.5): the mean of two correlations, between ``G`` and ``D`` (dark parts
  filled, light parts empty) and between ``G`` and ``D`` less its blur over a few cells (the
  same after taking away slow shading, which a person looking at a photo discounts). -1..1.
- **edges** (weight 0.5): the cosine between the grid's edges (pairs of side-by-side cells
  that differ) and the picture's (``|D(a) - D(b)|`` over the same pairs): the grid's
  outlines run where the picture's contrast is. 0..1; a grid with more edges than the
  picture has, or edges in flat areas, scores less.
- **specks** (penalty 3 per unit): the share of cells that stand alone (a filled cell with
  no filled side neighbour, or an empty one among filled): noise to the eye, a chore of
  1-clues in the puzzle.
- **fill** (penalty 2 per unit): how far the share of filled cells is outside 30-60%, where
  nonograms are pleasant to solve and pictures read well.

- **salient** (weight ``SALIENT_WEIGHT``): the mean saliency (:mod:`game.core.convert.saliency`,
  worked out on the framed cells) of the grid's filled cells less that of its empty ones: a
  grid on the subject scores more than one on the grass around it.

**One thing standing out** comes before the tone grids' likeness: when the framed cells hold
one compact salient object (``OBJECT_SEPARATION`` and the constants after it) and the Subject
method's silhouette is that object, Auto draws the silhouette, unless the best tone grid is
faithful and about as much on the subject. On 32 photos nobody had tuned to it turned sketches
of reeds, fur and leaves into a heron, a parrot and meerkats, and lost a small painted girl and
a jetty in fog (docs/photos.md, *Auto that finds the subject*).

The tone and edge terms together are the grid's **likeness** (0.5 tone + 0.5 edges). Every
candidate (Otsu, three thresholds, three adaptive margins) is scored in both polarities (dark
filled, and light filled for a bright subject on a dark ground). When even the best
candidate's likeness is under ``SKETCH_BELOW`` (0.74; measured below, the photos that
read better otherwise reach 0.50-0.70, or 0.72 with a frame on the cat's face, the
others 0.75-0.91), the picture's tones do not make a faithful grid: texture everywhere (a
cat's striped fur turns into scattered blobs), or a dark scene around a small bright
subject (a rocket at night). Auto then looks at colour: when the picture is in colour
(``SUBJECT_MIN_CHROMA``), its cells' distinctness from the background's colours splits
cleanly in two (``SUBJECT_SEPARATION``, Otsu's between-class share) and the resulting
silhouette fills enough of the grid to read (``SUBJECT_MIN_FILL``) and keeps off its top and
sides (``SUBJECT_MAX_SIDES``), it draws the **subject**
(:mod:`game.core.convert.subject`); otherwise a **sketch** (the outline plus the darkest
features) at the level that scores best.

Measured with ``benchmarks/convert_photos.py`` on scikit-image's photographs (Fill, clean
specks), best tone likeness and what Auto picked at 30x30:

=================  ==========  ====================================================
photo              likeness    Auto picks (20x20 / 30x30 / 40x30 agree unless said)
=================  ==========  ====================================================
horse (drawing)    0.89        Adaptive: the silhouette (Otsu ties)
coins              0.85        Adaptive 35%, inverted: the light coins filled
camera(man)        0.78        Adaptive: figure, camera and tripod
astronaut          0.77        Adaptive: hair, face, collar ring, helmet (weakest);
                               framed on her face (as she opens): a portrait, sketched
page               0.77        Adaptive: lines of text (20x20: 0.70, a sketch)
motorcycle         0.76        Adaptive 50%
chelsea (cat)      0.69        Sketch 30%: two eyes (rings with pupils), nose, mouth
coffee             0.67        Sketch 30%: rim, saucer, spoon
rocket             0.51        Subject: the rocket standing on its pad
moon               0.55        Sketch 30%: its craters
=================  ==========  ====================================================

Framed on the cat's face (the converter's drag), the best tone grid reaches 0.70-0.72 and
is still striped fur; the sketch shows two eyes with pupils, the nose and the mouth. The
sketch's darkest cells never fill a shape its outline encloses (an eye's ring): filled, the
cat's eyes were two blobs.
Framed on the cup, 0.71-0.73: a sketch of the rim, as recognisable as the tone grid.

The rocket's sketch drew its towers and a dark band of evening sky along the top; its
subject is the lit rocket standing on its pad (distinctness separation 0.75-0.80, silhouette
5-13% of the grid; 0.744-0.802 from 15x15 to 50x50). The other photos that reach the
colour test do not split cleanly enough: the cat 0.68-0.72, the coffee cup 0.68-0.72 (their
sketches read better); the moon is grey.

Before the sketch, the cat and the coffee cup got Adaptive grids that were mostly blobs of
fur and saucer; the weights of the score were set on these photos so that the grids a
person recognises (docs/photos.png) score highest, and a clean drawing still gets a plain
cut (likeness about 0.9, no specks).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field, replace
from typing import Protocol

import numpy as np
import numpy.typing as npt

from game.core.convert.methods import ADAPTIVE_SIGMA_PER_30, blur, clean_specks, count_specks
from game.core.convert.options import ConvertOptions, Method
from game.core.convert.saliency import SalientObject, saliency_map, salient_object
from game.core.convert.subject import chroma, distinctness, separation
from game.core.i18n import N_, _

BoolGrid = npt.NDArray[np.bool_]
FloatGrid = npt.NDArray[np.float64]


class Gridder(Protocol):
    """What Auto asks of the picture it chooses for (a
    :class:`~game.core.convert.converter.Converter`, which calls :func:`choose` for Auto)."""

    def cell_luminance(self, options: ConvertOptions, scale: int = 1) -> FloatGrid: ...

    def cell_rgb(self, options: ConvertOptions) -> FloatGrid: ...

    def preparing_cell_luminance(self, options: ConvertOptions) -> Generator[None, None, None]: ...

    def preparing_cell_rgb(self, options: ConvertOptions) -> Generator[None, None, None]: ...

    def portrait(self, options: ConvertOptions) -> bool: ...

    def method_grid(self, options: ConvertOptions) -> BoolGrid: ...

    def grid(self, options: ConvertOptions) -> BoolGrid: ...


TONE_WEIGHT = 0.5
EDGE_WEIGHT = 0.5
SPECK_PENALTY = 3.0
FILL_PENALTY = 2.0
FILL_LOW, FILL_HIGH = 0.30, 0.60

# (method, level) pairs Auto tries; the level is ignored by Otsu. Thresholds around the
# middle and the adaptive margin either side of its cut. Outline and Dither are left to the
# player: on the photographs measured they never scored best (an outline has little tone
# likeness, a dither's specks cost it), and the sketch below does the outline's job better.
CANDIDATES: tuple[tuple[Method, float], ...] = (
    ("otsu", 0.5),
    ("threshold", 0.35),
    ("threshold", 0.5),
    ("threshold", 0.65),
    ("adaptive", 0.35),
    ("adaptive", 0.5),
    ("adaptive", 0.65),
)

# When the best candidate above is less alike than this (its tone and edge terms, without the
# penalties), the picture's tones do not make a faithful grid (fur or foliage texture
# everywhere, a small bright subject in the dark) and Auto draws a sketch instead.
SKETCH_BELOW = 0.74
# One level: at 40% the fainter edges of fur and wood grain join the strokes and close shapes
# into blobs (the cat's eyes at 30x30 and 40x30); 30% drew every feature 40% did on the
# photos that reach the sketch (cat, coffee, moon, the page at 20x20), looked at side by side.
SKETCH_CANDIDATES: tuple[tuple[Method, float], ...] = (("sketch", 0.3),)
# A portrait (the framed picture holds a face: game.core.convert.frame) is drawn as a sketch
# at 50%, whatever the tone grids score: at 20-40 cells a face is its lines (hair's outline,
# brows, eyes, nose, mouth, chin), which a tone grid merges into hair and shadow. On the
# astronaut framed on her face the adaptive grid scores 0.77 and shows a bob of hair with an
# eye and the mouth in bits; the sketch (0.39) shows her face, looked at side by side at
# 20x20, 30x30 and 40x30 (30% drew too few lines, the outline no collar).
PORTRAIT_CANDIDATES: tuple[tuple[Method, float], ...] = (("sketch", 0.5),)
# ... unless the sketch follows the picture this poorly (its likeness): a lined or textured
# face (wrinkles, a beard, freckles) gives many faint edges and the strokes scatter over it,
# where the tone grid draws a cap, glasses, the mouth and a collar. Measured framed on the
# face at 20x20 / 30x30 / 40x30: the astronaut's sketch 0.37-0.44 (it reads as her face),
# Grace Hopper's (matplotlib's sample portrait) 0.19-0.22 (scattered strokes; her adaptive
# grid, 0.77, reads as her face).
PORTRAIT_SKETCH_LIKENESS = 0.3
# Before the sketch, Auto tries the Subject method (game.core.convert.subject) when the cells'
# distinctness from the background's colours splits at least this cleanly (Otsu's
# between-class share) and the silhouette fills at least this share of the grid (the moon's
# craters: 1-2%, the rocket 5-13%). Measured from 15x15 to 50x50: the rocket 0.744-0.802;
# the cat 0.680-0.724 (at 0.72, the cut before, its 15x15 became a blob where the sketch
# shows eyes and nose), the coffee cup 0.682-0.718 (0.749 at 10x10).
SUBJECT_SEPARATION = 0.74
SUBJECT_MIN_FILL = 0.04
# ... and keeps off the picture's top and sides: a silhouette along more than this share of
# them is scenery running out of the picture (the leaves in front of scipy's raccoon, whose
# grey fur the edges took for background: 0.14 at 30x30), not a thing standing in it (the
# rocket: at most 0.05 from 15x15 to 50x50, also with transparent sides).
SUBJECT_MAX_SIDES = 0.1
# ... and only in a picture in colour: its cells' 90th percentile of chroma (Lab's distance
# from grey) at least this (scikit-image's grey photos: 0; the rocket's evening sky: 24; the
# cat: 36).
SUBJECT_MIN_CHROMA = 10.0

# The score's reward for a grid whose filled cells are the salient region (Score.salient).
SALIENT_WEIGHT = 0.3
# One compact salient object stands out of the framed picture (its saliency splits at least
# this cleanly, the object covers this share of the cells and at most ``OBJECT_SIDES`` of
# the outermost ring, and stands ``OBJECT_CONTRAST`` above the rest): Auto draws its
# silhouette (the Subject method) unless a tone grid is both faithful (likeness at least
# ``SKETCH_BELOW``) and as much on the subject (its Score.salient at least the
# silhouette's less ``OBJECT_TONE_SLACK``).
OBJECT_SEPARATION = 0.6
OBJECT_SHARE = (0.05, 0.6)
OBJECT_SIDES = 0.15
OBJECT_CONTRAST = 0.35
OBJECT_TONE_SLACK = 0.2
# ... and the silhouette must be that object: its cells overlap the object's at least this
# much (intersection over union).
OBJECT_OVERLAP = 0.4

# How each method is named to players.
METHOD_NAMES = {"auto": N_("Auto"), "otsu": N_("Otsu"), "threshold": N_("Threshold"),
                "hsv": N_("HSV rule"), "adaptive": N_("Adaptive"), "outline": N_("Outline"),
                "sketch": N_("Sketch"), "subject": N_("Subject"),
                "dither": N_("Dither")}  # fmt: skip


@dataclass(frozen=True)
class Score:
    """One candidate's score and its parts (see the module's docstring)."""

    total: float
    tone: float
    edges: float
    specks: float
    fill: float
    # The grid on the picture's salient region: the mean saliency of its filled cells less
    # that of its empty ones (-1..1; 0 when not measured).
    salient: float = 0.0

    @property
    def likeness(self) -> float:
        """The tone and edge terms alone: how faithfully the grid follows the picture."""
        return TONE_WEIGHT * self.tone + EDGE_WEIGHT * self.edges


@dataclass(frozen=True)
class AutoChoice:
    """What Auto picked: the method, its level, the grid and why (its score)."""

    method: Method
    level: float
    score: Score
    grid: BoolGrid = field(compare=False)
    # Auto filled the light parts (a rocket against a night sky): the opposite of the
    # player's Invert setting.
    flipped: bool = False
    # Why, when it is not the score alone ("a face").
    reason: str = ""

    @property
    def text(self) -> str:
        """For the settings panel: "Auto chose Adaptive 50%", "..., light parts filled" (its
        own flip: the Invert switch, the player's, stays as it was)."""
        name = _(METHOD_NAMES[self.method])
        level = "" if self.method == "otsu" else f" {round(self.level * 100)}%"
        text = _("Auto chose {method}").format(method=name + level)
        text += _(", light parts filled") if self.flipped else ""
        return text + (_(" for {reason}").format(reason=_(self.reason)) if self.reason else "")


def _correlation(a: FloatGrid, b: FloatGrid) -> float:
    a = a - a.mean()
    b = b - b.mean()
    norm = float(np.sqrt((a * a).sum() * (b * b).sum()))
    return float((a * b).sum()) / norm if norm > 1e-12 else 0.0


def local_darkness(darkness: FloatGrid) -> FloatGrid:
    """Darkness less its blur over a few cells: the picture without its slow shading."""
    local: FloatGrid = darkness - blur(darkness, ADAPTIVE_SIGMA_PER_30 * max(darkness.shape) / 30)
    return local


def salient_contrast(grid: BoolGrid, saliency: FloatGrid) -> float:
    """The mean ``saliency`` of ``grid``'s filled cells less that of its empty ones: high
    when the filled cells are the subject, near 0 for texture everywhere, negative for a
    filled background."""
    if not grid.any() or grid.all():
        return 0.0
    return float(saliency[grid].mean()) - float(saliency[~grid].mean())


def score_grid(
    grid: BoolGrid,
    darkness: FloatGrid,
    local: FloatGrid | None = None,
    saliency: FloatGrid | None = None,
) -> Score:
    """The score of ``grid`` against the cells' ``darkness`` (0 light .. 1 dark); ``local``
    is :func:`local_darkness` of it, when the caller scores many grids against one picture;
    with ``saliency`` (the cells' :func:`~game.core.convert.saliency.saliency_map`) a grid
    whose filled cells fall on the salient region scores more (``SALIENT_WEIGHT``)."""
    filled = grid.astype(np.float64)
    if local is None:
        local = local_darkness(darkness)
    tone = (_correlation(filled, darkness) + _correlation(filled, local)) / 2
    grid_edges = np.concatenate(
        [(grid[:, 1:] != grid[:, :-1]).ravel(), (grid[1:, :] != grid[:-1, :]).ravel()]
    ).astype(np.float64)
    picture_edges = np.concatenate(
        [
            np.abs(darkness[:, 1:] - darkness[:, :-1]).ravel(),
            np.abs(darkness[1:, :] - darkness[:-1, :]).ravel(),
        ]
    )
    norm = float(np.sqrt(grid_edges.sum() * (picture_edges**2).sum()))
    edges = float((grid_edges * picture_edges).sum()) / norm if norm > 1e-12 else 0.0
    specks = count_specks(grid) / grid.size
    fill = float(filled.mean())
    outside = max(0.0, FILL_LOW - fill, fill - FILL_HIGH)
    total = TONE_WEIGHT * tone + EDGE_WEIGHT * edges - SPECK_PENALTY * specks
    total -= FILL_PENALTY * outside
    salient = 0.0 if saliency is None else salient_contrast(grid, saliency)
    total += SALIENT_WEIGHT * salient
    return Score(total, tone, edges, specks, fill, salient)


def choose(converter: Gridder, options: ConvertOptions) -> AutoChoice:
    """What Auto picks (see :func:`choose_steps`), worked out at once."""
    steps = choose_steps(converter, options)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            chosen: AutoChoice = done.value
            return chosen


def choose_steps(converter: Gridder, options: ConvertOptions) -> Generator[None, None, AutoChoice]:
    """Score every candidate under ``options`` (size, fit, frame, tone, invert, clean), in
    both polarities (dark parts filled, and light parts filled, for a bright subject on a
    dark ground), and return the best; ties go to the earlier, simpler candidate. A portrait
    (a face fills the framed picture) is sketched (``PORTRAIT_CANDIDATES``) when the sketch
    follows it well enough (``PORTRAIT_SKETCH_LIKENESS``). When the
    best's likeness is under ``SKETCH_BELOW``, return the best sketch (dark on light: a sketch is
    a drawing of the picture's edges and darkest features, not of its tones).

    Yields after each candidate, so a screen can spread the scoring over frames."""
    yield from converter.preparing_cell_luminance(options)
    cells = converter.cell_luminance(options)
    yield None
    yield from converter.preparing_cell_rgb(options)
    saliency = saliency_map(converter.cell_rgb(options))
    yield None
    best: AutoChoice | None = None
    for flipped in (False, True):
        best = yield from _best(converter, options, cells, flipped, CANDIDATES, best, saliency)
    assert best is not None
    if converter.portrait(options):
        yield None
        portrait = yield from _best(converter, options, cells, False, PORTRAIT_CANDIDATES, None)
        drawn = portrait.grid.any() and not portrait.grid.all()
        # A sketch that follows the face poorly gives way to the best tone grid, when
        # that follows it better; a portrait never falls through to Subject or a faint sketch.
        weak = portrait.score.likeness < PORTRAIT_SKETCH_LIKENESS
        if drawn and not (weak and best.score.likeness > portrait.score.likeness):
            return replace(portrait, reason=N_("a face"))
        if drawn:
            return best
    yield None
    standing = _object_subject(converter, options, cells, saliency)
    if standing is not None:
        faithful = best.score.likeness >= SKETCH_BELOW
        if not (faithful and best.score.salient >= standing.score.salient - OBJECT_TONE_SLACK):
            return standing
    if best.score.likeness >= SKETCH_BELOW:
        return best
    yield None
    subject = _subject(converter, options, cells)
    if subject is not None:
        return subject
    yield None
    sketch = yield from _best(converter, options, cells, False, SKETCH_CANDIDATES, None)
    yield None
    # A smooth shading (a ramp, a foggy sky) has no edges: its sketch is only the darkest
    # cells, which the best tone grid shows better; a blank or full sketch draws nothing.
    outline = converter.grid(replace(options, method="outline", threshold=sketch.level))
    if not outline.any() or sketch.grid.all() or not sketch.grid.any():
        return best
    return sketch


def _subject_grid(converter: Gridder, options: ConvertOptions) -> BoolGrid:
    """The Subject method's grid at its middle level, specks cleaned when asked: the
    silhouette both Subject rules (:func:`_subject`, :func:`_object_subject`) judge."""
    grid = converter.method_grid(replace(options, method="subject", threshold=0.5))
    return clean_specks(grid) if options.clean else grid


def _subject(converter: Gridder, options: ConvertOptions, cells: FloatGrid) -> AutoChoice | None:
    """The Subject method at its middle level, when the picture's colours split cleanly into
    a subject and a background (``SUBJECT_SEPARATION``) and its silhouette is big enough to
    read (``SUBJECT_MIN_FILL``) and stands in the picture, not along its sides
    (``SUBJECT_MAX_SIDES``); otherwise None. Only for a picture in colour: in a grey one
    the distinctness is tone alone, which the tone candidates have already tried."""
    colours = converter.cell_rgb(options)
    if chroma(colours) < SUBJECT_MIN_CHROMA:
        return None
    if separation(distinctness(colours)) < SUBJECT_SEPARATION:
        return None
    grid = _subject_grid(converter, options)
    if grid.mean() < SUBJECT_MIN_FILL or _on_sides(grid) > SUBJECT_MAX_SIDES:
        return None
    darkness = cells if options.invert else 1.0 - cells
    return AutoChoice("subject", 0.5, score_grid(grid, darkness), grid)


def _object_subject(
    converter: Gridder, options: ConvertOptions, cells: FloatGrid, saliency: FloatGrid
) -> AutoChoice | None:
    """The Subject method at its middle level when one compact object stands out of the
    framed picture (see ``OBJECT_SEPARATION`` and the constants after it) and the silhouette
    is that object; otherwise None."""
    found = salient_object(saliency)
    if found is None or not compact_object(found):
        return None
    grid = _subject_grid(converter, options)
    if grid.mean() < SUBJECT_MIN_FILL or _on_sides(grid) > OBJECT_SIDES:
        return None
    union = int((grid | found.mask).sum())
    if union == 0 or (grid & found.mask).sum() / union < OBJECT_OVERLAP:
        return None
    darkness = cells if options.invert else 1.0 - cells
    return AutoChoice("subject", 0.5, score_grid(grid, darkness, saliency=saliency), grid)


def compact_object(found: SalientObject) -> bool:
    """Is ``found`` one compact object standing out of the grid (``OBJECT_SEPARATION`` and
    the constants after it)? Auto then draws its silhouette, and Auto colours keep it
    (:mod:`game.core.convert.ground`)."""
    return (
        found.separation >= OBJECT_SEPARATION
        and OBJECT_SHARE[0] <= found.share <= OBJECT_SHARE[1]
        and found.sides <= OBJECT_SIDES
        and found.contrast >= OBJECT_CONTRAST
    )


def _on_sides(grid: BoolGrid) -> float:
    """The share of the grid's top row and side columns that ``grid`` fills (the bottom row
    is left out: a subject may stand on it)."""
    return float(np.concatenate([grid[0, :], grid[:, 0], grid[:, -1]]).mean())


def _best(
    converter: Gridder,
    options: ConvertOptions,
    cells: FloatGrid,
    flipped: bool,
    candidates: tuple[tuple[Method, float], ...],
    best: AutoChoice | None,
    saliency: FloatGrid | None = None,
) -> Generator[None, None, AutoChoice]:
    """``best`` or the best of ``candidates`` in one polarity, if it scores more; yields
    before each candidate."""
    invert = options.invert != flipped
    darkness = cells if invert else 1.0 - cells
    local = local_darkness(darkness)
    for method, level in candidates:
        yield None
        candidate = replace(options, method=method, threshold=level, invert=invert)
        grid = converter.method_grid(candidate)
        if options.clean:
            grid = clean_specks(grid)
        score = score_grid(grid, darkness, local, saliency)
        if best is None or score.total > best.score.total + 1e-9:
            best = AutoChoice(method, level, score, grid, flipped)
    assert best is not None
    return best
