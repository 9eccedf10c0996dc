"""A file opened into the converter, a slice at a time: a picture or a level, or a refusal.

The converter screen hands every chosen or dropped file to :class:`EditorFiles` and, each
frame, asks it to go on (:meth:`EditorFiles.advance`). What the file is comes from the one
rule of where files open (:func:`game.core.opening.where_opens`, asked for the editor): a
picture is decoded and Auto's defaults worked out by
:class:`~game.core.convert.opening.PictureOpening`; a nonogram's goal picture is read, or a
solution looked for, by :class:`~game.core.create.editor.LevelOpening`; anything else is
refused with its reason. A newer file wins over one still opening. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from game.core.convert.converter import Converter
from game.core.convert.opening import PictureOpening
from game.core.convert.options import ConvertOptions
from game.core.create.editor import LEVEL_SOLVE_LIMIT, LevelOpening
from game.core.i18n import _
from game.core.opening import Play, Refused, where_opens
from game.core.puzzle import Puzzle
from game.core.store.packs import file_problem

BoolGrid = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class OpenedPicture:
    """A picture, decoded, with the defaults worked out for the size it was opened at."""

    path: Path
    converter: Converter
    options: ConvertOptions
    start: dict[str, object] | None


@dataclass(frozen=True)
class OpenedLevel:
    """A nonogram whose picture (its goal, or a solution found) is to be edited."""

    path: Path
    puzzle: Puzzle
    picture: BoolGrid


@dataclass(frozen=True)
class NotOpened:
    """A file that does not open here, and why (one line, without the path)."""

    path: Path
    reason: str


Opened = OpenedPicture | OpenedLevel | NotOpened


class EditorFiles:
    """The file being opened into the converter, if any (see the module text)."""

    def __init__(self, level_limit: float = LEVEL_SOLVE_LIMIT) -> None:
        self.level_limit = level_limit
        self.pending: Path | None = None
        self.picture: PictureOpening | None = None
        self.level: LevelOpening | None = None

    @property
    def busy(self) -> bool:
        """A file waits to open, or its picture is being decoded or looked for."""
        return self.pending is not None or self.picture is not None or self.level is not None

    @property
    def name(self) -> str:
        """The name of the file being opened ("" when none is)."""
        for path in (
            self.pending,
            self.picture.path if self.picture is not None else None,
            self.level.path if self.level is not None else None,
        ):
            if path is not None:
                return path.name
        return ""

    def open(self, path: Path) -> None:
        """Open ``path`` from the next :meth:`advance` on; a newer file wins."""
        self.pending = path

    def advance(
        self, options: ConvertOptions, picture_seconds: float, level_seconds: float
    ) -> Opened | None:
        """Go on with the file: start a pending one (a picture at ``options``), or work on
        the one opening; what it came to once it is done, else None."""
        if self.pending is not None:
            return self._start(self.pending, options, picture_seconds, level_seconds)
        if self.picture is not None:
            return self._advance_picture(picture_seconds)
        if self.level is not None:
            return self._advance_level(level_seconds)
        return None

    def _start(
        self, path: Path, options: ConvertOptions, picture_seconds: float, level_seconds: float
    ) -> Opened | None:
        self.pending = None
        for opening in (self.picture, self.level):
            if opening is not None:
                opening.cancel()
        self.picture = self.level = None
        match where_opens(path, into="editor"):
            case Refused(reason=reason):  # a Kakuro: Pillow would call it "not an image"
                return NotOpened(path, reason)
            case Play():  # a nonogram: its picture is edited
                return self._start_level(path, level_seconds)
        self.picture = PictureOpening(path, options)
        return self._advance_picture(picture_seconds)

    def _start_level(self, path: Path, seconds: float) -> Opened | None:
        try:
            self.level = LevelOpening(path, self.level_limit)
        except (ValueError, OSError) as error:
            # A FormatError's own text repeats the whole path: the reason and its line only.
            return NotOpened(path, file_problem(error, path))
        return self._advance_level(seconds)  # a file with its picture opens at once

    def _advance_picture(self, seconds: float) -> Opened | None:
        opening = self.picture
        if opening is None or not opening.advance(seconds):
            return None
        self.picture = None
        if opening.error is not None or opening.converter is None:
            return NotOpened(opening.path, opening.error or _("the picture did not open"))
        return OpenedPicture(opening.path, opening.converter, opening.options, opening.start)

    def _advance_level(self, seconds: float) -> Opened | None:
        level = self.level
        if level is None or not level.advance(seconds):
            return None
        self.level = None
        if level.picture is None:
            return NotOpened(level.path, level.problem)
        return OpenedLevel(level.path, level.puzzle, level.picture)
