"""The select screen's cards, drawn: what one card shows is a :class:`Card` (a value), and a
:class:`CardPainter` draws it, the thumbnail by the puzzle kind's function. Also the frame
of the screen (:func:`select_frame`) and the card grid's geometry."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
import numpy.typing as npt
import pygame

from game.core.i18n import _
from game.ui.widgets.base import draw_card_focus_ring, radius
from game.ui.widgets.text import draw_text, fit_text, format_time, wrap_text

if TYPE_CHECKING:
    from game.ui.app import App

BoolGrid = npt.NDArray[np.bool_]
# A card's stars are 0 when its puzzle has more than one solution (see level_ratings).
AMBIGUOUS_STARS = 0


class SelectFrame(NamedTuple):
    """Where the parts of a select screen go (nonogram and Kakuro alike), in pixels."""

    margin: int
    header: int  # the title's band; the pack list and the cards' header start below it
    back: pygame.Rect  # the Back button
    pack_panel: pygame.Rect
    viewport: pygame.Rect  # the scrolled cards, below the open pack's description
    gap: int  # between cards
    card: tuple[int, int]  # a card's size


def select_frame(
    scale: float, size: tuple[int, int], card: tuple[int, int], gap: int
) -> SelectFrame:
    """Lay out a select screen of ``size`` at ``scale``; ``card`` and ``gap`` unscaled."""
    width, height = size
    margin = round(20 * scale)
    header = round(74 * scale)
    back = pygame.Rect(margin, round(16 * scale), round(120 * scale), round(42 * scale))
    pack_width = round(min(280 * scale, width * 0.26))
    footer = round(34 * scale)
    pack_panel = pygame.Rect(margin, header, pack_width, height - header - footer)
    description = round(54 * scale)
    left = pack_panel.right + margin
    viewport = pygame.Rect(
        left,
        header + description,
        width - left - margin // 2,
        height - header - description - footer,
    )
    scaled_card = (round(card[0] * scale), round(card[1] * scale))
    return SelectFrame(margin, header, back, pack_panel, viewport, round(gap * scale), scaled_card)


def draw_badge(
    surface: pygame.Surface,
    app: App,
    text: str,
    colour: tuple[int, int, int],
    position: tuple[int, int],
) -> None:
    """A rounded label on a card ("✓ Solved", "In progress"), its top right corner at
    ``position``; both select screens' cards wear them."""
    size = round(13 * app.ui_scale)
    rendered = app.fonts.render(text, size, app.theme.badge_text, bold=True)
    pad = round(5 * app.ui_scale)
    rect = rendered.get_rect(topright=(position[0] - pad, position[1] + pad // 2))
    pygame.draw.rect(surface, colour, rect.inflate(2 * pad, pad), border_radius=pad)
    surface.blit(rendered, rect)


def badge_width(app: App, text: str) -> int:
    """How far a badge drawn by :func:`draw_badge` reaches left of its ``position``."""
    font = app.fonts.get(round(13 * app.ui_scale), bold=True)
    return font.size(text)[0] + 2 * round(5 * app.ui_scale)


def solved_badge(app: App, status_width: int, room: int) -> str:
    """ "✓ Solved", or "✓" alone when it would cover the end of the line's text (the best
    time) in ``room`` pixels: at 800x600 "Best 1:12" read "Best 1:1" under the badge (QA)."""
    gap = round(6 * app.ui_scale)
    solved = "✓ " + _("Solved")
    return solved if status_width + gap + badge_width(app, solved) <= room else "✓"


def card_columns(inner_width: int, card_width: int, gap: int) -> int:
    """How many cards, each with its ``gap``, fit across ``inner_width`` (the viewport less
    its scroll bar); at least one."""
    return max(1, inner_width // (card_width + gap))


def card_grid_rect(
    index: int, columns: int, card: tuple[int, int], gap: int, inner_width: int
) -> pygame.Rect:
    """Card ``index`` of a grid centred across ``inner_width``, in content coordinates (x
    from the viewport's left, y from the top of the scrolled content). Both select screens
    lay their cards out this way."""
    row, column = divmod(index, columns)
    width, height = card
    used = columns * width + (columns - 1) * gap
    left = max(0, (inner_width - used) // 2)
    return pygame.Rect(
        left + column * (width + gap), gap // 2 + row * (height + gap), width, height
    )


@dataclass(frozen=True)
class Card:
    """Everything one card shows, gathered by the select shell: a value the painter reads."""

    rect: pygame.Rect
    watch: pygame.Rect  # the "Watch" button's rect
    title: str  # "#3" until solved, the title after
    size_text: str  # "15x15"; "" for a file that cannot be read
    stars: int | None  # None: not known; 0: ambiguous (more than one solution)
    unknown_stars: str  # what stands for stars not known ("☆ ☆ ?" while being rated)
    solved: bool = False
    in_progress: bool = False
    best_time: float | None = None
    broken: tuple[str, str | None] | None = None  # a file that cannot be read: name, reason
    hovered: bool = False
    focused: bool = False  # the keyboard's selection, shown
    watch_hovered: bool = False


# Draws a card's thumbnail in a box (the kind's part: a picture, a Kakuro board).
Thumbnail = Callable[[pygame.Surface, pygame.Rect, bool], None]


class CardPainter:
    def __init__(self, app: App) -> None:
        self.app = app

    def draw(self, surface: pygame.Surface, card: Card, thumbnail: Thumbnail, room: int) -> None:
        """One card: its frame, thumbnail (``room``: how much shorter than wide, at scale
        1), title, size, stars, best time, badge, Watch."""
        app = self.app
        theme = app.theme
        scale = app.ui_scale
        rect = card.rect
        corner = radius(app)
        fill = theme.button_hover if card.hovered else theme.panel
        pygame.draw.rect(surface, fill, rect, border_radius=corner)
        border = theme.error if card.broken is not None else theme.panel_border
        pygame.draw.rect(surface, border, rect, max(1, theme.line_weight), border_radius=corner)
        if card.focused:
            draw_card_focus_ring(surface, app, rect)
        pad = round(10 * scale)
        if card.broken is not None:
            name, error = card.broken
            draw_broken_card(surface, self.app, rect, name, error, pad)
            return
        solved = card.solved
        in_progress = card.in_progress and not solved
        title_size = round(17 * scale)
        title_font = app.fonts.get(title_size, bold=True)
        small = round(14 * scale)
        small_font = app.fonts.get(small)
        # Line steps never tighter than the fonts (text does not shrink below readable).
        title_step = max(round(24 * scale), title_font.get_linesize())
        small_step = max(round(22 * scale), small_font.get_linesize())
        watch = card.watch
        # Thumbnail square, shortened when the text below needs the room to clear "Watch".
        side = rect.width - 2 * pad
        text_height = round(6 * scale) + title_step + small_step + small_font.get_linesize()
        thumb_height = min(side - round(room * scale), watch.top - 2 - rect.top - pad - text_height)
        box = pygame.Rect(rect.left + pad, rect.top + pad, side, max(1, thumb_height))
        thumbnail(surface, box, solved)
        y = box.bottom + round(6 * scale)
        title = fit_text(title_font, card.title, side)
        draw_text(surface, app, title, title_size, theme.text, (rect.left + pad, y), bold=True)
        y += title_step
        draw_text(surface, app, card.size_text, small, theme.text_muted, (rect.left + pad, y))
        stars = card.stars
        if stars == AMBIGUOUS_STARS:
            # More than one solution: no rating to show, and the player should know why.
            self._badge(surface, _("Ambiguous"), theme.error, (rect.right - pad, y))
        else:
            star_size = round(16 * scale)
            star_text = "★" * stars + "☆" * (5 - stars) if stars is not None else card.unknown_stars
            draw_text(
                surface, app, star_text, star_size, theme.star, (rect.right - pad, y), "topright"
            )
        y += small_step
        best = _("Best {time}").format(time=format_time(card.best_time)) if card.best_time else ""
        # A game in progress says so in its badge on this line, in place of "Not solved yet".
        status = best or ("" if in_progress else _("Not solved yet"))
        draw_text(surface, app, status, small, theme.text_muted, (rect.left + pad, y))
        # The badge sits on the text line, at its right end: over the thumbnail it hid
        # part of the picture the player just made.
        badge_at = (rect.right - pad, y)
        if solved:
            badge = solved_badge(app, small_font.size(status)[0], side)
            self._badge(surface, badge, theme.success, badge_at)
        elif in_progress:
            self._badge(surface, _("In progress"), theme.badge, badge_at)
        hovered_watch = card.watch_hovered
        pygame.draw.rect(
            surface, theme.accent if hovered_watch else theme.button, watch, border_radius=corner
        )
        pygame.draw.rect(surface, theme.panel_border, watch, 1, border_radius=corner)
        draw_text(
            surface,
            app,
            _("Watch"),
            round(13 * scale),
            theme.accent_text if hovered_watch else theme.button_text,
            watch.center,
            "center",
        )

    def _badge(
        self,
        surface: pygame.Surface,
        text: str,
        colour: tuple[int, int, int],
        position: tuple[int, int],
    ) -> None:
        draw_badge(surface, self.app, text, colour, position)


def draw_mark(surface: pygame.Surface, app: App, box: pygame.Rect, solved: bool) -> None:
    """A thumbnail without a picture: "?" before it is solved, "✓" after."""
    theme = app.theme
    mark = "✓" if solved else "?"
    colour = theme.success if solved else theme.clue_done
    draw_text(surface, app, mark, round(box.height * 0.6), colour, box.center, "center", bold=True)


def picture_surface(
    picture: npt.NDArray[np.bool_],
    size: tuple[int, int],
    ink: tuple[int, int, int],
    paper: tuple[int, int, int],
    colours: npt.NDArray[np.uint8] | None = None,
) -> pygame.Surface:
    """The solved picture scaled to fit ``size`` with square pixels, sharp edges; a colour
    picture's filled cells take their RGB from ``colours`` (height, width, 3)."""
    height, width = picture.shape
    filled_ink = np.array(ink) if colours is None else colours.transpose(1, 0, 2)
    pixels = np.where(picture.T[:, :, None], filled_ink, np.array(paper)).astype(np.uint8)
    small = pygame.surfarray.make_surface(pixels)
    factor = max(1, min(size[0] // width, size[1] // height))
    if factor * width > size[0] or factor * height > size[1] or factor == 1:
        # Bigger than the box at one pixel per cell: scale down smoothly instead.
        ratio = min(size[0] / width, size[1] / height)
        target = (max(1, round(width * ratio)), max(1, round(height * ratio)))
        if ratio < 1:
            return pygame.transform.smoothscale(small, target)
        return pygame.transform.scale(small, target)
    return pygame.transform.scale(small, (width * factor, height * factor))


def draw_broken_card(
    surface: pygame.Surface, app: App, rect: pygame.Rect, name: str, error: str | None, pad: int
) -> None:
    """A card for a file that cannot be played: "Cannot open", the file's name and the
    reason, wrapped (nonogram and Kakuro cards alike: QA found the Kakuro one without the
    name and its reason cut to one line)."""
    theme = app.theme
    scale = app.ui_scale
    y = rect.top + pad
    size = round(17 * scale)
    # Fitted: a language's longer words never run past the card's edge.
    title = fit_text(app.fonts.get(size, bold=True), _("Cannot open"), rect.width - 2 * pad)
    draw_text(surface, app, title, size, theme.error, (rect.left + pad, y), bold=True)
    y += round(26 * scale)
    small = round(14 * scale)
    font = app.fonts.get(small)
    width = rect.width - 2 * pad
    draw_text(surface, app, fit_text(font, name, width), small, theme.text, (rect.left + pad, y))
    y += round(26 * scale)
    lines = wrap_text(font, error or _("unknown problem"), width)
    room = max(1, (rect.bottom - pad - y) // font.get_linesize())
    for line in lines[: min(7, room)]:
        draw_text(surface, app, line, small, theme.text_muted, (rect.left + pad, y))
        y += font.get_linesize()
