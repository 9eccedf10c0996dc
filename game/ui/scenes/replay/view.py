"""The replay's layout and its chrome: the top bar, the side panel, the controls, the help line.

Each part is drawn onto a surface of its own by the functions here, from what the scene and
its trace hold; the scene keeps those surfaces while their key (what they show) is the same.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.board import Cell
from game.ui.layout import Box, compute_board_layout
from game.ui.scenes.replay.board import PROBE_ALPHA
from game.ui.widgets.button import Button
from game.ui.widgets.grid_view import GridView, paint_mark
from game.ui.widgets.minimap import MiniMap
from game.ui.widgets.text import draw_text, fit_text, wrap_text

if TYPE_CHECKING:
    from game.ui.scenes.replay.scene import ReplayScene

RECENT_SHOWN = 6
# Steps per second for each speed setting; inf is "as fast as the budget allows".
SPEEDS: tuple[float, ...] = (1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, math.inf)
INSTANT = len(SPEEDS)  # the last setting, past the table: finish at once


def speed_label(index: int) -> str:
    """How a speed setting is written: "1 step/s", "250 steps/s", "max", "instant"."""
    if index >= INSTANT:
        return "instant"
    speed = SPEEDS[index]
    if math.isinf(speed):
        return "max"
    return f"{speed:g} step/s" if speed == 1 else f"{speed:g} steps/s"


def seconds_text(seconds: float) -> str:
    """A duration for the panel: milliseconds below a tenth of a second."""
    if seconds < 0.1:
        return f"{seconds * 1000:.1f} ms"
    return f"{seconds:.2f} s"


def lay_out(scene: ReplayScene) -> None:
    """Place the bars, the panel, the board and every widget for the window's size."""
    app = scene.app
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
    # Between the bars and the panel: the only part a frame repaints around the board.
    scene.board_zone = pygame.Rect(0, top_h, panel.x, controls.y - top_h)
    scene.regions = {
        "top": top_bar,
        "help": help_line,
        "controls": controls,
        "panel": panel,
        "board": board_area,
    }
    puzzle = scene.puzzle
    scene.layout = compute_board_layout(
        board_area, puzzle.width, puzzle.height, puzzle.row_clues, puzzle.column_clues
    )
    if scene.grid_view is None:
        scene.grid_view = GridView(puzzle, app.theme, app.fonts, scene.layout)
        scene.grid_view.overlays.show_cursor = False
    else:
        scene.grid_view.set_theme(app.theme)
        scene.grid_view.set_layout(scene.layout)
    map_side = min(panel.w - 2 * pad, round(170 * scale))
    map_area = Box(panel.x + pad, panel.bottom - pad - map_side, panel.w - 2 * pad, map_side)
    if scene.minimap is None:
        scene.minimap = MiniMap(puzzle.width, puzzle.height, app.theme, map_area)
    else:
        scene.minimap.set_theme(app.theme)
        scene.minimap.set_area(map_area)
    place_controls(scene, controls, pad, scale)
    place_top_buttons(scene, top_bar, pad, scale)
    if scene.marks is not None:
        toggle_h = round(38 * scale)
        scene.marks_toggle.rect = pygame.Rect(
            panel.x + pad // 2, map_area.y - toggle_h - pad, panel.w - pad, toggle_h
        )


def place_controls(scene: ReplayScene, controls: Box, pad: int, scale: float) -> None:
    button_h = round(40 * scale)
    gap = round(8 * scale)
    y = controls.y + (controls.h - button_h) // 2
    x = controls.x + pad

    def put(widget: Button, width: int) -> None:
        # Never narrower than its label: text does not shrink below readable.
        nonlocal x
        width = widget.fitting_width(scene.app, width)
        widget.rect = pygame.Rect(x, y, width, button_h)
        x += width + gap

    small = round(88 * scale)
    put(scene.restart_button, small)
    x += gap
    if scene.finished and len(scene.state.solutions) > 1:
        hidden: list[Button] = [
            scene.step_button,
            scene.line_button,
            scene.play_button,
            scene.end_button,
        ]
        put(scene.previous_button, round(130 * scale))
        scene.solution_label_x = x
        x += round(150 * scale)
        put(scene.next_button, round(110 * scale))
        shown_browser = True
    else:
        hidden = [scene.previous_button, scene.next_button]
        put(scene.step_button, small)
        put(scene.line_button, small)
        put(scene.play_button, small)
        put(scene.end_button, round(118 * scale))
        shown_browser = False
    for widget in hidden:
        widget.rect = pygame.Rect(0, 0, 0, 0)
    scene.browser_shown = shown_browser
    back_w = scene.back_button.fitting_width(scene.app, small)
    back_x = controls.right - pad - back_w
    scene.back_button.rect = pygame.Rect(back_x, y, back_w, button_h)
    # The speed controls fill what is left between the playback buttons and Back.
    square = button_h
    right = back_x - 2 * gap
    scene.faster_button.rect = pygame.Rect(right - square, y, square, button_h)
    # Wide enough for its label, its value and a track, when the room allows.
    widest = max(round(330 * scale), scene.speed_slider.text_room(scene.app) + round(160 * scale))
    slider_w = max(round(200 * scale), min(widest, right - square - gap - x))
    slider_x = right - square - gap - slider_w
    scene.speed_slider.rect = pygame.Rect(slider_x, y, slider_w, button_h)
    scene.slower_button.rect = pygame.Rect(slider_x - gap - square, y, square, button_h)


def place_top_buttons(scene: ReplayScene, bar: Box, pad: int, scale: float) -> None:
    """Who solves, and the race, at the right of the top bar."""
    button_h = round(36 * scale)
    gap = round(8 * scale)
    y = bar.y + (bar.h - button_h) // 2
    right = bar.right - pad
    for button in (scene.race_button, scene.solver_button):
        width = button.fitting_width(scene.app, round(110 * scale))
        button.rect = pygame.Rect(right - width, y, width, button_h)
        right -= width + gap


def top_key(scene: ReplayScene) -> tuple[object, ...]:
    parts: list[object] = [scene.status_text()]
    for button in (scene.solver_button, scene.race_button):
        parts.append((tuple(button.rect), button.label, button.hovered, button.pressed))
    return tuple(parts)


def render_top_bar(scene: ReplayScene, target: pygame.Surface, bar: Box) -> None:
    app = scene.app
    theme = app.theme
    scale = app.ui_scale
    target.fill(theme.panel)
    pygame.draw.line(target, theme.panel_border, (0, bar.h - 1), (bar.w, bar.h - 1))
    pad = round(16 * scale)
    for button in (scene.solver_button, scene.race_button):
        saved = button.rect
        button.rect = saved.move(-bar.x, -bar.y)
        try:
            button.draw(target, app)
        finally:
            button.rect = saved
    status, colour = scene.status_text()
    status_size = round(21 * scale)
    status_rect = draw_text(
        target, app, status, status_size, colour,
        (scene.solver_button.rect.x - 2 * pad, bar.centre[1]), "midright", bold=scene.finished,
    )  # fmt: skip
    heading = f"Watch the solver · {scene.name} · {scene.puzzle.size_text}"
    size = round(22 * scale)
    heading = fit_text(app.fonts.get(size, True), heading, status_rect.x - 2 * pad)
    draw_text(
        target, app, heading, size, theme.text, (bar.x + pad, bar.centre[1]), "midleft",
        bold=True,
    )  # fmt: skip


def panel_key(scene: ReplayScene) -> tuple[object, ...]:
    state = scene.state
    return (
        state.counters,
        id(state.last_step),
        scene.solution_index if scene.finished else -1,
        scene.marks_note,
        scene.from_marks,
        # The switch draws over the panel: a change of its look needs a clean panel.
        scene.marks_toggle.hovered,
        scene.marks_toggle.value,
    )


def render_panel(scene: ReplayScene, target: pygame.Surface, panel: Box) -> None:
    app = scene.app
    theme = app.theme
    scale = app.ui_scale
    target.fill(theme.panel)
    pygame.draw.line(target, theme.panel_border, (0, 0), (0, panel.h))
    pad = round(16 * scale)
    x = pad
    right = panel.w - pad
    y = round(12 * scale)
    heading = round(17 * scale)
    size = round(15 * scale)
    line_h = app.fonts.get(size).get_linesize()
    stats = statistics(scene)
    draw_text(target, app, "Statistics", heading, theme.text, (x, y), bold=True)
    y += round(heading * 1.5)
    for label, value in stats:
        draw_text(target, app, label, size, theme.text_muted, (x, y))
        draw_text(target, app, value, size, theme.text, (right, y), "topright")
        y += line_h
    y += round(10 * scale)
    # What follows stops above the mini-map and the marks switch.
    screen_panel = scene.regions["panel"]
    limit = (scene.minimap.box.y if scene.minimap is not None else screen_panel.bottom) - (
        screen_panel.y
    )
    if scene.marks is not None:
        limit = min(limit, scene.marks_toggle.rect.y - screen_panel.y)
        if scene.marks_note:
            note_size = round(13 * scale)
            font = app.fonts.get(note_size)
            refused = not scene.from_marks and scene.marks_check is None
            colour = theme.error if refused else theme.text_muted
            note_y = scene.marks_toggle.rect.bottom - screen_panel.y
            for text in wrap_text(font, scene.marks_note, right - x)[:2]:
                draw_text(target, app, text, note_size, colour, (x, note_y))
                note_y += font.get_linesize()
    if scene.solutions:
        render_solution_info(scene, target, x, right, y)
    else:
        limit = render_legend(scene, target, x, right, limit)
        render_recent(scene, target, x, right, y, limit)


def statistics(scene: ReplayScene) -> list[tuple[str, str]]:
    """The side panel's figures as (label, value) rows."""
    counters = scene.state.counters
    return [
        ("Steps", f"{counters.steps:,}"),
        ("Lines that gave cells", f"{counters.lines_with_cells:,}"),
        ("Cells tried", f"{counters.probes:,}"),
        ("Guesses", f"{counters.guesses:,}  (back {counters.backtracks:,})"),
        ("Depth", f"{counters.depth}  (deepest {counters.max_depth})"),
        ("Rules learned", f"{counters.learned:,}  (forgot {counters.forgotten:,})"),
        ("Solutions", f"{counters.solutions}"),
        ("Solver time", seconds_text(counters.solver_seconds)),
    ]


def engine_summary(scene: ReplayScene) -> str | None:
    """The finished run in a sentence, from the same counters as the statistics; the
    engine's total of lines (with those that gave nothing) is named as such."""
    result = scene.state.result
    if result is None:
        return None
    stats = result.stats
    counters = scene.state.counters
    looked_at = stats.lines_solved + stats.cache_hits
    return (
        f"The engine looked at {looked_at:,} lines ({counters.lines_with_cells:,} gave "
        f"cells), tried {counters.probes:,} cells and made {counters.guesses:,} guesses in "
        f"{seconds_text(counters.solver_seconds)}."
    )


def render_legend(
    scene: ReplayScene, target: pygame.Surface, x: int, right: int, bottom: int
) -> int:
    """What the colours mean, in one or two rows above ``bottom``; returns its top."""
    app = scene.app
    theme = app.theme
    scale = app.ui_scale
    size = round(13 * scale)
    side = max(8, round(15 * scale))
    gap = round(6 * scale)
    # None: the red flash over a line (or a tried cell) that cannot fit its clue.
    items: tuple[tuple[Cell | None, str, int], ...] = (
        (Cell.TRIAL_FILLED, "guessed", 255),
        (Cell.TRIAL_CROSSED, "guessed empty", 255),
        (Cell.FILLED, "tried", PROBE_ALPHA),
        (None, "contradiction", 255),
    )
    font = app.fonts.get(size)
    widths = [side + gap + font.size(label)[0] for _, label, _ in items]
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
            state, label, alpha = items[index]
            swatch = pygame.Surface((side, side)).convert()
            swatch.fill(theme.cell_unknown if state is not None else theme.error)
            if state is not None:
                paint_mark(swatch, Box(0, 0, side, side), state, theme)
            swatch.set_alpha(alpha)
            box = pygame.Rect(cursor, y + (row_h - side) // 2, side, side)
            target.fill(theme.cell_unknown, box)
            target.blit(swatch, box)
            pygame.draw.rect(target, theme.grid_line, box.inflate(2, 2), 1)
            draw_text(target, app, label, size, theme.text_muted, (box.right + gap, y))
            cursor += widths[index] + 2 * gap
        y += row_h + gap
    return top


def render_recent(
    scene: ReplayScene, target: pygame.Surface, x: int, right: int, y: int, limit: int
) -> None:
    app = scene.app
    theme = app.theme
    scale = app.ui_scale
    draw_text(target, app, "Last steps", round(17 * scale), theme.text, (x, y), bold=True)
    y += round(17 * scale * 1.5)
    size = round(14 * scale)
    font = app.fonts.get(size)
    line_h = font.get_linesize()
    recent = list(scene.state.recent)[-RECENT_SHOWN:]
    for age, step in enumerate(reversed(recent)):
        colour = theme.text if age == 0 else theme.text_muted
        lines = wrap_text(font, step.describe(), right - x)[:3]
        if y + len(lines) * line_h > limit - line_h // 2:
            break  # older steps are dropped first
        for text in lines:
            draw_text(target, app, fit_text(font, text, right - x), size, colour, (x, y))
            y += line_h
        y += line_h // 4
    if not recent:
        draw_text(target, app, "Nothing yet.", size, theme.text_muted, (x, y))


def render_solution_info(
    scene: ReplayScene, target: pygame.Surface, x: int, right: int, y: int
) -> None:
    app = scene.app
    theme = app.theme
    scale = app.ui_scale
    count = len(scene.solutions)
    title = "Solution" if count == 1 else f"Solution {scene.solution_index + 1} of {count}"
    draw_text(target, app, title, round(17 * scale), theme.text, (x, y), bold=True)
    y += round(17 * scale * 1.5)
    size = round(14 * scale)
    font = app.fonts.get(size)
    paragraphs: list[str] = []
    if scene.differences is not None:
        differ = int(scene.differences.sum())
        paragraphs.append(
            f"The {differ} cells where the solutions differ are framed. "
            "Left / Right or the buttons show the others."
        )
    summary = engine_summary(scene)
    if summary is not None:
        paragraphs.append(summary)
    for paragraph in paragraphs:
        for text in wrap_text(font, paragraph, right - x):
            draw_text(target, app, text, size, theme.text_muted, (x, y))
            y += font.get_linesize()
        y += font.get_linesize() // 3


def controls_key(scene: ReplayScene) -> tuple[object, ...]:
    parts: list[object] = [scene.solution_index, len(scene.solutions), scene.speed_index]
    for widget in scene.focus.widgets:
        parts.append(
            (
                tuple(widget.rect),
                getattr(widget, "label", ""),
                widget.enabled,
                widget.hovered,
                getattr(widget, "pressed", False),
                getattr(widget, "value", None),
            )
        )
    return tuple(parts)


def render_controls(scene: ReplayScene, target: pygame.Surface, bar: Box) -> None:
    app = scene.app
    theme = app.theme
    target.fill(theme.panel)
    pygame.draw.line(target, theme.panel_border, (0, 0), (bar.w, 0))
    # The widgets know where they are on the screen: draw them shifted onto this bar.
    offset = scene.regions["controls"]
    for widget in scene.focus.widgets:
        if widget.rect.width <= 0:
            continue
        saved = widget.rect
        widget.rect = saved.move(-offset.x, -offset.y)
        try:
            widget.draw(target, app)
        finally:
            widget.rect = saved
    if scene.browser_shown:
        count = len(scene.solutions)
        label = f"{scene.solution_index + 1} of {count}"
        centre = (
            scene.solution_label_x + round(75 * app.ui_scale) - round(8 * app.ui_scale) // 2,
            bar.centre[1],
        )
        draw_text(
            target, app, label, round(19 * app.ui_scale), theme.text, centre, "center",
            bold=True,
        )  # fmt: skip


def help_text(scene: ReplayScene) -> str:
    if scene.finished and len(scene.solutions) > 1:
        return "Left / Right: other solutions  ·  Home: restart  ·  Esc: back"
    if scene.finished:
        return "Home: watch it again  ·  Esc: back"
    return (
        "Space play/pause  ·  → step  ·  Shift+→ line  ·  End: to the end  ·  "
        "Home: restart  ·  + / −: speed  ·  A: solver  ·  Esc: back"
    )


def render_help(scene: ReplayScene, target: pygame.Surface, bar: Box) -> None:
    app = scene.app
    target.fill(app.theme.background)
    size = round(14 * app.ui_scale)
    text = fit_text(app.fonts.get(size), help_text(scene), bar.w - 20)
    draw_text(target, app, text, size, app.theme.text_muted, bar.centre, "center")


# The bars and the panel are drawn on surfaces of their own, kept while what they show is
# the same; at full speed the panel is refreshed a few times a second, not every frame.


def cached_blit(
    scene: ReplayScene,
    name: str,
    key: object,
    region: Box,
    render: Callable[[pygame.Surface, Box], None],
    surface: pygame.Surface,
    refresh_after: float = 0.0,
) -> bool:
    """Blit the scene's surface for ``name``, rendered again when ``key`` changed (at most
    every ``refresh_after`` seconds). Returns whether anything was blitted this frame."""
    entry = scene._chrome.get(name)
    now = scene.app.time
    stale = entry is None or entry[0] != key or entry[1].get_size() != (region.w, region.h)
    if stale and entry is not None and refresh_after > 0 and now - entry[2] < refresh_after:
        stale = entry[1].get_size() != (region.w, region.h)
    if stale or entry is None:
        target = pygame.Surface((max(1, region.w), max(1, region.h))).convert()
        render(target, Box(0, 0, region.w, region.h))
        entry = (key, target, now)
        scene._chrome[name] = entry
    elif not scene._repaint_all:
        return False  # the window still shows it from an earlier frame
    surface.blit(entry[1], (region.x, region.y))
    return True
