"""Contrast as a rule: which theme colours must stand out from which, and by how much.

WCAG 2.1 asks 4.5:1 for text against its ground (1.4.3) and 3:1 for the parts of a graphic
or a control a player needs to see (1.4.11): a filled cell, a cross, a trial mark, the
cursor, a switch's track, a star. :data:`TEXT_PAIRS` and :data:`OBJECT_PAIRS` name them by
the :class:`~game.ui.theme.Theme` fields; :data:`EXEMPT_PAIRS` are measured and reported but
not held, each with why (WCAG exempts inactive controls and decoration; a finished clue is
faded on purpose, so what is left to do stands out).

A colour puzzle's colours are the puzzle's, not the theme's: a yellow on white paper is
1.5:1. Where a colour is under 3:1 against its ground the cell (and the clue tile) gets a
rim of :func:`rim_colour`, the colour moved towards black or white (whichever the ground
contrasts with) just until it reaches 3:1: the rim carries the contrast, the fill keeps the
puzzle's colour. :func:`shown_ratio` is what a player gets: the fill's ratio, or the rim's.
No pygame here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.core.palette import RGB
from game.core.vision import OBJECT_CONTRAST, TEXT_CONTRAST, contrast_ratio
from game.ui.theme import Theme

BLACK: RGB = (0, 0, 0)
WHITE: RGB = (255, 255, 255)

# (foreground field, ground field): text, 4.5:1.
TEXT_PAIRS: tuple[tuple[str, str], ...] = (
    ("text", "background"),
    ("text", "panel"),
    ("text_muted", "background"),
    ("text_muted", "panel"),
    ("button_text", "button"),
    ("button_text", "button_hover"),
    ("button_text", "button_pressed"),
    ("accent_text", "accent"),
    ("badge_text", "badge"),
    ("toast_text", "toast"),
    ("clue_text", "background"),
    ("clue_error", "background"),
    ("error", "background"),
    ("error", "panel"),
    ("success", "panel"),
    ("accent", "panel"),
)
# Graphical objects and controls, 3:1.
OBJECT_PAIRS: tuple[tuple[str, str], ...] = (
    ("filled", "cell_unknown"),
    ("crossed", "cell_unknown"),
    ("trial_filled", "cell_unknown"),
    ("trial_crossed", "cell_unknown"),
    ("cursor", "cell_unknown"),
    ("grid_line_thick", "cell_unknown"),
    ("focus_ring", "background"),
    ("focus_ring", "panel"),
    ("track", "panel"),
    ("star", "panel"),
)
# Measured, not held: (foreground, ground, why).
EXEMPT_PAIRS: tuple[tuple[str, str, str], ...] = (
    ("clue_done", "background", "a finished clue, faded on purpose"),
    ("button_text_disabled", "button_disabled", "an inactive control (WCAG exempts it)"),
    ("grid_line", "cell_unknown", "decoration: every fifth line and the border are thick"),
    ("panel_border", "panel", "decoration"),
    ("button", "panel", "a button is told by its label, which is held at 4.5:1"),
    ("highlight", "cell_unknown", "a tint under the cursor's line; the cursor is held"),
)


@dataclass(frozen=True)
class Ratio:
    """One measured pair: ``element`` (e.g. "text on panel"), its ratio and what it needs
    (0.0: exempt)."""

    theme: str
    element: str
    ratio: float
    needed: float

    @property
    def passes(self) -> bool:
        return self.ratio >= self.needed


def theme_ratios(theme: Theme) -> list[Ratio]:
    """Every held and exempt pair of ``theme``, measured."""
    found = []
    for pairs, needed in ((TEXT_PAIRS, TEXT_CONTRAST), (OBJECT_PAIRS, OBJECT_CONTRAST)):
        for fore, ground in pairs:
            ratio = contrast_ratio(getattr(theme, fore), getattr(theme, ground))
            found.append(Ratio(theme.name, f"{fore} on {ground}", ratio, needed))
    for fore, ground, _why in EXEMPT_PAIRS:
        ratio = contrast_ratio(getattr(theme, fore), getattr(theme, ground))
        found.append(Ratio(theme.name, f"{fore} on {ground} (exempt)", ratio, 0.0))
    return found


def contrasting(ground: RGB) -> RGB:
    """Black or white, whichever stands out more from ``ground`` (at least 4.58:1)."""
    return BLACK if contrast_ratio(BLACK, ground) >= contrast_ratio(WHITE, ground) else WHITE


def rim_colour(rgb: RGB, ground: RGB) -> RGB | None:
    """The rim a cell of ``rgb`` on ``ground`` needs to stand out at 3:1 (None: it stands
    out itself): ``rgb`` moved towards black or white just until it does."""
    if contrast_ratio(rgb, ground) >= OBJECT_CONTRAST:
        return None
    target = contrasting(ground)
    for step in range(1, 21):
        share = step / 20
        rim = (
            round(rgb[0] + (target[0] - rgb[0]) * share),
            round(rgb[1] + (target[1] - rgb[1]) * share),
            round(rgb[2] + (target[2] - rgb[2]) * share),
        )
        if contrast_ratio(rim, ground) >= OBJECT_CONTRAST + 0.05:
            return rim
    return target


def shown_ratio(rgb: RGB, ground: RGB) -> float:
    """The contrast a player gets for a cell of ``rgb`` on ``ground``: the fill's, or its
    rim's where it has one."""
    rim = rim_colour(rgb, ground)
    return contrast_ratio(rgb if rim is None else rim, ground)


def palette_ratios(theme: Theme, colours: Iterable[RGB]) -> list[Ratio]:
    """The worst puzzle colour of ``colours`` on ``theme``'s paper (cells) and clue strip
    (tiles), as filled (before any rim) and as shown (with the rim)."""
    rgbs = sorted(set(colours))
    found = []
    for ground_name, element in (("cell_unknown", "cells"), ("background", "clue tiles")):
        ground = getattr(theme, ground_name)
        fills = [contrast_ratio(rgb, ground) for rgb in rgbs]
        shown = [shown_ratio(rgb, ground) for rgb in rgbs]
        found.append(Ratio(theme.name, f"puzzle colours, {element} (fill alone)", min(fills), 0.0))
        found.append(Ratio(theme.name, f"puzzle colours, {element} (with rim)", min(shown), 3.0))
    return found


def table(rows: Iterable[Ratio]) -> str:
    """The ratios as a text table: theme, element, ratio, what it needs."""
    lines = [f"{'theme':<9} {'element':<52} {'ratio':>6}  needs"]
    for row in rows:
        needs = f"{row.needed:.1f}" if row.needed else "-"
        flag = "" if row.passes else "  FAILS"
        lines.append(f"{row.theme:<9} {row.element:<52} {row.ratio:>6.2f}  {needs}{flag}")
    return "\n".join(lines)
