"""Colours as players see them: WCAG 2.1 contrast, and colour-vision deficiency simulated.

Contrast is the WCAG 2.1 ratio of relative luminances, ``(L1 + 0.05) / (L2 + 0.05)``: text
asks 4.5:1 against its ground, a graphical object (a filled cell, a cross, a clue tile)
3:1. Colour-vision deficiency is simulated with the model of Machado, Oliveira and
Fernandes (2009, "A physiologically-based model for simulation of color vision
deficiency"), at severity 1 (dichromacy: protanopia, deuteranopia, tritanopia): one 3x3
matrix a kind, applied to linear RGB. Two colours a player must tell apart are compared
in CIE Lab (CIE76 Delta E) as a normal trichromat sees them and as each dichromat does:
:func:`seen_distance` is the least of the four. Only numpy; nothing here imports pygame.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from game.core.convert.subject import lab
from game.core.palette import RGB

FloatArray = npt.NDArray[np.float64]

# Text against its ground, and a graphical object (cell, cross, tile) against its ground.
TEXT_CONTRAST = 4.5
OBJECT_CONTRAST = 3.0

# Machado et al. (2009), severity 1.0, for linear RGB (each row sums to one: grey stays grey).
DEFICIENCIES: dict[str, FloatArray] = {
    "protanopia": np.array(
        [
            [0.152286, 1.052583, -0.204868],
            [0.114503, 0.786281, 0.099216],
            [-0.003882, -0.048116, 1.051998],
        ]
    ),
    "deuteranopia": np.array(
        [
            [0.367322, 0.860646, -0.227968],
            [0.280085, 0.672501, 0.047413],
            [-0.011820, 0.042940, 0.968881],
        ]
    ),
    "tritanopia": np.array(
        [
            [1.255528, -0.076749, -0.178779],
            [-0.078411, 0.930809, 0.147602],
            [0.004733, 0.691367, 0.303900],
        ]
    ),
}
# The ways of seeing every check covers: normal vision first.
VISIONS: tuple[str, ...] = ("normal", *DEFICIENCIES)


def _linear(srgb: FloatArray) -> FloatArray:
    """Linear RGB of sRGB values in 0..1 (the sRGB transfer function)."""
    out: FloatArray = np.where(srgb <= 0.04045, srgb / 12.92, ((srgb + 0.055) / 1.055) ** 2.4)
    return out


def _encoded(linear: FloatArray) -> FloatArray:
    linear = np.clip(linear, 0.0, 1.0)
    out: FloatArray = np.where(
        linear <= 0.0031308, linear * 12.92, 1.055 * linear ** (1.0 / 2.4) - 0.055
    )
    return out


def relative_luminance(rgb: RGB) -> float:
    """WCAG 2.1 relative luminance of an sRGB colour: 0 black, 1 white."""
    red, green, blue = _linear(np.array(rgb, dtype=np.float64) / 255.0)
    return float(0.2126 * red + 0.7152 * green + 0.0722 * blue)


def contrast_ratio(first: RGB, second: RGB) -> float:
    """WCAG 2.1 contrast ratio of two colours, 1 (the same) to 21 (black on white)."""
    a, b = relative_luminance(first), relative_luminance(second)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def simulate(rgbs: FloatArray, vision: str) -> FloatArray:
    """sRGB values (0..1, shape (..., 3)) as seen with ``vision`` (a key of
    :data:`DEFICIENCIES`, or "normal": unchanged)."""
    if vision == "normal":
        return rgbs
    seen = _linear(rgbs) @ DEFICIENCIES[vision].T
    return _encoded(seen)


def simulated_rgb(rgb: RGB, vision: str) -> RGB:
    """One colour as seen with ``vision``, as whole sRGB values."""
    out = np.round(simulate(np.array(rgb, dtype=np.float64) / 255.0, vision) * 255.0)
    red, green, blue = (int(v) for v in out)
    return (red, green, blue)


def seen_labs(rgbs: Sequence[RGB]) -> FloatArray:
    """CIE Lab of ``rgbs`` as each vision of :data:`VISIONS` sees them: shape (4, n, 3)."""
    srgb = np.array(rgbs, dtype=np.float64).reshape(-1, 3) / 255.0
    return np.stack([lab(simulate(srgb, vision)) for vision in VISIONS])


def seen_gaps(rgbs: Sequence[RGB]) -> FloatArray:
    """Delta E between every two of ``rgbs`` in each vision: shape (4, n, n)."""
    points = seen_labs(rgbs)
    gaps: FloatArray = np.linalg.norm(points[:, :, None, :] - points[:, None, :, :], axis=3)
    return gaps


def seen_distance(first: RGB, second: RGB) -> float:
    """The least Delta E between two colours over normal vision and the three dichromacies."""
    return float(seen_gaps([first, second])[:, 0, 1].min())


def worst_seen_pair(rgbs: Sequence[RGB]) -> tuple[float, int, int, str]:
    """The two of ``rgbs`` (indices, in order) nearest in any vision, their Delta E there and
    the vision; ``(inf, 0, 0, "normal")`` for fewer than two colours."""
    if len(rgbs) < 2:
        return float("inf"), 0, 0, "normal"
    gaps = seen_gaps(rgbs)
    count = len(rgbs)
    gaps[:, np.arange(count), np.arange(count)] = np.inf
    vision, first, second = np.unravel_index(int(np.argmin(gaps)), gaps.shape)
    return (
        float(gaps[vision, first, second]),
        int(min(first, second)),
        int(max(first, second)),
        VISIONS[int(vision)],
    )
