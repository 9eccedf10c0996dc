"""The replay shell's layout and its chrome: the top bar, the side panel, the controls, the help.

:func:`replay_look` reads the shell's UI state, its trace and its board part into a
:class:`ReplayLook`, one frozen value per part of the chrome; :func:`draw_parts` draws a part
onto a surface of its own only when its value changed since it was last drawn (so a redraw
follows from what is shown, nothing else), and at full speed the panel a few times a second.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

import pygame

from game.core.i18n import N_, _, ngettext
from game.core.locale_numbers import format_decimal, format_int
from game.ui.input.prompts import REPLAY_PAD, help_for
from game.ui.layout import Box
from game.ui.widgets.base import Widget
from game.ui.widgets.button import Button
from game.ui.widgets.text import draw_text, fit_text, wrap_text

if TYPE_CHECKING:
    from game.core.trace import ResultT
    from game.ui.app import App
    from game.ui.scenes.shared.replay.shell import ReplayShell, StepT
    from game.ui.theme import Colour

RECENT_SHOWN = 6
# Steps per second for each speed setting; inf is "as fast as the budget allows".
SPEEDS: tuple[float, ...] = (1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, math.inf)
INSTANT = len(SPEEDS)  # the last setting, past the table: finish at once
# At full speed the panel's figures change every frame: it is drawn again only this often.
PANEL_REFRESH = 1 / 15


def speed_label(index: int) -> str:
    """How a speed setting is written: "1 step/s", "250 steps/s", "max", "instant"."""
    if index >= INSTANT:
        return _("instant")
    speed = SPEEDS[index]
    if math.isinf(speed):
        return _("max")
    count = f"{speed:g}"
    return ngettext("{count} step/s", "{count} steps/s", int(speed)).format(count=count)


def seconds_text(seconds: float) -> str:
    """A duration for the panel: milliseconds below a tenth of a second."""
    if seconds < 0.1:
        return f"{format_decimal(seconds * 1000, 1)} ms"
    return f"{format_decimal(seconds, 2)} s"


class SearchCounters(Protocol):
    """The live figures every kind's trace keeps."""

    steps: int
    guesses: int
    backtracks: int
    depth: int
    max_depth: int
    solutions: int
    solver_seconds: float


Rows = list[tuple[str, str]]


def search_figures(counters: SearchCounters, after_steps: Rows, after_depth: Rows) -> Rows:
    """The panel's figures as (label, value) rows: the search's, with a kind's own rows
    after the steps and after the depth."""
    return [
        (_("Steps"), format_int(counters.steps)),
        *after_steps,
        (
            _("Guesses"),
            _("{count}  (back {back})").format(
                count=format_int(counters.guesses), back=format_int(counters.backtracks)
            ),
        ),
        (
            _("Depth"),
            _("{depth}  (deepest {deepest})").format(
                depth=counters.depth, deepest=counters.max_depth
            ),
        ),
        *after_depth,
        (_("Solutions"), f"{counters.solutions}"),
        (_("Solver time"), seconds_text(counters.solver_seconds)),
    ]


# -- what is shown ----------------------------------------------------------------------------


@dataclass(frozen=True)
class WidgetLook:
    """A widget as drawn: where, its words, and its state."""

    rect: tuple[int, int, int, int]
    label: str
    enabled: bool
    hovered: bool
    pressed: bool
    focused: bool
    value: object


def widget_look(widget: Widget) -> WidgetLook:
    rect = widget.rect
    return WidgetLook(
        (rect.x, rect.y, rect.w, rect.h),
        getattr(widget, "label", ""),
        widget.enabled,
        widget.hovered,
        getattr(widget, "pressed", False),
        widget.focused,
        getattr(widget, "value", None),
    )


@dataclass(frozen=True)
class TopLook:
    heading: str
    status: str
    colour: Colour
    bold: bool
    buttons: tuple[WidgetLook, ...]


@dataclass(frozen=True)
class PanelLook:
    """The side panel: the figures, then the last steps (newest first) and the legend while
    the solver works, or the solution's title and notes at the end; ``extras`` is what the
    part draws in it of its own."""

    rows: tuple[tuple[str, str], ...]
    recent: tuple[str, ...]
    solution: tuple[str, tuple[str, ...]] | None
    legend: tuple[tuple[str, str], ...]
    floor: int
    extras: tuple[object, ...]


@dataclass(frozen=True)
class ControlsLook:
    widgets: tuple[WidgetLook, ...]
    browser: str | None  # "2 of 3" while browsing solutions


@dataclass(frozen=True)
class ReplayLook:
    top: TopLook
    panel: PanelLook
    controls: ControlsLook
    help: str


def replay_look(shell: ReplayShell[StepT, ResultT]) -> ReplayLook:
    """The chrome's looks for this moment of ``shell``."""
    part = shell.part
    trace = shell.trace
    ui = shell.ui
    status, colour = shell.status_text()
    top = TopLook(
        part.heading,
        status,
        colour,
        shell.finished,
        tuple(widget_look(button) for button in part.top_buttons()),
    )
    count = shell.solution_count
    solution: tuple[str, tuple[str, ...]] | None = None
    recent: tuple[str, ...] = ()
    if count:
        title = (
            _("Solution")
            if count == 1
            else _("Solution {number} of {count}").format(number=ui.solution_index + 1, count=count)
        )
        solution = (title, tuple(part.solution_notes()))
    else:
        recent = tuple(step.describe() for step in list(trace.recent)[-RECENT_SHOWN:][::-1])
    panel = PanelLook(
        tuple(part.statistics()),
        recent,
        solution,
        part.legend,
        shell.panel_floor,
        part.panel_extras(),
    )
    browser = (
        _("{number} of {count}").format(number=ui.solution_index + 1, count=count)
        if shell.browser_shown
        else None
    )
    controls = ControlsLook(tuple(widget_look(widget) for widget in shell.focus.widgets), browser)
    return ReplayLook(top, panel, controls, help_text(shell))


def help_text(shell: ReplayShell[StepT, ResultT]) -> str:
    part = shell.part
    if shell.browsing:
        return _("Left / Right: other solutions  ·  Home: restart  ·  Esc: back")
    if shell.finished:
        return _("Home: watch it again  ·  Esc: back")
    keys = [N_("Space play/pause"), N_("→ step")]
    if part.big_step is not None:
        keys.append(part.big_step.help)
    keys += [
        N_("End: to the end"),
        N_("Home: restart"),
        N_("+ / −: speed"),
        *part.help_keys,
        N_("Esc: back"),
    ]
    app = shell.app
    keyboard = "  ·  ".join(_(key) for key in keys)
    return help_for(app.last_device, app.input.bindings, keyboard, REPLAY_PAD)


# -- where things go --------------------------------------------------------------------------


def lay_out(shell: ReplayShell[StepT, ResultT]) -> None:
    """Place the bars, the panel, the board and every widget for the window's size."""
    app = shell.app
    width, height = app.screen_size
    scale = app.ui_scale
    pad = max(6, round(12 * scale))
    top_h = round(56 * scale)
    controls_h = round(58 * scale)
    help_h = round(28 * scale)
    panel_w = max(230, min(round(width * 0.28), round(340 * scale)))
    top_bar = Box(0, 0, width, top_h)
    help_line = Box(0, height - help_h, width, help_h)
    controls = Box(0, help_line.y - controls_h, width, controls_h)
    panel = Box(width - panel_w, top_h, panel_w, max(1, controls.y - top_h))
    board_area = Box(
        pad, top_h + pad, max(1, panel.x - 2 * pad), max(1, controls.y - top_h - 2 * pad)
    )
    shell.board_zone = pygame.Rect(0, top_h, panel.x, controls.y - top_h)
    shell.regions = {
        "top": top_bar,
        "help": help_line,
        "controls": controls,
        "panel": panel,
        "board": board_area,
    }
    shell.panel_floor = shell.part.arrange(board_area, panel, pad) - panel.y
    place_controls(shell, controls, pad, scale)
    place_top_buttons(shell, top_bar, pad, scale)


def place_controls(
    shell: ReplayShell[StepT, ResultT], controls: Box, pad: int, scale: float
) -> None:
    button_h = round(40 * scale)
    gap = round(8 * scale)
    y = controls.y + (controls.h - button_h) // 2
    x = controls.x + pad

    def put(widget: Button, width: int) -> None:
        # Never narrower than its label: text does not shrink below readable.
        nonlocal x
        width = widget.fitting_width(shell.app, width)
        widget.rect = pygame.Rect(x, y, width, button_h)
        x += width + gap

    small = round(88 * scale)
    put(shell.restart_button, small)
    x += gap
    playback = [shell.step_button, shell.big_button, shell.play_button, shell.end_button]
    if shell.browsing:
        hidden: list[Button] = playback
        put(shell.previous_button, round(130 * scale))
        shell.solution_label_x = x
        x += round(150 * scale)
        put(shell.next_button, round(110 * scale))
    else:
        hidden = [shell.previous_button, shell.next_button]
        put(shell.step_button, small)
        if shell.part.big_step is not None:
            put(shell.big_button, small)
        else:
            hidden.append(shell.big_button)
        put(shell.play_button, small)
        put(shell.end_button, round(118 * scale))
    for widget in hidden:
        widget.rect = pygame.Rect(0, 0, 0, 0)
    shell.browser_shown = shell.browsing
    back_w = shell.back_button.fitting_width(shell.app, small)
    back_x = controls.right - pad - back_w
    shell.back_button.rect = pygame.Rect(back_x, y, back_w, button_h)
    # The speed controls fill what is left between the playback buttons and Back.
    square = button_h
    right = back_x - 2 * gap
    shell.faster_button.rect = pygame.Rect(right - square, y, square, button_h)
    # Wide enough for its label, its value and a track, when the room allows.
    slider = shell.speed_slider
    widest = max(round(330 * scale), slider.text_room(shell.app) + round(160 * scale))
    slider_w = max(round(200 * scale), min(widest, right - square - gap - x))
    slider_x = right - square - gap - slider_w
    slider.rect = pygame.Rect(slider_x, y, slider_w, button_h)
    shell.slower_button.rect = pygame.Rect(slider_x - gap - square, y, square, button_h)


def place_top_buttons(shell: ReplayShell[StepT, ResultT], bar: Box, pad: int, scale: float) -> None:
    """The part's buttons (who solves, the race) at the right of the top bar."""
    button_h = round(36 * scale)
    gap = round(8 * scale)
    y = bar.y + (bar.h - button_h) // 2
    right = bar.right - pad
    for button in reversed(shell.part.top_buttons()):
        width = button.fitting_width(shell.app, round(110 * scale))
        button.rect = pygame.Rect(right - width, y, width, button_h)
        right -= width + gap


# -- drawing ----------------------------------------------------------------------------------


@dataclass
class DrawnParts:
    """The chrome's parts as last drawn: each one's look, its surface and when it was
    drawn. ``clear_all``: the window must be painted whole next frame; ``repaint_all``:
    this frame paints it whole."""

    kept: dict[str, tuple[object, pygame.Surface, float]] = field(default_factory=dict)
    clear_all: bool = True
    repaint_all: bool = True

    def forget(self) -> None:
        """The layout changed: every part is drawn again."""
        self.kept = {}
        self.clear_all = True

    def due_in(self, name: str, look: object, now: float, refresh: float) -> float | None:
        """Seconds until a part held back by ``refresh`` is drawn with its new look."""
        entry = self.kept.get(name)
        if entry is None or entry[0] == look:
            return None
        return max(0.0, refresh - (now - entry[2]))

    def blit(
        self,
        app: App,
        name: str,
        look: object,
        region: Box,
        render: Callable[[pygame.Surface, Box], None],
        surface: pygame.Surface,
        refresh_after: float = 0.0,
    ) -> bool:
        """Blit part ``name``, drawn again when its look changed (at most every
        ``refresh_after`` seconds). Returns whether anything was blitted this frame."""
        entry = self.kept.get(name)
        now = app.time
        size = (max(1, region.w), max(1, region.h))
        stale = entry is None or entry[0] != look or entry[1].get_size() != size
        if stale and entry is not None and refresh_after > 0 and now - entry[2] < refresh_after:
            stale = entry[1].get_size() != size
        if stale or entry is None:
            target = pygame.Surface(size).convert()
            render(target, Box(0, 0, region.w, region.h))
            entry = (look, target, now)
            self.kept[name] = entry
        elif not self.repaint_all:
            return False  # the window still shows it from an earlier frame
        surface.blit(entry[1], (region.x, region.y))
        return True


def draw_parts(
    shell: ReplayShell[StepT, ResultT], surface: pygame.Surface, look: ReplayLook
) -> None:
    """The bars, the panel, the controls and the help line over the board."""
    app = shell.app
    regions = shell.regions
    drawn = shell.drawn
    drawn.blit(
        app, "top", look.top, regions["top"],
        lambda target, area: render_top_bar(shell, look.top, target, area), surface,
    )  # fmt: skip
    fast = shell.too_fast_to_follow and not shell.finished
    fresh = drawn.blit(
        app, "panel", look.panel, regions["panel"],
        lambda target, area: render_panel(shell, look.panel, target, area), surface,
        refresh_after=PANEL_REFRESH if fast else 0.0,
    )  # fmt: skip
    shell.part.draw_over_panel(surface, fresh)
    drawn.blit(
        app, "controls", look.controls, regions["controls"],
        lambda target, area: render_controls(shell, look.controls, target, area), surface,
    )  # fmt: skip
    drawn.blit(
        app, "help", look.help, regions["help"],
        lambda target, area: render_help(app, look.help, target, area), surface,
    )  # fmt: skip


def _draw_shifted(widgets: list[Widget], offset: Box, target: pygame.Surface, app: App) -> None:
    # The widgets know where they are on the screen: draw them shifted onto a part's surface.
    for widget in widgets:
        if widget.rect.width <= 0:
            continue
        saved = widget.rect
        widget.rect = saved.move(-offset.x, -offset.y)
        try:
            widget.draw(target, app)
        finally:
            widget.rect = saved


def render_top_bar(
    shell: ReplayShell[StepT, ResultT], top: TopLook, target: pygame.Surface, bar: Box
) -> None:
    app = shell.app
    theme = app.theme
    scale = app.ui_scale
    target.fill(theme.panel)
    pygame.draw.line(target, theme.panel_border, (0, bar.h - 1), (bar.w, bar.h - 1))
    pad = round(16 * scale)
    buttons = shell.part.top_buttons()
    _draw_shifted(list(buttons), shell.regions["top"], target, app)
    status_right = min((b.rect.x for b in buttons), default=bar.right + pad) - 2 * pad
    status_size = round(21 * scale)
    status_rect = draw_text(
        target, app, top.status, status_size, top.colour, (status_right, bar.centre[1]),
        "midright", bold=top.bold,
    )  # fmt: skip
    size = round(22 * scale)
    heading = fit_text(app.fonts.get(size, True), top.heading, status_rect.x - 2 * pad)
    draw_text(
        target, app, heading, size, theme.text, (bar.x + pad, bar.centre[1]), "midleft",
        bold=True,
    )  # fmt: skip


def render_panel(
    shell: ReplayShell[StepT, ResultT], panel: PanelLook, target: pygame.Surface, box: Box
) -> None:
    app = shell.app
    theme = app.theme
    scale = app.ui_scale
    target.fill(theme.panel)
    pygame.draw.line(target, theme.panel_border, (0, 0), (0, box.h))
    pad = round(16 * scale)
    x = pad
    right = box.w - pad
    y = round(12 * scale)
    heading = round(17 * scale)
    size = round(15 * scale)
    line_h = app.fonts.get(size).get_linesize()
    draw_text(target, app, _("Statistics"), heading, theme.text, (x, y), bold=True)
    y += round(heading * 1.5)
    for label, value in panel.rows:
        draw_text(target, app, label, size, theme.text_muted, (x, y))
        draw_text(target, app, value, size, theme.text, (right, y), "topright")
        y += line_h
    y += round(10 * scale)
    shell.part.render_panel_extras(target, shell.regions["panel"], x, right)
    if panel.solution is not None:
        render_solution_info(app, panel.solution, target, x, right, y)
    else:
        limit = render_legend(shell, panel.legend, target, x, right, panel.floor)
        render_recent(app, panel.recent, target, x, right, y, limit)


def render_legend(
    shell: ReplayShell[StepT, ResultT],
    items: tuple[tuple[str, str], ...],
    target: pygame.Surface,
    x: int,
    right: int,
    bottom: int,
) -> int:
    """What the colours mean, in one or two rows above ``bottom``; returns its top."""
    app = shell.app
    theme = app.theme
    scale = app.ui_scale
    size = round(13 * scale)
    side = max(8, round(15 * scale))
    gap = round(6 * scale)
    font = app.fonts.get(size)
    items = tuple((key, _(label)) for key, label in items)  # marked where they are made
    widths = [side + gap + font.size(label)[0] for _key, label in items]
    rows: list[list[int]] = [[]]
    used = 0
    for index, width in enumerate(widths):
        if rows[-1] and used + width > right - x:
            rows.append([])
            used = 0
        rows[-1].append(index)
        used += width + 2 * gap
    row_h = max(side, font.get_linesize())
    top = bottom - len(rows) * (row_h + gap) - gap
    y = top
    for row in rows:
        cursor = x
        for index in row:
            key, label = items[index]
            box = pygame.Rect(cursor, y + (row_h - side) // 2, side, side)
            target.fill(theme.cell_unknown, box)
            shell.part.draw_swatch(target, box, key)
            pygame.draw.rect(target, theme.grid_line, box.inflate(2, 2), 1)
            draw_text(target, app, label, size, theme.text_muted, (box.right + gap, y))
            cursor += widths[index] + 2 * gap
        y += row_h + gap
    return top


def render_recent(
    app: App,
    recent: tuple[str, ...],
    target: pygame.Surface,
    x: int,
    right: int,
    y: int,
    limit: int,
) -> None:
    theme = app.theme
    scale = app.ui_scale
    draw_text(target, app, _("Last steps"), round(17 * scale), theme.text, (x, y), bold=True)
    y += round(17 * scale * 1.5)
    size = round(14 * scale)
    font = app.fonts.get(size)
    line_h = font.get_linesize()
    for age, words in enumerate(recent):
        colour = theme.text if age == 0 else theme.text_muted
        lines = wrap_text(font, words, right - x)[:3]
        if y + len(lines) * line_h > limit - line_h // 2:
            break  # older steps are dropped first
        for text in lines:
            draw_text(target, app, fit_text(font, text, right - x), size, colour, (x, y))
            y += line_h
        y += line_h // 4
    if not recent:
        draw_text(target, app, _("Nothing yet."), size, theme.text_muted, (x, y))


def render_solution_info(
    app: App,
    solution: tuple[str, tuple[str, ...]],
    target: pygame.Surface,
    x: int,
    right: int,
    y: int,
) -> None:
    theme = app.theme
    scale = app.ui_scale
    title, paragraphs = solution
    draw_text(target, app, title, round(17 * scale), theme.text, (x, y), bold=True)
    y += round(17 * scale * 1.5)
    size = round(14 * scale)
    font = app.fonts.get(size)
    for paragraph in paragraphs:
        for text in wrap_text(font, paragraph, right - x):
            draw_text(target, app, text, size, theme.text_muted, (x, y))
            y += font.get_linesize()
        y += font.get_linesize() // 3


def render_controls(
    shell: ReplayShell[StepT, ResultT], controls: ControlsLook, target: pygame.Surface, bar: Box
) -> None:
    app = shell.app
    theme = app.theme
    target.fill(theme.panel)
    pygame.draw.line(target, theme.panel_border, (0, 0), (bar.w, 0))
    _draw_shifted(shell.focus.widgets, shell.regions["controls"], target, app)
    if controls.browser is not None:
        centre = (
            shell.solution_label_x + round(75 * app.ui_scale) - round(8 * app.ui_scale) // 2,
            bar.centre[1],
        )
        draw_text(
            target, app, controls.browser, round(19 * app.ui_scale), theme.text, centre,
            "center", bold=True,
        )  # fmt: skip


def render_help(app: App, text: str, target: pygame.Surface, bar: Box) -> None:
    target.fill(app.theme.background)
    size = round(14 * app.ui_scale)
    shown = fit_text(app.fonts.get(size), text, bar.w - 20)
    draw_text(target, app, shown, size, app.theme.text_muted, bar.centre, "center")
