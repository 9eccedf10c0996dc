"""Level select: the nonogram packs, their puzzles as cards, and "Random" after the packs.

The screen is the select shell (:mod:`game.ui.scenes.shared.select.shell`: packs, cards, keys);
this module is the nonograms' part of it, :class:`NonogramKind`. Packs are read by
``game.core.store`` (``packs``, ``pack_reader``) on a worker thread. Difficulty stars come
from the level file's ``difficulty`` key; when it is absent they are worked out by the
app's ``Ratings`` (``game.core.store.ratings``), a few milliseconds a frame, visible cards
first. A solved card's thumbnail is its picture. Watch opens the solver's replay, "Kakuro ›"
(or K) the Kakuro packs, and "Random" (:mod:`~game.ui.scenes.levels.random_panel`) makes a
fresh puzzle.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pygame

from game.core.i18n import N_, _
from game.core.kinds import NONOGRAM
from game.core.rating import size_label
from game.core.store.fileio import readable
from game.core.store.pack_reader import PackReader, nonogram_reader
from game.core.store.packs import (
    Pack,
    PackPlace,
    PuzzleEntry,
    list_packs,
    shown_name,
)
from game.core.store.ratings import CACHE_FILE as RATINGS_FILE
from game.resources import levels_dir
from game.ui.opening import PlayContext
from game.ui.scenes.levels.random_panel import RANDOM_KEY, RandomPanel
from game.ui.scenes.shared.select.cards import draw_mark, picture_surface
from game.ui.scenes.shared.select.kind import Place, SelectKind
from game.ui.scenes.shared.select.shell import SelectScene
from game.ui.settings import LAST_PACK
from game.ui.widgets.base import radius
from game.ui.widgets.button import Button
from game.ui.widgets.colour_marks import own_ground

if TYPE_CHECKING:
    from game.core.puzzle import Puzzle
    from game.ui.app import App
    from game.ui.scenes.shared.select.kind import ListPanel

# Card size at scale 1; the grid fits as many columns as the width allows.
CARD_WIDTH = 200
CARD_HEIGHT = 268


@dataclass(frozen=True)
class PictureLook:
    """What a solved picture's thumbnail is drawn from: redrawn when one of these changes."""

    key: str
    size: tuple[int, int]
    ink: tuple[int, int, int]
    paper: tuple[int, int, int]


class NonogramKind(SelectKind[PuzzleEntry]):
    title = N_("Choose a puzzle")
    unknown_stars = "☆ ☆ ?"  # rated a slice a frame: the stars come
    card_size = (CARD_WIDTH, CARD_HEIGHT)
    thumbnail_room = 36
    last_pack = LAST_PACK
    puzzle_kind = NONOGRAM

    def __init__(self) -> None:
        self._thumbnails: dict[PictureLook, pygame.Surface] = {}

    def list_packs(self, levels: Path, user_dir: Path) -> list[Pack]:
        return list_packs(levels, user_dir)

    def reader(self, pack: Pack) -> PackReader[PuzzleEntry]:
        return nonogram_reader(pack)

    def card_title(self, entry: PuzzleEntry, place: PackPlace | None, solved: bool) -> str:
        """Its number in the pack ("#3") until it is solved, since a title ("Cat") gives the
        picture away; its title after (see ``shown_name``). The pack's name is in the
        header already."""
        return shown_name(entry.name, place, solved, with_pack=False)

    def size_words(self, entry: PuzzleEntry) -> str:
        """Its size and what the size costs ("40x30 · long"): the stars say what the logic
        asks, this how long the board is to fill."""
        return size_label(entry.puzzle) if entry.puzzle is not None else ""

    def stars(self, app: App, entry: PuzzleEntry) -> int | None:
        declared = entry.difficulty
        if declared is not None:
            return declared
        key = entry.key
        return app.ratings.stars_of(key) if key is not None else None

    def rate(self, app: App, entries: list[PuzzleEntry], order: list[int]) -> None:
        app.ratings.work(self._unrated(app, entries, order))

    def rating(self, app: App, entries: list[PuzzleEntry]) -> bool:
        return app.ratings.busy or bool(self._unrated(app, entries, range(len(entries))))

    @staticmethod
    def _unrated(
        app: App, entries: list[PuzzleEntry], order: Iterable[int]
    ) -> list[tuple[str, Puzzle]]:
        """The puzzles in ``order`` without stars yet."""
        found: list[tuple[str, Puzzle]] = []
        for index in order:
            entry = entries[index]
            key = entry.key
            if key is None or entry.puzzle is None or entry.difficulty is not None:
                continue
            if key not in app.ratings.stars:
                found.append((key, entry.puzzle))
        return found

    def play(
        self, app: App, entry: PuzzleEntry, following: list[PuzzleEntry], place: Place
    ) -> None:
        assert entry.puzzle is not None
        app.play_puzzle(
            entry.puzzle,
            path=entry.path,
            context=PlayContext(
                pack=place.pack,
                place=place.place,
                next_puzzles=[
                    (later.puzzle, later.path) for later in following if later.puzzle is not None
                ],
            ),
        )

    def watch(self, app: App, entry: PuzzleEntry, place: PackPlace | None, solved: bool) -> None:
        assert entry.puzzle is not None
        app.router.replay(entry.puzzle, name=shown_name(entry.name, place, solved))

    def draw_thumbnail(
        self,
        surface: pygame.Surface,
        app: App,
        box: pygame.Rect,
        entry: PuzzleEntry,
        solved: bool,
    ) -> None:
        theme = app.theme
        pygame.draw.rect(surface, theme.cell_unknown, box, border_radius=radius(app) // 2)
        puzzle = entry.puzzle
        inner = box.inflate(-8, -8).size
        key = entry.key
        look = PictureLook(key or "", inner, theme.filled, theme.cell_unknown)
        # Made once, when first shown solved, then kept: the picture is not looked up (nor
        # its goal turned into an array) again each frame.
        thumbnail = self._thumbnails.get(look) if solved and key is not None else None
        if thumbnail is None:
            picture = app.ratings.solution_of(puzzle) if solved and puzzle is not None else None
            if picture is None or key is None:
                draw_mark(surface, app, box, solved)
                return
            colours = None
            paper = theme.cell_unknown
            palette = puzzle.colour_palette if puzzle is not None else None
            values = puzzle.goal_values() if palette is not None and puzzle is not None else None
            if palette is not None and values is not None:
                # On its own ground (a dark wall), as the won board and its mini-map show it.
                paper = own_ground(palette) or paper
                table = np.array([paper, *(c.rgb for c in palette.colours)], dtype=np.uint8)
                colours = table[values.astype(np.intp)]
            thumbnail = picture_surface(picture, inner, theme.filled, paper, colours)
            self._thumbnails[look] = thumbnail
        surface.blit(thumbnail, thumbnail.get_rect(center=box.center))

    def panel(self, app: App, user_dir: Path, to_packs: Callable[[], None]) -> ListPanel:
        return RandomPanel(app, user_dir, to_packs)

    def empty_message(self, pack: Pack | None, folder: Path) -> str:
        if pack is not None and pack.user and _is_a_file(pack.directory):
            # QA: it said "put puzzle files in <it>" of a file; saving there fails too.
            return _(
                "{path} is a file, not a folder: move it away to keep puzzles in My puzzles."
            ).format(path=readable(str(pack.directory)))
        if pack is not None and pack.user:
            return _(
                "No puzzles yet. Use “Create a puzzle” on the main menu, or put puzzle "
                "files in {path}"
            ).format(path=pack.directory)
        return _("This pack has no puzzles.")


def _is_a_file(path: Path) -> bool:
    """Whether something that is not a folder stands at ``path`` (False when nothing does)."""
    try:
        return path.exists() and not path.is_dir()
    except OSError:
        return False


class LevelSelectScene(SelectScene[PuzzleEntry]):
    """The nonograms' select screen (``pack_key`` opens that pack, or "random")."""

    def __init__(
        self,
        app: App,
        levels: Path | None = None,
        user_dir: Path | None = None,
        pack_key: str | None = None,
    ) -> None:
        super().__init__(
            app,
            NonogramKind(),
            levels if levels is not None else levels_dir(),
            user_dir,
            pack_key,
        )
        self._load_ratings()

    def _ratings_file(self) -> Path:
        return self.app.store.directory / RATINGS_FILE

    def _load_ratings(self) -> None:
        """The stars worked out in earlier runs, once a run (before the first frame: a
        small file)."""
        path = self._ratings_file()
        if self.app.ratings.loaded != path:
            self.app.ratings.load(path)

    def _save_ratings(self) -> None:
        if self.app.store.saving_disabled is None:
            self.app.ratings.save(self._ratings_file())

    def on_exit(self) -> None:
        super().on_exit()
        self._save_ratings()

    def on_quit(self) -> None:
        super().on_quit()
        self._save_ratings()

    @property
    def random(self) -> RandomPanel:
        """The Random panel, listed after the packs."""
        assert isinstance(self.panel, RandomPanel)
        return self.panel

    @property
    def random_open(self) -> bool:
        return self.ui.panel_open

    @property
    def kakuro_button(self) -> Button:
        return self.switch_button

    def open_random(self) -> None:
        self.open_panel()

    def open_kakuro(self) -> None:
        self.kind.header_switch().opens(self.app)

    def card_title(self, index: int, solved: bool) -> str:
        """What card ``index`` is called (see ``NonogramKind.card_title``)."""
        return self.kind.card_title(self.entries[index], self.place(index), solved)


__all__ = ["RANDOM_KEY", "LevelSelectScene", "NonogramKind"]
