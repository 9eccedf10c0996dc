"""Where a file opens: the one rule behind a file dropped on the window, ``play FILE``, the
converter's Open and its file browser.

A picture opens the converter; a Kakuro file its own play screen; any other file is read as
a nonogram and played. The name decides (:func:`kind_by_name`); a name that says nothing (no
suffix, or one no reader claims) is decided by the file's first bytes when they are a picture
the converter reads, and otherwise by who asks: the game reads it as a puzzle (the readers
sniff the text, and name a picture of another format as one), the converter as a picture
(Pillow names what it is). The converter edits nonograms, not Kakuro: a Kakuro file is
refused there with a reason.

Only the name and at most the first bytes are read: whether the file really is what it says
is the reading screen's business, which says why in its own words. Nothing here imports
pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from game.core.convert.load import IMAGE_SUFFIXES, readable_picture
from game.core.kakuro.fileformat import EXTENSIONS as KAKURO_EXTENSIONS
from game.core.store.packs import PUZZLE_EXTENSIONS

FileKind = Literal["picture", "puzzle", "kakuro"]
# Who opens the file: the game (a drop, ``play FILE``), the converter (its Open, a drop on
# it, its file browser), or "Open a puzzle file…" (level select, the menu), which plays a
# puzzle file blind and so lists puzzle files only; it opens them as the game does.
Asker = Literal["game", "editor", "play"]
KAKURO_NOT_EDITED = "a Kakuro puzzle is played from level select's Kakuro, not edited here"
# Enough for the magic numbers of every picture format the converter reads.
HEAD_BYTES = 16


@dataclass(frozen=True)
class _Opens:
    path: Path


class Play(_Opens):
    """A nonogram file: played (in the converter, its picture is edited)."""


class Convert(_Opens):
    """A picture: the converter opens it."""


class Kakuro(_Opens):
    """A Kakuro file: the Kakuro play screen opens it."""


@dataclass(frozen=True)
class Refused(_Opens):
    """A file that does not open here, and why (one line)."""

    reason: str


Opening = Play | Convert | Kakuro | Refused


def kind_by_name(path: Path) -> FileKind | None:
    """What the file's name says it is, or None when its suffix is no reader's."""
    suffix = path.suffix.lower()
    if suffix in IMAGE_SUFFIXES:
        return "picture"
    if suffix in KAKURO_EXTENSIONS:
        return "kakuro"
    if suffix in PUZZLE_EXTENSIONS:
        return "puzzle"
    return None


def listed_kind(path: Path, into: Asker = "game") -> FileKind | None:
    """How a file browser for ``into`` lists ``path``, by its name alone (a folder's files
    are not opened to list them): None for a file it leaves out, one that does not open
    there by its name."""
    kind = kind_by_name(path)
    if kind == "kakuro" and into == "editor":
        return None
    if kind == "picture" and into == "play":
        return None
    return kind


def where_opens(path: Path, into: Asker = "game") -> Opening:
    """Where ``path`` opens when ``into`` opens it (see the module's rule)."""
    kind = kind_by_name(path) or _kind_by_content(path, into)
    if kind == "picture":
        return Convert(path)
    if kind == "kakuro":
        return Refused(path, KAKURO_NOT_EDITED) if into == "editor" else Kakuro(path)
    return Play(path)


def is_picture(path: Path) -> bool:
    """Whether ``path`` is a picture the converter reads, by its name or by its first bytes
    whatever its name (a command that wants a puzzle file then says to convert it)."""
    return kind_by_name(path) == "picture" or readable_picture(_head(path))


def _kind_by_content(path: Path, into: Asker) -> FileKind:
    if readable_picture(_head(path)):
        return "picture"
    return "picture" if into == "editor" else "puzzle"


def _head(path: Path) -> bytes:
    """The file's first bytes; none when it cannot be read (the reader of the asker's choice
    then says why)."""
    try:
        with path.open("rb") as stream:
            return stream.read(HEAD_BYTES)
    except OSError:
        return b""
