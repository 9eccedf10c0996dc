"""Colours and sizes in one place: every scene and widget reads its colours from a ``Theme``.

Three themes ship: ``light`` (the default), ``dark`` and ``contrast``, a high-contrast theme
built on the Okabe-Ito palette (safe for the common colour-vision deficiencies) where the marks
also differ by *shape*: trial fills are hatched and trial crosses are drawn as rings, so no
information is carried by colour alone. ``Theme.marks_by_shape`` tells the grid which to draw;
``game.ui.widgets.marks.draw_mark`` draws a cell mark the same way everywhere.

Every theme keeps WCAG 2.1 contrast: text 4.5:1 on its ground, marks and controls 3:1
(:mod:`game.ui.contrast` lists the pairs; ``tests/ui/test_contrast.py`` holds them).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.i18n import N_

Colour = tuple[int, int, int]

# The reference window the sizes below are designed for; the app scales from it.
REFERENCE_SIZE = (1280, 800)
MIN_SCALE = 0.6
# Up to a 4K screen's 2.7 (3840x2160 against 1280x800): at 1.6 its text was drawn at the
# size a 2048x1280 window gets, a third of the height it had room for (issue 48).
MAX_SCALE = 3.0
# The interface sizes Options offers, as a share of the size that fits the window: smaller
# leaves the board more room.
INTERFACE_SIZES = (100, 90, 80, 70)


@dataclass(frozen=True)
class Theme:
    """The colours of one look. Names say where the colour is used."""

    name: str
    label: str
    # Window and panels.
    background: Colour
    panel: Colour
    panel_border: Colour
    text: Colour
    text_muted: Colour
    accent: Colour
    accent_text: Colour
    error: Colour
    success: Colour
    # Buttons and other controls.
    button: Colour
    button_hover: Colour
    button_pressed: Colour
    button_text: Colour
    button_disabled: Colour
    button_text_disabled: Colour
    focus_ring: Colour
    track: Colour  # the empty part of sliders and switched-off toggles
    # The grid.
    cell_unknown: Colour
    filled: Colour
    crossed: Colour
    trial_filled: Colour
    trial_crossed: Colour
    grid_line: Colour
    grid_line_thick: Colour
    clue_text: Colour
    clue_done: Colour
    clue_error: Colour
    highlight: Colour
    cursor: Colour
    # Stars, badges and the toast.
    star: Colour
    badge: Colour
    badge_text: Colour
    toast: Colour
    toast_text: Colour
    # When True, trial marks are drawn with a different shape (hatching, rings) as well as
    # a different colour, so the theme works without colour vision.
    marks_by_shape: bool = False
    # Grid lines a little heavier, for the high-contrast theme.
    line_weight: int = 1


LIGHT = Theme(
    name="light",
    label=N_("Light"),
    background=(238, 234, 226),
    panel=(250, 248, 243),
    panel_border=(200, 193, 180),
    text=(40, 38, 36),
    text_muted=(109, 104, 96),
    accent=(46, 104, 168),
    accent_text=(255, 255, 255),
    error=(196, 52, 44),
    success=(47, 127, 71),
    button=(226, 220, 208),
    button_hover=(214, 206, 190),
    button_pressed=(196, 187, 170),
    button_text=(40, 38, 36),
    button_disabled=(232, 229, 222),
    button_text_disabled=(168, 162, 154),
    focus_ring=(46, 104, 168),
    track=(147, 142, 132),
    cell_unknown=(255, 255, 252),
    filled=(36, 40, 52),
    crossed=(150, 140, 128),
    trial_filled=(219, 123, 26),
    trial_crossed=(57, 157, 198),
    grid_line=(196, 190, 180),
    grid_line_thick=(92, 86, 78),
    clue_text=(40, 38, 36),
    clue_done=(184, 178, 170),
    clue_error=(196, 52, 44),
    highlight=(255, 236, 170),
    cursor=(46, 104, 168),
    star=(185, 133, 19),
    badge=(46, 104, 168),
    badge_text=(255, 255, 255),
    toast=(48, 46, 44),
    toast_text=(250, 248, 243),
)

DARK = Theme(
    name="dark",
    label=N_("Dark"),
    background=(30, 32, 38),
    panel=(42, 45, 53),
    panel_border=(70, 74, 86),
    text=(226, 228, 234),
    text_muted=(146, 150, 162),
    accent=(102, 160, 232),
    accent_text=(18, 20, 26),
    error=(241, 106, 94),
    success=(110, 200, 130),
    button=(56, 60, 71),
    button_hover=(70, 75, 89),
    button_pressed=(86, 92, 108),
    button_text=(226, 228, 234),
    button_disabled=(44, 47, 55),
    button_text_disabled=(100, 104, 116),
    focus_ring=(102, 160, 232),
    track=(115, 120, 133),
    cell_unknown=(54, 57, 66),
    filled=(222, 226, 236),
    crossed=(128, 132, 143),
    trial_filled=(244, 150, 52),
    trial_crossed=(96, 196, 236),
    grid_line=(74, 78, 90),
    grid_line_thick=(150, 156, 170),
    clue_text=(226, 228, 234),
    clue_done=(96, 100, 112),
    clue_error=(241, 106, 94),
    highlight=(78, 74, 50),
    cursor=(102, 160, 232),
    star=(240, 190, 60),
    badge=(102, 160, 232),
    badge_text=(18, 20, 26),
    toast=(226, 228, 234),
    toast_text=(30, 32, 38),
)

# Okabe-Ito colours: orange (230,159,0), sky blue (86,180,233), blue (0,114,178),
# vermillion (213,94,0), yellow (240,228,66), the orange, sky blue and vermillion darkened
# just enough for WCAG 2.1 on white (marks 3:1, the error text 4.5:1; game.ui.contrast).
# Black and white carry the real marks.
CONTRAST = Theme(
    name="contrast",
    label=N_("High contrast"),
    background=(255, 255, 255),
    panel=(255, 255, 255),
    panel_border=(0, 0, 0),
    text=(0, 0, 0),
    text_muted=(60, 60, 60),
    accent=(0, 114, 178),
    accent_text=(255, 255, 255),
    error=(192, 85, 0),
    success=(0, 114, 178),
    button=(255, 255, 255),
    button_hover=(240, 228, 66),
    button_pressed=(230, 159, 0),
    button_text=(0, 0, 0),
    button_disabled=(235, 235, 235),
    button_text_disabled=(120, 120, 120),
    focus_ring=(0, 114, 178),
    track=(146, 146, 146),
    cell_unknown=(255, 255, 255),
    filled=(0, 0, 0),
    crossed=(0, 0, 0),
    trial_filled=(196, 135, 0),
    trial_crossed=(74, 155, 200),
    grid_line=(110, 110, 110),
    grid_line_thick=(0, 0, 0),
    clue_text=(0, 0, 0),
    clue_done=(150, 150, 150),
    clue_error=(192, 85, 0),
    highlight=(240, 228, 66),
    cursor=(0, 114, 178),
    star=(0, 0, 0),
    badge=(0, 0, 0),
    badge_text=(255, 255, 255),
    toast=(0, 0, 0),
    toast_text=(255, 255, 255),
    marks_by_shape=True,
    line_weight=2,
)

THEMES: dict[str, Theme] = {theme.name: theme for theme in (LIGHT, DARK, CONTRAST)}
DEFAULT_THEME = LIGHT.name


def theme_named(name: object) -> Theme:
    """The theme called ``name``; the default theme for an unknown or damaged setting."""
    if isinstance(name, str) and name in THEMES:
        return THEMES[name]
    return THEMES[DEFAULT_THEME]


def ui_scale(screen_size: tuple[int, int], share: float = 1.0) -> float:
    """How much to scale sizes designed for ``REFERENCE_SIZE`` to fit ``screen_size``, times
    ``share`` (the interface size the player chose: 1.0 fills the window as designed)."""
    width, height = screen_size
    across, down = REFERENCE_SIZE
    if height > width:
        # A portrait screen (a tablet held upright) is designed for as turned: 800x1280
        # keeps the sizes of 1280x800, so a finger's targets stay as big.
        across, down = down, across
    scale = min(width / across, height / down) * share
    return max(MIN_SCALE, min(MAX_SCALE, scale))
