"""Colours a player can tell apart: a puzzle's palette pushed apart where two are too alike.

A picture reduced to a few colours (:mod:`game.core.convert.quantise`) keeps colours that
differ by as little as ``MERGE_DISTANCE`` (Delta E 10): enough to draw a koala's two greys or
a cow's white patches on a white ground, too little to play. In a clue box or a painted cell
a light grey beside white, or one brown beside another, reads as the same colour, and a
colour puzzle asks the player to tell every two apart at a glance. :func:`distinct_palette`
pushes each too-close pair apart, the colour fewer cells use moving more and the background
never, until every two colours of the palette are at least ``PLAY_DISTANCE`` apart (CIE76
Delta E in CIE Lab): a few small moves, each along the line between the two colours, so
greys stay grey and browns brown. Every two colours are kept ``SEEN_DISTANCE`` apart as
a protanope, a deuteranope and a tritanope sees them too (:mod:`game.core.vision`,
Machado et al. 2009): a pair only a dichromat confuses (a red and a green of one lightness)
is pushed apart in lightness, which every kind of colour vision sees. The cells and so the
clues do not change, only the colours they are drawn in: the puzzle and its solutions are the
same. Only numpy; nothing here imports pygame.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from game.core.convert.subject import lab
from game.core.palette import RGB, Colour, Palette
from game.core.vision import DEFICIENCIES, simulate

FloatArray = npt.NDArray[np.float64]

# Every two colours of a puzzle (the background counted) at least this far apart (CIE76
# Delta E). At 10 (the quantiser's merge distance) 64 of the 348 colour puzzles of the picture
# packs had a pair under 15 (a cow's light grey on white, a bat's two browns, an elephant's
# two greys); 20 is about the step between the named greys a player tells apart in a cell.
PLAY_DISTANCE = 20.0
# Every two colours at least this far apart as each dichromat sees them (simulated). Their
# colours lie on a surface, not in a volume, so 20 cannot be had for eight; before this the
# 339 colour palettes of the packs had 121 with a pair under 12 (the worst a red and a dark
# green 1.4 apart for a protanope), and Delta E 12 is about the step between two greys a
# player names apart.
SEEN_DISTANCE = 12.0
# Rounds of pushes before a palette that cannot be spread (eight colours packed into a corner
# of the gamut) is left as the rounds got it. The 348 colour palettes of the picture packs
# took at most 21 (median 1); a round is ~0.08 ms, so a palette never costs a frame.
MOST_ROUNDS = 60
# A push's direction: the line between two colours with its hue part (a*, b*) weighed less.
LEAN = np.array([1.0, 0.35, 0.35])
# Each push overshoots by this much, so that rounding to whole RGB values keeps the distance.
SLACK = 0.5

_RGB_TO_XYZ = np.array(
    [[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]
)
_WHITE = np.array([0.9505, 1.0, 1.089])
# Inverted once: a palette's spread converts back to sRGB a few hundred times.
_XYZ_TO_RGB = np.linalg.inv(_RGB_TO_XYZ)


def rgb_of_lab(points: FloatArray) -> FloatArray:
    """sRGB (0..1, clipped to the gamut) of CIE Lab ``points`` (..., 3): the inverse of
    :func:`game.core.convert.subject.lab`."""
    fy = (points[..., 0] + 16.0) / 116.0
    fx = fy + points[..., 1] / 500.0
    fz = fy - points[..., 2] / 200.0
    f = np.stack([fx, fy, fz], axis=-1)
    xyz = np.where(f > 0.206893, f**3, (f - 16.0 / 116.0) / 7.787) * _WHITE
    linear = np.clip(xyz @ _XYZ_TO_RGB.T, 0.0, 1.0)
    srgb: FloatArray = np.where(
        linear <= 0.0031308, linear * 12.92, 1.055 * linear ** (1.0 / 2.4) - 0.055
    )
    return np.clip(srgb, 0.0, 1.0)


def _lab_of(rgbs: list[RGB]) -> FloatArray:
    return lab(np.array(rgbs, dtype=np.float64) / 255.0)


def _as_rgb(point: FloatArray) -> RGB:
    red, green, blue = (int(v) for v in np.round(rgb_of_lab(point) * 255.0))
    return (red, green, blue)


def closest_pair(rgbs: list[RGB]) -> tuple[float, int, int]:
    """The smallest Delta E between two of ``rgbs``, and the two (their indices, in order)."""
    points = _lab_of(rgbs)
    gaps = np.linalg.norm(points[:, None, :] - points[None, :, :], axis=2)
    gaps[np.diag_indices(len(rgbs))] = np.inf
    first, second = np.unravel_index(int(np.argmin(gaps)), gaps.shape)
    return float(gaps[first, second]), int(min(first, second)), int(max(first, second))


def _seen_gaps(points: FloatArray) -> FloatArray:
    """The least Delta E between every two ``points`` (Lab, (n, 3)) as the three dichromats
    see them: (n, n)."""
    srgb = rgb_of_lab(points)
    least = np.full((len(points), len(points)), np.inf)
    for vision in DEFICIENCIES:
        seen = lab(simulate(srgb, vision))
        least = np.minimum(least, np.linalg.norm(seen[:, None, :] - seen[None, :, :], axis=2))
    return least


def _pushes(points: FloatArray, mobility: FloatArray) -> FloatArray | None:
    """How far to move each point this round: every pair closer than ``PLAY_DISTANCE`` is
    pushed apart along the line between them (in lightness when they coincide) by what it
    lacks, and every pair a dichromat sees closer than ``SEEN_DISTANCE`` apart in lightness
    by what it lacks there, each shared by their mobility; None when no pair is too close.
    All pairs at once (a crowded palette of eight takes up to ``MOST_ROUNDS`` rounds: a loop
    a pair was 22 ms)."""
    apart = points[:, None, :] - points[None, :, :]  # (n, n, 3): first minus second
    gaps = np.linalg.norm(apart, axis=2)
    seen = _seen_gaps(points)
    upper = np.triu(np.ones(gaps.shape, dtype=bool), 1)
    close = upper & (gaps < PLAY_DISTANCE)
    unseen = upper & (seen < SEEN_DISTANCE)
    share = mobility[:, None] + mobility[None, :]
    close &= share > 0.0
    unseen &= share > 0.0
    if not (close.any() or unseen.any()):
        return None
    # Lightness first: the push leans to L* (hue and chroma kept), along the line between
    # the two where they differ mostly in hue; two that coincide part in lightness.
    leaning = apart * LEAN
    size = np.linalg.norm(leaning, axis=2, keepdims=True)
    lighter = np.where(points[:, None, 0] >= points[None, :, 0], 1.0, -1.0)
    in_lightness = np.zeros_like(apart)
    in_lightness[..., 0] = lighter
    direction = np.where(size > 1e-6, leaning / np.maximum(size, 1e-12), in_lightness)
    divisor = np.where(share > 0.0, share, 1.0)
    lack = np.where(close, PLAY_DISTANCE - gaps + SLACK, 0.0) / divisor
    seen_lack = np.where(unseen, SEEN_DISTANCE - seen + SLACK, 0.0) / divisor
    push = direction * lack[..., None] + in_lightness * seen_lack[..., None]  # (n, n, 3)
    moves: FloatArray = (push * mobility[:, None, None]).sum(axis=1) - (
        push * mobility[None, :, None]
    ).sum(axis=0)
    return moves


def distinct_rgbs(rgbs: list[RGB], uses: list[int]) -> list[RGB]:
    """``rgbs`` (the background first) pushed apart until every two are ``PLAY_DISTANCE``
    apart, and ``SEEN_DISTANCE`` as each dichromat sees them (see the module text): each
    round pushes every pair that is too close apart by what it lacks, the colour fewer cells
    use moving more, and takes the colours back into the sRGB gamut. ``uses`` is how many
    cells take each colour. The background never moves; a palette that cannot be spread
    within ``MOST_ROUNDS`` keeps what the rounds reached."""
    if len(rgbs) < 2:
        return list(rgbs)
    points = _lab_of(rgbs)
    total = max(1, sum(uses))
    # A colour's mobility: 1 for an unused one, less the more cells take it; 0 the background.
    mobility = np.array([1.0 - 0.5 * use / total for use in uses])
    mobility[0] = 0.0
    for _ in range(MOST_ROUNDS):
        moves = _pushes(points, mobility)
        if moves is None:
            break
        # Back into the gamut, at whole RGB values: the distances checked are those drawn.
        points = lab(np.round(rgb_of_lab(points + moves) * 255.0) / 255.0)
    return [rgbs[0], *(_as_rgb(point) for point in points[1:])]


def distinct_palette(palette: Palette, cells: npt.NDArray[np.integer]) -> Palette:
    """``palette`` with its colours pushed apart for play (:func:`distinct_rgbs`), names
    kept; ``cells`` holds each cell's colour number (0 the background)."""
    uses = np.bincount(np.asarray(cells, dtype=np.intp).ravel(), minlength=palette.count + 1)
    rgbs = [palette.background.rgb, *(colour.rgb for colour in palette.colours)]
    spread = distinct_rgbs(rgbs, [int(n) for n in uses[: len(rgbs)]])
    colours = tuple(
        Colour(colour.name, rgb) for colour, rgb in zip(palette.colours, spread[1:], strict=True)
    )
    return Palette(palette.background, colours)
