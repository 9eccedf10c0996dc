"""Kakuro level select: the Kakuro packs on the left, the chosen pack's puzzles as cards.

The select shell (:mod:`game.ui.scenes.shared.select.shell`), as the nonogram level select uses it,
with the Kakuro part, :class:`KakuroKind`: packs read by ``game.core.kakuro.packs`` (a few
hundred bytes a file: at once, on the frame), a card called by its number under a bundled
pack (see ``kakuro_name``), its stars from the file, and a thumbnail: the empty board's
layout before it is solved, the solved digits after. Enter plays it in the Kakuro play
screen, "Watch" opens the Kakuro solver's replay, "Nonograms ›" (or N) the nonogram packs.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_, _
from game.core.kakuro.packs import (
    KakuroEntry,
    kakuro_files,
    kakuro_name,
    list_kakuro_packs,
    read_kakuro_entry,
)
from game.core.kinds import KAKURO
from game.core.store.pack_reader import PackReader
from game.core.store.packs import Pack, PackPlace
from game.resources import levels_dir
from game.ui.layout import Box
from game.ui.opening import PlayContext
from game.ui.scenes.kakuro.board import BoardLook, KakuroLayout, draw_board
from game.ui.scenes.shared.select.kind import Place, SelectKind, Switch
from game.ui.scenes.shared.select.shell import SelectScene
from game.ui.settings import LAST_KAKURO_PACK
from game.ui.widgets.base import radius
from game.ui.widgets.button import Button
from game.ui.widgets.text import draw_text

if TYPE_CHECKING:
    from game.ui.app import App

CARD_WIDTH = 200
CARD_HEIGHT = 262


class KakuroKind(SelectKind[KakuroEntry]):
    title = "Kakuro"
    card_size = (CARD_WIDTH, CARD_HEIGHT)
    thumbnail_room = 34
    last_pack = LAST_KAKURO_PACK
    reads_at_once = True
    puzzle_kind = KAKURO
    make = Switch(N_("Type one in…"), "t", N_("T type one in"), lambda app: app.router.make(KAKURO))
    help = N_("Arrows move  ·  Enter plays  ·  W watches  ·  Tab next pack")

    def list_packs(self, levels: Path, user_dir: Path) -> list[Pack]:
        return list_kakuro_packs(levels, user_dir)

    def reader(self, pack: Pack) -> PackReader[KakuroEntry]:
        return PackReader(pack, read_kakuro_entry, kakuro_files, background=False)

    def card_title(self, entry: KakuroEntry, place: PackPlace | None, solved: bool) -> str:
        """ "#3" under its pack, solved or not (see ``kakuro_name``)."""
        return kakuro_name(entry.name, place, with_pack=False)

    def stars(self, app: App, entry: KakuroEntry) -> int | None:
        return entry.stars

    def play(
        self, app: App, entry: KakuroEntry, following: list[KakuroEntry], place: Place
    ) -> None:
        assert entry.puzzle is not None
        after = [(later.puzzle, later.path) for later in following if later.puzzle is not None]
        context = PlayContext(place.pack, place.place, after)
        app.router.game(entry.puzzle, entry.path, context, KAKURO)

    def watch(self, app: App, entry: KakuroEntry, place: PackPlace | None, solved: bool) -> None:
        assert entry.puzzle is not None
        app.router.watch(KAKURO, entry.puzzle, kakuro_name(entry.name, place))

    def draw_thumbnail(
        self,
        surface: pygame.Surface,
        app: App,
        box: pygame.Rect,
        entry: KakuroEntry,
        solved: bool,
    ) -> None:
        theme = app.theme
        puzzle = entry.puzzle
        assert puzzle is not None
        pygame.draw.rect(surface, theme.cell_unknown, box, border_radius=radius(app) // 2)
        layout = KakuroLayout.fit(Box(*box).inset(6), puzzle.width, puzzle.height, min_cell=2)
        digits = [0] * puzzle.white_count
        if solved and puzzle.solution is not None:
            digits = [puzzle.solution[y][x] for x, y in puzzle.white_cells]
        look = BoardLook(digits, [0] * puzzle.white_count)
        # The layout is no secret; the digits show once solved, "?" before (as nonograms).
        draw_board(surface, app, puzzle, layout, look, sums=False)
        if not solved:
            veil = pygame.Surface(pygame.Rect(layout.box).size, pygame.SRCALPHA)
            veil.fill((*theme.cell_unknown, 150))
            surface.blit(veil, pygame.Rect(layout.box))
            size = round(box.h * 0.5)
            draw_text(surface, app, "?", size, theme.clue_done, box.center, "center", bold=True)

    def empty_message(self, pack: Pack | None, folder: Path) -> str:
        return _("No Kakuro puzzles found in {path}").format(path=folder)


class KakuroSelectScene(SelectScene[KakuroEntry]):
    """The Kakuro select screen."""

    def __init__(self, app: App, levels: Path | None = None) -> None:
        super().__init__(app, KakuroKind(), levels if levels is not None else levels_dir())

    @property
    def nonogram_button(self) -> Button:
        return self.switch_button

    def open_nonograms(self) -> None:
        self.kind.header_switch().opens(self.app)

    def card_name(self, index: int) -> str:
        """What card ``index`` is called: "#3" under its pack (see ``kakuro_name``)."""
        return self.kind.card_title(self.entries[index], self.place(index), False)
