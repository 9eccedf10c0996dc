"""What a puzzle kind brings to the select screen (:mod:`game.ui.scenes.shared.select.shell`).

The shell is the same for every kind: the pack list, the open pack's header, its cards, the
keys, the scrolling, the last played puzzle found again. A kind says the rest, in one
:class:`SelectKind`: how it lists its packs and reads their entries (in core: the nonogram
packs in ``game.core.store``, the Kakuro ones in ``game.core.kakuro.packs``), what a card is
called and how many stars it shows, how a card's thumbnail is drawn, which screen a card
opens (play) and which one Watch opens (the solver's replay), the other kind's select the
header button leads to, and an optional panel listed after the packs (the nonograms'
"Random", which makes a puzzle). A third kind (colour nonograms) is a new ``SelectKind``
and a thin scene class, no new select screen.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from game.core.i18n import N_, _
from game.core.kinds import PuzzleKind
from game.ui.input import Input

if TYPE_CHECKING:
    import pygame

    from game.core.store.pack_reader import PackReader
    from game.core.store.packs import Pack, PackPlace
    from game.ui.app import App
    from game.ui.settings import Setting


class SizedPuzzle(Protocol):
    """What a card needs of a puzzle: its size in words ("15x15")."""

    @property
    def size_text(self) -> str: ...


class SelectEntry(Protocol):
    """One file of a pack, as the cards need it (``PuzzleEntry``, ``KakuroEntry``)."""

    @property
    def path(self) -> Path: ...

    @property
    def puzzle(self) -> SizedPuzzle | None: ...

    @property
    def error(self) -> str | None: ...

    @property
    def key(self) -> str | None: ...

    @property
    def name(self) -> str: ...


E = TypeVar("E", bound=SelectEntry)


@dataclass(frozen=True)
class Place:
    """Where a card's puzzle sits: its pack's name (None without one) and its place in a
    bundled pack (None in "My puzzles")."""

    pack: str | None
    place: PackPlace | None


@dataclass(frozen=True)
class Switch:
    """The header's button to the other kind's select screen: its label, its key, the
    words the help line gives the key, and what it opens."""

    label: str
    key: str  # the letter that presses it
    help: str
    opens: Callable[[App], None]
    width: int = 140  # the button's width at scale 1


def table_switch(kind: PuzzleKind[Any, Any]) -> Switch:
    """The switch to the select screen of the kind after ``kind`` in the kinds' table."""
    from game.ui.kinds import screens_after

    to = screens_after(kind).reached
    return Switch(to.label, to.key, to.help, lambda app: app.router.switch_from(kind), to.width)


class ListPanel(Protocol):
    """A row of the pack list after the packs that shows a panel in place of the cards
    (the nonograms' Random). The shell gives it its events while it is open."""

    key: str  # the last pack setting's value while it is open
    name: str
    detail: str
    help: str
    on_kept: Callable[[], None]

    def refresh(self) -> None: ...

    def arrange(self, rect: pygame.Rect) -> None: ...

    def handle(self, event: Input) -> bool: ...

    def focus_first(self) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...


class SelectKind(ABC, Generic[E]):
    """One puzzle kind's part of the select screen."""

    title: str  # the screen's heading
    unknown_stars: str = ""  # a card's stars while not known
    card_size: tuple[int, int]  # at scale 1
    thumbnail_room: int  # at scale 1: how much shorter than wide a card's thumbnail is
    last_pack: Setting[str | None]  # the pack open last time
    # Its kind in the tables (game.core.kinds, game.ui.kinds): its header's switch leads to
    # the next kind's select screen there, unless the kind gives a ``switch`` of its own.
    puzzle_kind: PuzzleKind[Any, Any] | None = None
    switch: Switch | None = None
    # A header button making a puzzle of the kind (Kakuro's "Type one in…"), if any.
    make: Switch | None = None
    # Small files: every pack is read when the screen opens (else the open pack first and
    # one more a frame, on worker threads).
    reads_at_once: bool = False
    help: str = N_("Arrows move  ·  Enter plays  ·  W watches the solver  ·  Tab next pack")

    def header_switch(self) -> Switch:
        """The header's button to another kind's select screen: the kind's own, else the
        next kind's in the table (each leads to the next, so every kind is reached)."""
        if self.switch is not None:
            return self.switch
        assert self.puzzle_kind is not None, "a select kind names its kind or its switch"
        return table_switch(self.puzzle_kind)

    @abstractmethod
    def list_packs(self, levels: Path, user_dir: Path) -> list[Pack]:
        """The kind's packs: the bundled ones under ``levels``, the player's own in
        ``user_dir``."""

    @abstractmethod
    def reader(self, pack: Pack) -> PackReader[E]:
        """Start reading ``pack``'s files."""

    @abstractmethod
    def card_title(self, entry: E, place: PackPlace | None, solved: bool) -> str:
        """What a card is called under its pack's name ("#3", or a title)."""

    @abstractmethod
    def stars(self, app: App, entry: E) -> int | None:
        """The card's stars; None when not known (yet)."""

    def size_words(self, entry: E) -> str:
        """What a card says of the puzzle's size ("15x15"); "" for a file that cannot be
        read."""
        return entry.puzzle.size_text if entry.puzzle is not None else ""

    @abstractmethod
    def play(self, app: App, entry: E, following: list[E], place: Place) -> None:
        """Play ``entry`` (readable); ``following``, the pack's readable entries after it,
        come next."""

    @abstractmethod
    def watch(self, app: App, entry: E, place: PackPlace | None, solved: bool) -> None:
        """Open the solver's replay of ``entry`` (readable)."""

    @abstractmethod
    def draw_thumbnail(
        self, surface: pygame.Surface, app: App, box: pygame.Rect, entry: E, solved: bool
    ) -> None:
        """Draw ``entry``'s thumbnail in ``box``: the answer once solved."""

    def rate(self, app: App, entries: list[E], order: list[int]) -> None:
        """Work out missing stars for a slice of a frame, the entries in ``order`` first
        (those in view). Nothing to rate by default."""

    def rating(self, app: App, entries: list[E]) -> bool:
        """Stars are still being worked out for ``entries``."""
        return False

    def panel(self, app: App, user_dir: Path, to_packs: Callable[[], None]) -> ListPanel | None:
        """The panel listed after the packs; None by default."""
        return None

    def empty_message(self, pack: Pack | None, folder: Path) -> str:
        """What an empty pack says (``folder``: where the kind looks for packs)."""
        return _("This pack has no puzzles.")
