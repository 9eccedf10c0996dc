"""Where a file opens: the one rule behind a file dropped on the window, ``play FILE``, the
converter's Open and its file browser.

A picture opens the converter; a file of a puzzle kind (``game.core.kinds``: its suffix
says which) that kind's play screen; any other file is read as a nonogram and played. The
name decides (:func:`kind_by_name`); a name that says nothing (no suffix, or one no reader
claims) is decided by the file's first bytes when they are a picture
the converter reads, and otherwise by who asks: the game reads it as a puzzle (the readers
sniff the text, and name a picture of another format as one), the converter as a picture
(Pillow names what it is). The converter edits the kinds the table marks ``edited`` (the
nonogram): a file of another kind is refused there with a reason.

Only the name and at most the first bytes are read: whether the file really is what it says
is the reading screen's business, which says why in its own words. Nothing here imports
pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from game.core.convert.load import IMAGE_SUFFIXES, readable_picture
from game.core.i18n import N_, _
from game.core.kinds import NONOGRAM, PuzzleKind, kind_named, kind_of

# "picture", or the name of a puzzle kind (``game.core.kinds``: "nonogram", "kakuro", ...).
FileKind = str
PICTURE = "picture"
# Who opens the file: the game (a drop, ``play FILE``), the converter (its Open, a drop on
# it, its file browser), or "Open a puzzle file…" (level select, the menu), which plays a
# puzzle file blind and so lists puzzle files only; it opens them as the game does.
Asker = Literal["game", "editor", "play"]
NOT_EDITED = N_("a {kind} puzzle is played from {where}, not edited here")
# Enough for the magic numbers of every picture format the converter reads.
HEAD_BYTES = 16


@dataclass(frozen=True)
class _Opens:
    path: Path


@dataclass(frozen=True)
class Play(_Opens):
    """A puzzle file of ``kind``: its play screen opens it (in the converter, a nonogram's
    picture is edited)."""

    kind: PuzzleKind[Any, Any] = NONOGRAM


class Convert(_Opens):
    """A picture: the converter opens it."""


@dataclass(frozen=True)
class Refused(_Opens):
    """A file that does not open here, and why (one line)."""

    reason: str


Opening = Play | Convert | Refused


def kind_by_name(path: Path) -> FileKind | None:
    """What the file's name says it is, or None when its suffix is no reader's."""
    if path.suffix.lower() in IMAGE_SUFFIXES:
        return PICTURE
    kind = kind_of(path)
    return kind.name if kind is not None else None


def listed_kind(path: Path, into: Asker = "game") -> FileKind | None:
    """How a file browser for ``into`` lists ``path``, by its name alone (a folder's files
    are not opened to list them): None for a file it leaves out, one that does not open
    there by its name."""
    kind = kind_by_name(path)
    if kind is None:
        return None
    if kind == PICTURE:
        return None if into == "play" else kind
    return kind if kind_named(kind).edited or into != "editor" else None


def where_opens(path: Path, into: Asker = "game") -> Opening:
    """Where ``path`` opens when ``into`` opens it (see the module's rule)."""
    kind = kind_by_name(path) or _kind_by_content(path, into)
    if kind == PICTURE:
        return Convert(path)
    puzzle_kind = kind_named(kind)
    if into == "editor" and not puzzle_kind.edited:
        where = _(puzzle_kind.played_from)
        return Refused(path, _(NOT_EDITED).format(kind=_(puzzle_kind.title), where=where))
    return Play(path, puzzle_kind)


def is_picture(path: Path) -> bool:
    """Whether ``path`` is a picture the converter reads, by its name or by its first bytes
    whatever its name (a command that wants a puzzle file then says to convert it)."""
    return path.suffix.lower() in IMAGE_SUFFIXES or readable_picture(_head(path))


def _kind_by_content(path: Path, into: Asker) -> FileKind:
    if readable_picture(_head(path)):
        return PICTURE
    return PICTURE if into == "editor" else NONOGRAM.name


def _head(path: Path) -> bytes:
    """The file's first bytes; none when it cannot be read (the reader of the asker's choice
    then says why)."""
    try:
        with path.open("rb") as stream:
            return stream.read(HEAD_BYTES)
    except OSError:
        return b""
