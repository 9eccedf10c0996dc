"""The frame around any kind's board: the top bar, the side panel's message and win result,
the help line and the paused banner, drawn from *look* values.

Each part of the frame is a frozen value that says everything the part shows
(:class:`TopBarLook`, :class:`WinLook`, ...), made from the scene once a frame, and a
function that draws the part from that value alone. :class:`FrameCache` keeps the drawn
frame in one surface and draws a part again only when its look differs from the one it
drew: what is redrawn follows from what changed, and a part cannot show something its look
does not hold (the cache keys this replaces once missed the win buttons' fade).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic

import pygame

from game.core.i18n import _
from game.core.play.keeping import WinState
from game.ui.fonts import text_size
from game.ui.input import Device
from game.ui.input.prompts import PLAY_PAD, PLAY_TOUCH, PadHelp, help_for
from game.ui.layout import Box
from game.ui.scenes.shared.play.shell import C, G, M
from game.ui.widgets.base import Veil, radius
from game.ui.widgets.button import Button
from game.ui.widgets.text import fit_text, format_time, wrap_text
from game.ui.widgets.win_reveal import title_appear

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.shared.play.shell import PlayShell

# The reveal's fades are drawn in this many steps (a step is a redraw of the part).
FADE_STEPS = 20


def fade_step(win: WinState | None) -> int:
    """The win reveal's title fade as a whole number: -1 before a win, 0 before the title
    shows, then 1..FADE_STEPS+1 (rounded down: 0.98 must not look like 1.0, when the
    buttons appear)."""
    if win is None:
        return -1
    appear = title_appear(win.age)
    return 0 if appear <= 0 else 1 + math.floor(appear * FADE_STEPS)


def step_alpha(step: int) -> float:
    """The fade a :func:`fade_step` stands for (0 before the title, 1 at the end)."""
    return 0.0 if step <= 0 else min(1.0, (step - 1) / FADE_STEPS)


@dataclass(frozen=True)
class Style:
    """What every part's drawing depends on besides its own look."""

    theme: str
    scale: float
    device: Device  # the buttons' prompts name its keys or buttons


@dataclass(frozen=True)
class TopBarLook:
    """The header: the name (``Solved!`` fading in before it after a win), the details
    after it, and at the right the best time, the count, the clock's label and time."""

    style: Style
    name: str
    details: str
    count: str
    best: float | None
    clock_label: str
    time: str
    fade: int


@dataclass(frozen=True)
class MessageLook:
    style: Style
    text: str
    kind: str  # info / error / success / hint


@dataclass(frozen=True)
class WinLook:
    """The result in the panel after a win: ``Solved!``, the time and best, a kind's
    ``extra`` line (helps used), and under the win buttons a ``note`` of where next."""

    style: Style
    seconds: float
    new_best: bool
    best: float | None
    extra: str
    note: str
    fade: int


@dataclass(frozen=True)
class PanelLook:
    """What a side panel shows: its buttons, the message, the win's result, and the kind's
    own part (``extra``: the mini-map's view, the selected cell's runs, ...)."""

    style: Style
    buttons: tuple[Hashable, ...]
    message: MessageLook
    win: WinLook | None
    board: int  # the scene's count of board changes
    paused: bool
    extra: Hashable


def button_looks(buttons: Sequence[Button]) -> tuple[Hashable, ...]:
    """What the panel's buttons show, for a part's look."""
    return tuple(
        (b.label, b.short_label, b.enabled, b.hovered, b.pressed, b.primary, b.focused, *b.rect)
        for b in buttons
    )


def message_colour(app: App, kind: str) -> tuple[int, int, int]:
    theme = app.theme
    return {"error": theme.error, "success": theme.success, "hint": theme.accent}.get(
        kind, theme.text
    )


# --- drawing the parts -----------------------------------------------------------------


def draw_top_bar(surface: pygame.Surface, app: App, bar: Box, pad: int, look: TopBarLook) -> None:
    theme = app.theme
    surface.fill(theme.panel, bar)
    surface.fill(theme.panel_border, (bar.x, bar.bottom - 1, bar.w, 1))
    cy = bar.y + bar.h // 2
    big = app.scaled(24)
    small = app.scaled(18)
    time_text = app.fonts.render(look.time, app.scaled(26), theme.text, True)
    rect = time_text.get_rect(midright=(bar.right - pad, cy))
    surface.blit(time_text, rect)
    tag = app.fonts.render(look.clock_label, small, theme.text_muted)
    tag_rect = tag.get_rect(midright=(rect.x - pad // 2, cy))
    surface.blit(tag, tag_rect)
    left = app.fonts.render(look.count, small, theme.text)
    left_rect = left.get_rect(midright=(tag_rect.x - 2 * pad, cy))
    surface.blit(left, left_rect)
    limit = left_rect.x - 2 * pad
    if look.best is not None:
        best_text = _("Best {time}").format(time=format_time(look.best))
        best = app.fonts.render(best_text, small, theme.text_muted)
        best_rect = best.get_rect(midright=(limit, cy))
        surface.blit(best, best_rect)
        limit = best_rect.x - 2 * pad
    detail = app.fonts.render(look.details, small, theme.text_muted)
    font = app.fonts.get(big, bold=True)
    x = bar.x + pad
    room = limit - x - pad - detail.get_width()
    # Until the picture shows, the name is what the player saw before the win; then
    # "Solved!" and the title fade in together, the second half of the reveal.
    reveal = step_alpha(look.fade)
    if reveal > 0:
        solved = app.fonts.render(_("Solved!"), big, theme.success, True).copy()
        solved.set_alpha(round(255 * reveal))
        surface.blit(solved, solved.get_rect(midleft=(x, cy)))
        x += solved.get_width() + font.size(" ")[0]
        room -= solved.get_width() + font.size(" ")[0]
    title = app.fonts.render(fit_text(font, look.name, max(20, room)), big, theme.text, True)
    if reveal > 0:
        title = title.copy()
        title.set_alpha(round(255 * reveal))
    surface.blit(title, title.get_rect(midleft=(x, cy)))
    surface.blit(detail, detail.get_rect(midleft=(x + title.get_width() + pad, cy + 2)))


def draw_message(
    surface: pygame.Surface, app: App, box: Box, look: MessageLook, size: int = 17
) -> None:
    """The panel's message, wrapped to ``box``: a smaller size (never under the readable
    one) when it does not fit (a hint's German or Spanish sentence ran a line past the
    box); lines that still do not fit are left out."""
    if not look.text:
        return
    size = app.scaled(size)
    font = app.fonts.get(size)
    lines = wrap_text(font, look.text, box.w)
    while len(lines) * font.get_linesize() > box.h and text_size(size - 1) < size:
        size -= 1
        font = app.fonts.get(size)
        lines = wrap_text(font, look.text, box.w)
    colour = message_colour(app, look.kind)
    line_h = font.get_linesize()
    y = box.y
    for line in lines:
        if y + line_h > box.bottom:
            break
        surface.blit(app.fonts.render(line, size, colour), (box.x, y))
        y += line_h


def draw_win(
    surface: pygame.Surface,
    app: App,
    panel: Box,
    top: int,
    look: WinLook,
    buttons: Sequence[Button],
    pad: int,
) -> None:
    """The result of a won game in the side panel, fading in with the title; the win
    buttons and the note under them once it has."""
    appear = step_alpha(look.fade)
    if appear <= 0:
        return
    theme = app.theme
    cx = panel.x + panel.w // 2
    y = top
    title = app.fonts.render(_("Solved!"), app.scaled(34), theme.success, True).copy()
    title.set_alpha(round(255 * appear))
    surface.blit(title, title.get_rect(midtop=(cx, y)))
    y += title.get_height() + app.scaled(4)
    line = _("Time {time}").format(time=format_time(look.seconds))
    if look.new_best:
        line += " · " + _("New best!")
    elif look.best is not None:
        line += " · " + _("Best {time}").format(time=format_time(look.best))
    result = app.fonts.render(line, app.scaled(19), theme.text, look.new_best).copy()
    result.set_alpha(round(255 * appear))
    surface.blit(result, result.get_rect(midtop=(cx, y)))
    if look.extra:
        y += result.get_height() + app.scaled(2)
        extra = app.fonts.render(look.extra, app.scaled(15), theme.text_muted)
        surface.blit(extra, extra.get_rect(midtop=(cx, y)))
    if appear < 1.0:
        return
    for button in buttons:
        button.draw(surface, app)
    if look.note and buttons:
        # Wrapped, at most three lines (the last fitted): a sentence of where to go next
        # did not fit one line of the panel.
        room = panel.w - 2 * pad
        font = app.fonts.get(app.scaled(15))
        lines = wrap_text(font, look.note, room)
        if len(lines) > 3:
            lines = [*lines[:2], " ".join(lines[2:])]
        y = buttons[-1].rect.bottom + 8
        for text in lines:
            note = app.fonts.render(fit_text(font, text, room), app.scaled(15), theme.text_muted)
            surface.blit(note, note.get_rect(midtop=(cx, y)))
            y += font.get_linesize()


def draw_help(
    surface: pygame.Surface, app: App, line: Box, pad: int, helps: Sequence[str], won: bool
) -> None:
    """The help line: the first of ``helps`` that fits, else the last one cut to fit; once
    the game is won the controls no longer apply and the line is left empty."""
    theme = app.theme
    if won:
        surface.fill(theme.background, line)
        return
    surface.fill(theme.panel, line)
    surface.fill(theme.panel_border, (line.x, line.y, line.w, 1))
    size = app.scaled(15)
    font = app.fonts.get(size)
    room = line.w - 2 * pad
    text = next(
        (help for help in helps[:-1] if font.size(help)[0] <= room),
        fit_text(font, helps[-1], room),
    )
    rendered = app.fonts.render(text, size, theme.text_muted)
    surface.blit(rendered, rendered.get_rect(center=(line.x + line.w // 2, line.y + line.h // 2)))


def draw_paused_banner(
    surface: pygame.Surface, app: App, veil: Veil, centre: tuple[int, int]
) -> None:
    """Veil the screen and say the clock waits (the window lost focus)."""
    theme = app.theme
    veil.draw(surface)
    text = app.fonts.render(_("Paused: the clock waits for you"), app.scaled(22), theme.toast_text)
    rect = text.get_rect(center=centre)
    back = rect.inflate(app.scaled(40), app.scaled(24))
    pygame.draw.rect(surface, theme.toast, back, border_radius=radius(app))
    surface.blit(text, rect)


class FrameCache:
    """The frame around the board in one surface; :meth:`part` draws a part again only
    when its look is not the one drawn last."""

    def __init__(self) -> None:
        self._surface: pygame.Surface | None = None
        self._drawn: dict[str, Hashable] = {}

    def begin(self, size: tuple[int, int], base: Hashable, fill: tuple[int, int, int]) -> None:
        """Start a frame of ``size``; ``base`` (the theme, the regions) changed: all anew."""
        if self._surface is None or self._surface.get_size() != size:
            self._surface = pygame.Surface(size).convert()
            self._drawn = {}
        if self._drawn.get("") != base:
            self._surface.fill(fill)
            self._drawn = {"": base}

    def part(self, name: str, look: Hashable, draw: Callable[[pygame.Surface], None]) -> None:
        assert self._surface is not None
        if self._drawn.get(name) != look:
            draw(self._surface)
            self._drawn[name] = look

    @property
    def surface(self) -> pygame.Surface:
        assert self._surface is not None
        return self._surface


def place_button_rows(
    rows: list[list[Button]], x: int, y: int, width: int, row_height: int, gap: int
) -> int:
    """Stack ``rows`` of one or two buttons down a side panel from ``y`` (a pair shares the
    width, ``gap`` between them); the y below the last row's gap. Every play and replay
    panel lays its buttons out this way."""
    half = (width - gap) // 2
    for row in rows:
        if len(row) == 1:
            row[0].rect = pygame.Rect(x, y, width, row_height)
        else:
            row[0].rect = pygame.Rect(x, y, half, row_height)
            row[1].rect = pygame.Rect(x + width - half, y, half, row_height)
        y += row_height + gap
    return y


def short_label(label: str) -> str:
    """A button's label without its key ("Undo (Z)" -> "Undo"), for a narrow panel."""
    return label.split(" (")[0]


class ShellChrome(Generic[M, C, G]):
    """What every kind's chrome does the same: the looks of the header and of the win
    result, and the cached frame (header, side panel, help line) composed from them. A
    kind's chrome says what its header names and counts (:meth:`header`), its help lines
    (``helps``), its panel's look and how the panel is drawn."""

    helps: tuple[str, ...] = ()
    pad_help: PadHelp = PLAY_PAD

    def __init__(self, scene: PlayShell[M, C, G]) -> None:
        self.shell = scene
        self._frame = FrameCache()
        self._veil = Veil(90)

    def help_lines(self) -> tuple[str, ...]:
        """The help lines to choose from (the first that fits), in the words of the device
        the player last used: keys, a pad's buttons or touches."""
        app = self.shell.app
        device = app.last_device
        if device in (Device.PAD, Device.TOUCH):
            return (help_for(device, app.input.bindings, "", self.pad_help, PLAY_TOUCH),)
        return tuple(_(help) for help in self.helps)

    def style(self) -> Style:
        app = self.shell.app
        return Style(app.theme.name, app.ui_scale, app.last_device)

    def place_win_buttons(self, x: int, y: int, width: int, gap: int) -> None:
        """The win buttons in a column from ``y`` (after a win they take the panel)."""
        app = self.shell.app
        for button in self.shell.win_buttons:
            button.rect = pygame.Rect(x, y, width, app.scaled(44))
            y += app.scaled(44) + gap

    def header(self, fade: int) -> tuple[str, str, str]:
        """The name, the details after it and the count at the right, ``fade`` into the
        win's reveal (-1 before a win)."""
        raise NotImplementedError

    def top_look(self) -> TopBarLook:
        scene = self.shell
        win = scene.win
        fade = fade_step(win)
        name, details, count = self.header(fade)
        return TopBarLook(
            style=self.style(),
            name=name,
            details=details,
            count=count,
            best=scene.app.store.record(scene.key).best_time if win is None else None,
            clock_label=_("Time") if scene.clock_running or win is not None else _("Paused"),
            time=format_time(scene.session.elapsed),
            fade=fade,
        )

    def win_look(self, extra: str = "", note: str = "") -> WinLook | None:
        win = self.shell.win
        if win is None:
            return None
        return WinLook(
            self.style(), win.seconds, win.new_best, win.best, extra, note, fade_step(win)
        )

    def message_look(self) -> MessageLook:
        return MessageLook(self.style(), self.shell.message, self.shell.message_kind)

    def panel_extra(self) -> Hashable:
        """What the kind's own part of the side panel shows, for the panel's look."""
        return None

    def panel_look(self) -> PanelLook:
        scene = self.shell
        win = self.win_look()
        buttons = scene.win_buttons if win is not None else scene.play_buttons
        return PanelLook(
            style=self.style(),
            buttons=button_looks(buttons),
            message=self.message_look(),
            win=win,
            board=scene.version,
            paused=scene.paused,
            extra=self.panel_extra(),
        )

    def draw_panel(self, surface: pygame.Surface) -> None:
        """The side panel: its background, then the kind's part (:meth:`draw_panel_body`),
        then the win's result over it, or the buttons and the kind's part."""
        scene = self.shell
        app, theme = scene.app, scene.app.theme
        panel = scene.regions.side_panel
        surface.fill(theme.panel, panel)
        if scene.regions.panel_below:
            surface.fill(theme.panel_border, (panel.x, panel.y, panel.w, 1))
        else:
            surface.fill(theme.panel_border, (panel.x, panel.y, 1, panel.h))
        self.draw_panel_top(surface)
        win = self.win_look()
        if win is not None:
            area = self.win_area()
            draw_win(
                surface, app, area, self.win_top(), win, scene.win_buttons, scene.regions.padding
            )
            return
        for button in scene.play_buttons:
            button.draw(surface, app)
        self.draw_panel_body(surface)

    def win_area(self) -> Box:
        """The part of the panel the win's result is centred in (all of it here)."""
        return self.shell.regions.side_panel

    def win_top(self) -> int:
        """Where the win's result starts in the panel."""
        return self.shell.regions.side_panel.y

    def draw_panel_top(self, surface: pygame.Surface) -> None:
        """What the kind shows at the top of its panel at all times (the mini-map)."""

    def draw_panel_body(self, surface: pygame.Surface) -> None:
        """The kind's part of the panel under the buttons while the game is played."""

    def compose(self, size: tuple[int, int]) -> pygame.Surface:
        """Bring the cached frame around the board up to date: a part is drawn again only
        when its look changed (the timer once a second, the panel when a button, the
        message or the board changed)."""
        scene = self.shell
        app, regions = scene.app, scene.regions
        frame = self._frame
        frame.begin(size, (app.theme.name, regions), app.theme.background)
        top = self.top_look()
        frame.part(
            "top", top, lambda s: draw_top_bar(s, app, regions.top_bar, regions.padding, top)
        )
        if regions.panel_shown:
            frame.part("panel", self.panel_look(), self.draw_panel)
        if regions.help_line.h:
            won = scene.win is not None
            helps = self.help_lines()
            frame.part(
                "help",
                (self.style(), won, helps),
                lambda s: draw_help(s, app, regions.help_line, regions.padding, helps, won),
            )
        return frame.surface

    def draw_paused_banner(self, surface: pygame.Surface, centre: tuple[int, int]) -> None:
        draw_paused_banner(surface, self.shell.app, self._veil, centre)
