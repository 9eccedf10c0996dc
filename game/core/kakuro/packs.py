"""The Kakuro packs: folders of ``.kak`` files under ``levels/``, read as the nonogram packs are.

A Kakuro pack is a folder holding ``.kak`` files (the bundled ones are ``levels/kakuro-*``),
with the same optional ``pack.json`` as a nonogram pack (``game.core.store.packs.read_pack``).
Nonogram level select never lists them (it looks for nonogram files only), and the Kakuro
screens list only these. A file that cannot be read is an entry with its reason, so one bad
file never hides the rest of its pack. No pygame here: tests read packs bare.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from game.core.formats._common import FormatError
from game.core.i18n import N_
from game.core.kakuro.fileformat import EXTENSIONS, read_kakuro
from game.core.kakuro.model import KakuroPuzzle
from game.core.store.fileio import natural_key
from game.core.store.packs import (
    DEFAULT_ORDER,
    USER_PACK_NAME,
    Pack,
    PackPlace,
    read_pack,
    reason_at_line,
    recorded_file,
    shown_name,
)

if TYPE_CHECKING:
    from game.core.store.progress import ProgressStore

MAX_STARS = 5
USER_KAKURO_KEY = "my-kakuro"


@dataclass(frozen=True)
class KakuroEntry:
    """One ``.kak`` file of a pack: the puzzle, or the reason it cannot be played."""

    path: Path
    puzzle: KakuroPuzzle | None
    error: str | None = None

    @property
    def key(self) -> str | None:
        return self.puzzle.fingerprint() if self.puzzle is not None else None

    @property
    def name(self) -> str:
        if self.puzzle is not None and self.puzzle.title:
            return self.puzzle.title
        return self.path.stem or "Untitled"

    @property
    def stars(self) -> int | None:
        """The file's ``difficulty`` (1-5), when it says."""
        if self.puzzle is None:
            return None
        for key, value in self.puzzle.extra:
            if key.strip().lower() == "difficulty":
                text = value.strip().split("/")[0].split()
                try:
                    return max(1, min(MAX_STARS, round(float(text[0]))))
                except (ValueError, IndexError):
                    return None
        return None


def kakuro_name(title: str, place: PackPlace | None, *, with_pack: bool = True) -> str:
    """The name a player sees for a Kakuro everywhere (its card, the header, the win screen,
    the solver replay, the menu's Continue): a bundled pack's puzzle by its place ("Kakuro
    starter #3", "#3" on a card under its pack), solved or not; any other by its title.

    Unlike a nonogram's, a Kakuro's title hides nothing, and a bundled one only repeats the
    number ("Starter 03"), so switching to it on a win read as the puzzle being renamed.
    """
    return shown_name(title, place, False, with_pack=with_pack)


def is_kakuro_path(path: Path) -> bool:
    return path.suffix.lower() in EXTENSIONS and not path.name.startswith(".")


def kakuro_files(directory: Path) -> list[Path]:
    """The ``.kak`` files of a folder, in play order (by file name, as people count)."""
    try:
        files = [path for path in directory.iterdir() if path.is_file() and is_kakuro_path(path)]
    except OSError:
        return []
    return sorted(files, key=lambda path: (natural_key(path.name), path.name))


def user_kakuro_pack(user_dir: Path) -> Pack:
    """The player's own ``.kak`` files, kept in the "My puzzles" folder (``generate --kind
    kakuro -o`` that folder, or a download): listed last, named as the nonogram one is."""
    return Pack(
        key=USER_KAKURO_KEY,
        name=USER_PACK_NAME,
        order=DEFAULT_ORDER * 10,
        # Said through the catalogue where shown (a path in it would never be in it).
        description=N_("Kakuro files (.kak) you keep in My puzzles."),
        directory=user_dir,
        user=True,
    )


def list_kakuro_packs(levels: Path, user_dir: Path | None = None) -> list[Pack]:
    """The folders of ``levels`` that hold ``.kak`` files, by their order, then name; then
    the player's "My puzzles" when ``user_dir`` holds any (``.kak`` files put there were
    listed nowhere, QA)."""
    try:
        folders = [path for path in levels.iterdir() if path.is_dir()]
    except OSError:
        folders = []
    packs = [
        read_pack(folder)
        for folder in folders
        if not folder.name.startswith((".", "_")) and kakuro_files(folder)
    ]
    packs.sort(key=lambda pack: (pack.order, natural_key(pack.name), pack.key))
    if user_dir is not None and kakuro_files(user_dir):
        packs.append(user_kakuro_pack(user_dir))
    return packs


def read_kakuro_entry(path: Path) -> KakuroEntry:
    """One file as an entry; never raises for a bad file."""
    try:
        return KakuroEntry(path, read_kakuro(path))
    except FormatError as error:
        return KakuroEntry(path, None, reason_at_line(error))
    except (ValueError, OSError) as error:
        return KakuroEntry(path, None, str(error))


def read_kakuro_entries(pack: Pack) -> list[KakuroEntry]:
    return [read_kakuro_entry(path) for path in kakuro_files(pack.directory)]


def kakuro_place(path: Path, levels: Path) -> tuple[Pack, PackPlace] | None:
    """The bundled pack holding ``path`` and its place there ("Kakuro starter #3")."""
    for pack in list_kakuro_packs(levels):
        try:
            same = pack.directory.resolve() == path.parent.resolve()
        except OSError:
            same = pack.directory == path.parent
        if not same:
            continue
        for number, candidate in enumerate(kakuro_files(pack.directory), start=1):
            if candidate.name == path.name:
                return pack, PackPlace(pack.name, number)
    return None


def entries_after(pack: Pack, path: Path) -> list[Path]:
    """The pack's files after ``path``: what "Next puzzle" walks through."""
    files = kakuro_files(pack.directory)
    for index, candidate in enumerate(files):
        if candidate.name == path.name:
            return files[index + 1 :]
    return []


def saved_kakuro(
    store: ProgressStore, levels: Path, key: str | None = None, path_text: str | None = None
) -> tuple[KakuroPuzzle, Path] | None:
    """The game ``key`` played from ``path_text`` (the last game played when not given)
    when it is a Kakuro with a saved game that still fits its file (the menu's Continue)."""
    if key is None:
        key, path_text = store.last_played, store.last_played_path
    if not key or not path_text or not path_text.lower().endswith(".kak"):
        return None
    if store.record(key).session is None:
        return None
    path = recorded_file(path_text, levels)
    if path is None:
        return None
    entry = read_kakuro_entry(path)
    if entry.puzzle is None or entry.key != key:
        return None  # unreadable, or edited since: the saved game no longer fits
    return entry.puzzle, path


def kakuro_file_name(puzzle: KakuroPuzzle, path: Path, levels: Path) -> str:
    """What a Kakuro file is called out of its pack's screen (the menu's Continue):
    "Kakuro starter #3" for a bundled pack's puzzle (see ``kakuro_name``)."""
    found = kakuro_place(path, levels)
    return kakuro_name(puzzle.title or path.stem, found[1] if found is not None else None)
