"""Level packs: the folders under ``levels/`` and the player's own "My puzzles" folder.

A pack is a folder of puzzle files played in file-name order (``01-cat.non``, ``02-…``), with
an optional ``pack.json``: ``{"name": ..., "order": ..., "description": ...}``. Listing packs
reads only the ``pack.json`` files; a pack's puzzles are read when it is opened. A file that
cannot be read becomes an entry holding the reason instead of a puzzle, so one broken file
never hides the rest of its pack.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.core.formats import FORMATS, FormatError, read_puzzle
from game.core.i18n import N_, _
from game.core.puzzle import Puzzle
from game.core.store.fileio import natural_key, os_reason
from game.core.titles import display_title

PACK_FILE = "pack.json"
USER_PACK_KEY = "my-puzzles"
USER_PACK_NAME = N_("My puzzles")
USER_PACK_DESCRIPTION = N_("Puzzles you made from your own pictures.")
# Packs without an order go after those with one, by name.
DEFAULT_ORDER = 1000
MAX_PACK_FILE_BYTES = 64 * 1024
MAX_STARS = 5
UNTITLED = N_("Untitled")

PUZZLE_EXTENSIONS: frozenset[str] = frozenset(
    extension for puzzle_format in FORMATS for extension in puzzle_format.extensions
)


@dataclass(frozen=True)
class Pack:
    """One pack: where it is and how it is presented. ``problem`` explains a bad pack.json."""

    key: str
    name: str
    order: int
    description: str
    directory: Path
    user: bool = False
    problem: str = ""


@dataclass(frozen=True)
class PuzzleEntry:
    """One puzzle file of a pack: the puzzle, or the reason it cannot be played."""

    path: Path
    puzzle: Puzzle | None
    error: str | None = None

    @property
    def readable(self) -> bool:
        return self.puzzle is not None

    @property
    def name(self) -> str:
        return title_of(self.puzzle, self.path)

    @property
    def key(self) -> str | None:
        """The progress key (``Puzzle.fingerprint``), None for an unreadable file."""
        return self.puzzle.fingerprint() if self.puzzle is not None else None

    @property
    def difficulty(self) -> int | None:
        """Stars (1 to 5) from the file's ``difficulty`` key, when the file says."""
        return difficulty_of(self.puzzle) if self.puzzle is not None else None


@dataclass(frozen=True)
class PackPlace:
    """Where a puzzle sits in a bundled pack: the pack's name and the puzzle's number in the
    pack's play order, counted from 1 as level select numbers its cards."""

    pack: str
    number: int
    # A daily puzzle is called by its date ("Daily puzzle 2026-12-07"), not a number.
    day: str = ""

    @property
    def label(self) -> str:
        if self.day:
            return f"{_(self.pack)} {self.day}"
        return f"{_(self.pack)} #{self.number}"  # a bundled pack's name, translated


def title_of(puzzle: Puzzle | None, path: Path | None = None) -> str:
    """A puzzle's title; its file name when it has none."""
    if puzzle is not None and puzzle.title:
        return puzzle.title
    return path.stem if path is not None and path.stem else UNTITLED


def shown_name(title: str, place: PackPlace | None, solved: bool, *, with_pack: bool = True) -> str:
    """The name a player sees for a puzzle, wherever it is shown.

    A puzzle of a bundled pack is called by its place ("First steps #5", or "#5" where the
    pack is already on screen) until it is solved, since a title such as "Cat" gives the
    picture away; by its title after. A puzzle outside the bundled packs (a file opened by
    name, a converted picture, My puzzles) is called by its title: the player made or chose it.
    """
    if place is None or solved:
        return display_title(title) if title else _(UNTITLED)
    return place.label if with_pack else f"#{place.number}"


def difficulty_of(puzzle: Puzzle) -> int | None:
    """The ``difficulty`` a level file declares, as 1-5 stars; None when absent or odd.

    Accepts ``3``, ``3/5`` and ``3 stars``; values are clamped to 1..5.
    """
    for key, value in puzzle.extra:
        if key.strip().lower() != "difficulty":
            continue
        text = value.strip().split("/")[0].split()[0] if value.strip() else ""
        try:
            stars = round(float(text))
        except ValueError:
            return None
        return max(1, min(MAX_STARS, stars))
    return None


def _read_pack_file(directory: Path) -> tuple[dict[str, object], str]:
    """The pack.json content, and a problem description when it is unusable."""
    path = directory / PACK_FILE
    if not path.exists():
        return {}, ""
    try:
        if path.stat().st_size > MAX_PACK_FILE_BYTES:
            return {}, _("{file} is too big").format(file=PACK_FILE)
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        return {}, _("{file} cannot be read ({reason})").format(
            file=PACK_FILE, reason=os_reason(error)
        )
    except (UnicodeDecodeError, ValueError) as error:
        if isinstance(error, json.JSONDecodeError):  # where, not the parser's English words
            where = _("line {line}, column {column}").format(line=error.lineno, column=error.colno)
            return {}, _("{file} is not valid JSON ({reason})").format(file=PACK_FILE, reason=where)
        return {}, _("{file} is not UTF-8 text").format(file=PACK_FILE)
    if not isinstance(data, dict):
        return {}, _("{file} is not a JSON object").format(file=PACK_FILE)
    return data, ""


def read_pack(directory: Path) -> Pack:
    """A pack's description from its folder; a damaged pack.json falls back to defaults."""
    data, problem = _read_pack_file(directory)
    name = data.get("name")
    order = data.get("order")
    description = data.get("description")
    if not isinstance(name, str) or not name.strip():
        name = directory.name.replace("-", " ").replace("_", " ").strip().capitalize()
    if isinstance(order, bool) or not isinstance(order, int):
        order = DEFAULT_ORDER
    if not isinstance(description, str):
        description = ""
    return Pack(
        key=directory.name,
        name=name.strip(),
        order=order,
        description=description.strip(),
        directory=directory,
        problem=problem,
    )


def is_puzzle_file(path: Path) -> bool:
    return (
        path.is_file()
        and path.suffix.lower() in PUZZLE_EXTENSIONS
        and not path.name.startswith(".")
    )


def puzzle_files(directory: Path) -> list[Path]:
    """The puzzle files of a folder in play order: by file name as people count (cat-2
    before cat-10; My puzzles listed cat-10 first, QA)."""
    try:
        files = [path for path in directory.iterdir() if is_puzzle_file(path)]
    except OSError:
        return []
    return sorted(files, key=lambda path: (natural_key(path.name), path.name))


def user_pack(user_dir: Path) -> Pack:
    return Pack(
        key=USER_PACK_KEY,
        name=USER_PACK_NAME,
        order=DEFAULT_ORDER * 10,
        description=USER_PACK_DESCRIPTION,
        directory=user_dir,
        user=True,
    )


def list_packs(levels: Path, user_dir: Path | None = None) -> list[Pack]:
    """The bundled packs in ``levels`` (by order, then name), then "My puzzles" if given.

    Folders holding no puzzle file are left out; "My puzzles" is listed even when empty.
    """
    packs: list[Pack] = []
    try:
        folders = [path for path in levels.iterdir() if path.is_dir()]
    except OSError:
        folders = []
    for folder in folders:
        if folder.name.startswith((".", "_")) or not puzzle_files(folder):
            continue
        packs.append(read_pack(folder))
    packs.sort(key=lambda pack: (pack.order, natural_key(pack.name), pack.key))
    if user_dir is not None:
        packs.append(user_pack(user_dir))
    return packs


def reason_at_line(error: FormatError) -> str:
    """A reader's reason with its line ("line 4: ...") in the player's language, for a
    place that already names the file."""
    if error.line is None:
        return error.reason
    return _("line {line}: {reason}").format(line=error.line, reason=error.reason)


def file_problem(error: Exception, path: Path) -> str:
    """The reason without the path (the card already shows the file), with the line."""
    if isinstance(error, FormatError):
        return reason_at_line(error)
    if isinstance(error, OSError):
        return os_reason(error)
    text = str(error)
    prefix = f"{path}:"
    return text[len(prefix) :].strip() if text.startswith(prefix) else text


def read_entry(path: Path) -> PuzzleEntry:
    """One puzzle file as an entry; never raises for a bad file. A puzzle with no cells
    (width or height 0) is one that cannot be played: its card said "Not solved yet" and a
    click on it was refused (QA)."""
    try:
        puzzle = read_puzzle(path)
    except (ValueError, OSError) as error:
        return PuzzleEntry(path=path, puzzle=None, error=file_problem(error, path))
    if puzzle.width == 0 or puzzle.height == 0:
        problem = _("the puzzle is {size}: it has no cells to play").format(size=puzzle.size_text)
        return PuzzleEntry(path=path, puzzle=None, error=problem)
    return PuzzleEntry(path=path, puzzle=puzzle)


def read_entries(pack: Pack) -> list[PuzzleEntry]:
    """Every puzzle file of ``pack`` in play order, readable or not."""
    return [read_entry(path) for path in puzzle_files(pack.directory)]


def next_entries(entries: list[PuzzleEntry], path: Path) -> list[PuzzleEntry]:
    """The readable entries after ``path`` in the pack: what "Next puzzle" walks through."""
    for index, entry in enumerate(entries):
        if entry.path == path:
            return [later for later in entries[index + 1 :] if later.readable]
    return []


def _same_folder(first: Path, second: Path) -> bool:
    try:
        return first.resolve() == second.resolve()
    except OSError:
        return first == second


def pack_of_file(path: Path, levels: Path, user_dir: Path | None = None) -> Pack | None:
    """The pack a puzzle file sits in (a bundled pack or "My puzzles"), or None.

    A game resumed from the menu or a file opened by name then shows its pack and offers
    the pack's next puzzle after a win, as when it was chosen in level select."""
    for pack in list_packs(levels, user_dir):
        if _same_folder(pack.directory, path.parent):
            return pack
    return None


def number_in_pack(pack: Pack, path: Path) -> int | None:
    """``path``'s number (from 1) in ``pack``'s play order, unreadable files counted as level
    select counts its cards; None when the file is not in the pack."""
    for index, candidate in enumerate(puzzle_files(pack.directory)):
        if candidate.name == path.name:
            return index + 1
    return None


def place_in_pack(pack: Pack | None, path: Path) -> PackPlace | None:
    """The place of ``path`` in ``pack`` when that is a bundled pack; None for "My puzzles",
    no pack, or a file the pack does not hold (see :func:`shown_name`)."""
    if pack is None or pack.user:
        return None
    number = number_in_pack(pack, path)
    return PackPlace(pack.name, number) if number is not None else None


def files_after(pack: Pack, path: Path) -> list[Path]:
    """The pack's puzzle files after ``path`` in play order (read later, one at a time)."""
    files = puzzle_files(pack.directory)
    for index, candidate in enumerate(files):
        if candidate.name == path.name:
            return files[index + 1 :]
    return []


def absolute_path(path: Path) -> Path:
    """``path`` made absolute and resolved, so a record opens it from any working folder;
    as given when it cannot be resolved (a loop of links)."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return path


def recorded_file(recorded: str, levels: Path) -> Path | None:
    """The file a progress record names. Older records kept the path as typed (``play
    levels/first-steps/03-goblet.non``), relative to a working folder long gone: such a
    path is tried from here, then from the install folder that holds ``levels`` and inside
    ``levels`` itself. None when no candidate is a file (the caller checks it is the same
    puzzle)."""
    path = Path(recorded)
    if path.is_absolute():
        return path if path.is_file() else None
    candidates = [path, levels.parent / path, levels / path]
    parts = path.parts
    if levels.name in parts:  # "somewhere/levels/pack/file.non": the part after "levels"
        candidates.append(levels.joinpath(*parts[parts.index(levels.name) + 1 :]))
    for candidate in candidates:
        try:
            if candidate.is_file():
                return absolute_path(candidate)
        except OSError:
            continue
    return None


def first_unsolved_after(
    packs: list[Pack], current: Pack, solved: Callable[[Puzzle], bool]
) -> PuzzleEntry | None:
    """Where "Next puzzle" goes after the last puzzle of ``current`` (a bundled pack): the
    first unsolved, readable puzzle of the next bundled pack, or of the one after when that
    one is all solved. None past the last pack, or for "My puzzles" (not part of the path
    through the packs). Packs are read one at a time, only as far as needed."""
    if current.user:
        return None
    later = False
    for pack in packs:
        if not later:
            later = _same_folder(pack.directory, current.directory)
            continue
        if pack.user:
            continue
        for entry in read_entries(pack):
            if entry.puzzle is not None and not solved(entry.puzzle):
                return entry
    return None
