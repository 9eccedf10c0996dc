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

Measured on scikit-image's photographs at 30x30 (``benchmarks/convert_photos.py``): the
weights were set so that the grids a person recognises score highest among the candidates
(see docs/photos.png), and a clean drawing still gets Otsu (tone near 1, no specks).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from game.core.convert_methods import ADAPTIVE_SIGMA_PER_30, blur, clean_specks, count_specks

if TYPE_CHECKING:
    from game.core.convert import Converter, ConvertOptions, Method

BoolGrid = npt.NDArray[np.bool_]
FloatGrid = npt.NDArray[np.float64]

TONE_WEIGHT = 0.5
EDGE_WEIGHT = 0.5
SPECK_PENALTY = 3.0
FILL_PENALTY = 2.0
FILL_LOW, FILL_HIGH = 0.30, 0.60

# (method, level) pairs Auto tries; the level is ignored by Otsu. Thresholds around the
# middle, the adaptive margin either side of the local mean, two outline sensitivities and
# the dither at its neutral cut.
CANDIDATES: tuple[tuple[Method, float], ...] = (
    ("otsu", 0.5),
    ("threshold", 0.35),
    ("threshold", 0.5),
    ("threshold", 0.65),
    ("adaptive", 0.35),
    ("adaptive", 0.5),
    ("adaptive", 0.65),
    ("outline", 0.4),
    ("outline", 0.6),
    ("dither", 0.5),
)

# How each method is named to players.
METHOD_NAMES = {"auto": "Auto", "otsu": "Otsu", "threshold": "Threshold", "hsv": "HSV rule",
                "adaptive": "Adaptive", "outline": "Outline", "dither": "Dither"}  # fmt: skip


@dataclass(frozen=True)
class Score:
    """One candidate's score and its parts (see the module's docstring)."""

    total: float
    tone: float
    edges: float
    specks: float
    fill: float


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

    @property
    def text(self) -> str:
        """For the settings panel: "Auto chose Adaptive 50%", "..., inverted"."""
        name = METHOD_NAMES[self.method]
        level = "" if self.method == "otsu" else f" {round(self.level * 100)}%"
        return f"Auto chose {name}{level}" + (", inverted" if self.flipped else "")


def _correlation(a: FloatGrid, b: FloatGrid) -> float:
    a = a - a.mean()
    b = b - b.mean()
    norm = float(np.sqrt((a * a).sum() * (b * b).sum()))
    return float((a * b).sum()) / norm if norm > 1e-12 else 0.0


def local_darkness(darkness: FloatGrid) -> FloatGrid:
    """Darkness less its blur over a few cells: the picture without its slow shading."""
    local: FloatGrid = darkness - blur(darkness, ADAPTIVE_SIGMA_PER_30 * max(darkness.shape) / 30)
    return local


def score_grid(grid: BoolGrid, darkness: FloatGrid, local: FloatGrid | None = None) -> Score:
    """The score of ``grid`` against the cells' ``darkness`` (0 light .. 1 dark); ``local``
    is :func:`local_darkness` of it, when the caller scores many grids against one picture."""
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
    return Score(total, tone, edges, specks, fill)


def choose(converter: Converter, options: ConvertOptions) -> AutoChoice:
    """Score every candidate under ``options`` (size, fit, frame, tone, invert, clean), in
    both polarities (dark parts filled, and light parts filled, for a bright subject on a
    dark ground), and return the best; ties go to the earlier, simpler candidate."""
    cells = converter.cell_luminance(options)
    best: AutoChoice | None = None
    for flipped in (False, True):
        invert = options.invert != flipped
        darkness = cells if invert else 1.0 - cells
        local = local_darkness(darkness)
        for method, level in CANDIDATES:
            candidate = replace(options, method=method, threshold=level, invert=invert)
            grid = converter.method_grid(candidate)
            if options.clean:
                grid = clean_specks(grid)
            score = score_grid(grid, darkness, local)
            if best is None or score.total > best.score.total + 1e-9:
                best = AutoChoice(method, level, score, grid, flipped)
    assert best is not None
    return best
