"""Level select's drawing: the pack list, the open pack's header and its cards.

Split from :mod:`game.ui.scenes.levels.select` (which keeps the state, the layout and the
events); the view reads the scene and draws it, it decides nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.core.store.fileio import readable
from game.core.store.packs import PuzzleEntry
from game.ui.scenes.levels.cards import Card
from game.ui.scenes.levels.random_panel import PACK_NAME as RANDOM_NAME
from game.ui.widgets.base import draw_card_focus_ring, radius
from game.ui.widgets.text import draw_help_line, draw_text, fit_text, wrap_text

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.levels.select import LevelSelectScene


def pack_name_fitted(app: App, title: str, room: int) -> tuple[str, int]:
    """A pack's name and its font size for ``room`` pixels: a long name ("Kakuro twelve by
    twelve") steps down to four sizes smaller before it is cut with an ellipsis."""
    size = round(19 * app.ui_scale)
    smallest = round(15 * app.ui_scale)
    while size > smallest and app.fonts.get(size, bold=True).size(title)[0] > room:
        size -= 1
    return fit_text(app.fonts.get(size, bold=True), title, room), size


def draw_pack_row(
    surface: pygame.Surface,
    app: App,
    rect: pygame.Rect,
    title: str,
    detail: str,
    *,
    chosen: bool,
    hovered: bool,
    focused: bool,
) -> None:
    """One row of a pack list (nonogram and Kakuro select alike): name over a line of detail."""
    theme = app.theme
    scale = app.ui_scale
    corner = radius(app)
    pad = round(12 * scale)
    if chosen:
        pygame.draw.rect(surface, theme.accent, rect, border_radius=corner)
    elif hovered:
        pygame.draw.rect(surface, theme.button_hover, rect, border_radius=corner)
    text_colour = theme.accent_text if chosen else theme.text
    muted = theme.accent_text if chosen else theme.text_muted
    name, name_size = pack_name_fitted(app, title, rect.width - 2 * pad)
    draw_text(
        surface,
        app,
        name,
        name_size,
        text_colour,
        (rect.left + pad, rect.top + round(8 * scale)),
        bold=True,
    )
    draw_text(
        surface,
        app,
        detail,
        round(15 * scale),
        muted,
        (rect.left + pad, rect.bottom - round(8 * scale)),
        "bottomleft",
    )
    if focused:
        draw_card_focus_ring(surface, app, rect)


class LevelSelectView:
    """Draws one level select scene."""

    def __init__(self, scene: LevelSelectScene) -> None:
        self.scene = scene

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        app = scene.app
        theme = app.theme
        scale = app.ui_scale
        surface.fill(theme.background)
        scene.back_button.draw(surface, app)
        scene.kakuro_button.draw(surface, app)
        draw_text(
            surface,
            app,
            "Choose a puzzle",
            round(30 * scale),
            theme.text,
            (app.screen_size[0] // 2, round(20 * scale)),
            "midtop",
            bold=True,
        )
        self._draw_packs(surface)
        if scene.random_open:
            scene.random.draw(surface)
            help_text = "Arrows move  ·  Enter chooses  ·  Tab next pack  ·  Esc back"
        else:
            self._draw_pack_header(surface)
            self._draw_cards(surface)
            help_text = "Arrows move  ·  Enter plays  ·  W watches the solver  ·  Tab next pack"
            help_text += "  ·  K Kakuro  ·  Esc back"
        draw_help_line(surface, app, help_text, gap=8)

    def _draw_packs(self, surface: pygame.Surface) -> None:
        scene = self.scene
        app = scene.app
        theme = app.theme
        corner = radius(app)
        pygame.draw.rect(surface, theme.panel, scene.pack_panel, border_radius=corner)
        pygame.draw.rect(
            surface,
            theme.panel_border,
            scene.pack_panel,
            max(1, theme.line_weight),
            border_radius=corner,
        )
        for index, (title, detail) in enumerate(self._pack_rows()):
            rect = scene.pack_rect(index)
            if rect.bottom > scene.pack_panel.bottom:
                break
            chosen = index == scene.list_index
            draw_pack_row(
                surface,
                app,
                rect,
                title,
                detail,
                chosen=chosen,
                hovered=index == scene.hover_pack,
                focused=chosen and scene.focus_area == "packs" and scene.show_focus,
            )

    def _pack_rows(self) -> list[tuple[str, str]]:
        """Each row of the pack list: its name and its line of detail."""
        rows = []
        for state in self.scene.packs:
            if state.reading and not state.entries:
                detail = "Reading…" if state.reader is not None else ""
            else:
                total = len(state.entries)
                detail = f"{total} puzzle{'s' if total != 1 else ''}"
                if total:
                    detail += f"  ·  {state.solved} solved"
            rows.append((state.pack.name, detail))
        rows.append((RANDOM_NAME, "Any size, any level"))
        return rows

    def _draw_pack_header(self, surface: pygame.Surface) -> None:
        scene = self.scene
        pack = scene.pack
        if pack is None:
            return
        app = scene.app
        theme = app.theme
        scale = app.ui_scale
        left = scene.scroll.viewport.left + round(4 * scale)
        top = scene.pack_panel.top
        draw_text(surface, app, pack.name, round(24 * scale), theme.text, (left, top), bold=True)
        description = pack.description
        if pack.problem:
            description = f"{description}  ({pack.problem})" if description else pack.problem
        if description:
            size = round(15 * scale)
            text = fit_text(app.fonts.get(size), description, scene.scroll.viewport.width - 8)
            draw_text(surface, app, text, size, theme.text_muted, (left, top + round(30 * scale)))

    def _draw_cards(self, surface: pygame.Surface) -> None:
        scene = self.scene
        app = scene.app
        entries = scene.entries
        viewport = scene.scroll.viewport
        clip = surface.get_clip()
        surface.set_clip(viewport)
        if not entries:
            self._draw_empty(surface)
        first, last = scene._visible_range()
        for index in range(first, last):
            self._draw_card(surface, index, entries[index])
        surface.set_clip(clip)
        scene.scroll.draw_bar(surface, app)

    def _draw_empty(self, surface: pygame.Surface) -> None:
        scene = self.scene
        app = scene.app
        scale = app.ui_scale
        pack = scene.pack
        if scene.reading:
            message = "Reading the puzzle files…"
        elif pack is not None and pack.user and _is_a_file(pack.directory):
            # QA: it said "put puzzle files in <it>" of a file; saving there fails too.
            message = (
                f"{readable(str(pack.directory))} is a file, not a folder: move it away to "
                "keep puzzles in My puzzles."
            )
        elif pack is not None and pack.user:
            message = (
                "No puzzles yet. Use “Create a puzzle” on the main menu, or put puzzle "
                f"files in {pack.directory}"
            )
        else:
            message = "This pack has no puzzles."
        size = round(18 * scale)
        font = app.fonts.get(size)
        y = scene.scroll.viewport.top + round(20 * scale)
        for line in wrap_text(font, message, scene.scroll.viewport.width - round(40 * scale)):
            draw_text(
                surface,
                app,
                line,
                size,
                app.theme.text_muted,
                (scene.scroll.viewport.left + round(10 * scale), y),
            )
            y += font.get_linesize()

    def _draw_card(self, surface: pygame.Surface, index: int, entry: PuzzleEntry) -> None:
        scene = self.scene
        record = scene.record(entry)
        solved = bool(record and record.solved)
        puzzle = entry.puzzle
        card = Card(
            entry=entry,
            rect=scene.card_rect(index),
            watch=scene._watch_rect(index),
            title=scene.card_title(index, solved) if puzzle is not None else "",
            record=record,
            stars=scene.stars(entry),
            picture=(
                scene.app.ratings.solution_of(puzzle) if solved and puzzle is not None else None
            ),
            hovered=index == scene.hover_card,
            focused=index == scene.selected and scene.focus_area == "cards" and scene.show_focus,
            watch_hovered=index == scene.hover_watch,
        )
        scene.cards.draw(surface, card)


def _is_a_file(path: Path) -> bool:
    """Whether something that is not a folder stands at ``path`` (False when nothing does)."""
    try:
        return path.exists() and not path.is_dir()
    except OSError:
        return False
